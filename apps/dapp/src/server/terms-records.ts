// The operator's record of terms acceptances: each wallet's signature over the terms message,
// verified by the server (Ed25519, the same check the page makes) and stored in Postgres with
// when it arrived and the country the edge reported. The signature is the proof; the record
// is what the operator can show later without asking the user's browser for it.
import pg from 'pg';
import { z } from 'zod';
import { isAcceptanceValid, type Terms, type TermsAcceptance } from '../shared/terms.ts';

export const acceptanceSchema = z.object({
  wallet: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address'),
  version: z.string().min(1).max(32),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'not a lower-case SHA-256 hex digest'),
  signatureHex: z.string().regex(/^[0-9a-f]{128}$/, 'not a 64-byte hex signature'),
});

/** Why an acceptance was refused, in words for the page. */
export class TermsAcceptanceRefused extends Error {
  override name = 'TermsAcceptanceRefused';
}

export type TermsRecords = Readonly<{
  /** Verifies and stores; resolves whether it was new (false: the same record existed). */
  record: (
    acceptance: TermsAcceptance,
    meta: { country: string | null; receivedAt: Date },
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
)`;

/** Connects, creates the table when missing, and checks each acceptance against `terms`. */
export async function createTermsRecords(
  databaseUrl: string,
  terms: Terms,
  onIdleError: (error: Error) => void = () => {},
): Promise<TermsRecords> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle connection the server drops (restart, failover) must not crash the dapp: the pool
  // replaces it on the next query; readiness reports the database meanwhile.
  pool.on('error', onIdleError);
  await pool.query(SCHEMA);
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(terms.text)),
  );
  const textSha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  return {
    async record(acceptance, meta) {
      if (acceptance.version !== terms.version || acceptance.sha256 !== textSha256)
        throw new TermsAcceptanceRefused('the signature is for other terms than these');
      if (!(await isAcceptanceValid(acceptance, terms, acceptance.wallet)))
        throw new TermsAcceptanceRefused('the signature does not verify for this wallet');
      // The first acceptance stands: a repeated post (the page re-sends on each connect)
      // neither duplicates nor moves its time.
      const result = await pool.query(
        `INSERT INTO dapp_terms_acceptances
           (wallet, terms_version, text_sha256, signature_hex, country, received_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (wallet, terms_version, text_sha256) DO NOTHING`,
        [
          acceptance.wallet,
          acceptance.version,
          acceptance.sha256,
          acceptance.signatureHex,
          meta.country,
          meta.receivedAt,
        ],
      );
      return result.rowCount === 1;
    },
    async find(wallet) {
      const { rows } = await pool.query<{ signature_hex: string; received_at: Date }>(
        `SELECT signature_hex, received_at FROM dapp_terms_acceptances
          WHERE wallet = $1 AND terms_version = $2 AND text_sha256 = $3`,
        [wallet, terms.version, textSha256],
      );
      const row = rows[0];
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
