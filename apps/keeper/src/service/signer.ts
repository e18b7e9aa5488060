// The keeper's signer: Kit signers from Solana's keychain packages, chosen by configuration.
// Locally a keypair file (Kit's own key-pair signer; the file is read, never logged); in
// production AWS KMS, HashiCorp Vault or Fireblocks through @solana/keychain. The same object
// signs transactions (fee payer, keeper instructions) and messages (the NAV payload that the
// oracle verifies with the Ed25519 program), so no key handling is written here.
import { readFileSync } from 'node:fs';
import { AwsKmsSigner, FireblocksSigner, VaultSigner } from '@solana/keychain';
import {
  createKeyPairSignerFromBytes,
  type MessagePartialSigner,
  type TransactionPartialSigner,
} from '@solana/kit';
import type { SignerConfig } from './config.ts';

/** What the keeper needs of a signer: an address, transaction and message signing. */
export type KeeperSigner = TransactionPartialSigner & MessagePartialSigner;

/**
 * Builds the configured signer. Remote signers are checked for availability by the caller
 * (readiness), not here, so a slow signer does not block start-up.
 *
 * @example
 * const signer = await createKeeperSigner({ kind: 'keypair-file', path: '.localnet/keys/keeper.json' });
 */
export async function createKeeperSigner(config: SignerConfig): Promise<KeeperSigner> {
  switch (config.kind) {
    case 'keypair-file': {
      const bytes = Uint8Array.from(JSON.parse(readFileSync(config.path, 'utf8')) as number[]);
      if (bytes.length !== 64) throw new Error(`${config.path}: not a 64-byte keypair file`);
      return createKeyPairSignerFromBytes(bytes);
    }
    case 'aws-kms':
      return new AwsKmsSigner({
        keyId: config.keyId,
        publicKey: config.publicKey,
        ...(config.region ? { region: config.region } : {}),
      }) as unknown as KeeperSigner;
    case 'vault':
      return new VaultSigner({
        vaultAddr: config.vaultAddr,
        vaultToken: config.vaultToken,
        keyName: config.keyName,
        publicKey: config.publicKey,
      }) as unknown as KeeperSigner;
    case 'fireblocks': {
      const signer = new FireblocksSigner({
        apiKey: config.apiKey,
        privateKeyPem: config.privateKeyPem,
        vaultAccountId: config.vaultAccountId,
        ...(config.apiBaseUrl ? { apiBaseUrl: config.apiBaseUrl } : {}),
      });
      await signer.init();
      return signer as unknown as KeeperSigner;
    }
  }
}

/**
 * Signs raw bytes with the keeper's key through the signer's message interface (what the
 * oracle's Ed25519 verification checks).
 *
 * @example
 * const signature = await signBytesWith(signer, payload);
 */
export async function signBytesWith(signer: KeeperSigner, bytes: Uint8Array): Promise<Uint8Array> {
  const [dictionary] = await signer.signMessages([{ content: bytes, signatures: {} }]);
  const signature = dictionary?.[signer.address];
  if (!signature) throw new Error('the signer returned no signature for its own address');
  return Uint8Array.from(signature);
}
