// The keeper's settings for landing transactions: the RPC endpoints (reads and sends), the
// priority-fee policy and its caps per kind of job, and the re-send cadence. Parsed with the
// rest of the configuration (service/config.ts spreads these fields in); documented in
// docs/keeper.md.

import type { RpcEndpoint } from '@basket/sdk';
import { DEFAULT_PRIORITY_FEE_POLICY, type PriorityFeePolicy } from '@basket/sdk';
import { z } from 'zod';

const lamports = z.string().regex(/^\d{1,15}$/, 'not a whole number of lamports');
/** A comma-separated list (environment) or an array (config file) of URLs. */
const urls = (min: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s.length > 0)
        : v,
    z.array(z.url()).min(min, 'at least one endpoint'),
  );

const landingShape = {
  /** Endpoints for reads and sends, in failover order (default: SOLANA_RPC_URL alone). */
  rpcUrls: urls(1),
  /** Endpoints for sends only, tried after rpcUrls' (a provider's send lane). */
  sendRpcUrls: urls(0),
  rpcEndpointPerSecond: z.coerce.number().int().min(1).max(1_000),
  feePercentile: z.coerce.number().int().min(1).max(100),
  feeFloorMicroLamports: lamports,
  feeEscalationBps: z.coerce.number().int().min(0).max(100_000),
  /** A provider's fee-estimate method on the first endpoint (getPriorityFeeEstimate); unset: none. */
  feeProviderMethod: z.string().min(1).optional(),
  feeCapNavLamports: lamports,
  feeCapRebalanceLamports: lamports,
  /** A rebalance leg never pays more than this share (bps) of what it trades ... */
  feeCapRebalanceBps: z.coerce.number().int().min(0).max(10_000),
  /** ... valued at this SOL price in USD (a conservative, low figure). */
  feeSolUsd: z.string().regex(/^\d+(\.\d{1,8})?$/, 'not a USD amount'),
  feeCapRoutineLamports: lamports,
  feeCapFeeCollectionLamports: lamports,
  resendIntervalMs: z.coerce.number().int().min(100).max(30_000),
  maxTxVersions: z.coerce.number().int().min(1).max(20),
  landingAlertSeconds: z.coerce.number().int().min(1).max(3_600),
};

/**
 * The fields service/config.ts adds to its schema, each optional: the environment always gives
 * them (defaults in {@link landingSource}), a configuration built in code (tests, demos) may
 * omit them and gets the same defaults from {@link landingSettings}.
 *
 * @example
 * const schema = z.object({ ...other, ...landingFields });
 */
export const landingFields = Object.fromEntries(
  Object.entries(landingShape).map(([k, v]) => [k, (v as z.ZodType).optional()]),
) as { [K in keyof typeof landingShape]: z.ZodOptional<(typeof landingShape)[K]> };

/**
 * The raw values (environment over file over defaults) for {@link landingShape}.
 *
 * @example
 * const source = { ...others, ...landingSource(pick, rpcUrl) };
 */
export function landingSource(
  pick: (name: string, key: string, fallback?: string) => string | undefined,
  rpcUrl: string | undefined,
) {
  return {
    rpcUrls: pick('KEEPER_RPC_URLS', 'rpcUrls', rpcUrl),
    sendRpcUrls: pick('KEEPER_SEND_RPC_URLS', 'sendRpcUrls', ''),
    rpcEndpointPerSecond: pick('KEEPER_RPC_ENDPOINT_PER_SECOND', 'rpcEndpointPerSecond', '50'),
    feePercentile: pick('KEEPER_FEE_PERCENTILE', 'feePercentile', '75'),
    feeFloorMicroLamports: pick('KEEPER_FEE_FLOOR_MICRO_LAMPORTS', 'feeFloorMicroLamports', '1000'),
    feeEscalationBps: pick('KEEPER_FEE_ESCALATION_BPS', 'feeEscalationBps', '5000'),
    feeProviderMethod: pick('KEEPER_FEE_PROVIDER_METHOD', 'feeProviderMethod'),
    feeCapNavLamports: pick('KEEPER_FEE_CAP_NAV_LAMPORTS', 'feeCapNavLamports', '2000000'),
    feeCapRebalanceLamports: pick(
      'KEEPER_FEE_CAP_REBALANCE_LAMPORTS',
      'feeCapRebalanceLamports',
      '1000000',
    ),
    feeCapRebalanceBps: pick('KEEPER_FEE_CAP_REBALANCE_BPS', 'feeCapRebalanceBps', '10'),
    feeSolUsd: pick('KEEPER_FEE_SOL_USD', 'feeSolUsd', '100'),
    feeCapRoutineLamports: pick(
      'KEEPER_FEE_CAP_ROUTINE_LAMPORTS',
      'feeCapRoutineLamports',
      '500000',
    ),
    feeCapFeeCollectionLamports: pick(
      'KEEPER_FEE_CAP_FEE_COLLECTION_LAMPORTS',
      'feeCapFeeCollectionLamports',
      '100000',
    ),
    resendIntervalMs: pick('KEEPER_RESEND_INTERVAL_MS', 'resendIntervalMs', '2000'),
    maxTxVersions: pick('KEEPER_MAX_TX_VERSIONS', 'maxTxVersions', '4'),
    landingAlertSeconds: pick('KEEPER_LANDING_ALERT_SECONDS', 'landingAlertSeconds', '30'),
  };
}

type LandingFields = { [K in keyof typeof landingShape]: z.infer<(typeof landingShape)[K]> };

/**
 * The landing settings of a configuration, every field present (the provider method aside).
 *
 * @example
 * const settings: LandingSettings = landingSettings(config);
 */
export type LandingSettings = Omit<LandingFields, 'feeProviderMethod'> & {
  feeProviderMethod?: string | undefined;
};

/**
 * A configuration's landing settings with each omitted field at its default (the defaults of
 * {@link landingSource}, parsed by the same schema: one place says what they are).
 *
 * @example
 * const landing = landingSettings(config);
 */
export function landingSettings(
  config: { rpcUrl: string } & Partial<LandingFields>,
): LandingSettings {
  const defaults = z
    .object(landingShape)
    .parse(landingSource((_name, _key, fallback) => fallback, config.rpcUrl));
  const given = Object.fromEntries(
    Object.entries(config).filter(([k, v]) => k in landingShape && v !== undefined),
  );
  return { ...defaults, ...given } as LandingSettings;
}

/**
 * The endpoints in failover order: every rpcUrls entry reads and sends, sendRpcUrls only send.
 *
 * @example
 * const { rpc } = createLimitedRpc(rpcEndpointsOf(config), limits);
 */
export function rpcEndpointsOf(
  config: Pick<LandingSettings, 'rpcUrls' | 'sendRpcUrls'>,
): RpcEndpoint[] {
  return [
    ...config.rpcUrls.map((url) => ({ url, read: true, send: true })),
    ...config.sendRpcUrls.map((url) => ({ url, read: false, send: true })),
  ];
}

/**
 * The priority-fee policy the configuration describes.
 *
 * @example
 * const estimator = createPriorityFeeEstimator({ rpc, policy: feePolicyOf(config) });
 */
export function feePolicyOf(
  config: Pick<LandingSettings, 'feePercentile' | 'feeFloorMicroLamports' | 'feeEscalationBps'>,
): PriorityFeePolicy {
  return {
    ...DEFAULT_PRIORITY_FEE_POLICY,
    percentile: config.feePercentile,
    floorMicroLamports: BigInt(config.feeFloorMicroLamports),
    escalationBps: config.feeEscalationBps,
  };
}

/** Jobs whose sends are the keeper's first duty: a late NAV stops deposits and withdrawals. */
const NAV_JOBS = new Set(['nav-push']);

/**
 * The cap, in lamports of priority fee, of one send of `job`: NAV pushes and refreshes highest,
 * a rebalance leg at most its configured share of the value it trades (and the rebalance cap),
 * fee collection lowest, everything else the routine cap.
 *
 * @example
 * const cap = feeCapFor(config, 'rebalance-exec', 250_000_000_000n); // a $2,500 leg
 */
export function feeCapFor(
  config: Pick<
    LandingSettings,
    | 'feeCapNavLamports'
    | 'feeCapRebalanceLamports'
    | 'feeCapRebalanceBps'
    | 'feeSolUsd'
    | 'feeCapRoutineLamports'
    | 'feeCapFeeCollectionLamports'
  >,
  job: string,
  legValueUsd1e8?: bigint,
): bigint {
  if (NAV_JOBS.has(job)) return BigInt(config.feeCapNavLamports);
  if (job === 'collect-fees') return BigInt(config.feeCapFeeCollectionLamports);
  if (job !== 'rebalance-exec') return BigInt(config.feeCapRoutineLamports);
  const cap = BigInt(config.feeCapRebalanceLamports);
  if (legValueUsd1e8 === undefined) return cap;
  // value (USD 1e8) * bps / 10^4 -> USD 1e8 the leg may spend; / SOL price (USD 1e8) -> SOL;
  // * 1e9 -> lamports. Rounded down: the vault's money, never over the bound.
  const [whole = '0', frac = ''] = config.feeSolUsd.split('.');
  const solUsd1e8 = BigInt(whole) * 100_000_000n + BigInt(frac.padEnd(8, '0').slice(0, 8));
  if (solUsd1e8 === 0n) return cap;
  const byValue =
    (legValueUsd1e8 * BigInt(config.feeCapRebalanceBps) * 1_000_000_000n) / (10_000n * solUsd1e8);
  return byValue < cap ? byValue : cap;
}
