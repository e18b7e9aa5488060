// The fenced sender against a real Postgres server: the lease is checked again when the
// signature is recorded, so a replica that lost it between the claim and the send (an RFQ
// co-sign call, a remote signer, the per-job slot) sends nothing. The RPC is a stand-in that
// counts what reaches sendTransaction; the claim, the record and the lease are the real SQL.

import { BasketTransactionError } from '@basket/sdk';
import { createLogger } from '@basket/service-kit';
import { address, generateKeyPairSigner, getSolanaErrorFromTransactionError } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createFencedSender } from '../src/chain/fenced-send.ts';
import { createKeeperLimits } from '../src/chain/limits.ts';
import { claimAction } from '../src/service/actions.ts';
import { type HeldLease, tryAcquireLease } from '../src/service/lease.ts';
import { keeperDatabase } from './support/keeper-database.ts';

const db = keeperDatabase('keeper-fence');
const pool = () => db.pool();

const SYSTEM = address('11111111111111111111111111111111');
const MEMO = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * A fenced sender whose blockhash fetch runs `between` (the window after the claim). `height`
 * is the chain's block height as the stand-in reports it (null: it cannot be read).
 */
async function sender(
  lease: HeldLease,
  between: () => Promise<void>,
  height: bigint | null = 1_001n,
  sendError: () => Error = () => new Error('connection reset after the send'),
) {
  const wires: unknown[] = [];
  const rpc = {
    getRecentPrioritizationFees: () => ({ send: async () => [] }),
    getSignatureStatuses: () => ({ send: async () => ({ value: [null] }) }),
    getBlockHeight: () => ({
      send: async () => {
        if (height === null) throw new Error('block height unreadable');
        return height;
      },
    }),
    getLatestBlockhash: () => ({
      send: async () => {
        await between();
        return { value: { blockhash: SYSTEM, lastValidBlockHeight: 1_000n } };
      },
    }),
    sendTransaction: (wire: unknown) => ({
      send: async () => {
        wires.push(wire);
        // By default the network fails after the send: only the chain can tell what happened.
        throw sendError();
      },
    }),
  };
  const limits = createKeeperLimits({
    rpcPerSecond: 50,
    txPerSecond: 5,
    assetIndexPerSecond: 10,
    txPerMinutePerJob: 30,
  });
  const send = createFencedSender({
    rpc: rpc as never,
    subscriptions: {} as never,
    pool: pool(),
    elector: { lease: () => lease, tick: async () => lease, stop: async () => {} },
    limits,
    feePayer: await generateKeyPairSigner(),
    programs: { oracle: MEMO, vault: MEMO, rewards: MEMO } as never,
    logger: createLogger({ name: 'fenced-send-test', level: 'silent' }),
    dryRun: false,
    claimMarginMs: 1_000,
    landing: { capLamports: () => 10_000n, resendIntervalMs: 5, maxVersions: 1, maxWaitMs: 200 },
  });
  const instructions = [
    {
      instruction: { programAddress: MEMO, accounts: [], data: new Uint8Array([104, 105]) },
      costs: [],
    },
  ];
  const run = () =>
    send({ job: 'nav-push', actionKey: 'nav-push:TECH6:9', instructions, describe: 'push #9' });
  return { run, wires, stop: () => limits.stop() };
}

async function statusOf(key: string) {
  const { rows } = await pool().query<{ status: string; signature: string | null }>(
    'select status, signature from keeper.actions where action_key = $1',
    [key],
  );
  return rows[0];
}

describe('fenced send', () => {
  it('sends while the lease is held (the control: the stand-in RPC sees the transaction)', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 60_000);
    if (!a) throw new Error('no lease');
    // The chain is past the blockhash's last valid height and does not know the signature.
    const s = await sender(a, async () => {});
    await expect(s.run()).rejects.toThrow(/blockhash expired/);
    expect(s.wires).toHaveLength(1);
    // Expired: it can never land, so the action may run again; the signature is kept.
    expect(await statusOf('nav-push:TECH6:9')).toMatchObject({ status: 'expired' });
    expect((await statusOf('nav-push:TECH6:9'))?.signature).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    );
    await s.stop();
  });

  it("a program's refusal names the failing instruction's program, counted in the sent message", async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 60_000);
    if (!a) throw new Error('no lease');
    // Preflight refuses instruction 2 of the message without logs: the message is the limit,
    // the price, then the job's one instruction (the memo program here).
    const refusal = () =>
      getSolanaErrorFromTransactionError({ InstructionError: [2, { Custom: 3002 }] });
    const s = await sender(a, async () => {}, 1_001n, refusal);
    const error = await s.run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BasketTransactionError);
    expect((error as BasketTransactionError).failure).toMatchObject({
      kind: 'custom',
      code: 3002,
      instructionIndex: 2,
      programAddress: MEMO,
    });
    expect(await statusOf('nav-push:TECH6:9')).toMatchObject({ status: 'failed' });
    await s.stop();
  });

  it('a chain it cannot read leaves the outcome unknown: the row keeps `sending` and its signature', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 60_000);
    if (!a) throw new Error('no lease');
    const s = await sender(a, async () => {}, null);
    await expect(s.run()).rejects.toThrow(/neither landed nor expired/);
    expect(s.wires.length).toBeGreaterThanOrEqual(1);
    expect(await statusOf('nav-push:TECH6:9')).toMatchObject({ status: 'sending' });
    await s.stop();
  });

  it('a lease taken over between the claim and the record: nothing is sent, the action is free again', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 60_000);
    if (!a) throw new Error('no lease');
    let b: HeldLease | null = null;
    const s = await sender(a, async () => {
      // a stalls after its claim (a slow co-sign or signer); its lease expires and b takes it.
      await pool().query("update keeper.leader_lease set expires_at = now() where name = 'keeper'");
      b = await tryAcquireLease(pool(), 'keeper', 'b', 60_000);
    });
    expect(await s.run()).toEqual({ kind: 'skipped', reason: 'lease-lost' });
    expect(s.wires).toHaveLength(0);
    expect(b).not.toBeNull();
    expect(await statusOf('nav-push:TECH6:9')).toEqual({ status: 'expired', signature: null });
    // The new leader runs the action at once instead of waiting for the in-flight resolver.
    const again = await claimAction(
      pool(),
      b as unknown as HeldLease,
      'nav-push:TECH6:9',
      'nav-push',
      50,
    );
    expect(again).toEqual({ claimed: true });
    await s.stop();
  });

  it('a lease that expires (no one else took it) within the margin: nothing is sent', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 60_000);
    if (!a) throw new Error('no lease');
    const s = await sender(a, async () => {
      await pool().query(
        "update keeper.leader_lease set expires_at = now() + interval '500 milliseconds'",
      );
    });
    expect(await s.run()).toEqual({ kind: 'skipped', reason: 'lease-lost' });
    expect(s.wires).toHaveLength(0);
    await s.stop();
  });
});
