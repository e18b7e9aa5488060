/**
 * Values the programs define in Rust but the IDLs do not carry yet (so the generated clients
 * cannot export them): NAV entry flag bits (`oracle::state::entry_flags`) and asset statuses
 * (`vault::state::AssetStatus`). Kept here, in one place, until the programs publish them
 * through Codama; a test pins them against the programs' sources.
 */

/**
 * Bits of a NAV snapshot entry's `flags`.
 *
 * @example
 * const frozen = (entry.flags & NAV_ENTRY_FLAGS.corporateActionFreeze) !== 0;
 */
export const NAV_ENTRY_FLAGS = Object.freeze({
  /** The asset's primary market was open when the price was taken. */
  marketOpen: 1 << 0,
  /** The price came from the fallback (indicative) source. */
  fallbackPrice: 1 << 1,
  /** A corporate action changes the multiplier within the freeze window. */
  corporateActionFreeze: 1 << 2,
  /** Trading in the asset is halted. */
  tradingHalted: 1 << 3,
});

/**
 * Flags that make the vault refuse deposits and withdrawals touching the asset
 * (vault `nav::BLOCKING_FLAGS`).
 *
 * @example
 * const blocked = (entry.flags & BLOCKING_ENTRY_FLAGS) !== 0;
 */
export const BLOCKING_ENTRY_FLAGS =
  NAV_ENTRY_FLAGS.corporateActionFreeze | NAV_ENTRY_FLAGS.tradingHalted;

/**
 * An asset's status in the vault (`AssetEntry.status`); `Corrupt` for any other byte.
 *
 * @example
 * assetStatusName(1); // 'Active'
 */
export type AssetStatusName = 'Active' | 'Frozen' | 'Retired' | 'Corrupt';

/**
 * The name of an `AssetEntry.status` byte.
 *
 * @example
 * assetStatusName(2); // 'Frozen'
 */
export function assetStatusName(status: number): AssetStatusName {
  return status === 1 ? 'Active' : status === 2 ? 'Frozen' : status === 3 ? 'Retired' : 'Corrupt';
}
