// Where the server takes a visitor's country from: the header the deployment's trusted proxy
// sets, believed only when the request came from that proxy, and only when it appears exactly
// once with one two-letter value. Node joins a repeated header into "US, FR", which used to
// fail the check and fall back to the unknown-country rule (allow in the world's settings); a
// repeated or malformed header is now refused outright. A request from anyone else carries no
// usable country (the deployment's unknown-country rule, block by default).
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { decideGeofence, type GeofenceDecision, type GeofencePolicy } from '../shared/geofence.ts';

export type GeofenceSettings = Readonly<{
  /** Lower-case header name the proxy sets. */
  header: string;
  /** Comma-separated addresses or CIDRs; null: no proxy is believed. */
  trustedProxies: string | null;
  policy: GeofencePolicy;
}>;

/** The proxy list as a BlockList (node:net), IPv4 and IPv6. */
export function proxyList(text: string | null): BlockList | null {
  if (text === null) return null;
  const list = new BlockList();
  for (const entry of text.split(',').map((e) => e.trim())) {
    const [ip, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(ip) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list;
}

/** The peer address, with an IPv4-mapped IPv6 address read as IPv4. */
function peerOf(request: FastifyRequest): { ip: string; type: 'ipv4' | 'ipv6' } | null {
  const raw = request.raw.socket?.remoteAddress;
  if (!raw) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped) return { ip: mapped[1] as string, type: 'ipv4' };
  return { ip: raw, type: isIPv6(raw) ? 'ipv6' : 'ipv4' };
}

/** Every value the request carried under `name` (raw headers: repeats are not joined). */
function rawValues(request: FastifyRequest, name: string): string[] {
  const raw = request.raw.rawHeaders;
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === name) out.push(raw[i + 1] as string);
  }
  return out;
}

const REFUSED: GeofenceDecision = {
  allowed: false,
  country: null,
  source: 'refused',
  message:
    'Your location could not be read (the request carried a repeated or malformed country), so deposits, withdrawals and staking are unavailable.',
};

/**
 * Decides one request's geofence.
 *
 * @example
 * const decide = geofenceDecider({ header: 'x-country-code', trustedProxies: '10.0.0.5',
 *   policy: { blocked: new Set(['US']), whenUnknown: 'block' } });
 * decide(request).allowed;
 */
export function geofenceDecider(
  settings: GeofenceSettings,
): (request: FastifyRequest) => GeofenceDecision {
  const trusted = proxyList(settings.trustedProxies);
  return (request) => {
    const peer = peerOf(request);
    const fromProxy = !!peer && !!trusted && trusted.check(peer.ip, peer.type);
    // A visitor reaching the server directly may set any header it likes: not believed.
    if (!fromProxy) return decideGeofence(undefined, settings.policy);
    const values = rawValues(request, settings.header);
    if (values.length > 1) return REFUSED;
    if (values.length === 0) return decideGeofence(undefined, settings.policy);
    const value = (values[0] as string).trim();
    if (!/^[A-Za-z0-9]{2}$/.test(value)) return REFUSED;
    return decideGeofence(value, settings.policy);
  };
}
