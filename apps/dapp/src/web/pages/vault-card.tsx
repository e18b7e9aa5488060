// A vault's headline numbers and its basket: display amounts through each mint's multiplier,
// weights against targets.
import {
  formatBps,
  formatPricePerShare,
  formatTokenAmount,
  formatUsd,
} from '../../shared/money.ts';
import { useDapp } from '../data/context.ts';
import type { SkuSummary } from '../data/indexer.ts';
import { type VaultView, weightsOf } from '../data/vault-data.ts';
import { h } from '../h.ts';
import { Facts } from '../ui/fields.ts';
import { ScrollRegion } from '../ui/scroll-region.ts';

export function Headline(props: { view: VaultView; summary: SkuSummary | null | undefined }) {
  const { nav } = props.view;
  return h(Facts, {
    label: `${props.view.sku.skuId} figures`,
    rows: [
      [
        'NAV per share',
        nav.pricePerShare === null ? 'unavailable' : formatPricePerShare(nav.pricePerShare),
      ],
      ['TVL', nav.navUsd ? formatUsd(nav.navUsd.down) : 'unavailable'],
      [
        '30-day APR',
        props.summary?.apr30dBps != null
          ? formatBps(props.summary.apr30dBps)
          : 'not enough history',
      ],
      ['Cash buffer', formatUsd(nav.cashRaw)],
      [
        'NAV age',
        nav.snapshot
          ? `${nav.snapshot.staleness.ageSecs} s (limit ${nav.snapshot.staleness.maxStaleSecs} s)`
          : 'no snapshot',
      ],
    ],
  });
}

export function Composition(props: { view: VaultView }) {
  const { symbolOf } = useDapp();
  const weights = new Map(weightsOf(props.view).map((w) => [w.mint, w]));
  return h(
    ScrollRegion,
    { label: `${props.view.sku.label}: basket composition` },
    h(
      'table',
      { className: 'composition' },
      h('caption', null, `${props.view.sku.label}: basket composition`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...['Asset', 'Holdings', 'Value', 'Weight', 'Target', 'Status'].map((c) =>
            h('th', { key: c, scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        props.view.nav.assets.map((a) => {
          const token = props.view.tokens.get(a.mint);
          const w = weights.get(a.mint);
          return h(
            'tr',
            { key: a.mint },
            h('th', { scope: 'row' }, symbolOf(a.mint)),
            h(
              'td',
              null,
              token
                ? formatTokenAmount(a.holdingsRaw, token, props.view.nav.now, { maxFraction: 4 })
                : '—',
            ),
            h('td', null, a.valueUsd ? formatUsd(a.valueUsd.down) : 'unpriced'),
            h('td', null, w ? formatBps(w.weightBps) : '—'),
            h('td', null, formatBps(a.targetWeightBps)),
            h('td', null, a.freezeReasons.length ? a.freezeReasons.join(', ') : 'open'),
          );
        }),
      ),
    ),
  );
}
