// NAV projections with the issuer's FeeAccrual decay and the vault's management fee, against
// an independent reference (step-by-step exact fractions over one common denominator, the
// fee-share formula written out) on a real vault read from LiteSVM (non-unit multipliers
// 1.0571 and 2.5), and the fee-rate helpers against the tokenized-asset simulator's own
// multiplier timeline.
import { setUnixTime, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMarketModel } from '../../../apps/tokenized-api-sim/src/market-model.ts';
import { SEED_ASSETS } from '../../../apps/tokenized-api-sim/src/seed-data.ts';
import {
  readVault as readFixtureVault,
  SKU,
  treasuryAccounts,
} from '../../../programs/vault/tests/fixture.ts';
import {
  FEE_ACCRUAL_STEP_SECS,
  type FeeAccrualSchedule,
  feeAccrualBpsPerYear,
  feeAccrualScheduleFromState,
  getCollectMgmtFeeInstructionFor,
  getNavProjection,
  getNavQuote,
  multiplierActionFromState,
  type NavQuote,
  projectNav,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run } from './support/vault-world.ts';

const DAY = 86_400n;
const D = 10_000n * 31_536_000n;

let quote: NavQuote;
let lastMgmtFeeTime: bigint;

/** Reference: multiply the multiplier step by step, sum over the product of denominators. */
function referenceNav(q: NavQuote, at: bigint, fee: ReadonlyMap<string, FeeAccrualSchedule>) {
  let num = 0n;
  let den = 1n;
  for (const a of q.assets) {
    if (a.holdingsRaw === 0n || !a.entry) continue;
    const s = fee.get(a.mint);
    let mNum = a.entry.multiplierNum;
    let mDen = 1_000_000_000_000n;
    if (s) {
      const step = s.stepSecs ?? DAY;
      let t = s.firstStepAt ?? (q.now / step + 1n) * step;
      while (t <= q.now) t += step;
      for (; t <= at; t += step) {
        mNum *= D - BigInt(s.bpsPerYear) * step;
        mDen *= D;
      }
    }
    const tNum = a.holdingsRaw * mNum * a.entry.priceUsd1e8;
    const tDen = mDen * 10n ** BigInt(a.decimals + 2);
    num = num * tDen + tNum * den;
    den *= tDen;
  }
  return q.cashRaw + num / den;
}

function referenceSupply(q: NavQuote, at: bigint) {
  const base = q.supply.minted + q.supply.feeSharesOwed;
  const t = at - lastMgmtFeeTime;
  const f = BigInt(q.config.mgmtFeeBps) * t;
  return base + (base * f) / (D - f);
}

describe('projectNav', () => {
  beforeAll(async () => {
    const { b } = await fundedVault();
    quote = await getNavQuote(svmRpc(b.svm), SKU, { now: b.svm.getClock().unixTimestamp });
    lastMgmtFeeTime = readFixtureVault(b).lastMgmtFeeTime;
    // Given a vault holding three assets, two of them with non-unit multipliers
    const multipliers = quote.assets.map((a) => a.entry?.multiplierNum);
    expect(multipliers.filter((m) => m !== 1_000_000_000_000n)).toHaveLength(2);
    expect(quote.assets.every((a) => a.holdingsRaw > 0n)).toBe(true);
  });

  it('applies 25 bps a year of daily decay for a year: the asset value falls by 1 - (1 - 25/3,650,000)^365', () => {
    const fee = new Map(quote.assets.map((a) => [a.mint, { bpsPerYear: 25 }]));
    const at = quote.now + 365n * DAY;
    const p = projectNav(quote, { at, feeAccrual: fee, lastMgmtFeeTime });
    expect(p.navUsd).toBe(referenceNav(quote, at, fee));
    const assetsNow = p.navUsdAtFrom - quote.cashRaw;
    const lost = Number(p.feeAccrualUsd) / Number(assetsNow);
    expect(lost).toBeCloseTo(1 - (1 - 25 / 3_650_000) ** 365, 7);
    // every asset took 365 steps and its multiplier decayed by the same factor
    for (const a of p.assets) {
      expect(a.steps).toBe(365n);
      expect(Number(a.multiplierNum) / Number(a.fromMultiplierNum)).toBeCloseTo(
        (1 - 25 / 3_650_000) ** 365,
        9,
      );
    }
  });

  it('dilutes NAV per share by the vault management fee accrued from lastMgmtFeeTime', () => {
    // Given no issuer fee, the only change over 90 days is the vault's own fee shares
    const at = quote.now + 90n * DAY;
    const p = projectNav(quote, { at, feeAccrual: new Map(), lastMgmtFeeTime });
    expect(p.navUsd).toBe(p.navUsdAtFrom);
    expect(p.supply.effective).toBe(referenceSupply(quote, at));
    expect(p.pricePerShare).toBe(
      ((p.navUsd + 1_000_000n) * 1_000_000_000_000n) / (p.supply.effective + 1_000_000n),
    );
    expect(p.pricePerShare).toBeLessThan(p.pricePerShareAtFrom);
  });

  it('changes nothing at the quote time, and counts a step landing exactly at `at`', () => {
    const fee = new Map(
      quote.assets.map((a) => [a.mint, { bpsPerYear: 40, firstStepAt: quote.now + 10n }]),
    );
    const same = projectNav(quote, { at: quote.now, feeAccrual: fee, lastMgmtFeeTime });
    expect(same.navUsd).toBe(same.navUsdAtFrom);
    expect(same.supply.effective).toBe(quote.supply.effective);
    expect(projectNav(quote, { at: quote.now + 9n, feeAccrual: fee }).assets[0]?.steps).toBe(0n);
    expect(projectNav(quote, { at: quote.now + 10n, feeAccrual: fee }).assets[0]?.steps).toBe(1n);
    // an activation already past counts from its next step of the same cadence
    const late = new Map(
      quote.assets.map((a) => [a.mint, { bpsPerYear: 40, firstStepAt: quote.now - 100n }]),
    );
    const lateSteps = (at: bigint) => projectNav(quote, { at, feeAccrual: late }).assets[0]?.steps;
    expect(lateSteps(quote.now + DAY - 101n)).toBe(0n);
    expect(lateSteps(quote.now + DAY - 100n)).toBe(1n);
  });

  it('equals the reference for random rates, steps, anchors and horizons (rounded down once)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom(3_600n, DAY, 7n * DAY),
        fc.bigInt({ min: 1n, max: 86_400n }),
        fc.bigInt({ min: 0n, max: 120n * DAY }),
        fc.boolean(),
        (rates, step, offset, horizon, withLast) => {
          const fee = new Map(
            quote.assets.map((a, i) => [
              a.mint,
              { bpsPerYear: rates[i] as number, stepSecs: step, firstStepAt: quote.now + offset },
            ]),
          );
          const at = quote.now + horizon;
          const p = projectNav(quote, {
            at,
            feeAccrual: fee,
            ...(withLast ? { lastMgmtFeeTime } : {}),
          });
          expect(p.navUsd).toBe(referenceNav(quote, at, fee));
          expect(p.navUsd).toBeLessThanOrEqual(p.navUsdAtFrom);
          if (withLast) expect(p.supply.effective).toBe(referenceSupply(quote, at));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('moves the multiplier and per-token price by a scheduled split, never the value', () => {
    const mint = quote.assets[0]?.mint as Address;
    const fee = new Map([[mint, { bpsPerYear: 25 }]]);
    const at = quote.now + 10n * DAY;
    const split = multiplierActionFromState({
      currentMultiplier: '1.05710000',
      newMultiplier: '2.11420000',
      activationDateTime: new Date(Number(quote.now + 3n * DAY) * 1000),
      reason: 'Split',
    });
    expect(split).toEqual({
      at: quote.now + 3n * DAY,
      num: 211_420_000n * 10n ** 8n,
      den: 105_710_000n * 10n ** 8n,
    });
    const without = projectNav(quote, { at, feeAccrual: fee });
    const withSplit = projectNav(quote, {
      at,
      feeAccrual: fee,
      multiplierActions: new Map([[mint, [split as NonNullable<typeof split>]]]),
    });
    expect(withSplit.navUsd).toBe(without.navUsd);
    const [a, b] = [withSplit.assets[0], without.assets[0]];
    expect(a?.actions).toBe(1);
    expect(a?.multiplierNum).toBe((b?.multiplierNum ?? 0n) * 2n);
    expect(a?.priceUsd1e8).toBe((quote.assets[0]?.entry?.priceUsd1e8 ?? 0n) / 2n);
    // a FeeAccrual state is not an action, and an action after `at` is not applied
    expect(
      multiplierActionFromState({
        currentMultiplier: '1.0',
        newMultiplier: '0.99',
        activationDateTime: new Date(0),
        reason: 'FeeAccrual',
      }),
    ).toBeNull();
    const late = projectNav(quote, {
      at,
      feeAccrual: fee,
      multiplierActions: new Map([[mint, [{ at: at + 1n, num: 2n, den: 1n }]]]),
    });
    expect(late.assets[0]?.actions).toBe(0);
  });

  it('refuses a time before the quote and a horizon over ten years', () => {
    expect(() => projectNav(quote, { at: quote.now - 1n, feeAccrual: new Map() })).toThrow(
      /before/,
    );
    expect(() =>
      projectNav(quote, { at: quote.now + 3_651n * DAY, feeAccrual: new Map() }),
    ).toThrow(/ten years/);
  });
});

describe('getNavProjection against the vault program', () => {
  it('projects the effective supply that collect_mgmt_fee then mints at that time', async () => {
    // Given a funded vault and a projection 90 days out read through the SDK
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const now = b.svm.getClock().unixTimestamp;
    const at = now + 90n * DAY;
    const { quote: q, projection } = await getNavProjection(svmRpc(b.svm), SKU, {
      now,
      at,
      feeAccrual: new Map(b.assets.map((a) => [a.mint.address, { bpsPerYear: 25 }])),
    });
    expect(projection.supply.accruedMgmtFeeShares).toBeGreaterThan(0n);
    expect(projection.feeAccrualUsd).toBeGreaterThan(0n);
    // When the clock reaches `at` and anyone collects the management fee
    setUnixTime(b.svm, at);
    const r = await run(
      b,
      alice.signer,
      await getCollectMgmtFeeInstructionFor({
        vault: await readVault(b),
        treasuryShares: treasury.shares,
      }),
    );
    expect(r.error).toBeNull();
    // Then the minted supply is exactly the projected effective supply
    expect(q.supply.minted + tokenAmount(b.svm, treasury.shares)).toBe(projection.supply.effective);
  });
});

describe('FeeAccrual rate from the tokenized-asset API', () => {
  it('reads back every simulator asset rate from its FeeAccrual history, and its decay matches', () => {
    const anchor = Date.UTC(2026, 10, 23, 15);
    const market = createMarketModel(anchor);
    for (const asset of SEED_ASSETS.filter((a) => a.feeAccrualBpsPerYear > 0)) {
      // Given the simulator's timeline over the 60 days before the anchor
      const steps = market.timeline(asset, anchor).filter((c) => c.reason === 'FeeAccrual');
      expect(steps.length).toBeGreaterThan(30);
      const last = steps.at(-2) as (typeof steps)[number];
      const change = {
        previousMultiplier: { value: last.previous, scale: 8 },
        newMultiplier: { value: last.next, scale: 8 },
      };
      // Then the implied rate is the seeded one
      expect(feeAccrualBpsPerYear(change)).toBe(asset.feeAccrualBpsPerYear);
      // and 30 exact steps from the first stay within 30 truncation units of the simulator
      const first = steps[0] as (typeof steps)[number];
      const thirtieth = steps[29] as (typeof steps)[number];
      const factor = D - BigInt(asset.feeAccrualBpsPerYear) * DAY;
      const exact = (first.previous * factor ** 30n) / D ** 30n;
      expect(exact - thirtieth.next).toBeGreaterThanOrEqual(0n);
      expect(exact - thirtieth.next).toBeLessThanOrEqual(30n);
    }
  });

  it('turns a pending FeeAccrual state into a schedule starting at its activation, and ignores a split', () => {
    const activation = new Date('2026-11-24T00:00:00Z');
    const schedule = feeAccrualScheduleFromState({
      currentMultiplier: '1.05710000',
      newMultiplier: '1.05709276',
      activationDateTime: activation,
      reason: 'FeeAccrual',
    });
    expect(schedule).toEqual({ bpsPerYear: 25, firstStepAt: 1_795_478_400n });
    expect(FEE_ACCRUAL_STEP_SECS).toBe(DAY);
    expect(
      feeAccrualScheduleFromState({
        currentMultiplier: '1.00000000',
        newMultiplier: '2.00000000',
        activationDateTime: activation,
        reason: 'Split',
      }),
    ).toBeNull();
    expect(() => feeAccrualBpsPerYear({ previousMultiplier: '1.0', newMultiplier: '2.0' })).toThrow(
      /grew/,
    );
  });
});
