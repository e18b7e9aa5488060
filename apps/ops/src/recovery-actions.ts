/**
 * The admin threshold's two recoveries as proposals: `oracle.reset-sequence` (a SKU whose
 * pushes its keepers can no longer follow) and `rewards.reset-last-epoch` (an epoch
 * distributor stuck). Both programs take any u64; what is refused here is what would leave
 * the keeper stuck, or the vault pricing wrong, once the proposal lands (docs/operations.md,
 * decision 0970). The summary names the value read from the chain now and the new one, so the
 * signing admins see what they approve.
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
import { readRewardsConfig, readVault } from './chain-state.ts';
import { OpsError } from './errors.ts';

type Rpc = Chain['rpc'];

export const U64_MAX = 0xffff_ffff_ffff_ffffn;
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
 * `oracle.reset-sequence`: the snapshot of `sku` set to `sequence`. Refused: the stored value
 * (nothing to recover), `u64::MAX` (no push can follow it), and a value at or below the
 * highest sequence the SKU's vault has priced with: its price memory and NAV cache assume
 * sequences only rise, so it would keep pricing with what it remembered (docs/fuzzing.md).
 *
 * @example
 * const { instruction, summary } = await resetSequenceAction(chain.rpc, programs, { sku: 'TECH6', sequence: 42n, adminSigners });
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
  if (sequence === stored) {
    throw bad(`the snapshot of ${sku} is at ${stored} already; nothing to reset`);
  }
  if (sequence === U64_MAX) {
    throw bad('u64::MAX leaves no next push (a push must be above the stored sequence)');
  }
  const vault = await readVault(rpc, programs, sku);
  if (vault) {
    const { memoSequence, navCacheSequence, lastSnapshotSequence } = vault.data;
    // The highest of the three (bigints: Math.max does not take them).
    let priced = memoSequence;
    for (const seen of [navCacheSequence, lastSnapshotSequence]) if (seen > priced) priced = seen;
    if (sequence <= priced) {
      throw bad(
        `the vault of ${sku} has priced with sequence ${priced}; at or below it the vault keeps pricing with what it remembered (its price memory and NAV cache assume sequences only rise)${
          priced === U64_MAX
            ? '; no sequence is above it: pause the vault (vault.pause) until the vault program handles a lowered sequence'
            : `; choose ${priced + 1n} or more`
        }`,
      );
    }
  }
  const built = await getResetSequenceInstructionFor(
    { sku, sequence, adminSigners: input.adminSigners },
    programs,
  );
  return {
    instruction: built.instruction,
    summary: `reset the NAV snapshot sequence of ${sku} from ${stored} to ${sequence} (its keeper pushes #${sequence + 1n} next; a pending deviation approval is dropped)`,
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
