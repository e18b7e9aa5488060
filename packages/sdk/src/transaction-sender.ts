/**
 * Sending that survives dropped sends. One signed transaction is re-sent at a short interval
 * until its signature is seen at the wanted commitment or its blockhash can no longer land
 * (the block height passed `lastValidBlockHeight` and a last status read still does not know
 * it). Only then, and only when the caller says the action may be rebuilt (it is fenced and
 * idempotent), a new version is built on a new blockhash (the caller raises the fee for the
 * attempt): the previous version can no longer land, so two versions never both can.
 *
 * Confirmation is by signature status: a WebSocket notification ends the wait early, polling
 * after each interval is the fallback when the subscription is missing or broken. All I/O and
 * time come in through {@link LandingDeps}, so the decisions are tested without a network.
 */

import type {
  Base64EncodedWireTransaction,
  Commitment,
  RpcSubscriptions,
  Signature,
  SignatureNotificationsApi,
} from '@solana/kit';

/**
 * A signature's status as `getSignatureStatuses` reports it (null: not seen).
 *
 * @example
 * const status: LandingStatus = { err: null, confirmationStatus: 'confirmed' };
 */
export type LandingStatus = Readonly<{
  err: unknown;
  confirmationStatus: Commitment | null;
}> | null;

/**
 * Everything the sender does outside itself.
 *
 * @example
 * const deps: LandingDeps = { sendWire, status, blockHeight, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), now: Date.now };
 */
export interface LandingDeps {
  /** Sends the wire transaction; `resend` is true from the second send of a version on. */
  sendWire(wire: Base64EncodedWireTransaction, resend: boolean): Promise<void>;
  /** The signature's status, searching history (a landed transaction is found later too). */
  status(signature: Signature): Promise<LandingStatus>;
  /** The current block height at the commitment the blockhash was taken at. */
  blockHeight(): Promise<bigint>;
  /** Resolves when the signature is notified (WebSocket); never rejects. */
  notified?(signature: Signature, abortSignal: AbortSignal): Promise<void>;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** A send error after which the version can never land (a program error at preflight). */
  isFatalSendError?(error: unknown): boolean;
  onSendError?(error: unknown): void;
}

/**
 * One signed version of a transaction.
 *
 * @example
 * const version: SignedVersion = { wire: getBase64EncodedWireTransaction(tx), signature, lastValidBlockHeight: tx.lifetimeConstraint.lastValidBlockHeight };
 */
export interface SignedVersion {
  readonly wire: Base64EncodedWireTransaction;
  readonly signature: Signature;
  readonly lastValidBlockHeight: bigint;
}

/**
 * How one version ended.
 *
 * @example
 * if (result.kind === 'expired') rebuild();
 */
export type LandingResult = Readonly<{
  kind: 'landed' | 'failed' | 'expired';
  signature: Signature;
  /** The transaction error (failed) or the fatal send error. */
  err?: unknown;
  sends: number;
}>;

/**
 * Neither landed nor expired after `maxWaitMs` (the status and block-height reads kept failing):
 * the outcome is unknown, so the caller must not send another version.
 *
 * @example
 * if (error instanceof LandingUnknownError) leaveForTheResolver(error.signature);
 */
export class LandingUnknownError extends Error {
  readonly signature: Signature;
  constructor(signature: Signature, waitedMs: number) {
    super(`transaction ${signature}: neither landed nor expired after ${waitedMs} ms`);
    this.name = 'LandingUnknownError';
    this.signature = signature;
  }
}

const RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

function reached(status: LandingStatus, commitment: Commitment): boolean {
  return status !== null && RANK[status.confirmationStatus ?? 'processed'] >= RANK[commitment];
}

/**
 * Sends one version until it lands at `commitment`, fails, or expires.
 *
 * @example
 * const result = await sendUntilLandedOrExpired(deps, version, { resendIntervalMs: 2_000, commitment: 'confirmed' });
 */
export async function sendUntilLandedOrExpired(
  deps: LandingDeps,
  version: SignedVersion,
  options: { resendIntervalMs: number; commitment: Commitment; maxWaitMs?: number },
): Promise<LandingResult> {
  const started = deps.now();
  const maxWaitMs = options.maxWaitMs ?? 180_000;
  const abort = new AbortController();
  // A notifier that fails only loses its early wake-up: polling after each interval decides.
  const notification = deps.notified
    ? deps.notified(version.signature, abort.signal).then(
        () => 'notified' as const,
        () => new Promise<never>(() => {}),
      )
    : null;
  let woken = false;
  let sends = 0;
  const end = (kind: LandingResult['kind'], err?: unknown): LandingResult => ({
    kind,
    signature: version.signature,
    sends,
    ...(err === undefined ? {} : { err }),
  });
  try {
    for (;;) {
      if (deps.now() - started > maxWaitMs) {
        throw new LandingUnknownError(version.signature, deps.now() - started);
      }
      try {
        sends += 1;
        await deps.sendWire(version.wire, sends > 1);
      } catch (error) {
        if (deps.isFatalSendError?.(error)) return end('failed', error);
        deps.onSendError?.(error);
      }
      // Wait the interval, or less when the subscription says the signature was seen (once:
      // after that, the interval alone paces the loop).
      if (notification && !woken) {
        const first = await Promise.race([
          deps.sleep(options.resendIntervalMs).then(() => 'slept' as const),
          notification,
        ]);
        woken = first === 'notified';
      } else {
        await deps.sleep(options.resendIntervalMs);
      }
      const status = await deps.status(version.signature).catch(() => null);
      if (status?.err) return end('failed', status.err);
      if (reached(status, options.commitment)) return end('landed');
      // Seen but not yet at the commitment: keep waiting without giving it up as expired.
      if (status !== null) continue;
      const height = await deps.blockHeight().catch(() => null);
      if (height !== null && height > version.lastValidBlockHeight) {
        // The last word: a transaction that landed just before the height passed is found here.
        const last = await deps.status(version.signature).catch(() => undefined);
        if (last === undefined) continue;
        if (last?.err) return end('failed', last.err);
        if (last !== null) continue;
        return end('expired');
      }
    }
  } finally {
    abort.abort();
  }
}

/**
 * How a send with rebuilds ended.
 *
 * @example
 * if (outcome.kind === 'landed') record(outcome.signature, outcome.elapsedMs);
 */
export type ResilientSendResult = Readonly<{
  kind: 'landed' | 'failed' | 'expired' | 'fenced-out';
  signature: Signature | null;
  err?: unknown;
  /** Versions built (1 + rebuilds). */
  versions: number;
  /** Sends in all, every version. */
  sends: number;
  /** Sends beyond the first of each version. */
  resends: number;
  /** From the first send to the end. */
  elapsedMs: number;
}>;

/**
 * Sends a transaction until it lands: each version re-sent until landed or expired, then, when
 * `rebuildable`, built again (`build(attempt)`, on a new blockhash, the fee raised for the
 * attempt) up to `maxVersions`. `beforeSend` runs before each version leaves (the keeper
 * records the signature there under its fence); false stops with `fenced-out` and nothing of
 * that version is sent.
 *
 * @example
 * const outcome = await sendResiliently(deps, { build: (attempt) => signVersion(attempt), rebuildable: true, maxVersions: 4, resendIntervalMs: 2_000, commitment: 'confirmed' });
 */
export async function sendResiliently(
  deps: LandingDeps,
  input: {
    build: (attempt: number) => Promise<SignedVersion>;
    beforeSend?: (version: SignedVersion, attempt: number) => Promise<boolean>;
    rebuildable: boolean;
    maxVersions: number;
    resendIntervalMs: number;
    commitment: Commitment;
    maxWaitMs?: number;
  },
): Promise<ResilientSendResult> {
  const start = deps.now();
  let sends = 0;
  let last: LandingResult | null = null;
  const limit = input.rebuildable ? Math.max(1, input.maxVersions) : 1;
  let versions = 0;
  for (let attempt = 0; attempt < limit; attempt += 1) {
    const version = await input.build(attempt);
    if (input.beforeSend && !(await input.beforeSend(version, attempt))) {
      return {
        kind: 'fenced-out',
        signature: version.signature,
        versions,
        sends,
        resends: sends - versions,
        elapsedMs: deps.now() - start,
      };
    }
    versions += 1;
    last = await sendUntilLandedOrExpired(deps, version, input);
    sends += last.sends;
    if (last.kind !== 'expired') break;
  }
  const result = last as LandingResult;
  return {
    kind: result.kind,
    signature: result.signature,
    ...(result.err === undefined ? {} : { err: result.err }),
    versions,
    sends,
    resends: sends - versions,
    elapsedMs: deps.now() - start,
  };
}

/**
 * A {@link LandingDeps.notified} over kit subscriptions: resolves on the signature's first
 * notification at `commitment`; a subscription that fails never resolves (polling decides).
 *
 * @example
 * const notified = signatureNotifier(rpcSubscriptions, 'confirmed');
 */
export function signatureNotifier(
  subscriptions: RpcSubscriptions<SignatureNotificationsApi>,
  commitment: Commitment,
): (signature: Signature, abortSignal: AbortSignal) => Promise<void> {
  return (signature, abortSignal) =>
    new Promise<void>((resolve) => {
      try {
        subscriptions
          .signatureNotifications(signature, { commitment })
          .subscribe({ abortSignal })
          .then(async (stream) => {
            for await (const _ of stream) {
              resolve();
              return;
            }
          })
          .catch(() => {});
      } catch {
        // No subscriptions at all: polling decides.
      }
    });
}
