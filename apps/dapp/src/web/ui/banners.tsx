import type { Banner } from '../../shared/banners.ts';

export function Banners(props: { banners: readonly Banner[] }) {
  if (props.banners.length === 0) return null;
  return (
    <ul className="banners" aria-label="Vault status">
      {props.banners.map((b) => (
        // Two banners of one kind, asset and text say the same thing: the key may repeat only then.
        <li
          key={`${b.kind}-${b.symbol ?? ''}-${b.message}`}
          className={`banner banner-${b.severity}`}
          data-kind={b.kind}
        >
          {/* The live-region role sits inside the item: a list item with another role is no */}
          {/* longer a list item (axe `list`). */}
          <div role={b.severity === 'danger' ? 'alert' : 'status'}>
            <strong>{titleOf(b.kind)}</strong> {b.message}
          </div>
        </li>
      ))}
    </ul>
  );
}

function titleOf(kind: Banner['kind']): string {
  return {
    freeze: 'Corporate action freeze.',
    paused: 'Vault paused.',
    halted: 'Trading halted.',
    inactive: 'Asset inactive.',
    'stale-nav': 'NAV stale.',
  }[kind];
}
