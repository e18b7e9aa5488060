// corp-action-watch (hourly): upcoming corporate actions of the configured assets. Severe ones
// raise one alert each (recorded once by action id, whichever replica sees it) with what the
// operator should do. For any multiplier change, a nav-push is queued at the start of the
// 1 h freeze window, so the freeze flag is on chain on time (the hourly poll alone could be
// up to an hour late).
import { MULTIPLIER_FREEZE_WINDOW_MS } from '@basket/routing';
import { formatDecimal } from '@basket/tokenized-api';
import { assessCorporateAction } from '../decisions/corp-actions.ts';
import { chainNowMs } from '../routes/chain-time.ts';
import { claimAction, finishAction } from '../service/actions.ts';
import type { JobResult, KeeperContext } from './context.ts';

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
    const freezeAt = action.activationDateTime.getTime() - MULTIPLIER_FREEZE_WINDOW_MS;
    for (const skuId of skus) {
      await ctx.enqueue(
        'nav-push',
        { skuId },
        {
          jobKey: `freeze:${skuId}:${action.id}`,
          runAt: new Date(Date.now() + Math.max(0, freezeAt - chainNow)),
        },
      );
      freezes += 1;
    }
    if (!assessment.severe) continue;
    severe += 1;
    const lease = ctx.elector.lease();
    const key = `corp-action-alert:${action.id}`;
    // Alert once per action: the record is the same fenced table as transactions.
    if (lease && (await claimAction(ctx.pool, lease, key, 'corp-action-watch', 0)).claimed) {
      ctx.alert(
        'severe-corporate-action',
        'critical',
        `${action.symbol}: ${assessment.kind} on ${action.activationDateTime.toISOString()}`,
        {
          symbol: action.symbol,
          skus,
          reason: action.reason,
          kind: assessment.kind,
          description: action.description,
          advice: assessment.advice,
        },
      );
      await finishAction(ctx.pool, key, 'sent', null, { kind: assessment.kind });
    }
  }
  return {
    job: 'corp-action-watch',
    summary: `${upcoming.length} upcoming, ${severe} severe, ${freezes} freeze pushes scheduled`,
  };
}
