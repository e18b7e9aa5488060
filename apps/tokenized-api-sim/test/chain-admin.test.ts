import { getTransferCheckedInstruction, TOKEN_2022_PROGRAM_ADDRESS } from '@basket/issuer-mint';
import { findAssociatedTokenAddress } from '@basket/sdk';
import { testHookRecordAddress } from '@basket/test-harness';
import { createTokenizedApiClient } from '@basket/tokenized-api';
import { readSigner, type TestWorld } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiplierAt, parseMint } from '../src/chain/mint-state.ts';
import type { RunningSimulator } from '../src/index.ts';
import { balanceOf, startChainSim } from './support/chain-sim.ts';
import { call, KEY } from './support/harness.ts';

let world: TestWorld;
let sim: RunningSimulator;

beforeAll(async () => {
  // 100 ms slots: the suite waits on confirmations and on chain time, and the validator's
  // clock moves one slot time per slot, so chain seconds still pass at wall-clock pace.
  ({ world, sim } = await startChainSim({ fastSlots: true }));
}, 300_000);

afterAll(async () => {
  await sim?.close();
  await world?.stop();
});

async function account(address: string): Promise<Uint8Array> {
  const { value } = await world.chain.rpc
    .getAccountInfo(address as Address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error(`${address} does not exist`);
  return Uint8Array.from(Buffer.from(value.data[0], 'base64'));
}

const post = (body: Record<string, unknown>) => ({ method: 'POST' as const, body });

/** How many transfers the test hook recorded (u64 at offset 33 of its record). */
const hookCount = (data: Uint8Array) =>
  new DataView(data.buffer, data.byteOffset).getBigUint64(33, true);

const holdingOf = (symbol: string, owner: Address) =>
  findAssociatedTokenAddress({
    owner,
    mint: stockMint(symbol) as Address,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });

const stockMint = (symbol: string) => {
  const stock = world.manifest.stocks.find((s) => s.symbol === symbol);
  if (stock === undefined) throw new Error(`the world has no ${symbol}`);
  return stock.mint;
};

describe('corporate actions on chain', () => {
  it('announces the multiplier on the mint with its effective time; it applies from then on', async () => {
    // Given NVDAx at 2.5 on chain and an action 2-for-1 (5.0) effective in 8 seconds of chain time
    const mint = stockMint('NVDAx');
    expect(parseMint(await account(mint)).scaled?.multiplier.text).toBe('2.5');
    const chainNow = (await world.clock.now()).unixTimestamp;
    const effective = Number(chainNow) + 8;

    // When it is scheduled in the simulator
    const { status, json } = await call(sim, '/admin/corporate-actions', {
      method: 'POST',
      body: { symbol: 'NVDAx', multiplier: '5', effectiveTimestamp: effective, reason: 'Split' },
    });

    // Then the issuer key wrote it on the mint as the pending change, with its timestamp
    expect(status).toBe(202);
    expect(json).toMatchObject({ symbol: 'NVDAx', multiplier: '5', status: 'announced' });
    const pending = parseMint(await account(mint));
    expect(pending.scaled?.newMultiplier.text).toBe('5');
    expect(pending.scaled?.effectiveTimestamp).toBe(BigInt(effective));
    expect(multiplierAt(pending, chainNow).text).toBe('2.5');
    // and the API's multiplier answer (read through the typed client) shows it as pending
    const client = createTokenizedApiClient({ baseUrl: sim.baseUrl, apiKey: KEY });
    expect(await client.getMultiplier('NVDAx')).toMatchObject({
      currentMultiplier: { value: 25n, scale: 1 },
      newMultiplier: { value: 5n, scale: 0 },
      reason: 'Split',
      hasPendingChange: true,
    });

    // When the chain's clock reaches the effective time
    const after = await world.clock.waitForTimestamp(BigInt(effective), 20_000);

    // Then the multiplier in force is the new one, and the simulator reports it effective
    expect(multiplierAt(parseMint(await account(mint)), after.unixTimestamp).text).toBe('5');
    expect(await client.getMultiplier('NVDAx')).toMatchObject({
      currentMultiplier: { value: 5n, scale: 0 },
      hasPendingChange: false,
    });
    const reserves = await call(sim, '/public/proof-of-reserves/NVDAx');
    expect(reserves.json).toMatchObject({ multiplier: '5', mintAddress: mint });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const list = await call(sim, '/admin/corporate-actions');
    expect((list.json as { data: { symbol: string; status: string }[] }).data).toContainEqual(
      expect.objectContaining({ symbol: 'NVDAx', status: 'effective' }),
    );
  }, 60_000);

  it('refuses a malformed action', async () => {
    const { status, json } = await call(sim, '/admin/corporate-actions', {
      method: 'POST',
      body: { symbol: 'NVDAx', multiplier: '-1', effectiveTimestamp: 0 },
    });
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { field: 'multiplier' } });
  });
});

describe("the issuer's powers over holders", () => {
  it('freezes and thaws a holder on chain', async () => {
    // Given the market maker, which holds AAPLx
    const owner = (await readSigner(world.manifest.keys.marketMaker)).address;
    const balances = (await call(sim, `/admin/balances/${owner}`)).json as {
      data: { symbol: string; account: string; rawAmount: string }[];
    };
    const held = balances.data.find((r) => r.symbol === 'AAPLx');
    expect(BigInt(held?.rawAmount ?? '0')).toBeGreaterThan(0n);
    const holding = held?.account as string;
    // Token account state byte (offset 108): 1 initialized, 2 frozen
    expect((await account(holding))[108]).toBe(1);

    // When the issuer freezes it / Then the account is frozen on chain
    const freeze = await call(sim, '/admin/holders/freeze', {
      method: 'POST',
      body: { symbol: 'AAPLx', owner },
    });
    expect(freeze.status).toBe(200);
    expect((await account(holding))[108]).toBe(2);

    // When the issuer thaws it / Then it is usable again
    const thaw = await call(sim, '/admin/holders/thaw', {
      method: 'POST',
      body: { symbol: 'AAPLx', owner },
    });
    expect(thaw.status).toBe(200);
    expect((await account(holding))[108]).toBe(1);
  }, 60_000);

  it('pauses a mint (a transfer fails) and resumes it (the same transfer lands)', async () => {
    // Given the market maker's AAPLx account and a transfer of 1 raw unit to itself
    const maker = await readSigner(world.manifest.keys.marketMaker);
    const holding = await holdingOf('AAPLx', maker.address);
    const transfer = getTransferCheckedInstruction({
      source: holding,
      mint: stockMint('AAPLx') as Address,
      destination: holding,
      authority: maker,
      amount: 1n,
      decimals: 8,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });

    // When the issuer pauses AAPLx / Then the transfer is refused by the token program
    expect((await call(sim, '/admin/mints/pause', post({ symbol: 'AAPLx' }))).status).toBe(200);
    await expect(world.chain.landRaw('paused transfer', maker, [transfer])).rejects.toThrow();

    // When the issuer resumes it / Then the same transfer lands
    expect((await call(sim, '/admin/mints/resume', post({ symbol: 'AAPLx' }))).status).toBe(200);
    await world.chain.landRaw('resumed transfer', maker, [transfer]);
  }, 60_000);

  it("burns a holder's tokens with the permanent delegate: balance and supply drop exactly", async () => {
    const owner = (await readSigner(world.manifest.keys.marketMaker)).address;
    const mint = stockMint('TSLAx');
    const before = await balanceOf(sim, owner, mint);
    const supply = parseMint(await account(mint)).supply;

    const { status, json } = await call(
      sim,
      '/admin/holders/burn',
      post({ symbol: 'TSLAx', owner, rawAmount: '12345' }),
    );

    expect(status).toBe(200);
    expect(json).toMatchObject({ signature: expect.any(String) });
    expect(await balanceOf(sim, owner, mint)).toBe(before - 12_345n);
    expect(parseMint(await account(mint)).supply).toBe(supply - 12_345n);
  }, 60_000);

  it("moves a holder's tokens of the hooked stock, the hook's extra accounts resolved", async () => {
    // Given the hooked stock (its hook program set, record mode) and a holder without any
    const hooked = world.manifest.stocks.find((s) => s.transferHookProgram !== null);
    expect(hooked?.transferHookProgram).toBe(world.manifest.programs.testTransferHook);
    const symbol = hooked?.symbol as string;
    const owner = (await readSigner(world.manifest.keys.marketMaker)).address;
    const to = (await readSigner(world.manifest.keys.demoWallets[2] as string)).address;
    const record = await testHookRecordAddress(hooked?.mint as Address);
    const seen = hookCount(await account(record));
    const from = await balanceOf(sim, owner, hooked?.mint as string);

    // When the permanent delegate moves 5,000 raw units to the other wallet
    const { status } = await call(
      sim,
      '/admin/holders/move',
      post({ symbol, owner, to, rawAmount: '5000' }),
    );

    // Then both balances moved exactly, and the hook saw the transfer
    expect(status).toBe(200);
    expect(await balanceOf(sim, owner, hooked?.mint as string)).toBe(from - 5_000n);
    expect(await balanceOf(sim, to, hooked?.mint as string)).toBe(5_000n);
    expect(hookCount(await account(record))).toBe(seen + 1n);
  }, 60_000);

  it('refuses a burn or a move without a valid raw amount or destination', async () => {
    const owner = (await readSigner(world.manifest.keys.marketMaker)).address;
    for (const [path, body, field] of [
      ['/admin/holders/burn', { symbol: 'AAPLx', owner, rawAmount: '0' }, 'rawAmount'],
      ['/admin/holders/burn', { symbol: 'AAPLx', owner, rawAmount: 5 }, 'rawAmount'],
      ['/admin/holders/move', { symbol: 'AAPLx', owner, rawAmount: '1', to: 'x' }, 'to'],
    ] as const) {
      const { status, json } = await call(sim, path, post(body));
      expect(status, path).toBe(400);
      expect(json).toMatchObject({ error: { field } });
    }
  });

  it('requires the API key on the admin side', async () => {
    const { status } = await call(sim, '/admin/corporate-actions', { key: null });
    expect(status).toBe(401);
  });
});
