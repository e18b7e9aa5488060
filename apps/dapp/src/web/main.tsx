// The page's entry: read the session (public config, terms, geofence), then render.
import { createRoot } from 'react-dom/client';
import type { Session } from '../shared/public-config.ts';
import { App } from './app.ts';
import { createDappContext, Dapp } from './data/context.ts';
import { h } from './h.ts';
import { WalletProvider } from './wallet/wallet-context.ts';

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  try {
    const res = await fetch('/api/session', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    const session = (await res.json()) as Session;
    const ctx = createDappContext(session, window.location.origin);
    root.render(h(Dapp.Provider, { value: ctx }, h(WalletProvider, null, h(App))));
  } catch (error) {
    root.render(
      h(
        'p',
        { role: 'alert' },
        `The app could not start: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}

void start();
