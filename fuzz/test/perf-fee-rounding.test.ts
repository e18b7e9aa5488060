import { send, setUnixTime, TOKEN_2022_PROGRAM_ADDRESS, tokenAmount } from '@basket/test-harness';
import { getCollectPerfFeeInstruction } from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  depositIx,
  initVault,
  MONDAY_15H,
  mintSupply,
  multiplierNum,
  navDown,
  newDepositor,
  patchVault,
  readVault,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  writeSnapshot,
} from '../../programs/vault/tests/fixture.ts';

// Kills the two performance-fee rounding mutants the mutation run left alive
// (docs/mutants.md: share_math perf_fee's gain and fee rounded up instead of down). The vault
// holds mostly cash, so a share is worth about a dollar and one micro-USD of fee is about one
// share unit: a fee rounded the wrong way shows in the minted shares. Each case compares the
// treasury's shares with the BigInt reference exactly.
const USDC = 1_000_000n;
const PERIOD = 90n * 86_400n;
const YEAR = 365n * 86_400n;
const PPS = 1_000_000_000_000n;

function expectedShares(b: Basket, nav: bigint, elapsed: bigint): bigint {
  const s = readVault(b);
  const supply0 = mintSupply(b.svm, b.shareMint) + s.feeSharesOwed;
  const accrued =
    (supply0 * BigInt(s.mgmtFeeBps) * elapsed) / (10_000n * YEAR - BigInt(s.mgmtFeeBps) * elapsed);
  const supply = supply0 + accrued;
  const pps = ((nav + VIRTUAL_ASSETS_USD) * PPS) / (supply + VIRTUAL_SHARES);
  if (pps <= s.highWaterMarkPps) return 0n;
  const gain = ((pps - s.highWaterMarkPps) * supply) / PPS; // rounded down
  const fee = (gain * BigInt(s.perfFeeBps)) / 10_000n; // rounded down
  return (fee * (supply + VIRTUAL_SHARES)) / (nav + VIRTUAL_ASSETS_USD - fee);
}

async function feeCase(depositUsdc: bigint, stockRaw: bigint, moveBps: bigint, perfFeeBps: number) {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, depositUsdc * USDC);
  expect((await send(b.svm, [depositIx(b, alice, depositUsdc * USDC)], b.payer)).ok).toBe(true);
  await stockHoldings(b, [stockRaw, 0n, 0n]);
  const treasury = await treasuryAccounts(b);
  const supply = mintSupply(b.svm, b.shareMint);
  patchVault(b, (s) => ({
    ...s,
    perfFeeBps,
    highWaterMarkPps: ((navDown(b) + VIRTUAL_ASSETS_USD) * PPS) / (supply + VIRTUAL_SHARES),
  }));
  setUnixTime(b.svm, MONDAY_15H + PERIOD);
  const a0 = b.assets[0];
  if (!a0) throw new Error('fixture');
  a0.priceUsd1e8 = (a0.priceUsd1e8 * (10_000n + moveBps)) / 10_000n;
  const entries = b.assets.map((a) => ({
    mint: a.mint.address,
    priceUsd1e8: a.priceUsd1e8,
    multiplierNum: multiplierNum(a.multiplier),
  }));
  // Two pushes: the fee prices at the lower of the last two snapshots (price memory).
  writeSnapshot(b, { entries });
  writeSnapshot(b, { entries });
  const want = expectedShares(b, navDown(b), PERIOD);
  const ix = getCollectPerfFeeInstruction({
    vault: b.vault,
    navSnapshot: b.snapshot,
    shareMint: b.shareMint,
    treasuryShares: treasury.shares,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    assetAccounts: assetPairs(b),
  });
  const r = await send(b.svm, [ix], b.payer);
  expect(r.error).toBeNull();
  return { got: tokenAmount(b.svm, treasury.shares), want };
}

describe('collect_perf_fee rounds the gain and the fee down (rounding favours the holders)', () => {
  // Deposits, stock books and moves chosen so the gain and the fee are inexact divisions.
  const cases: [bigint, bigint, bigint][] = [
    [1_000n, 40_000_000n, 1_013n],
    [1_337n, 43_210_987n, 777n],
    [2_503n, 51_234_567n, 1_999n],
    [999n, 33_333_333n, 311n],
    [1_777n, 47_474_747n, 1_501n],
    [3_141n, 59_265_358n, 2_718n],
  ];
  it.each(cases)(
    'deposit %i USDC, stock book %i, move %i bps: fee at 10% and at 100% exact',
    async (dep, stock, move) => {
      for (const bps of [1_000, 10_000]) {
        const { got, want } = await feeCase(dep, stock, move, bps);
        expect(want).toBeGreaterThan(0n);
        expect(got).toBe(want);
      }
    },
  );
});
