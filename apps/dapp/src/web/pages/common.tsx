// What every transaction page shares: the vault view, the transaction state, and the gate that
// stands in front of any form (jurisdiction, wallet, terms).
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import type { PublicSku } from '../../shared/public-config.ts';
import { gateTransactions } from '../../shared/transaction-gate.ts';
import { recordActivity } from '../data/activity.ts';
import { useDapp } from '../data/context.ts';
import { useInvalidateAfterTransaction, useRead } from '../data/queries.ts';
import { runTransaction, type TxPlan, type TxState } from '../data/transaction.ts';
import { loadVault } from '../data/vault-data.ts';
import { ConnectButtons } from '../wallet/connect-buttons.tsx';
import { useWallet } from '../wallet/wallet-context.tsx';

export const REFRESH_MS = 15_000;

export function useSku(skuId: string): PublicSku | undefined {
  return useDapp().session.config.skus.find((s) => s.skuId === skuId);
}

export function useVault(sku: PublicSku) {
  const ctx = useDapp();
  return useRead(['vault', sku.skuId], () => loadVault(ctx, sku), REFRESH_MS);
}

/**
 * The transaction state of a form, and a runner that reports into it. A confirmed transaction
 * is recorded for the History (label and vault) and makes every query stale, so what it
 * changed (balances, positions, the vault's books, history) loads again at once.
 */
export function useTx() {
  const ctx = useDapp();
  const { signer, address } = useWallet();
  const invalidate = useInvalidateAfterTransaction();
  const [state, setState] = useState<TxState>({ step: 'idle' });
  const run = useCallback(
    async (plan: TxPlan) => {
      if (!signer) return null;
      const signature = await runTransaction(ctx, signer, plan, setState);
      if (signature && address) {
        recordActivity(window.localStorage, address, {
          signature,
          label: plan.label,
          skuId: plan.skuId ?? null,
          at: Date.now(),
        });
        void invalidate();
      }
      return signature;
    },
    [ctx, signer, address, invalidate],
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
  if (gate.open) return <div>{props.children}</div>;
  return (
    <section className="gate" data-gate={gate.reason} aria-label="Before you can transact">
      <p>{gate.message}</p>
      {gate.reason === 'no-wallet' ? <ConnectButtons /> : null}
      {gate.reason === 'terms' ? <TermsPanel /> : null}
    </section>
  );
}

export function TermsPanel() {
  const { session } = useDapp();
  const wallet = useWallet();
  return (
    <div className="terms">
      <h2>{`Terms of use (version ${session.terms.version})`}</h2>
      {/* The text scrolls: focusable so a keyboard can scroll it, named for screen readers. */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the name is what a screen reader announces on focus */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be focusable (axe scrollable-region-focusable) */}
      <pre className="terms-text" tabIndex={0} aria-label="Terms text">
        {session.terms.text}
      </pre>
      <button type="button" onClick={() => void wallet.signTerms()}>
        Sign the terms with my wallet
      </button>
      {wallet.error ? (
        <p className="error" role="alert">
          {wallet.error}
        </p>
      ) : null}
    </div>
  );
}

export function Loading(props: { what: string }) {
  return (
    <p className="hint" role="status">
      {`Loading ${props.what}…`}
    </p>
  );
}

export function Failed(props: { error: Error }) {
  return (
    <p className="error" role="alert">
      {`Could not load this: ${props.error.message}`}
    </p>
  );
}
