// createResilientSendAndConfirm over a stand-in RPC (a chain that counts block height per call
// and lands a send when told): the same signed transaction re-sent until it lands, a builder
// signed again only after its blockhash expired, failures as the SDK's typed errors.
import {
  generateKeyPairSigner,
  getAddressDecoder,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  BasketTransactionError,
  buildTransactionMessage,
  createResilientSendAndConfirm,
} from '../src/index.ts';

const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/** `lands(n)`: whether the n-th send (from 1) reaches the chain. Height rises by one per read. */
function standIn(lands: (n: number) => boolean, failWith: unknown = null) {
  let height = 0n;
  let sends = 0;
  const landed = new Set<string>();
  const wires: string[] = [];
  const signatureOf = (wire: string) =>
    getSignatureFromTransaction(getTransactionDecoder().decode(getBase64Encoder().encode(wire)));
  const rpc = {
    sendTransaction: (wire: string) => ({
      send: async () => {
        sends += 1;
        wires.push(wire);
        if (lands(sends)) landed.add(signatureOf(wire));
        return signatureOf(wire);
      },
    }),
    getSignatureStatuses: (sigs: string[]) => ({
      send: async () => ({
        value: sigs.map((s) =>
          landed.has(s) ? { err: failWith, confirmationStatus: 'confirmed' } : null,
        ),
      }),
    }),
    getBlockHeight: () => ({ send: async () => ++height }),
    getLatestBlockhash: () => ({
      send: async () => ({
        // A new blockhash each time (a rebuilt version is a different transaction).
        value: {
          blockhash: getAddressDecoder().decode(new Uint8Array(32).fill(Number(height) + 1)),
          lastValidBlockHeight: height + 3n,
        },
      }),
    }),
  };
  return { rpc, sends: () => sends, wires };
}

async function message() {
  const feePayer = await generateKeyPairSigner();
  return (lifetime: { blockhash: string; lastValidBlockHeight: bigint }) =>
    buildTransactionMessage({
      feePayer,
      lifetime: lifetime as never,
      instructions: [
        {
          instruction: { programAddress: MEMO as never, data: new Uint8Array([1]) },
          costs: [],
        },
      ],
    });
}

const subscriptions = {} as never;

describe('createResilientSendAndConfirm', () => {
  it('re-sends the same signed transaction until it lands', async () => {
    const chain = standIn((n) => n === 3);
    const send = createResilientSendAndConfirm({
      rpc: chain.rpc as never,
      rpcSubscriptions: subscriptions,
      resendIntervalMs: 1,
    });
    const build = await message();
    const result = await send(
      build({ blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 100n }),
    );
    expect(result.attempts).toBe(1);
    expect(chain.sends()).toBe(3);
    expect(new Set(chain.wires).size).toBe(1);
  });

  it('signs a builder again only after its blockhash expired', async () => {
    const chain = standIn((n) => n >= 5);
    const send = createResilientSendAndConfirm({
      rpc: chain.rpc as never,
      rpcSubscriptions: subscriptions,
      resendIntervalMs: 1,
    });
    const result = await send(await message(), { maxAttempts: 3 });
    expect(result.attempts).toBe(2);
    expect(new Set(chain.wires).size).toBe(2);
  });

  it('reports every version expired as BlockHeightExceeded', async () => {
    const chain = standIn(() => false);
    const send = createResilientSendAndConfirm({
      rpc: chain.rpc as never,
      rpcSubscriptions: subscriptions,
      resendIntervalMs: 1,
    });
    const error = await send(await message(), { maxAttempts: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BasketTransactionError);
    expect((error as BasketTransactionError).failure).toMatchObject({
      kind: 'transaction',
      errorName: 'BlockHeightExceeded',
    });
  });

  it('a transaction that landed with an error is a typed failure', async () => {
    const chain = standIn(() => true, { InstructionError: [0, { Custom: 1 }] });
    const send = createResilientSendAndConfirm({
      rpc: chain.rpc as never,
      rpcSubscriptions: subscriptions,
      resendIntervalMs: 1,
    });
    const error = await send(await message()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BasketTransactionError);
  });
});
