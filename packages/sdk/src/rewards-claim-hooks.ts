/**
 * `claim` for epochs whose reward mints have a transfer hook set: the claim of
 * {@link getClaimInstructionFor} with the hooks' extra accounts appended, which the rewards
 * program passes through to each Token-2022 transfer.
 */
import { withTransferHookAccounts } from '@basket/rewards-client';
import type { AccountMeta } from '@solana/kit';
import { hookedTransferCosts } from './compute-unit-costs.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import { getClaimInstructionFor } from './rewards-instructions.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { hookValidationBumps } from './transfer-hook-accounts.ts';

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
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const { hookAccounts, defer = [], ...claim } = input;
  const destinations = claim.destinations.map((d, i) =>
    defer.includes(i) ? (claim.epoch.rewards[i]?.holding ?? d) : d,
  );
  const costed = await getClaimInstructionFor({ ...claim, destinations }, programs);
  if (hookAccounts.length === 0) return costed;
  // Each paid mint whose hook is among the accounts runs it, priced from its validation bump
  // (a deferred mint moves nothing).
  const paidMints = claim.destinations.flatMap((_, i) => {
    const mint = claim.epoch.rewards[i]?.mint;
    return mint && !defer.includes(i) ? [mint] : [];
  });
  const instruction = withTransferHookAccounts(costed.instruction, hookAccounts);
  // The program passes every hook account to each reward transfer it makes.
  const forwarded =
    (instruction.accounts?.length ?? 0) - (costed.instruction.accounts?.length ?? 0);
  return {
    instruction,
    costs: [
      ...costed.costs,
      ...hookedTransferCosts(await hookValidationBumps(paidMints, hookAccounts)),
      { key: 'vault.perForwardedHookAccount', count: forwarded * paidMints.length },
    ],
  };
}
