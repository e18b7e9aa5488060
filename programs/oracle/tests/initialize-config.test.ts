import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  decodeProgramDataUpgradeAuthority,
  findOracleProgramDataPda,
  getInitializeConfigInstruction,
  getOracleConfigDecoder,
  ORACLE_ERROR__IMMUTABLE_PROGRAM,
  ORACLE_ERROR__INVALID_DISCRIMINATOR,
  ORACLE_ERROR__INVALID_KEEPER_SET,
  ORACLE_ERROR__INVALID_OWNER,
  ORACLE_ERROR__INVALID_PDA,
  ORACLE_ERROR__MISSING_SIGNER,
  ORACLE_ERROR__NOT_UPGRADE_AUTHORITY,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { accountBytes, fund, send } from '@basket/test-harness';
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOracleSvm, programDataBytes } from './upgradeable-program.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const ADMIN_THRESHOLD_NOT_MET = 108;

async function configPda(): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: ORACLE_PROGRAM_ADDRESS,
    seeds: [getUtf8Encoder().encode('oracle_config')],
  });
  return pda;
}

describe('initialize_config', () => {
  let svm: LiteSVM;
  let payer: KeyPairSigner;
  let deployer: KeyPairSigner;
  let admins: KeyPairSigner[];
  let keeper: KeyPairSigner;
  let config: Address;

  beforeEach(async () => {
    // Given the oracle deployed as an upgradeable program whose upgrade authority is the
    // deployer's key, and a payer that is someone else
    payer = await generateKeyPairSigner();
    deployer = await generateKeyPairSigner();
    svm = await createOracleSvm(deployer.address);
    admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    keeper = await generateKeyPairSigner();
    fund(svm, payer.address);
    config = await configPda();
  });

  function initIx(
    signers: KeyPairSigner[],
    keeperCount = 1,
    upgradeAuthority: KeyPairSigner = deployer,
    threshold = 3,
  ) {
    return getInitializeConfigInstruction({
      payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      upgradeAuthority,
      admins: admins.map((a) => a.address),
      threshold,
      keeperCount,
      keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 1_000,
      adminSigners: signers,
    });
  }

  /** `ix` with the account at `index` replaced (same role unless given). */
  function withAccount(ix: Instruction, index: number, address: Address, role?: AccountRole) {
    const accounts = [...(ix.accounts ?? [])];
    const original = accounts[index];
    if (!original) throw new Error(`no account ${index}`);
    accounts[index] = { address, role: role ?? original.role };
    return { ...ix, accounts };
  }

  async function expectRejected(ix: Instruction, code: number, signer = payer) {
    const before = accountBytes(svm, [config]);
    const result = await send(svm, [ix], signer);
    expect(result.customError, result.error ?? '').toBe(code);
    // The config account still does not exist.
    expect(accountBytes(svm, [config])).toEqual(before);
    expect(before).toEqual([null]);
  }

  it('creates the config when the upgrade authority and 3 of 5 admins sign, and logs an event', async () => {
    // When the deployer and three distinct configured admins sign
    const result = await send(svm, [initIx(admins.slice(0, 3))], payer);

    // Then it succeeds, emits one event and stores the admin and keeper sets
    expect(result.error).toBeNull();
    expect(result.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    const account = svm.getAccount(config);
    if (!account.exists) throw new Error('config account was not created');
    expect(account.programAddress).toBe(ORACLE_PROGRAM_ADDRESS);
    const decoded = getOracleConfigDecoder().decode(Uint8Array.from(account.data));
    expect(decoded.discriminator).toBe(1);
    expect(decoded.admins.threshold).toBe(3);
    expect(decoded.admins.keys).toEqual(admins.map((a) => a.address));
    expect(decoded.keeperCount).toBe(1);
    expect(decoded.keepers[0]).toBe(keeper.address);
    expect(decoded.keeperSetVersion).toBe(1n);
    // Two canonical-bump searches (config PDA, ProgramData address) dominate this one-off call.
    console.info(`initialize_config: ${result.computeUnits} CU, ${result.txBytes} bytes`);
    expect(result.computeUnits).toBeLessThan(30_000n);
  });

  it('defaults the ProgramData account to the derived address and the upgrade authority to the payer', async () => {
    // Given an instruction built without either account
    const ix = getInitializeConfigInstruction({
      payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeperCount: 1,
      keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 1_000,
      adminSigners: admins.slice(0, 3),
    });
    // Then account 3 is the PDA of [program id] under the upgradeable loader (the IDL's
    // constant matches the derivation) and account 4 is the payer, as a signer
    const [programData] = await findOracleProgramDataPda();
    expect(ix.accounts[3].address).toBe(programData);
    expect(ix.accounts[4].address).toBe(payer.address);
    expect(ix.accounts[4].role).toBe(AccountRole.READONLY_SIGNER);
    // And it is refused here, because the payer is not the upgrade authority
    await expectRejected(ix, ORACLE_ERROR__NOT_UPGRADE_AUTHORITY);
  });

  it('rejects initialization by a stranger who sets their own admins', async () => {
    // Given a stranger who signs as "upgrade authority" and brings an admin set they control
    const stranger = await generateKeyPairSigner();
    fund(svm, stranger.address);
    const ix = getInitializeConfigInstruction({
      payer: stranger,
      config,
      systemProgram: SYSTEM_PROGRAM,
      upgradeAuthority: stranger,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeperCount: 1,
      keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 1_000,
      adminSigners: admins.slice(0, 3),
    });
    // When they initialize first, Then NotUpgradeAuthority and no config exists
    await expectRejected(ix, ORACLE_ERROR__NOT_UPGRADE_AUTHORITY, stranger);
    // And the deployer can still initialize afterwards
    expect((await send(svm, [initIx(admins.slice(0, 3))], payer)).ok).toBe(true);
  });

  it('rejects an admin set below 3 of 5 even when three admins sign', async () => {
    // CommonError::InvalidSignerSet: two keys (or two stolen keys) would rule the oracle.
    await expectRejected(initIx(admins.slice(0, 3), 1, deployer, 2), 109);
    expect((await send(svm, [initIx(admins.slice(0, 3))], payer)).ok).toBe(true);
  });

  it("rejects the upgrade authority's key without its signature", async () => {
    // Given the right key passed read-only, not as a signer
    const ix = withAccount(initIx(admins.slice(0, 3)), 4, deployer.address, AccountRole.READONLY);
    await expectRejected(ix, ORACLE_ERROR__MISSING_SIGNER);
  });

  it('rejects a ProgramData account at another address', async () => {
    // Given the stranger's own ProgramData-shaped account, owned by the loader and naming
    // the stranger as authority, at an address that is not the oracle's ProgramData PDA
    const stranger = await generateKeyPairSigner();
    const fake = (await generateKeyPairSigner()).address;
    const data = programDataBytes({ slot: 0n, authority: stranger.address, elf: new Uint8Array() });
    svm.setAccount({
      address: fake,
      data,
      executable: false,
      lamports: lamports(1_000_000_000n),
      programAddress: BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
      space: BigInt(data.length),
    });
    const ix = withAccount(initIx(admins.slice(0, 3), 1, stranger), 3, fake);
    // Then InvalidPda (the address is derived on-chain, not taken from the client)
    await expectRejected(ix, ORACLE_ERROR__INVALID_PDA);
  });

  it('rejects another account (the config PDA itself) passed as ProgramData', async () => {
    const ix = withAccount(initIx(admins.slice(0, 3)), 3, config);
    await expectRejected(ix, ORACLE_ERROR__INVALID_PDA);
  });

  it('rejects a ProgramData address that holds an account of another owner', async () => {
    // Given the right address overwritten with a byte-identical copy owned by the system
    // program (a state the runtime cannot reach; LiteSVM keeps running the loaded program,
    // so the oracle's own owner check is what refuses)
    const [programData] = await findOracleProgramDataPda();
    const current = svm.getAccount(programData);
    if (!current.exists) throw new Error('no ProgramData');
    const copy = Uint8Array.from(current.data);
    svm.setAccount({
      address: programData,
      data: copy,
      executable: false,
      lamports: lamports(current.lamports),
      programAddress: SYSTEM_PROGRAM,
      space: BigInt(copy.length),
    });
    await expectRejected(initIx(admins.slice(0, 3)), ORACLE_ERROR__INVALID_OWNER);
  });

  it('rejects a loader account that is not a ProgramData account', async () => {
    // Given the ProgramData address holding another loader state (tag 2, a program
    // account's) naming the deployer
    const [programData] = await findOracleProgramDataPda();
    const current = svm.getAccount(programData);
    if (!current.exists) throw new Error('no ProgramData');
    const data = Uint8Array.from(current.data);
    data[0] = 2;
    svm.setAccount({
      address: programData,
      data,
      executable: false,
      lamports: lamports(current.lamports),
      programAddress: BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
      space: BigInt(data.length),
    });
    await expectRejected(initIx(admins.slice(0, 3)), ORACLE_ERROR__INVALID_DISCRIMINATOR);
  });

  it('rejects initialization of an immutable program (no upgrade authority)', async () => {
    // Given the oracle deployed without an upgrade authority
    svm = await createOracleSvm(null);
    fund(svm, payer.address);
    const [programData] = await findOracleProgramDataPda();
    const account = svm.getAccount(programData);
    if (!account.exists) throw new Error('no ProgramData');
    expect(decodeProgramDataUpgradeAuthority(Uint8Array.from(account.data))).toBeNull();
    // When even the former deployer signs, Then ImmutableProgram
    await expectRejected(initIx(admins.slice(0, 3)), ORACLE_ERROR__IMMUTABLE_PROGRAM);
  });

  it('rejects initialization signed by only 2 of 5 admins and creates nothing', async () => {
    await expectRejected(initIx(admins.slice(0, 2)), ADMIN_THRESHOLD_NOT_MET);
  });

  it('counts one admin listed three times once', async () => {
    const a = admins[0]!;
    await expectRejected(initIx([a, a, a]), ADMIN_THRESHOLD_NOT_MET);
  });

  it('rejects a second initialization', async () => {
    expect((await send(svm, [initIx(admins.slice(0, 3))], payer)).ok).toBe(true);
    const before = accountBytes(svm, [config]);
    const again = await send(svm, [initIx(admins.slice(1, 4))], payer);
    expect(again.customError).toBe(107);
    expect(accountBytes(svm, [config])).toEqual(before);
  });

  it('rejects an empty keeper set with its own error', async () => {
    const result = await send(svm, [initIx(admins.slice(0, 3), 0)], payer);
    expect(result.customError).toBe(ORACLE_ERROR__INVALID_KEEPER_SET);
  });
});
