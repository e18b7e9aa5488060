// One transaction from the user's click to its confirmation, as one explicit state machine:
// building -> simulating -> signing -> confirming -> confirmed | failed. Simulation runs before
// the wallet is asked to sign, so a program refusal is explained in words without a signature.
import {
  BasketTransactionError,
  buildTransactionMessage,
  type CostedInstruction,
  createResilientSendAndConfirm,
  fetchAddressLookupTables,
  simulateTransactionMessage,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import type { WalletSigner } from '../wallet/wallet-standard.ts';
import type { DappContext } from './context.ts';
import { decideNetworkFee, type NetworkFee } from './network-fee.ts';

export type TxState =
  | { readonly step: 'idle' }
  | {
      readonly step: 'building' | 'simulating' | 'signing' | 'confirming';
      readonly label: string;
      /** Decided before signing; the message carries this price. */
      readonly fee?: NetworkFee;
    }
  | { readonly step: 'confirmed'; readonly label: string; readonly signature: string }
  | {
      readonly step: 'failed';
      readonly label: string;
      readonly message: string;
      readonly code: string | null;
    };

export type TxPlan = Readonly<{
  label: string;
  /** The vault the transaction is about, when it is about one (the History names it). */
  skuId?: string;
  instructions: () => Promise<readonly CostedInstruction[]>;
  lookupTables?: readonly string[];
}>;

/** The sentence for a failure: the program's own words when it is a program error. */
export function failureText(error: unknown): { message: string; code: string | null } {
  if (error instanceof BasketTransactionError) {
    const f = error.failure;
    if (f.kind === 'custom') return { message: f.message, code: f.constant ?? null };
    return { message: f.message, code: f.errorName };
  }
  const text = error instanceof Error ? error.message : String(error);
  if (/reject|denied|cancel/i.test(text))
    return { message: 'You declined the request in your wallet.', code: null };
  return { message: text, code: null };
}

/**
 * Runs one plan; `onState` sees every step. Resolves with the signature, or null when it failed
 * (the failure is in the last state).
 */
export async function runTransaction(
  ctx: DappContext,
  signer: WalletSigner,
  plan: TxPlan,
  onState: (s: TxState) => void,
): Promise<string | null> {
  const label = plan.label;
  // The wallet's answer moves the state from signing to confirming. The same signer object
  // must sign as fee payer and in the instructions (kit refuses two signers for one address).
  let fee: NetworkFee | undefined;
  try {
    signer.hooks.onSigned = () => onState({ step: 'confirming', label, ...(fee ? { fee } : {}) });
    onState({ step: 'building', label });
    const [instructions, addressLookupTables] = await Promise.all([
      plan.instructions(),
      plan.lookupTables?.length
        ? fetchAddressLookupTables(ctx.rpc, plan.lookupTables as Address[], {
            commitment: 'confirmed',
          })
        : Promise.resolve(undefined),
    ]);
    const [{ value: lifetime }, decided] = await Promise.all([
      ctx.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
      decideNetworkFee(ctx, instructions),
    ]);
    fee = decided;
    const build = (l: typeof lifetime) =>
      buildTransactionMessage({
        feePayer: signer,
        lifetime: l,
        instructions,
        priorityFeeMicroLamports: decided.microLamportsPerCu,
        ...(addressLookupTables ? { addressLookupTables } : {}),
      });
    onState({ step: 'simulating', label, fee: decided });
    await simulateTransactionMessage(ctx.rpc, build(lifetime), {
      programs: ctx.programs,
      commitment: 'confirmed',
    });
    onState({ step: 'signing', label, fee: decided });
    // Re-sent until it lands or expires; the wallet is asked again only for a new blockhash.
    const { signature } = await createResilientSendAndConfirm({
      rpc: ctx.rpc,
      rpcSubscriptions: ctx.rpcSubscriptions,
    })(build, {
      commitment: 'confirmed',
      programs: ctx.programs,
      maxAttempts: 2,
    });
    onState({ step: 'confirmed', label, signature });
    return signature;
  } catch (error) {
    onState({ step: 'failed', label, ...failureText(error) });
    return null;
  } finally {
    signer.hooks.onSigned = null;
  }
}
