// The portfolio's History and each position's value over time: the indexer's wallet answer,
// refreshed every few seconds and at once after this page's transactions, with the chain's
// recent signatures for what the indexer has not listed yet.
import { useMemo } from 'react';
import { formatUsd } from '../../shared/money.ts';
import { explorerLink } from '../../shared/public-config.ts';
import { readActivity } from '../data/activity.ts';
import { useDapp } from '../data/context.ts';
import { fetchNavHistory } from '../data/indexer.ts';
import { useRead } from '../data/queries.ts';
import { positionValueSeries, type WalletRow } from '../data/series.ts';
import { loadWalletActivity } from '../data/wallet-activity.ts';
import { TimeChart } from '../ui/time-chart.tsx';
import { Failed, Loading, REFRESH_MS } from './common.tsx';

/** The History's refresh: a deposit shows within seconds of its confirmation. */
export const HISTORY_REFRESH_MS = 4_000;

const formatValue = (v: bigint) => formatUsd(v);

export function useWalletActivity(owner: string) {
  const ctx = useDapp();
  return useRead(
    ['wallet-history', owner],
    () => loadWalletActivity(ctx, owner, readActivity(window.localStorage, owner)),
    HISTORY_REFRESH_MS,
  );
}

export function WalletHistory(props: { owner: string }) {
  const { session } = useDapp();
  const history = useWalletActivity(props.owner);
  if (!history.value)
    return history.error ? <Failed error={history.error} /> : <Loading what="history" />;
  const { entries, indexerError } = history.value;
  return (
    <>
      {indexerError ? (
        <p className="hint">{`The indexer did not answer (${indexerError}); showing the chain's recent transactions.`}</p>
      ) : null}
      {entries.length === 0 ? (
        <p className="hint">No transactions yet.</p>
      ) : (
        <ul className="history">
          {entries.map((e) => (
            <li key={`${e.signature}-${e.label}`} data-source={e.source}>
              {`${e.label}${e.skuId ? ` ${e.skuId}` : ''}: `}
              <a
                href={explorerLink(session.config, e.signature)}
                rel="noreferrer"
                target="_blank"
              >{`${e.signature.slice(0, 12)}…`}</a>
              {e.unixTime === null
                ? null
                : ` ${new Date(Number(e.unixTime) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`}
              {e.source === 'chain' ? ' (confirmed on chain, not indexed yet)' : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One held vault's position value at each of its NAV refreshes since the wallet's first deposit. */
export function PositionChart(props: { owner: string; skuId: string }) {
  const { session } = useDapp();
  const history = useWalletActivity(props.owner);
  const nav = useRead(
    ['nav-history', props.skuId],
    () => fetchNavHistory(session.config.indexerBase, props.skuId),
    REFRESH_MS,
  );
  const wallet = history.value?.wallet ?? null;
  const points = useMemo(
    () =>
      wallet && nav.value
        ? positionValueSeries(
            props.skuId,
            wallet.deposits as WalletRow[],
            wallet.withdrawals as WalletRow[],
            nav.value,
          )
        : [],
    [wallet, nav.value, props.skuId],
  );
  return <TimeChart title={`${props.skuId} position value`} points={points} format={formatValue} />;
}
