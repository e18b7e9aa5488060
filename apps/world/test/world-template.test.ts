// Worlds started from the machine's template: each is its own copy (own ledger, own ports), a
// change in one is invisible to the other, and the template follows the build it was made
// from.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigner } from '../src/keys.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';
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
  it('changes when a program binary or the world source changes', async () => {
    // Given a repository layout with one program binary and one world source file
    const root = await mkdtemp(join(tmpdir(), 'template-key-'));
    try {
      await mkdir(join(root, 'target/deploy/localnet'), { recursive: true });
      await mkdir(join(root, 'apps/world/src'), { recursive: true });
      await writeFile(join(root, 'target/deploy/localnet/vault.so'), 'v1');
      await writeFile(join(root, 'apps/world/src/a.ts'), 'a');
      const original = worldTemplateKey(root);
      // When the binary changes, then so does the key
      await writeFile(join(root, 'target/deploy/localnet/vault.so'), 'v2');
      const afterBinary = worldTemplateKey(root);
      expect(afterBinary).not.toBe(original);
      // When a source file changes, then so does the key; unchanged inputs give the same key
      await writeFile(join(root, 'apps/world/src/a.ts'), 'b');
      expect(worldTemplateKey(root)).not.toBe(afterBinary);
      expect(worldTemplateKey(root)).toBe(worldTemplateKey(root));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
