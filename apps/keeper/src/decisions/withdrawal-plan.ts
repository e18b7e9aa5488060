// What the withdrawal-router does with open stablecoin withdrawal requests (docs/vault.md,
// "Stablecoin withdrawal requests"): oldest first, each is paid from the cash buffer at a
// snapshot published after it (forward pricing: `SnapshotBeforeRequest` otherwise); when the
// buffer, less what older requests take, cannot pay it, cash is raised first by selling.

/** One open request as the router sees it (stablecoin raw units, unix seconds). */
export type OpenRequest = Readonly<{
  address: string;
  requestedAt: bigint;
  /** Its payout at the current NAV (net of the withdrawal fee, rounded down). */
  payoutRaw: bigint;
  /** What it takes from the cash buffer: the payout plus the fee (to the treasury). */
  grossRaw: bigint;
  minOut: bigint;
}>;

export type RequestStep =
  | Readonly<{ address: string; action: 'fulfil' }>
  | Readonly<{ address: string; action: 'wait-snapshot' }>
  /**
   * The buffer is short by `shortRaw` of the `paysRaw` this request and the older ones take:
   * sell (legs), then fulfil on a later run.
   */
  | Readonly<{ address: string; action: 'raise-cash'; shortRaw: bigint; paysRaw: bigint }>
  /** The NAV fell below the owner's minimum: only the owner's cancel (or 72 h) ends it. */
  | Readonly<{ address: string; action: 'below-min-out' }>;

/**
 * Plans every open request of one vault, oldest first, against the cash it holds; the
 * cash an earlier request needs is not offered to a later one.
 *
 * @example
 * planWithdrawals([{ address: 'r1', requestedAt: 100n, payoutRaw: 5n, grossRaw: 6n, minOut: 4n }], { cashRaw: 10n, snapshotPublishTime: 101n });
 * // [{ address: 'r1', action: 'fulfil' }]
 */
export function planWithdrawals(
  requests: readonly OpenRequest[],
  vault: Readonly<{ cashRaw: bigint; snapshotPublishTime: bigint | null }>,
): RequestStep[] {
  const ordered = [...requests].sort((a, b) =>
    a.requestedAt === b.requestedAt
      ? a.address.localeCompare(b.address)
      : a.requestedAt < b.requestedAt
        ? -1
        : 1,
  );
  let cash = vault.cashRaw;
  let pays = 0n;
  return ordered.map((r): RequestStep => {
    if (r.payoutRaw < r.minOut) return { address: r.address, action: 'below-min-out' };
    pays += r.grossRaw;
    if (cash < r.grossRaw) {
      const shortRaw = r.grossRaw - (cash > 0n ? cash : 0n);
      cash = 0n;
      return { address: r.address, action: 'raise-cash', shortRaw, paysRaw: pays };
    }
    cash -= r.grossRaw;
    const fresh = vault.snapshotPublishTime !== null && vault.snapshotPublishTime > r.requestedAt;
    return { address: r.address, action: fresh ? 'fulfil' : 'wait-snapshot' };
  });
}
