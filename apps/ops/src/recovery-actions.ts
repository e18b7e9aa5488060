/**
 * The admin threshold's two recoveries as proposals: `oracle.reset-sequence` (raise a SKU's
 * snapshot sequence: void leaked signed payloads, skip a pending approval) and
 * `rewards.reset-last-epoch` (an epoch distributor stuck). What is refused here is what the
 * program refuses, or what would leave the keeper stuck once the proposal lands
 * (docs/operations.md, decision 0970). The summary names the value read from the chain now and
 * the new one, so the signing admins see what they approve.
 */
import { findEpochPda } from '@basket/rewards-client';
import {
  findSkuAddresses,
  getResetLastEpochInstructionFor,
  getResetSequenceInstructionFor,
  navSnapshotAccount,
  type ProgramAddresses,
  readAccounts,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address, Instruction, TransactionSigner } from '@solana/kit';
import { readRewardsConfig } from './chain-state.ts';
import { OpsError } from './errors.ts';

type Rpc = Chain['rpc'];

export const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** The highest sequence `reset_sequence` sets: 2^32 left below u64::MAX (`MIN_SEQUENCE_ROOM`). */
export const HIGHEST_RESET_SEQUENCE = U64_MAX - 2n ** 32n;
/** How far above the last id a keeper's post may go (the programs' `MAX_*_STEP`). */
export const MAX_ID_STEP = 16n;

/**
 * A command-line value as a u64, or an `INVALID_INPUT` naming the flag (commander's parser).
 *
 * @example
 * program.option('--epoch <n>', 'the id', parseU64('--epoch'));
 */
export function parseU64(flag: string): (value: string) => bigint {
  return (value) => {
    const n = /^[0-9]+$/.test(value) ? BigInt(value) : -1n;
    if (n < 0n || n > U64_MAX) {
      throw new OpsError('INVALID_INPUT', `${flag} ${value}: not a u64 (0 to ${U64_MAX})`);
    }
    return n;
  };
}

type Built = { instruction: Instruction; summary: string };

/**
 * `oracle.reset-sequence`: raises the snapshot of `sku` to `sequence`, as the oracle's
 * `check_raise` accepts it: strictly above the stored sequence (the vault's price memory and
 * NAV cache key on a sequence that only rises; a lowered or repeated one would keep it pricing
 * with what it remembered) and at least `MIN_SEQUENCE_ROOM` below u64::MAX. Refused here first,
 * by name, so nothing is proposed that the chain would refuse.
 *
 * @example
 * const { instruction, summary } = await resetSequenceAction(chain.rpc, programs, { sku: 'TECH6', sequence: 1_000n, adminSigners });
 */
export async function resetSequenceAction(
  rpc: Rpc,
  programs: ProgramAddresses,
  input: { sku: string; sequence: bigint; adminSigners: readonly TransactionSigner[] },
): Promise<Built> {
  const { sku, sequence } = input;
  const { navSnapshot } = await findSkuAddresses(sku, programs);
  const [snapshot] = await readAccounts(rpc, [navSnapshotAccount(navSnapshot, programs)], {
    commitment: 'confirmed',
  });
  if (!snapshot.exists) throw new OpsError('ACCOUNT_NOT_FOUND', `no NAV snapshot for SKU ${sku}`);
  const stored = snapshot.data.sequence;
  const bad = (why: string) => new OpsError('INVALID_INPUT', `--sequence ${sequence}: ${why}`);
  if (stored >= HIGHEST_RESET_SEQUENCE) {
    throw bad(
      `the snapshot of ${sku} is at ${stored}, within 2^32 of u64::MAX: no raise is accepted (SequenceRoomTooSmall); pause the SKU (vault.pause)`,
    );
  }
  if (sequence <= stored) {
    throw bad(
      `the sequence is only raised (SequenceNotRaised: the vault prices by a sequence that only rises) and the snapshot of ${sku} is at ${stored}; choose ${stored + 1n} to ${HIGHEST_RESET_SEQUENCE}`,
    );
  }
  if (sequence > HIGHEST_RESET_SEQUENCE) {
    throw bad(
      `leaves fewer than 2^32 sequences below u64::MAX (SequenceRoomTooSmall); choose ${stored + 1n} to ${HIGHEST_RESET_SEQUENCE}`,
    );
  }
  const built = await getResetSequenceInstructionFor(
    { sku, sequence, adminSigners: input.adminSigners },
    programs,
  );
  return {
    instruction: built.instruction,
    summary: `raise the NAV snapshot sequence of ${sku} from ${stored} to ${sequence} (payloads signed for #${stored + 1n} to #${sequence} are void; its keeper pushes #${sequence + 1n} next; a pending deviation approval is dropped)`,
  };
}

/**
 * `rewards.reset-last-epoch`: the configuration's last epoch id set to `epoch`. Refused: the
 * stored value, `u64::MAX` (no epoch can follow it), and a value the keeper's next posts would
 * collide with: an epoch among the 16 ids above it already exists (`distribute_epoch` refuses
 * to post over an epoch account).
 *
 * @example
 * const { instruction, summary } = await resetLastEpochAction(chain.rpc, programs, { epoch: 41n, adminSigners });
 */
export async function resetLastEpochAction(
  rpc: Rpc,
  programs: ProgramAddresses,
  input: { epoch: bigint; adminSigners: readonly TransactionSigner[] },
): Promise<Built> {
  const { epoch } = input;
  const config = await readRewardsConfig(rpc, programs);
  if (!config) throw new OpsError('ACCOUNT_NOT_FOUND', 'the rewards program is not configured');
  const stored = config.lastEpochId;
  const bad = (why: string) => new OpsError('INVALID_INPUT', `--epoch ${epoch}: ${why}`);
  if (epoch === stored) throw bad(`the last epoch id is ${stored} already; nothing to reset`);
  if (epoch === U64_MAX) {
    throw bad('u64::MAX leaves no next epoch (an epoch id must be above the last)');
  }
  const last = epoch + MAX_ID_STEP > U64_MAX ? U64_MAX : epoch + MAX_ID_STEP;
  const ids: bigint[] = [];
  for (let id = epoch + 1n; id <= last; id++) ids.push(id);
  const addresses = await Promise.all(
    ids.map(
      async (epochId) =>
        (await findEpochPda({ epochId }, { programAddress: programs.rewards }))[0] as Address,
    ),
  );
  const { value } = await rpc
    .getMultipleAccounts(addresses, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  const posted = ids.filter((_, i) => (value[i]?.lamports ?? 0n) > 0n);
  if (posted.length > 0) {
    throw bad(
      `epoch ${posted.join(', ')} already posted: the keeper posts ${epoch + 1n} next and would meet ${posted.length === 1 ? 'it' : 'them'} (distribute_epoch refuses an existing epoch); choose the highest posted epoch id or more`,
    );
  }
  const built = await getResetLastEpochInstructionFor(
    { lastEpochId: epoch, adminSigners: input.adminSigners },
    programs,
  );
  return {
    instruction: built.instruction,
    summary: `reset the rewards program's last epoch id from ${stored} to ${epoch} (its keeper posts epoch ${epoch + 1n} next; epochs ${epoch + 1n} to ${last} are not posted)`,
  };
}
