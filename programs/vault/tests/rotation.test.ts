/**
 * Keeper and trade-authority rotation behind the 48 h timelock (3 of 5 admins): queue,
 * apply (anyone, from the eta), cancel; the rotated keys take effect on the instructions
 * they authorize (the keeper's `rebalance_leg`, the trade authority as the leg's payee).
 */

import { accountBytes, newKeyPairSigner, send, setUnixTime } from '@basket/test-harness';
import {
  getApplyRotationInstruction,
  getCancelRotationInstruction,
  getQueueRotationInstruction,
  VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET,
  VAULT_ERROR__INVALID_ROTATION,
  VAULT_ERROR__NO_PENDING_ROTATION,
  VAULT_ERROR__NOT_KEEPER,
  VAULT_ERROR__ROTATION_ALREADY_PENDING,
  VAULT_ERROR__TIMELOCK_NOT_ELAPSED,
  VAULT_ERROR__WRONG_TRADE_ACCOUNT,
} from '@basket/vault-client';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  depositIx,
  initVault,
  MONDAY_15H,
  newDepositor,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';
import { type Leg, legIx, minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

const KEEPER = 1;
const TRADE_AUTHORITY = 2;
const TIMELOCK = 48n * 3600n;
const USDC = 1_000_000n;

describe('rotations behind the 48 h timelock', () => {
  let b: Basket;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
  });

  const queue = (kind: number, newKey: Address, signers = b.admins.slice(0, 3)) =>
    getQueueRotationInstruction({ vault: b.vault, kind, newKey, adminSigners: signers });
  const apply = (kind: number, nonce: bigint) =>
    getApplyRotationInstruction({ vault: b.vault, kind, nonce });
  const cancel = (kind: number, nonce: bigint) =>
    getCancelRotationInstruction({
      vault: b.vault,
      kind,
      nonce,
      adminSigners: b.admins.slice(0, 3),
    });

  async function ok(ix: Instruction) {
    const r = await send(b.svm, [ix], b.payer);
    expect(r.error).toBeNull();
    return r;
  }

  async function refused(ix: Instruction, code: number) {
    const before = accountBytes(b.svm, [b.vault]);
    const r = await send(b.svm, [ix], b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, [b.vault])).toEqual(before);
  }

  it('rotates the keeper after 48 h: the old key loses rebalance_leg, the new one has it', async () => {
    const next = await newKeyPairSigner();
    const r = await ok(queue(KEEPER, next.address));
    const s = readVault(b);
    expect(s.pendingRotationKey[0]).toBe(next.address);
    expect(s.pendingRotationEta[0]).toBe(MONDAY_15H + TIMELOCK);
    const nonce = s.pendingRotationNonce[0] as bigint;
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK - 1n);
    await refused(apply(KEEPER, nonce), VAULT_ERROR__TIMELOCK_NOT_ELAPSED);
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK);
    await ok(apply(KEEPER, nonce));
    expect(readVault(b).keeper).toBe(next.address);
    expect(readVault(b).pendingRotationEta[0]).toBe(0n);
    // The keys act as rotated.
    writeSnapshot(b);
    const alice = await newDepositor(b, 10_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 5_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, [350_000_000n, 10_000_000n, 7_000_000_000n]);
    const ta = await newCounterparty(b);
    const payAmount = 100n * USDC;
    const leg: Leg = {
      pay: 'cash',
      receive: 0,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, 50n),
    };
    const old = await send(b.svm, swapIxs(b, ta, leg), b.payer);
    expect(old.customError).toBe(VAULT_ERROR__NOT_KEEPER);
    const [, ...rest] = swapIxs(b, ta, leg);
    const fresh = await send(b.svm, [legIx(b, ta, leg, { keeper: next }), ...rest], b.payer);
    expect(fresh.error).toBeNull();
    console.info(`queue_rotation: ${r.computeUnits} CU`);
  });

  it('rotates the trade authority: legs then pay only the new wallet', async () => {
    const alice = await newDepositor(b, 10_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 5_000n * USDC)], b.payer)).ok).toBe(true);
    const next: KeyPairSigner = await newKeyPairSigner();
    await ok(queue(TRADE_AUTHORITY, next.address));
    const nonce = readVault(b).pendingRotationNonce[1] as bigint;
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK);
    const r = await ok(apply(TRADE_AUTHORITY, nonce));
    expect(readVault(b).tradeAuthority).toBe(next.address);
    writeSnapshot(b);
    await stockHoldings(b, [350_000_000n, 10_000_000n, 7_000_000_000n]);
    const payAmount = 100n * USDC;
    const leg: Leg = {
      pay: 'cash',
      receive: 0,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, 50n),
    };
    const former = await newCounterparty(b);
    const refusedLeg = await send(b.svm, swapIxs(b, former, leg), b.payer);
    expect(refusedLeg.customError).toBe(VAULT_ERROR__WRONG_TRADE_ACCOUNT);
    const current = await newCounterparty(b, next);
    expect((await send(b.svm, swapIxs(b, current, leg), b.payer)).error).toBeNull();
    console.info(`apply_rotation: ${r.computeUnits} CU`);
  });

  it('cancels a queued rotation; one pending per kind; nonces and kinds are checked', async () => {
    const next = await newKeyPairSigner();
    await ok(queue(KEEPER, next.address));
    await refused(queue(KEEPER, next.address), VAULT_ERROR__ROTATION_ALREADY_PENDING);
    // The other kind queues independently.
    await ok(queue(TRADE_AUTHORITY, next.address));
    const s = readVault(b);
    const nonce = s.pendingRotationNonce[0] as bigint;
    await refused(apply(KEEPER, nonce + 7n), VAULT_ERROR__NO_PENDING_ROTATION);
    await refused(queue(3, next.address), VAULT_ERROR__INVALID_ROTATION);
    await refused(
      queue(TRADE_AUTHORITY, '11111111111111111111111111111111' as Address),
      VAULT_ERROR__INVALID_ROTATION,
    );
    const r = await ok(cancel(KEEPER, nonce));
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK);
    await refused(apply(KEEPER, nonce), VAULT_ERROR__NO_PENDING_ROTATION);
    expect(readVault(b).keeper).toBe(b.keeper.address);
    console.info(`cancel_rotation: ${r.computeUnits} CU`);
  });

  it('needs 3 of the 5 admins to queue or cancel', async () => {
    const next = await newKeyPairSigner();
    const r = await send(b.svm, [queue(KEEPER, next.address, b.admins.slice(0, 2))], b.payer);
    expect(r.ok).toBe(false);
    expect(r.customError).toBe(VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });
});
