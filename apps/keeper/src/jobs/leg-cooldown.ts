// A rebalance leg refused for price (both routes priced beyond the vault's max_slip_bps, or no
// route within it) cools down per (vault, asset) for `legCooldownSeconds` instead of being
// queued again by the next minute's scan: overnight, a 24/5 or Always asset the aggregator
// prices wide would otherwise fail every minute until the open (17 and 12 failures in the
// recorded trading day). The store is lru-cache's TTL, timed by the keeper's clock (the
// chain's when it follows it), so a world whose clock is moved to the open sees the leg
// again; it is per keeper, in its context (a new leader may try once more: one refusal, no
// send).
import { LRUCache } from 'lru-cache';

/** Default cooldown when the config does not set one (seconds). */
export const DEFAULT_LEG_COOLDOWN_SECONDS = 900;

/** A refusal: the first of a run of refusals (`since`), the latest (`at`) and why. */
type Refusal = Readonly<{ since: number; at: number; reason: string }>;

/**
 * A keeper's cooldown store, in its KeeperContext (`legCooldowns`): built once with the
 * keeper, so its lifetime is the keeper's and two keepers in one process never share it.
 * `store` is null when the cooldown is 0 (never cools).
 */
export type LegCooldowns = Readonly<{ store: LRUCache<string, Refusal> | null; now: () => number }>;

/**
 * The cooldown store of one keeper: refusals expire after `seconds` (default
 * {@link DEFAULT_LEG_COOLDOWN_SECONDS}; 0 turns the cooldown off) on the keeper's clock `now`.
 *
 * @example
 * const legCooldowns = createLegCooldowns(config.legCooldownSeconds, now);
 */
export function createLegCooldowns(seconds: number | undefined, now: () => number): LegCooldowns {
  const ttlSeconds = seconds ?? DEFAULT_LEG_COOLDOWN_SECONDS;
  if (ttlSeconds === 0) return { store: null, now };
  const store = new LRUCache<string, Refusal>({
    // Bounded: the configured SKUs' assets, with room to spare.
    max: 10_000,
    ttl: ttlSeconds * 1_000,
    // A cooled leg that is tried again and refused again continues the same run (`since`):
    // the expired entry stays readable until it is replaced or evicted.
    noDeleteOnStaleGet: true,
    perf: { now },
    // Read the clock at every check (the default caches it for a millisecond by a timer).
    ttlResolution: 0,
  });
  return { store, now };
}

// The slice of a KeeperContext these functions read, spelled here so this module does not
// import the context that holds it.
type WithCooldowns = Readonly<{ legCooldowns: LegCooldowns }>;

const keyOf = (skuId: string, mint: string) => `${skuId}:${mint}`;

/**
 * Records a price refusal of a leg; it is not queued again until the cooldown passes.
 *
 * @example
 * coolLeg(ctx, 'TECH6', mint, 'aggregator quotes 10 < 12 the vault accepts');
 */
export function coolLeg(ctx: WithCooldowns, skuId: string, mint: string, reason: string): void {
  const { store, now: clock } = ctx.legCooldowns;
  if (!store) return;
  const key = keyOf(skuId, mint);
  const now = clock();
  const previous = store.get(key, { allowStale: true });
  // A refusal soon after the last cooldown ended continues its run (the alert's duration);
  // one after a long quiet starts a new run.
  const continues = previous !== undefined && now - previous.at <= 2 * store.ttl;
  store.set(key, { since: continues ? previous.since : now, at: now, reason });
}

/**
 * How long the longest-running refusal of a SKU's legs has lasted (ms; 0 when none is
 * cooling now): what the persisting-refusal alert reads.
 *
 * @example
 * refusedForMs(ctx, 'TECH6', mints); // 5_400_000 after 90 minutes of refusals
 */
export function refusedForMs(ctx: WithCooldowns, skuId: string, mints: readonly string[]): number {
  const { store, now } = ctx.legCooldowns;
  if (!store) return 0;
  let longest = 0;
  for (const mint of mints) {
    const r = store.get(keyOf(skuId, mint));
    if (r) longest = Math.max(longest, now() - r.since);
  }
  return longest;
}

/**
 * The refusal a leg is cooling down from, or null when it may be tried.
 *
 * @example
 * if (legCooling(ctx, 'TECH6', mint)) return; // not queued this scan
 */
export function legCooling(ctx: WithCooldowns, skuId: string, mint: string): Refusal | null {
  return ctx.legCooldowns.store?.get(keyOf(skuId, mint)) ?? null;
}

/** Forgets a leg's refusal (it landed). */
export function clearLegCooling(ctx: WithCooldowns, skuId: string, mint: string): void {
  ctx.legCooldowns.store?.delete(keyOf(skuId, mint));
}
