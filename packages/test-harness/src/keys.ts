/**
 * Key pairs for tests and benchmarks. Random by default. After `seedKeys(label)`, every
 * `newKeyPairSigner()` derives its private key from `sha256(label/counter)`, so a benchmark's
 * addresses, and with them its PDA bumps and compute units, repeat exactly from run to run.
 */
import { createHash } from 'node:crypto';
import {
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  type KeyPairSigner,
} from '@solana/kit';

let seeded: { label: string; next: number } | null = null;

/**
 * Makes later key pairs deterministic under `label` (counting from 0), or random again with
 * `null`.
 *
 * @example
 * seedKeys('vault bench: 20 assets');
 */
export function seedKeys(label: string | null): void {
  seeded = label === null ? null : { label, next: 0 };
}

/**
 * A new key pair: random, or the next one of the seeded sequence (see {@link seedKeys}). The
 * counter moves when the call is made, so keys created in one `Promise.all` keep their order.
 *
 * @example
 * const payer = await newKeyPairSigner();
 */
export function newKeyPairSigner(): Promise<KeyPairSigner> {
  if (seeded === null) return generateKeyPairSigner();
  const bytes = createHash('sha256').update(`${seeded.label}/${seeded.next}`).digest();
  seeded.next += 1;
  return createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(bytes));
}
