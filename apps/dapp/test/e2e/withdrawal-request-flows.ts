// The stablecoin withdrawal request in the browser, registered into the suite's one world:
// the keeper invests the cash so the buffer is short; the page quotes and sends a request
// (pending, listed in the portfolio); a second request is cancelled by the user with the exact
// shares back; the test, as the keeper, sells the stock back into the buffer and fulfils the
// first; the page shows it fulfilled and the USDC is in the wallet.
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { formatTokenAmount } from '../../src/shared/money.ts';
import { seriousViolations } from './accessibility.ts';
import type { BrowserWorld } from './browser-world.ts';
import { fulfil, openRequestsOf, rebalance } from './keeper-moves.ts';
import type { Driver } from './page-driver.ts';

const SKU = 'TECH6';

export function withdrawalRequestTests(
  env: () => BrowserWorld,
  page: () => Page,
  wallet: () => KeyPairSigner,
  d: Driver,
) {
  let invested = 0n;
  const requestShares = async (raw: bigint) => {
    await d.go('/portfolio');
    await d.go(`/vaults/${SKU}/withdraw`);
    await page().getByLabel('USDC from the cash buffer').check();
    await page().getByLabel('Shares to redeem').fill(d.sharesText(raw));
    await page().locator('[data-state="cash-short"]').waitFor({ timeout: 20_000 });
    await page().getByText('Minimum you accept (after slippage)').waitFor();
    await page().getByRole('button', { name: 'Request withdrawal' }).click();
    return d.outcome();
  };
  const pendingRows = () => page().locator('[data-request-state="pending"]');

  it('requests a USDC withdrawal when the cash buffer is short, shows it pending and lists it in the portfolio', async () => {
    expect(await d.deposit(SKU, '1,000')).toMatchObject({ step: 'confirmed' });
    // The keeper invests 900 of the 1,000 USDC: 100 stay in the buffer.
    invested = await rebalance(env(), SKU, 'invest', 900_000_000n);
    expect(invested).toBeGreaterThan(0n);
    const held = await d.shares(SKU);
    expect(await requestShares((held * 6n) / 10n)).toMatchObject({ step: 'confirmed' });
    // The shares left the wallet into the vault's escrow.
    expect(held - (await d.shares(SKU))).toBe((held * 6n) / 10n);
    await pendingRows().first().waitFor({ timeout: 20_000 });
    expect(await pendingRows().first().textContent()).toMatch(/Pending\..*never less than/);
    expect(await seriousViolations(page())).toEqual([]);
    await d.go('/portfolio');
    await page().getByRole('heading', { name: 'Withdrawal requests' }).waitFor({ timeout: 20_000 });
    expect(await pendingRows().count()).toBe(1);
  });

  it('cancels a second request from its Cancel button and gets the exact shares back', async () => {
    const held = await d.shares(SKU);
    const asked = held / 2n;
    expect(await requestShares(asked)).toMatchObject({ step: 'confirmed' });
    expect(held - (await d.shares(SKU))).toBe(asked);
    await page().waitForFunction(
      () => document.querySelectorAll('[data-request-state="pending"]').length === 2,
      undefined,
      { timeout: 20_000 },
    );
    // The newest request is listed first.
    await pendingRows().first().getByRole('button', { name: 'Cancel request' }).click();
    expect(await d.outcome('section.requests')).toMatchObject({ step: 'confirmed' });
    expect(await d.shares(SKU)).toBe(held);
    await page().locator('[data-request-state="cancelled"]').waitFor({ timeout: 20_000 });
    expect(await page().locator('[data-request-state="cancelled"]').textContent()).toContain(
      'returned to you',
    );
  });

  it('shows the first request fulfilled once the keeper raised cash and fulfilled it, and the USDC arrived', async () => {
    const [open] = await openRequestsOf(env(), wallet().address as Address);
    expect(open).toBeDefined();
    if (!open) return;
    // The withdrawal-router's part: sell the stock back into the buffer, then fulfil.
    await rebalance(env(), SKU, 'raise-cash', invested);
    const usdcBefore = await d.usdc();
    await fulfil(env(), SKU, {
      owner: wallet().address,
      nonce: open.nonce,
      requestedAt: open.requestedAt,
    });
    const received = (await d.usdc()) - usdcBefore;
    expect(received).toBeGreaterThanOrEqual(open.minOut);
    expect(await openRequestsOf(env(), wallet().address as Address)).toHaveLength(0);
    // The page polls while a request is pending and reads the outcome from the chain.
    const row = page().locator('[data-request-state="fulfilled"]');
    await row.waitFor({ timeout: 30_000 });
    const usdc = { symbol: 'USDC', decimals: 6, scaledUiAmount: null };
    expect(await row.textContent()).toContain(
      `${formatTokenAmount(received, usdc, 0n)} USDC received`,
    );
    expect(await row.getByRole('link', { name: 'View on the explorer' }).count()).toBe(1);
  });
}
