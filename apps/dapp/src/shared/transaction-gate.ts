// Whether a transaction flow may open: a wallet, an allowed jurisdiction and signed terms, in
// that order, each refusal with the sentence the page shows instead of the form.
import type { GeofenceDecision } from './geofence.ts';

export type GateState = Readonly<{
  geofence: GeofenceDecision;
  wallet: string | null;
  termsAccepted: boolean;
}>;

export type GateDecision =
  | { readonly open: true }
  | {
      readonly open: false;
      readonly reason: 'blocked' | 'no-wallet' | 'terms';
      readonly message: string;
    };

/**
 * @example
 * gateTransactions({ geofence, wallet: null, termsAccepted: false }); // { open: false, reason: 'no-wallet', ... }
 */
export function gateTransactions(state: GateState): GateDecision {
  // The jurisdiction first: a blocked visitor is never asked to connect or sign anything.
  if (!state.geofence.allowed)
    return { open: false, reason: 'blocked', message: state.geofence.message };
  if (!state.wallet)
    return { open: false, reason: 'no-wallet', message: 'Connect a wallet to continue.' };
  if (!state.termsAccepted) {
    return {
      open: false,
      reason: 'terms',
      message: 'Read and sign the terms of use with your wallet to continue.',
    };
  }
  return { open: true };
}
