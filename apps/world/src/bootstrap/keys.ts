// The world's cast: every key is a file under `<dir>/keys/`, created once and kept. The
// manifest lists their paths; nothing prints or logs their contents. The keeper's roles are
// five keys (docs/operations.md, "One key per role"): a signature given to one role's
// transaction authorizes nothing another role may do.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyPairFromBytes, type KeyPairSigner } from '@solana/kit';
import { loadOrCreateSigner } from '../keys.ts';

export type WorldKeys = Readonly<{
  dir: string;
  upgradeAuthority: KeyPairSigner;
  admins: readonly KeyPairSigner[];
  /** Each vault's keeper: signs legs and fulfilments; pays nothing. */
  keeper: KeyPairSigner;
  tradeAuthority: KeyPairSigner;
  /** The oracle's keeper set: signs NAV payloads (a message, never a transaction). */
  navSigner: KeyPairSigner;
  /** The NAV signer's Ed25519 key pair (same file as `navSigner`). */
  navSignerKeyPair: CryptoKeyPair;
  /** The rewards program's keeper set: `distribute_epoch`, owner of the rewards funding. */
  distributor: KeyPairSigner;
  /** Pays the keeper's transaction fees and token-account rent; signs nothing else. */
  feePayer: KeyPairSigner;
  issuer: KeyPairSigner;
  marketMaker: KeyPairSigner;
  treasury: KeyPairSigner;
  demoWallets: readonly KeyPairSigner[];
  path: (name: string) => string;
}>;

export const DEMO_WALLETS = 3;

export async function loadWorldKeys(dir: string): Promise<WorldKeys> {
  const keysDir = join(dir, 'keys');
  const path = (name: string) => join(keysDir, `${name}.json`);
  const load = (name: string) => loadOrCreateSigner(path(name));
  const navSigner = await load('nav-signer');
  const navBytes = Uint8Array.from(
    JSON.parse(readFileSync(path('nav-signer'), 'utf8')) as number[],
  );
  return {
    dir: keysDir,
    upgradeAuthority: await load('upgrade-authority'),
    admins: await Promise.all([1, 2, 3, 4, 5].map((i) => load(`admin-${i}`))),
    keeper: await load('keeper'),
    tradeAuthority: await load('trade-authority'),
    navSigner,
    navSignerKeyPair: await createKeyPairFromBytes(navBytes),
    distributor: await load('distributor'),
    feePayer: await load('fee-payer'),
    issuer: await load('issuer'),
    marketMaker: await load('market-maker'),
    treasury: await load('treasury'),
    demoWallets: await Promise.all(
      Array.from({ length: DEMO_WALLETS }, (_, i) => load(`demo-${i + 1}`)),
    ),
    path,
  };
}
