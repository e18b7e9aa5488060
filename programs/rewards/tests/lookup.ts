// Versioned (v0) transactions with an address lookup table, executed in LiteSVM: the
// production form of claims and sweeps with many reward mints. The table account is written
// directly (LiteSVM resolves lookups from account state), and the 1,232-byte and 64-account
// limits that LiteSVM does not enforce are measured here.
import { newKeyPairSigner, type SendResult } from '@basket/test-harness';
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressEncoder,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';

export const ADDRESS_LOOKUP_TABLE_PROGRAM =
  'AddressLookupTab1e1111111111111111111111111' as Address;
/** Most accounts one transaction may lock. */
export const MAX_TRANSACTION_ACCOUNTS = 64;
/** Bytes before the first address of a lookup table account. */
const LOOKUP_TABLE_META_SIZE = 56;

/** Every non-signer account of `instructions`, deduplicated (what a lookup table can hold). */
export function lookupCandidates(instructions: Instruction[], except: Address[] = []): Address[] {
  const programs = new Set(instructions.map((ix) => ix.programAddress));
  return [
    ...new Set(
      instructions.flatMap((ix) =>
        (ix.accounts ?? [])
          .filter((m) => m.role === AccountRole.READONLY || m.role === AccountRole.WRITABLE)
          .map((m) => m.address),
      ),
    ),
  ].filter((a) => !programs.has(a) && !except.includes(a));
}

/** An active lookup table holding `addresses`, written into the SVM. */
export async function createLookupTable(svm: LiteSVM, addresses: Address[]): Promise<Address> {
  const table = (await newKeyPairSigner()).address;
  const data = new Uint8Array(LOOKUP_TABLE_META_SIZE + 32 * addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // ProgramState::LookupTable
  view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true); // never deactivated
  view.setBigUint64(12, 0n, true); // last extended at slot 0, so usable from slot 1
  const encoder = getAddressEncoder();
  addresses.forEach((a, i) => {
    data.set(encoder.encode(a), LOOKUP_TABLE_META_SIZE + 32 * i);
  });
  svm.setAccount({
    address: table,
    data,
    executable: false,
    lamports: 10_000_000_000n as never,
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM,
    space: BigInt(data.length),
  } as never);
  if (svm.getClock().slot < 2n) svm.warpToSlot(2n);
  return table;
}

export interface SizedTransaction {
  bytes: Uint8Array;
  /** Serialized size in bytes. */
  txBytes: number;
  /** Distinct accounts the transaction locks (static keys plus looked-up ones). */
  accounts: number;
}

/** Signs `instructions` as one v0 transaction, optionally compressed with `tables`. */
export async function buildV0(
  svm: LiteSVM | null,
  instructions: Instruction[],
  feePayer: KeyPairSigner,
  tables: Record<Address, Address[]> = {},
): Promise<
  SizedTransaction & { tx: Awaited<ReturnType<typeof signTransactionMessageWithSigners>> }
> {
  const blockhash = svm ? svm.latestBlockhash() : '11111111111111111111111111111111';
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as never, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables as never),
  );
  const tx = await signTransactionMessageWithSigners(message);
  const bytes = new Uint8Array(getTransactionEncoder().encode(tx));
  const accounts = new Set<string>([feePayer.address]);
  for (const ix of instructions) {
    accounts.add(ix.programAddress);
    for (const m of ix.accounts ?? []) accounts.add(m.address);
  }
  return { tx, bytes, txBytes: bytes.length, accounts: accounts.size };
}

/** Sends `instructions` as one v0 transaction through `tables`; never throws on failure. */
export async function sendV0(
  svm: LiteSVM,
  instructions: Instruction[],
  feePayer: KeyPairSigner,
  tables: Record<Address, Address[]>,
): Promise<SendResult & { accounts: number }> {
  svm.expireBlockhash();
  const { tx, txBytes, accounts } = await buildV0(svm, instructions, feePayer, tables);
  const result = svm.sendTransaction(tx);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      customError: null,
      txBytes,
      error: null,
      accounts,
    };
  }
  const meta = result.meta();
  const logs = meta.logs();
  const custom = logs.map((l) => /custom program error: 0x([0-9a-f]+)/.exec(l)).find((m) => m);
  return {
    ok: false,
    computeUnits: meta.computeUnitsConsumed(),
    logs,
    customError: custom?.[1] ? Number.parseInt(custom[1], 16) : null,
    txBytes,
    error: `${String(result.err())}\n${logs.join('\n')}`,
    accounts,
  };
}
