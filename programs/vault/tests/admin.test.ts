import { accountBytes, send, setUnixTime } from '@basket/test-harness';
import {
  getApplyWeightsInstruction,
  getCancelWeightsInstruction,
  getSetAssetStatusInstruction,
  getSetPausedInstruction,
  getUpdateWeightsInstruction,
  VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET,
  VAULT_ERROR__ASSET_NOT_ACTIVE,
  VAULT_ERROR__INVALID_ASSET_COUNT,
  VAULT_ERROR__INVALID_INSTRUCTION_DATA,
  VAULT_ERROR__INVALID_STATUS_TRANSITION,
  VAULT_ERROR__INVALID_WEIGHTS,
  VAULT_ERROR__NO_PENDING_WEIGHTS,
  VAULT_ERROR__NOT_WRITABLE,
  VAULT_ERROR__PENDING_WEIGHTS_MISMATCH,
  VAULT_ERROR__TIMELOCK_NOT_ELAPSED,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WEIGHTS_ALREADY_PENDING,
} from '@basket/vault-client';
import {
  AccountRole,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  depositIx,
  initVault,
  MONDAY_15H,
  newDepositor,
  patchVault,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';

const TIMELOCK = 48n * 3600n;

function pad20(w: number[]): number[] {
  return [...w, ...Array(20 - w.length).fill(0)];
}

describe('admin: set_paused', () => {
  let b: Basket;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
  });

  const pause = (paused: boolean, signers: KeyPairSigner[]) =>
    getSetPausedInstruction({ vault: b.vault, paused, adminSigners: signers });

  async function expectRejected(ix: Instruction, code: number): Promise<void> {
    const before = accountBytes(b.svm, [b.vault]);
    const r = await send(b.svm, [ix], b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, [b.vault])).toEqual(before);
  }

  it('pauses immediately with 3 of 5 admins, blocks deposits, and unpausing needs the multisig too', async () => {
    const alice = await newDepositor(b, 100_000_000n);
    // When three admins pause
    const r = await send(b.svm, [pause(true, b.admins.slice(1, 4))], b.payer);
    expect(r.error).toBeNull();
    expect(readVault(b).paused).toBe(1);
    console.info(`set_paused: ${r.computeUnits} CU`);
    // Then deposits are refused
    expect((await send(b.svm, [depositIx(b, alice, 10_000_000n)], b.payer)).customError).toBe(
      VAULT_ERROR__VAULT_PAUSED,
    );
    // And two admins cannot unpause
    await expectRejected(pause(false, b.admins.slice(0, 2)), VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
    // But three can, and deposits work again
    expect((await send(b.svm, [pause(false, b.admins.slice(2, 5))], b.payer)).ok).toBe(true);
    expect(readVault(b).paused).toBe(0);
    expect((await send(b.svm, [depositIx(b, alice, 10_000_000n)], b.payer)).ok).toBe(true);
  });

  it('rejects one admin signing three times and non-member signers', async () => {
    const a = b.admins[0] as KeyPairSigner;
    await expectRejected(pause(true, [a, a, a]), VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const strangers = await Promise.all([0, 1, 2].map(() => generateKeyPairSigner()));
    await expectRejected(pause(true, [a, ...strangers]), VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('rejects admins listed with the right keys but not as signers', async () => {
    const ix = pause(true, b.admins.slice(0, 3));
    const accounts = (ix.accounts ?? []).map((m, i) =>
      i === 0 ? m : { address: m.address, role: AccountRole.READONLY },
    );
    await expectRejected({ ...ix, accounts }, VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('rejects a pause byte other than 0 or 1 and a read-only vault', async () => {
    const ix = pause(true, b.admins.slice(0, 3));
    await expectRejected(
      { ...ix, data: Uint8Array.from([2, 2]) },
      VAULT_ERROR__INVALID_INSTRUCTION_DATA,
    );
    const accounts = (ix.accounts ?? []).map((m, i) =>
      i === 0 ? { address: m.address, role: AccountRole.READONLY } : m,
    );
    await expectRejected({ ...ix, accounts }, VAULT_ERROR__NOT_WRITABLE);
  });
});

describe('admin: update_weights with a 48 h timelock', () => {
  let b: Basket;
  const NEW = pad20([2_000, 3_000, 5_000]);

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
  });

  const queue = (weights: number[], signers = b.admins.slice(0, 3)) =>
    getUpdateWeightsInstruction({ vault: b.vault, newWeights: weights, adminSigners: signers });
  const apply = (nonce: bigint) => getApplyWeightsInstruction({ vault: b.vault, nonce });
  const cancel = (nonce: bigint, signers = b.admins.slice(0, 3)) =>
    getCancelWeightsInstruction({ vault: b.vault, nonce, adminSigners: signers });
  const weights = () =>
    readVault(b)
      .assets.slice(0, 3)
      .map((a) => a.targetWeightBps);

  async function expectRejected(ix: Instruction, code: number): Promise<void> {
    const before = accountBytes(b.svm, [b.vault]);
    const r = await send(b.svm, [ix], b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, [b.vault])).toEqual(before);
  }

  it('queues, refuses to apply one second early, applies at the deadline, and only once', async () => {
    // Given weights queued by three admins
    const q = await send(b.svm, [queue(NEW)], b.payer);
    expect(q.error).toBeNull();
    const s = readVault(b);
    expect(s.pendingWeightsEta).toBe(MONDAY_15H + TIMELOCK);
    expect(s.pendingWeightsNonce).toBe(1n);
    expect(weights()).toEqual([5_000, 3_000, 2_000]);
    // When anyone applies one second before the deadline: refused
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK - 1n);
    await expectRejected(apply(1n), VAULT_ERROR__TIMELOCK_NOT_ELAPSED);
    // At the deadline: applied
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK);
    const a = await send(b.svm, [apply(1n)], b.payer);
    expect(a.error).toBeNull();
    expect(weights()).toEqual([2_000, 3_000, 5_000]);
    expect(readVault(b).pendingWeightsEta).toBe(0n);
    console.info(`update_weights: ${q.computeUnits} CU, apply_weights: ${a.computeUnits} CU`);
    // A second apply: nothing pending
    await expectRejected(apply(1n), VAULT_ERROR__NO_PENDING_WEIGHTS);
  });

  it('cannot apply after a cancel, and the next change gets a new nonce', async () => {
    expect((await send(b.svm, [queue(NEW)], b.payer)).ok).toBe(true);
    expect((await send(b.svm, [cancel(1n)], b.payer)).ok).toBe(true);
    setUnixTime(b.svm, MONDAY_15H + TIMELOCK);
    await expectRejected(apply(1n), VAULT_ERROR__NO_PENDING_WEIGHTS);
    expect(weights()).toEqual([5_000, 3_000, 2_000]);
    // A new change: nonce 2; a transaction built for nonce 1 cannot apply it
    expect((await send(b.svm, [queue(NEW)], b.payer)).ok).toBe(true);
    setUnixTime(b.svm, MONDAY_15H + 2n * TIMELOCK);
    await expectRejected(apply(1n), VAULT_ERROR__PENDING_WEIGHTS_MISMATCH);
    expect((await send(b.svm, [apply(2n)], b.payer)).ok).toBe(true);
  });

  it('needs the multisig to queue and to cancel', async () => {
    await expectRejected(queue(NEW, b.admins.slice(0, 2)), VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect((await send(b.svm, [queue(NEW)], b.payer)).ok).toBe(true);
    const a = b.admins[4] as KeyPairSigner;
    await expectRejected(cancel(1n, [a, a, a]), VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('refuses a second queued change while one is pending', async () => {
    expect((await send(b.svm, [queue(NEW)], b.payer)).ok).toBe(true);
    await expectRejected(queue(pad20([1_000, 1_000, 8_000])), VAULT_ERROR__WEIGHTS_ALREADY_PENDING);
  });

  it('rejects weights that do not sum to 10,000 bps or are set past the asset count', async () => {
    await expectRejected(queue(pad20([2_000, 3_000, 4_999])), VAULT_ERROR__INVALID_WEIGHTS);
    await expectRejected(queue(pad20([2_000, 3_000, 4_999, 1])), VAULT_ERROR__INVALID_WEIGHTS);
  });

  it('rejects apply and cancel when nothing is pending', async () => {
    await expectRejected(apply(0n), VAULT_ERROR__NO_PENDING_WEIGHTS);
    await expectRejected(cancel(0n), VAULT_ERROR__NO_PENDING_WEIGHTS);
  });

  it('is not shortened by a paused vault or by warping slots alone', async () => {
    expect((await send(b.svm, [queue(NEW)], b.payer)).ok).toBe(true);
    b.svm.warpToSlot(1_000_000n);
    await expectRejected(apply(1n), VAULT_ERROR__TIMELOCK_NOT_ELAPSED);
  });
});

describe('admin: set_asset_status', () => {
  let b: Basket;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
  });

  const setStatus = (assetIndex: number, status: number, signers = b.admins.slice(0, 3)) =>
    getSetAssetStatusInstruction({ vault: b.vault, assetIndex, status, adminSigners: signers });

  it('freezes a held asset (deposits refused) and unfreezes it, both with the multisig', async () => {
    const alice = await newDepositor(b, 100_000_000n);
    await stockHoldings(b, [0n, 5_000_000n, 0n]);
    const r = await send(b.svm, [setStatus(1, 2)], b.payer);
    expect(r.error).toBeNull();
    expect(readVault(b).assets[1]?.status).toBe(2);
    console.info(`set_asset_status: ${r.computeUnits} CU`);
    expect((await send(b.svm, [depositIx(b, alice, 10_000_000n)], b.payer)).customError).toBe(
      VAULT_ERROR__ASSET_NOT_ACTIVE,
    );
    expect((await send(b.svm, [setStatus(1, 1, b.admins.slice(0, 2))], b.payer)).customError).toBe(
      VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET,
    );
    expect((await send(b.svm, [setStatus(1, 1)], b.payer)).ok).toBe(true);
    expect((await send(b.svm, [depositIx(b, alice, 10_000_000n)], b.payer)).ok).toBe(true);
  });

  it('retires only an asset with weight 0 and an empty book, and never revives it', async () => {
    const before = accountBytes(b.svm, [b.vault]);
    const r = await send(b.svm, [setStatus(2, 3)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_STATUS_TRANSITION);
    expect(accountBytes(b.svm, [b.vault])).toEqual(before);
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) =>
        i === 2 ? { ...a, targetWeightBps: 0 } : i === 0 ? { ...a, targetWeightBps: 7_000 } : a,
      ),
    }));
    expect((await send(b.svm, [setStatus(2, 3)], b.payer)).ok).toBe(true);
    expect((await send(b.svm, [setStatus(2, 1)], b.payer)).customError).toBe(
      VAULT_ERROR__INVALID_STATUS_TRANSITION,
    );
  });

  it('rejects an unknown status byte and an index past the asset count', async () => {
    expect((await send(b.svm, [setStatus(0, 0)], b.payer)).customError).toBe(
      VAULT_ERROR__INVALID_INSTRUCTION_DATA,
    );
    expect((await send(b.svm, [setStatus(0, 4)], b.payer)).customError).toBe(
      VAULT_ERROR__INVALID_INSTRUCTION_DATA,
    );
    expect((await send(b.svm, [setStatus(3, 2)], b.payer)).customError).toBe(
      VAULT_ERROR__INVALID_ASSET_COUNT,
    );
  });
});
