// initialize's own refusals against the real loader in LiteSVM (mutation testing found both
// unneeded by the other suites): a gate already initialized is refused by name, so nobody,
// the deployer included, can install another admin set over it; instruction data beyond the
// admin set is refused, so the admins approve exactly the bytes that run.
import {
  accountBytes,
  addUpgradeableProgram,
  findProgramDataAddress,
  fund,
  send,
} from '@basket/test-harness';
import {
  findGateConfigPda,
  getInitializeInstruction,
  UPGRADE_GATE_ERROR__ALREADY_INITIALIZED,
  UPGRADE_GATE_ERROR__INVALID_INSTRUCTION_DATA,
  UPGRADE_GATE_PROGRAM_ADDRESS,
} from '@basket/upgrade-gate-client';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import { gateWorld, readGate } from './gate-fixture.ts';

async function newAdmins(): Promise<KeyPairSigner[]> {
  return Promise.all(Array.from({ length: 5 }, () => generateKeyPairSigner()));
}

describe('upgrade gate: initialize checks', () => {
  it('refuses a second initialize, even by the deployer with a new set all signing', async () => {
    // Given a gate initialized with its five admins at 3 of 5
    const g = await gateWorld();
    const before = accountBytes(g.svm, [g.config]);
    const installed = readGate(g).admins;
    // When the deployer initializes it again with five other admins, all of them signing
    const others = await newAdmins();
    const again = getInitializeInstruction({
      payer: g.deployer,
      config: g.config,
      programData: (await findProgramDataAddress(UPGRADE_GATE_PROGRAM_ADDRESS))[0],
      admins: others.map((a) => a.address),
      threshold: 3,
      adminSigners: others,
    });
    const r = await send(g.svm, [again], g.deployer);
    // Then it is refused with AlreadyInitialized and the installed set is untouched
    expect(r.customError, r.error ?? '').toBe(UPGRADE_GATE_ERROR__ALREADY_INITIALIZED);
    expect(accountBytes(g.svm, [g.config])).toEqual(before);
    expect(readGate(g).admins).toEqual(installed);
  });

  it('refuses instruction data beyond the admin set, then initializes without it', async () => {
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
    const [config] = await findGateConfigPda();
    const init = getInitializeInstruction({
      payer: deployer,
      config,
      programData: (await findProgramDataAddress(UPGRADE_GATE_PROGRAM_ADDRESS))[0],
      admins: admins.map((a) => a.address),
      threshold: 3,
      adminSigners: admins.slice(0, 3),
    });
    // When the same initialize carries one byte more
    const padded = { ...init, data: Uint8Array.from([...init.data, 0]) };
    const r = await send(svm, [padded], deployer);
    // Then it is refused by name and no config exists
    expect(r.customError, r.error ?? '').toBe(UPGRADE_GATE_ERROR__INVALID_INSTRUCTION_DATA);
    expect(svm.getAccount(config).exists).toBe(false);
    // And the exact instruction initializes the gate
    expect((await send(svm, [init], deployer)).error).toBeNull();
    expect(svm.getAccount(config).exists).toBe(true);
  });
});
