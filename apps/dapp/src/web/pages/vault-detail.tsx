// A vault in depth: headline, charts from the indexer (NAV per share, TVL, 30-day APR), the
// basket, each asset's proof of reserves (cached 5 min by the client) and its multiplier
// timeline (a step chart and the last changes) from the asset API's multiplier history.
import { compareDecimals, formatDecimal, parseDecimal } from '@basket/tokenized-api';
import { useMemo } from 'react';
import { formatBps, formatPricePerShare, formatUsd } from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import { useDapp } from '../data/context.ts';
import { aprSeries, fetchNavHistory, fetchSkuSummary } from '../data/indexer.ts';
import { useRead } from '../data/queries.ts';
import {
  formatMultiplier12,
  multiplierSeries,
  navPerShareSeries,
  tvlSeries,
} from '../data/series.ts';
import { Link } from '../router.tsx';
import { Banners } from '../ui/banners.tsx';
import { ChartAttribution, TimeChart } from '../ui/time-chart.tsx';
import { Failed, Loading, REFRESH_MS, useVault } from './common.tsx';
import { Composition, Headline } from './vault-card.tsx';

const formatTvl = (v: bigint) => formatUsd(v);

export function VaultDetail(props: { sku: PublicSku }) {
  const { session } = useDapp();
  const view = useVault(props.sku);
  const base = session.config.indexerBase;
  const skuId = props.sku.skuId;
  const summary = useRead(['sku-summary', skuId], () => fetchSkuSummary(base, skuId), REFRESH_MS);
  const history = useRead(['nav-history', skuId], () => fetchNavHistory(base, skuId), REFRESH_MS);
  const series = useMemo(() => {
    const points = history.value ?? [];
    return {
      nav: navPerShareSeries(points),
      tvl: tvlSeries(points),
      apr: aprSeries(points).map((p) => ({ time: p.unixTime, value: p.aprBps })),
    };
  }, [history.value]);
  return (
    <div>
      <h1>{`${skuId} — ${props.sku.label}`}</h1>
      <p className="actions">
        <Link to={`/vaults/${skuId}/deposit`} className="button">
          Deposit
        </Link>{' '}
        <Link to={`/vaults/${skuId}/withdraw`} className="button secondary">
          Withdraw
        </Link>
      </p>
      {view.error ? <Failed error={view.error} /> : null}
      {view.value ? (
        <>
          <Banners banners={view.value.banners} />
          <Headline view={view.value} summary={summary.value} />
        </>
      ) : (
        <Loading what="the vault" />
      )}
      <section className="charts" aria-label="History">
        {history.error ? (
          <p className="hint">{`History unavailable: ${history.error.message}`}</p>
        ) : null}
        <TimeChart title="NAV per share" points={series.nav} format={formatPricePerShare} />
        <TimeChart title="TVL" points={series.tvl} format={formatTvl} />
        <TimeChart title="30-day APR" points={series.apr} format={formatBps} />
        <ChartAttribution />
      </section>
      {view.value ? <Composition view={view.value} /> : null}
      <AssetRisk sku={props.sku} nowUnix={view.value?.nav.now ?? null} />
    </div>
  );
}

function AssetRisk(props: { sku: PublicSku; nowUnix: bigint | null }) {
  const { api } = useDapp();
  const data = useRead(['asset-risk', props.sku.skuId], () =>
    Promise.all(
      props.sku.assets.map(async (a) => {
        const [por, history] = await Promise.allSettled([
          api.getProofOfReserves(a.symbol),
          api.getMultiplierHistory(a.symbol),
        ]);
        return { symbol: a.symbol, por, history };
      }),
    ),
  );
  if (!data.value)
    return data.error ? (
      <Failed error={data.error} />
    ) : (
      <Loading what="reserves and corporate actions" />
    );
  const one = parseDecimal('1');
  return (
    <section aria-labelledby="risk-title">
      <h2 id="risk-title">Proof of reserves and corporate actions</h2>
      <ul className="assets">
        {data.value.map((a) => {
          const por = a.por.status === 'fulfilled' ? a.por.value : null;
          const covered = por ? compareDecimals(por.collateralizationRatio, one) >= 0 : null;
          const changes = a.history.status === 'fulfilled' ? a.history.value : null;
          return (
            <li key={a.symbol}>
              <strong>{a.symbol}</strong>{' '}
              <span
                className={`badge ${covered ? 'badge-ok' : 'badge-warn'}`}
                data-por={covered === null ? 'unknown' : String(covered)}
              >
                {por
                  ? `Reserves ${covered ? 'cover' : 'do not cover'} supply (ratio ${formatDecimal(por.collateralizationRatio)}, ${por.custodian}, as of ${por.asOf.toISOString().slice(0, 10)})`
                  : 'Proof of reserves unavailable'}
              </span>
              {/* An asset without corporate actions says so; an unanswered history says that. */}
              {changes === null ? (
                <p className="hint" data-history="unavailable">
                  Multiplier history unavailable.
                </p>
              ) : changes.length === 0 ? (
                <p className="hint" data-history="none">
                  No multiplier changes recorded.
                </p>
              ) : (
                <>
                  {props.nowUnix === null ? null : (
                    <TimeChart
                      title={`${a.symbol} multiplier`}
                      points={multiplierSeries(changes, props.nowUnix)}
                      format={formatMultiplier12}
                      steps
                    />
                  )}
                  <ol className="timeline" aria-label={`${a.symbol} multiplier history`}>
                    {changes.slice(-5).map((c) => (
                      <li key={c.activationDateTime.toISOString()}>
                        {`${c.activationDateTime.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${c.reason}: ${formatDecimal(c.previousMultiplier)} → ${formatDecimal(c.newMultiplier)}`}
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
