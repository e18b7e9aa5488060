import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createKeyPairSignerFromBytes, type KeyPairSigner } from '@solana/kit';

/**
 * The signer whose keypair file (a JSON array of 64 bytes, the Solana CLI's format) is at
 * `path`, creating the file (mode 0600) with a new key when it does not exist, so a world's
 * keys are made once and kept across restarts.
 *
 * @example
 * const admin = await loadOrCreateSigner('.localnet/keys/admin-1.json');
 */
export async function loadOrCreateSigner(path: string): Promise<KeyPairSigner> {
  if (existsSync(path)) return readSigner(path);
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  // PKCS#8 of an Ed25519 key ends with its 32-byte seed; the CLI format is seed || public key.
  const bytes = [...pkcs8.slice(-32), ...publicKey];
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(bytes)}\n`, { mode: 0o600 });
  return readSigner(path);
}

/** The signer of an existing keypair file. */
export async function readSigner(path: string): Promise<KeyPairSigner> {
  const bytes = Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[]);
  if (bytes.length !== 64)
    throw new Error(`${path}: a keypair file holds 64 bytes, not ${bytes.length}`);
  return createKeyPairSignerFromBytes(bytes);
}
