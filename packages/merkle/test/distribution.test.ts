import { type Address, getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  buildDistribution,
  type StakeInterval,
  stakePoints,
  toArtifact,
  verifyArtifact,
  verifyProof,
} from '../src/index.ts';

const addr = (byte: number) => getAddressDecoder().decode(new Uint8Array(32).fill(byte));
const PROGRAM = addr(200);
const DAY = 86_400n;
const EPOCH_START = 1_800_000_000n;
const EPOCH_END = EPOCH_START + 7n * DAY;

describe('stakePoints', () => {
  it('weighs amount x tier weight x seconds held inside the epoch', () => {
    const stakes: StakeInterval[] = [
      // whole epoch, 90-day tier
      { owner: addr(1), amount: 100n, weight: 2n, start: EPOCH_START - DAY, end: null },
      // joins for the last day, 30-day tier
      { owner: addr(2), amount: 700n, weight: 1n, start: EPOCH_END - DAY, end: null },
      // withdrew before the epoch: nothing
      { owner: addr(3), amount: 5n, weight: 4n, start: 0n, end: EPOCH_START },
      // withdrew after one day
      { owner: addr(1), amount: 10n, weight: 4n, start: 0n, end: EPOCH_START + DAY },
    ];
    const p = stakePoints(stakes, EPOCH_START, EPOCH_END);
    expect(p.get(addr(1))).toBe(100n * 2n * 7n * DAY + 10n * 4n * DAY);
    expect(p.get(addr(2))).toBe(700n * DAY);
    expect(p.has(addr(3))).toBe(false);
  });
});

describe('allocate (largest remainder)', () => {
  it('gives leftover units to the largest remainders, ties by address bytes', () => {
    // 10 split 1:1:1 -> 3,3,3 and one unit left; equal remainders -> lowest address wins
    const out = allocate(
      10n,
      new Map([
        [addr(3), 1n],
        [addr(1), 1n],
        [addr(2), 1n],
      ]),
    );
    expect([out.get(addr(1)), out.get(addr(2)), out.get(addr(3))]).toEqual([4n, 3n, 3n]);
    // 10 split 1:2 -> 3.33 / 6.67 -> the larger remainder (6.67) gets the unit
    const two = allocate(
      10n,
      new Map([
        [addr(1), 1n],
        [addr(2), 2n],
      ]),
    );
    expect([two.get(addr(1)), two.get(addr(2))]).toEqual([3n, 7n]);
  });

  it('always sums to the total and never moves anyone more than one unit off the exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        fc.array(fc.bigInt({ min: 1n, max: 1n << 90n }), { minLength: 1, maxLength: 40 }),
        (total, pts) => {
          const points = new Map<Address, bigint>(pts.map((p, i) => [addr(i + 1), p]));
          const out = allocate(total, points);
          const sum = [...out.values()].reduce((a, b) => a + b, 0n);
          expect(sum).toBe(total);
          const P = pts.reduce((a, b) => a + b, 0n);
          for (const [owner, p] of points) {
            const floor = (total * p) / P;
            const got = out.get(owner) as bigint;
            expect(got === floor || got === floor + 1n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('buildDistribution and its artifact', () => {
  const stakeArb = fc.record({
    owner: fc.integer({ min: 1, max: 30 }).map(addr),
    amount: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    weight: fc.constantFrom(1n, 2n, 4n),
    start: fc.bigInt({ min: EPOCH_START - 30n * DAY, max: EPOCH_END - 1n }),
    end: fc.option(fc.bigInt({ min: EPOCH_START + 1n, max: EPOCH_END + DAY }), { nil: null }),
  });

  it('leaves sum exactly to the funded totals, every proof verifies, and the artifact re-verifies (property)', () => {
    fc.assert(
      fc.property(
        fc.array(stakeArb, { minLength: 1, maxLength: 25 }),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 4 }),
        (stakes, totals) => {
          fc.pre(stakePoints(stakes, EPOCH_START, EPOCH_END).size > 0);
          const d = buildDistribution({
            programId: PROGRAM,
            epochId: 5n,
            epochStart: EPOCH_START,
            epochEnd: EPOCH_END,
            rewardMints: totals.map((_, i) => addr(100 + i)),
            totals,
            stakes,
          });
          totals.forEach((t, i) => {
            expect(d.claims.reduce((s, c) => s + (c.amounts[i] as bigint), 0n)).toBe(t);
          });
          for (const c of d.claims) expect(verifyProof(c.leaf, c.proof, d.root)).toBe(true);
          const artifact = JSON.parse(JSON.stringify(toArtifact(d)));
          expect(verifyArtifact(artifact)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reports an inflated amount, a foreign proof and a moved total in a tampered artifact', () => {
    const stakes: StakeInterval[] = [1, 2, 3].map((i) => ({
      owner: addr(i),
      amount: 10n * BigInt(i),
      weight: 1n,
      start: 0n,
      end: null,
    }));
    const d = buildDistribution({
      programId: PROGRAM,
      epochId: 1n,
      epochStart: EPOCH_START,
      epochEnd: EPOCH_END,
      rewardMints: [addr(100)],
      totals: [1_000n],
      stakes,
    });
    const a = toArtifact(d);
    const inflated = structuredClone(a);
    (inflated.claims[0] as { amounts: string[] }).amounts[0] = '999';
    expect(verifyArtifact(inflated).join('\n')).toMatch(/does not reach the root/);
    expect(verifyArtifact(inflated).join('\n')).toMatch(/claims sum to/);
    const swapped = structuredClone(a);
    (swapped.claims[0] as { proof: string[] }).proof = (a.claims[1] as { proof: string[] }).proof;
    expect(verifyArtifact(swapped).length).toBeGreaterThan(0);
  });
});
