// The wallet's positions (shares of each vault at its NAV, display amounts), each position's
// value over time, and its history (the indexer's, the chain's for what is not indexed yet).
import { TOKEN_2022_PROGRAM_ADDRESS, valueOfShares } from '@basket/sdk';
import { formatTokenAmount, formatUsd } from '../../shared/money.ts';
import { readBalances } from '../data/balances.ts';
import { type DappContext, useDapp } from '../data/context.ts';
import { useRead } from '../data/queries.ts';
import { loadVault } from '../data/vault-data.ts';
import { Link } from '../router.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { ChartAttribution } from '../ui/time-chart.tsx';
import { ConnectButtons } from '../wallet/connect-buttons.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';
import { Failed, Loading, REFRESH_MS } from './common.tsx';
import { PositionChart, WalletHistory } from './wallet-history.tsx';
import { WithdrawalRequests } from './withdrawal-requests.tsx';

async function loadPositions(ctx: DappContext, owner: string) {
  const skus = ctx.session.config.skus;
  const balances = await readBalances(
    ctx.rpc,
    owner,
    skus.map((s) => ({ mint: s.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS })),
  );
  const held = skus.filter((s) => (balances.get(s.shareMint) ?? 0n) > 0n);
  return Promise.all(
    held.map(async (sku) => {
      const view = await loadVault(ctx, sku);
      const shares = balances.get(sku.shareMint) ?? 0n;
      const nav = view.nav.navUsd?.down ?? null;
      return {
        sku,
        view,
        shares,
        valueUsd: nav === null ? null : valueOfShares(shares, nav, view.nav.supply.effective),
      };
    }),
  );
}

export function PortfolioPage() {
  const { address } = useWallet();
  return (
    <div>
      <h1>Portfolio</h1>
      {address ? <Portfolio owner={address} /> : <ConnectButtons />}
    </div>
  );
}

function Portfolio(props: { owner: string }) {
  const ctx = useDapp();
  const positions = useRead(
    ['positions', props.owner],
    () => loadPositions(ctx, props.owner),
    REFRESH_MS,
  );
  return (
    <div>
      <h2>Positions</h2>
      {positions.error ? <Failed error={positions.error} /> : null}
      {!positions.value ? (
        <Loading what="positions" />
      ) : positions.value.length === 0 ? (
        <p className="hint">No vault shares in this wallet.</p>
      ) : (
        <ScrollRegion label="Vault positions">
          <table className="positions">
            <caption className="sr-only">Vault positions</caption>
            <thead>
              <tr>
                {['Vault', 'Shares', 'Value at NAV'].map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {positions.value.map((p) => (
                <tr key={p.sku.skuId}>
                  <th scope="row">
                    <Link to={`/vaults/${p.sku.skuId}`}>{p.sku.skuId}</Link>
                  </th>
                  <td>{formatTokenAmount(p.shares, p.view.share, p.view.nav.now)}</td>
                  <td>{p.valueUsd === null ? 'unavailable' : formatUsd(p.valueUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <WithdrawalRequests skus={ctx.session.config.skus} onCancelled={positions.reload} />
      {positions.value && positions.value.length > 0 ? (
        <section className="charts" aria-label="Position value over time">
          {positions.value.map((p) => (
            <PositionChart key={p.sku.skuId} owner={props.owner} skuId={p.sku.skuId} />
          ))}
          <ChartAttribution />
        </section>
      ) : null}
      <h2>History</h2>
      <WalletHistory owner={props.owner} />
    </div>
  );
}
