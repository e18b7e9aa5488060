// What the redemption payer pays of one open RedemptionClaim now (pure): the slots still owed,
// less those whose transfer cannot move (the SDK's reading: frozen holding, paused mint,
// frozen receiving account) and those the program's pricing guard would refuse for the whole
// transaction (the vault marked the asset Frozen), in batches small enough for one
// transaction, the cash with the first batch. Everything left out stays owed in the claim and
// is looked at again by the next run.
import { ASSET_STATUS, navStaleness, type UnpaidReason } from '@basket/sdk';

/** Why a slot owed is not paid by this run. */
export type DeferReason = UnpaidReason | 'AssetFrozenByVault';

/**
 * Asset slots per pay_redemption transaction: 9 fixed accounts + 3 per slot, plus the owner's
 * missing token accounts created first and up to 8 hook accounts per hooked stock. Five fits
 * a 20-asset SKU with its lookup table and creates; the job checks the size and halves a
 * batch that does not fit.
 */
export const SLOTS_PER_PAYMENT = 5;

export type ClaimView = Readonly<{
  address: string;
  assetCount: number;
  cashOwed: bigint;
  owed: readonly bigint[];
  createdAt: bigint;
}>;

export type PaymentBatch = Readonly<{ slots: readonly number[]; cash: boolean }>;

export type ClaimPlan = Readonly<{
  /** Slots still owed (owed > 0, within the claim's asset count), ascending. */
  owedSlots: readonly number[];
  batches: readonly PaymentBatch[];
  deferred: readonly Readonly<{ slot: number; reason: DeferReason; amountRaw: bigint }>[];
}>;

/**
 * The slots of `claim` still owed, ascending.
 *
 * @example
 * owedSlots({ assetCount: 3, owed: [0n, 5n, 7n], ... }); // [1, 2]
 */
export function owedSlots(claim: Pick<ClaimView, 'assetCount' | 'owed'>): number[] {
  const out: number[] = [];
  for (let slot = 0; slot < claim.assetCount; slot++) {
    if ((claim.owed[slot] ?? 0n) > 0n) out.push(slot);
  }
  return out;
}

/**
 * Which slots and cash of `claim` to pay now, given each owed slot's transfer reading
 * (`blocked`: the SDK's `unpaidReason`, null when it moves) and the vault's asset statuses.
 *
 * @example
 * planClaimPayment(claim, new Map([[2, 'HoldingFrozen']]), [1, 1, 1]);
 * // { owedSlots: [0, 1, 2], batches: [{ slots: [0, 1], cash: true }], deferred: [{ slot: 2, ... }] }
 */
export function planClaimPayment(
  claim: ClaimView,
  blocked: ReadonlyMap<number, UnpaidReason | null>,
  assetStatus: readonly number[],
  perPayment: number = SLOTS_PER_PAYMENT,
): ClaimPlan {
  if (!Number.isInteger(perPayment) || perPayment < 1) {
    throw new RangeError(`perPayment must be a positive integer, got ${perPayment}`);
  }
  const slots = owedSlots(claim);
  const payable: number[] = [];
  const deferred: { slot: number; reason: DeferReason; amountRaw: bigint }[] = [];
  for (const slot of slots) {
    const amountRaw = claim.owed[slot] ?? 0n;
    // The program prices a non-Retired asset with every guard: a Frozen status refuses the
    // whole transaction, so the slot waits for the vault to reactivate it.
    const reason: DeferReason | null =
      assetStatus[slot] === ASSET_STATUS.Frozen
        ? 'AssetFrozenByVault'
        : (blocked.get(slot) ?? null);
    if (reason) deferred.push({ slot, reason, amountRaw });
    else payable.push(slot);
  }
  const batches: PaymentBatch[] = [];
  for (let i = 0; i < payable.length; i += perPayment) {
    batches.push({ slots: payable.slice(i, i + perPayment), cash: false });
  }
  if (claim.cashOwed > 0n) {
    if (batches.length === 0) batches.push({ slots: [], cash: true });
    else batches[0] = { slots: batches[0]?.slots ?? [], cash: true };
  }
  return { owedSlots: slots, batches, deferred };
}

/**
 * A batch the chain refused, as the payments to try instead: the cash alone, then each slot
 * alone, so one refusing stock (its hook, a guard) holds back only itself. A batch of one
 * payment has nothing to split: empty.
 *
 * @example
 * splitRefused({ slots: [0, 3], cash: true }); // [{ slots: [], cash: true }, { slots: [0], ... }, { slots: [3], ... }]
 */
export function splitRefused(batch: PaymentBatch): PaymentBatch[] {
  const singles: PaymentBatch[] = [
    ...(batch.cash ? [{ slots: [], cash: true }] : []),
    ...batch.slots.map((s) => ({ slots: [s], cash: false })),
  ];
  return singles.length > 1 ? singles : [];
}

/**
 * The fenced send's key of one payment: the claim, the slots and cash named, and the chain's
 * hour. Two replicas, or a retry within the hour, claim the same key and only one sends. The
 * hour lets a later run name the same slots again after a payment that landed without moving
 * a slot (frozen between the read and the send: the program skips it, it stays owed); paying
 * twice is impossible anyway: a paid slot is zeroed and naming it again is `NothingOwed`.
 *
 * @example
 * paymentActionKey('Claim111', { slots: [0, 3], cash: true }, 1_764_000_000n);
 * // 'redemption:Claim111:0,3+cash:490000'
 */
export function paymentActionKey(claim: string, batch: PaymentBatch, chainNowSecs: bigint): string {
  const hour = chainNowSecs / 3_600n;
  return `redemption:${claim}:${batch.slots.join(',')}${batch.cash ? '+cash' : ''}:${hour}`;
}

/**
 * Seconds the claim has had something owed (a claim only ever loses debts, so since it was
 * made), and whether that is past the alert threshold.
 *
 * @example
 * owedFor({ createdAt: 1_000n }, 90_000n, 86_400); // { seconds: 89_000, overdue: true }
 */
export function owedFor(
  claim: Pick<ClaimView, 'createdAt'>,
  chainNowSecs: bigint,
  alertAfterSeconds: number,
): { seconds: number; overdue: boolean } {
  const age = chainNowSecs > claim.createdAt ? chainNowSecs - claim.createdAt : 0n;
  const seconds = Number(age);
  return { seconds, overdue: seconds > alertAfterSeconds };
}

/** Why a run tries no claim of a vault at all. */
export type RunWait = 'VaultPaused' | 'StaleNav';

/**
 * Whether this run can pay any claim of the vault: pay_redemption refuses every payment of a
 * paused vault, and prices with a fresh snapshot like every exit (the program's
 * `Pricing::fresh`), so a stale NAV refuses them all. Each refused send would spend the run's
 * send budget for nothing and hold back the runs after the next push; the claims wait.
 *
 * @example
 * payRunWaitsFor({ paused: 0 }, 1_795_446_000n, 1_795_446_061n); // 'StaleNav' (market hours: 60 s)
 */
export function payRunWaitsFor(
  vault: Readonly<{ paused: number }>,
  snapshotPublishUnixTime: bigint | null,
  chainNowSecs: bigint,
): RunWait | null {
  if (vault.paused !== 0) return 'VaultPaused';
  if (snapshotPublishUnixTime === null) return 'StaleNav';
  return navStaleness(snapshotPublishUnixTime, chainNowSecs).fresh ? null : 'StaleNav';
}
