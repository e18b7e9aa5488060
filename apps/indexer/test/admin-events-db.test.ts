// The vault's admin events and its performance fee on a real Postgres, from real LiteSVM
// transactions: share metadata, asset status, target weights queued / cancelled / applied
// land in the operator's audit feed with the values the vault account recorded, and the
// performance fee in the fees view with the shares the treasury received.
import { ASSET_STATUS } from '@basket/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminScenario, adminScenario } from './support/admin-scenario.ts';
import { indexerDb } from './support/indexer-db.ts';
import { LIVE_SKU } from './support/live-scenario.ts';

describe('vault admin and performance-fee rows on Postgres from real transactions', () => {
  const t = indexerDb('admin_events');
  let s: AdminScenario;

  beforeAll(async () => {
    [, s] = await Promise.all([t.start(), adminScenario()]);
  }, 180_000);
  afterAll(() => t.stop());

  const deliver = (items: AdminScenario['items']) => t.deliver('vault', items);
  const rows = t.rows;

  it('writes every admin action with the values the vault recorded', async () => {
    // Given the transactions delivered backwards one by one, then again as one batch
    for (const item of [...s.items].reverse()) await deliver([item]);
    await deliver(s.items);
    // Then the audit feed holds each action once, in the vault's event order
    const actions = await rows(
      `select signature, name, sku, payload from admin_actions
       where program = 'vault' order by (payload ->> 'eventSequence')::numeric`,
    );
    const byName = (n: string) => actions.filter((a) => a.name === n);
    expect(actions.map((a) => a.name)).toEqual([
      'shareMetadataSet',
      'assetStatusSet',
      'assetStatusSet',
      'weightsQueued',
      'weightsCancelled',
      'weightsQueued',
      'weightsApplied',
    ]);
    expect(actions.every((a) => a.sku === LIVE_SKU)).toBe(true);
    expect(byName('shareMetadataSet')[0]?.signature).toBe(s.sig.shareMetadata);
    expect(byName('assetStatusSet').map((a) => [a.payload.assetIndex, a.payload.status])).toEqual([
      [2, ASSET_STATUS.Frozen],
      [2, ASSET_STATUS.Active],
    ]);
    const [first, second] = s.measured.queued as [
      { nonce: bigint; eta: bigint },
      { nonce: bigint; eta: bigint },
    ];
    const nonceEta = (a: { payload: { nonce: string; eta: string } }) => [
      a.payload.nonce,
      a.payload.eta,
    ];
    expect(byName('weightsQueued').map(nonceEta)).toEqual([
      [first.nonce.toString(), first.eta.toString()],
      [second.nonce.toString(), second.eta.toString()],
    ]);
    expect(byName('weightsCancelled').map(nonceEta)).toEqual([
      [first.nonce.toString(), first.eta.toString()],
    ]);
    expect(byName('weightsApplied').map(nonceEta)).toEqual([
      [second.nonce.toString(), second.eta.toString()],
    ]);
    expect(s.measured.appliedWeights).toEqual([3_400, 3_300, 3_300]);
    expect(await rows('select * from unread_events')).toEqual([]);
  });

  it('writes the performance fee with the shares the treasury received', async () => {
    const fees = await rows(
      `select signature, kind, shares, sku from vault_fees where kind = 'performance'`,
    );
    expect(s.measured.perfFeeShares).toBeGreaterThan(0n);
    expect(fees).toEqual([
      {
        signature: s.sig.perfFee,
        kind: 'performance',
        shares: s.measured.perfFeeShares.toString(),
        sku: LIVE_SKU,
      },
    ]);
    const [event] = await rows(
      `select payload from events where name = 'perfFeeCrystallized' and signature = $1`,
      [s.sig.perfFee],
    );
    expect(event?.payload.newHwmPps).toBe(s.measured.hwmAfter.toString());
  });
});
