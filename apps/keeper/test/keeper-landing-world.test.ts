// Keeper actions landing through faults, on the local world: every RPC call goes through two
// fault proxies (packages/fault-proxy) that drop half of the sendTransaction calls, the first
// of them also answering 429 (Retry-After) to a third of every call. Every NAV push must land
// exactly once (read back from the chain: the snapshots' transactions) and NAV stay fresh
// after each push; the faults must have been injected (the proxies' counters), and the keeper
// must have re-sent (its rows) and failed over to the second endpoint (the proxies' counters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Keeper } from '../src/keeper.ts';
import { driveNavPushes, type LandingWorld, startLandingWorld } from './support/landing-world.ts';

let lw: LandingWorld;
let keeper: Keeper;

beforeAll(async () => {
  lw = await startLandingWorld({ seed: 33 });
  keeper = await lw.keeper('landing-a');
}, 240_000);
afterAll(async () => {
  await keeper?.close();
  await lw?.stop();
});

describe('landing through dropped sends and 429s', () => {
  it('with 50% of sends dropped and 429s on one endpoint, every NAV push lands exactly once and NAV stays fresh', async () => {
    lw.setFaults(50, 30);
    const run = await driveNavPushes(lw, keeper, 12);
    expect(run).toMatchObject({ actions: 12, landed: 12, duplicates: 0, failedOnChain: 0 });
    expect(run.navFresh).toBe(true);
    // The faults were real: sends dropped and re-sent, 429s answered and failed over.
    expect(run.resends).toBeGreaterThan(0);
    const faults = async (i: 0 | 1) =>
      await (await fetch(`${lw.proxies[i].adminUrl}/metrics`)).text();
    // The first endpoint answered 429s, so the keeper failed over to the second (its Retry-After
    // pause and breaker keep it there), where half the sends were dropped.
    expect(await faults(0)).toMatch(/faults_total\{kind="rate-limit"\} [1-9]/);
    expect(await faults(1)).toMatch(/faults_total\{kind="drop"\} [1-9]/);
    expect(await faults(1)).toMatch(/requests_total\{method="sendTransaction"\} [1-9]/);
  }, 300_000);

  it('every push carries a priority fee within the NAV cap', async () => {
    const { rows } = await keeper.context.pool.query<{ detail: { priorityLamports?: string } }>(
      "select detail from keeper.actions where job = 'nav-push' and status = 'sent'",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const paid = BigInt(r.detail.priorityLamports ?? '-1');
      expect(paid).toBeGreaterThan(0n);
      expect(paid).toBeLessThanOrEqual(2_000_000n);
    }
  });
});
