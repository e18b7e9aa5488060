// The keeper's keys, one per role (docs/operations.md, "One key per role"; decisions 0140 and
// 0900): each is a keychain signer configured by its own `KEEPER_<ROLE>_*` variables, so a
// signature one role gives a counterparty's transaction authorizes nothing another role may do.
// A role's keypair file defaults to the local world's key of that role (its manifest) and to
// nothing elsewhere: a production keeper without a role's signer refuses to start, it never
// signs that role with another role's key.
import { z } from 'zod';
import { type SecretErrors, secret } from './secret-reference.ts';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

/** How one role's key signs: a keypair file locally, a remote signer in production. */
export const signerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keypair-file'), path: z.string().min(1) }),
  z.object({
    kind: z.literal('aws-kms'),
    keyId: z.string().min(1),
    publicKey: address,
    region: z.string().min(1).optional(),
  }),
  z.object({
    kind: z.literal('vault'),
    vaultAddr: z.url(),
    keyName: z.string().min(1),
    publicKey: address,
    vaultToken: z.string().min(1, 'required (env:NAME or file:/path)'),
  }),
  z.object({
    kind: z.literal('fireblocks'),
    apiKey: z.string().min(1, 'required (env:NAME or file:/path)'),
    privateKeyPem: z.string().min(1, 'required (env:NAME or file:/path)'),
    vaultAccountId: z.string().min(1),
    apiBaseUrl: z.url().optional(),
  }),
]);

export type SignerConfig = z.infer<typeof signerSchema>;

/**
 * Each role: its configuration key, its variables' prefix, its local world manifest key and
 * what it signs (for errors and docs).
 */
export const SIGNER_ROLES = [
  { key: 'signer', prefix: 'KEEPER', world: 'keeper', role: 'vault keeper key' },
  { key: 'tradeSigner', prefix: 'KEEPER_TRADE', world: 'tradeAuthority', role: 'trade authority' },
  { key: 'navSigner', prefix: 'KEEPER_NAV', world: 'navSigner', role: 'oracle NAV signer' },
  {
    key: 'distributorSigner',
    prefix: 'KEEPER_DISTRIBUTOR',
    world: 'distributor',
    role: 'rewards distributor',
  },
  { key: 'feePayerSigner', prefix: 'KEEPER_FEE_PAYER', world: 'feePayer', role: 'fee payer' },
] as const;

export type SignerRole = (typeof SIGNER_ROLES)[number];
export type SignerKey = SignerRole['key'];

/** Each signer field's variable, by the schema's path (`navSigner.path` -> `KEEPER_NAV_KEYPAIR_FILE`). */
const FIELD_VARIABLES: readonly (readonly [string, string])[] = [
  ['', 'SIGNER'],
  ['.kind', 'SIGNER'],
  ['.path', 'KEYPAIR_FILE'],
  ['.keyId', 'AWS_KMS_KEY_ID'],
  ['.publicKey', 'SIGNER_PUBLIC_KEY'],
  ['.region', 'AWS_REGION'],
  ['.vaultAddr', 'VAULT_ADDR'],
  ['.keyName', 'VAULT_KEY_NAME'],
  ['.vaultToken', 'VAULT_TOKEN'],
  ['.apiKey', 'FIREBLOCKS_API_KEY'],
  ['.privateKeyPem', 'FIREBLOCKS_PRIVATE_KEY'],
  ['.vaultAccountId', 'FIREBLOCKS_VAULT_ACCOUNT_ID'],
  ['.apiBaseUrl', 'FIREBLOCKS_API_URL'],
];

/** The variable names of every role's signer fields, for the configuration's error lines. */
export const SIGNER_NAMES: Record<string, string> = Object.fromEntries(
  SIGNER_ROLES.flatMap((r) =>
    FIELD_VARIABLES.map(([field, name]) => [`${r.key}${field}`, `${r.prefix}_${name}`]),
  ),
);

/** A role's settings from its variables (`<prefix>_SIGNER`, `<prefix>_KEYPAIR_FILE`, ...). */
export function signerFrom(
  env: NodeJS.ProcessEnv,
  fromFile: Record<string, unknown>,
  worldPath: string | undefined,
  prefix: SignerRole['prefix'],
  errors: SecretErrors,
) {
  const named = (name: string) => `${prefix}_${name}`;
  const envOf = (name: string) => env[named(name)];
  const kind = envOf('SIGNER') ?? (fromFile.kind as string | undefined) ?? 'keypair-file';
  const pick = (name: string, key: string) => envOf(name) ?? (fromFile[key] as string | undefined);
  const ref = (name: string) => secret(named(name), envOf(name), env, errors);
  switch (kind) {
    case 'keypair-file':
      return { kind, path: pick('KEYPAIR_FILE', 'path') ?? worldPath };
    case 'aws-kms':
      return {
        kind,
        keyId: pick('AWS_KMS_KEY_ID', 'keyId'),
        publicKey: pick('SIGNER_PUBLIC_KEY', 'publicKey'),
        region: pick('AWS_REGION', 'region'),
      };
    case 'vault':
      return {
        kind,
        vaultAddr: pick('VAULT_ADDR', 'vaultAddr'),
        keyName: pick('VAULT_KEY_NAME', 'keyName'),
        publicKey: pick('SIGNER_PUBLIC_KEY', 'publicKey'),
        vaultToken: ref('VAULT_TOKEN'),
      };
    case 'fireblocks':
      return {
        kind,
        apiKey: ref('FIREBLOCKS_API_KEY'),
        privateKeyPem: ref('FIREBLOCKS_PRIVATE_KEY'),
        vaultAccountId: pick('FIREBLOCKS_VAULT_ACCOUNT_ID', 'vaultAccountId'),
        apiBaseUrl: pick('FIREBLOCKS_API_URL', 'apiBaseUrl'),
      };
    default:
      return { kind };
  }
}

/** What names a key in a signer's configuration: its file, public key or Fireblocks account. */
function keyOf(s: SignerConfig): readonly [field: string, value: string] {
  if (s.kind === 'keypair-file') return ['KEYPAIR_FILE', s.path];
  if (s.kind === 'fireblocks') return ['FIREBLOCKS_VAULT_ACCOUNT_ID', s.vaultAccountId];
  return ['SIGNER_PUBLIC_KEY', s.publicKey];
}

/**
 * One line per role configured with the key of an earlier role (the same keypair file or
 * public key): one key per role is checked before anything signs. Keys read from two files
 * are compared by address when the signers are built (`assertOneKeyPerRole`).
 *
 * @example
 * const lines = sharedKeyLines(config); // ['KEEPER_NAV_KEYPAIR_FILE: the same key as KEEPER_KEYPAIR_FILE (...)']
 */
export function sharedKeyLines(config: Readonly<Record<SignerKey, SignerConfig>>): string[] {
  const seen = new Map<string, string>();
  const lines: string[] = [];
  for (const r of SIGNER_ROLES) {
    const key = keyOf(config[r.key]);
    const variable = `${r.prefix}_${key[0]}`;
    const earlier = seen.get(key[1]);
    if (earlier) {
      lines.push(
        `${variable}: the same key as ${earlier} (one key per role: the ${r.role} has its own)`,
      );
    } else {
      seen.set(key[1], variable);
    }
  }
  return lines;
}
