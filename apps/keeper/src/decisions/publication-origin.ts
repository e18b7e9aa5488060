// Whose publication the NAV snapshot on chain carries (decision 0997). The keeper is the only
// legitimate pusher: a publication it did not make means the NAV signer key is in someone
// else's hands (the deviation cap still lets it walk a price 10% a window), and the operators
// must pause the vault and rotate the oracle keepers.
//
// The chain's facts: a push sets the sequence it signed (strictly above the stored one), the
// publish slot and time, and every entry (price, multiplier, updated slot, flags) verbatim from
// the signed payload; `reset_sequence` only raises the sequence (nothing else changes). So:
// - a sequence has at most one successful push: the keeper's push at S recorded `sent` means
//   the publication at S is the keeper's;
// - a raised sequence over the keeper's own publication leaves the entries of the keeper's last
//   landed push on chain: the keeper records them (`entriesFingerprint`) with each push, and
//   equal entries mean no one published since.
import type { NavPayloadEntry } from '@basket/oracle-client';

/** The snapshot as read on chain. */
export type ChainPublication = Readonly<{
  sequence: bigint;
  publishSlot: bigint;
  publishUnixTime: bigint;
  entries: readonly NavPayloadEntry[];
}>;

/**
 * One of the keeper's nav-push actions (`nav-push:<sku>:<sequence>` in keeper.actions, shared by
 * every replica and kept across restarts): its row's status, and the entries it pushed (recorded
 * from the claim on, so a push settled later by the in-flight resolver has them too; a row older
 * than decision 0997 has none).
 */
export type OwnPush = Readonly<{
  sequence: bigint;
  status: string;
  entries: readonly string[] | null;
}>;

export type PublicationOrigin =
  /** The keeper's push at the snapshot's sequence landed. */
  | Readonly<{ kind: 'own'; sequence: bigint }>
  /** The keeper's last landed push is still what the chain publishes; the admins raised the sequence. */
  | Readonly<{ kind: 'own-raised'; sequence: bigint; pushedAt: bigint }>
  /** Nothing to compare with: no landed push of the keeper at or below the snapshot's sequence. */
  | Readonly<{ kind: 'unjudged'; reason: 'no-own-push' }>
  /** A push of the keeper whose outcome is unknown may be the publication: judged once settled. */
  | Readonly<{ kind: 'pending'; sequence: bigint }>
  /** The keeper's last landed push recorded no entries: a raise cannot be told from a push. */
  | Readonly<{ kind: 'unverifiable'; pushedAt: bigint }>
  /** A publication the keeper did not make. */
  | Readonly<{ kind: 'foreign'; sequence: bigint; lastOwn: bigint }>;

/**
 * A push's entries as recorded with its action (decimal strings: the row's detail is JSON).
 *
 * @example
 * entriesFingerprint([{ priceUsd1E8: 1n, multiplierNum: 2n, updatedSlot: 3n, flags: 0 }]); // ['1/2/3/0']
 */
export function entriesFingerprint(
  entries: readonly Pick<
    NavPayloadEntry,
    'priceUsd1E8' | 'multiplierNum' | 'updatedSlot' | 'flags'
  >[],
): string[] {
  return entries.map((e) => `${e.priceUsd1E8}/${e.multiplierNum}/${e.updatedSlot}/${e.flags}`);
}

/** A row whose push may still land (or has): `sending` is a send whose outcome is not known yet. */
const UNSETTLED = 'sending';
const LANDED = 'sent';

/**
 * Decides whether the publication on chain is the keeper's. Judged only from the keeper's first
 * landed push on: the world's bootstrap pushes (#1..#3 by apps/world) and whatever a fresh
 * keeper database finds on an existing world are not the keeper's to vouch for, and are
 * `unjudged` until its first push lands (the first tick pushes, so that is one tick).
 *
 * @example
 * const origin = publicationOrigin(chain, ownPushes);
 * if (origin.kind === 'foreign') alert();
 */
export function publicationOrigin(
  chain: ChainPublication,
  own: readonly OwnPush[],
): PublicationOrigin {
  const atOrBelow = own.filter((p) => p.sequence <= chain.sequence);
  const at = atOrBelow.find((p) => p.sequence === chain.sequence);
  if (at?.status === LANDED) return { kind: 'own', sequence: chain.sequence };
  // A send still unsettled at or below the snapshot's sequence may be what the chain shows (it
  // landed at S, or landed below and the admins raised the sequence): its row will say.
  const unsettled = atOrBelow
    .filter((p) => p.status === UNSETTLED)
    .reduce<bigint | null>((m, p) => (m === null || p.sequence > m ? p.sequence : m), null);
  const landed = atOrBelow
    .filter((p) => p.status === LANDED)
    .reduce<OwnPush | null>((m, p) => (m === null || p.sequence > m.sequence ? p : m), null);
  if (unsettled !== null && (landed === null || unsettled > landed.sequence)) {
    return { kind: 'pending', sequence: unsettled };
  }
  if (landed === null) return { kind: 'unjudged', reason: 'no-own-push' };
  if (landed.entries === null) return { kind: 'unverifiable', pushedAt: landed.sequence };
  const onChain = entriesFingerprint(chain.entries);
  const same =
    onChain.length === landed.entries.length && onChain.every((e, i) => e === landed.entries?.[i]);
  if (same) return { kind: 'own-raised', sequence: chain.sequence, pushedAt: landed.sequence };
  return { kind: 'foreign', sequence: chain.sequence, lastOwn: landed.sequence };
}
