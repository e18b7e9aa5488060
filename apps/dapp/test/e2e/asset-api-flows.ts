// Proof of reserves and the corporate-action timeline in the browser, against the
// tokenized-asset API simulator (seeded from the world's catalog) behind a second dapp server
// on the same world: every asset of the basket shows its reserves badge from the API and its
// multiplier history (a list and a step chart), read through the dapp's read-only forward.
import { DEFAULT_SIM_CONFIG, startSimulator } from '@basket/tokenized-api-sim';
import { expect, it } from 'vitest';
import { seriousViolations } from './accessibility.ts';
import type { BrowserWorld } from './browser-world.ts';

export function assetApiTests(env: () => BrowserWorld) {
  it('shows each asset’s proof of reserves and multiplier history from the asset API', async () => {
    const sim = await startSimulator({ ...DEFAULT_SIM_CONFIG, port: 0, logRequests: false });
    const context = await env().browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const url = await env().startDapp(sim.baseUrl);
      const page = await context.newPage();
      await page.goto(`${url}/vaults/TECH6`);
      const sku = env().world.manifest.skus.find((s) => s.skuId === 'TECH6');
      const symbols = sku?.assets.map((a) => a.symbol) ?? [];
      await page.getByRole('heading', { name: 'Proof of reserves and corporate actions' }).waitFor({
        timeout: 30_000,
      });
      // Every asset has a badge that the API answered (none "unavailable").
      const badges = page.locator('[data-por]');
      expect(await badges.count()).toBe(symbols.length);
      expect(await page.locator('[data-por="unknown"]').count()).toBe(0);
      // Every history answered: a timeline, or (AMCx has none in the simulator) the sentence.
      expect(await page.locator('[data-history="unavailable"]').count()).toBe(0);
      let timelines = 0;
      for (const symbol of symbols) {
        const items = page
          .getByRole('list', { name: `${symbol} multiplier history` })
          .getByRole('listitem');
        if ((await items.count()) === 0) continue;
        timelines += 1;
        // The same history as a step chart (lightweight-charts draws it on a canvas).
        const chart = page.locator(`[data-chart="${symbol} multiplier"]`);
        await chart.locator('canvas').first().waitFor({ timeout: 30_000 });
        expect(await chart.locator('.sr-only').textContent()).toMatch(
          new RegExp(`^${symbol} multiplier: from \\d+(\\.\\d+)? to \\d+(\\.\\d+)?, \\d+ points`),
        );
        // "2026-09-27 00:00 UTC — FeeAccrual: 1.0575350 → 1.05752775": time, reason, from, to.
        expect(await items.first().textContent()).toMatch(
          /^\d{4}-\d\d-\d\d \d\d:\d\d UTC — \w+: \d+(\.\d+)? → \d+(\.\d+)?$/,
        );
      }
      expect(timelines + (await page.locator('[data-history="none"]').count())).toBe(
        symbols.length,
      );
      expect(timelines).toBeGreaterThan(0);
      expect(await page.locator('[data-por="true"]').first().textContent()).toMatch(
        /^Reserves cover supply \(ratio \d+(\.\d+)?, .+, as of \d{4}-\d\d-\d\d\)$/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      // The page read the API through the dapp's forward: the simulator saw the public routes.
      expect(sim.requests.some((r) => r.path.includes('/public/'))).toBe(true);
    } finally {
      await context.close();
      await sim.close();
    }
  });
}
