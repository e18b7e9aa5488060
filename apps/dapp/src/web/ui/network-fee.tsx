import { formatLamportsAsSol } from '@basket/sdk';
import type { NetworkFee } from '../data/network-fee.ts';

/** The network fee of the transaction about to be signed, in SOL (integer formatting). */
export function NetworkFeeLine(props: { fee: NetworkFee | undefined }) {
  if (!props.fee) return null;
  return (
    <span className="network-fee" data-lamports={props.fee.totalLamports.toString()}>
      {` Network fee: ${formatLamportsAsSol(props.fee.totalLamports)} SOL (priority ${formatLamportsAsSol(props.fee.priorityLamports)} SOL).`}
    </span>
  );
}
