// Events an earlier deployment emitted (decision 0980), ingested on a real Postgres: a v1
// deposit, v1 withdrawal request and a v2 rebalance leg are decoded rows with their own version
// and only that release's fields (nothing a later version added is invented), and the
// reconciliation does not count what those events could not say (the supply after a v1
// request, the book a v2 leg paid from) as a difference, until a current event says it again.
// The fields the old vault programs emitted (rebuilt from their commits, the SDK's fixture) are
// stored as decoded rows of their versions too.

import { readFileSync } from 'node:fs';
import { createMetrics } from '@basket/service-kit';
import {
  getDepositEventEncoder,
  getRebalanceLegEventEncoder,
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
import { differences } from '../src/reconcile.ts';
import { reconcileMetrics, reconcileRound } from '../src/reconcile-job.ts';
import { rowsAt } from '../src/reconcile-rows.ts';
import { QUEUE_SCHEMA } from '../src/start-indexer.ts';
import { fakeChainRpc } from './support/fake-chain.ts';
import { indexerDb } from './support/indexer-db.ts';
import { field, item, PROGRAMS, skuBytes } from './support/synthetic-items.ts';

const SKU = 'OLDREL';
const VAULT = 'Vau1t11111111111111111111111111111111111111' as Address;
const OWNER = '11111111111111111111111111111114' as Address;
const SHARE_MINT = 'Share11111111111111111111111111111111111111' as Address;
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

// Each superseded layout is the current one less the fields its next version appended
// (idl/events/vault.history.json): deposit v1 104 of 112 bytes, withdrawalRequested v1 96 of
// 112, rebalanceLeg v2 138 of 146. The SDK's history test checks each layout field by field.
const depositV1 = field(
  VaultEventKind.Deposit,
  1,
  getDepositEventEncoder()
    .encode({
      skuId: skuBytes(SKU),
      depositor: OWNER,
      rawAmount: 1_000n,
      shares: 1_000n,
      navUsd: 0n,
      supplyBefore: 0n,
      snapshotSequence: 1n,
      unixTime: 1_795_446_000n,
      eventSequence: 1n,
      mgmtFeeAccrued: 0n,
    })
    .slice(0, 104) as Uint8Array,
);
const requestedV1 = field(
  VaultEventKind.WithdrawalRequested,
  1,
  getWithdrawalRequestedEventEncoder()
    .encode({
      skuId: skuBytes(SKU),
      owner: OWNER,
      nonce: 7n,
      shares: 100n,
      minOut: 1n,
      estimatedGrossUsd: 99n,
      unixTime: 1_795_446_100n,
      eventSequence: 2n,
      mgmtFeeAccrued: 0n,
      supplyAfter: 0n,
    })
    .slice(0, 96) as Uint8Array,
);
const legV2 = field(
  VaultEventKind.RebalanceLeg,
  2,
  getRebalanceLegEventEncoder()
    .encode({
      skuId: skuBytes(SKU),
      paySlot: 255,
      receiveSlot: 0,
      payMint: OWNER,
      receiveMint: OWNER,
      payAmountRaw: 300n,
      receivedAmountRaw: 0n,
      valueOut: 300n,
      valueIn: 0n,
      snapshotSequence: 1n,
      unixTime: 1_795_446_200n,
      eventSequence: 3n,
      payBookAfter: 0n,
    })
    .slice(0, 138) as Uint8Array,
);

/** Fields the old vault programs emitted (captured from their own tests, decision 0980). */
type Captured = { id: string; program: string; base64: string };
const CAPTURED = (
  JSON.parse(
    readFileSync(
      new URL('../../../packages/sdk/test/fixtures/released-events.json', import.meta.url),
      'utf8',
    ),
  ).events as Captured[]
).filter((c) => c.program === 'vault');

function mintData(supply: bigint): Uint8Array {
  const data = new Uint8Array(82);
  new DataView(data.buffer).setBigUint64(36, supply, true);
  data[44] = 6;
  data[45] = 1;
  return data;
}

function vaultStateData(eventSequence: bigint): Uint8Array {
  const blank = getVaultStateDecoder().decode(new Uint8Array(getVaultStateDecoder().fixedSize));
  return new Uint8Array(
    getVaultStateEncoder().encode({
      ...blank,
      discriminator: VAULT_STATE_DISCRIMINATOR,
      skuId: skuBytes(SKU),
      eventSequence,
      escrowedShares: 100n,
      // Accrued by the v1 request, which did not say so: only the chain knows.
      feeSharesOwed: 5n,
      shareMint: SHARE_MINT,
      cashRaw: 700n,
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
  data.set(getAddressEncoder().encode(VAULT), 8);
  return data;
}

describe('events of an earlier release', () => {
  const t = indexerDb('superseded');
  const metrics = reconcileMetrics(createMetrics('superseded_test'));
  const history = [
    item([depositV1], { slot: 400 }),
    item([requestedV1], { slot: 401 }),
    item([legV2], { slot: 402 }),
  ];

  beforeAll(async () => {
    await t.start();
    await runMigrations({ pgPool: t.pool(), schema: QUEUE_SCHEMA });
  }, 180_000);
  afterAll(() => t.stop());

  it('stores each as a decoded row of its version with that release fields only', async () => {
    await t.deliver('vault', history);
    const rows = await t.rows(
      `select name, version, status, sku, payload from events order by slot, event_index`,
    );
    expect(rows.map((r) => [r.name, r.version, r.status, r.sku])).toEqual([
      ['deposit', 1, 'decoded', SKU],
      ['withdrawalRequested', 1, 'decoded', SKU],
      ['rebalanceLeg', 2, 'decoded', SKU],
    ]);
    expect(rows[0]?.payload).toEqual({
      skuId: SKU,
      depositor: OWNER,
      rawAmount: '1000',
      shares: '1000',
      navUsd: '0',
      supplyBefore: '0',
      snapshotSequence: '1',
      unixTime: '1795446000',
      eventSequence: '1',
    });
    expect(Object.keys(rows[1]?.payload)).not.toContain('supplyAfter');
    expect(Object.keys(rows[1]?.payload)).not.toContain('mgmtFeeAccrued');
    expect(Object.keys(rows[2]?.payload)).not.toContain('payBookAfter');
    expect(rows[2]?.payload).toMatchObject({ paySlot: 255, payAmountRaw: '300' });
  });

  it('stores what the old programs emitted as decoded rows of their versions', async () => {
    await t.deliver('vault', [
      item(
        CAPTURED.map((c) => `Program data: ${c.base64}`),
        { slot: 390 },
      ),
    ]);
    const rows = await t.rows(
      `select name, version, status from events where slot = 390 order by event_index`,
    );
    expect(rows.map((r) => `${r.name}.v${r.version}:${r.status}`)).toEqual(
      CAPTURED.map((c) => `${c.id.replace(/-.*$/, '')}:decoded`),
    );
  });

  it('does not compare what the earlier release did not say', async () => {
    const rpc = fakeChainRpc({
      slot: 410n,
      history,
      accounts: [
        { owner: PROGRAMS.vault, pubkey: VAULT, data: vaultStateData(3n) },
        {
          owner: PROGRAMS.vault,
          pubkey: 'Req1111111111111111111111111111111111111111',
          data: requestData(),
        },
        { owner: TOKEN_2022, pubkey: SHARE_MINT, data: mintData(900n) },
      ],
    });
    const round = await reconcileRound({ pool: t.pool(), rpc, programs: PROGRAMS, metrics });
    // The supply (1,005 on chain: the v1 request's accrual) and the cash (the v2 leg paid from
    // it) are unknown to the rows: not compared, so no difference; the rest is.
    const fields = round.compared[0]?.fields ?? {};
    expect(Object.keys(fields)).toEqual([
      'events',
      'open_requests',
      'escrowed_shares',
      'open_claims',
    ]);
    expect(fields.open_requests).toEqual({ chain: 1n, rows: 1n });
    expect(differences(round.compared)).toEqual([]);
  });

  it('compares them again once a current event says them', () => {
    const e = (name: string, version: number, seq: number, payload: Record<string, unknown>) => ({
      name,
      version,
      slot: BigInt(seq),
      commitment: 'confirmed',
      payload: { eventSequence: String(seq), ...payload },
    });
    const events = [
      e('deposit', 1, 1, { supplyBefore: '0', shares: '1000', rawAmount: '1000' }),
      e('withdrawalRequested', 1, 2, { owner: 'a', nonce: '1', shares: '100' }),
      e('rebalanceLeg', 2, 3, { paySlot: 255, receiveSlot: 0 }),
    ];
    // A v1 deposit already carried its books (the supply before, accrual included).
    expect(rowsAt(events, 1n)).toMatchObject({ supply: 1_000n, cash: 1_000n });
    expect(rowsAt(events, 3n)).toMatchObject({ supply: null, cash: null });
    const later = [
      ...events,
      e('withdrawalRequested', 2, 4, { owner: 'b', nonce: '1', shares: '5', supplyAfter: '1010' }),
      e('navRefreshed', 1, 5, { cashRaw: '700' }),
    ];
    expect(rowsAt(later, 5n)).toMatchObject({ supply: 1_010n, cash: 700n });
  });
});
