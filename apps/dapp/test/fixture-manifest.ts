// A small but valid world manifest for the server's unit tests (addresses are arbitrary keys).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const A = (n: number) =>
  [
    '11111111111111111111111111111111',
    'So11111111111111111111111111111111111111112',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
    'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
    'SysvarC1ock11111111111111111111111111111111',
  ][n] as string;

/** Writes the manifest (and a treasury key file) into a new directory; returns the manifest path. */
export function writeFixtureManifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dapp-manifest-'));
  const treasury = Array.from({ length: 64 }, (_, i) => (i < 32 ? 1 : 7));
  writeFileSync(join(dir, 'treasury.json'), JSON.stringify(treasury));
  const manifest = {
    version: 1,
    rpcUrl: 'http://127.0.0.1:8899',
    wsUrl: 'ws://127.0.0.1:8900',
    programs: { oracle: A(0), vault: A(1), rewards: A(2), testSwap: null, testTransferHook: null },
    stablecoin: { mint: A(3), decimals: 6, tokenProgram: A(2) },
    stakingMint: A(4),
    stocks: [
      {
        symbol: 'AAPLx',
        mint: A(5),
        decimals: 8,
        tokenProgram: A(3),
        multiplier: '1.0571',
        transferHookProgram: null,
      },
    ],
    skus: [
      {
        skuId: 'TECH1',
        label: 'Tech one',
        vault: A(0),
        shareMint: A(1),
        snapshot: A(2),
        cashBuffer: A(3),
        lookupTable: null,
        assets: [{ symbol: 'AAPLx', mint: A(5), holding: A(4), targetWeightBps: 10_000 }],
      },
    ],
    keys: {
      dir,
      upgradeAuthority: 'u',
      admins: ['a', 'b', 'c', 'd', 'e'],
      keeper: 'k',
      tradeAuthority: 't',
      navSigner: 'n',
      distributor: 'r',
      feePayer: 'f',
      issuer: 'i',
      marketMaker: 'm',
      demoWallets: [],
    },
    pools: [],
  };
  const path = join(dir, 'world.json');
  writeFileSync(path, JSON.stringify(manifest));
  return path;
}
