// The page's entry: read the session (public config, terms, geofence), then render under the
// query client (server state) and the wallet provider.
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import type { Session } from '../shared/public-config.ts';
import { App } from './app.tsx';
import { createDappContext, Dapp } from './data/context.ts';
import { createQueryClient } from './data/queries.ts';
import { WalletProvider } from './wallet/wallet-context.tsx';

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const res = await fetch('/api/session', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const session = (await res.json()) as Session;
    const ctx = createDappContext(session, window.location.origin);
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <Dapp.Provider value={ctx}>
          <WalletProvider>
            <App />
          </WalletProvider>
        </Dapp.Provider>
      </QueryClientProvider>,
    );
  } catch (error) {
    root.render(
      <p role="alert">
        {`The app could not start: ${error instanceof Error ? error.message : String(error)}`}
      </p>,
    );
  }
}

void start();
