import type { FaultConfig } from './config.ts';

/** The fault chosen for one request (at most one of each kind). */
export type FaultDecision = Readonly<{
  rateLimited: boolean;
  serverError: boolean;
  slow: boolean;
  malformed: 'truncated-json' | 'wrong-type' | 'missing-field' | 'not-json' | null;
}>;

const MALFORMED_KINDS = ['truncated-json', 'wrong-type', 'missing-field', 'not-json'] as const;

/** Decides faults by counting requests; deterministic for a given request order. */
export interface FaultInjector {
  next(path: string): FaultDecision;
}

const NONE: FaultDecision = {
  rateLimited: false,
  serverError: false,
  slow: false,
  malformed: null,
};

/**
 * Creates the injector. Request n (1-based, counting only paths under `pathPrefix`) is
 * rate limited when n % rateLimitEvery == 0; fails with 5xx when it is among the last
 * `serverErrorBurst` of each block of `serverErrorEvery`; is slow when n % slowEvery == 0; is
 * malformed when n % malformedEvery == 0 (the kinds take turns).
 *
 * @example
 * ```ts
 * const faults = createFaultInjector({ ...DEFAULT_SIM_CONFIG.faults, rateLimitEvery: 3 });
 * faults.next('/public/assets').rateLimited; // false, false, true, ...
 * ```
 */
export function createFaultInjector(config: FaultConfig): FaultInjector {
  let count = 0;
  let malformedCount = 0;
  const every = (n: number, divisor: number) => divisor > 0 && n % divisor === 0;
  return {
    next(path) {
      if (config.pathPrefix !== '' && !path.startsWith(config.pathPrefix)) return NONE;
      count += 1;
      const inBurst =
        config.serverErrorEvery > 0 &&
        (count - 1) % config.serverErrorEvery >= config.serverErrorEvery - config.serverErrorBurst;
      const malformed = every(count, config.malformedEvery)
        ? (MALFORMED_KINDS[malformedCount++ % MALFORMED_KINDS.length] ?? null)
        : null;
      return {
        rateLimited: every(count, config.rateLimitEvery),
        serverError: inBurst,
        slow: every(count, config.slowEvery),
        malformed,
      };
    },
  };
}

/**
 * Corrupts a JSON body the way broken upstreams do: `truncated-json` cuts the text in half,
 * `not-json` answers an HTML error page, `wrong-type` changes the type of the first field of
 * the first object (the first list item, for lists), and `missing-field` keeps only that
 * first field (a degraded answer that lost the rest).
 *
 * @example
 * ```ts
 * corruptBody({ symbol: 'AAPLx', price: '1.00' }, 'missing-field'); // '{"symbol":"AAPLx"}'
 * ```
 */
export function corruptBody(body: unknown, kind: NonNullable<FaultDecision['malformed']>): string {
  const text = JSON.stringify(body);
  if (kind === 'truncated-json') return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  if (kind === 'not-json') return '<html><body>502 Bad Gateway</body></html>';
  const copy = structuredClone(body) as unknown;
  const target = firstObject(copy);
  if (target === null) return kind === 'wrong-type' ? '"not an object"' : '{}';
  const [first, ...rest] = Object.keys(target);
  if (kind === 'missing-field') {
    for (const key of rest) delete target[key];
  } else if (first !== undefined) {
    target[first] = typeof target[first] === 'boolean' ? 'yes' : true;
  }
  return JSON.stringify(copy);
}

function firstObject(value: unknown): Record<string, unknown> | null {
  if (Array.isArray(value)) return firstObject(value[0]);
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.data)) return firstObject(record.data[0]) ?? record;
  return record;
}
