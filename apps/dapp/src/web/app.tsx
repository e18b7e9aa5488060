// The shell: header with navigation and the wallet, the jurisdiction notice, and the routes.
import { useDapp } from './data/context.ts';
import { ClaimPage } from './pages/claim.tsx';
import { DepositPage } from './pages/deposit.tsx';
import { PortfolioPage } from './pages/portfolio.tsx';
import { StakePage } from './pages/stake.tsx';
import { VaultDetail } from './pages/vault-detail.tsx';
import { VaultList } from './pages/vault-list.tsx';
import { WithdrawPage } from './pages/withdraw.tsx';
import { Link, usePath } from './router.tsx';
import { DisconnectButton } from './wallet/connect-buttons.tsx';
import { useWallet } from './wallet/wallet-context.tsx';

const NAV = [
  ['/', 'Vaults'],
  ['/stake', 'Stake'],
  ['/claim', 'Claim'],
  ['/portfolio', 'Portfolio'],
] as const;

function WalletBadge() {
  const w = useWallet();
  if (!w.address || !w.wallet)
    return (
      <Link to="/portfolio" className="button secondary">
        Connect wallet
      </Link>
    );
  return (
    <div className="wallet">
      <span data-wallet={w.address} title={w.address}>
        {`${w.wallet.name}: ${w.address.slice(0, 4)}…${w.address.slice(-4)}`}
      </span>{' '}
      <DisconnectButton wallet={w.wallet} />
    </div>
  );
}

function Route(props: { path: string }) {
  const { session } = useDapp();
  const parts = props.path.split('/').filter(Boolean);
  if (parts.length === 0) return <VaultList />;
  if (parts[0] === 'vaults' && parts[1]) {
    const sku = session.config.skus.find((s) => s.skuId === parts[1]);
    if (!sku) return <p>{`No vault named ${parts[1]}.`}</p>;
    if (parts[2] === 'deposit') return <DepositPage sku={sku} />;
    if (parts[2] === 'withdraw') return <WithdrawPage sku={sku} />;
    return <VaultDetail sku={sku} />;
  }
  if (parts[0] === 'stake') return <StakePage />;
  if (parts[0] === 'claim') return <ClaimPage />;
  if (parts[0] === 'portfolio') return <PortfolioPage />;
  return (
    <p>
      {'Page not found. '}
      <Link to="/">Back to the vaults</Link>
    </p>
  );
}

export function App() {
  const { session } = useDapp();
  const path = usePath();
  return (
    <div className="shell">
      <a href="#main" className="skip">
        Skip to content
      </a>
      <header>
        <span className="brand">Basket Vault</span>
        <nav aria-label="Main">
          {NAV.map(([to, label]) => (
            <Link
              key={to}
              to={to}
              current={
                to === '/' ? path === '/' || path.startsWith('/vaults') : path.startsWith(to)
              }
            >
              {label}
            </Link>
          ))}
        </nav>
        <WalletBadge />
      </header>
      {session.geofence.allowed ? null : (
        <p className="banner banner-danger geofence" role="alert" data-geofence="blocked">
          {session.geofence.message}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        <Route path={path} />
      </main>
      <footer>
        {`Cluster: ${session.config.cluster}. Amounts are exact: raw token units × each token’s multiplier, never rounded up in your favour.`}
      </footer>
    </div>
  );
}
