import type { TradingHoursMode } from '@basket/market-calendar';
import { STOCKS } from '@basket/world/catalog';
import { formatFixed, parseFixed, simAddress } from './fixed-point.ts';

/** Multiplier change reasons (spec: Multiplier state). */
export type MultiplierReason =
  | 'FeeAccrual'
  | 'Dividend'
  | 'Split'
  | 'ReverseSplit'
  | 'Administrative';

/** A one-off multiplier change, at an offset from the simulator's anchor time. */
export type SeedEvent = Readonly<{
  offsetMs: number;
  /** New multiplier = old × numerator / denominator, rounded down to 8 decimals. */
  numerator: bigint;
  denominator: bigint;
  reason: Exclude<MultiplierReason, 'FeeAccrual'>;
  description: string;
}>;

/** A halt window, at offsets from the anchor. */
export type SeedHalt = Readonly<{
  fromMs: number;
  toMs: number;
  market: boolean;
  atomic: boolean;
}>;

/** How the multiplier endpoint spells `activationDateTime` for this asset (all occur upstream). */
export type ActivationFormat = 'iso' | 'epoch-seconds' | 'epoch-millis';

/** One simulated tokenized stock. */
export type SeedAsset = Readonly<{
  symbol: string;
  name: string;
  underlyingSymbol: string;
  mintAddress: string;
  decimals: number;
  tradingHoursMode: TradingHoursMode;
  /** Underlying share price at the anchor, USD (the world catalog's price). */
  basePrice: string;
  /** Multiplier in force at the anchor, scaled by 1e8 (the world catalog's, minted on chain). */
  multiplier: bigint;
  /** Amplitude of the simulated intraday move, in basis points. */
  swingBps: number;
  /** Continuous fee as multiplier decay, basis points per year; applied daily at 00:00 UTC. */
  feeAccrualBpsPerYear: number;
  events: readonly SeedEvent[];
  halts: readonly SeedHalt[];
  activationFormat: ActivationFormat;
  minTradeSize: string;
  maxTradeSize: string;
  /** Bid/ask half-spread in basis points. */
  halfSpreadBps: number;
  quoteValiditySeconds: number;
  executionTimeoutSeconds: number;
  maxCashPerTransaction: string;
  maxCashPerDay: string;
  circulatingSupply: string;
}>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the simulator adds to a catalog stock: its market behaviour, schedule and limits. */
type SimDetails = Omit<
  SeedAsset,
  'symbol' | 'name' | 'underlyingSymbol' | 'mintAddress' | 'decimals' | 'basePrice' | 'multiplier'
>;

/** The details of a catalog stock the simulator does not single out. */
const ORDINARY: SimDetails = {
  tradingHoursMode: 'MarketHours',
  swingBps: 150,
  feeAccrualBpsPerYear: 25,
  events: [],
  halts: [],
  activationFormat: 'iso',
  minTradeSize: '0.01',
  maxTradeSize: '5000',
  halfSpreadBps: 5,
  quoteValiditySeconds: 30,
  executionTimeoutSeconds: 90,
  maxCashPerTransaction: '250000.00',
  maxCashPerDay: '1000000.00',
  circulatingSupply: '100000.00000000',
};

/**
 * The six stocks with a story. Offsets are from the anchor (the simulator's start by default),
 * so a fresh simulator always shows: a dividend inside the 1 h freeze window (AAPLx), a split
 * in two days with an atomic-trading halt around it (TSLAx), a past 10-for-1 split (NVDAx), a
 * past and an upcoming dividend (SPYx), an administrative correction in 3 h (GOOGLx), and a
 * 1-for-10 reverse split tomorrow with a primary-market halt before it (AMCx).
 */
const DETAILS: Readonly<Record<string, Partial<SimDetails>>> = {
  AAPLx: {
    swingBps: 120,
    events: [
      {
        offsetMs: 30 * MINUTE,
        numerator: 100_110n,
        denominator: 100_000n,
        reason: 'Dividend',
        description: 'Quarterly dividend of USD 0.25 per share, reinvested through the multiplier',
      },
    ],
    halfSpreadBps: 4,
    circulatingSupply: '182345.12000000',
  },
  TSLAx: {
    tradingHoursMode: 'TwentyFourFive',
    swingBps: 350,
    events: [
      {
        offsetMs: 2 * DAY,
        numerator: 3n,
        denominator: 1n,
        reason: 'Split',
        description: '3-for-1 stock split',
      },
    ],
    halts: [
      { fromMs: 2 * DAY - 30 * MINUTE, toMs: 2 * DAY + 30 * MINUTE, market: false, atomic: true },
    ],
    activationFormat: 'epoch-seconds',
    maxTradeSize: '2500',
    halfSpreadBps: 6,
    quoteValiditySeconds: 20,
    executionTimeoutSeconds: 60,
    maxCashPerTransaction: '150000.00',
    maxCashPerDay: '600000.00',
    circulatingSupply: '95410.50000000',
  },
  NVDAx: {
    tradingHoursMode: 'Always',
    swingBps: 280,
    events: [
      {
        offsetMs: -20 * DAY,
        numerator: 10n,
        denominator: 1n,
        reason: 'Split',
        description: '10-for-1 stock split',
      },
    ],
    activationFormat: 'epoch-millis',
    minTradeSize: '0.1',
    maxTradeSize: '20000',
    executionTimeoutSeconds: 120,
    circulatingSupply: '410220.00000000',
  },
  SPYx: {
    swingBps: 60,
    feeAccrualBpsPerYear: 20,
    events: [
      {
        offsetMs: -10 * DAY,
        numerator: 100_285n,
        denominator: 100_000n,
        reason: 'Dividend',
        description: 'Quarterly distribution of USD 1.70 per share, reinvested',
      },
      {
        offsetMs: 5 * DAY,
        numerator: 100_290n,
        denominator: 100_000n,
        reason: 'Dividend',
        description: 'Quarterly distribution of USD 1.74 per share, reinvested',
      },
    ],
    maxTradeSize: '3000',
    halfSpreadBps: 2,
    quoteValiditySeconds: 45,
    maxCashPerTransaction: '500000.00',
    maxCashPerDay: '2000000.00',
    circulatingSupply: '64120.75000000',
  },
  GOOGLx: {
    tradingHoursMode: 'TwentyFourFive',
    events: [
      {
        offsetMs: 3 * HOUR,
        numerator: 100_002n,
        denominator: 100_000n,
        reason: 'Administrative',
        description: 'Administrative correction of fee-accrual rounding',
      },
    ],
    activationFormat: 'epoch-seconds',
    maxTradeSize: '4000',
    halfSpreadBps: 4,
    circulatingSupply: '120500.00000000',
  },
  AMCx: {
    swingBps: 600,
    feeAccrualBpsPerYear: 0,
    events: [
      {
        offsetMs: DAY,
        numerator: 1n,
        denominator: 10n,
        reason: 'ReverseSplit',
        description: '1-for-10 reverse stock split',
      },
    ],
    halts: [{ fromMs: DAY - 12 * HOUR, toMs: DAY + HOUR, market: true, atomic: true }],
    minTradeSize: '1',
    // About 40 cents a token at the catalog's 0.1 multiplier: a cash limit's worth of tokens.
    maxTradeSize: '1000000',
    halfSpreadBps: 25,
    quoteValiditySeconds: 15,
    executionTimeoutSeconds: 45,
    maxCashPerTransaction: '50000.00',
    maxCashPerDay: '200000.00',
    circulatingSupply: '2500000.00000000',
  },
};

/**
 * The simulated universe: every stock of the world catalog (`@basket/world/catalog`), with its
 * price and multiplier at the anchor, in the catalog's order. Standalone, `mintAddress` is a
 * made-up address; backed by the world, the chain's mint replaces it.
 *
 * @example
 * ```ts
 * SEED_ASSETS.length; // 21
 * SEED_ASSETS[0]?.symbol; // 'AAPLx'
 * ```
 */
export const SEED_ASSETS: readonly SeedAsset[] = STOCKS.map((stock) => ({
  ...ORDINARY,
  ...DETAILS[stock.symbol],
  symbol: stock.symbol,
  name: `${stock.name} xStock`,
  underlyingSymbol: stock.symbol.slice(0, -1),
  mintAddress: simAddress(`mint:${stock.symbol}`),
  decimals: 8,
  basePrice: formatFixed(stock.priceUsd1e8, 8),
  multiplier: multiplier8(stock.symbol, stock.multiplier),
}));

/**
 * The catalog spells a multiplier as the ScaledUiAmount extension stores it (a double); its
 * shortest decimal text is the catalog's literal, which has at most 8 places.
 */
function multiplier8(symbol: string, multiplier: number): bigint {
  const text = String(multiplier);
  const value = parseFixed(text, 8);
  if (value === null || value <= 0n || (text.split('.')[1]?.length ?? 0) > 8) {
    throw new Error(`${symbol}: the catalog multiplier ${text} is not a decimal of 8 places`);
  }
  return value;
}

/** Fee schedule per operation (`GET /trades/market/fees`). */
export const SEED_FEES = [
  { operation: 'Swap', feeBps: 10, minimumFeeCents: 50 },
  { operation: 'Mint', feeBps: 5, minimumFeeCents: 100 },
  { operation: 'Redeem', feeBps: 5, minimumFeeCents: 100 },
  { operation: 'Bridge', feeBps: 2, minimumFeeCents: 25 },
] as const;

/** Networks the simulated assets are deployed on. */
export const SIM_NETWORKS = ['solana'] as const;

/** The wallet whitelisted by default (the vault authority in local development). */
export const DEFAULT_WHITELISTED_WALLET = simAddress('wallet:vault-authority');
/** A wallet that is registered but still pending, to show the status variety. */
export const DEFAULT_PENDING_WALLET = simAddress('wallet:pending');
