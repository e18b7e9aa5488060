/**
 * Shared LiteSVM setup for the vault tests: a basket mixing SPL Token and Token-2022 assets
 * with non-unit ScaledUiAmount multipliers, the oracle configuration (platform admins), a
 * NAV snapshot written directly into the oracle's account, and a BigInt reference of the
 * vault's pricing so tests compare the program against an independent computation.
 *
 * One import point for the suites (here, the SDK's, the indexer's and the benches); the
 * pieces live in `fixture/`, one module per concept.
 */

export {
  type Basket,
  type BasketMints,
  basketOf,
  MONDAY_15H,
  pda,
  SKU,
  type Svm,
  setupBasket,
  skuBytes,
  type TestAsset,
} from './fixture/basket.ts';
export {
  assetValueDown,
  assetValueUp,
  MULTIPLIER_SCALE,
  multiplierNum,
  navAtBalances,
  navAtPrices,
  navDown,
  pricedSupply,
  reconciledBooks,
  sharesForDeposit,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  withdrawUsdcQuote,
} from './fixture/math.ts';
export {
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  FLAG_TRADING_HALTED,
  type SnapshotEntryInput,
  writeSnapshot,
} from './fixture/oracle.ts';
export {
  beginRedemptionIx,
  CASH_BIT,
  claimAddress,
  payRedemptionIx,
} from './fixture/redemption.ts';
export { fulfilWithdrawalIx, requestPda, requestWithdrawIx } from './fixture/requests.ts';
export {
  collectPerfFeeIx,
  type DepositedVaultOptions,
  depositedVault,
  movePrice,
  openClaim,
  perfFeeDue,
  perfFeeVault,
  STOCK_BOOKS,
} from './fixture/setups.ts';
export { sizeWithLookupTable } from './fixture/tx-size.ts';
export {
  assetPairs,
  type Depositor,
  depositIx,
  newDepositor,
  newRedeemerAccounts,
  type Redeemer,
  treasuryAccounts,
  withdrawInKindIx,
  withdrawUsdcIx,
} from './fixture/users.ts';
export {
  type InitOverrides,
  initVault,
  initVaultIx,
  mintSupply,
  patchVault,
  raiseBalance,
  readVault,
  stockHoldings,
} from './fixture/vault-state.ts';
