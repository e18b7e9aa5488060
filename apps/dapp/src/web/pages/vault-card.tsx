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
import { Facts } from '../ui/fields.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';

export function Headline(props: { view: VaultView; summary: SkuSummary | null | undefined }) {
  const { nav } = props.view;
  return (
    <Facts
      label={`${props.view.sku.skuId} figures`}
      rows={[
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
      ]}
    />
  );
}

export function Composition(props: { view: VaultView }) {
  const { symbolOf } = useDapp();
  const weights = new Map(weightsOf(props.view).map((w) => [w.mint, w]));
  return (
    <ScrollRegion label={`${props.view.sku.label}: basket composition`}>
      <table className="composition">
        <caption>{`${props.view.sku.label}: basket composition`}</caption>
        <thead>
          <tr>
            {['Asset', 'Holdings', 'Value', 'Weight', 'Target', 'Status'].map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.view.nav.assets.map((a) => {
            const token = props.view.tokens.get(a.mint);
            const w = weights.get(a.mint);
            return (
              <tr key={a.mint}>
                <th scope="row">{symbolOf(a.mint)}</th>
                <td>
                  {token
                    ? formatTokenAmount(a.holdingsRaw, token, props.view.nav.now, {
                        maxFraction: 4,
                      })
                    : '—'}
                </td>
                <td>{a.valueUsd ? formatUsd(a.valueUsd.down) : 'unpriced'}</td>
                <td>{w ? formatBps(w.weightBps) : '—'}</td>
                <td>{formatBps(a.targetWeightBps)}</td>
                <td>{a.freezeReasons.length ? a.freezeReasons.join(', ') : 'open'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
