// quotePerfFee and collect_perf_fee agree on the fixed period grid (decision 0101), over the
// real program on the vault fixture (issuer mints, non-unit multipliers): mid-period, in the
// window with a snapshot from before the end, in the window valued after it, past the window,
// and the next end on the same grid. Each case: the quote's answer, then the program's.
import { send, setUnixTime, TOKEN_2022_PROGRAM_ADDRESS, tokenAmount } from '@basket/test-harness';
import { getCollectPerfFeeInstruction } from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  multiplierNum,
  SKU,
  treasuryAccounts,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  getNavQuote,
  nextPerfFeePeriodEnd,
  openPerfFeePeriodEnd,
  PERF_FEE_PERIOD_SECS,
  PERF_FEE_WINDOW_SECS,
  quotePerfFee,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault } from './support/vault-world.ts';

const P = PERF_FEE_PERIOD_SECS;
const W = PERF_FEE_WINDOW_SECS;

describe('the performance-fee period grid', () => {
  it('opens only within the window after each fixed end', () => {
    expect(openPerfFeePeriodEnd(1_000n, 1_000n + P - 1n)).toBeNull();
    expect(openPerfFeePeriodEnd(1_000n, 1_000n + P)).toBe(1_000n + P);
    expect(openPerfFeePeriodEnd(1_000n, 1_000n + P + W)).toBe(1_000n + P);
    expect(openPerfFeePeriodEnd(1_000n, 1_000n + P + W + 1n)).toBeNull();
    expect(openPerfFeePeriodEnd(1_000n, 1_000n + 2n * P + 5n)).toBe(1_000n + 2n * P);
    expect(nextPerfFeePeriodEnd(1_000n, 1_000n + P + W + 1n)).toBe(1_000n + 2n * P);
    expect(nextPerfFeePeriodEnd(1_000n, 1_000n)).toBe(1_000n + P);
  });
});

describe('quotePerfFee against collect_perf_fee', () => {
  async function attempt(b: Basket, treasuryShares: Parameters<typeof tokenAmount>[1]) {
    const quote = quotePerfFee(await getNavQuote(svmRpc(b.svm), SKU));
    const r = await send(
      b.svm,
      [
        getCollectPerfFeeInstruction({
          vault: (await readVault(b)).address,
          navSnapshot: b.snapshot,
          shareMint: b.shareMint,
          treasuryShares,
          token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
          assetAccounts: assetPairs(b),
        }),
      ],
      b.payer,
    );
    return { quote, r };
  }

  it('refuses and accepts at the same instants, and mints what it quoted', async () => {
    const { b } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const created = (await readVault(b)).data.lastPerfFeeTime;
    const risen = (publishUnixTime?: bigint) =>
      writeSnapshot(b, {
        ...(publishUnixTime === undefined ? {} : { publishUnixTime }),
        entries: b.assets.map((a) => ({
          mint: a.mint.address,
          priceUsd1e8: (a.priceUsd1e8 * 3n) / 2n,
          multiplierNum: multiplierNum(a.multiplier),
        })),
      });
    const expectBoth = async (constant: string) => {
      const { quote, r } = await attempt(b, treasury.shares);
      expect(quote.ok || quote.refusal.constant).toBe(constant);
      expect(quote.ok || quote.refusal.code).toBe(r.customError);
    };

    setUnixTime(b.svm, created + P / 2n);
    risen();
    risen();
    await expectBoth('VAULT_ERROR__PERF_FEE_NOT_DUE');

    setUnixTime(b.svm, created + P + 120n);
    risen(created + P - 30n);
    await expectBoth('VAULT_ERROR__SNAPSHOT_BEFORE_PERIOD_END');

    risen();
    const { quote, r } = await attempt(b, treasury.shares);
    if (!quote.ok) throw new Error(quote.refusal.message);
    expect(r.error).toBeNull();
    expect(quote.feeShares).toBeGreaterThan(0n);
    expect(tokenAmount(b.svm, treasury.shares)).toBe(quote.feeShares);
    const after = (await readVault(b)).data;
    expect(after.highWaterMarkPps).toBe(quote.newHwmPps);
    expect(after.lastPerfFeeTime).toBe(created + P);

    setUnixTime(b.svm, created + 2n * P + W + 1n);
    risen();
    await expectBoth('VAULT_ERROR__PERF_FEE_NOT_DUE');
    setUnixTime(b.svm, created + 3n * P + 10n);
    risen();
    const third = await attempt(b, treasury.shares);
    expect(third.quote.ok).toBe(true);
    expect(third.r.error).toBeNull();
    expect((await readVault(b)).data.lastPerfFeeTime).toBe(created + 3n * P);
  });
});
