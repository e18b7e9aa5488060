/** One valid upstream body per endpoint, as the contract in docs/tokenized-api.md describes. */

export const MINT = 'XsbEhLAtcf6HdfpFZ5xEMdqW8nfAvcsP5bdudRLJzJp';

export const asset = {
  symbol: 'AAPLx',
  name: 'Apple xStock',
  underlyingSymbol: 'AAPL',
  status: 'Active',
  tradingHoursMode: 'MarketHours',
  deployments: [{ network: 'solana', mintAddress: MINT, decimals: 8 }],
};

export const priceData = {
  symbol: 'AAPLx',
  price: '189.23000000',
  currency: 'USD',
  timestamp: '2025-01-06T15:00:00Z',
};

export const multiplierState = {
  symbol: 'AAPLx',
  currentMultiplier: '1.00000000',
  newMultiplier: '0.99999315',
  activationDateTime: '2025-01-07T00:00:00Z',
  reason: 'FeeAccrual',
};

export const multiplierChange = {
  previousMultiplier: '1.00000000',
  newMultiplier: '3.00000000',
  activationDateTime: '2024-12-02T00:00:00Z',
  reason: 'Split',
};

export const corporateAction = {
  id: 'ca-TSLAx-split',
  symbol: 'TSLAx',
  ...multiplierChange,
  description: '3-for-1 stock split',
};

export const systemStatus = {
  symbol: 'AAPLx',
  isMarketTradingHalted: false,
  isAtomicTradingHalted: false,
};

export const proofOfReserves = {
  symbol: 'AAPLx',
  reservesQuantity: '120345.12000000',
  circulatingSupply: '120000.00000000',
  collateralizationRatio: '1.0028',
  custodian: 'Example Custody AG',
  asOf: '2025-01-06T14:00:00Z',
};

export const oraclePrice = { symbol: 'AAPLx', price: '189.25', timestamp: 1736175600 };

export const swapAsset = {
  symbol: 'AAPLx',
  bidPriceCents: 18914,
  askPriceCents: 18933,
  minTradeSize: '0.01',
  maxTradeSize: '5000',
  tradingHoursMode: 'MarketHours',
  isAtomicTradingHalted: false,
  quoteValiditySeconds: 30,
  executionTimeoutSeconds: 90,
};

export const fee = { operation: 'Swap', feeBps: 10, minimumFeeCents: 50 };

export const wallet = {
  walletIdentifier: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  network: 'solana',
  status: 'Whitelisted',
  registeredAt: '2024-11-01T00:00:00Z',
};

export const limit = {
  symbol: 'AAPLx',
  maxCashPerTransaction: '250000.00',
  maxCashPerDay: '1000000.00',
};

export const usage = {
  symbol: 'AAPLx',
  windowStart: '2025-01-05T15:00:00Z',
  windowEnd: '2025-01-06T15:00:00Z',
  cashUsed: '12500.00',
  transactionCount: 3,
};

export const rfqQuote = {
  id: 'q_0001',
  signature: 'AQIDBAU=',
  signaturePayload: { inputMint: MINT, outputMint: MINT, amount: '100' },
};

export const quoteState = {
  id: 'q_0001',
  generalStatus: 'Provided',
  hedgingStatus: 'NotStarted',
  blockchainStatus: 'PendingExecution',
};

/** Wraps items as one page that has no successor. */
export const page = (data: unknown[], pageNumber = 1, hasNextPage = false) => ({
  data,
  page: pageNumber,
  pageSize: 100,
  hasNextPage,
});
