import {
  getInitializeConfigInstruction,
  getOracleConfigDecoder,
  ORACLE_ERROR__INVALID_KEEPER_SET,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { accountBytes, createSvm, fund, send } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type KeyPairSigner,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';

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
  let svm: ReturnType<typeof createSvm>;
  let payer: KeyPairSigner;
  let admins: KeyPairSigner[];
  let keeper: KeyPairSigner;
  let config: Address;

  beforeEach(async () => {
    svm = createSvm({ oracle: ORACLE_PROGRAM_ADDRESS });
    payer = await generateKeyPairSigner();
    admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    keeper = await generateKeyPairSigner();
    fund(svm, payer.address);
    config = await configPda();
  });

  function initIx(signers: KeyPairSigner[], keeperCount = 1) {
    return getInitializeConfigInstruction({
      payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeperCount,
      keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 1_000,
      adminSigners: signers,
    });
  }

  it('creates the config when 3 of 5 admins sign, and logs an event', async () => {
    // Given three distinct configured admins signing
    // When the config is initialized
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
    // Compute units are deterministic: the canonical-bump search dominates this one-off call.
    expect(result.computeUnits).toBeGreaterThan(0n);
    expect(result.computeUnits).toBeLessThan(30_000n);
  });

  it('rejects initialization signed by only 2 of 5 admins and creates nothing', async () => {
    // Given two admin signatures
    const before = accountBytes(svm, [config]);
    // When initializing
    const result = await send(svm, [initIx(admins.slice(0, 2))], payer);
    // Then the admin threshold error, and the config account still does not exist
    expect(result.customError).toBe(ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(svm, [config])).toEqual(before);
  });

  it('counts one admin listed three times once', async () => {
    const a = admins[0]!;
    const result = await send(svm, [initIx([a, a, a])], payer);
    expect(result.customError).toBe(ADMIN_THRESHOLD_NOT_MET);
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
