// Reconciliation on a real Postgres against a cluster held in memory: rows taken at the
// chain's event sequence; a vault whose withdrawal request event was never indexed shows a
// missing event, an open request and escrowed shares the rows lack (gauges set), the repair
// backfills the missing transaction from the RPC, and the next round is clean.
import { createMetrics } from '@basket/service-kit';
import {
  getVaultStateDecoder,
  getVaultStateEncoder,
  getWithdrawalRequestDecoder,
  getWithdrawalRequestEncoder,
  getWithdrawalRequestedEventEncoder,
  VAULT_STATE_DISCRIMINATOR,
  VaultEventKind,
  WITHDRAWAL_REQUEST_DISCRIMINATOR,
} from '@basket/vault-client';
import { type Address, getAddressEncoder } from '@solana/kit';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { differences } from '../src/reconcile.ts';
import { reconcileMetrics, reconcileRound } from '../src/reconcile-job.ts';
import { rowsAt } from '../src/reconcile-rows.ts';
import { QUEUE_SCHEMA } from '../src/start-indexer.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { fakeChainRpc } from './support/fake-chain.ts';
import { indexerDb } from './support/indexer-db.ts';
import {
  depositField,
  field,
  item,
  navRefreshedField,
  PROGRAMS,
  skuBytes,
  vaultVersion,
} from './support/synthetic-items.ts';

const SKU = 'RECON1';
const VAULT = 'Vau1t11111111111111111111111111111111111111' as Address;
const OWNER = '11111111111111111111111111111114' as Address;
const SHARE_MINT = 'Share11111111111111111111111111111111111111' as Address;
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

function requestedField(eventSequence: bigint): string {
  const payload = getWithdrawalRequestedEventEncoder().encode({
    skuId: skuBytes(SKU),
    owner: OWNER,
    nonce: 7n,
    shares: 100n,
    minOut: 1n,
    estimatedGrossUsd: 99n,
    unixTime: 1_795_446_100n,
    eventSequence,
    // The request's own accrual: only this event says the supply moved by it.
    mgmtFeeAccrued: 5n,
    supplyAfter: 1_005n,
  });
  return field(
    VaultEventKind.WithdrawalRequested,
    vaultVersion(VaultEventKind.WithdrawalRequested),
    new Uint8Array(payload),
  );
}

/** The share mint on chain: 82 bytes, the raw supply at offset 36. */
function mintData(supply: bigint): Uint8Array {
  const data = new Uint8Array(82);
  new DataView(data.buffer).setBigUint64(36, supply, true);
  data[44] = 6; // decimals
  data[45] = 1; // initialized
  return data;
}

/** The vault's state on chain: its event sequence, escrow, fee shares owed and cash. */
function vaultStateData(eventSequence: bigint, escrowedShares: bigint): Uint8Array {
  const blank = getVaultStateDecoder().decode(new Uint8Array(getVaultStateDecoder().fixedSize));
  return new Uint8Array(
    getVaultStateEncoder().encode({
      ...blank,
      discriminator: VAULT_STATE_DISCRIMINATOR,
      skuId: skuBytes(SKU),
      eventSequence,
      escrowedShares,
      feeSharesOwed: 5n,
      shareMint: SHARE_MINT,
      cashRaw: 1_000n,
    }),
  );
}

function requestData(): Uint8Array {
  const blank = getWithdrawalRequestDecoder().decode(
    new Uint8Array(getWithdrawalRequestDecoder().fixedSize),
  );
  const data = new Uint8Array(
    getWithdrawalRequestEncoder().encode({
      ...blank,
      discriminator: WITHDRAWAL_REQUEST_DISCRIMINATOR,
      shares: 100n,
      nonce: 7n,
    }),
  );
  // The vault's address at its offset (the SDK's filter reads it there).
  data.set(getAddressEncoder().encode(VAULT), 8);
  return data;
}

describe('reconciliation', () => {
  const t = indexerDb('reconcile');
  const metrics = reconcileMetrics(createMetrics('reconcile_test'));
  // The vault's history: init-free (seq 1 deposit), a request (seq 2), a refresh (seq 3).
  const history: TransactionItem[] = [
    item(
      [
        depositField({
          skuId: skuBytes(SKU),
          eventSequence: 1n,
          supplyBefore: 0n,
          shares: 1_000n,
          rawAmount: 1_000n,
        }),
      ],
      { slot: 300 },
    ),
    item([requestedField(2n)], { slot: 301 }),
    item([navRefreshedField({ skuId: skuBytes(SKU), eventSequence: 3n, cashRaw: 1_000n })], {
      slot: 302,
    }),
  ];
  const chain = {
    slot: 310n,
    history,
    accounts: [
      { owner: PROGRAMS.vault, pubkey: VAULT, data: vaultStateData(3n, 100n) },
      {
        owner: PROGRAMS.vault,
        pubkey: 'Req1111111111111111111111111111111111111111',
        data: requestData(),
      },
      // 1,000 minted by the deposit, 100 of them burned into the request's escrow.
      { owner: TOKEN_2022, pubkey: SHARE_MINT, data: mintData(900n) },
    ],
  };

  beforeAll(async () => {
    await t.start();
    await runMigrations({ pgPool: t.pool(), schema: QUEUE_SCHEMA });
  }, 180_000);
  afterAll(() => t.stop());

  it('takes the rows at an event sequence: open requests, escrow, claims and gaps', () => {
    const events = [
      {
        name: 'withdrawalRequested',
        slot: 1n,
        commitment: 'confirmed',
        payload: { eventSequence: '1', owner: 'a', nonce: '1', shares: '5' },
      },
      {
        name: 'redemptionBegun',
        slot: 2n,
        commitment: 'confirmed',
        payload: { eventSequence: '3', owner: 'b', nonce: '1', cashOwed: '10', owed: ['4', '0'] },
      },
      {
        name: 'redemptionPaid',
        slot: 3n,
        commitment: 'confirmed',
        payload: { eventSequence: '4', owner: 'b', nonce: '1', cashPaid: '10', paid: ['3', '0'] },
      },
      {
        name: 'withdrawalFulfilled',
        slot: 4n,
        commitment: 'confirmed',
        payload: { eventSequence: '5', owner: 'a', nonce: '1' },
      },
    ];
    expect(rowsAt(events, 4n)).toMatchObject({
      missing: [2n],
      openRequests: 1n,
      escrowedShares: 5n,
      openClaims: 1n,
    });
    expect(rowsAt(events, 5n)).toMatchObject({
      missing: [2n],
      openRequests: 0n,
      escrowedShares: 0n,
      openClaims: 1n,
    });
  });

  it('follows the supply, the cash book and each asset book from the events', () => {
    const e = (name: string, eventSequence: number, payload: Record<string, unknown>) => ({
      name,
      slot: BigInt(eventSequence),
      commitment: 'confirmed',
      payload: { eventSequence: String(eventSequence), ...payload },
    });
    const events = [
      e('deposit', 1, { supplyBefore: '0', shares: '1000', rawAmount: '1000' }),
      // Cash into asset 1 (a leg paid from the cash buffer, settled into the holding).
      e('rebalanceLeg', 2, { paySlot: 255, payBookAfter: '400' }),
      e('rebalanceSettled', 3, { receiveSlot: 1, bookAfter: '70' }),
      e('withdrawInKind', 4, {
        supplyAfter: '900',
        cashAfter: '360',
        amounts: ['0', '7'],
        mgmtFeeAccrued: '0',
      }),
      e('holdingBelowBook', 5, { assetIndex: 1, bookAfter: '50' }),
      e('mgmtFeeCollected', 6, { supply: '904', mgmtFeeAccrued: '4' }),
      e('redemptionBegun', 7, {
        owner: 'c',
        nonce: '1',
        supplyAfter: '804',
        cashAfter: '320',
        cashOwed: '40',
        owed: ['0', '5'],
      }),
      e('withdrawalFulfilled', 8, { owner: 'd', nonce: '1', supplyAfter: '794', cashLeft: '300' }),
    ];
    const at = (n: bigint) => {
      const v = rowsAt(events, n);
      return { supply: v.supply, cash: v.cash, book1: v.books[1] };
    };
    expect(at(3n)).toEqual({ supply: 1_000n, cash: 400n, book1: 70n });
    expect(at(5n)).toEqual({ supply: 900n, cash: 360n, book1: 50n });
    expect(at(6n)).toEqual({ supply: 904n, cash: 360n, book1: 50n });
    expect(at(8n)).toEqual({ supply: 794n, cash: 300n, book1: 45n });
    expect(rowsAt(events, 8n).books).toHaveLength(20);
  });

  it('finds the missing request event, sets the gauges, repairs from the RPC and is clean after', async () => {
    // Given the indexer saw the deposit and the refresh, never the request
    await t.deliver('vault', [history[0] as TransactionItem, history[2] as TransactionItem]);
    const rpc = fakeChainRpc(chain);

    // When a round runs
    const round = await reconcileRound({ pool: t.pool(), rpc, programs: PROGRAMS, metrics });

    // Then it names each difference at sequence 3, and the gauges hold them
    expect(differences(round.compared)).toEqual([
      { sku: SKU, field: 'events', chain: 3n, rows: 2n },
      { sku: SKU, field: 'open_requests', chain: 1n, rows: 0n },
      { sku: SKU, field: 'escrowed_shares', chain: 100n, rows: 0n },
      { sku: SKU, field: 'supply', chain: 1_005n, rows: 1_000n },
    ]);
    const gauge = async (field: string) =>
      (await metrics.difference.get()).values.find(
        (v) => v.labels.sku === SKU && v.labels.field === field,
      )?.value;
    expect(await gauge('escrowed_shares')).toBe(100);
    expect(await gauge('supply')).toBe(5);
    expect(await gauge('cash')).toBe(0);
    // And the repair stored the one missing transaction from the RPC
    expect(round.repaired).toBe(1);
    const { rows } = await t
      .pool()
      .query<{ id: string }>(
        `select id from deliveries where source = 'backfill' and processed_at is null`,
      );
    expect(rows).toHaveLength(1);
    await ingestDelivery(
      t.pool(),
      BigInt(rows[0]?.id as string),
      PROGRAMS,
      ingestMetrics(createMetrics('reconcile_ingest')),
    );

    // When the next round runs, nothing differs and the gauges are zero
    const next = await reconcileRound({ pool: t.pool(), rpc, programs: PROGRAMS, metrics });
    expect(differences(next.compared)).toEqual([]);
    expect(next.repaired).toBe(0);
    expect(await gauge('escrowed_shares')).toBe(0);
    expect(await gauge('events')).toBe(0);
    expect(await gauge('supply')).toBe(0);
    // And the vault is a known SKU (from its events and the chain)
    expect(await t.rows('select sku from skus')).toEqual([{ sku: SKU }]);
  });
});
