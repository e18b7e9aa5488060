// The distributor's catch-up anchor on a real Postgres: the newest epoch paid (in flight or
// landed) or examined with nothing to pay; failed or expired payouts do not count.
import { describe, expect, it } from 'vitest';
import { CONCLUDED_PREFIX, concludedAnchor } from '../src/jobs/epoch-distributor.ts';
import { keeperDatabase } from './support/keeper-database.ts';

const db = keeperDatabase('keeper-epoch-anchor', 2);
const pool = () => db.pool();

const row = (key: string, status: string) =>
  pool().query(
    "insert into keeper.actions (action_key, job, token, holder, status) values ($1, 'epoch-distributor', 1, 'a', $2)",
    [key, status],
  );
const secs = (day: string) => BigInt(Date.parse(`${day}T00:00:00Z`) / 1000);

describe('concludedAnchor', () => {
  it('is the newest paid or concluded epoch end, ignoring failed payouts and other jobs', async () => {
    expect(await concludedAnchor(pool())).toBeNull();
    await row('epoch-distributor:epoch:2025-11-16', 'sent');
    expect(await concludedAnchor(pool())).toBe(secs('2025-11-16'));
    // A payout that did not land is no anchor: the epoch is still to pay.
    await row('epoch-distributor:epoch:2025-11-30', 'expired');
    await row('epoch-purchase:epoch:2025-12-07:mint', 'sent');
    expect(await concludedAnchor(pool())).toBe(secs('2025-11-16'));
    await row(`${CONCLUDED_PREFIX}2025-11-23`, 'sent');
    expect(await concludedAnchor(pool())).toBe(secs('2025-11-23'));
    // In flight counts: the in-flight resolver settles it, the epoch is not paid twice.
    await row('epoch-distributor:epoch:2025-12-07', 'sending');
    expect(await concludedAnchor(pool())).toBe(secs('2025-12-07'));
  });
});
