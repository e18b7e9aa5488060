// The browser suite's world: one local validator (startWorld), NAV kept fresh by a non-overlapping
// pusher, the dapp server in-process on a free port, and Debian's Chromium through playwright-core.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createMetrics, periodic } from '@basket/service-kit';
import {
  catalogPrices,
  loadWorldKeys,
  programAddressesOf,
  pushNav,
  STOCKS,
  startWorld,
  type TestWorld,
  type WorldKeys,
} from '@basket/world';
import type { Address } from '@solana/kit';
import { type Browser, chromium } from 'playwright-core';
import { ensureBundle } from '../../src/server/build-bundle.ts';
import { loadDappConfig } from '../../src/server/config.ts';
import { createDappServer } from '../../src/server/dapp-server.ts';

export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type BrowserWorld = Readonly<{
  world: TestWorld;
  keys: WorldKeys;
  url: string;
  browser: Browser;
  /** Where the dapp reads published distribution artifacts. */
  distributions: string;
  pushAll: () => Promise<void>;
  /** Another dapp server on the same world, reading the asset API at `tokenizedApiUrl`. */
  startDapp: (tokenizedApiUrl: string, extraEnv?: Record<string, string>) => Promise<string>;
  stop: () => Promise<void>;
}>;

export async function startBrowserWorld(): Promise<BrowserWorld> {
  const dist = join(import.meta.dirname, '..', '..', 'dist');
  await ensureBundle(dist, () => {});
  const world = await startWorld();
  const keys = await loadWorldKeys(world.dir);
  const programs = programAddressesOf(world.manifest);
  const prices = catalogPrices(world.manifest, STOCKS);
  const pushOnce = async () => {
    for (const sku of world.manifest.skus) {
      await pushNav(world.chain, {
        keys,
        programs,
        skuId: sku.skuId,
        snapshot: sku.snapshot as Address,
        prices,
        lookupTable: sku.lookupTable as Address | null,
      });
    }
  };
  // One push at a time: a test's own push (forward pricing) and the periodic one would race
  // for the same snapshot sequence.
  let lastPush: Promise<void> = Promise.resolve();
  const pushAll = () => {
    const next = lastPush.catch(() => {}).then(pushOnce);
    lastPush = next;
    return next;
  };
  await pushAll();
  const distributions = mkdtempSync(join(tmpdir(), 'dapp-distributions-'));
  // The on-chain limit is 60 s in market hours: push every 20 s while the suite runs.
  const pusher = periodic(pushAll, 20_000, () => {});
  const servers: { close: () => Promise<void> }[] = [];
  const startDapp = async (tokenizedApiUrl: string, extraEnv: Record<string, string> = {}) => {
    const config = loadDappConfig({
      DAPP_ENV: 'local',
      ...extraEnv,
      WORLD_MANIFEST: join(world.dir, 'world.json'),
      SOLANA_RPC_URL: world.localnet.rpcUrl,
      SOLANA_WS_URL: world.localnet.wsUrl,
      TOKENIZED_API_URL: tokenizedApiUrl,
      INDEXER_URL: 'http://127.0.0.1:9',
      DAPP_DIST_DIR: dist,
      DAPP_BLOCKED_COUNTRIES: 'US,IR',
      DAPP_WHEN_COUNTRY_UNKNOWN: 'allow',
      DAPP_DISTRIBUTIONS_DIR: distributions,
    });
    const server = await createDappServer(
      config,
      createLogger({ name: 'dapp-e2e', level: 'silent' }),
      createMetrics(`dapp_e2e_${servers.length}`),
    );
    servers.push(server);
    return server.listen({ host: '127.0.0.1', port: 0 });
  };
  // No asset API behind the main server: the flows must work (and say so) without it, and the
  // simulator's own corporate-action calendar (fee accruals at midnight) must not freeze them
  // at some hours. Proof of reserves and the timeline are read through a second server.
  const url = await startDapp('http://127.0.0.1:9/api/v2');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    world,
    keys,
    url,
    browser,
    distributions,
    pushAll,
    startDapp,
    stop: async () => {
      await browser.close().catch(() => {});
      for (const server of servers) await server.close();
      await pusher.stop();
      await world.stop();
    },
  };
}
