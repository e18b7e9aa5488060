// The keeper's signers, one per role: Kit signers from Solana's keychain packages, chosen by configuration.
// Locally a keypair file (Kit's own key-pair signer; the file is read, never logged); in
// production AWS KMS, HashiCorp Vault or Fireblocks through @solana/keychain. The same object
// signs transactions (fee payer, keeper instructions) and messages (the NAV payload that the
// oracle verifies with the Ed25519 program), so no key handling is written here.
import { readFileSync } from 'node:fs';
import { ConfigError } from '@basket/service-kit';
import { AwsKmsSigner, FireblocksSigner, VaultSigner } from '@solana/keychain';
import {
  createKeyPairSignerFromBytes,
  type MessagePartialSigner,
  type TransactionPartialSigner,
} from '@solana/kit';
import { SIGNER_ROLES, type SignerConfig, type SignerKey } from './signer-config.ts';

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

/** The keeper's signers by role (the configuration's keys). */
export type RoleSigners = Readonly<Record<SignerKey, KeeperSigner>>;

/**
 * Builds every role's signer and refuses two roles on one key (two files holding the same
 * key pass the configuration's path check; their addresses do not).
 *
 * @throws {ConfigError} one line per role whose key is an earlier role's.
 * @example
 * const signers = await createRoleSigners(config);
 */
export async function createRoleSigners(
  config: Readonly<Record<SignerKey, SignerConfig>>,
): Promise<RoleSigners> {
  const entries: [SignerKey, KeeperSigner][] = [];
  for (const r of SIGNER_ROLES) entries.push([r.key, await createKeeperSigner(config[r.key])]);
  const signers = Object.fromEntries(entries) as Record<SignerKey, KeeperSigner>;
  assertOneKeyPerRole(signers);
  return signers;
}

/**
 * One line per role whose address is an earlier role's.
 *
 * @throws {ConfigError} naming each role's variables and the role it collides with.
 * @example
 * assertOneKeyPerRole({ signer, tradeSigner, navSigner, distributorSigner, feePayerSigner });
 */
export function assertOneKeyPerRole(
  signers: Readonly<Record<SignerKey, { address: string }>>,
): void {
  const seen = new Map<string, (typeof SIGNER_ROLES)[number]>();
  const lines: string[] = [];
  for (const r of SIGNER_ROLES) {
    const address = signers[r.key].address;
    const earlier = seen.get(address);
    if (earlier) {
      lines.push(
        `${r.prefix}_SIGNER: the ${r.role}'s key ${address} is the ${earlier.role}'s (${earlier.prefix}_SIGNER); one key per role`,
      );
    } else {
      seen.set(address, r);
    }
  }
  if (lines.length > 0) throw new ConfigError('keeper', lines);
}
