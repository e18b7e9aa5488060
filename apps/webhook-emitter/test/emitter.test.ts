// The emitter against the real validator and a real HTTP receiver: what it posts, with which
// Authorization, and that nothing is lost while the receiver is down or across a restart.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Localnet, rpcCall, startLocalnet } from '@basket/localnet';
import { createLogger, createMetrics } from '@basket/service-kit';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmitterConfig } from '../src/config.ts';
import { createEmitter } from '../src/emitter.ts';

type Item = {
  slot: number;
  meta: { err: unknown; logMessages: string[] };
  transaction: { signatures: string[] };
};

const SECRET = 'Bearer test-secret-123';

describe('webhook emitter', () => {
  let dir: string;
  let net: Localnet;
  let receiver: FastifyInstance;
  let url: string;
  let failing = false;
  // Signatures the receiver's schema "refuses": any batch holding one answers 400.
  const poisoned = new Set<string>();
  const posts: { auth: string | undefined; items: Item[] }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'emitter-test-'));
    await chmod(dir, 0o755);
    net = await startLocalnet({ stateDir: join(dir, 'ledger') });
    receiver = Fastify({ bodyLimit: 10 * 1024 * 1024 });
    receiver.post('/hook', async (request, reply) => {
      if (failing) return reply.code(503).send({ error: 'down' });
      const bad = (request.body as Item[]).findIndex((i) =>
        poisoned.has(i.transaction.signatures[0] ?? ''),
      );
      if (bad !== -1) return reply.code(400).send({ error: `at ${bad}.blockTime: Too big` });
      posts.push({ auth: request.headers.authorization, items: request.body as Item[] });
      return { ok: true };
    });
    await receiver.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/hook`;
  }, 60_000);

  afterAll(async () => {
    await receiver?.close();
    await net?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const emitterFor = (watched: string, extra: Partial<EmitterConfig> = {}) =>
    createEmitter({
      config: {
        rpcUrl: net.rpcUrl,
        port: 0,
        stateDir: join(dir, 'state'),
        pollMs: 100,
        batchSize: 20,
        duplicateEvery: 0,
        delayMs: 0,
        reorder: false,
        webhooks: [
          {
            name: `w-${watched.slice(0, 6).toLowerCase()}`,
            url,
            authorization: 'env:X',
            authorizationValue: SECRET,
            programs: [watched],
            commitment: 'confirmed',
          },
        ],
        ...extra,
      },
      rpc: createSolanaRpc(net.rpcUrl),
      logger: createLogger({ name: 'test', level: 'silent' }),
      metrics: createMetrics(`emitter_test_${Math.random().toString(36).slice(2, 8)}`),
    });

  async function airdrop(to: string): Promise<string> {
    const signature = await rpcCall<string>(net.rpcUrl, 'requestAirdrop', [to, 1_000_000_000]);
    for (let i = 0; i < 100; i += 1) {
      const { value } = await rpcCall<{ value: ({ confirmationStatus: string } | null)[] }>(
        net.rpcUrl,
        'getSignatureStatuses',
        [[signature]],
      );
      if (
        value[0]?.confirmationStatus === 'confirmed' ||
        value[0]?.confirmationStatus === 'finalized'
      )
        return signature;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('airdrop not confirmed');
  }

  const delivered = (watched: string) =>
    posts
      .flatMap((p) => p.items)
      .filter((i) => JSON.stringify(i).includes(watched))
      .map((i) => i.transaction.signatures[0]);

  it('posts each transaction touching the address once, as getTransaction returns it, with the Authorization', async () => {
    const watched = (await generateKeyPairSigner()).address;
    const sigs = [await airdrop(watched), await airdrop(watched)];
    const emitter = emitterFor(watched);
    await emitter.tick();
    await emitter.tick();
    expect(delivered(watched)).toEqual(sigs);
    const item = posts.flatMap((p) => p.items).find((i) => i.transaction.signatures[0] === sigs[0]);
    expect(item?.meta.logMessages.length).toBeGreaterThan(0);
    expect(item?.slot).toBeGreaterThan(0);
    expect(posts.every((p) => p.auth === SECRET)).toBe(true);
  });

  it('keeps its cursor while the receiver fails and delivers everything once it is back; a restart resumes after the cursor', async () => {
    const watched = (await generateKeyPairSigner()).address;
    const first = await airdrop(watched);
    // Given a receiver answering 503
    failing = true;
    await emitterFor(watched).tick();
    expect(delivered(watched)).toEqual([]);
    // When it recovers
    failing = false;
    await emitterFor(watched).tick();
    expect(delivered(watched)).toEqual([first]);
    // And after a restart (a new emitter on the same state directory) only the new one goes out
    const second = await airdrop(watched);
    await emitterFor(watched).tick();
    expect(delivered(watched)).toEqual([first, second]);
  }, 60_000);

  it('delivers a failed transaction too (meta.err set), for the receiver to ignore', async () => {
    const watched = await generateKeyPairSigner();
    await airdrop(watched.address);
    const rpc = createSolanaRpc(net.rpcUrl);
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const elsewhere = (await generateKeyPairSigner()).address;
    // 50 SOL from a wallet holding 1: lands (the fee is paid) and fails.
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(watched, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: watched,
              destination: elsewhere,
              amount: lamports(50_000_000_000n),
            }),
          ],
          m,
        ),
    );
    const tx = await signTransactionMessageWithSigners(message);
    await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), {
        encoding: 'base64',
        skipPreflight: true,
      })
      .send();
    const failedSig = getSignatureFromTransaction(tx);
    const emitter = emitterFor(watched.address);
    for (let i = 0; i < 30 && !delivered(watched.address).includes(failedSig); i += 1) {
      await emitter.tick();
      await new Promise((r) => setTimeout(r, 200));
    }
    const item = posts
      .flatMap((p) => p.items)
      .find((i) => i.transaction.signatures[0] === failedSig);
    expect(item?.meta.err).not.toBeNull();
  }, 60_000);

  it('sets aside an item the receiver refuses for good (400) and delivers the rest of its batch and the batches after it', async () => {
    const watched = (await generateKeyPairSigner()).address;
    const sigs = [await airdrop(watched), await airdrop(watched), await airdrop(watched)];
    const bad = sigs[1] as string;
    poisoned.add(bad);
    const emitter = emitterFor(watched);
    // When a batch holds one item the receiver refuses
    await emitter.tick();
    // Then every other item was acknowledged, the refused one is in the rejections file with the
    // receiver's answer, and the cursor moved past it (a later transaction goes out alone)
    expect(delivered(watched)).toEqual([sigs[0], sigs[2]]);
    const file = join(dir, 'state', `w-${watched.slice(0, 6).toLowerCase()}.rejected.jsonl`);
    const rows = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { signature: string; status: number; answer: string });
    expect(rows).toEqual([
      expect.objectContaining({
        signature: bad,
        status: 400,
        answer: expect.stringContaining('blockTime'),
      }),
    ]);
    const later = await airdrop(watched);
    await emitter.tick();
    expect(delivered(watched)).toEqual([sigs[0], sigs[2], later]);
    poisoned.delete(bad);
  }, 60_000);

  it('duplicates and reorders on its test switches', async () => {
    const watched = (await generateKeyPairSigner()).address;
    const sigs = [await airdrop(watched), await airdrop(watched)];
    await emitterFor(watched, { duplicateEvery: 1, reorder: true }).tick();
    // Then the one batch went out twice, newest first
    expect(delivered(watched)).toEqual([sigs[1], sigs[0], sigs[1], sigs[0]]);
  });
});
