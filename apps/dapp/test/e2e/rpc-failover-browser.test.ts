// The dapp in Chromium with its first RPC endpoint dead (decision 0932): the server names a
// refused endpoint as DAPP_PUBLIC_RPC_URL and the validator as its fallback; the page loads
// the vault, the wallet signs the terms and a deposit is priced, sent and confirmed through
// the fallback, the session listing both endpoints and the CSP allowing both.
import { readSigner } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../src/shared/public-config.ts';
import { type BrowserWorld, startBrowserWorld } from './browser-world.ts';
import { createDriver } from './page-driver.ts';
import { installTestWallet, TEST_WALLET_NAME } from './test-wallet.ts';

/** Nothing listens on the discard port of the loopback: every connection is refused. */
const DEAD_RPC = 'http://127.0.0.1:9';

describe('the dapp with its first RPC endpoint down', () => {
  let env: BrowserWorld;
  let url: string;
  let page: Page;
  let wallet: KeyPairSigner;
  const d = createDriver(
    () => ({ ...env, url }),
    () => page,
    () => wallet,
  );

  beforeAll(async () => {
    env = await startBrowserWorld();
    url = await env.startDapp('http://127.0.0.1:9/api/v2', {
      DAPP_PUBLIC_RPC_URL: DEAD_RPC,
      DAPP_PUBLIC_FALLBACK_RPC_URLS: env.world.localnet.rpcUrl,
    });
    wallet = await readSigner(env.world.manifest.keys.demoWallets[0] as string);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await installTestWallet(page, wallet, 'solana:localnet');
    await page.goto(`${url}/vaults/TECH6/deposit`);
  }, 480_000);

  afterAll(async () => {
    await env?.stop();
  });

  it('hands out both endpoints, the dead one first, and allows both in the CSP', async () => {
    const response = await fetch(`${url}/api/session`);
    const session = (await response.json()) as Session;
    expect(session.config.rpcUrls).toEqual([DEAD_RPC, env.world.localnet.rpcUrl]);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('127.0.0.1:9');
    expect(csp).toContain(new URL(env.world.localnet.rpcUrl).host);
  });

  it('signs the terms and deposits through the fallback endpoint', async () => {
    await page.getByRole('button', { name: `Connect ${TEST_WALLET_NAME}` }).click();
    await page.getByRole('button', { name: 'Sign the terms with my wallet' }).click();
    await page.getByLabel('Amount to deposit').waitFor();
    const before = await d.shares('TECH6');
    expect(await d.deposit('TECH6', '100')).toMatchObject({ step: 'confirmed' });
    expect(await d.shares('TECH6')).toBeGreaterThan(before);
  }, 120_000);
});
