/**
 * The performance fee's commands: `collect_perf_fee` checked against the SDK's quote of the
 * same second, and a move to the vault's next fixed period end (decision 0101) followed by
 * the keeper's push published after it (prices mostly rallying, so NAV per share can pass the
 * high-water mark) and, mostly, the collection inside the two-day window.
 *
 * Why a command of its own: the grid is 90 days from the vault's creation and the window two
 * days, while the random clock moves reach a few days per sequence; in the recorded runs
 * `collect_perf_fee` was refused every time (PerfFeeNotDue), so the fee math, the mark and
 * the grid were never exercised by the fuzzer.
 */

import {
  getNavQuote,
  nextPerfFeePeriodEnd,
  openPerfFeePeriodEnd,
  PERF_FEE_PERIOD_SECS,
  quotePerfFee,
} from '@basket/sdk';
import { svmRpc, TOKEN_2022_PROGRAM_ADDRESS } from '@basket/test-harness';
import { getCollectPerfFeeInstruction, type PerfFeeCrystallizedEvent } from '@basket/vault-client';
import { decodeProgramEvents } from '../../../packages/sdk/src/program-event-decoder.ts';
import { assetPairs } from '../../../programs/vault/tests/fixture.ts';
import { step } from '../harness.ts';
import { InvariantViolation } from '../invariants.ts';
import { balanceOf, vaultState } from '../observe.ts';
import { SKU } from '../world.ts';
import { clockMove, navPush, rebalanceLeg } from './ops.ts';
import { command } from './users.ts';

const INVARIANT = 'performance fee as quoted';

function fail(detail: string): never {
  throw new InvariantViolation(INVARIANT, detail);
}

/**
 * `collect_perf_fee`, with the SDK's `quotePerfFee` of the same second taken first (decision
 * 0911: they agree at the second). Landed: it was quoted to land; the treasury received
 * exactly the quoted fee shares, which the event names; the mark is the quote's (post-fee
 * price when a share is minted, else unchanged, never lower); `last_perf_fee_time` is the
 * open period end, not the call's time; the event's supplies account for the mint. Refused:
 * with the quote's refusal code (and, as every refusal, nothing changed).
 */
export function collectPerfFee() {
  return command('collectPerfFee', async (m, real) => {
    const { w } = real;
    const { b, treasury } = w;
    const quote = quotePerfFee(await getNavQuote(svmRpc(w.svm), SKU));
    const now = w.svm.getClock().unixTimestamp;
    const ix = getCollectPerfFeeInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      assetAccounts: assetPairs(b),
    });
    const sharesBefore = balanceOf(w, treasury.shares);
    const r = await step(m, real, 'collect_perf_fee', [ix], b.keeper, {
      reconciles: true,
      landed: (r, before, after) => {
        if (!quote.ok) fail(`landed, but the quote said refused (${quote.refusal.code})`);
        const minted = balanceOf(w, treasury.shares) - sharesBefore;
        if (minted !== quote.feeShares)
          fail(`minted ${minted} fee shares, the quote of the second says ${quote.feeShares}`);
        const events = decodeProgramEvents(r.logs).filter(
          (e) => e.status === 'decoded' && e.name === 'perfFeeCrystallized',
        ) as unknown as { event: PerfFeeCrystallizedEvent }[];
        const e = events[0]?.event;
        if (events.length !== 1 || !e) fail(`${events.length} PerfFeeCrystallized events`);
        if (e.feeShares !== minted || e.supplyAfter !== e.supplyBefore + minted)
          fail(
            `event: fee ${e.feeShares}, supply ${e.supplyBefore} -> ${e.supplyAfter}; minted ${minted}`,
          );
        if (after.shareSupply !== before.shareSupply + minted)
          fail(`mint supply ${before.shareSupply} -> ${after.shareSupply}, minted ${minted}`);
        const oldMark = before.vault.highWaterMarkPps;
        const mark = after.vault.highWaterMarkPps;
        if (mark !== quote.newHwmPps || e.newHwmPps !== mark)
          fail(`mark ${oldMark} -> ${mark} (event ${e.newHwmPps}), quoted ${quote.newHwmPps}`);
        if (minted === 0n ? mark !== oldMark : mark <= oldMark)
          fail(`mark ${oldMark} -> ${mark} with ${minted} fee shares`);
        const end = openPerfFeePeriodEnd(before.vault.lastPerfFeeTime, now);
        if (after.vault.lastPerfFeeTime !== end)
          fail(`last_perf_fee_time ${after.vault.lastPerfFeeTime}, the open period end is ${end}`);
      },
    });
    if (r.ok) {
      if (!real.shrinking && quote.ok && quote.feeShares > 0n) {
        const entry = real.mix['collect_perf_fee (fee minted)'] ?? { ok: 0, refused: 0, codes: {} };
        entry.ok += 1;
        real.mix['collect_perf_fee (fee minted)'] = entry;
      }
      return;
    }
    if (quote.ok) fail(`refused (${r.customError}), but the quote said ${quote.feeShares} shares`);
    if (r.customError !== null && r.customError !== quote.refusal.code)
      fail(`refused with ${r.customError}, the quote's refusal is ${quote.refusal.code}`);
  });
}

/**
 * To the next period end plus `offsetSecs` (2 days + 1 s is past the window: refused), then
 * the keeper's pass: a push of unchanged prices (a fresh snapshot after the jump), fair
 * direct legs putting `investBps` of the cash book into each stock in turn (the vaults the
 * random legs leave are mostly cash, whose NAV per share only the management fee moves, so
 * the fee was almost never due), a minute later the push moving prices by `movesBps` (past
 * the deviation reference's 150 slots), and `collect_perf_fee` when `collect`.
 */
export function perfPeriodEnd(
  offsetSecs: number,
  movesBps: number[],
  collect: boolean,
  investBps = 0,
) {
  return command(
    `perfPeriodEnd(+${offsetSecs}s, invest ${investBps}bps, [${movesBps.join(', ')}]bps, collect ${collect})`,
    async (m, real) => {
      const { w } = real;
      const now = w.svm.getClock().unixTimestamp;
      let end = nextPerfFeePeriodEnd(vaultState(w).lastPerfFeeTime, now);
      while (end + BigInt(offsetSecs) <= now) end += PERF_FEE_PERIOD_SECS;
      await clockMove(Number(end + BigInt(offsetSecs) - now), 'clock to period end').run(m, real);
      if (investBps > 0) {
        await navPush([0, 0, 0], null).run(m, real);
        const cash = w.b.assets.length;
        for (const i of w.b.assets.keys())
          await rebalanceLeg(cash, i, investBps, 'fair').run(m, real);
        await clockMove(61).run(m, real);
      }
      await navPush(movesBps, null).run(m, real);
      if (collect) await collectPerfFee().run(m, real);
    },
  );
}
