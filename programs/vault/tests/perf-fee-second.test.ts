// The performance fee at an exact second (issue 31): the SDK's quote of the landing second
// and collect_perf_fee mint the same shares, to the share, after a management-fee collection
// one or more seconds earlier (the keeper's daily order). Where a keeper measures the two fees
// from the treasury's balance, the management fee must be quoted at ITS landing second: the
// performance fee's own accrual moves `last_mgmt_fee_time` to the later second, and quoting
// the management fee there attributes that accrual (owed, not minted) to it, one share or
// more per second off. Each fee's rounding is checked where it has a remainder, toward the
// vault: fee shares and management-fee accrual rounded down, NAV rounded down.

import { decodeProgramEvents, getNavQuote, type NavQuote, quotePerfFee } from '@basket/sdk';
import { send, setUnixTime, TOKEN_2022_PROGRAM_ADDRESS, tokenAmount } from '@basket/test-harness';
import {
  getCollectMgmtFeeInstruction,
  getCollectPerfFeeInstruction,
  type PerfFeeCrystallizedEvent,
} from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import { svmRpc } from '../../../packages/sdk/test/support/svm-rpc.ts';
import { fundedVault, readVault } from '../../../packages/sdk/test/support/vault-world.ts';
import {
  assetPairs,
  type Basket,
  multiplierNum,
  SKU,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  writeSnapshot,
} from './fixture.ts';

const PERIOD = 90n * 86_400n;
const PPS = 1_000_000_000_000n;
const BPS = 10_000n;
const YEAR = 365n * 86_400n;

/** Prices every asset at `num / den` of its fixture price, pushed twice (price memory). */
function rise(b: Basket, num: bigint, den: bigint): void {
  const entries = b.assets.map((a) => ({
    mint: a.mint.address,
    priceUsd1e8: (a.priceUsd1e8 * num) / den,
    multiplierNum: multiplierNum(a.multiplier),
  }));
  writeSnapshot(b, { entries });
  writeSnapshot(b, { entries });
}

async function quoteAt(b: Basket, now: bigint): Promise<NavQuote> {
  return getNavQuote(svmRpc(b.svm), SKU, { now });
}

/** A vault past its first period end with NAV per share above the mark; clock at `t1`. */
async function duePerfFee(num: bigint, den: bigint) {
  const { b } = await fundedVault();
  const treasury = await treasuryAccounts(b);
  const vault = await readVault(b);
  const t1 = vault.data.lastPerfFeeTime + PERIOD + 60n;
  setUnixTime(b.svm, t1);
  rise(b, num, den);
  return { b, treasury, vault: vault.address, t1 };
}

type Due = Awaited<ReturnType<typeof duePerfFee>>;

async function collectMgmt({ b, vault, treasury }: Due) {
  const shares = treasury.shares;
  const r = await send(
    b.svm,
    [
      getCollectMgmtFeeInstruction({
        vault,
        shareMint: b.shareMint,
        treasuryShares: shares,
        token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      }),
    ],
    b.payer,
  );
  expect(r.error).toBeNull();
}

async function collectPerf({ b, vault, treasury }: Due) {
  const shares = treasury.shares;
  const r = await send(
    b.svm,
    [
      getCollectPerfFeeInstruction({
        vault,
        navSnapshot: b.snapshot,
        shareMint: b.shareMint,
        treasuryShares: shares,
        token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
        assetAccounts: assetPairs(b),
      }),
    ],
    b.payer,
  );
  expect(r.error).toBeNull();
  const events = decodeProgramEvents(r.logs);
  const perf = events.find((e) => e.status === 'decoded' && e.name === 'perfFeeCrystallized');
  if (perf?.status !== 'decoded') throw new Error('no PerfFeeCrystallized event');
  return perf.event as PerfFeeCrystallizedEvent;
}

describe('collect_perf_fee at an exact second', () => {
  for (const gap of [0n, 1n, 3_600n, 86_400n]) {
    it(`mints the SDK quote of its second, ${gap} s after the management fee's collection`, async () => {
      const due = await duePerfFee(3n, 2n);
      const { b, treasury, t1 } = due;
      const t2 = t1 + gap;
      // Both quotes from the state before either collection, as the keeper test took them.
      const mgmtQuote = await quoteAt(b, t1);
      const mgmtQuoteLate = await quoteAt(b, t2);
      const start = tokenAmount(b.svm, treasury.shares);
      await collectMgmt(due);
      const mgmtMinted = tokenAmount(b.svm, treasury.shares) - start;
      expect(mgmtMinted).toBe(
        mgmtQuote.supply.feeSharesOwed + mgmtQuote.supply.accruedMgmtFeeShares,
      );

      setUnixTime(b.svm, t2);
      rise(b, 3n, 2n); // a snapshot fresh at t2, same prices
      const quoted = await quoteAt(b, t2);
      const perf = quotePerfFee(quoted);
      if (!perf.ok) throw new Error(perf.refusal.message);
      const event = await collectPerf(due);
      const perfMinted = tokenAmount(b.svm, treasury.shares) - start - mgmtMinted;
      // Exact: the program and the SDK compute the same fee at the same second.
      expect(perfMinted).toBe(perf.feeShares);
      expect(event.feeShares).toBe(perf.feeShares);
      expect((await readVault(b)).data.highWaterMarkPps).toBe(perf.newHwmPps);
      // The event says what the performance fee's accrual added (owed, not minted) and the
      // supply after: the indexer follows the supply from it.
      expect(event.mgmtFeeAccrued).toBe(quoted.supply.accruedMgmtFeeShares);
      expect(event.supplyBefore).toBe(quoted.supply.effective);
      expect(event.supplyAfter).toBe(quoted.supply.effective + perf.feeShares);

      // The keeper test's old measure: the management fee quoted at the vault's
      // `last_mgmt_fee_time` after both collections, which the performance fee moved to its
      // own second. It counts the performance fee's accrual (owed, not minted) as minted.
      expect((await readVault(b)).data.lastMgmtFeeTime).toBe(t2);
      const oldMeasure =
        mgmtQuoteLate.supply.feeSharesOwed + mgmtQuoteLate.supply.accruedMgmtFeeShares;
      const off = oldMeasure - mgmtMinted - event.mgmtFeeAccrued;
      expect(off >= -1n && off <= 1n).toBe(true); // two floors instead of one
      if (gap === 0n) expect(oldMeasure).toBe(mgmtMinted);
      if (gap >= 3_600n) expect(oldMeasure).toBeGreaterThan(mgmtMinted);
    });
  }
});

describe('fee rounding favours the vault (a test per rounding step, each with a remainder)', () => {
  it('performance fee: shares rounded down from a fractional exact fee, NAV rounded down', async () => {
    const due = await duePerfFee(7n, 5n);
    const { b, treasury, t1 } = due;
    const quoted = await quoteAt(b, t1);
    const perf = quotePerfFee(quoted);
    if (!perf.ok || !quoted.navUsd) throw new Error('not due');
    const nav = quoted.navUsd.down;
    const supply = quoted.supply.effective;
    // The exact fee in shares, recomputed: fee_usd x (supply + V_s) / (nav + V_a - fee_usd).
    const pps = ((nav + VIRTUAL_ASSETS_USD) * PPS) / (supply + VIRTUAL_SHARES);
    const hwm = quoted.config.highWaterMarkPps;
    const feeUsd = ((((pps - hwm) * supply) / PPS) * BigInt(quoted.config.perfFeeBps)) / BPS;
    const num = feeUsd * (supply + VIRTUAL_SHARES);
    const den = nav + VIRTUAL_ASSETS_USD - feeUsd;
    expect(num % den).not.toBe(0n); // a remainder to round
    expect(perf.feeShares).toBe(num / den); // down, not to the nearest nor up
    // NAV rounded down charges no more than NAV rounded up would.
    expect(quoted.navUsd.down).toBeLessThan(quoted.navUsd.up);
    const before = tokenAmount(b.svm, treasury.shares);
    const event = await collectPerf(due);
    expect(tokenAmount(b.svm, treasury.shares) - before).toBe(num / den);
    expect(event.navUsd).toBe(nav);
  });

  it('management fee accrued inside collect_perf_fee: rounded down from a fractional accrual', async () => {
    const due = await duePerfFee(3n, 2n);
    const { b, t1 } = due;
    await collectMgmt(due);
    // A day less a second: supply x bps x t / (BPS x YEAR - bps x t) is fractional here.
    const t = 86_399n;
    setUnixTime(b.svm, t1 + t);
    rise(b, 3n, 2n);
    const quoted = await quoteAt(b, t1 + t);
    const base = quoted.supply.effective - quoted.supply.accruedMgmtFeeShares;
    const bps = BigInt(quoted.config.mgmtFeeBps);
    const num = base * bps * t;
    const den = BPS * YEAR - bps * t;
    expect(num % den).not.toBe(0n);
    expect(num / den).toBeGreaterThan(0n);
    const event = await collectPerf(due);
    expect(event.mgmtFeeAccrued).toBe(num / den); // down: the treasury's part is not rounded up
    expect(quoted.supply.accruedMgmtFeeShares).toBe(num / den);
  });
});
