// The shell: header with navigation and the wallet, the jurisdiction notice, and the routes.
import { useDapp } from './data/context.ts';
import { h } from './h.ts';
import { ClaimPage } from './pages/claim.ts';
import { DepositPage } from './pages/deposit.ts';
import { PortfolioPage } from './pages/portfolio.ts';
import { StakePage } from './pages/stake.ts';
import { VaultDetail } from './pages/vault-detail.ts';
import { VaultList } from './pages/vault-list.ts';
import { WithdrawPage } from './pages/withdraw.ts';
import { Link, usePath } from './router.ts';
import { useWallet } from './wallet/wallet-context.ts';

const NAV = [
  ['/', 'Vaults'],
  ['/stake', 'Stake'],
  ['/claim', 'Claim'],
  ['/portfolio', 'Portfolio'],
] as const;

function WalletBadge() {
  const w = useWallet();
  if (!w.address)
    return h(Link, { to: '/portfolio', className: 'button secondary' }, 'Connect wallet');
  return h(
    'div',
    { className: 'wallet' },
    h(
      'span',
      { 'data-wallet': w.address, title: w.address },
      `${w.wallet?.name ?? 'Wallet'}: ${w.address.slice(0, 4)}…${w.address.slice(-4)}`,
    ),
    ' ',
    h(
      'button',
      { type: 'button', className: 'secondary', onClick: () => void w.disconnect() },
      'Disconnect',
    ),
  );
}

function Route(props: { path: string }) {
  const { session } = useDapp();
  const parts = props.path.split('/').filter(Boolean);
  if (parts.length === 0) return h(VaultList);
  if (parts[0] === 'vaults' && parts[1]) {
    const sku = session.config.skus.find((s) => s.skuId === parts[1]);
    if (!sku) return h('p', null, `No vault named ${parts[1]}.`);
    if (parts[2] === 'deposit') return h(DepositPage, { sku });
    if (parts[2] === 'withdraw') return h(WithdrawPage, { sku });
    return h(VaultDetail, { sku });
  }
  if (parts[0] === 'stake') return h(StakePage);
  if (parts[0] === 'claim') return h(ClaimPage);
  if (parts[0] === 'portfolio') return h(PortfolioPage);
  return h('p', null, 'Page not found. ', h(Link, { to: '/' }, 'Back to the vaults'));
}

export function App() {
  const { session } = useDapp();
  const path = usePath();
  return h(
    'div',
    { className: 'shell' },
    h('a', { href: '#main', className: 'skip' }, 'Skip to content'),
    h(
      'header',
      null,
      h('span', { className: 'brand' }, 'Basket Vault'),
      h(
        'nav',
        { 'aria-label': 'Main' },
        NAV.map(([to, label]) =>
          h(
            Link,
            {
              key: to,
              to,
              current:
                to === '/' ? path === '/' || path.startsWith('/vaults') : path.startsWith(to),
            },
            label,
          ),
        ),
      ),
      h(WalletBadge),
    ),
    session.geofence.allowed
      ? null
      : h(
          'p',
          { className: 'banner banner-danger geofence', role: 'alert', 'data-geofence': 'blocked' },
          session.geofence.message,
        ),
    h('main', { id: 'main', tabIndex: -1 }, h(Route, { path })),
    h(
      'footer',
      null,
      `Cluster: ${session.config.cluster}. Amounts are exact: raw token units × each token’s multiplier, never rounded up in your favour.`,
    ),
  );
}
