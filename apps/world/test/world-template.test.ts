// Worlds started from the machine's template: each is its own copy (own ledger, own ports), a
// change in one is invisible to the other, and the template follows the build it was made
// from.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@basket/localnet';
import { lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigner } from '../src/keys.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';
import { templateInputs } from '../src/template-inputs.ts';
import { worldTemplateKey } from '../src/world-template.ts';

describe('worlds from the template', () => {
  let first: TestWorld;
  let second: TestWorld;

  beforeAll(async () => {
    [first, second] = await Promise.all([startWorld(), startWorld()]);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  it('two worlds started together are the same bootstrapped world on different validators', () => {
    // Then both hold the same SKUs, mints and keys
    expect(second.manifest.skus.map((s) => s.vault)).toEqual(
      first.manifest.skus.map((s) => s.vault),
    );
    expect(second.manifest.stocks).toEqual(first.manifest.stocks);
    // And each manifest names its own validator and directory
    expect(second.localnet.rpcUrl).not.toBe(first.localnet.rpcUrl);
    expect(first.manifest.rpcUrl).toBe(first.localnet.rpcUrl);
    expect(second.manifest.keys.dir.startsWith(second.dir)).toBe(true);
  });

  it('a transfer in one world leaves the other unchanged', async () => {
    // Given a demo wallet present in both worlds
    const wallet = await readSigner(first.manifest.keys.demoWallets[0] as string);
    const stranger = await readSigner(first.manifest.keys.demoWallets[1] as string);
    const before = await second.chain.rpc
      .getBalance(stranger.address, { commitment: 'confirmed' })
      .send();
    // When the first world funds a fresh address far above its balance
    await first.chain.fund(stranger.address, lamports(before.value * 4n));
    const inFirst = await first.chain.rpc
      .getBalance(stranger.address, { commitment: 'confirmed' })
      .send();
    const inSecond = await second.chain.rpc
      .getBalance(stranger.address, { commitment: 'confirmed' })
      .send();
    // Then only the first world sees it
    expect(inFirst.value).toBeGreaterThan(before.value);
    expect(inSecond.value).toBe(before.value);
    expect(wallet.address).not.toBe(stranger.address);
  });
});

describe('the template key', () => {
  it('follows what the bootstrap runs and deploys, and nothing else', async () => {
    // Given a repository layout: a world source importing a bootstrap file and a workspace
    // package, a supervisor file nothing imports, a program binary, its keypair and a lockfile
    const root = await mkdtemp(join(tmpdir(), 'template-key-'));
    const file = (path: string, text: string) => writeFile(join(root, path), text);
    try {
      for (const dir of [
        'target/deploy/localnet',
        'apps/world/src/bootstrap',
        'apps/world/src/supervisor',
        'packages/pkg/src',
        'programs/vault',
        'node_modules/@basket',
      ]) {
        await mkdir(join(root, dir), { recursive: true });
      }
      await symlink(join(root, 'packages/pkg'), join(root, 'node_modules/@basket/pkg'));
      await file('packages/pkg/package.json', '{"exports":{".":"./src/index.ts"}}');
      await file('packages/pkg/src/index.ts', "export * from './money.ts';");
      await file('packages/pkg/src/money.ts', 'export const a = 1;');
      await file(
        'apps/world/src/world-template.ts',
        "import { run } from './bootstrap/run.ts';\nimport { a } from '@basket/pkg';\nimport lockfile from 'proper-lockfile';",
      );
      await file('apps/world/src/bootstrap/run.ts', 'export const run = 1;');
      await file('apps/world/src/supervisor/status.ts', 'export const s = 1;');
      await file('target/deploy/localnet/vault.so', 'v1');
      await file('programs/vault/program-id.local.json', '[1]');
      await file('package-lock.json', '{}');
      const keys = [worldTemplateKey(root)];
      const changes: [string, string][] = [
        ['target/deploy/localnet/vault.so', 'v2'],
        ['apps/world/src/bootstrap/run.ts', 'export const run = 2;'],
        ['packages/pkg/src/money.ts', 'export const a = 2;'],
        ['programs/vault/program-id.local.json', '[2]'],
        ['package-lock.json', '{"v":2}'],
      ];
      for (const [path, text] of changes) {
        // When an input changes, then so does the key
        await file(path, text);
        const key = worldTemplateKey(root);
        expect(keys, path).not.toContain(key);
        keys.push(key);
      }
      // When a file the bootstrap never imports changes, the key stays; so does it unchanged
      await file('apps/world/src/supervisor/status.ts', 'export const s = 2;');
      expect(worldTemplateKey(root)).toBe(keys.at(-1));
      expect(worldTemplateKey(root)).toBe(worldTemplateKey(root));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("reaches the repository's bootstrap and its packages, not the supervisor", () => {
    const root = repoRoot();
    const inputs = templateInputs(root).map((path) => relative(root, path));
    expect(inputs).toContain('apps/world/src/bootstrap/run-bootstrap.ts');
    expect(inputs).toContain('packages/localnet/src/index.ts');
    expect(inputs).toContain('target/deploy/localnet/vault.so');
    expect(inputs.filter((path) => path.startsWith('apps/world/src/supervisor/'))).toEqual([]);
    expect(inputs).not.toContain('apps/world/src/main.ts');
  });
});
