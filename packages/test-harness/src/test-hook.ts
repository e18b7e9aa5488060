/**
 * The test-only transfer-hook program (programs/test-transfer-hook): its id, the
 * instructions that set it up and switch its mode, and its per-mint record. A mint made by
 * `createIssuerMint({ hookProgram: TEST_HOOK_PROGRAM_ADDRESS })` calls it on every transfer.
 */

import { SYSTEM_PROGRAM_ADDRESS } from '@basket/issuer-mint';
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { createIssuerMint, type IssuerMint } from './issuer-mint.ts';
import { send } from './send.ts';
import { fund, programPath } from './svm.ts';

/** Program id (its keypair is public: programs/test-transfer-hook/program-id.json). */
export const TEST_HOOK_PROGRAM_ADDRESS = 'N8duKhBiWAEmuxbU9PdCCyKiCthjAfaV4vBLNGJoUj4' as Address;

/** The custom error of refuse mode. */
export const TEST_HOOK_REFUSED = 7000;
/** The custom error of refuse-account mode, for a transfer touching the refused account. */
export const TEST_HOOK_ACCOUNT_REFUSED = 7001;

/**
 * A mode of the test hook: record every transfer, refuse every transfer, or refuse only the
 * transfers whose source, destination or owner is `refuseAccount` (recording the others).
 */
export type TestHookMode = 'record' | 'refuse' | { refuseAccount: Address };

const INITIALIZE = [43, 34, 13, 49, 167, 88, 235, 235];
const SET_MODE = Array.from(getUtf8Encoder().encode('set_mode'));

function signerMeta(signer: TransactionSigner, role: AccountRole) {
  return { address: signer.address, role, signer };
}

async function pdaOf(seed: string, mint: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({
    programAddress: TEST_HOOK_PROGRAM_ADDRESS,
    seeds: [getUtf8Encoder().encode(seed), getAddressEncoder().encode(mint)],
  });
  return address;
}

/** The interface's validation account `["extra-account-metas", mint]` of the test hook. */
export function testHookValidationAddress(mint: Address): Promise<Address> {
  return pdaOf('extra-account-metas', mint);
}

/** The test hook's record of `mint` (`["record", mint]`), its one extra account. */
export function testHookRecordAddress(mint: Address): Promise<Address> {
  return pdaOf('record', mint);
}

/**
 * Creates the mint's extra-account-meta list and record; `authority` pays and alone may
 * switch the mode.
 *
 * @example
 * await send(svm, [await initializeTestHookInstruction(mint.address, issuer)], payer);
 */
export async function initializeTestHookInstruction(
  mint: Address,
  authority: TransactionSigner,
): Promise<Instruction> {
  return {
    programAddress: TEST_HOOK_PROGRAM_ADDRESS,
    accounts: [
      { address: await testHookValidationAddress(mint), role: AccountRole.WRITABLE },
      { address: mint, role: AccountRole.READONLY },
      signerMeta(authority, AccountRole.WRITABLE_SIGNER),
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: await testHookRecordAddress(mint), role: AccountRole.WRITABLE },
    ],
    data: Uint8Array.from(INITIALIZE),
  };
}

/**
 * Switches the hook of `mint` to recording (`'record'`), refusing (`'refuse'`) transfers, or
 * refusing one account's (`{ refuseAccount }`).
 *
 * @example
 * await send(svm, [await setTestHookModeInstruction(mint.address, issuer, 'refuse')], payer);
 * await send(svm, [await setTestHookModeInstruction(mint.address, issuer, { refuseAccount: wallet })], payer);
 */
export async function setTestHookModeInstruction(
  mint: Address,
  authority: TransactionSigner,
  mode: TestHookMode,
): Promise<Instruction> {
  const modeBytes =
    mode === 'record'
      ? [0]
      : mode === 'refuse'
        ? [1]
        : [2, ...getAddressEncoder().encode(mode.refuseAccount)];
  return {
    programAddress: TEST_HOOK_PROGRAM_ADDRESS,
    accounts: [
      { address: await testHookRecordAddress(mint), role: AccountRole.WRITABLE },
      signerMeta(authority, AccountRole.READONLY_SIGNER),
    ],
    data: Uint8Array.from([...SET_MODE, ...modeBytes]),
  };
}

/**
 * What the test hook recorded for `mint`: transfers seen and their total raw amount.
 *
 * @example
 * expect((await testHookRecord(svm, mint.address)).count).toBe(1n);
 */
export async function testHookRecord(
  svm: LiteSVM,
  mint: Address,
): Promise<{ mode: number; count: bigint; total: bigint }> {
  const info = svm.getAccount(await testHookRecordAddress(mint));
  if (!info.exists) throw new Error(`no test hook record for ${mint}`);
  const view = new DataView(Uint8Array.from(info.data).buffer);
  return {
    mode: view.getUint8(32),
    count: view.getBigUint64(33, true),
    total: view.getBigUint64(41, true),
  };
}

/**
 * An issuer mint whose transfer hook is the test hook, ready to move: the hook program
 * loaded, the mint made with the issuer's extensions and `multiplier`, the issuer funded, and
 * the mint's extra-account-meta list and record created (record mode).
 *
 * @example
 * const hooked = await createTestHookedMint(svm, payer, { decimals: 8, multiplier: 1.0571 });
 */
export async function createTestHookedMint(
  svm: LiteSVM,
  payer: TransactionSigner,
  options: { decimals: number; multiplier: number },
): Promise<IssuerMint> {
  svm.addProgramFromFile(TEST_HOOK_PROGRAM_ADDRESS, programPath('test-transfer-hook'));
  const mint = await createIssuerMint(svm, payer, {
    ...options,
    hookProgram: TEST_HOOK_PROGRAM_ADDRESS,
  });
  fund(svm, mint.issuer.address);
  const init = await send(
    svm,
    [await initializeTestHookInstruction(mint.address, mint.issuer)],
    mint.issuer,
  );
  if (!init.ok) throw new Error(`test hook initialize failed: ${init.error}`);
  return mint;
}
