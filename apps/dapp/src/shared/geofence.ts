// The geofence: whether a visitor may use the transaction flows, decided from the country the
// hosting edge puts in a request header. It is a deterrent, not a guarantee: a VPN moves the
// country, and the header is only as trustworthy as the edge that sets it (docs/dapp.md).

/**
 * Where the decision's country came from: the trusted proxy's header, the deployment's rule
 * for an unknown country, or a header refused (repeated, malformed): never allowed.
 */
export type GeofenceSource = 'edge-header' | 'fallback' | 'refused';

/** The decision the server makes per request and the page shows. */
export type GeofenceDecision = Readonly<{
  allowed: boolean;
  /** ISO 3166-1 alpha-2 code from the edge, or null when it gave none usable. */
  country: string | null;
  source: GeofenceSource;
  /** One sentence for the page. */
  message: string;
}>;

/** Configuration: blocked countries and what to do when the edge names none. */
export type GeofencePolicy = Readonly<{
  blocked: ReadonlySet<string>;
  /** `block` is the safe default in production; the local world allows. */
  whenUnknown: 'allow' | 'block';
}>;

// Edges put placeholders in the header when they do not know ("XX": unknown, "T1": Tor).
const UNKNOWN_CODES = new Set(['XX', 'T1', 'ZZ']);

/** Normalises a header value to an alpha-2 code, or null when it is absent or unusable. */
export function countryFromHeader(value: string | readonly string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return null;
  const code = first.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code) || UNKNOWN_CODES.has(code)) return null;
  return code;
}

/**
 * Decides for one request.
 *
 * @example
 * decideGeofence('us', { blocked: new Set(['US']), whenUnknown: 'block' }).allowed; // false
 */
export function decideGeofence(
  header: string | readonly string[] | undefined,
  policy: GeofencePolicy,
): GeofenceDecision {
  const country = countryFromHeader(header);
  if (country === null) {
    const allowed = policy.whenUnknown === 'allow';
    return {
      allowed,
      country: null,
      source: 'fallback',
      message: allowed
        ? 'Your location could not be determined; access is allowed by this deployment.'
        : 'Your location could not be determined, so deposits, withdrawals and staking are unavailable.',
    };
  }
  const allowed = !policy.blocked.has(country);
  return {
    allowed,
    country,
    source: 'edge-header',
    message: allowed
      ? `Access from ${country} is allowed.`
      : `This service is not available in your jurisdiction (${country}). You can still view vaults.`,
  };
}

/** Parses the configured list "US, CU,ir" into a set of alpha-2 codes; throws on a bad entry. */
export function parseCountryList(text: string): Set<string> {
  const codes = text
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  for (const c of codes) {
    if (!/^[A-Z]{2}$/.test(c)) throw new Error(`"${c}" is not an ISO 3166-1 alpha-2 code`);
  }
  return new Set(codes);
}
