// The wallet's positions (shares of each vault at its NAV, display amounts) and its history
// from the indexer.
import { TOKEN_2022_PROGRAM_ADDRESS, valueOfShares } from '@basket/sdk';
import { formatTokenAmount, formatUsd } from '../../shared/money.ts';
import { readBalances } from '../data/balances.ts';
import { type DappContext, useDapp } from '../data/context.ts';
import { fetchWalletHistory } from '../data/indexer.ts';
import { useAsync } from '../data/use-async.ts';
import { loadVault } from '../data/vault-data.ts';
import { h } from '../h.ts';
import { Link } from '../router.ts';
import { ScrollRegion } from '../ui/scroll-region.ts';
import { ConnectButtons } from '../wallet/connect-buttons.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { Failed, Loading } from './common.ts';
import { WithdrawalRequests } from './withdrawal-requests.ts';

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
  return h(
    'div',
    null,
    h('h1', null, 'Portfolio'),
    address ? h(Portfolio, { owner: address }) : h(ConnectButtons),
  );
}

function Portfolio(props: { owner: string }) {
  const ctx = useDapp();
  const positions = useAsync(() => loadPositions(ctx, props.owner), [props.owner], 15_000);
  const history = useAsync(
    () => fetchWalletHistory(ctx.session.config.indexerBase, props.owner),
    [props.owner],
  );
  return h(
    'div',
    null,
    h('h2', null, 'Positions'),
    positions.error ? h(Failed, { error: positions.error }) : null,
    !positions.value
      ? h(Loading, { what: 'positions' })
      : positions.value.length === 0
        ? h('p', { className: 'hint' }, 'No vault shares in this wallet.')
        : h(
            ScrollRegion,
            { label: 'Vault positions' },
            h(
              'table',
              { className: 'positions' },
              h('caption', { className: 'sr-only' }, 'Vault positions'),
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  ...['Vault', 'Shares', 'Value at NAV'].map((c) =>
                    h('th', { key: c, scope: 'col' }, c),
                  ),
                ),
              ),
              h(
                'tbody',
                null,
                positions.value.map((p) =>
                  h(
                    'tr',
                    { key: p.sku.skuId },
                    h(
                      'th',
                      { scope: 'row' },
                      h(Link, { to: `/vaults/${p.sku.skuId}` }, p.sku.skuId),
                    ),
                    h('td', null, formatTokenAmount(p.shares, p.view.share, p.view.nav.now)),
                    h('td', null, p.valueUsd === null ? 'unavailable' : formatUsd(p.valueUsd)),
                  ),
                ),
              ),
            ),
          ),
    h(WithdrawalRequests, { skus: ctx.session.config.skus, onCancelled: positions.reload }),
    h('h2', null, 'History'),
    history.error
      ? h('p', { className: 'hint' }, `History unavailable: ${history.error.message}`)
      : null,
    history.value
      ? h(
          'ul',
          { className: 'history' },
          [
            ...history.value.deposits.map((r) => ({ kind: 'Deposit', r })),
            ...history.value.withdrawals.map((r) => ({
              kind: `Withdrawal (${String(r.kind ?? '')})`,
              r,
            })),
            ...history.value.stakes.map((r) => ({ kind: `Stake (${String(r.kind ?? '')})`, r })),
            ...history.value.claims.map((r) => ({ kind: 'Claim', r })),
          ].map((e, i) =>
            h(
              'li',
              { key: i },
              `${e.kind}: ${String(e.r.sku ?? '')} ${String(e.r.signature ?? '').slice(0, 12)}…`,
            ),
          ),
        )
      : null,
  );
}
