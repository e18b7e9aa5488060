// What every transaction page shares: the vault view, the transaction state, and the gate that
// stands in front of any form (jurisdiction, wallet, terms).
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import type { PublicSku } from '../../shared/public-config.ts';
import { gateTransactions } from '../../shared/transaction-gate.ts';
import { useDapp } from '../data/context.ts';
import { runTransaction, type TxPlan, type TxState } from '../data/transaction.ts';
import { useAsync } from '../data/use-async.ts';
import { loadVault } from '../data/vault-data.ts';
import { h } from '../h.ts';
import { ConnectButtons } from '../wallet/connect-buttons.ts';
import { useWallet } from '../wallet/wallet-context.ts';

export const REFRESH_MS = 15_000;

export function useSku(skuId: string): PublicSku | undefined {
  return useDapp().session.config.skus.find((s) => s.skuId === skuId);
}

export function useVault(sku: PublicSku) {
  const ctx = useDapp();
  return useAsync(() => loadVault(ctx, sku), [ctx, sku.skuId], REFRESH_MS);
}

/** The transaction state of a form, and a runner that reports into it. */
export function useTx() {
  const ctx = useDapp();
  const { signer } = useWallet();
  const [state, setState] = useState<TxState>({ step: 'idle' });
  const run = useCallback(
    async (plan: TxPlan) => {
      if (!signer) return null;
      return runTransaction(ctx, signer, plan, setState);
    },
    [ctx, signer],
  );
  return { state, setState, run };
}

/** Shows the form only when the gate is open; otherwise the reason and the way forward. */
export function TxGate(props: { children: ReactNode }) {
  const { session } = useDapp();
  const wallet = useWallet();
  const gate = gateTransactions({
    geofence: session.geofence,
    wallet: wallet.address,
    termsAccepted: wallet.termsAccepted,
  });
  if (gate.open) return h('div', null, props.children);
  return h(
    'section',
    { className: 'gate', 'data-gate': gate.reason, 'aria-label': 'Before you can transact' },
    h('p', null, gate.message),
    gate.reason === 'no-wallet' ? h(ConnectButtons) : null,
    gate.reason === 'terms' ? h(TermsPanel) : null,
  );
}

export function TermsPanel() {
  const { session } = useDapp();
  const wallet = useWallet();
  return h(
    'div',
    { className: 'terms' },
    h('h2', null, `Terms of use (version ${session.terms.version})`),
    h(
      'pre',
      { className: 'terms-text', tabIndex: 0, 'aria-label': 'Terms text' },
      session.terms.text,
    ),
    h(
      'button',
      { type: 'button', onClick: () => void wallet.signTerms() },
      'Sign the terms with my wallet',
    ),
    wallet.error ? h('p', { className: 'error', role: 'alert' }, wallet.error) : null,
  );
}

export function Loading(props: { what: string }) {
  return h('p', { className: 'hint', role: 'status' }, `Loading ${props.what}…`);
}

export function Failed(props: { error: Error }) {
  return h(
    'p',
    { className: 'error', role: 'alert' },
    `Could not load this: ${props.error.message}`,
  );
}
