// The Content-Security-Policy of every response: scripts, styles and images only from the
// dapp's own origin, and network connections only to itself (the read-only forwards to the
// tokenized-asset API and the indexer) and the configured RPC's HTTP and PubSub origins.

/** The origin of a URL (`scheme://host[:port]`), which is what CSP source lists compare. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * @example
 * contentSecurityPolicy({ connectOrigins: ['http://127.0.0.1:8899', 'ws://127.0.0.1:8900'] });
 */
export function contentSecurityPolicy(input: { connectOrigins: readonly string[] }): string {
  const connect = ["'self'", ...new Set(input.connectOrigins.map(originOf))];
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Headers sent with every response next to the CSP. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Strict-Transport-Security for production (behind TLS): two years, subdomains included;
 * never sent by the local world, whose plain-HTTP origin a browser would then refuse.
 */
export const HSTS = 'max-age=63072000; includeSubDomains';
