// What the local world holds: the issuer's tokenized stocks, the stablecoin, the staking token
// and two SKUs with different baskets and weights. STOCKS is the one source of truth for the
// stocks: the bootstrap mints them with these multipliers and pushes these prices, and the
// tokenized-API simulator lists the same 20 (`@basket/world/catalog`) at the same prices and
// multipliers, so the keeper's pushes from the simulator stay inside the oracle's deviation cap.

/** One tokenized stock of the world: a Token-2022 mint with a ScaledUiAmount multiplier. */
export type CatalogStock = Readonly<{
  symbol: string;
  /** The issuer's name for the underlying company or fund (the simulator lists "<name> xStock"). */
  name: string;
  /** The multiplier in force at bootstrap; several differ from 1 on purpose. */
  multiplier: number;
  /** Price of one displayed share at bootstrap, USD x 1e8. */
  priceUsd1e8: bigint;
  /**
   * The one stock whose transfer-hook program is set (the world's stand-in for the issuer's
   * hook: programs/test-transfer-hook, record mode). TECH6 holds it, so every live flow of
   * that basket (deposits' buys, in-kind withdrawals, redemptions, sales, the trading day)
   * carries its hook's accounts; BROAD20 stays the twenty others (the vault's limit).
   */
  transferHook?: true;
}>;

const STOCK_DECIMALS = 8;

export const STOCKS: readonly CatalogStock[] = [
  { symbol: 'AAPLx', name: 'Apple', multiplier: 1.0571, priceUsd1e8: 229_50000000n },
  { symbol: 'TSLAx', name: 'Tesla', multiplier: 1, priceUsd1e8: 251_20000000n },
  { symbol: 'NVDAx', name: 'NVIDIA', multiplier: 2.5, priceUsd1e8: 131_40000000n },
  { symbol: 'SPYx', name: 'SP500', multiplier: 1.0125, priceUsd1e8: 598_10000000n },
  { symbol: 'GOOGLx', name: 'Alphabet', multiplier: 0.9975, priceUsd1e8: 172_30000000n },
  { symbol: 'AMCx', name: 'AMC Entertainment', multiplier: 0.1, priceUsd1e8: 4_05000000n },
  { symbol: 'MSFTx', name: 'Microsoft', multiplier: 1.002, priceUsd1e8: 421_00000000n },
  { symbol: 'AMZNx', name: 'Amazon', multiplier: 1, priceUsd1e8: 201_70000000n },
  { symbol: 'METAx', name: 'Meta', multiplier: 1.004, priceUsd1e8: 585_20000000n },
  { symbol: 'NFLXx', name: 'Netflix', multiplier: 1, priceUsd1e8: 897_40000000n },
  { symbol: 'AMDx', name: 'AMD', multiplier: 1.5, priceUsd1e8: 137_90000000n },
  { symbol: 'INTCx', name: 'Intel', multiplier: 1, priceUsd1e8: 24_10000000n },
  { symbol: 'ORCLx', name: 'Oracle', multiplier: 1.0033, priceUsd1e8: 190_60000000n },
  { symbol: 'CRMx', name: 'Salesforce', multiplier: 1, priceUsd1e8: 331_80000000n },
  { symbol: 'ADBEx', name: 'Adobe', multiplier: 1, priceUsd1e8: 512_30000000n },
  { symbol: 'AVGOx', name: 'Broadcom', multiplier: 3, priceUsd1e8: 166_20000000n },
  { symbol: 'QCOMx', name: 'Qualcomm', multiplier: 1.0081, priceUsd1e8: 158_00000000n },
  { symbol: 'JPMx', name: 'JPMorgan Chase', multiplier: 1.0142, priceUsd1e8: 240_10000000n },
  { symbol: 'Vx', name: 'Visa', multiplier: 1, priceUsd1e8: 312_40000000n },
  { symbol: 'KOx', name: 'Coca-Cola', multiplier: 1.021, priceUsd1e8: 63_70000000n },
  {
    symbol: 'HOODx',
    name: 'Robinhood',
    multiplier: 1.25,
    priceUsd1e8: 38_40000000n,
    transferHook: true,
  },
];

export const STOCK_MINT_DECIMALS = STOCK_DECIMALS;
export const STABLE = { symbol: 'USDC', decimals: 6 } as const;
export const STAKING = { symbol: 'BSKT', decimals: 6 } as const;

export type CatalogSku = Readonly<{
  skuId: string;
  label: string;
  /** Symbols and weights in basis points (they sum to 10,000). */
  assets: readonly Readonly<{ symbol: string; weightBps: number }>[];
}>;

export const SKUS: readonly CatalogSku[] = [
  {
    skuId: 'TECH6',
    label: 'Tech Six',
    assets: [
      { symbol: 'AAPLx', weightBps: 2_500 },
      { symbol: 'NVDAx', weightBps: 2_000 },
      { symbol: 'GOOGLx', weightBps: 1_500 },
      { symbol: 'TSLAx', weightBps: 1_500 },
      // The hooked stock (docs/decisions/0241): in SPYx's place, so TECH6 keeps six assets
      // and its weights, and SPYx (MarketHours, like HOODx) stays in BROAD20.
      { symbol: 'HOODx', weightBps: 1_500 },
      { symbol: 'AMCx', weightBps: 1_000 },
    ],
  },
  {
    skuId: 'BROAD20',
    label: 'Broad Twenty',
    // 20 assets, the vault's limit: 500 bps each (every stock but the hooked one).
    assets: STOCKS.filter((s) => s.transferHook !== true).map((s) => ({
      symbol: s.symbol,
      weightBps: 500,
    })),
  },
];

/** The vault terms both SKUs use (the scenario's, documented in docs/vault.md). */
export const VAULT_TERMS = {
  mgmtFeeBps: 20,
  perfFeeBps: 1_000,
  withdrawFeeBps: 5,
  cashBufferBps: 500,
  maxSlipBps: 50,
  depositCapUsd: 10_000_000_000_000n,
  minDepositRaw: 1_000_000n,
} as const;
