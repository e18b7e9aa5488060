/**
 * One basket asset as a NAV quote sees it: its snapshot entry, the mint's multiplier in
 * force, why it is frozen, the program's guard failure and its part of the NAV sum, each as
 * `nav::guard_held_asset` and `price_assets` compute them.
 */

import {
  decideMultiplierFreeze,
  type MultiplierState,
  type OnChainMultiplier,
  onChainMultiplierTerms,
} from '@basket/routing';
import {
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__ASSET_NOT_ACTIVE,
  VAULT_ERROR__ASSET_NOT_PRICED,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
} from '@basket/vault-client';
import type { TokenMintInfo } from './account-requests.ts';
import { MULTIPLIER_SCALE, tryDecodeF64Multiplier } from './fixed-multiplier.ts';
import type {
  FreezeReason,
  NavQuoteAsset,
  NavQuoteInput,
  VaultRefusal,
} from './nav-quote-types.ts';
import { type AssetPriceMemo, type NavPart, pricingUnit, sumNav } from './price-memo.ts';
import { currentMultiplier } from './scaled-ui-amount.ts';
import { assetValueUsd } from './share-math.ts';
import {
  assetStatusName,
  BLOCKING_ENTRY_FLAGS,
  NAV_ENTRY_FLAGS,
} from './vault-layout-constants.ts';

/** Shared-check code of an invalid ScaledUiAmount multiplier (`CommonError::InvalidMultiplier`). */
const COMMON_INVALID_MULTIPLIER = 114;

function mintMultiplierNum(mint: TokenMintInfo | undefined, now: bigint): bigint | null {
  if (!mint) return null;
  if (!mint.scaledUiAmount) return MULTIPLIER_SCALE;
  return tryDecodeF64Multiplier(currentMultiplier(mint.scaledUiAmount, now))?.floor ?? null;
}

/**
 * What the freeze decision compares with the API: the mint's multiplier in the API's terms
 * (`onChainMultiplierTerms`) when the snapshot carries the mint's own figure, else the
 * snapshot's fixed figure.
 */
function onChainTerms(
  state: MultiplierState,
  mint: TokenMintInfo | undefined,
  now: bigint,
  fixed: { raw: bigint; decimals: number },
): OnChainMultiplier {
  if (!mint?.scaledUiAmount || fixed.raw !== mintMultiplierNum(mint, now)) return fixed;
  return onChainMultiplierTerms(state, { f64: currentMultiplier(mint.scaledUiAmount, now), fixed });
}

/**
 * Asset `index` of the quoted vault; `refuse` decodes a vault error against the caller's
 * program ids.
 *
 * @example
 * const first = assetView(input, 0, (code, mint) => vaultRefusal(programs, code, mint), memo[0]);
 */
export function assetView(
  input: NavQuoteInput,
  index: number,
  refuse: (code: number, mint: NavQuoteAsset['mint']) => VaultRefusal,
  memo: AssetPriceMemo | undefined,
): NavQuoteAsset {
  const asset = input.vault.assets[index]!;
  const found = input.snapshot?.entries
    .slice(0, input.snapshot.entryCount)
    .find((e) => e.mint === asset.mint);
  const entry = found
    ? {
        priceUsd1e8: found.priceUsd1E8,
        multiplierNum: found.multiplierNum,
        flags: found.flags,
        updatedSlot: found.updatedSlot,
        marketOpen: (found.flags & NAV_ENTRY_FLAGS.marketOpen) !== 0,
        fallbackPrice: (found.flags & NAV_ENTRY_FLAGS.fallbackPrice) !== 0,
      }
    : null;
  const mintMultiplier = mintMultiplierNum(input.mints.get(asset.mint), input.now);
  const status = assetStatusName(asset.status);
  const reasons: FreezeReason[] = [];
  if (status !== 'Active') reasons.push('AssetNotActive');
  if (!entry || entry.priceUsd1e8 === 0n) reasons.push('NotPriced');
  if (entry && (entry.flags & NAV_ENTRY_FLAGS.corporateActionFreeze) !== 0) {
    reasons.push('CorporateActionFreeze');
  }
  if (entry && (entry.flags & NAV_ENTRY_FLAGS.tradingHalted) !== 0) reasons.push('TradingHalted');
  if (entry && mintMultiplier !== null && entry.multiplierNum !== mintMultiplier) {
    reasons.push('MultiplierMismatch');
  }
  const state = input.multiplierStates?.get(asset.mint);
  const multiplierChange =
    state && mintMultiplier !== null
      ? decideMultiplierFreeze({
          state,
          now: Number(input.now) * 1000,
          onChainMultiplier: onChainTerms(state, input.mints.get(asset.mint), input.now, {
            raw: entry?.multiplierNum ?? mintMultiplier,
            decimals: 12,
          }),
        })
      : null;
  if (multiplierChange?.frozen) reasons.push('MultiplierChangePending');

  // The program's order (nav::guard_held_asset, check_asset): multiplier decode, status,
  // entry and price, blocking flags, multiplier equality.
  let guardFailure: VaultRefusal | null = null;
  if (mintMultiplier === null) guardFailure = refuse(COMMON_INVALID_MULTIPLIER, asset.mint);
  else if (status !== 'Active') guardFailure = refuse(VAULT_ERROR__ASSET_NOT_ACTIVE, asset.mint);
  else if (!entry || entry.priceUsd1e8 === 0n) {
    guardFailure = refuse(VAULT_ERROR__ASSET_NOT_PRICED, asset.mint);
  } else if ((entry.flags & BLOCKING_ENTRY_FLAGS) !== 0) {
    guardFailure = refuse(VAULT_ERROR__ASSET_FROZEN, asset.mint);
  } else if (entry.multiplierNum !== mintMultiplier) {
    guardFailure = refuse(VAULT_ERROR__MULTIPLIER_MISMATCH, asset.mint);
  }
  // The program's part: `raw x unit` at the price-memory unit, or the two-step value when
  // the unit does not fit (nav::vault_nav). `valueUsd` shows each part divided on its own.
  const part = (rounding: 'down' | 'up'): NavPart => {
    const unit = memo ? pricingUnit(memo, rounding) : null;
    if (unit !== null) return { raw: asset.holdingsRaw, unit, decimals: asset.decimals };
    return {
      usd: assetValueUsd(
        asset.holdingsRaw,
        entry?.multiplierNum ?? 0n,
        entry?.priceUsd1e8 ?? 0n,
        asset.decimals,
        rounding,
      ),
    };
  };
  const priced = entry !== null && entry.priceUsd1e8 !== 0n;
  const parts = priced ? { up: part('up'), down: part('down') } : null;
  const valueUsd = parts
    ? { up: sumNav(0n, [parts.up], 'up'), down: sumNav(0n, [parts.down], 'down') }
    : null;
  return {
    mint: asset.mint,
    status,
    holdingsRaw: asset.holdingsRaw,
    decimals: asset.decimals,
    targetWeightBps: asset.targetWeightBps,
    entry,
    mintMultiplierNum: mintMultiplier,
    valueUsd,
    navParts: parts,
    freezeReasons: reasons,
    multiplierChange,
    guardFailure,
  };
}
