// The operator's record of terms acceptances: each wallet's signature over the terms message,
// verified by the server (Ed25519, the same check the page makes) and stored in Postgres with
// when it arrived and the country the edge reported. The signature is the proof; the record
// is what the operator can show later without asking the user's browser for it. The message
// names this deployment's domain and cluster and a nonce the server issued (used once); and
// one client address adds at most so many rows a day, since fresh keypairs cost nothing.
import pg from 'pg';
import { z } from 'zod';
import { isAcceptanceValid, type TermsAcceptance } from '../shared/terms.ts';
import type { NonceIssuer } from './terms-nonce.ts';

export const acceptanceSchema = z.object({
  wallet: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address'),
  version: z.string().min(1).max(32),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'not a lower-case SHA-256 hex digest'),
  domain: z.string().min(1).max(255),
  cluster: z.string().min(1).max(32),
  nonce: z.string().min(1).max(128),
  signatureHex: z.string().regex(/^[0-9a-f]{128}$/, 'not a 64-byte hex signature'),
});

/** Why an acceptance was refused, in words for the page. */
export class TermsAcceptanceRefused extends Error {
  override name = 'TermsAcceptanceRefused';
}

/** One source (client address) added its day's allowance of rows. */
export class TermsRowLimitReached extends Error {
  override name = 'TermsRowLimitReached';
}

export type TermsRecords = Readonly<{
  /** Verifies and stores; resolves whether it was new (false: the same record existed). */
  record: (
    acceptance: TermsAcceptance,
    meta: { country: string | null; receivedAt: Date; source: string },
  ) => Promise<boolean>;
  /** The stored acceptance of `wallet` for this terms version and text, if any. */
  find: (wallet: string) => Promise<{ signatureHex: string; receivedAt: Date } | null>;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
}>;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS dapp_terms_acceptances (
  wallet text NOT NULL,
  terms_version text NOT NULL,
  text_sha256 text NOT NULL,
  signature_hex text NOT NULL,
  country text,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (wallet, terms_version, text_sha256)
);
ALTER TABLE dapp_terms_acceptances ADD COLUMN IF NOT EXISTS domain text;
ALTER TABLE dapp_terms_acceptances ADD COLUMN IF NOT EXISTS cluster text;
ALTER TABLE dapp_terms_acceptances ADD COLUMN IF NOT EXISTS nonce text;
ALTER TABLE dapp_terms_acceptances ADD COLUMN IF NOT EXISTS source text;
CREATE UNIQUE INDEX IF NOT EXISTS dapp_terms_acceptances_nonce ON dapp_terms_acceptances (nonce);
CREATE INDEX IF NOT EXISTS dapp_terms_acceptances_source
  ON dapp_terms_acceptances (source, received_at)`;

/**
 * Connects, creates or extends the table, and checks each acceptance against this
 * deployment's terms, domain and cluster and the server's nonces.
 *
 * @example
 * const records = await createTermsRecords(url, terms, { domain: 'app.example', cluster: 'mainnet-beta', nonces, rowsPerSourcePerDay: 5 });
 */
export async function createTermsRecords(
  databaseUrl: string,
  terms: Readonly<{ version: string; text: string }>,
  options: Readonly<{
    domain: string;
    cluster: string;
    nonces: NonceIssuer;
    rowsPerSourcePerDay: number;
    onIdleError?: (error: Error) => void;
  }>,
): Promise<TermsRecords> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle connection the server drops (restart, failover) must not crash the dapp: the pool
  // replaces it on the next query; readiness reports the database meanwhile.
  pool.on('error', options.onIdleError ?? (() => {}));
  await pool.query(SCHEMA);
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(terms.text)),
  );
  const textSha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  const existing = async (wallet: string) =>
    (
      await pool.query<{ signature_hex: string; received_at: Date }>(
        `SELECT signature_hex, received_at FROM dapp_terms_acceptances
          WHERE wallet = $1 AND terms_version = $2 AND text_sha256 = $3`,
        [wallet, terms.version, textSha256],
      )
    ).rows[0];
  return {
    async record(acceptance, meta) {
      if (acceptance.version !== terms.version || acceptance.sha256 !== textSha256)
        throw new TermsAcceptanceRefused('the signature is for other terms than these');
      if (acceptance.domain !== options.domain)
        throw new TermsAcceptanceRefused(
          `the signature is for another domain than ${options.domain}`,
        );
      if (acceptance.cluster !== options.cluster)
        throw new TermsAcceptanceRefused(
          `the signature is for another cluster than ${options.cluster}`,
        );
      const signed = {
        ...terms,
        domain: options.domain,
        cluster: options.cluster,
        nonce: acceptance.nonce,
      };
      if (!(await isAcceptanceValid(acceptance, signed, acceptance.wallet)))
        throw new TermsAcceptanceRefused('the signature does not verify for this wallet');
      // The first acceptance stands: a repeated post (the page re-sends on each connect, with
      // the nonce it signed then) neither duplicates nor moves its time.
      if ((await existing(acceptance.wallet))?.signature_hex === acceptance.signatureHex)
        return false;
      const nonce = options.nonces.check(acceptance.nonce);
      if (nonce !== 'ok')
        throw new TermsAcceptanceRefused(
          nonce === 'expired'
            ? 'the signed nonce has expired: reload the page and sign again'
            : 'the signed nonce was not issued by this server',
        );
      // One statement: the row goes in only while its source is under the day's allowance.
      const result = await pool.query(
        `INSERT INTO dapp_terms_acceptances
           (wallet, terms_version, text_sha256, signature_hex, country, received_at,
            domain, cluster, nonce, source)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
          WHERE (SELECT count(*) FROM dapp_terms_acceptances
                  WHERE source = $10 AND received_at > $6::timestamptz - interval '1 day') < $11
         ON CONFLICT DO NOTHING`,
        [
          acceptance.wallet,
          acceptance.version,
          acceptance.sha256,
          acceptance.signatureHex,
          meta.country,
          meta.receivedAt,
          acceptance.domain,
          acceptance.cluster,
          acceptance.nonce,
          meta.source,
          options.rowsPerSourcePerDay,
        ],
      );
      if (result.rowCount === 1) return true;
      // Nothing inserted: the wallet's row (a concurrent post), the nonce used by another
      // acceptance (a replay), or the source's allowance spent.
      if (await existing(acceptance.wallet)) return false;
      const used = await pool.query('SELECT 1 FROM dapp_terms_acceptances WHERE nonce = $1', [
        acceptance.nonce,
      ]);
      if (used.rowCount)
        throw new TermsAcceptanceRefused('this nonce was already used: sign again');
      throw new TermsRowLimitReached(
        `at most ${options.rowsPerSourcePerDay} new acceptances a day from one address`,
      );
    },
    async find(wallet) {
      const row = await existing(wallet);
      return row ? { signatureHex: row.signature_hex, receivedAt: row.received_at } : null;
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
