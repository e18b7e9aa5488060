// The server's record of terms acceptances, on a real Postgres: a wallet's signature over the
// terms message is verified and stored once (with the edge's country and the time); a tampered
// or foreign signature, other terms, or a blocked country are refused and store nothing.
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics, type ServiceServer } from '@basket/service-kit';
import { generateKeyPair, getAddressFromPublicKey, signBytes } from '@solana/kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDappConfig } from '../src/server/config.ts';
import { createDappServer } from '../src/server/dapp-server.ts';
import type { Session } from '../src/shared/public-config.ts';
import { acceptanceOf, termsMessage } from '../src/shared/terms.ts';
import { writeFixtureManifest } from './fixture-manifest.ts';

const manifest = writeFixtureManifest();
const env = (extra: Record<string, string> = {}) => ({
  DAPP_ENV: 'local',
  WORLD_MANIFEST: manifest,
  SOLANA_RPC_URL: 'http://127.0.0.1:8899',
  SOLANA_WS_URL: 'ws://127.0.0.1:8900',
  TOKENIZED_API_URL: 'http://127.0.0.1:1/api/v2',
  DAPP_BLOCKED_COUNTRIES: 'US',
  ...extra,
});

async function signedBy(session: Session) {
  const keys = await generateKeyPair();
  const wallet = await getAddressFromPublicKey(keys.publicKey);
  const signature = await signBytes(keys.privateKey, await termsMessage(session.terms, wallet));
  return acceptanceOf(session.terms, wallet, signature);
}

describe('terms acceptance records', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let app: ServiceServer;
  let session: Session;
  const post = (body: unknown, country = 'DE') =>
    app.inject({
      method: 'POST',
      url: '/api/terms-acceptances',
      headers: { 'x-country-code': country },
      payload: body as object,
    });
  const rows = async (wallet: string) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT terms_version, text_sha256, signature_hex, country, received_at FROM dapp_terms_acceptances WHERE wallet = $1',
        [wallet],
      );
      return rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await startTestDatabase('dapp_terms');
    app = await createDappServer(
      loadDappConfig(env({ DATABASE_URL: db.url })),
      createLogger({ name: 'dapp-test', level: 'silent' }),
      createMetrics('dapp_terms_test'),
    );
    session = (await app.inject({ method: 'GET', url: '/api/session' })).json() as Session;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('tells the page that acceptances are recorded', () => {
    expect(session.termsRecording).toBe(true);
  });

  it('stores a verified acceptance once, with the country and the time it arrived', async () => {
    const record = await signedBy(session);
    const first = await post(record);
    expect(first.statusCode).toBe(201);
    const again = await post(record);
    expect(again.statusCode).toBe(200);
    const stored = await rows(record.wallet);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      terms_version: session.terms.version,
      text_sha256: record.sha256,
      signature_hex: record.signatureHex,
      country: 'DE',
    });
    expect(Date.now() - (stored[0].received_at as Date).getTime()).toBeLessThan(60_000);
  });

  it('refuses a tampered signature, another wallet’s signature and other terms, storing nothing', async () => {
    const record = await signedBy(session);
    const other = await signedBy(session);
    const flipped = `${record.signatureHex.slice(0, 10)}${record.signatureHex[10] === '0' ? '1' : '0'}${record.signatureHex.slice(11)}`;
    const cases = [
      { ...record, signatureHex: flipped },
      { ...record, signatureHex: other.signatureHex },
      { ...record, version: 'older' },
      { ...record, sha256: '0'.repeat(64) },
      { ...record, wallet: 'not-an-address' },
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/\w/);
    }
    expect(await rows(record.wallet)).toHaveLength(0);
  });

  it('refuses a visitor from a blocked country', async () => {
    const record = await signedBy(session);
    expect((await post(record, 'US')).statusCode).toBe(403);
    expect(await rows(record.wallet)).toHaveLength(0);
  });

  it('is ready only while the database answers, and counts outcomes', async () => {
    // The database part is up (the bundle part depends on whether this machine built it).
    const ready = (await app.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.failing ?? []).not.toContain('database');
    expect(ready.parts ?? ready.failing).toContain('bundle');
    const metrics = (await app.admin.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/terms_acceptances_total\{outcome="recorded"\} 1/);
    expect(metrics).toMatch(/terms_acceptances_total\{outcome="refused"\} 5/);
  });

  it('without a database the session says so and the endpoint records nothing', async () => {
    const plain = await createDappServer(
      loadDappConfig(env()),
      createLogger({ name: 'dapp-test', level: 'silent' }),
      createMetrics('dapp_terms_plain'),
    );
    try {
      const s = (await plain.inject({ method: 'GET', url: '/api/session' })).json() as Session;
      expect(s.termsRecording).toBe(false);
      const response = await plain.inject({
        method: 'POST',
        url: '/api/terms-acceptances',
        payload: await signedBy(s),
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
