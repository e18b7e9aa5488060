// The priority-fee policy's decisions against a fee answer in the RPC's shape (fixture:
// 75 zero slots, 25 quiet ones at 1,000..5,000, then a 50-slot burst 20,000..118,000 rising by
// 2,000): percentiles, the lookback window, the provider's estimate, caps and escalation. The
// expected numbers are worked out by hand from that description, not by the code under test.
import { readFileSync } from 'node:fs';
import { address, generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  assertIsPriorityFeePolicy,
  buildTransactionMessage,
  createPriorityFeeEstimator,
  DEFAULT_PRIORITY_FEE_POLICY,
  decidePriorityFee,
  escalatedPrice,
  estimateFromSamples,
  feePercentile,
  formatLamportsAsSol,
  type PriorityFeeSample,
  priceCapFor,
  pricedComputeUnitLimit,
  priorityFeeLamports,
  writableAccountsOf,
} from '../src/index.ts';

const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/priority-fee-samples.json', import.meta.url), 'utf8'),
) as { samples: { slot: number; prioritizationFee: number }[] };
const samples: PriorityFeeSample[] = recorded.samples.map((s) => ({
  slot: BigInt(s.slot),
  prioritizationFee: BigInt(s.prioritizationFee),
}));
const policy = DEFAULT_PRIORITY_FEE_POLICY;

describe('percentiles of the recorded samples', () => {
  it('takes the nearest rank: p50 falls in the zero slots, p75 and p90 in the burst', () => {
    const fees = samples.map((s) => s.prioritizationFee);
    expect(feePercentile(fees, 50)).toBe(0n);
    expect(feePercentile(fees, 66)).toBe(5_000n);
    expect(feePercentile(fees, 67)).toBe(20_000n);
    expect(feePercentile(fees, 75)).toBe(44_000n);
    expect(feePercentile(fees, 90)).toBe(88_000n);
    expect(feePercentile(fees, 100)).toBe(118_000n);
    expect(feePercentile([], 75)).toBe(0n);
  });

  it('counts only the last lookbackSlots slots (the burst alone for 50)', () => {
    expect(estimateFromSamples(samples, { ...policy, percentile: 50, lookbackSlots: 50 })).toBe(
      68_000n,
    );
    expect(estimateFromSamples(samples, { ...policy, percentile: 75, lookbackSlots: 150 })).toBe(
      44_000n,
    );
  });

  it('never offers less than the floor (a quiet median, no samples at all)', () => {
    expect(estimateFromSamples(samples, { ...policy, percentile: 50 })).toBe(1_000n);
    expect(estimateFromSamples([], policy)).toBe(1_000n);
  });
});

describe('caps', () => {
  it('turns a lamport cap into a price for the transaction’s compute-unit limit', () => {
    expect(priceCapFor(10_000n, 200_000)).toBe(50_000n);
    expect(priceCapFor(10_000n, 0)).toBe(0n);
  });

  it('caps a burst price so the priority fee stays within the use’s cap', () => {
    const fee = decidePriorityFee({
      samples,
      policy: { ...policy, percentile: 90 },
      computeUnits: 200_000,
      capLamports: 10_000n,
      attempt: 0,
    });
    expect(fee).toMatchObject({
      microLamportsPerCu: 50_000n,
      priorityLamports: 10_000n,
      totalLamports: 15_000n,
      capped: true,
      source: 'samples',
    });
  });

  it('a higher cap (NAV pushes) pays the market; a low one (fee collection) is held down', () => {
    const at = (capLamports: bigint) =>
      decidePriorityFee({ samples, policy, computeUnits: 100_000, capLamports, attempt: 0 });
    expect(at(1_000_000n)).toMatchObject({ microLamportsPerCu: 44_000n, capped: false });
    expect(at(1_000n)).toMatchObject({ microLamportsPerCu: 10_000n, priorityLamports: 1_000n });
  });

  it('rounds the lamport fee up, as the runtime charges it', () => {
    expect(priorityFeeLamports(1n, 1)).toBe(1n);
    expect(priorityFeeLamports(1_500n, 200_000)).toBe(300n);
    expect(priorityFeeLamports(0n, 200_000)).toBe(0n);
  });
});

describe('escalation', () => {
  it('raises by half, at least by the step, once per retry', () => {
    expect(escalatedPrice(10_000n, 0, policy, 1_000_000n)).toBe(10_000n);
    expect(escalatedPrice(10_000n, 1, policy, 1_000_000n)).toBe(15_000n);
    expect(escalatedPrice(10_000n, 2, policy, 1_000_000n)).toBe(22_500n);
    // From nothing the step decides: 0 -> 1,000 -> 2,000.
    expect(escalatedPrice(0n, 2, policy, 1_000_000n)).toBe(2_000n);
  });

  it('stops at the cap, however many retries', () => {
    const prices = [0, 1, 2, 3, 4, 5, 6, 7].map(
      (attempt) =>
        decidePriorityFee({ samples, policy, computeUnits: 100_000, capLamports: 10_000n, attempt })
          .microLamportsPerCu,
    );
    expect(prices).toEqual([
      44_000n,
      66_000n,
      99_000n,
      100_000n,
      100_000n,
      100_000n,
      100_000n,
      100_000n,
    ]);
  });
});

describe('sources', () => {
  it('prefers the provider’s estimate, floors it, and says where the price came from', () => {
    const base = { samples, policy, computeUnits: 100_000, capLamports: 1_000_000n, attempt: 0 };
    expect(decidePriorityFee({ ...base, providerEstimate: 7_000n })).toMatchObject({
      microLamportsPerCu: 7_000n,
      source: 'provider',
    });
    expect(decidePriorityFee({ ...base, providerEstimate: 10n })).toMatchObject({
      microLamportsPerCu: 1_000n,
      source: 'provider',
    });
    expect(decidePriorityFee({ ...base, samples: [] })).toMatchObject({ source: 'floor' });
  });

  it('reads the writable accounts, falls back to samples when the provider fails', async () => {
    const writable = address('So11111111111111111111111111111111111111112');
    const readonly = address('SysvarC1ock11111111111111111111111111111111');
    const asked: unknown[] = [];
    const rpc = {
      getRecentPrioritizationFees: (accounts: unknown) => ({
        send: async () => {
          asked.push(accounts);
          return recorded.samples.map((s) => ({
            slot: BigInt(s.slot),
            prioritizationFee: BigInt(s.prioritizationFee),
          }));
        },
      }),
    };
    const estimator = createPriorityFeeEstimator({
      rpc: rpc as never,
      policy,
      provider: {
        url: 'http://127.0.0.1:1/',
        method: 'getPriorityFeeEstimate',
        fetch: async () => new Response('{}', { status: 503 }),
      },
    });
    const instructions = [
      {
        instruction: {
          programAddress: readonly,
          accounts: [
            { address: writable, role: 1 },
            { address: readonly, role: 0 },
          ],
        },
        costs: [],
      },
    ] as never;
    const fee = await estimator.decide({ instructions, capLamports: 1_000_000n, attempt: 0 });
    expect(asked).toEqual([[writable]]);
    expect(fee.source).toBe('samples');
    expect(fee.microLamportsPerCu).toBe(44_000n);
    expect(fee.estimate.failures).toEqual(['getPriorityFeeEstimate: HTTP 503']);
  });
});

describe('helpers', () => {
  it('the limit decided on is the one the message carries, so the fee is known before signing', async () => {
    const feePayer = await generateKeyPairSigner();
    const instructions = [
      {
        instruction: { programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr') },
        costs: [{ key: 'vault.deposit' }],
      },
    ] as never;
    const units = pricedComputeUnitLimit(instructions);
    const message = buildTransactionMessage({
      feePayer,
      lifetime: {
        blockhash: '11111111111111111111111111111111' as never,
        lastValidBlockHeight: 1n,
      },
      instructions,
      priorityFeeMicroLamports: 5_000n,
    });
    const limit = message.instructions[0]?.data as Uint8Array;
    // SetComputeUnitLimit: discriminator 2, then the limit as a little-endian u32.
    expect(new DataView(limit.buffer, limit.byteOffset).getUint32(1, true)).toBe(units);
    expect(writableAccountsOf(message.instructions).length).toBe(0);
  });

  it('formats lamports as SOL without floating point', () => {
    expect(formatLamportsAsSol(15_000n)).toBe('0.000015');
    expect(formatLamportsAsSol(1_500_000_000n)).toBe('1.5');
    expect(formatLamportsAsSol(0n)).toBe('0');
  });

  it('rejects a policy out of range, naming the field', () => {
    expect(() => assertIsPriorityFeePolicy({ ...policy, percentile: 0 })).toThrow(/percentile/);
    expect(() => assertIsPriorityFeePolicy({ ...policy, floorMicroLamports: -1n })).toThrow(
      /floorMicroLamports/,
    );
    expect(() => assertIsPriorityFeePolicy(policy)).not.toThrow();
  });
});
