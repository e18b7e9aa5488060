// `npm start`'s first-start history on a world of its own: the clock moves forward in steps,
// each step pushes and refreshes every SKU's NAV at the moved time and deposits from the first
// demo wallet; a second run does nothing (the marker). What the charts then read is on chain:
// one snapshot per step and a final one, the deposits in each vault's cash book.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getNavQuote } from '@basket/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorldKeys } from '../src/bootstrap/keys.ts';
import {
  HISTORY_MARKER,
  SEED_DEPOSIT_USDC,
  SEED_STEP_MS,
  SEED_STEPS,
  seedHistory,
} from '../src/bootstrap/seed-history.ts';
import { programAddressesOf } from '../src/manifest-programs.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';

describe('the first start seeds history', () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await startWorld({ slotTimeMs: 100 });
  }, 240_000);
  afterAll(async () => {
    await world?.stop();
  });

  it('pushes a NAV and deposits at each moved clock step, once per world', async () => {
    const programs = programAddressesOf(world.manifest);
    const read = { programs, commitment: 'confirmed' as const };
    const input = {
      dir: world.dir,
      chain: world.chain,
      rpcUrl: world.localnet.rpcUrl,
      manifest: world.manifest,
      keys: await loadWorldKeys(world.dir),
      programs,
      log: () => {},
    };
    const before = new Map<string, { sequence: bigint; cash: bigint }>();
    const sequenceOf = async (skuId: string) =>
      (await getNavQuote(world.chain.rpc, skuId, read)).snapshot?.sequence ?? -1n;
    for (const sku of world.manifest.skus) {
      const nav = await getNavQuote(world.chain.rpc, sku.skuId, read);
      before.set(sku.skuId, { sequence: nav.snapshot?.sequence ?? -1n, cash: nav.cashRaw });
    }
    const clockBefore = (await world.clock.now()).unixTimestamp;

    expect(await seedHistory(input)).toBe(true);
    expect(existsSync(join(world.dir, HISTORY_MARKER))).toBe(true);

    const moved = (await world.clock.now()).unixTimestamp - clockBefore;
    expect(moved).toBeGreaterThanOrEqual(BigInt((SEED_STEPS * SEED_STEP_MS) / 1000));
    for (const sku of world.manifest.skus) {
      const was = before.get(sku.skuId) as { sequence: bigint; cash: bigint };
      const nav = await getNavQuote(world.chain.rpc, sku.skuId, read);
      // One push per step and one after the last deposits.
      expect((nav.snapshot?.sequence ?? -1n) - was.sequence).toBe(BigInt(SEED_STEPS + 1));
      // Every deposit in the cash book, exactly (no fee on deposits).
      expect(nav.cashRaw - was.cash).toBe(BigInt(SEED_STEPS) * SEED_DEPOSIT_USDC * 1_000_000n);
    }

    // A second start: nothing pushed, nothing deposited, the clock left where it is.
    const sequences = await Promise.all(world.manifest.skus.map((s) => sequenceOf(s.skuId)));
    expect(await seedHistory(input)).toBe(false);
    const again = await Promise.all(world.manifest.skus.map((s) => sequenceOf(s.skuId)));
    expect(again).toEqual(sequences);
  }, 240_000);
});
