// The live-operation builders in LiteSVM on the vault's test fixture (mixed SPL Token /
// Token-2022 basket, non-unit multipliers): a stablecoin withdrawal request quoted, sent,
// fulfilled at a later snapshot for exactly the quoted net, and cancelled; the keeper and
// trade-authority rotations; every new event decoded by the SDK decoder; each builder's
// compute-unit model covering what the program used.
import { newKeyPairSigner, setUnixTime, tokenAmount } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import {
  MONDAY_15H,
  SKU,
  treasuryAccounts,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  decodeProgramEvents,
  getApplyRotationInstructionFor,
  getCancelRotationInstructionFor,
  getCancelWithdrawalInstructionFor,
  getFulfilWithdrawalInstructionFor,
  getNavQuote,
  getQueueRotationInstructionFor,
  getRequestWithdrawUsdcInstructionFor,
  quoteWithdrawalRequest,
  ROTATION_KIND,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run } from './support/vault-world.ts';

function vaultEvents(logs: readonly string[]) {
  return decodeProgramEvents(logs).filter((e) => e.program === 'vault');
}

describe('withdrawal requests through the SDK', () => {
  it('requests, then fulfils at a later snapshot for exactly the net quoted there', async () => {
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 2n;
    const q0 = quoteWithdrawalRequest(await getNavQuote(svmRpc(b.svm), SKU), shares);
    if (!q0.ok) throw new Error(q0.refusal.message);
    const request = await getRequestWithdrawUsdcInstructionFor({
      owner: alice.signer,
      vault: await readVault(b),
      shareSource: alice.shareAccount,
      shares,
      minOut: q0.minOut,
      nonce: 7n,
    });
    const sent = await run(b, b.payer, request);
    expect(sent.error).toBeNull();
    expect(sent.used).toBeLessThanOrEqual(sent.model);
    const [requested] = vaultEvents(sent.logs);
    expect(requested).toMatchObject({ status: 'decoded', name: 'withdrawalRequested' });
    expect(requested?.status === 'decoded' && requested.event).toMatchObject({
      owner: alice.signer.address,
      nonce: 7n,
      shares,
      minOut: q0.minOut,
    });
    // A push later, the quote of the same shares is what the keeper pays.
    setUnixTime(b.svm, MONDAY_15H + 30n);
    writeSnapshot(b);
    const q1 = quoteWithdrawalRequest(await getNavQuote(svmRpc(b.svm), SKU), shares);
    if (!q1.ok) throw new Error(q1.refusal.message);
    const usdc0 = tokenAmount(b.svm, alice.usdcAccount);
    const fulfil = await getFulfilWithdrawalInstructionFor({
      keeper: b.keeper,
      vault: await readVault(b),
      owner: alice.signer.address,
      nonce: 7n,
      destination: alice.usdcAccount,
      treasuryStable: treasury.usdc,
    });
    const paid = await run(b, b.payer, fulfil);
    expect(paid.error).toBeNull();
    expect(paid.used).toBeLessThanOrEqual(paid.model);
    expect(tokenAmount(b.svm, alice.usdcAccount) - usdc0).toBe(q1.netUsd);
    const [fulfilled] = vaultEvents(paid.logs);
    expect(fulfilled).toMatchObject({ status: 'decoded', name: 'withdrawalFulfilled' });
    expect(fulfilled?.status === 'decoded' && fulfilled.event).toMatchObject({
      netUsd: q1.netUsd,
      feeUsd: q1.feeUsd,
    });
  });

  it('cancels for the exact shares, with the event decoded', async () => {
    const { b, alice } = await fundedVault();
    const held = tokenAmount(b.svm, alice.shareAccount);
    const vault = await readVault(b);
    const request = await getRequestWithdrawUsdcInstructionFor({
      owner: alice.signer,
      vault,
      shareSource: alice.shareAccount,
      shares: held,
      minOut: 1n,
      nonce: 0n,
    });
    expect((await run(b, b.payer, request)).error).toBeNull();
    const cancel = await getCancelWithdrawalInstructionFor({
      caller: alice.signer,
      vault: await readVault(b),
      owner: alice.signer.address,
      nonce: 0n,
      shareDestination: alice.shareAccount,
    });
    const r = await run(b, b.payer, cancel);
    expect(r.error).toBeNull();
    expect(r.used).toBeLessThanOrEqual(r.model);
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(held);
    const [cancelled] = vaultEvents(r.logs);
    expect(cancelled?.status === 'decoded' && cancelled.event).toMatchObject({
      owner: alice.signer.address,
      canceller: alice.signer.address,
      shares: held,
    });
  });
});

describe('rotations through the SDK', () => {
  it('queues, applies and cancels with the events decoded', async () => {
    const { b } = await fundedVault();
    const next = await newKeyPairSigner();
    const adminSigners = b.admins.slice(0, 3);
    const queued = await run(
      b,
      b.payer,
      getQueueRotationInstructionFor({
        vault: await readVault(b),
        kind: ROTATION_KIND.keeper,
        newKey: next.address,
        adminSigners,
      }),
    );
    expect(queued.error).toBeNull();
    expect(queued.used).toBeLessThanOrEqual(queued.model);
    const [q] = vaultEvents(queued.logs);
    expect(q).toMatchObject({ status: 'decoded', name: 'rotationQueued' });
    expect(q?.status === 'decoded' && q.event).toMatchObject({ kind: 1, newKey: next.address });
    setUnixTime(b.svm, MONDAY_15H + 48n * 3600n);
    const applied = await run(
      b,
      b.payer,
      getApplyRotationInstructionFor({ vault: await readVault(b), kind: ROTATION_KIND.keeper }),
    );
    expect(applied.error).toBeNull();
    expect(applied.used).toBeLessThanOrEqual(applied.model);
    expect((await readVault(b)).data.keeper).toBe(next.address);
    expect(vaultEvents(applied.logs)[0]).toMatchObject({ name: 'rotationApplied' });
    await run(
      b,
      b.payer,
      getQueueRotationInstructionFor({
        vault: await readVault(b),
        kind: ROTATION_KIND.tradeAuthority,
        newKey: next.address,
        adminSigners,
      }),
    );
    const cancelled = await run(
      b,
      b.payer,
      getCancelRotationInstructionFor({
        vault: await readVault(b),
        kind: ROTATION_KIND.tradeAuthority,
        adminSigners,
      }),
    );
    expect(cancelled.error).toBeNull();
    expect(cancelled.used).toBeLessThanOrEqual(cancelled.model);
    expect(vaultEvents(cancelled.logs)[0]).toMatchObject({ name: 'rotationCancelled' });
    // Nothing pending any more: the builder refuses instead of naming a stale nonce.
    const vault = await readVault(b);
    expect(() => getApplyRotationInstructionFor({ vault, kind: 2 })).toThrow(RangeError);
  });
});
