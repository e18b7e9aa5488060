import type { Banner } from '../../shared/banners.ts';
import { h } from '../h.ts';

export function Banners(props: { banners: readonly Banner[] }) {
  if (props.banners.length === 0) return null;
  return h(
    'ul',
    { className: 'banners', 'aria-label': 'Vault status' },
    props.banners.map((b, i) =>
      h(
        'li',
        {
          key: `${b.kind}-${b.symbol ?? ''}-${i}`,
          className: `banner banner-${b.severity}`,
          'data-kind': b.kind,
        },
        // The live-region role sits inside the item: a list item with another role is no
        // longer a list item (axe `list`).
        h(
          'div',
          { role: b.severity === 'danger' ? 'alert' : 'status' },
          h('strong', null, titleOf(b.kind)),
          ' ',
          b.message,
        ),
      ),
    ),
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
