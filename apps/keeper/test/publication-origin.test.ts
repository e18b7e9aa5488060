// Whose publication the NAV snapshot carries (decision 0997), from the snapshot as read on
// chain and the keeper's own nav-push rows: its pushes (landed, or unsettled and then landed),
// an admin raise of the sequence over them, a failover (the rows are shared), a fresh keeper
// database and the world's bootstrap pushes are never foreign; a push the keeper did not make
// is, including one that took the sequence the keeper's own push then failed on.
import { describe, expect, it } from 'vitest';
import {
  type ChainPublication,
  entriesFingerprint,
  type OwnPush,
  publicationOrigin,
} from '../src/decisions/publication-origin.ts';

/** One entry per price, read at `slot` (each push reads its own slot). */
function entries(prices: readonly bigint[], slot: bigint) {
  return prices.map((p) => ({
    priceUsd1E8: p,
    multiplierNum: 1_500_000_000_000n,
    updatedSlot: slot,
    flags: 0,
  }));
}

const KEEPERS = entries([18_923_000_000n, 41_000_000_000n], 1_000n);
const FOREIGN = entries([20_815_300_000n, 45_100_000_000n], 1_010n);

function chain(sequence: bigint, e = KEEPERS): ChainPublication {
  return { sequence, publishSlot: 1_002n, publishUnixTime: 1_790_000_000n, entries: e };
}

function push(sequence: bigint, status: string, e: typeof KEEPERS | null = KEEPERS): OwnPush {
  return { sequence, status, entries: e ? entriesFingerprint(e) : null };
}

describe('publicationOrigin', () => {
  it("the keeper's landed push at the snapshot's sequence is its own", () => {
    expect(publicationOrigin(chain(7n), [push(7n, 'sent'), push(6n, 'sent')])).toEqual({
      kind: 'own',
      sequence: 7n,
    });
  });

  it('a landed row without recorded entries (older than decision 0997) at the sequence is still its own', () => {
    expect(publicationOrigin(chain(7n), [push(7n, 'sent', null)])).toMatchObject({ kind: 'own' });
  });

  it("an admin raise over the keeper's last push (same entries, higher sequence) is not foreign", () => {
    expect(publicationOrigin(chain(4_000_000_000n), [push(7n, 'sent')])).toEqual({
      kind: 'own-raised',
      sequence: 4_000_000_000n,
      pushedAt: 7n,
    });
  });

  it("a push by another signer over the keeper's last is foreign", () => {
    expect(publicationOrigin(chain(8n, FOREIGN), [push(7n, 'sent')])).toEqual({
      kind: 'foreign',
      sequence: 8n,
      lastOwn: 7n,
    });
  });

  it('a foreign push after an admin raise is foreign', () => {
    expect(publicationOrigin(chain(4_000_000_001n, FOREIGN), [push(7n, 'sent')])).toMatchObject({
      kind: 'foreign',
    });
  });

  it("the same prices read at another slot are another publication (the keeper's updated slots differ)", () => {
    const replay = entries([18_923_000_000n, 41_000_000_000n], 1_001n);
    expect(publicationOrigin(chain(8n, replay), [push(7n, 'sent')])).toMatchObject({
      kind: 'foreign',
    });
  });

  it("a foreign push that took the keeper's sequence (its push then failed) is foreign", () => {
    const own = [push(8n, 'failed'), push(7n, 'sent')];
    expect(publicationOrigin(chain(8n, FOREIGN), own)).toMatchObject({
      kind: 'foreign',
      lastOwn: 7n,
    });
  });

  it("a push of the keeper's whose outcome is unknown waits for its row; once settled landed it is its own", () => {
    const sending = [push(8n, 'sending', null), push(7n, 'sent')];
    expect(publicationOrigin(chain(8n, FOREIGN), sending)).toEqual({
      kind: 'pending',
      sequence: 8n,
    });
    const settled = [push(8n, 'sent', null), push(7n, 'sent')];
    expect(publicationOrigin(chain(8n, FOREIGN), settled)).toMatchObject({ kind: 'own' });
    // Settled as never landed (the chain refused it): the publication is someone else's.
    const failed = [push(8n, 'failed', null), push(7n, 'sent')];
    expect(publicationOrigin(chain(8n, FOREIGN), failed)).toMatchObject({ kind: 'foreign' });
  });

  it('an unknown-outcome push below a raised sequence waits too; one older than the last landed push does not', () => {
    expect(publicationOrigin(chain(20n), [push(8n, 'sending', null), push(7n, 'sent')])).toEqual({
      kind: 'pending',
      sequence: 8n,
    });
    expect(
      publicationOrigin(chain(9n, FOREIGN), [push(8n, 'sent'), push(6n, 'sending', null)]),
    ).toMatchObject({ kind: 'foreign', lastOwn: 8n });
  });

  it("a failover: the other replica's rows are the same table, so its pushes are the keeper's", () => {
    // Replica A pushed 7, B took over and pushed 8: the rows carry no replica in the judgement.
    expect(publicationOrigin(chain(8n), [push(8n, 'sent'), push(7n, 'sent')])).toMatchObject({
      kind: 'own',
    });
  });

  it("a fresh keeper database or the world's bootstrap pushes are not judged until the keeper's first push lands", () => {
    expect(publicationOrigin(chain(3n, FOREIGN), [])).toEqual({
      kind: 'unjudged',
      reason: 'no-own-push',
    });
    // Its first push failed or expired: still nothing to compare with.
    expect(publicationOrigin(chain(3n, FOREIGN), [push(4n, 'failed')])).toMatchObject({
      kind: 'unjudged',
    });
    // Dry-run rows are not pushes.
    expect(publicationOrigin(chain(3n, FOREIGN), [push(3n, 'dry-run')])).toMatchObject({
      kind: 'unjudged',
    });
  });

  it('rows above the snapshot (pushes that failed or are in flight) do not vouch for it', () => {
    expect(
      publicationOrigin(chain(8n, FOREIGN), [push(9n, 'sending', null), push(7n, 'sent')]),
    ).toMatchObject({ kind: 'foreign' });
  });

  it('a landed push that recorded no entries cannot tell a raise from a push', () => {
    expect(publicationOrigin(chain(9n, FOREIGN), [push(7n, 'sent', null)])).toEqual({
      kind: 'unverifiable',
      pushedAt: 7n,
    });
  });

  it("a snapshot with a different entry count is not the keeper's", () => {
    expect(publicationOrigin(chain(8n, KEEPERS.slice(0, 1)), [push(7n, 'sent')])).toMatchObject({
      kind: 'foreign',
    });
  });
});
