/**
 * Keys by reference: `file:<path>` is a keypair file (the Solana CLI's 64-byte JSON array);
 * `env:<VARIABLE>` names a variable holding such a path or the JSON array itself (for CI
 * secrets). Key material is never printed; errors name the reference, not the content.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';
import { referencePath } from './env-config.ts';
import { OpsError } from './errors.ts';

/**
 * The signer a reference points to.
 *
 * @example
 * const payer = await signerFromReference('file:../keys/fee-payer.json', '/repo/ops/environments');
 */
export async function signerFromReference(
  reference: string,
  baseDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<KeyPairSigner> {
  const path = referencePath(reference, baseDir);
  if (path) return signerFromFile(path);
  if (!reference.startsWith('env:')) {
    throw new OpsError('KEY_UNAVAILABLE', `${reference}: use file:<path> or env:<VARIABLE>`);
  }
  const name = reference.slice(4);
  const value = env[name];
  if (!value) throw new OpsError('KEY_UNAVAILABLE', `${reference}: the variable is not set`);
  if (value.trimStart().startsWith('[')) return signerFromJson(value, reference);
  return signerFromFile(value);
}

/**
 * The signer of a keypair file.
 *
 * @example
 * const admin = await signerFromFile('/secure/admin-2.json');
 */
export async function signerFromFile(path: string): Promise<KeyPairSigner> {
  if (!existsSync(path)) throw new OpsError('KEY_UNAVAILABLE', `${path}: no such key file`);
  return signerFromJson(readFileSync(path, 'utf8'), path);
}

async function signerFromJson(text: string, where: string): Promise<KeyPairSigner> {
  let bytes: unknown;
  try {
    bytes = JSON.parse(text);
  } catch {
    throw new OpsError('KEY_UNAVAILABLE', `${where}: not a keypair file (JSON array of 64 bytes)`);
  }
  if (
    !Array.isArray(bytes) ||
    bytes.length !== 64 ||
    !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
  ) {
    throw new OpsError('KEY_UNAVAILABLE', `${where}: a keypair file holds 64 bytes`);
  }
  try {
    return await createKeyPairSignerFromBytes(Uint8Array.from(bytes as number[]));
  } catch (error) {
    throw new OpsError('KEY_UNAVAILABLE', `${where}: the public half does not match the secret`, {
      cause: error,
    });
  }
}
