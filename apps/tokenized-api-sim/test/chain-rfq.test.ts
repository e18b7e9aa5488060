import { testHookRecordAddress } from '@basket/test-harness';
import { createTokenizedApiClient } from '@basket/tokenized-api';
import { readSigner, type TestWorld } from '@basket/world';
import type { Address, Base64EncodedWireTransaction } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../src/index.ts';
import { balanceOf, coSign, signersOf, startChainSim } from './support/chain-sim.ts';
import { call, KEY } from './support/harness.ts';

let world: TestWorld;
let sim: RunningSimulator;

beforeAll(async () => {
  // Fast slots: the expiry test waits for 150 slots to pass.
  ({ world, sim } = await startChainSim({ fastSlots: true }));
}, 300_000);

afterAll(async () => {
  await sim?.close();
  await world?.stop();
});

type Quote = { id: string; signature: string; signaturePayload: Record<string, string> };
type QuoteState = {
  generalStatus: string;
  hedgingStatus: string;
  blockchainStatus: string;
  priceCents: number;
};

async function requestRfq(wallet: string, body: Record<string, string>) {
  return call(sim, '/trades/swap/rfq', {
    method: 'POST',
    body: { paymentWalletIdentifier: wallet, receivingWalletIdentifier: wallet, ...body },
  });
}

/** How many transfers the test hook recorded (u64 at offset 33 of its record). */
async function hookCount(record: Address): Promise<bigint> {
  const { value } = await world.chain.rpc
    .getAccountInfo(record, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (value === null) throw new Error('no hook record');
  return Buffer.from(value.data[0], 'base64').readBigUInt64LE(33);
}

async function quoteState(id: string): Promise<QuoteState> {
  const { status, json } = await call(sim, `/trades/swap/quote/${id}`);
  expect(status).toBe(200);
  return json as QuoteState;
}

async function waitForStatus(id: string, general: string, timeoutMs = 30_000): Promise<QuoteState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await quoteState(id);
    if (state.generalStatus === general || Date.now() > until) return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('RFQ backed by the local chain', () => {
  it('returns a transaction the market maker signed; co-signed by the taker it lands and swaps', async () => {
    // Given a demo wallet holding stablecoin and AAPLx, whose multiplier is 1.0571
    const keyPath = world.manifest.keys.demoWallets[0] as string;
    const taker = (await readSigner(keyPath)).address;
    const aapl = world.manifest.stocks.find((s) => s.symbol === 'AAPLx');
    if (aapl === undefined) throw new Error('the world has no AAPLx');
    const usd = world.manifest.stablecoin.mint;
    const before = {
      stock: await balanceOf(sim, taker, aapl.mint),
      usd: await balanceOf(sim, taker, usd),
    };

    // When it asks to buy 2 tokens through the typed client
    const client = createTokenizedApiClient({ baseUrl: sim.baseUrl, apiKey: KEY });
    const quote = (await client.requestRfq({
      symbol: 'AAPLx',
      side: 'Buy',
      quantity: '2',
      paymentWalletIdentifier: taker,
      receivingWalletIdentifier: taker,
    })) as Quote;

    // Then the transaction carries the market maker's signature and waits for the taker's
    const maker = quote.signaturePayload.marketMaker as string;
    expect(signersOf(quote.signature)).toEqual({ [maker]: true, [taker]: false });
    // and the amounts are the quote's: 2 tokens at 1.0571 raw units per token, rounded down
    // for the taker; the price at the ask, rounded up for the maker
    const state = await quoteState(quote.id);
    expect(state).toMatchObject({
      generalStatus: 'Provided',
      blockchainStatus: 'PendingExecution',
    });
    expect((await client.getQuote(quote.id)).signature).toBe(quote.signature);
    expect(quote.signaturePayload.stockAmount).toBe(
      ((2n * 10n ** 8n * 10_000n) / 10_571n).toString(),
    );
    expect(quote.signaturePayload.stablecoinAmount).toBe(
      (2n * BigInt(state.priceCents) * 10_000n).toString(),
    );

    // When the taker co-signs and sends it
    const wire = (await coSign(keyPath, quote.signature)) as Base64EncodedWireTransaction;
    await world.chain.rpc
      .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
      .send();

    // Then the quote completes and the tokens moved both ways by exactly the quoted amounts
    expect(await waitForStatus(quote.id, 'Completed')).toMatchObject({
      generalStatus: 'Completed',
      hedgingStatus: 'Succeeded',
      blockchainStatus: 'Executed',
    });
    expect(await balanceOf(sim, taker, aapl.mint)).toBe(
      before.stock + BigInt(quote.signaturePayload.stockAmount as string),
    );
    expect(await balanceOf(sim, taker, usd)).toBe(
      before.usd - BigInt(quote.signaturePayload.stablecoinAmount as string),
    );
  }, 60_000);

  it('fills the hooked stock both ways: the hook extra accounts are in the transaction', async () => {
    // Given the stock whose transfer hook is set (record mode) and a demo wallet
    const keyPath = world.manifest.keys.demoWallets[1] as string;
    const taker = (await readSigner(keyPath)).address;
    const hooked = world.manifest.stocks.find((s) => s.transferHookProgram !== null);
    if (hooked === undefined) throw new Error('the world has no hooked stock');
    const record = await testHookRecordAddress(hooked.mint as Address);
    const seen = await hookCount(record);
    const fill = async (side: 'Buy' | 'Sell', quantity: string) => {
      const { status, json } = await requestRfq(taker, { symbol: hooked.symbol, side, quantity });
      expect(status).toBe(200);
      const quote = json as Quote;
      const wire = (await coSign(keyPath, quote.signature)) as Base64EncodedWireTransaction;
      await world.chain.rpc
        .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
        .send();
      expect((await waitForStatus(quote.id, 'Completed')).blockchainStatus).toBe('Executed');
      return BigInt(quote.signaturePayload.stockAmount as string);
    };

    // When it buys 3 tokens, then sells 1 back (the maker, then the taker, authorizes the stock)
    const bought = await fill('Buy', '3');
    const sold = await fill('Sell', '1');

    // Then it holds exactly the difference, and the hook saw both transfers
    expect(await balanceOf(sim, taker, hooked.mint)).toBe(bought - sold);
    expect(await hookCount(record)).toBe(seen + 2n);
  }, 90_000);

  it('fails a quote whose transaction fails on chain', async () => {
    // Given a demo wallet selling AAPLx it does not hold
    const keyPath = world.manifest.keys.demoWallets[2] as string;
    const taker = (await readSigner(keyPath)).address;
    const { status, json } = await requestRfq(taker, {
      symbol: 'AAPLx',
      side: 'Sell',
      quantity: '1',
    });
    expect(status).toBe(200);
    const quote = json as Quote;

    // When it co-signs and sends it without preflight, so the cluster executes it
    const wire = (await coSign(keyPath, quote.signature)) as Base64EncodedWireTransaction;
    await world.chain.rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();

    // Then the transaction fails on chain and the quote is cancelled on every axis
    expect(await waitForStatus(quote.id, 'Cancelled')).toMatchObject({
      generalStatus: 'Cancelled',
      hedgingStatus: 'Unwound',
      blockchainStatus: 'Failed',
    });
  }, 60_000);

  it('expires a quote nobody submitted once its blockhash can no longer land', async () => {
    // Given a sell quote the taker never signs
    const keyPath = world.manifest.keys.demoWallets[1] as string;
    const taker = (await readSigner(keyPath)).address;
    const { status, json } = await requestRfq(taker, {
      symbol: 'TSLAx',
      side: 'Sell',
      quantity: '0.5',
    });
    expect(status).toBe(200);
    const quote = json as Quote;
    const lastValid = BigInt(quote.signaturePayload.lastValidBlockHeight as string);
    expect((await quoteState(quote.id)).generalStatus).toBe('Provided');

    // When the chain's block height passes the blockhash's last valid height
    const until = Date.now() + 120_000;
    while (
      (await world.chain.rpc.getBlockHeight({ commitment: 'confirmed' }).send()) <= lastValid
    ) {
      if (Date.now() > until) throw new Error('the block height did not pass the last valid one');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    // Then the quote is expired on every axis, and the co-signed transaction is refused
    expect(await quoteState(quote.id)).toMatchObject({
      generalStatus: 'Expired',
      hedgingStatus: 'NotStarted',
      blockchainStatus: 'ExpiredExecution',
    });
    const wire = (await coSign(keyPath, quote.signature)) as Base64EncodedWireTransaction;
    await expect(
      world.chain.rpc.sendTransaction(wire, { encoding: 'base64' }).send(),
    ).rejects.toThrow();
    expect((await quoteState(quote.id)).generalStatus).toBe('Expired');
  }, 180_000);

  it('refuses a wallet the world did not fund', async () => {
    const { status, json } = await requestRfq('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', {
      symbol: 'AAPLx',
      side: 'Buy',
      quantity: '1',
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({ error: { code: 'WalletNotWhitelisted' } });
  });
});
