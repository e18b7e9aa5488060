// The live-operation and issuer events on a real Postgres, from real LiteSVM transactions:
// each lands in its view with the amounts the chain moved; any order, repeat and batching of
// deliveries gives the same rows; a transaction that never finalizes takes its rows (and a
// request's fulfilment) with it; the API serves a wallet's open requests and the feeds.
import fc from 'fast-check';
import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaultReader } from '../src/api-routes.ts';
import { finalityPass } from '../src/finality.ts';
import { flowRoutes } from '../src/flow-routes.ts';
import { liveRoutes } from '../src/live-routes.ts';
import { createReadCache } from '../src/read-cache.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { indexerDb } from './support/indexer-db.ts';
import { LIVE_SKU, type LiveScenario, liveScenario } from './support/live-scenario.ts';
import { statusesOf } from './support/svm-items.ts';

describe('live-operation rows on Postgres from real transactions', () => {
  const t = indexerDb('live_events');
  let s: LiveScenario;

  beforeAll(async () => {
    [, s] = await Promise.all([t.start(), liveScenario()]);
  }, 180_000);
  afterAll(() => t.stop());

  const deliver = (items: TransactionItem[]) => t.deliver('vault', items);
  const rows = t.rows;
  const truncate = () => t.rows('truncate transactions, events');
  const requests = () =>
    rows(
      `select nonce, shares, state, fee_usd, net_usd, canceller, request_signature, closed_signature
       from withdrawal_requests where owner = $1 order by event_sequence`,
      [s.owner],
    );
  /** Every live view, as a reader sees it. */
  const views = async () => ({
    requests: await requests(),
    settlements: await rows('select * from vault_rebalance_settlements order by signature'),
    rotations: await rows('select * from vault_rotations order by event_sequence'),
    issuer: await rows('select * from issuer_actions order by event_sequence'),
    withdrawals: await rows('select * from vault_withdrawals order by event_sequence'),
    fees: await rows('select * from vault_fees order by event_sequence'),
  });

  it('writes each event into its view with what the chain moved', async () => {
    await truncate();
    await deliver(s.items);
    const m = s.measured;
    // Withdrawal requests: nonce 7 paid, 8 cancelled by its owner, 9 open, 7 again open.
    const r = await requests();
    expect(r.map((x) => [x.nonce, x.state])).toEqual([
      ['7', 'fulfilled'],
      ['8', 'cancelled'],
      ['9', 'open'],
      ['7', 'open'],
    ]);
    expect(r.every((x) => x.shares === m.requestShares.toString())).toBe(true);
    expect(r[0]).toMatchObject({
      net_usd: m.fulfilledNet.toString(),
      fee_usd: m.fulfilledFee.toString(),
      closed_signature: s.sig.fulfil7,
    });
    expect(r[1]?.canceller).toBe(s.owner);
    expect(r[3]?.closed_signature).toBeNull();
    // The payment is a withdrawal and its fee a withdrawal fee; the failed attempt is nothing.
    const paid = await rows(`select * from vault_withdrawals where kind = 'request_fulfilled'`);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.cash_raw).toBe(m.fulfilledNet.toString());
    const fees = await rows(`select * from vault_fees where signature = $1`, [s.sig.fulfil7]);
    expect(fees.map((f) => [f.kind, f.usd])).toEqual([['withdrawal', m.fulfilledFee.toString()]]);
    expect(
      await rows('select 1 from transactions where signature = $1', [s.sig.fulfilTooEarly]),
    ).toHaveLength(0);

    // The redemption: its claim took the shares, its payment delivered the cash.
    const redemption = await rows(
      `select kind, shares, cash_raw from vault_withdrawals where kind like 'redemption%' order by event_sequence`,
    );
    expect(redemption).toEqual([
      {
        kind: 'redemption_claim',
        shares: m.requestShares.toString(),
        cash_raw: expect.any(String),
      },
      { kind: 'redemption_payment', shares: null, cash_raw: m.redemptionCash.toString() },
    ]);
    // The pause and the unpause are admin actions.
    const pauses = await rows(
      `select payload from admin_actions where name = 'pauseSet' order by event_index, slot`,
    );
    expect(pauses).toHaveLength(2);

    // The management fee minted two days on, as shares to the treasury.
    const mgmt = await rows(`select shares from vault_fees where kind = 'management'`);
    expect(m.mgmtFeeShares).toBeGreaterThan(0n);
    expect(mgmt.map((f) => f.shares)).toEqual([m.mgmtFeeShares.toString()]);
    // The withdrawal fees the buffer kept, paid to the treasury: a row of their own kind.
    const collected = await rows(`select usd from vault_fees where kind = 'withdrawal_collected'`);
    expect(m.withdrawFeesCollected).toBeGreaterThan(0n);
    expect(collected.map((f) => f.usd)).toEqual([m.withdrawFeesCollected.toString()]);

    // The settle, joined to its leg: what was paid and what the holding really grew by.
    const [settled] = await rows('select * from vault_rebalance_settlements');
    expect(settled).toMatchObject({
      signature: s.sig.rebalance,
      receive_slot: 1,
      received_raw: m.settledIncrease.toString(),
      pay_amount_raw: m.payAmount.toString(),
      receive_mint: m.legMint,
    });
    expect(BigInt(settled?.surplus_raw)).toBe(m.settledIncrease - BigInt(settled?.expected_raw));

    // Rotations: the keeper applied at its due time, the trade authority cancelled.
    const rotations = await rows('select * from vault_rotations order by event_sequence');
    expect(rotations.map((x) => [x.kind, x.state, x.new_key, x.eta])).toEqual([
      ['keeper', 'applied', m.newKeeper, m.rotationEta.toString()],
      ['trade_authority', 'cancelled', m.newKeeper, expect.any(String)],
    ]);

    // The issuer's actions, as the vault found them.
    const issuer = await rows('select * from issuer_actions order by event_sequence, event_index');
    expect(issuer.map((x) => [x.kind, x.asset_index])).toEqual([
      ['holding_below_book', 0],
      ['delegate_changed', 2],
      ['holding_frozen', 0],
      ['mint_paused', 2],
    ]);
    expect(issuer[0]).toMatchObject({
      book_before: m.book0.toString(),
      balance: (m.book0 - m.book0 / 2n).toString(),
      book_after: (m.book0 - m.book0 / 2n).toString(),
    });
    expect(issuer[1]).toMatchObject({
      previous_delegate: m.issuer,
      current_delegate: m.newDelegate,
    });
    expect(issuer[2]?.owner).toBe(s.owner);
    // Nothing of these kinds is left unread.
    expect(await rows('select * from unread_events')).toEqual([]);
  });

  it('gives the same rows whatever the order, the repeats and the batching of deliveries', async () => {
    await truncate();
    await deliver(s.items);
    const expected = await views();
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(s.items, { minLength: s.items.length }),
        fc.array(fc.constantFrom(...s.items), { maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (order, repeats, batch) => {
          // Given empty rows, when every transaction arrives in this order, some twice
          await truncate();
          const all = [...order, ...repeats];
          for (let i = 0; i < all.length; i += batch) await deliver(all.slice(i, i + batch));
          // Then every view is what one in-order delivery gave
          expect(await views()).toEqual(expected);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  it('removes the rows of transactions that never finalize, and finalizes the rest', async () => {
    await truncate();
    await deliver(s.items);
    const expected = await views();
    // Given the same activity on a fork this chain abandoned (another validator: real
    // transactions, real logs, unknown here), delivered too
    const fork = await liveScenario();
    await deliver(fork.items);
    const forkRequests = `select state from withdrawal_requests where owner = $1`;
    expect(await rows(forkRequests, [fork.owner])).toHaveLength(4);
    // When the finality pass asks this chain about every pending transaction
    const pass = await finalityPass(t.pool(), statusesOf(s.items), -1);
    // Then the fork's transactions and their rows are gone, ours are finalized and unchanged
    expect(pass).toMatchObject({ dropped: fork.items.length - 1, finalized: s.items.length - 1 });
    expect(await rows(forkRequests, [fork.owner])).toEqual([]);
    expect(JSON.stringify(await views())).toBe(
      JSON.stringify(expected).replaceAll('"confirmed"', '"finalized"'),
    );
  }, 180_000);

  it("serves a wallet's open requests and the vault's feeds", async () => {
    await truncate();
    await deliver(s.items);
    const app = fastify();
    const cache = createReadCache();
    app.register(liveRoutes(t.pool(), cache));
    app.register(flowRoutes(t.pool(), cache, vaultReader(t.pool(), cache).pricePerShare));
    try {
      const get = async (url: string) => {
        const r = await app.inject({ method: 'GET', url });
        return { status: r.statusCode, body: r.json() };
      };
      const open = await get(`/api/wallets/${s.owner}/withdrawal-requests`);
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({
        state: 'open',
        open: 2,
        escrowedShares: (2n * s.measured.requestShares).toString(),
      });
      expect(open.body.requests.map((r: { nonce: string }) => r.nonce)).toEqual(['7', '9']);
      const all = await get(`/api/wallets/${s.owner}/withdrawal-requests?state=all`);
      expect(all.body.requests).toHaveLength(4);
      const vault = await get(`/api/skus/${LIVE_SKU}/withdrawal-requests?state=fulfilled`);
      expect(vault.body.requests.map((r: { net_usd: string }) => r.net_usd)).toEqual([
        s.measured.fulfilledNet.toString(),
      ]);
      const feed = await get(`/api/skus/${LIVE_SKU}/issuer-actions?limit=2`);
      // Newest first
      expect(feed.body.issuerActions.map((r: { kind: string }) => r.kind)).toEqual([
        'mint_paused',
        'holding_frozen',
      ]);
      const rotations = await get(`/api/skus/${LIVE_SKU}/rotations`);
      expect(rotations.body.rotations).toHaveLength(2);
      const rebalances = await get(`/api/skus/${LIVE_SKU}/rebalances`);
      expect(rebalances.body.rebalances[0].received_raw).toBe(
        s.measured.settledIncrease.toString(),
      );
      // The position made through the vault is the wallet's share balance on chain.
      const positions = await get(`/api/wallets/${s.owner}/positions`);
      expect(positions.body.positions).toMatchObject([
        {
          sku: LIVE_SKU,
          shares: s.measured.sharesHeld.toString(),
          escrowedShares: (2n * s.measured.requestShares).toString(),
          depositedUsd: (10_000n * 1_000_000n).toString(),
          withdrawnUsd: (
            s.measured.fulfilledNet +
            s.measured.inKindCash +
            s.measured.redemptionCash
          ).toString(),
        },
      ]);
      const price = BigInt(positions.body.positions[0].pricePerShare);
      expect(positions.body.positions[0].valueUsd).toBe(
        ((s.measured.sharesHeld * price) / 10n ** 12n).toString(),
      );
      // Flows per UTC day add up to the wallet's deposit and what it received.
      const flows = (await get(`/api/skus/${LIVE_SKU}/flows`)).body.days as Record<
        string,
        string
      >[];
      const total = (k: string) => flows.reduce((t, d) => t + BigInt(d[k] as string), 0n);
      expect(total('depositedUsd')).toBe(10_000n * 1_000_000n);
      expect(total('withdrawnUsd')).toBe(
        s.measured.fulfilledNet + s.measured.inKindCash + s.measured.redemptionCash,
      );
      // Shares left by the paid request, the redemption claim and the in-kind withdrawal (open
      // requests' shares are escrowed).
      expect(total('netShares')).toBe(total('depositedShares') - 3n * s.measured.requestShares);
      expect((await get(`/api/wallets/${s.owner}/withdrawal-requests?state=lost`)).status).toBe(
        400,
      );
      expect((await get(`/api/skus/${LIVE_SKU}/issuer-actions?limit=0`)).status).toBe(400);
      expect((await get('/api/wallets/not-an-address/withdrawal-requests')).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});
