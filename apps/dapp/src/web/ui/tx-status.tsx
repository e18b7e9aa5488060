import { explorerLink } from '../../shared/public-config.ts';
import { useDapp } from '../data/context.ts';
import type { TxState } from '../data/transaction.ts';
import { NetworkFeeLine } from './network-fee.tsx';

const WORDS = {
  building: 'Preparing the transaction…',
  simulating: 'Simulating before you sign…',
  signing: 'Waiting for your wallet’s signature…',
  confirming: 'Sent; waiting for confirmation…',
} as const;

/** Live region for the current transaction: each step, the confirmation link or the reason it failed. */
export function TxStatus(props: { state: TxState }) {
  const { session } = useDapp();
  const s = props.state;
  if (s.step === 'idle') return <div role="status" aria-live="polite" className="tx-status" />;
  if (s.step === 'confirmed') {
    return (
      <div role="status" aria-live="polite" className="tx-status tx-ok" data-step="confirmed">
        {`${s.label}: confirmed. `}
        <a href={explorerLink(session.config, s.signature)} target="_blank" rel="noreferrer">
          View on the explorer
        </a>
      </div>
    );
  }
  if (s.step === 'failed') {
    return (
      <div role="alert" className="tx-status tx-failed" data-step="failed" data-code={s.code ?? ''}>
        {`${s.label} failed: ${s.message}`}
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" className="tx-status" data-step={s.step}>
      {`${s.label}: ${WORDS[s.step]}`}
      <NetworkFeeLine fee={s.fee} />
    </div>
  );
}

export function busy(state: TxState): boolean {
  return (
    state.step === 'building' ||
    state.step === 'simulating' ||
    state.step === 'signing' ||
    state.step === 'confirming'
  );
}
