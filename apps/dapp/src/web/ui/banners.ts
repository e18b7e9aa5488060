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
          role: b.severity === 'danger' ? 'alert' : 'status',
          'data-kind': b.kind,
        },
        h('strong', null, titleOf(b.kind)),
        ' ',
        b.message,
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
