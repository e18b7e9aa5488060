import { join } from 'node:path';
import { startWorld, type TestWorld } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplierAt, parseMint, ratioOfMultiplier } from '../src/chain/mint-state.ts';
import { DEFAULT_SIM_CONFIG, type RunningSimulator, startSimulator } from '../src/index.ts';
import { call, MARKET_OPEN, MINUTE, settableClock } from './support/harness.ts';

// The built-in schedule against a real world: with --chain-corporate-actions each upcoming
// action lands on the mint as the API announces it (once, across restarts); without it the API
// in world mode lists none, so API and chain agree.
let world: TestWorld;
const sims: RunningSimulator[] = [];

beforeAll(async () => {
  // 100 ms slots: the suite waits on the simulator's transactions' confirmations only.
  world = await startWorld({ slotTimeMs: 100 });
}, 300_000);

afterAll(async () => {
  for (const sim of sims) await sim.close();
  await world?.stop();
});

async function simulator(chainCorporateActions: boolean) {
  const sim = await startSimulator(
    {
      ...DEFAULT_SIM_CONFIG,
      port: 0,
      logRequests: false,
      anchorMs: MARKET_OPEN,
      chainCorporateActions,
      world: {
        manifestPath: join(world.dir, 'world.json'),
        rpcUrl: world.localnet.rpcUrl,
        wsUrl: world.localnet.wsUrl,
      },
    },
    { clock: settableClock(MARKET_OPEN) },
  );
  sims.push(sim);
  return sim;
}

async function aaplMint() {
  const stock = world.manifest.stocks.find((s) => s.symbol === 'AAPLx');
  if (stock === undefined) throw new Error('the world has no AAPLx');
  const { value } = await world.chain.rpc
    .getAccountInfo(stock.mint as Address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error('no AAPLx mint');
  return parseMint(Uint8Array.from(Buffer.from(value.data[0], 'base64')));
}

type Upcoming = { symbol: string; reason: string; newMultiplier: string }[];
type Listed = { symbol: string; status: string; signature: string | null; builtIn?: boolean }[];

/** The admin list once `symbol`'s built-in action has left 'scheduled'. */
async function settled(sim: RunningSimulator, symbol: string) {
  for (let i = 0; i < 100; i += 1) {
    const rows = ((await call(sim, '/admin/corporate-actions')).json as { data: Listed }).data;
    const row = rows.find((r) => r.symbol === symbol);
    if (row !== undefined && row.status !== 'scheduled') return row;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${symbol}'s built-in action was never written`);
}

describe('the built-in corporate-action schedule in world mode', () => {
  it('off: the API lists no built-in action and the mint carries no pending change', async () => {
    const sim = await simulator(false);
    const upcoming = await call(sim, '/public/corporate-actions/upcoming');
    expect((upcoming.json as { data: Upcoming }).data).toEqual([]);
    const mint = await aaplMint();
    expect(mint.scaled?.newMultiplier.text).toBe(mint.scaled?.multiplier.text);
    const multiplier = await call(sim, '/public/assets/AAPLx/multiplier');
    expect(multiplier.json).toMatchObject({ activationDateTime: 0, reason: null });
    await sims.pop()?.close();
  }, 60_000);

  it('on: the AAPLx dividend lands on chain as announced, applies at its time, and is written once', async () => {
    // Given a simulator with the switch on (its clock at a market open, the chain's elsewhere)
    const chainBefore = (await world.clock.now()).unixTimestamp;
    const sim = await simulator(true);
    const upcoming = (
      (await call(sim, '/public/corporate-actions/upcoming?symbol=AAPLx')).json as {
        data: Upcoming;
      }
    ).data;
    const dividend = upcoming.find((a) => a.reason === 'Dividend');
    expect(dividend).toBeDefined();
    const announced = ratioOfMultiplier(Number(dividend?.newMultiplier)).text;

    // Then the issuer key wrote it on the mint: the announced multiplier, 30 min of chain time on
    const first = await settled(sim, 'AAPLx');
    expect(first).toMatchObject({
      status: 'announced',
      signature: expect.any(String),
      builtIn: true,
    });
    const pending = await aaplMint();
    expect(pending.scaled?.newMultiplier.text).toBe(announced);
    expect(pending.scaled?.newMultiplier.text).not.toBe(pending.scaled?.multiplier.text);
    const effective = pending.scaled?.effectiveTimestamp ?? 0n;
    expect(effective).toBeGreaterThanOrEqual(chainBefore + BigInt(30 * MINUTE) / 1000n);
    expect(effective).toBeLessThanOrEqual(
      (await world.clock.now()).unixTimestamp + BigInt(30 * MINUTE) / 1000n,
    );

    // When the chain's clock passes it, the multiplier in force is the announced one
    const after = await world.clock.travelTo(Number(effective) * 1000 + 5_000);
    expect(multiplierAt(await aaplMint(), after.unixTimestamp).text).toBe(announced);
    expect((await call(sim, '/public/assets/AAPLx/multiplier')).json).toMatchObject({
      currentMultiplier: announced,
    });

    // When the simulator restarts with the same schedule, it finds the action on the mint and
    // does not write it again (no signature; the mint's timestamp unchanged)
    await sims.pop()?.close();
    const restarted = await simulator(true);
    expect(await settled(restarted, 'AAPLx')).toMatchObject({ signature: null });
    expect((await aaplMint()).scaled?.effectiveTimestamp).toBe(effective);
  }, 120_000);
});
