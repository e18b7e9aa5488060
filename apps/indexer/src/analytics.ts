// Analytics from the vault's own events, in integer math: NAV per share at every refresh
// (the supply is followed event by event through the per-vault event sequence), TVL, the
// trailing APR and fees in USD at the price of the moment they were charged.

/** A vault event as the analytics read it (payload fields are decimal strings). */
export type VaultEvent = Readonly<{
  name: string;
  /** The event's release (its row's version); absent: the current one. */
  version?: number;
  slot: bigint;
  commitment: string;
  payload: Readonly<Record<string, unknown>>;
}>;

export type NavPoint = Readonly<{
  unixTime: bigint;
  slot: bigint;
  eventSequence: bigint;
  navUsd: bigint;
  supply: bigint;
  /** NAV per share x 1e12 (USD), rounded down: the SDK's price-per-share unit. */
  pricePerShare: bigint;
  commitment: string;
}>;

const big = (v: unknown): bigint => BigInt(String(v ?? '0'));

/** Share supply right after an event, when the event tells it. */
export function supplyAfter(e: VaultEvent): bigint | null {
  const p = e.payload;
  // Version 2 of the supply-moving events carries it, the management fee its own
  // instruction accrued included (a withdrawal request's too: decision 0910).
  if (p.supplyAfter !== undefined) return big(p.supplyAfter);
  switch (e.name) {
    case 'deposit':
      return big(p.supplyBefore) + big(p.shares);
    case 'withdrawStable':
    case 'withdrawInKind':
    case 'redemptionBegun':
    // A request's shares stay in the supply while escrowed: they leave it when paid.
    case 'withdrawalFulfilled':
      return big(p.supplyBefore) - big(p.shares);
    case 'mgmtFeeCollected':
      return big(p.supply);
    case 'perfFeeCrystallized':
      return big(p.supplyBefore) + big(p.feeShares);
    default:
      return null;
  }
}

/** Share supply right before an event, when the event tells it. */
export function supplyBefore(e: VaultEvent): bigint | null {
  const p = e.payload;
  if (e.name === 'mgmtFeeCollected') return big(p.supply) - big(p.sharesMinted);
  // The escrow keeps the request's shares in the supply: before (accrual included) is after.
  if (e.name === 'withdrawalRequested') return supplyAfter(e);
  return supplyAfter(e) === null ? null : big(p.supplyBefore);
}

/**
 * NAV points of one vault, in event order: each refresh valued at its NAV (rounded down, the
 * payout side) over the supply the events before it left.
 *
 * No point hangs on one event: every supply-changing event also tells the supply before it,
 * so when the per-vault event sequence skips (an event never read), the points between the
 * gap and the next such event are valued again at the supply that event says was there.
 *
 * @example
 * const points = navPoints(events); // events sorted by eventSequence
 */
export function navPoints(events: readonly VaultEvent[]): NavPoint[] {
  let supply = 0n;
  let lastSequence: bigint | null = null;
  /** Index of the first point after an unhealed gap in the sequence, or null. */
  let gapFrom: number | null = null;
  const points: NavPoint[] = [];
  const valued = (p: NavPoint, at: bigint): NavPoint => ({
    ...p,
    supply: at,
    pricePerShare: at === 0n ? 0n : (p.navUsd * 10n ** 12n) / at,
  });
  for (const e of events) {
    const sequence = e.payload.eventSequence === undefined ? null : big(e.payload.eventSequence);
    if (
      sequence !== null &&
      lastSequence !== null &&
      sequence > lastSequence + 1n &&
      gapFrom === null
    )
      gapFrom = points.length;
    if (sequence !== null) lastSequence = sequence;
    const before = supplyBefore(e);
    if (before !== null && gapFrom !== null) {
      if (before !== supply)
        for (let i = gapFrom; i < points.length; i += 1)
          points[i] = valued(points[i] as NavPoint, before);
      gapFrom = null;
    }
    const after = supplyAfter(e);
    if (after !== null) supply = after;
    if (e.name !== 'navRefreshed') continue;
    const navUsd = big(e.payload.navDownUsd);
    points.push(
      valued(
        {
          unixTime: big(e.payload.unixTime),
          slot: e.slot,
          eventSequence: sequence ?? 0n,
          navUsd,
          supply,
          pricePerShare: 0n,
          commitment: e.commitment,
        },
        supply,
      ),
    );
  }
  return points;
}

/** The last point at or before `unixTime` with shares outstanding. */
export function pointAt(points: readonly NavPoint[], unixTime: bigint): NavPoint | null {
  let found: NavPoint | null = null;
  for (const p of points) {
    if (p.unixTime > unixTime) break;
    if (p.supply > 0n) found = p;
  }
  return found;
}

/**
 * Simple (not compounded) annualised return of NAV per share over the last `days` days, in
 * basis points, rounded toward zero; null without a price at both ends.
 *
 * @example
 * aprBps(points, 30); // 1250n = 12.50% a year
 */
export function aprBps(
  points: readonly NavPoint[],
  days: number,
): { aprBps: bigint; from: NavPoint; to: NavPoint } | null {
  const to = [...points].reverse().find((p) => p.supply > 0n);
  if (!to) return null;
  const from = pointAt(points, to.unixTime - BigInt(days) * 86_400n);
  if (!from || from.pricePerShare === 0n || from.unixTime === to.unixTime) return null;
  const elapsed = to.unixTime - from.unixTime;
  const apr =
    ((to.pricePerShare - from.pricePerShare) * 10_000n * 365n * 86_400n) /
    (from.pricePerShare * elapsed);
  return { aprBps: apr, from, to };
}

export type FeeTotals = Readonly<{
  management: { shares: bigint; usd: bigint };
  performance: { shares: bigint; usd: bigint };
  withdrawal: { usd: bigint };
}>;

/**
 * Fees charged, by kind: share fees valued at the NAV per share of the last refresh before
 * them (rounded down), withdrawal fees in USD as charged.
 */
export function feeTotals(events: readonly VaultEvent[]): FeeTotals {
  const totals = {
    management: { shares: 0n, usd: 0n },
    performance: { shares: 0n, usd: 0n },
    withdrawal: { usd: 0n },
  };
  let pps = 0n;
  let supply = 0n;
  for (const e of events) {
    if (e.name === 'navRefreshed') {
      pps = supply === 0n ? 0n : (big(e.payload.navDownUsd) * 10n ** 12n) / supply;
    }
    if (e.name === 'mgmtFeeCollected' || e.name === 'perfFeeCrystallized') {
      const shares = big(e.payload.sharesMinted ?? e.payload.feeShares);
      const kind = e.name === 'mgmtFeeCollected' ? totals.management : totals.performance;
      kind.shares += shares;
      kind.usd += (shares * pps) / 10n ** 12n;
    }
    if (e.name === 'withdrawStable' || e.name === 'withdrawalFulfilled')
      totals.withdrawal.usd += big(e.payload.feeUsd);
    const after = supplyAfter(e);
    if (after !== null) supply = after;
  }
  return totals;
}
