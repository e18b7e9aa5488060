// The gate's rules against the real loader in LiteSVM: no admin set below 3 of 5 (initialize
// and set_admins), every approval bound to the gate's proposal nonce so a superseded upgrade
// or handover is refused, and set_admins signed by the new set's threshold too.
import { addUpgradeableProgram, findProgramDataAddress, fund, send } from '@basket/test-harness';
import {
  findGateConfigPda,
  getInitializeInstruction,
  getSetAdminsInstruction,
  getSetAuthorityInstruction,
  UPGRADE_GATE_ERROR__NEW_ADMINS_THRESHOLD_NOT_MET,
  UPGRADE_GATE_ERROR__STALE_PROPOSAL,
  UPGRADE_GATE_PROGRAM_ADDRESS,
} from '@basket/upgrade-gate-client';
import { generateKeyPairSigner, type KeyPairSigner, type TransactionSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deployedElf,
  type Gate,
  gateWorld,
  ORACLE_ELF,
  putBuffer,
  REWARDS_ELF,
  readGate,
  sha256,
  upgradeIx,
} from './gate-fixture.ts';

/** CommonError::InvalidSignerSet. */
const INVALID_SIGNER_SET = 109;

let g: Gate;

beforeEach(async () => {
  g = await gateWorld();
});

async function newAdmins(): Promise<KeyPairSigner[]> {
  return Promise.all(Array.from({ length: 5 }, () => generateKeyPairSigner()));
}

function setAdminsIx(
  next: KeyPairSigner[],
  threshold: number,
  signers: TransactionSigner[],
  nonce = readGate(g).proposalNonce,
) {
  return getSetAdminsInstruction({
    config: g.config,
    admins: next.map((a) => a.address),
    threshold,
    nonce,
    adminSigners: signers,
  });
}

describe('upgrade gate: the threshold is never below 3', () => {
  it('initialize refuses a 2-of-5 set even when all five admins sign', async () => {
    // Given a freshly deployed gate
    const svm = new LiteSVM();
    const deployer = await generateKeyPairSigner();
    const admins = await newAdmins();
    fund(svm, deployer.address);
    await addUpgradeableProgram(svm, {
      programAddress: UPGRADE_GATE_PROGRAM_ADDRESS,
      program: 'upgrade-gate',
      authority: deployer.address,
    });
    const [programData] = await findProgramDataAddress(UPGRADE_GATE_PROGRAM_ADDRESS);
    const withData = (threshold: number) =>
      getInitializeInstruction({
        payer: deployer,
        config: g.config,
        programData,
        admins: admins.map((a) => a.address),
        threshold,
        adminSigners: admins,
      });
    // When the deployer initializes it at 2 of 5, then at 3 of 5
    const two = await send(svm, [withData(2)], deployer);
    // Then 2 is refused and nothing is created; 3 is accepted
    expect(two.customError).toBe(INVALID_SIGNER_SET);
    const [config] = await findGateConfigPda();
    expect(svm.getAccount(config).exists).toBe(false);
    expect((await send(svm, [withData(3)], deployer)).error).toBeNull();
  });

  it('set_admins refuses to lower the threshold to 2 whoever signs', async () => {
    // Given the gate at 3 of 5 and a next set that every key of both sets signs
    const next = await newAdmins();
    const r = await send(g.svm, [setAdminsIx(next, 2, [...g.admins, ...next])], g.deployer);
    // Then the set is refused and the stored set unchanged
    expect(r.customError).toBe(INVALID_SIGNER_SET);
    expect(readGate(g).admins.threshold).toBe(3);
    expect(readGate(g).admins.keys).toEqual(g.admins.map((a) => a.address));
  });
});

describe('upgrade gate: set_admins needs the new set to sign', () => {
  it('refuses a new set whose keys did not sign (a mistyped set cannot lock the gate)', async () => {
    const next = await newAdmins();
    const r = await send(
      g.svm,
      [setAdminsIx(next, 3, [...g.admins.slice(0, 3), ...next.slice(0, 2)])],
      g.deployer,
    );
    expect(r.customError).toBe(UPGRADE_GATE_ERROR__NEW_ADMINS_THRESHOLD_NOT_MET);
    expect(readGate(g).admins.keys).toEqual(g.admins.map((a) => a.address));
    expect(readGate(g).proposalNonce).toBe(0n);
  });

  it('installs a set sharing two admins with 3 of the old and 3 of the new signing', async () => {
    // Given a next set keeping admins 3 and 4 and adding three new keys
    const fresh = await newAdmins();
    const next = [g.admins[3], g.admins[4], fresh[0], fresh[1], fresh[2]] as KeyPairSigner[];
    // When old admins 0, 3, 4 and new key 0 sign (3 of the old, 3 of the new)
    const signers = [g.admins[0], g.admins[3], g.admins[4], fresh[0]] as KeyPairSigner[];
    const r = await send(g.svm, [setAdminsIx(next, 3, signers)], g.deployer);
    // Then it is installed and the nonce moved on
    expect(r.error).toBeNull();
    expect(readGate(g).admins.keys).toEqual(next.map((a) => a.address));
    expect(readGate(g).proposalNonce).toBe(1n);
  });
});

describe('upgrade gate: a superseded approval is refused', () => {
  it('an upgrade signed before a later upgrade landed cannot put the older binary back', async () => {
    // Given two upgrades approved at the same nonce: back to the oracle's binary (held
    // back, never submitted) and to the rewards binary (submitted)
    const nonce = readGate(g).proposalNonce;
    const older = await putBuffer(g, ORACLE_ELF, g.authority);
    const held = upgradeIx(g, older, g.admins.slice(0, 3), {
      expected: sha256(ORACLE_ELF),
      nonce,
    });
    const newer = await putBuffer(g, REWARDS_ELF, g.authority);
    const landed = await send(
      g.svm,
      [upgradeIx(g, newer, g.admins.slice(2, 5), { nonce })],
      g.deployer,
    );
    expect(landed.error).toBeNull();
    g.svm.warpToSlot(200n);
    // When the held-back proposal is submitted after it
    const r = await send(g.svm, [held], g.deployer);
    // Then it is refused and the newer binary stays
    expect(r.customError).toBe(UPGRADE_GATE_ERROR__STALE_PROPOSAL);
    expect(sha256(deployedElf(g, REWARDS_ELF.length))).toEqual(sha256(REWARDS_ELF));
  });

  it('a handover signed before an upgrade landed is refused; re-proposed at the new nonce it passes', async () => {
    const successor = await generateKeyPairSigner();
    const handover = (nonce: bigint) =>
      getSetAuthorityInstruction({
        config: g.config,
        target: g.targetData,
        authority: g.authority,
        newAuthority: successor.address,
        nonce,
        adminSigners: g.admins.slice(0, 3),
      });
    const stale = handover(0n);
    const buffer = await putBuffer(g, REWARDS_ELF, g.authority);
    expect(
      (await send(g.svm, [upgradeIx(g, buffer, g.admins.slice(0, 3))], g.deployer)).error,
    ).toBeNull();
    expect((await send(g.svm, [stale], g.deployer)).customError).toBe(
      UPGRADE_GATE_ERROR__STALE_PROPOSAL,
    );
    expect((await send(g.svm, [handover(1n)], g.deployer)).error).toBeNull();
    expect(readGate(g).proposalNonce).toBe(2n);
  });

  it('an admin change signed before another gate action is refused', async () => {
    const next = await newAdmins();
    const stale = setAdminsIx(next, 3, [...g.admins.slice(0, 3), ...next.slice(0, 3)], 0n);
    const buffer = await putBuffer(g, REWARDS_ELF, g.authority);
    expect(
      (await send(g.svm, [upgradeIx(g, buffer, g.admins.slice(0, 3))], g.deployer)).error,
    ).toBeNull();
    expect((await send(g.svm, [stale], g.deployer)).customError).toBe(
      UPGRADE_GATE_ERROR__STALE_PROPOSAL,
    );
    expect(readGate(g).admins.keys).toEqual(g.admins.map((a) => a.address));
  });
});
