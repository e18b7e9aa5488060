// A vault in depth: headline, charts from the indexer, the basket, each asset's proof of
// reserves (cached 5 min by the client) and the corporate-action timeline from multiplier history.
import { compareDecimals, formatDecimal, parseDecimal } from '@basket/tokenized-api';
import { formatBps, formatPricePerShare, formatUsd } from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import { useDapp } from '../data/context.ts';
import { aprSeries, fetchNavHistory, fetchSkuSummary } from '../data/indexer.ts';
import { useAsync } from '../data/use-async.ts';
import { h } from '../h.ts';
import { Link } from '../router.ts';
import { Banners } from '../ui/banners.ts';
import { LineChart } from '../ui/line-chart.ts';
import { Failed, Loading, useVault } from './common.ts';
import { Composition, Headline } from './vault-card.ts';

export function VaultDetail(props: { sku: PublicSku }) {
  const { session } = useDapp();
  const view = useVault(props.sku);
  const base = session.config.indexerBase;
  const summary = useAsync(() => fetchSkuSummary(base, props.sku.skuId), [props.sku.skuId]);
  const history = useAsync(() => fetchNavHistory(base, props.sku.skuId), [props.sku.skuId]);
  const points = history.value ?? [];
  return h(
    'div',
    null,
    h('h1', null, `${props.sku.skuId} — ${props.sku.label}`),
    h(
      'p',
      { className: 'actions' },
      h(Link, { to: `/vaults/${props.sku.skuId}/deposit`, className: 'button' }, 'Deposit'),
      ' ',
      h(
        Link,
        { to: `/vaults/${props.sku.skuId}/withdraw`, className: 'button secondary' },
        'Withdraw',
      ),
    ),
    view.error ? h(Failed, { error: view.error }) : null,
    view.value
      ? [
          h(Banners, { key: 'b', banners: view.value.banners }),
          h(Headline, { key: 'h', view: view.value, summary: summary.value }),
        ]
      : h(Loading, { what: 'the vault' }),
    h(
      'section',
      { className: 'charts', 'aria-label': 'History' },
      history.error
        ? h('p', { className: 'hint' }, `History unavailable: ${history.error.message}`)
        : null,
      h(LineChart, {
        title: 'NAV per share',
        points: points.map((p) => ({ x: p.unixTime, y: p.pricePerShare })),
        format: formatPricePerShare,
      }),
      h(LineChart, {
        title: 'TVL',
        points: points.map((p) => ({ x: p.unixTime, y: p.navUsd })),
        format: (y) => formatUsd(y),
      }),
      h(LineChart, {
        title: '30-day APR',
        points: aprSeries(points).map((p) => ({ x: p.unixTime, y: p.aprBps })),
        format: formatBps,
      }),
    ),
    view.value ? h(Composition, { view: view.value }) : null,
    h(AssetRisk, { sku: props.sku }),
  );
}

function AssetRisk(props: { sku: PublicSku }) {
  const { api } = useDapp();
  const data = useAsync(
    () =>
      Promise.all(
        props.sku.assets.map(async (a) => {
          const [por, history] = await Promise.allSettled([
            api.getProofOfReserves(a.symbol),
            api.getMultiplierHistory(a.symbol),
          ]);
          return { symbol: a.symbol, por, history };
        }),
      ),
    [props.sku.skuId],
  );
  if (!data.value)
    return data.error
      ? h(Failed, { error: data.error })
      : h(Loading, { what: 'reserves and corporate actions' });
  const one = parseDecimal('1');
  return h(
    'section',
    { 'aria-labelledby': 'risk-title' },
    h('h2', { id: 'risk-title' }, 'Proof of reserves and corporate actions'),
    h(
      'ul',
      { className: 'assets' },
      data.value.map((a) => {
        const por = a.por.status === 'fulfilled' ? a.por.value : null;
        const covered = por ? compareDecimals(por.collateralizationRatio, one) >= 0 : null;
        const changes = a.history.status === 'fulfilled' ? a.history.value : null;
        return h(
          'li',
          { key: a.symbol },
          h('strong', null, a.symbol),
          ' ',
          h(
            'span',
            {
              className: `badge ${covered ? 'badge-ok' : 'badge-warn'}`,
              'data-por': covered === null ? 'unknown' : String(covered),
            },
            por
              ? `Reserves ${covered ? 'cover' : 'do not cover'} supply (ratio ${formatDecimal(por.collateralizationRatio)}, ${por.custodian}, as of ${por.asOf.toISOString().slice(0, 10)})`
              : 'Proof of reserves unavailable',
          ),
          // An asset without corporate actions says so; an unanswered history says that.
          changes === null
            ? h(
                'p',
                { className: 'hint', 'data-history': 'unavailable' },
                'Multiplier history unavailable.',
              )
            : changes.length === 0
              ? h(
                  'p',
                  { className: 'hint', 'data-history': 'none' },
                  'No multiplier changes recorded.',
                )
              : h(
                  'ol',
                  { className: 'timeline', 'aria-label': `${a.symbol} multiplier history` },
                  changes
                    .slice(-5)
                    .map((c) =>
                      h(
                        'li',
                        { key: c.activationDateTime.toISOString() },
                        `${c.activationDateTime.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${c.reason}: ${formatDecimal(c.previousMultiplier)} → ${formatDecimal(c.newMultiplier)}`,
                      ),
                    ),
                ),
        );
      }),
    ),
  );
}
