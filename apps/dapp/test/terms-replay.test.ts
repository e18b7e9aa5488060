// The signed terms message names the domain, the cluster and a nonce the server issued: a
// signature cannot be replayed to another wallet, another domain or cluster, or recorded
// twice under one nonce; an old or forged nonce is refused; one client address adds at most
// so many rows a day (fresh keypairs cost nothing). On a real Postgres.
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics, type ServiceServer } from '@basket/service-kit';
import { generateKeyPair, getAddressFromPublicKey, signBytes } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDappConfig } from '../src/server/config.ts';
import { createDappServer } from '../src/server/dapp-server.ts';
import { createNonceIssuer, NONCE_LIFETIME_MS } from '../src/server/terms-nonce.ts';
import type { Session } from '../src/shared/public-config.ts';
import { acceptanceOf, type Terms, termsMessage } from '../src/shared/terms.ts';
import { writeFixtureManifest } from './fixture-manifest.ts';

const manifest = writeFixtureManifest();
const PROXY = '10.0.0.5';

describe('terms nonces', () => {
  it('are the server’s own and expire', () => {
    let now = 1_000_000;
    const nonces = createNonceIssuer('a-secret-of-enough-length', () => now);
    const nonce = nonces.issue();
    expect(nonces.check(nonce)).toBe('ok');
    // Another key (another deployment, or a forger) did not issue it
    expect(createNonceIssuer('another-secret-of-length', () => now).check(nonce)).toBe('forged');
    expect(nonces.check(`${nonce.slice(0, -2)}xx`)).toBe('forged');
    expect(nonces.check('1.2')).toBe('forged');
    now += NONCE_LIFETIME_MS + 1;
    expect(nonces.check(nonce)).toBe('expired');
    // The source tag is keyed: the same address, the same tag; never the address itself
    expect(nonces.tag('198.51.100.1')).toBe(nonces.tag('198.51.100.1'));
    expect(nonces.tag('198.51.100.1')).not.toContain('198.51');
  });
});

describe('terms acceptances against replay', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let app: ServiceServer;

  beforeAll(async () => {
    db = await startTestDatabase('dapp_replay');
    app = await createDappServer(
      loadDappConfig({
        WORLD_MANIFEST: manifest,
        DAPP_PUBLIC_RPC_URL: 'https://public-rpc.example',
        DAPP_PUBLIC_WS_URL: 'wss://public-rpc.example',
        SOLANA_RPC_URL: 'http://127.0.0.1:8899',
        TOKENIZED_API_URL: 'http://127.0.0.1:1/api/v2',
        DAPP_DOMAIN: 'app.example',
        DAPP_CLUSTER: 'devnet',
        DAPP_TRUSTED_PROXIES: PROXY,
        DAPP_TERMS_ROWS_PER_SOURCE_PER_DAY: '3',
        DATABASE_URL: db.url,
      }),
      createLogger({ name: 'dapp-replay', level: 'silent' }),
      createMetrics('dapp_replay'),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const from = (client: string) => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client, 'x-country-code': 'DE' },
  });
  const terms = async (client: string) =>
    ((await app.inject({ method: 'GET', url: '/api/session', ...from(client) })).json() as Session)
      .terms;
  const sign = async (t: Terms) => {
    const keys = await generateKeyPair();
    const wallet = await getAddressFromPublicKey(keys.publicKey);
    const signature = await signBytes(keys.privateKey, await termsMessage(t, wallet));
    return { keys, wallet, record: await acceptanceOf(t, wallet, signature) };
  };
  const post = (body: unknown, client: string) =>
    app.inject({
      method: 'POST',
      url: '/api/terms-acceptances',
      ...from(client),
      payload: body as object,
    });

  it('records a fresh acceptance once; its re-post is a repeat, not a new row', async () => {
    const t = await terms('198.51.100.1');
    expect(t).toMatchObject({ domain: 'app.example', cluster: 'devnet' });
    const { record } = await sign(t);
    expect((await post(record, '198.51.100.1')).statusCode).toBe(201);
    expect((await post(record, '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses the same nonce signed by another wallet (a replayed session)', async () => {
    const t = await terms('198.51.100.2');
    expect((await post((await sign(t)).record, '198.51.100.2')).statusCode).toBe(201);
    const replay = await post((await sign(t)).record, '198.51.100.2');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatch(/nonce was already used/);
  });

  it("refuses one wallet's signature posted as another wallet's", async () => {
    const t = await terms('198.51.100.3');
    const a = await sign(t);
    const b = await sign(t);
    const res = await post({ ...a.record, wallet: b.wallet }, '198.51.100.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/does not verify/);
  });

  it('refuses a signature made for another domain or another cluster', async () => {
    for (const other of [{ domain: 'phish.example' }, { cluster: 'mainnet-beta' }]) {
      const t = { ...(await terms('198.51.100.4')), ...other };
      const res = await post((await sign(t)).record, '198.51.100.4');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/another (domain|cluster)/);
    }
  });

  it('refuses a nonce this server did not issue', async () => {
    const t = { ...(await terms('198.51.100.5')), nonce: 'lx0.forged.nonce' };
    const res = await post((await sign(t)).record, '198.51.100.5');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/not issued by this server/);
  });

  it('limits new rows per client address a day; another address still records', async () => {
    const client = '198.51.100.9';
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      codes.push((await post((await sign(await terms(client))).record, client)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const other = '198.51.100.10';
    expect((await post((await sign(await terms(other))).record, other)).statusCode).toBe(201);
  });
});
