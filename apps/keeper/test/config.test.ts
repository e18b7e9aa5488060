import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keeperSecrets, loadKeeperConfig } from '../src/service/config.ts';
import { ADDRESS_B as B, errorLines, keeperConfigEnv } from './support/keeper-env.ts';

const { dir, file, env } = keeperConfigEnv('keeper-config-', {
  signer: { kind: 'keypair-file', path: '/keys/keeper.json' },
  tradeSigner: { kind: 'keypair-file', path: '/keys/trade-authority.json' },
  navSigner: { kind: 'keypair-file', path: '/keys/nav-signer.json' },
  distributorSigner: { kind: 'keypair-file', path: '/keys/distributor.json' },
  feePayerSigner: { kind: 'keypair-file', path: '/keys/fee-payer.json' },
});

describe('keeper config', () => {
  it('reads the file, lets the environment override it, and applies defaults', () => {
    const c = loadKeeperConfig({ ...env, KEEPER_TX_PER_MINUTE: '12' }, ['--dry-run']);
    expect(c.txPerMinutePerJob).toBe(12);
    expect(c.rpcPerSecond).toBe(50);
    expect(c.leaseTtlMs).toBe(15_000);
    expect(c.legCooldownSeconds).toBe(900);
    expect(c.dryRun).toBe(true);
    expect(c.signer).toEqual({ kind: 'keypair-file', path: '/keys/keeper.json' });
  });

  it('names every bad field on its own line, by the variable the operator sets', () => {
    const lines = errorLines(() =>
      loadKeeperConfig({
        ...env,
        SOLANA_RPC_URL: 'not a url',
        KEEPER_RPC_PER_SECOND: '80',
        KEEPER_SIGNER: 'aws-kms',
        KEEPER_LEG_COOLDOWN_SECONDS: '-5',
      }),
    );
    expect(lines.some((l) => l.startsWith('KEEPER_LEG_COOLDOWN_SECONDS:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('SOLANA_RPC_URL:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('KEEPER_RPC_PER_SECOND:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('KEEPER_AWS_KMS_KEY_ID:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('KEEPER_SIGNER_PUBLIC_KEY:'))).toBe(true);
    // The trade authority's signer is configured apart, by its own variables.
    const trade = errorLines(() => loadKeeperConfig({ ...env, KEEPER_TRADE_SIGNER: 'aws-kms' }));
    expect(trade.some((l) => l.startsWith('KEEPER_TRADE_AWS_KMS_KEY_ID:'))).toBe(true);
    expect(trade.some((l) => l.startsWith('KEEPER_AWS_KMS_KEY_ID:'))).toBe(false);
  });

  it('refuses a secret written in the config file', () => {
    const leaky = file('leaky.json', { signer: { kind: 'vault', vaultToken: 'hvs.secret' } });
    const lines = errorLines(() => loadKeeperConfig({ ...env, KEEPER_CONFIG: leaky }));
    expect(lines.join('\n')).toMatch(/vaultToken.*environment/);
  });

  it('reads secrets by reference from the environment and lists them for redaction', () => {
    const c = loadKeeperConfig({
      ...env,
      KEEPER_SIGNER: 'vault',
      KEEPER_VAULT_ADDR: 'https://vault.internal:8200',
      KEEPER_VAULT_KEY_NAME: 'keeper',
      KEEPER_SIGNER_PUBLIC_KEY: B,
      KEEPER_VAULT_TOKEN: 'env:MY_TOKEN',
      MY_TOKEN: 'hvs.0123456789',
    });
    expect(c.signer.kind === 'vault' && c.signer.vaultToken).toBe('hvs.0123456789');
    expect(keeperSecrets(c)).toContain('hvs.0123456789');
  });

  it('a secret reference that resolves to nothing is one line naming the field, not "no key"', () => {
    const base = {
      ...env,
      KEEPER_SIGNER: 'vault',
      KEEPER_VAULT_ADDR: 'https://vault.internal:8200',
      KEEPER_VAULT_KEY_NAME: 'keeper',
      KEEPER_SIGNER_PUBLIC_KEY: B,
    };
    // An unset variable behind env: (the API key is optional, so "no key" hid the typo).
    const unset = errorLines(() =>
      loadKeeperConfig({
        ...base,
        KEEPER_VAULT_TOKEN: 'hvs.ok-token',
        TOKENIZED_API_KEY: 'env:MISSING_KEY',
      }),
    );
    expect(unset).toEqual(['TOKENIZED_API_KEY: env:MISSING_KEY names a variable that is not set']);
    // A file that cannot be read, for a signer's token: its own line, not a second "required".
    const missingFile = join(dir, 'no-such-token');
    const bad = errorLines(() =>
      loadKeeperConfig({ ...base, KEEPER_VAULT_TOKEN: `file:${missingFile}` }),
    );
    expect(bad).toEqual([`KEEPER_VAULT_TOKEN: file:${missingFile} cannot be read (ENOENT)`]);
    // An empty file is no secret either; the trade signer's field is named as its own.
    const empty = join(dir, 'empty-token');
    writeFileSync(empty, '\n');
    const trade = errorLines(() =>
      loadKeeperConfig({
        ...env,
        KEEPER_TRADE_SIGNER: 'fireblocks',
        KEEPER_TRADE_FIREBLOCKS_API_KEY: `file:${empty}`,
        KEEPER_TRADE_FIREBLOCKS_PRIVATE_KEY: 'pem',
        KEEPER_TRADE_FIREBLOCKS_VAULT_ACCOUNT_ID: '7',
      }),
    );
    expect(trade).toEqual([`KEEPER_TRADE_FIREBLOCKS_API_KEY: file:${empty} is empty`]);
    // Other bad fields are still reported alongside.
    const both = errorLines(() =>
      loadKeeperConfig({ ...env, TOKENIZED_API_KEY: 'env:NOPE', KEEPER_PORT: 'x' }),
    );
    expect(both).toHaveLength(2);
    expect(both[0]).toMatch(/^TOKENIZED_API_KEY: env:NOPE/);
    expect(both[1]).toMatch(/^KEEPER_PORT:/);
  });
});
