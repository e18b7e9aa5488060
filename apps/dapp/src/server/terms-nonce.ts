// The nonces the terms message names: issued with each session, signed by the server (HMAC-
// SHA256) with their issue time, so any replica sharing the secret can check one without a
// table of outstanding nonces; single use is enforced where acceptances are stored (a unique
// column). A nonce older than its lifetime is refused, so a signature collected long ago
// cannot be posted as a fresh acceptance.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type NonceCheck = 'ok' | 'forged' | 'expired';

export type NonceIssuer = Readonly<{
  issue: () => string;
  check: (nonce: string) => NonceCheck;
  /** A keyed digest of `text` (a client address): counted per source, never stored bare. */
  tag: (text: string) => string;
}>;

/** How long a session's nonce may be signed and posted. */
export const NONCE_LIFETIME_MS = 60 * 60_000;

/**
 * @example
 * const nonces = createNonceIssuer(config.termsNonceSecret);
 * const nonce = nonces.issue();
 * nonces.check(nonce); // 'ok'
 */
export function createNonceIssuer(
  secret: string | null,
  now: () => number = Date.now,
  lifetimeMs = NONCE_LIFETIME_MS,
): NonceIssuer {
  // Without a configured secret each process has its own: a restart only asks for new nonces.
  const key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue() {
      const body = `${now().toString(36)}.${randomBytes(12).toString('base64url')}`;
      return `${body}.${mac(body)}`;
    },
    check(nonce) {
      const parts = nonce.split('.');
      if (parts.length !== 3) return 'forged';
      const [issued, random, tag] = parts as [string, string, string];
      const expected = Buffer.from(mac(`${issued}.${random}`));
      const given = Buffer.from(tag);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      const issuedAt = Number.parseInt(issued, 36);
      const age = now() - issuedAt;
      return age < 0 || age > lifetimeMs ? 'expired' : 'ok';
    },
    tag: (text) => createHmac('sha256', key).update(`source:${text}`).digest('hex').slice(0, 32),
  };
}
