// How the browser tests drive the page: client-side navigation (a reload would drop the
// connected wallet, as in real wallets), a transaction's outcome as the page shows it, the
// wallet's balances read from the chain, and a deposit through the form.
import { findAssociatedTokenAddress, TOKEN_2022_PROGRAM_ADDRESS } from '@basket/sdk';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright-core';
import type { BrowserWorld } from './browser-world.ts';

export const TX_TIMEOUT = 45_000;

export type Driver = ReturnType<typeof createDriver>;

export function createDriver(
  env: () => BrowserWorld,
  page: () => Page,
  wallet: () => KeyPairSigner,
) {
  const go = async (path: string) => {
    await page().evaluate((p) => {
      window.history.pushState(null, '', p);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  };
  /** The outcome shown in `within` (a CSS scope; the whole page by default). */
  const outcome = async (within = 'main') => {
    const status = page()
      .locator(within)
      .locator('[data-step="confirmed"], [data-step="failed"]')
      .first();
    try {
      await status.waitFor({ timeout: TX_TIMEOUT });
    } catch (error) {
      // Say where the page stood: the step it is stuck at is the useful part of the failure.
      const main = (await page().locator('main').textContent()) ?? '';
      throw new Error(`no transaction outcome; the page shows: ${main.slice(0, 600)}`, {
        cause: error,
      });
    }
    const result = {
      step: await status.getAttribute('data-step'),
      text: await status.textContent(),
    };
    // The page's own words land in the test log when a transaction fails.
    if (result.step === 'failed') console.error(`transaction failed in the page: ${result.text}`);
    return result;
  };
  const shareAta = async (skuId: string) => {
    const sku = env().world.manifest.skus.find((s) => s.skuId === skuId);
    return findAssociatedTokenAddress({
      owner: wallet().address,
      mint: sku?.shareMint as Address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
  };
  const shares = async (skuId: string) => env().world.chain.tokenAmount(await shareAta(skuId));
  const usdc = async () => {
    const c = env().world.manifest.stablecoin;
    return env().world.chain.tokenAmount(
      await findAssociatedTokenAddress({
        owner: wallet().address,
        mint: c.mint as Address,
        tokenProgram: c.tokenProgram as Address,
      }),
    );
  };
  const deposit = async (skuId: string, amount: string) => {
    await go(`/vaults/${skuId}/deposit`);
    await page().getByLabel('Amount to deposit').fill(amount);
    await page().getByText('Shares (quoted)').waitFor();
    await page().getByRole('button', { name: 'Deposit', exact: true }).click();
    return outcome();
  };
  /** Raw shares as the share field takes them (6 decimals, no multiplier on share mints). */
  const sharesText = (raw: bigint) =>
    `${raw / 1_000_000n}.${(raw % 1_000_000n).toString().padStart(6, '0')}`;
  return { go, outcome, shares, usdc, deposit, sharesText };
}
