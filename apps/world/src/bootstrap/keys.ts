// The world's cast: every key is a file under `<dir>/keys/`, created once and kept. The
// manifest lists their paths; nothing prints or logs their contents.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeyPairFromBytes, type KeyPairSigner } from '@solana/kit';
import { loadOrCreateSigner } from '../keys.ts';

export type WorldKeys = Readonly<{
  dir: string;
  upgradeAuthority: KeyPairSigner;
  admins: readonly KeyPairSigner[];
  keeper: KeyPairSigner;
  /** The keeper's Ed25519 key pair, which signs NAV payloads (same file as `keeper`). */
  keeperKeyPair: CryptoKeyPair;
  tradeAuthority: KeyPairSigner;
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
  const keeper = await load('keeper');
  const keeperBytes = Uint8Array.from(JSON.parse(readFileSync(path('keeper'), 'utf8')) as number[]);
  return {
    dir: keysDir,
    upgradeAuthority: await load('upgrade-authority'),
    admins: await Promise.all([1, 2, 3, 4, 5].map((i) => load(`admin-${i}`))),
    keeper,
    keeperKeyPair: await createKeyPairFromBytes(keeperBytes),
    tradeAuthority: await load('trade-authority'),
    issuer: await load('issuer'),
    marketMaker: await load('market-maker'),
    treasury: await load('treasury'),
    demoWallets: await Promise.all(
      Array.from({ length: DEMO_WALLETS }, (_, i) => load(`demo-${i + 1}`)),
    ),
    path,
  };
}
