import { z } from 'zod';
import {
  activationField,
  multiplierReasonField,
  nonNegativeDecimalField,
  positiveDecimalField,
  symbolField,
  textField,
  timestampField,
  tradingHoursModeField,
} from './fields.ts';

/**
 * Schemas of the public asset-data endpoints. The spec names these resources but not their
 * fields (except the multiplier state); the field names here are the contract recorded in
 * docs/tokenized-api.md. Unknown extra fields are tolerated and dropped.
 */

/**
 * A Solana address in base58.
 *
 * @example
 * ```ts
 * base58AddressField.parse('So11111111111111111111111111111111111111112');
 * ```
 */
export const base58AddressField = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

/**
 * `GET /public/assets` item and `GET /public/assets/{symbol}`.
 *
 * @example
 * ```ts
 * const asset = assetSchema.parse(json);
 * ```
 */
export const assetSchema = z.object({
  symbol: symbolField,
  name: textField,
  underlyingSymbol: textField,
  /** The vault guards require `Active`; other values exist upstream but are not specified. */
  status: textField,
  tradingHoursMode: tradingHoursModeField,
  deployments: z.array(
    z.object({
      network: textField,
      mintAddress: base58AddressField,
      decimals: z.number().int().min(0).max(18),
    }),
  ),
});
/** An asset of the API. */
export type Asset = z.output<typeof assetSchema>;

/**
 * `GET /public/assets/{symbol}/price-data` (indicative price only).
 *
 * @example
 * ```ts
 * priceDataSchema.parse({ price: '189.23', currency: 'USD', timestamp: '2025-01-06T15:00:00Z' });
 * ```
 */
export const priceDataSchema = z.object({
  symbol: symbolField.optional(),
  price: positiveDecimalField,
  currency: textField,
  timestamp: timestampField,
});
/** Indicative price data. */
export type PriceData = z.output<typeof priceDataSchema> & { symbol: string };

/**
 * `GET /public/assets/{symbol}/multiplier?network=...` (spec: Multiplier state).
 *
 * @example
 * ```ts
 * multiplierStateSchema.parse({ currentMultiplier: '1.00000000', newMultiplier: '1.00000000',
 *   activationDateTime: 0, reason: null });
 * ```
 */
export const multiplierStateSchema = z.object({
  symbol: symbolField.optional(),
  currentMultiplier: positiveDecimalField,
  newMultiplier: positiveDecimalField,
  activationDateTime: activationField,
  reason: multiplierReasonField.nullable().optional(),
});
/** Multiplier state with `activationDateTime` normalised (`null`: nothing scheduled). */
export type MultiplierState = Omit<z.output<typeof multiplierStateSchema>, 'reason'> & {
  symbol: string;
  network: string;
  reason: z.output<typeof multiplierReasonField> | null;
  /** True when a different multiplier is scheduled (the 1 h freeze rule looks at this). */
  hasPendingChange: boolean;
};

/**
 * One multiplier change: a `GET .../multiplier/history` item.
 *
 * @example
 * ```ts
 * multiplierChangeSchema.parse(item).reason; // 'Split'
 * ```
 */
export const multiplierChangeSchema = z.object({
  previousMultiplier: positiveDecimalField,
  newMultiplier: positiveDecimalField,
  activationDateTime: timestampField,
  reason: multiplierReasonField,
});
/** A past multiplier change. */
export type MultiplierChange = z.output<typeof multiplierChangeSchema>;

/**
 * A `GET /public/corporate-actions/{upcoming,history}` item.
 *
 * @example
 * ```ts
 * corporateActionSchema.parse(item).activationDateTime; // Date
 * ```
 */
export const corporateActionSchema = multiplierChangeSchema.extend({
  id: textField,
  symbol: symbolField,
  description: z.string().max(2_000).default(''),
});
/** A corporate action (announced or past) and its multiplier effect. */
export type CorporateAction = z.output<typeof corporateActionSchema>;

/**
 * `GET /public/system/status/{symbol}` (spec: System status).
 *
 * @example
 * ```ts
 * systemStatusSchema.parse({ isMarketTradingHalted: false, isAtomicTradingHalted: true });
 * ```
 */
export const systemStatusSchema = z.object({
  symbol: symbolField.optional(),
  isMarketTradingHalted: z.boolean(),
  isAtomicTradingHalted: z.boolean(),
});
/** Halt flags of one symbol. */
export type SystemStatus = z.output<typeof systemStatusSchema> & { symbol: string };

/**
 * `GET /public/proof-of-reserves/{symbol}`.
 *
 * @example
 * ```ts
 * proofOfReservesSchema.parse(json).collateralizationRatio;
 * ```
 */
export const proofOfReservesSchema = z.object({
  symbol: symbolField.optional(),
  /** Underlying shares held by the custodian. */
  reservesQuantity: nonNegativeDecimalField,
  /** Tokens in circulation (raw units × current multiplier = underlying-equivalent). */
  circulatingSupply: nonNegativeDecimalField,
  collateralizationRatio: nonNegativeDecimalField,
  custodian: textField,
  asOf: timestampField,
});
/** A proof-of-reserves attestation. */
export type ProofOfReserves = z.output<typeof proofOfReservesSchema> & { symbol: string };

/**
 * `GET /v2/oracles` item and `GET /v2/oracles/{symbol}` (primary NAV source).
 *
 * @example
 * ```ts
 * oraclePriceSchema.parse({ symbol: 'SPYx', price: '601.12', timestamp: 1736175600 });
 * ```
 */
export const oraclePriceSchema = z.object({
  symbol: symbolField,
  price: positiveDecimalField,
  timestamp: timestampField,
});
/** An oracle price. */
export type OraclePrice = z.output<typeof oraclePriceSchema>;
