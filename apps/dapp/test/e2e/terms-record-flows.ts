// The terms signature recorded by the server, in the browser: a dapp server with a database
// (the local world gives one to every service) keeps the wallet's signed acceptance, and the
// form opens only once the server has it.
import { startTestDatabase } from '@basket/postgres-server';
import { readSigner } from '@basket/world';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { BrowserWorld } from './browser-world.ts';
import { installTestWallet, TEST_WALLET_NAME } from './test-wallet.ts';

export function termsRecordTests(env: () => BrowserWorld) {
  it('records the signed terms on the server before the form opens', async () => {
    const db = await startTestDatabase('dapp_e2e_terms');
    const context = await env().browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const url = await env().startDapp('http://127.0.0.1:9/api/v2', { DATABASE_URL: db.url });
      const wallet = await readSigner(env().world.manifest.keys.demoWallets[1] as string);
      const page = await context.newPage();
      await installTestWallet(page, wallet, 'solana:localnet');
      await page.goto(`${url}/vaults/TECH6/deposit`);
      await page.getByRole('button', { name: `Connect ${TEST_WALLET_NAME}` }).click();
      await page.getByRole('button', { name: 'Sign the terms with my wallet' }).click();
      await page.getByLabel('Amount to deposit').waitFor({ timeout: 20_000 });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          'SELECT signature_hex FROM dapp_terms_acceptances WHERE wallet = $1',
          [wallet.address],
        );
        const stored = await page.evaluate(
          (a) => JSON.parse(window.localStorage.getItem(`basket-terms:${a}`) ?? '{}'),
          wallet.address,
        );
        expect(rows).toEqual([{ signature_hex: stored.signatureHex }]);
      } finally {
        await client.end();
      }
    } finally {
      await context.close();
      await db.close();
    }
  }, 90_000);
}
