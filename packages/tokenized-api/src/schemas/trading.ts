import { z } from 'zod';
import { compareDecimals } from '../decimal.ts';
import { base58AddressField } from './asset-data.ts';
import {
  centsField,
  nonNegativeDecimalField,
  positiveDecimalField,
  secondsField,
  symbolField,
  textField,
  timestampField,
  tradingHoursModeField,
} from './fields.ts';

/**
 * Schemas of the authenticated trading and account endpoints (`/trades/*`, `/client/*`).
 */

/**
 * `GET /trades/swap/assets` item (spec: Tradable asset entry). A crossed book (ask below
 * bid) or a minimum trade size above the maximum is rejected as invalid.
 *
 * @example
 * ```ts
 * swapAssetSchema.parse(item).quoteValiditySeconds; // 30
 * ```
 */
export const swapAssetSchema = z
  .object({
    symbol: symbolField,
    /** Price of one whole token, in US cents. */
    bidPriceCents: centsField,
    askPriceCents: centsField,
    /** Token quantities. */
    minTradeSize: positiveDecimalField,
    maxTradeSize: positiveDecimalField,
    tradingHoursMode: tradingHoursModeField,
    isAtomicTradingHalted: z.boolean(),
    quoteValiditySeconds: secondsField,
    executionTimeoutSeconds: secondsField,
  })
  .superRefine((asset, ctx) => {
    if (asset.askPriceCents < asset.bidPriceCents) {
      ctx.addIssue({ code: 'custom', path: ['askPriceCents'], message: 'is below the bid' });
    }
    if (compareDecimals(asset.minTradeSize, asset.maxTradeSize) > 0) {
      ctx.addIssue({ code: 'custom', path: ['minTradeSize'], message: 'is above maxTradeSize' });
    }
  });
/** A live tradable asset of the swap (RFQ) route. */
export type SwapAsset = z.output<typeof swapAssetSchema>;

/**
 * `GET /trades/market/fees` item: the fee of one operation.
 *
 * @example
 * ```ts
 * feeScheduleEntrySchema.parse({ operation: 'Swap', feeBps: 10, minimumFeeCents: 50 });
 * ```
 */
export const feeScheduleEntrySchema = z.object({
  operation: textField,
  feeBps: z.number().int().min(0).max(10_000),
  minimumFeeCents: centsField,
});
/** Fee of one operation. */
export type FeeScheduleEntry = z.output<typeof feeScheduleEntrySchema>;

/**
 * `GET /client/registered-wallets` item.
 *
 * @example
 * ```ts
 * registeredWalletSchema.parse(item).status; // 'Whitelisted'
 * ```
 */
export const registeredWalletSchema = z.object({
  walletIdentifier: base58AddressField,
  network: textField,
  /** e.g. `Whitelisted`, `Pending`, `Revoked`; the full set is not specified. */
  status: textField,
  registeredAt: timestampField,
});
/** A wallet registered with the API operator. */
export type RegisteredWallet = z.output<typeof registeredWalletSchema>;

/**
 * `GET /client/limits` item: per-asset transaction limits in US dollars.
 *
 * @example
 * ```ts
 * assetLimitSchema.parse(item).maxCashPerDay;
 * ```
 */
export const assetLimitSchema = z.object({
  symbol: symbolField,
  maxCashPerTransaction: nonNegativeDecimalField,
  maxCashPerDay: nonNegativeDecimalField,
});
/** Per-asset limits. */
export type AssetLimit = z.output<typeof assetLimitSchema>;

/**
 * `GET /client/usage` item: rolling usage of one asset in US dollars.
 *
 * @example
 * ```ts
 * assetUsageSchema.parse(item).transactionCount;
 * ```
 */
export const assetUsageSchema = z.object({
  symbol: symbolField,
  windowStart: timestampField,
  windowEnd: timestampField,
  cashUsed: nonNegativeDecimalField,
  transactionCount: z.number().int().min(0),
});
/** Rolling usage of one asset. */
export type AssetUsage = z.output<typeof assetUsageSchema>;
