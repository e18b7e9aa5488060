// corp-action-watch (hourly): upcoming corporate actions of the configured assets. Severe ones
// raise one alert each (recorded once by action id, whichever replica sees it) with what the
// operator should do. For any multiplier change, a nav-push is queued at the start of the
// 1 h freeze window (a few seconds into it: the freeze needs activation - now < 1 h strictly),
// so the freeze flag is on chain on time (the hourly poll alone could be up to an hour late).
// A dry run records nothing: it neither claims the alert's action nor queues the push.
import { MULTIPLIER_FREEZE_WINDOW_MS } from '@basket/routing';
import { formatDecimal } from '@basket/tokenized-api';
import { assessCorporateAction } from '../decisions/corp-actions.ts';
import { chainNowMs } from '../routes/chain-time.ts';
import { claimAction, finishAction } from '../service/actions.ts';
import type { JobResult, KeeperContext } from './context.ts';

/**
 * How far into the freeze window the freeze push is scheduled. The freeze holds only while
 * activation - now < 1 h strictly, and the push decides at the chain's Clock (whole seconds,
 * and it may trail the wall clock the queue waits on): a push at activation - 1 h exactly
 * would find the asset not yet frozen and leave the flag off until the next cadence push.
 */
export const FREEZE_PUSH_MARGIN_MS = 5_000;

/**
 * Wall-clock wait before the freeze push of a change activating at `activationMs` (market,
 * i.e. chain, time), seen at the chain's `chainNowMs`: a few seconds into the 1 h window, or
 * at once when the window has already begun.
 *
 * @example
 * freezePushDelayMs(Date.parse('2026-06-01T13:30:00Z'), Date.parse('2026-06-01T12:00:00Z')); // 1_805_000
 */
export function freezePushDelayMs(activationMs: number, chainNowMs: number): number {
  const untilWindow = activationMs - MULTIPLIER_FREEZE_WINDOW_MS - chainNowMs;
  return untilWindow >= 0 ? untilWindow + FREEZE_PUSH_MARGIN_MS : 0;
}

/**
 * @example
 * await runCorpActionWatch(ctx);
 */
export async function runCorpActionWatch(ctx: KeeperContext): Promise<JobResult> {
  const upcoming = await ctx.api.getUpcomingCorpActions();
  const skusOf = (symbol: string) =>
    ctx.skus.filter((s) => s.assets.some((a) => a.symbol === symbol)).map((s) => s.skuId);
  // The API's activation times are in the market's time, which the chain's Clock keeps (the
  // world's simulator follows it with --chain-clock); the queue's runAt is wall time.
  const chainNow = await chainNowMs(ctx);
  let severe = 0;
  let freezes = 0;
  for (const action of upcoming) {
    const skus = skusOf(action.symbol);
    if (skus.length === 0) continue;
    const assessment = assessCorporateAction({
      id: action.id,
      symbol: action.symbol,
      reason: action.reason,
      previousMultiplier: formatDecimal(action.previousMultiplier),
      newMultiplier: formatDecimal(action.newMultiplier),
      activationDateTime: action.activationDateTime,
      description: action.description,
    });
    const delayMs = freezePushDelayMs(action.activationDateTime.getTime(), chainNow);
    for (const skuId of skus) {
      await ctx.enqueue(
        'nav-push',
        { skuId },
        {
          jobKey: `freeze:${skuId}:${action.id}`,
          runAt: new Date(Date.now() + delayMs),
        },
      );
      freezes += 1;
    }
    if (!assessment.severe) continue;
    severe += 1;
    const key = `corp-action-alert:${action.id}`;
    const what = `${action.symbol}: ${assessment.kind} on ${action.activationDateTime.toISOString()}`;
    if (ctx.config.dryRun) {
      // Claiming would record the alert as sent: the real watcher would then never raise it.
      ctx.logger.info({ job: 'corp-action-watch', actionKey: key }, `dry-run: would alert ${what}`);
      continue;
    }
    const lease = ctx.elector.lease();
    // Alert once per action: the record is the same fenced table as transactions.
    if (lease && (await claimAction(ctx.pool, lease, key, 'corp-action-watch', 0)).claimed) {
      ctx.alert('severe-corporate-action', 'critical', what, {
        symbol: action.symbol,
        skus,
        reason: action.reason,
        kind: assessment.kind,
        description: action.description,
        advice: assessment.advice,
      });
      await finishAction(ctx.pool, key, 'sent', null, { kind: assessment.kind });
    }
  }
  return {
    job: 'corp-action-watch',
    summary: `${ctx.config.dryRun ? 'dry-run: ' : ''}${upcoming.length} upcoming, ${severe} severe, ${freezes} freeze pushes ${ctx.config.dryRun ? 'that would be ' : ''}scheduled`,
  };
}
