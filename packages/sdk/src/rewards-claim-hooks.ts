/**
 * `claim` for epochs whose reward mints have a transfer hook set: the claim of
 * {@link getClaimInstructionFor} with the hooks' extra accounts appended, which the rewards
 * program passes through to each Token-2022 transfer.
 */
import { withTransferHookAccounts } from '@basket/rewards-client';
import type { AccountMeta } from '@solana/kit';
import { hookedTransferCost } from './compute-unit-costs.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import { getClaimInstructionFor } from './rewards-instructions.ts';
import type { CostedInstruction } from './transaction-message.ts';

/**
 * A `claim` whose hooked reward mints get their extra accounts: pass in `hookAccounts` what
 * the hook-resolution helper returns for each hooked mint's transfer from the epoch holding
 * to the claimant's destination (duplicates are merged). With no hooked mint and nothing
 * deferred, the result is exactly {@link getClaimInstructionFor}'s.
 *
 * @example
 * const { instruction } = await getClaimInstructionWithHooksFor({ claimant, epoch, destinations, amounts, proof, hookAccounts });
 */
export async function getClaimInstructionWithHooksFor(
  input: Parameters<typeof getClaimInstructionFor>[0] & {
    hookAccounts: readonly AccountMeta[];
    /**
     * Indices (epoch order) of mints to leave owed for now, for example one whose transfer
     * hook refuses (a simulation says so): their destination becomes the epoch holding, which
     * the program reads as "defer", so the other mints still pay. A later claim with the same
     * proof pays them.
     */
    defer?: readonly number[];
    /**
     * How many of the claim's transfers run a hook (each priced with {@link hookedTransferCost}:
     * Token-2022 invoking the hook program). Without it, every transfer of the claim (one per
     * destination) is priced as hooked when `hookAccounts` is not empty: a limit too high costs
     * nothing, one too low fails the claim for lack of compute.
     */
    hookedTransfers?: number;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const { hookAccounts, defer = [], hookedTransfers, ...claim } = input;
  const destinations = claim.destinations.map((d, i) =>
    defer.includes(i) ? (claim.epoch.rewards[i]?.holding ?? d) : d,
  );
  const costed = await getClaimInstructionFor({ ...claim, destinations }, programs);
  if (hookAccounts.length === 0) return costed;
  const hooked = hookedTransfers ?? claim.destinations.length;
  return {
    instruction: withTransferHookAccounts(costed.instruction, hookAccounts),
    costs: [...costed.costs, hookedTransferCost(hooked)],
  };
}
