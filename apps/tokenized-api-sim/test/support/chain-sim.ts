import { join } from 'node:path';
import { readSigner, startWorld, type TestWorld } from '@basket/world';
import {
  type Address,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  partiallySignTransaction,
} from '@solana/kit';
import { DEFAULT_SIM_CONFIG, type RunningSimulator, startSimulator } from '../../src/index.ts';
import { call, MARKET_OPEN, settableClock } from './harness.ts';

/**
 * A bootstrapped world on free ports and a simulator backed by it (quiet, free port). With
 * `fastSlots`, the validator ticks every 100 ms: a quote's blockhash expires in 15 s, not 60 s.
 */
export async function startChainSim(
  options: { fastSlots?: boolean } = {},
): Promise<{ world: TestWorld; sim: RunningSimulator }> {
  const world = await startWorld(options.fastSlots ? { slotTimeMs: 100 } : {});
  try {
    const sim = await startSimulator(
      {
        ...DEFAULT_SIM_CONFIG,
        port: 0,
        logRequests: false,
        anchorMs: MARKET_OPEN,
        world: {
          manifestPath: join(world.dir, 'world.json'),
          rpcUrl: world.localnet.rpcUrl,
          wsUrl: world.localnet.wsUrl,
        },
      },
      // The simulator's trading windows are read at a weekday open, whatever the hour of the run.
      { clock: settableClock(MARKET_OPEN) },
    );
    return { world, sim };
  } catch (error) {
    await world.stop();
    throw error;
  }
}

/** Raw amount of `owner`'s associated account of `mint` through the simulator's admin view. */
export async function balanceOf(
  sim: RunningSimulator,
  owner: string,
  mint: string,
): Promise<bigint> {
  const { json } = await call(sim, `/admin/balances/${owner}`);
  const row = (json as { data: { mint: string; rawAmount: string }[] }).data.find(
    (r) => r.mint === mint,
  );
  return BigInt(row?.rawAmount ?? '0');
}

/** The taker's co-signature on the simulator's transaction, as base64 wire bytes. */
export async function coSign(keyPath: string, base64: string): Promise<string> {
  const taker = await readSigner(keyPath);
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const signed = await partiallySignTransaction([taker.keyPair], transaction);
  return getBase64EncodedWireTransaction(signed);
}

/** Who signed so far: signer address → whether its signature is present. */
export function signersOf(base64: string): Record<string, boolean> {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return Object.fromEntries(
    Object.entries(transaction.signatures).map(([address, signature]) => [
      address as Address,
      signature !== null,
    ]),
  );
}
