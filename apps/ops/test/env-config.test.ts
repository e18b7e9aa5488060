import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@basket/localnet';
import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadEnvConfig, parseEnvConfig } from '../src/env-config.ts';
import { isOpsError } from '../src/errors.ts';
import { signerFromReference } from '../src/key-reference.ts';

const dir = `${repoRoot()}ops/environments`;
const devnet = () => parse(readFileSync(join(dir, 'devnet.yaml'), 'utf8'));
const example = () => parse(readFileSync(join(dir, 'state.example.yaml'), 'utf8')).state;

function errorLines(raw: unknown): string[] {
  try {
    parseEnvConfig(raw, dir);
  } catch (error) {
    if (!isOpsError(error, 'INVALID_CONFIG')) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^ {2}- /, ''));
  }
  throw new Error('the config was accepted');
}

describe('environment files', () => {
  it('the committed local, devnet and mainnet files validate, each on its own API tier', () => {
    const tiers = ['local', 'devnet', 'mainnet'].map((n) => {
      const c = loadEnvConfig(join(dir, `${n}.yaml`));
      expect(c.environment).toBe(n);
      return c.tokenizedApi.tier;
    });
    expect(tiers).toEqual(['dev', 'staging', 'production']);
  });

  it('the state example validates under devnet, amounts becoming bigints', () => {
    const config = parseEnvConfig({ ...devnet(), state: example() }, dir);
    expect(config.state?.skus[0]?.depositCapUsd).toBe(10_000_000_000_000n);
    expect(config.state?.skus[0]?.assets[0]?.status).toBe('active');
    expect(config.state?.rewards?.staking?.holding).toBeUndefined(); // the config's own ATA
  });

  it('refuses a SKU whose trade authority is its keeper key (one key per role)', () => {
    const state = example();
    const sku = state.skus[0];
    sku.tradeAuthority = sku.keeper;
    expect(errorLines({ ...devnet(), state })).toEqual([
      expect.stringMatching(
        /tradeAuthority: .* is already the vault keeper key: the trade authority must be its own key/,
      ),
    ]);
  });

  it('refuses a key in two roles, one line at each repeat (one key per role)', () => {
    const state = example();
    const sku = state.skus[0];
    // The vault keeper key as the oracle's NAV signer, the distributor as the fee payer, the
    // trade authority as a distributor.
    state.oracle.keepers = [sku.keeper];
    state.keeperFeePayer = state.rewards.keepers[0];
    state.rewards.keepers = [...state.rewards.keepers, sku.tradeAuthority];
    expect(errorLines({ ...devnet(), state })).toEqual([
      `state.oracle.keepers.0: ${sku.keeper} is already the vault keeper key: the oracle NAV signer must be its own key (one key per role)`,
      `state.rewards.keepers.1: ${sku.tradeAuthority} is already the trade authority: the rewards distributor must be its own key (one key per role)`,
      `state.keeperFeePayer: ${state.keeperFeePayer} is already the rewards distributor: the keeper's fee payer must be its own key (one key per role)`,
    ]);
  });

  it('reports every bad field on its own line', () => {
    const raw = devnet();
    raw.cluster.rpcUrl = 'ftp://x';
    raw.webhooks.secret = 'hunter2'; // a literal secret is refused
    raw.programs.vault = 'not-an-address';
    const lines = errorLines(raw);
    expect(lines).toEqual([
      'cluster.rpcUrl: a http: or https: URL',
      'webhooks.secret: a reference `file:<path>` or `env:<VARIABLE>`',
      'programs.vault: not a base58 address',
    ]);
  });

  it('refuses weights not summing to 10000, amounts written as numbers, and a tier on the wrong environment', () => {
    const state = example();
    state.skus[0].assets[0].weightBps = 4_000;
    state.skus[0].minDepositRaw = 1_000_000;
    expect(errorLines({ ...devnet(), state })).toEqual([
      'state.skus.0.minDepositRaw: Invalid input: expected string, received number',
      'state.skus.0.assets: asset weights must sum to 10000 bps',
    ]);
    const raw = devnet();
    raw.tokenizedApi.tier = 'production';
    expect(errorLines(raw)).toEqual([
      'tokenizedApi.tier: devnet uses the staging API, not production',
    ]);
  });
});

describe('key references', () => {
  it('reads a keypair file relative to the environment file, or a variable holding a path or the bytes', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'ops-keys-'));
    const bytes = Array.from({ length: 32 }, (_, i) => i + 1);
    // A keypair file is seed || public key: derive the public half through Kit.
    const { createKeyPairSignerFromPrivateKeyBytes } = await import('@solana/kit');
    const signer = await createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(bytes));
    const { getAddressEncoder } = await import('@solana/kit');
    const json = JSON.stringify([...bytes, ...getAddressEncoder().encode(signer.address)]);
    writeFileSync(join(tmp, 'k.json'), json);
    expect((await signerFromReference('file:k.json', tmp)).address).toBe(signer.address);
    expect((await signerFromReference('env:K', tmp, { K: join(tmp, 'k.json') })).address).toBe(
      signer.address,
    );
    expect((await signerFromReference('env:K', tmp, { K: json })).address).toBe(signer.address);
  });

  it('names the reference, never the content, when a key is unavailable or malformed', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'ops-keys-'));
    writeFileSync(join(tmp, 'short.json'), '[1,2,3]');
    const other = await generateKeyPairSigner();
    const wrongHalf = JSON.stringify([...Array(32).fill(7), ...Array(32).fill(9)]);
    await expect(signerFromReference('env:NOPE', tmp, {})).rejects.toThrow(
      'env:NOPE: the variable is not set',
    );
    await expect(signerFromReference('file:missing.json', tmp)).rejects.toThrow('no such key file');
    await expect(signerFromReference('file:short.json', tmp)).rejects.toThrow(
      'a keypair file holds 64 bytes',
    );
    const failure = signerFromReference('env:K', tmp, { K: wrongHalf });
    await expect(failure).rejects.toThrow('env:K: the public half does not match the secret');
    await expect(failure).rejects.not.toThrow(wrongHalf);
    expect(other.address).toBeTruthy();
  });
});
