// The upgrade gate's LiteSVM world: the gate deployed upgradeable and initialized with five
// admins at 3 of 5, and a gated program (the oracle's binary at a fresh address) whose
// authority its deployer handed to the gate's PDA through the loader itself.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  addUpgradeableProgram,
  BPF_LOADER_UPGRADEABLE_ADDRESS,
  findProgramDataAddress,
  fund,
  programPath,
  send,
} from '@basket/test-harness';
import {
  findGateAuthorityPda,
  findGateConfigPda,
  type GateConfig,
  getGateConfigDecoder,
  getInitializeInstruction,
  getUpgradeInstruction,
  UPGRADE_GATE_PROGRAM_ADDRESS,
} from '@basket/upgrade-gate-client';
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  type TransactionSigner,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { expect } from 'vitest';

export const ORACLE_ELF = readFileSync(programPath('oracle'));
export const REWARDS_ELF = readFileSync(programPath('rewards'));
export const sha256 = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

export interface Gate {
  svm: LiteSVM;
  deployer: KeyPairSigner;
  admins: KeyPairSigner[];
  config: Address;
  authority: Address;
  /** The gated program and its ProgramData. */
  target: Address;
  targetData: Address;
}

/** The loader's SetAuthority, signed by the present authority. */
export function loaderSetAuthority(
  account: Address,
  current: TransactionSigner,
  next: Address,
): Instruction {
  return {
    programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: current.address, role: AccountRole.READONLY_SIGNER, signer: current },
      { address: next, role: AccountRole.READONLY },
    ],
    data: Uint8Array.of(4, 0, 0, 0),
  } as Instruction;
}

/** The gate's configuration as stored. */
export function readGate(g: Gate): GateConfig {
  const account = g.svm.getAccount(g.config);
  if (!account.exists) throw new Error('no gate config');
  return getGateConfigDecoder().decode(Uint8Array.from(account.data));
}

/** A loader Buffer account (u32 1, Some(authority), the ELF) written straight into the SVM. */
export async function putBuffer(
  g: Gate,
  elf: Uint8Array,
  bufferAuthority: Address,
): Promise<Address> {
  const buffer = (await generateKeyPairSigner()).address;
  const data = new Uint8Array(37 + elf.length);
  data.set([1, 0, 0, 0, 1]);
  data.set(getAddressEncoder().encode(bufferAuthority), 5);
  data.set(elf, 37);
  g.svm.setAccount({
    address: buffer,
    data,
    executable: false,
    lamports: lamports(g.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
    space: BigInt(data.length),
  });
  return buffer;
}

/** An upgrade of the gated program, proposed at `nonce` (the gate's present one by default). */
export function upgradeIx(
  g: Gate,
  buffer: Address,
  signers: TransactionSigner[],
  options: { expected?: Uint8Array; nonce?: bigint } = {},
) {
  return getUpgradeInstruction({
    config: g.config,
    programData: g.targetData,
    program: g.target,
    buffer,
    spill: g.deployer.address,
    authority: g.authority,
    expectedSha256: options.expected ?? sha256(REWARDS_ELF),
    nonce: options.nonce ?? readGate(g).proposalNonce,
    adminSigners: signers,
  });
}

/** The program bytes now in the target's ProgramData (the ELF, zero-padded). */
export function deployedElf(g: Gate, length: number): Uint8Array {
  const account = g.svm.getAccount(g.targetData);
  if (!account.exists) throw new Error('no ProgramData');
  return Uint8Array.from(account.data).slice(45, 45 + length);
}

/** A fresh SVM with the gate initialized (3 of 5) and the gated program handed to it. */
export async function gateWorld(): Promise<Gate> {
  const svm = new LiteSVM();
  const deployer = await generateKeyPairSigner();
  const admins = await Promise.all(Array.from({ length: 5 }, () => generateKeyPairSigner()));
  fund(svm, deployer.address);
  await addUpgradeableProgram(svm, {
    programAddress: UPGRADE_GATE_PROGRAM_ADDRESS,
    program: 'upgrade-gate',
    authority: deployer.address,
  });
  const [config] = await findGateConfigPda();
  const [authority] = await findGateAuthorityPda();
  const init = getInitializeInstruction({
    payer: deployer,
    config,
    programData: (await findProgramDataAddress(UPGRADE_GATE_PROGRAM_ADDRESS))[0],
    admins: admins.map((a) => a.address),
    threshold: 3,
    adminSigners: admins.slice(0, 3),
  });
  expect((await send(svm, [init], deployer)).error).toBeNull();

  // The gated program: deployed with room for a larger binary (as `deploy` sizes it), then
  // handed by its deployer to the gate's PDA through the loader itself.
  const target = (await generateKeyPairSigner()).address;
  const room = new Uint8Array(Math.max(ORACLE_ELF.length, REWARDS_ELF.length) + 1024);
  room.set(ORACLE_ELF);
  const targetData = await addUpgradeableProgram(svm, {
    programAddress: target,
    elf: room,
    authority: deployer.address,
  });
  svm.warpToSlot(100n); // the loader refuses an upgrade in the deployment's own slot
  const handover = loaderSetAuthority(targetData, deployer, authority);
  expect((await send(svm, [handover], deployer)).error).toBeNull();
  return { svm, deployer, admins, config, authority, target, targetData };
}
