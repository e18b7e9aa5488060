import {
  findRewardsProgramDataPda,
  getInitializeInstruction,
  getRewardsConfigDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__ALREADY_INITIALIZED,
  REWARDS_ERROR__IMMUTABLE_PROGRAM,
  REWARDS_ERROR__INVALID_OWNER,
  REWARDS_ERROR__INVALID_PDA,
  REWARDS_ERROR__INVALID_TOKEN_ACCOUNT,
  REWARDS_ERROR__MISSING_SIGNER,
  REWARDS_ERROR__NOT_UPGRADE_AUTHORITY,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  accountBytes,
  addUpgradeableProgram,
  createTokenAccount,
  findProgramDataAddress,
  fund,
  send as rawSend,
  SYSTEM_PROGRAM_ADDRESS,
  withAccountAt,
} from '@basket/test-harness';
import {
  AccountRole,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type Fixture, initializeIx, setup } from './fixture.ts';
import { send } from './measured.ts';

/** Account indexes of `initialize` (docs/rewards.md, accounts.rs). */
const PROGRAM_DATA = 6;
const UPGRADE_AUTHORITY = 7;

/** `ix` with the account at `index` given another role (same address). */
function withRole(ix: Instruction, index: number, role: AccountRole): Instruction {
  const accounts = [...(ix.accounts ?? [])];
  const original = accounts[index];
  if (!original) throw new Error(`no account ${index}`);
  accounts[index] = { address: original.address, role };
  return { ...ix, accounts };
}

/**
 * Sends `ix` and expects the custom error `code`, with the config (still absent), the
 * staking holding and the ProgramData account byte-for-byte unchanged. `oversize`: the
 * transaction carries a separate upgrade-authority key and so exceeds 1,232 bytes (LiteSVM
 * does not enforce the limit; what is tested is the program's answer).
 */
async function expectRejected(
  f: Fixture,
  ix: Instruction,
  code: number,
  options: { signer?: KeyPairSigner; oversize?: boolean } = {},
) {
  const watched = [f.config, f.stakeHolding, f.programData];
  const before = accountBytes(f.svm, watched);
  const r = await (options.oversize ? rawSend : send)(f.svm, [ix], options.signer ?? f.payer);
  expect(r.customError, r.error ?? '').toBe(code);
  expect(r.computeUnits).toBeGreaterThan(0n);
  if (options.oversize) expect(r.txBytes).toBeGreaterThan(1_232);
  expect(accountBytes(f.svm, watched)).toEqual(before);
  expect(before[0]).toBeNull();
}

describe('initialize', () => {
  let f: Fixture;

  it('creates the config when the upgrade authority (the payer) and 3 of 5 admins sign', async () => {
    // Given the program deployed upgradeable with the payer's key as upgrade authority
    f = await setup({ initialize: false });
    // When the payer, as upgrade authority, and 3 distinct admins sign the initialization
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer);
    // Then the config stores admins, keeper, staking mint and holding, and reward mints
    expect(r.error).toBeNull();
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    expect(acc.programAddress).toBe(REWARDS_PROGRAM_ADDRESS);
    const c = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    expect(c.admins.threshold).toBe(3);
    expect(c.admins.keys).toEqual(f.admins.map((a) => a.address));
    expect(c.keepers[0]).toBe(f.keeper.address);
    expect(c.stakingMint).toBe(f.stakingMint.address);
    expect(c.stakeHolding).toBe(f.stakeHolding);
    expect(c.stakingDecimals).toBe(6);
    expect(c.rewardMints.slice(0, 2)).toEqual([f.xStock.address, f.legacy.address]);
    expect(c.lastEpochId).toBe(0n);
    // Two canonical-bump searches (config PDA, ProgramData address at bump 254) dominate.
    console.info(`initialize: ${r.computeUnits} CU, ${r.txBytes} bytes`);
    expect(r.computeUnits).toBeLessThan(25_000n);
    // Four signatures (payer = upgrade authority, 3 admins) fit one packet (measured send).
  });

  it('creates the config when a separate deployer key signs (one more signature: over 1,232 bytes)', async () => {
    // Given a deployer key, not the payer, as upgrade authority
    f = await setup({ initialize: false, upgradeAuthority: 'separate' });
    // When payer, deployer and 3 admins sign
    const r = await rawSend(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer);
    // Then the program accepts it, but the transaction (5 signatures, 547 data bytes) does
    // not fit a packet: on a cluster the deployer key must pay (docs/rewards.md)
    expect(r.error).toBeNull();
    expect(f.svm.getAccount(f.config).exists).toBe(true);
    console.info(`initialize, separate deployer: ${r.txBytes} bytes`);
    expect(r.txBytes).toBeGreaterThan(1_232);
  });

  it('defaults the ProgramData account to the derived address and the upgrade authority to the payer', async () => {
    f = await setup({ initialize: false, upgradeAuthority: 'separate' });
    // Given an instruction built without either account
    const ix = getInitializeInstruction({
      payer: f.payer,
      config: f.config,
      stakingMint: f.stakingMint.address,
      stakeHolding: f.stakeHolding,
      stakingTokenProgram: f.stakingMint.tokenProgram,
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      admins: f.admins.map((a) => a.address),
      threshold: 3,
      keeperCount: 1,
      keepers: [f.keeper.address, ...Array(7).fill(SYSTEM_PROGRAM_ADDRESS)],
      rewardMintCount: 1,
      rewardMints: [f.xStock.address, ...Array(3).fill(SYSTEM_PROGRAM_ADDRESS)],
      adminSigners: f.admins.slice(0, 3),
    });
    // Then account 6 is the PDA of [program id] under the upgradeable loader (the IDL's
    // constant matches the derivation, by the client's helper and the harness's) and
    // account 7 is the payer, as a signer
    const [programData] = await findRewardsProgramDataPda();
    expect(programData).toBe(f.programData);
    expect((await findProgramDataAddress(REWARDS_PROGRAM_ADDRESS))[0]).toBe(programData);
    expect(ix.accounts[PROGRAM_DATA].address).toBe(programData);
    expect(ix.accounts[UPGRADE_AUTHORITY].address).toBe(f.payer.address);
    expect(ix.accounts[UPGRADE_AUTHORITY].role).toBe(AccountRole.READONLY_SIGNER);
    // And it is refused here, because the payer is not the upgrade authority
    await expectRejected(f, ix, REWARDS_ERROR__NOT_UPGRADE_AUTHORITY);
  });

  it('rejects a stranger who initializes first with their own admins and keeper; the deployer still can', async () => {
    f = await setup({ initialize: false });
    // Given a stranger who pays, signs as "upgrade authority" and brings five admins and a
    // keeper of their own (three of their admins sign, so the admin check alone would pass)
    const stranger = await generateKeyPairSigner();
    fund(f.svm, stranger.address);
    const theirAdmins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    const theirKeeper = await generateKeyPairSigner();
    const ix = initializeIx(f, theirAdmins.slice(0, 3), {
      payer: stranger,
      upgradeAuthority: stranger,
      admins: theirAdmins.map((a) => a.address),
      keeper: theirKeeper.address,
    });
    // When they initialize first, Then NotUpgradeAuthority and no config exists
    await expectRejected(f, ix, REWARDS_ERROR__NOT_UPGRADE_AUTHORITY, { signer: stranger });
    // And the deployer initializes afterwards with the real admins
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer);
    expect(r.error).toBeNull();
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    const c = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    expect(c.admins.keys).toEqual(f.admins.map((a) => a.address));
    expect(c.keepers[0]).toBe(f.keeper.address);
  });

  it("rejects the upgrade authority's key without its signature", async () => {
    // Given a separate deployer whose key is passed read-only, not as a signer
    f = await setup({ initialize: false, upgradeAuthority: 'separate' });
    const ix = withRole(
      initializeIx(f, f.admins.slice(0, 3)),
      UPGRADE_AUTHORITY,
      AccountRole.READONLY,
    );
    // Then MissingSigner
    await expectRejected(f, ix, REWARDS_ERROR__MISSING_SIGNER, { oversize: true });
  });

  it('rejects the genuine ProgramData account of a program the stranger deployed', async () => {
    // Given a stranger who deployed a program of their own (here the same ELF at another
    // address) and so is the upgrade authority its real, loader-owned ProgramData names
    f = await setup({ initialize: false });
    const stranger = await generateKeyPairSigner();
    fund(f.svm, stranger.address);
    const theirProgram = (await generateKeyPairSigner()).address;
    const theirProgramData = await addUpgradeableProgram(f.svm, {
      programAddress: theirProgram,
      program: 'rewards',
      authority: stranger.address,
    });
    // When they pass it as the rewards program's ProgramData and sign as its authority
    const ix = withAccountAt(
      initializeIx(f, f.admins.slice(0, 3), { payer: stranger, upgradeAuthority: stranger }),
      PROGRAM_DATA,
      theirProgramData,
    );
    // Then InvalidPda (the address is derived on-chain from the rewards program's id)
    await expectRejected(f, ix, REWARDS_ERROR__INVALID_PDA, { signer: stranger });
  });

  it('rejects another account (the config PDA) passed as ProgramData', async () => {
    f = await setup({ initialize: false });
    const ix = withAccountAt(initializeIx(f, f.admins.slice(0, 3)), PROGRAM_DATA, f.config);
    await expectRejected(f, ix, REWARDS_ERROR__INVALID_PDA);
  });

  it('rejects a ProgramData address that holds a copy owned by another program', async () => {
    // Given the right address overwritten with a byte-identical copy owned by the system
    // program (unreachable on a cluster; the program's own owner check refuses it)
    f = await setup({ initialize: false });
    const current = f.svm.getAccount(f.programData);
    if (!current.exists) throw new Error('no ProgramData');
    const copy = Uint8Array.from(current.data);
    f.svm.setAccount({
      address: f.programData,
      data: copy,
      executable: false,
      lamports: lamports(current.lamports),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      space: BigInt(copy.length),
    });
    await expectRejected(f, initializeIx(f, f.admins.slice(0, 3)), REWARDS_ERROR__INVALID_OWNER);
  });

  it('rejects initialization of an immutable program (no upgrade authority)', async () => {
    // Given the program deployed without an upgrade authority
    f = await setup({ initialize: false, upgradeAuthority: 'none' });
    const account = f.svm.getAccount(f.programData);
    if (!account.exists) throw new Error('no ProgramData');
    expect(account.data[12]).toBe(0);
    // When the payer signs as upgrade authority, Then ImmutableProgram
    await expectRejected(
      f,
      initializeIx(f, f.admins.slice(0, 3), { upgradeAuthority: f.payer }),
      REWARDS_ERROR__IMMUTABLE_PROGRAM,
    );
    // And likewise when the former deployer signs too
    await expectRejected(
      f,
      initializeIx(f, f.admins.slice(0, 3)),
      REWARDS_ERROR__IMMUTABLE_PROGRAM,
      { oversize: true },
    );
  });

  it('rejects 2 of 5 admins and creates nothing', async () => {
    f = await setup({ initialize: false });
    await expectRejected(
      f,
      initializeIx(f, f.admins.slice(0, 2)),
      REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
    );
  });

  it('rejects a staking holding not owned by the config PDA', async () => {
    // Given a holding of the staking mint owned by the payer
    f = await setup({ initialize: false });
    const foreign = await createTokenAccount(f.svm, f.payer, f.stakingMint, f.payer.address);
    // When initializing with it, Then the token account check fails and no config exists
    await expectRejected(
      f,
      initializeIx(f, f.admins.slice(0, 3), { stakeHolding: foreign }),
      REWARDS_ERROR__INVALID_TOKEN_ACCOUNT,
    );
  });

  it('rejects a second initialization', async () => {
    f = await setup();
    const before = accountBytes(f.svm, [f.config]);
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(2, 5))], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__ALREADY_INITIALIZED);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });
});
