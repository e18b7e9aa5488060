// Real transactions in LiteSVM, on the vault program's own test fixture (mixed SPL Token /
// Token-2022 basket with non-unit ScaledUiAmount multipliers), turned into the webhook items a
// provider would post: the signed transaction's signature, the slot and clock time, the
// runtime's log messages and its error. What the indexer reads is exactly what the chain said.
import { addUpgradeableProgram, fund, type IssuerMint, setUnixTime } from '@basket/test-harness';
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getSignatureFromTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { LiteSVM, TransactionMetadata } from 'litesvm';
import type { TransactionItem } from '../../src/webhook-body.ts';

export type Landed = Readonly<{ item: TransactionItem; ok: boolean; logs: string[] }>;

/** A LiteSVM chain and who pays its fees (the vault basket and the rewards world both are). */
export type Chain = Readonly<{ svm: LiteSVM; payer: TransactionSigner }>;

/**
 * Signs and sends `instructions` as one transaction (fee payer: the chain's payer) and
 * returns it as a webhook item, whether it succeeded or failed.
 *
 * @example
 * const { item } = await land(b, [refreshIx]);
 */
export async function land(b: Chain, instructions: Instruction[]): Promise<Landed> {
  b.svm.expireBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(b.payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: b.svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tx = await signTransactionMessageWithSigners(message);
  const signature = getSignatureFromTransaction(tx);
  const clock = b.svm.getClock();
  const result = b.svm.sendTransaction(tx);
  const ok = result instanceof TransactionMetadata;
  const logs = ok ? result.logs() : result.meta().logs();
  // Each transaction in its own slot, as a cluster would mostly land them.
  b.svm.warpToSlot(clock.slot + 1n);
  return {
    ok,
    logs,
    item: {
      slot: Number(clock.slot),
      blockTime: Number(clock.unixTimestamp),
      meta: { err: ok ? null : { InstructionError: [0, String(result.err())] }, logMessages: logs },
      transaction: { signatures: [signature], message: {} },
    },
  };
}

/** Token-2022 SetAuthority(PermanentDelegate): the issuer names a new permanent delegate. */
export function setPermanentDelegateInstruction(mint: IssuerMint, next: Address): Instruction {
  const PERMANENT_DELEGATE = 8;
  return {
    programAddress: mint.tokenProgram,
    accounts: [
      { address: mint.address, role: AccountRole.WRITABLE },
      { address: mint.issuer.address, role: AccountRole.READONLY_SIGNER, signer: mint.issuer },
    ] as Instruction['accounts'],
    data: Uint8Array.from([6, PERMANENT_DELEGATE, 1, ...getAddressEncoder().encode(next)]),
  };
}

/**
 * What a cluster would answer to getSignatureStatuses: finalized for the transactions that
 * landed on this chain (`landed`, as recorded when they ran), unknown for any other.
 */
export function statusesOf(landed: readonly TransactionItem[]) {
  const known = new Set(landed.map((i) => i.transaction.signatures[0]));
  return async (signatures: string[]) =>
    signatures.map((s) =>
      known.has(s) ? { confirmationStatus: 'finalized' as const, err: null } : null,
    );
}

/**
 * A scenario's record: `step` lands instructions as one transaction that must succeed and
 * keeps its item (in `items`, or the list given) and its signature under `name`.
 *
 * @example
 * const { items, sig, step } = recorder(chain);
 * await step('pause', [pauseIx]);
 */
export function recorder(chain: Chain) {
  const items: TransactionItem[] = [];
  const sig: Record<string, string> = {};
  const step = async (name: string, instructions: Instruction[], into = items) => {
    const r = await land(chain, instructions);
    if (!r.ok) throw new Error(`${name} failed\n${r.logs.join('\n')}`);
    into.push(r.item);
    sig[name] = r.item.transaction.signatures[0] as string;
  };
  return { items, sig, step };
}

/**
 * A fresh chain with one of our programs deployed upgradeable, the funded payer its upgrade
 * authority (as the programs' initialize instructions require), at a fixed clock.
 *
 * @example
 * const chain = await chainWith('oracle', ORACLE_PROGRAM_ADDRESS);
 */
export async function chainWith(
  program: 'oracle' | 'rewards',
  programAddress: Address,
): Promise<Chain & { payer: Awaited<ReturnType<typeof generateKeyPairSigner>> }> {
  const svm = new LiteSVM();
  const payer = await generateKeyPairSigner();
  await addUpgradeableProgram(svm, { programAddress, program, authority: payer.address });
  setUnixTime(svm, 1_800_000_000n);
  fund(svm, payer.address, 1_000n);
  return { svm, payer };
}
