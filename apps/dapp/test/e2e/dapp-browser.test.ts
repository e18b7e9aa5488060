// The dapp in Chromium against the local world: a Wallet Standard test wallet connects, signs
// the terms, deposits, withdraws in USDC, in kind (one transaction) and in kind batched (a
// 20-asset basket, with progress), stakes; a blocked country, a frozen asset's banner and a
// paused vault; screenshots of every page at desktop and phone widths (test-artifacts/).
import { join } from 'node:path';
import {
  findAssociatedTokenAddress,
  getSetPausedInstructionFor,
  getStakePositions,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/sdk';
import { getUpdateMultiplierInstruction } from '@basket/test-harness';
import { programAddressesOf, readSigner } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcMinute } from '../../src/shared/banners.ts';
import { seriousViolations } from './accessibility.ts';
import { assetApiTests } from './asset-api-flows.ts';
import { ARTIFACTS, type BrowserWorld, startBrowserWorld } from './browser-world.ts';
import { pageConsoleWatch } from './page-console.ts';
import { createDriver } from './page-driver.ts';
import { publishEpoch } from './publish-epoch.ts';
import { termsRecordTests } from './terms-record-flows.ts';
import { installTestWallet, TEST_WALLET_NAME } from './test-wallet.ts';
import { withdrawalRequestTests } from './withdrawal-request-flows.ts';

describe('the dapp in a browser', () => {
  let env: BrowserWorld;
  let page: Page;
  let wallet: KeyPairSigner;

  const d = createDriver(
    () => env,
    () => page,
    () => wallet,
  );
  const { go, outcome, shares, deposit } = d;
  const pageConsole = pageConsoleWatch(() => env.url);

  beforeAll(async () => {
    env = await startBrowserWorld();
    wallet = await readSigner(env.world.manifest.keys.demoWallets[0] as string);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // The page's own errors belong in the test log (less the absent services' 502s, counted).
    pageConsole.watch(page);
    await installTestWallet(page, wallet, 'solana:localnet');
    await page.goto(`${env.url}/vaults/TECH6/deposit`);
    // A world, its services and a browser: minutes on a loaded 2-core machine (the CI runs two
    // world suites at once; a trial run under load passed 240 s).
  }, 480_000);

  afterAll(async () => {
    console.log(pageConsole.summary());
    await env?.stop();
  });

  it('asks for a wallet, then for the terms, and opens the form only after the wallet signed them', async () => {
    await page.locator('[data-gate="no-wallet"]').waitFor();
    await page.getByRole('button', { name: `Connect ${TEST_WALLET_NAME}` }).click();
    await page.locator('[data-gate="terms"]').waitFor();
    expect(await page.getByLabel('Amount to deposit').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign the terms with my wallet' }).click();
    await page.getByLabel('Amount to deposit').waitFor();
    const stored = await page.evaluate(
      (a) => window.localStorage.getItem(`basket-terms:${a}`),
      wallet.address,
    );
    expect(JSON.parse(stored ?? '{}').signatureHex).toMatch(/^[0-9a-f]{128}$/);
  });

  it('deposits 1,000 USDC at the quote and links the confirmed transaction', async () => {
    const result = await deposit('TECH6', '1,000');
    expect(result).toMatchObject({ step: 'confirmed' });
    expect(
      await page.getByRole('link', { name: 'View on the explorer' }).getAttribute('href'),
    ).toContain('explorer');
    expect(await shares('TECH6')).toBeGreaterThan(0n);
  });

  it('lists the deposit in the portfolio History right after its confirmation', async () => {
    // No indexer in this world: the History falls back to the chain's recent signatures of the
    // wallet, named from what the page recorded when the deposit confirmed.
    await go('/portfolio');
    const line = page.locator('ul.history li', { hasText: 'Deposit TECH6' }).first();
    await line.waitFor({ timeout: 20_000 });
    expect(await line.getAttribute('data-source')).toBe('chain');
    expect(await line.textContent()).toContain('confirmed on chain, not indexed yet');
    expect(await line.getByRole('link').getAttribute('href')).toContain('explorer');
  });

  it('withdraws a third in USDC, showing the fee and the minimum received', async () => {
    const before = await shares('TECH6');
    await go('/vaults/TECH6/withdraw');
    await page.getByLabel('USDC from the cash buffer').check();
    const third = before / 3n;
    await page
      .getByLabel('Shares to redeem')
      .fill(`${third / 1_000_000n}.${(third % 1_000_000n).toString().padStart(6, '0')}`);
    await page.getByText('Minimum received (after slippage)').waitFor();
    expect(await page.getByText(/Withdrawal fee \(0\.05%\)/).count()).toBe(1);
    await page.getByRole('button', { name: 'Withdraw USDC' }).click();
    expect(await outcome()).toMatchObject({ step: 'confirmed' });
    expect(before - (await shares('TECH6'))).toBe(third);
  });

  it('withdraws the rest in kind in one transaction', async () => {
    await go('/vaults/TECH6');
    await go('/vaults/TECH6/withdraw');
    await page.getByLabel('Each stock, pro rata (in kind)').check();
    await page.getByRole('button', { name: 'Max' }).click();
    await page.getByRole('button', { name: 'Withdraw in kind' }).waitFor();
    await page.getByRole('button', { name: 'Withdraw in kind' }).click();
    expect(await outcome()).toMatchObject({ step: 'confirmed' });
    expect(await shares('TECH6')).toBe(0n);
  });

  withdrawalRequestTests(
    () => env,
    () => page,
    () => wallet,
    d,
  );

  it('withdraws from a 20-asset basket in kind as a batched redemption with progress', async () => {
    expect(await deposit('BROAD20', '500')).toMatchObject({ step: 'confirmed' });
    await go('/vaults/BROAD20');
    await go('/vaults/BROAD20/withdraw');
    await page.getByRole('button', { name: 'Max' }).click();
    await page.getByRole('button', { name: 'Withdraw in kind' }).click();
    const progress = page.getByRole('progressbar', { name: 'Redemption progress' });
    await progress.waitFor();
    await page.waitForFunction(
      () => {
        const p = document.querySelector('progress');
        const failed = document.querySelector('[data-step="failed"]');
        return failed !== null || (p !== null && p.value === p.max);
      },
      undefined,
      { timeout: 120_000 },
    );
    expect(await page.locator('[data-step="failed"]').count()).toBe(0);
    expect(await progress.getAttribute('aria-valuetext')).toMatch(/^(\d+) of \1 transactions$/);
    expect(await shares('BROAD20')).toBe(0n);
  }, 180_000);

  it('stakes 100 BSKT for 90 days and lists the locked position', async () => {
    await go('/stake');
    await page.getByLabel('Amount to stake').fill('100');
    await page.getByRole('button', { name: 'Stake', exact: true }).click();
    expect(await outcome()).toMatchObject({ step: 'confirmed' });
    await page.getByRole('button', { name: 'Locked' }).first().waitFor();
  });

  it('claims a published epoch with the artifact’s proof', async () => {
    const now = (await env.world.clock.now()).unixTimestamp;
    const { epochId } = await publishEpoch(
      env.world,
      env.keys,
      env.distributions,
      { owner: wallet.address, amount: 100_000_000n, tierDays: 90, start: now - 3_600n },
      250_000_000n,
    );
    await go('/portfolio');
    await go('/claim');
    await page.getByText(`Epoch ${epochId}:`).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    expect(await outcome()).toMatchObject({ step: 'confirmed' });
    await page.getByText('claimed', { exact: true }).waitFor({ timeout: 30_000 });
  });

  it('keeps the stake locked with its unlock date, then unstakes once the clock passed the lock', async () => {
    const [position] = (
      await getStakePositions(env.world.chain.rpc, wallet.address, {
        programs: programAddressesOf(env.world.manifest),
        commitment: 'confirmed',
      })
    ).positions;
    expect(position?.unlocked).toBe(false);
    const unlockTs = position?.record.unlockTs ?? 0n;
    await go('/portfolio');
    await go('/stake');
    const locked = page.getByRole('button', { name: `Locked until ${utcMinute(unlockTs)}` });
    await locked.waitFor({ timeout: 20_000 });
    expect(await locked.isDisabled()).toBe(true);
    // The world's cheatcode clock: one minute past the lock, then a fresh NAV for what follows.
    const now = (await env.world.clock.now()).unixTimestamp;
    await env.world.clock.advanceBy(Number(unlockTs - now + 60n) * 1000);
    await env.pushAll();
    const bskt = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: env.world.manifest.stakingMint as Address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const before = await env.world.chain.tokenAmount(bskt);
    await go('/portfolio');
    await go('/stake');
    await page.getByRole('button', { name: 'Unstake', exact: true }).click();
    expect(await outcome()).toMatchObject({ step: 'confirmed' });
    expect((await env.world.chain.tokenAmount(bskt)) - before).toBe(position?.record.amount);
    await page.getByText('withdrawn', { exact: true }).waitFor({ timeout: 20_000 });
  });

  assetApiTests(() => env);
  termsRecordTests(() => env);

  it('shows the freeze banner with reason and activation time when a multiplier change is within the hour', async () => {
    const sku = env.world.manifest.skus.find((s) => s.skuId === 'TECH6');
    const asset = sku?.assets[0];
    const stock = env.world.manifest.stocks.find((s) => s.mint === asset?.mint);
    const now = (await env.world.clock.now()).unixTimestamp;
    const activation = now + 1_800n;
    await env.world.chain.landRaw('issuer schedules a multiplier change', env.keys.issuer, [
      getUpdateMultiplierInstruction({
        mint: asset?.mint as Address,
        authority: env.keys.issuer,
        multiplier: Number(stock?.multiplier ?? '1') * 2,
        effectiveTimestamp: activation,
      }),
    ]);
    await go('/portfolio');
    await go('/vaults/TECH6');
    const banner = page.locator('[data-kind="freeze"]');
    await banner.waitFor({ timeout: 30_000 });
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain(asset?.symbol as string);
    expect(text).toContain(new Date(Number(activation) * 1000).toISOString().slice(11, 16));
  });

  it('shows a paused vault and refuses its deposit before any signature', async () => {
    const sku = env.world.manifest.skus.find((s) => s.skuId === 'BROAD20');
    await env.world.chain.land('admins pause BROAD20', env.keys.admins[0] as KeyPairSigner, [
      getSetPausedInstructionFor(
        { vault: sku?.vault as Address, paused: true, adminSigners: env.keys.admins.slice(0, 3) },
        programAddressesOf(env.world.manifest),
      ),
    ]);
    await go('/');
    await go('/vaults/BROAD20/deposit');
    await page.locator('[data-kind="paused"]').waitFor({ timeout: 30_000 });
    await page.getByLabel('Amount to deposit').fill('10');
    const refusal = page.getByText(/The vault would refuse this deposit: .*paused/i);
    await refusal.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
      throw new Error(
        `no refusal; the page shows: ${(await page.locator('main').textContent())?.slice(0, 600)}`,
        { cause: error },
      );
    });
    expect(await page.getByRole('button', { name: 'Deposit', exact: true }).isDisabled()).toBe(
      true,
    );
  });

  it('blocks a visitor from a blocked country and still shows the vaults', async () => {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'x-country-code': 'US' } });
    const blocked = await context.newPage();
    await blocked.goto(`${env.url}/vaults/TECH6/deposit`);
    await blocked.locator('[data-geofence="blocked"]').waitFor();
    await blocked.locator('[data-gate="blocked"]').waitFor();
    expect(await seriousViolations(blocked)).toEqual([]);
    expect(await blocked.getByRole('button', { name: /Connect/ }).count()).toBe(0);
    await blocked.screenshot({
      path: join(ARTIFACTS, 'blocked-country-desktop.png'),
      fullPage: true,
    });
    await context.close();
  });

  it('keeps screenshots of every page at desktop and phone widths, each passing the accessibility audit', async () => {
    const pages = [
      '/',
      '/vaults/TECH6',
      '/vaults/TECH6/deposit',
      '/vaults/TECH6/withdraw',
      '/stake',
      '/claim',
      '/portfolio',
    ];
    const violations: string[] = [];
    for (const [width, height, label] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const path of pages) {
        await go(path);
        await page
          .waitForFunction(
            () => !(document.body.textContent ?? '').includes('Loading'),
            undefined,
            {
              timeout: 15_000,
            },
          )
          .catch(() => {});
        const name = path === '/' ? 'vaults' : path.slice(1).replaceAll('/', '-');
        await page.screenshot({ path: join(ARTIFACTS, `${name}-${label}.png`), fullPage: true });
        for (const v of await seriousViolations(page)) violations.push(`${path} (${label}): ${v}`);
      }
    }
    // axe-core on every page at both widths: no serious or critical violation.
    expect(violations).toEqual([]);
    // Phone width: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }, 120_000);
});
