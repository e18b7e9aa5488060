/**
 * The priority fee of a proposal, decided when it is built (its signatures fix it): the
 * compute-unit limit is the simulated use plus 20% (a proposal's instructions come without
 * measured costs), the price the SDK's policy over the accounts it writes, capped so an
 * operator's transaction pays at most 0.001 SOL of priority fee.
 */
import {
  DEFAULT_PRIORITY_FEE_POLICY,
  decidePriorityFee,
  type PriorityFeeSample,
  writableAccountsOf,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Base64EncodedWireTransaction, Instruction } from '@solana/kit';

/** The most priority fee (lamports) one operator transaction may pay. */
export const OPS_PRIORITY_FEE_CAP_LAMPORTS = 1_000_000n;
/** Two compute-budget instructions, 150 units each. */
const BUDGET_UNITS = 300;
const MAX_UNITS = 1_400_000;

/**
 * The limit and price for a proposal whose unpriced transaction is `wire`.
 *
 * @example
 * const fee = await proposalPriorityFee(chain, wire, instructions);
 */
export async function proposalPriorityFee(
  chain: Chain,
  wire: Base64EncodedWireTransaction,
  instructions: readonly Instruction[],
): Promise<{ computeUnitLimit: number; microLamportsPerCu: bigint }> {
  // Admins have not signed yet: the signatures are not checked, only what the programs use.
  const simulation = await chain.rpc
    .simulateTransaction(wire, { encoding: 'base64', sigVerify: false, commitment: 'confirmed' })
    .send();
  const used = Number(simulation.value.unitsConsumed ?? 200_000n);
  const computeUnitLimit = Math.min(MAX_UNITS, Math.ceil((used * 12) / 10) + BUDGET_UNITS);
  let samples: PriorityFeeSample[] = [];
  try {
    const fees = await chain.rpc
      .getRecentPrioritizationFees(writableAccountsOf(instructions))
      .send();
    samples = fees.map((f) => ({
      slot: BigInt(f.slot),
      prioritizationFee: BigInt(f.prioritizationFee),
    }));
  } catch {
    // No samples: the policy's floor.
  }
  const fee = decidePriorityFee({
    samples,
    policy: DEFAULT_PRIORITY_FEE_POLICY,
    computeUnits: computeUnitLimit,
    capLamports: OPS_PRIORITY_FEE_CAP_LAMPORTS,
    attempt: 0,
  });
  return { computeUnitLimit, microLamportsPerCu: fee.microLamportsPerCu };
}
