// The simulator's built-in schedule (seed data: the AAPLx dividend 30 min after the anchor, the
// TSLAx split in two days, …) carried to the chain through the same path as the admin API's
// corporate actions, when `--chain-corporate-actions` asks for it (off by default, so a test
// world's multipliers change only when the test schedules a change).
import { formatMultiplier, type MarketModel } from '../market-model.ts';
import { SEED_ASSETS } from '../seed-data.ts';
import type { startCorporateActions } from './corporate-actions.ts';
import type { WorldChain } from './world-chain.ts';

/** How far ahead built-in actions are taken (the API's `corporate-actions/upcoming` horizon). */
const HORIZON_MS = 90 * 86_400_000;

/**
 * Schedules every built-in corporate action still to come. The simulator's clock and the
 * cluster's may differ (tests pin the simulator at a market open; the world's clock client
 * warps the cluster), so an action due `d` after the simulator's `nowMs` takes effect `d`
 * after the cluster's present: announced as far ahead on chain as in the API. Returns the
 * scheduled actions; each goes out in the background (the scheduler's queue, one per mint).
 *
 * @example
 * scheduleBuiltInActions(world, actions, market, Date.now());
 */
export async function scheduleBuiltInActions(
  world: WorldChain,
  actions: ReturnType<typeof startCorporateActions>,
  market: MarketModel,
  nowMs: number,
  onError: (error: unknown) => void,
) {
  const chainNow = await world.chainUnixSeconds();
  const scheduled = [];
  for (const asset of SEED_ASSETS) {
    const stock = world.stock(asset.symbol);
    if (stock === undefined) continue;
    const due = market
      .timeline(asset, nowMs + HORIZON_MS)
      .filter((c) => c.reason !== 'FeeAccrual' && c.at > nowMs && c.at <= nowMs + HORIZON_MS);
    for (const change of due) {
      // Rounded up to the second: never earlier on chain than the API announces it.
      const delay = BigInt(Math.ceil((change.at - nowMs) / 1000));
      const pending = actions.schedule(
        stock,
        formatMultiplier(change.next),
        chainNow + delay,
        change.reason,
        true,
      );
      pending.catch(onError);
      scheduled.push(pending);
    }
  }
  return scheduled;
}
