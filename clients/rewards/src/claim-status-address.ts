import { type Address, createAddressWithSeed } from '@solana/kit';
import { REWARDS_PROGRAM_ADDRESS } from './generated/index.ts';

/**
 * The seed string of an epoch's claim statuses: `"claim"` and the epoch id as 16 lowercase hex
 * digits (`claim000000000000000a` for epoch 10), exactly as the program builds it.
 *
 * @example
 * claimStatusSeed(10n); // 'claim000000000000000a'
 */
export function claimStatusSeed(epochId: bigint): string {
  if (epochId < 0n || epochId > 0xffff_ffff_ffff_ffffn) {
    throw new RangeError(`epoch id ${epochId} is not a u64`);
  }
  return `claim${epochId.toString(16).padStart(16, '0')}`;
}

/**
 * The address of `claimant`'s claim status for `epochId`:
 * `createAddressWithSeed(claimant, claimStatusSeed(epochId), rewards program)`. There is no
 * bump: one address per (epoch, claimant), checked by the program with one sha256.
 *
 * @example
 * const status = await findClaimStatusAddress({ epochId: 1n, claimant: wallet.address });
 */
export async function findClaimStatusAddress(
  input: { epochId: bigint; claimant: Address },
  config: { programAddress?: Address } = {},
): Promise<Address> {
  return createAddressWithSeed({
    baseAddress: input.claimant,
    programAddress: config.programAddress ?? REWARDS_PROGRAM_ADDRESS,
    seed: claimStatusSeed(input.epochId),
  });
}
