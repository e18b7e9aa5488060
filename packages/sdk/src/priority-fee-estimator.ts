/**
 * Reads what the priority-fee policy decides from: `getRecentPrioritizationFees` over the
 * accounts a transaction writes and, when configured, a provider's fee-estimate method (one
 * JSON-RPC call in the common `getPriorityFeeEstimate` shape). A source that fails is left out,
 * never fatal: the decision falls back to the other source, then to the policy's floor.
 */

import type { Address, GetRecentPrioritizationFeesApi, Rpc } from '@solana/kit';
import {
  decidePriorityFee,
  type PriorityFeeDecision,
  type PriorityFeePolicy,
  type PriorityFeeSample,
  pricedComputeUnitLimit,
  writableAccountsOf,
} from './priority-fee-policy.ts';
import type { CostedInstruction } from './transaction-message.ts';

/**
 * A provider's fee-estimate method: `method` is called at `url` with
 * `[{ accountKeys, options: { recommended: true } }]` and answers
 * `{ priorityFeeEstimate: number }` in micro-lamports per compute unit.
 *
 * @example
 * const provider: PriorityFeeProvider = { url: 'https://rpc.example.com/?key=...', method: 'getPriorityFeeEstimate' };
 */
export interface PriorityFeeProvider {
  readonly url: string;
  readonly method: string;
  readonly fetch?: typeof fetch;
}

/**
 * What the sources said for one set of writable accounts.
 *
 * @example
 * const { samples, providerEstimate } = await estimator.read(accounts);
 */
export interface PriorityFeeEstimate {
  readonly samples: readonly PriorityFeeSample[];
  readonly providerEstimate: bigint | null;
  /** Sources that failed (their error message), for the caller's log. */
  readonly failures: readonly string[];
}

/**
 * Reads fee samples and decides prices for one policy.
 *
 * @example
 * const estimator = createPriorityFeeEstimator({ rpc, policy: DEFAULT_PRIORITY_FEE_POLICY });
 */
export interface PriorityFeeEstimator {
  readonly policy: PriorityFeePolicy;
  /** Reads the sources for these writable accounts. */
  read(accounts: readonly Address[]): Promise<PriorityFeeEstimate>;
  /**
   * The decision for a transaction of `instructions` at retry `attempt`; pass `estimate` to
   * decide again (a retry) without reading the sources again.
   */
  decide(input: {
    instructions: readonly CostedInstruction[];
    capLamports: bigint;
    attempt: number;
    signatures?: number;
    estimate?: PriorityFeeEstimate;
  }): Promise<PriorityFeeDecision & { estimate: PriorityFeeEstimate }>;
}

async function providerEstimate(
  provider: PriorityFeeProvider,
  accounts: readonly Address[],
): Promise<bigint> {
  const response = await (provider.fetch ?? fetch)(provider.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: provider.method,
      params: [{ accountKeys: accounts, options: { recommended: true } }],
    }),
  });
  if (!response.ok) throw new Error(`${provider.method}: HTTP ${response.status}`);
  const body = (await response.json()) as {
    result?: { priorityFeeEstimate?: number };
    error?: { message?: string };
  };
  const value = body.result?.priorityFeeEstimate;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${provider.method}: ${body.error?.message ?? 'no priorityFeeEstimate'}`);
  }
  // Providers answer a JSON number (sometimes fractional); the price is whole micro-lamports.
  return BigInt(Math.ceil(value));
}

/**
 * Creates a {@link PriorityFeeEstimator} over an RPC (and optionally a provider).
 *
 * @example
 * const estimator = createPriorityFeeEstimator({ rpc, policy: DEFAULT_PRIORITY_FEE_POLICY });
 * const fee = await estimator.decide({ instructions, capLamports: 100_000n, attempt: 0 });
 * buildTransactionMessage({ feePayer, lifetime, instructions, priorityFeeMicroLamports: fee.microLamportsPerCu });
 */
export function createPriorityFeeEstimator(config: {
  rpc: Rpc<GetRecentPrioritizationFeesApi>;
  policy: PriorityFeePolicy;
  provider?: PriorityFeeProvider | null;
}): PriorityFeeEstimator {
  const read = async (accounts: readonly Address[]): Promise<PriorityFeeEstimate> => {
    const failures: string[] = [];
    const [samples, provider] = await Promise.all([
      config.rpc
        .getRecentPrioritizationFees(accounts)
        .send()
        .then((rows) =>
          rows.map((r) => ({
            slot: BigInt(r.slot),
            prioritizationFee: BigInt(r.prioritizationFee),
          })),
        )
        .catch((error: unknown) => {
          failures.push(`getRecentPrioritizationFees: ${(error as Error)?.message ?? error}`);
          return [] as PriorityFeeSample[];
        }),
      config.provider
        ? providerEstimate(config.provider, accounts).catch((error: unknown) => {
            failures.push((error as Error)?.message ?? String(error));
            return null;
          })
        : Promise.resolve(null),
    ]);
    return { samples, providerEstimate: provider, failures };
  };
  return {
    policy: config.policy,
    read,
    async decide(input) {
      const estimate =
        input.estimate ??
        (await read(writableAccountsOf(input.instructions.map((i) => i.instruction))));
      const decision = decidePriorityFee({
        samples: estimate.samples,
        providerEstimate: estimate.providerEstimate,
        policy: config.policy,
        computeUnits: pricedComputeUnitLimit(input.instructions),
        capLamports: input.capLamports,
        attempt: input.attempt,
        ...(input.signatures === undefined ? {} : { signatures: input.signatures }),
      });
      return { ...decision, estimate };
    },
  };
}
