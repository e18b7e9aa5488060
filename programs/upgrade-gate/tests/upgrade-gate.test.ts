// The upgrade gate against the real upgradeable loader in LiteSVM: a program is deployed
// upgradeable, its authority handed to the gate's PDA through the loader, then upgraded only
// with 3 distinct admin signatures (refused with 2, with a stranger, with a duplicate, with a
// buffer the gate does not hold, with bytes other than the approved hash, through a fake
// loader); the admin set changes only by 3 of 5; a program is handed back by 3 of 5.
import {
  addUpgradeableProgram,
  BPF_LOADER_UPGRADEABLE_ADDRESS,
  findProgramDataAddress,
  fund,
  send,
} from '@basket/test-harness';
import {
  getInitializeInstruction,
  getSetAdminsInstruction,
  getSetAuthorityInstruction,
  UPGRADE_GATE_ERROR__BUFFER_HASH_MISMATCH,
  UPGRADE_GATE_ERROR__DUPLICATE_SIGNER,
  UPGRADE_GATE_ERROR__NON_ADMIN_SIGNER,
  UPGRADE_GATE_ERROR__NOT_UPGRADE_AUTHORITY,
  UPGRADE_GATE_ERROR__THRESHOLD_NOT_MET,
  UPGRADE_GATE_ERROR__WRONG_BUFFER_AUTHORITY,
  UPGRADE_GATE_ERROR__WRONG_LOADER,
  UPGRADE_GATE_PROGRAM_ADDRESS,
} from '@basket/upgrade-gate-client';
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
  type TransactionSigner,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deployedElf as deployedElfOf,
  type Gate,
  gateWorld,
  ORACLE_ELF,
  putBuffer as putBufferIn,
  REWARDS_ELF,
  readGate,
  sha256,
  upgradeIx as upgradeIxOf,
} from './gate-fixture.ts';

let g: Gate;
let svm: LiteSVM;
let deployer: KeyPairSigner;
let admins: KeyPairSigner[];
let config: Address;
let authority: Address;
let target: Address;
let targetData: Address;

const putBuffer = (elf: Uint8Array, bufferAuthority: Address) =>
  putBufferIn(g, elf, bufferAuthority);
const upgradeIx = (buffer: Address, signers: TransactionSigner[], expected?: Uint8Array) =>
  upgradeIxOf(g, buffer, signers, { expected });
const deployedElf = (length: number) => deployedElfOf(g, length);

beforeEach(async () => {
  g = await gateWorld();
  ({ svm, deployer, admins, config, authority, target, targetData } = g);
});

describe('upgrade gate: upgrades', () => {
  it('upgrades with 3 distinct admins from a buffer the gate holds; the hash on chain is the new binary', async () => {
    const buffer = await putBuffer(REWARDS_ELF, authority);
    const r = await send(
      svm,
      [upgradeIx(buffer, [admins[4], admins[0], admins[2]] as KeyPairSigner[])],
      deployer,
    );
    expect(r.error).toBeNull();
    expect(sha256(deployedElf(REWARDS_ELF.length))).toEqual(sha256(REWARDS_ELF));
    expect(svm.getAccount(buffer).exists).toBe(false); // the loader closed it into spill
  });

  it('the deployer alone can no longer upgrade through the loader', async () => {
    const buffer = await putBuffer(REWARDS_ELF, deployer.address);
    const direct = {
      programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
      accounts: [
        { address: targetData, role: AccountRole.WRITABLE },
        { address: target, role: AccountRole.WRITABLE },
        { address: buffer, role: AccountRole.WRITABLE },
        { address: deployer.address, role: AccountRole.WRITABLE },
        {
          address: 'SysvarRent111111111111111111111111111111111' as Address,
          role: AccountRole.READONLY,
        },
        {
          address: 'SysvarC1ock11111111111111111111111111111111' as Address,
          role: AccountRole.READONLY,
        },
        { address: deployer.address, role: AccountRole.READONLY_SIGNER, signer: deployer },
      ],
      data: Uint8Array.of(3, 0, 0, 0),
    } as Instruction;
    const r = await send(svm, [direct], deployer);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/IncorrectAuthority|Incorrect upgrade authority/);
    expect(sha256(deployedElf(ORACLE_ELF.length))).toEqual(sha256(ORACLE_ELF));
  });

  it.each([
    ['2 admins', () => admins.slice(0, 2), UPGRADE_GATE_ERROR__THRESHOLD_NOT_MET],
    [
      '2 admins and a stranger',
      async () => [...admins.slice(0, 2), await generateKeyPairSigner()],
      UPGRADE_GATE_ERROR__NON_ADMIN_SIGNER,
    ],
    [
      '3 admins and a stranger',
      async () => [...admins.slice(0, 3), await generateKeyPairSigner()],
      UPGRADE_GATE_ERROR__NON_ADMIN_SIGNER,
    ],
    [
      'an admin passed twice with one other',
      () => [admins[1], admins[1], admins[3]] as KeyPairSigner[],
      UPGRADE_GATE_ERROR__DUPLICATE_SIGNER,
    ],
  ])('refuses an upgrade approved by %s', async (_, signers, code) => {
    const buffer = await putBuffer(REWARDS_ELF, authority);
    const r = await send(svm, [upgradeIx(buffer, await signers())], deployer);
    expect(r.customError).toBe(code);
    expect(sha256(deployedElf(ORACLE_ELF.length))).toEqual(sha256(ORACLE_ELF));
  });

  it('refuses a buffer whose authority is not the gate (its bytes could change after the review)', async () => {
    const buffer = await putBuffer(REWARDS_ELF, deployer.address);
    const r = await send(svm, [upgradeIx(buffer, admins.slice(0, 3))], deployer);
    expect(r.customError).toBe(UPGRADE_GATE_ERROR__WRONG_BUFFER_AUTHORITY);
  });

  it('refuses a buffer whose bytes are not the hash the admins approved', async () => {
    const buffer = await putBuffer(REWARDS_ELF, authority);
    const r = await send(
      svm,
      [upgradeIx(buffer, admins.slice(0, 3), sha256(ORACLE_ELF))],
      deployer,
    );
    expect(r.customError).toBe(UPGRADE_GATE_ERROR__BUFFER_HASH_MISMATCH);
  });

  it('refuses to sign for its PDA towards any program but the real loader', async () => {
    const buffer = await putBuffer(REWARDS_ELF, authority);
    const ix = upgradeIx(buffer, admins.slice(0, 3));
    const accounts = [...ix.accounts];
    accounts[8] = { address: UPGRADE_GATE_PROGRAM_ADDRESS, role: AccountRole.READONLY };
    const r = await send(svm, [{ ...ix, accounts }], deployer);
    expect(r.customError).toBe(UPGRADE_GATE_ERROR__WRONG_LOADER);
  });
});

describe('upgrade gate: admin set and handover', () => {
  it("initialize is refused to anyone but the gate program's upgrade authority", async () => {
    const fresh = new LiteSVM();
    const stranger = await generateKeyPairSigner();
    fund(fresh, stranger.address);
    await addUpgradeableProgram(fresh, {
      programAddress: UPGRADE_GATE_PROGRAM_ADDRESS,
      program: 'upgrade-gate',
      authority: deployer.address,
    });
    const init = getInitializeInstruction({
      payer: stranger,
      config,
      programData: (await findProgramDataAddress(UPGRADE_GATE_PROGRAM_ADDRESS))[0],
      admins: admins.map((a) => a.address),
      threshold: 3,
      adminSigners: admins.slice(0, 3),
    });
    expect((await send(fresh, [init], stranger)).customError).toBe(
      UPGRADE_GATE_ERROR__NOT_UPGRADE_AUTHORITY,
    );
  });

  it('replaces the admin set with 3 of 5; the old admins can then no longer upgrade', async () => {
    const next = await Promise.all(Array.from({ length: 5 }, () => generateKeyPairSigner()));
    const setAdmins = (signers: TransactionSigner[]) =>
      getSetAdminsInstruction({
        config,
        admins: next.map((a) => a.address),
        threshold: 3,
        nonce: readGate(g).proposalNonce,
        adminSigners: signers,
      });
    expect(
      (await send(svm, [setAdmins([...admins.slice(0, 2), ...next.slice(0, 3)])], deployer))
        .customError,
    ).toBe(UPGRADE_GATE_ERROR__THRESHOLD_NOT_MET);
    expect(
      (await send(svm, [setAdmins([...admins.slice(2, 5), ...next.slice(0, 3)])], deployer)).error,
    ).toBeNull();
    const stored = readGate(g);
    expect(stored.admins.keys).toEqual(next.map((a) => a.address));
    expect(stored.adminSetVersion).toBe(2n);

    const buffer = await putBuffer(REWARDS_ELF, authority);
    expect((await send(svm, [upgradeIx(buffer, admins.slice(0, 3))], deployer)).customError).toBe(
      UPGRADE_GATE_ERROR__NON_ADMIN_SIGNER,
    );
    expect((await send(svm, [upgradeIx(buffer, next.slice(1, 4))], deployer)).error).toBeNull();
  });

  it('hands a program to another authority with 3 of 5 (and not with 2)', async () => {
    const successor = await generateKeyPairSigner();
    const handover = (signers: TransactionSigner[]) =>
      getSetAuthorityInstruction({
        config,
        target: targetData,
        authority,
        newAuthority: successor.address,
        nonce: readGate(g).proposalNonce,
        adminSigners: signers,
      });
    expect((await send(svm, [handover(admins.slice(0, 2))], deployer)).customError).toBe(
      UPGRADE_GATE_ERROR__THRESHOLD_NOT_MET,
    );
    expect((await send(svm, [handover(admins.slice(1, 4))], deployer)).error).toBeNull();
    const account = svm.getAccount(targetData);
    if (!account.exists) throw new Error('no ProgramData');
    const stored = Uint8Array.from(account.data).slice(13, 45);
    expect(stored).toEqual(Uint8Array.from(getAddressEncoder().encode(successor.address)));
  });
});
