// The world's stand-in for the issuer's transfer hook: the test-only hook program
// (programs/test-transfer-hook) deployed through the loader like test-swap, set on one stock
// (the catalog's `transferHook` stock) and initialized for it in record mode, so every transfer
// of that stock carries the hook's extra accounts exactly as on a hooked mainnet mint.
import { existsSync } from 'node:fs';
import { repoRoot } from '@basket/localnet';
import {
  initializeTestHookInstruction,
  setTestHookModeInstruction,
  type TestHookMode,
  testHookValidationAddress,
} from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { deployProgram } from '../deploy-program.ts';
import { readSigner } from '../keys.ts';
import type { WorldKeys } from './keys.ts';

/** Deploys (or confirms) the test transfer-hook program at its committed id. */
export async function deployTestTransferHook(chain: Chain, keys: WorldKeys): Promise<Address> {
  const soPath = `${repoRoot()}target/deploy/localnet/test-transfer-hook.so`;
  if (!existsSync(soPath)) {
    throw new Error(
      `${soPath} is missing: run \`bash scripts/build-programs.sh --localnet test-transfer-hook\` first`,
    );
  }
  const programKeypair = await readSigner(
    `${repoRoot()}programs/test-transfer-hook/program-id.json`,
  );
  await deployProgram(chain, {
    programKeypair,
    soPath,
    authority: keys.upgradeAuthority,
    payer: keys.upgradeAuthority,
  });
  return programKeypair.address;
}

/**
 * Creates the hook's extra-account-meta list and record for `mint` unless they exist; the
 * issuer pays and alone may switch the hook's mode (record by default).
 */
export async function ensureHookAccounts(
  chain: Chain,
  input: { issuer: KeyPairSigner; mint: Address },
): Promise<boolean> {
  if (await chain.exists(await testHookValidationAddress(input.mint))) return false;
  await chain.landRaw(`transfer hook of ${input.mint}`, input.issuer, [
    await initializeTestHookInstruction(input.mint, input.issuer),
  ]);
  return true;
}

/**
 * The issuer switches the world's hook of `mint`: record every transfer, refuse every
 * transfer, or refuse only the transfers from, to or signed by one account (`{ refuseAccount }`).
 * What a refusing hook does to each flow is docs/vault.md's "Transfer hooks".
 *
 * @example
 * await setWorldHookMode(world.chain, { issuer, mint: hoodx, mode: 'refuse' });
 */
export async function setWorldHookMode(
  chain: Chain,
  input: { issuer: KeyPairSigner; mint: Address; mode: TestHookMode },
): Promise<void> {
  const label = typeof input.mode === 'string' ? input.mode : `refuse ${input.mode.refuseAccount}`;
  await chain.landRaw(`transfer hook of ${input.mint}: ${label}`, input.issuer, [
    await setTestHookModeInstruction(input.mint, input.issuer, input.mode),
  ]);
}
