// What an instruction of a third party is, by program and data, for the firewall's rules:
// the few kinds a delivery or a swap needs, and names for the ones it refuses (so a refusal
// says "Approve", not "tag 4").
import type { Address, Instruction, ReadonlyUint8Array } from '@solana/kit';
import type { RefusalReason } from './refusal.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
export const TOKEN_PROGRAMS: readonly Address[] = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];

/** The System program's AdvanceNonceAccount (u32 little-endian tag 4). */
const SYSTEM_ADVANCE_NONCE = 4;
/** SPL Token's TransferChecked tag (the only transfer a hooked Token-2022 stock accepts). */
const TRANSFER_CHECKED = 12;

/** Names of the SPL Token instruction tags a refusal may cite. */
const TOKEN_TAGS: Readonly<Record<number, string>> = {
  0: 'InitializeMint',
  1: 'InitializeAccount',
  3: 'Transfer',
  4: 'Approve',
  5: 'Revoke',
  6: 'SetAuthority',
  7: 'MintTo',
  8: 'Burn',
  9: 'CloseAccount',
  10: 'FreezeAccount',
  11: 'ThawAccount',
  12: 'TransferChecked',
  13: 'ApproveChecked',
  14: 'MintToChecked',
  15: 'BurnChecked',
  17: 'SyncNative',
};

/** An instruction, classified. */
export type InstructionKind =
  | Readonly<{
      kind: 'compute-budget';
      /** SetComputeUnitLimit (its u32) or SetComputeUnitPrice (its u64); any other: 'other'. */
      set: 'unit-limit' | 'unit-price' | 'other';
      value: bigint | null;
    }>
  | Readonly<{ kind: 'nonce-advance' }>
  | Readonly<{ kind: 'system'; tag: number | null }>
  | Readonly<{
      kind: 'transfer-checked';
      source: Address;
      mint: Address;
      destination: Address;
      authority: Address;
      amount: bigint;
    }>
  | Readonly<{ kind: 'token-other'; name: string }>
  | Readonly<{
      kind: 'ata-create';
      payer: Address;
      account: Address;
      owner: Address;
      mint: Address;
    }>
  | Readonly<{ kind: 'ata-other' }>
  | Readonly<{ kind: 'other'; program: Address }>;

/**
 * Classifies one instruction by its program and data.
 *
 * @example
 * classify(ix).kind; // 'transfer-checked'
 */
export function classify(ix: Instruction): InstructionKind {
  const data = ix.data ?? new Uint8Array();
  const named = (ix.accounts ?? []).map((a) => a.address);
  switch (ix.programAddress) {
    case COMPUTE_BUDGET_PROGRAM:
      return computeBudgetKind(data);
    case SYSTEM_PROGRAM: {
      const tag =
        data.length >= 4
          ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true)
          : null;
      return tag === SYSTEM_ADVANCE_NONCE ? { kind: 'nonce-advance' } : { kind: 'system', tag };
    }
    case TOKEN_PROGRAM:
    case TOKEN_2022_PROGRAM: {
      const tag = data[0];
      const [source, mint, destination, authority] = named;
      if (tag === TRANSFER_CHECKED && data.length === 10 && authority !== undefined) {
        const amount = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(
          1,
          true,
        );
        return {
          kind: 'transfer-checked',
          source: source as Address,
          mint: mint as Address,
          destination: destination as Address,
          authority,
          amount,
        };
      }
      const name = tag === undefined ? 'empty' : (TOKEN_TAGS[tag] ?? `tag ${tag}`);
      return { kind: 'token-other', name };
    }
    case ASSOCIATED_TOKEN_PROGRAM: {
      // Create (no data or 0) and CreateIdempotent (1): payer, account, owner, mint, system, token.
      const create = data.length === 0 || (data.length === 1 && (data[0] === 0 || data[0] === 1));
      const [payer, account, owner, mint] = named;
      if (create && mint !== undefined && named.length === 6) {
        return {
          kind: 'ata-create',
          payer: payer as Address,
          account: account as Address,
          owner: owner as Address,
          mint,
        };
      }
      return { kind: 'ata-other' };
    }
    default:
      return { kind: 'other', program: ix.programAddress };
  }
}

/** ComputeBudget's SetComputeUnitLimit (tag 2, u32) and SetComputeUnitPrice (tag 3, u64). */
function computeBudgetKind(data: ReadonlyUint8Array): InstructionKind {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data[0] === 2 && data.length === 5) {
    return { kind: 'compute-budget', set: 'unit-limit', value: BigInt(view.getUint32(1, true)) };
  }
  if (data[0] === 3 && data.length === 9) {
    return { kind: 'compute-budget', set: 'unit-price', value: view.getBigUint64(1, true) };
  }
  return { kind: 'compute-budget', set: 'other', value: null };
}

/**
 * What no route accepts from outside: a compute-budget instruction (the keeper sets its own
 * limit and price), a durable-nonce advance (a transaction that never expires), any other
 * System instruction (lamports move only by the keeper's own instructions). Null otherwise.
 *
 * @example
 * outsideRefusal(classify(ix)); // ['NONCE_ADVANCE', '...'] | null
 */
export function outsideRefusal(kind: InstructionKind): [RefusalReason, string] | null {
  switch (kind.kind) {
    case 'compute-budget':
      return ['COMPUTE_BUDGET_FROM_OUTSIDE', 'the keeper sets its own compute budget'];
    case 'nonce-advance':
      return ['NONCE_ADVANCE', 'a durable-nonce transaction never expires'];
    case 'system':
      return ['SYSTEM_INSTRUCTION', `System instruction ${kind.tag ?? '(no tag)'}`];
    default:
      return null;
  }
}
