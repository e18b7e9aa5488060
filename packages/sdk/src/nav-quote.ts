/**
 * The NAV view a dapp shows before a deposit or withdrawal (spec, Deposit flow step 1): the
 * snapshot's staleness, each asset's price, multiplier and freeze state, the NAV both ways
 * rounded, the effective share supply, and, when the program would refuse, the vault error it
 * would refuse with. Every number is computed the way the vault program computes it
 * (`nav.rs`, `share_math`, `price_memo`, `deposit/processor.rs`); this module is pure,
 * `get-nav-quote.ts` reads the accounts.
 */

import type { NavSnapshot } from '@basket/oracle-client';
import {
  decideMultiplierFreeze,
  type MultiplierFreezeDecision,
  type MultiplierState,
} from '@basket/routing';
import {
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__ASSET_NOT_ACTIVE,
  VAULT_ERROR__ASSET_NOT_PRICED,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__WRONG_SNAPSHOT,
  type VaultState,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import type { TokenMintInfo } from './account-requests.ts';
import { MULTIPLIER_SCALE, tryDecodeF64Multiplier } from './fixed-multiplier.ts';
import { type NavStaleness, navStaleness } from './nav-staleness.ts';
import {
  type AssetPriceMemo,
  type NavPart,
  pricingUnit,
  rollPriceMemo,
  sumNav,
} from './price-memo.ts';
import { DEFAULT_PROGRAM_ADDRESSES } from './program-addresses.ts';
import { decodeCustomProgramError, type TransactionFailure } from './program-error.ts';
import { currentMultiplier } from './scaled-ui-amount.ts';
import { assetValueUsd, mgmtFeeShares, pricePerShare } from './share-math.ts';
import {
  type AssetStatusName,
  assetStatusName,
  BLOCKING_ENTRY_FLAGS,
  NAV_ENTRY_FLAGS,
} from './vault-layout-constants.ts';

/** Shared-check code of an invalid ScaledUiAmount multiplier (`CommonError::InvalidMultiplier`). */
const COMMON_INVALID_MULTIPLIER = 114;

/**
 * The refusal the vault program would return, as the same decoded type a failed transaction
 * gives (so the UI shows one message for both).
 *
 * @example
 * if (quote.refusal) showError(quote.refusal.message);
 */
export type VaultRefusal = Extract<TransactionFailure, { kind: 'custom' }> & {
  /** The asset the refusal is about, when it is about one. */
  readonly mint: Address | null;
};

/**
 * Why an asset is frozen for deposits and withdrawals.
 *
 * @example
 * const reason: FreezeReason = 'CorporateActionFreeze';
 */
export type FreezeReason =
  | 'AssetNotActive'
  | 'NotPriced'
  | 'CorporateActionFreeze'
  | 'TradingHalted'
  | 'MultiplierMismatch'
  | 'MultiplierChangePending';

/**
 * One basket asset as the quote sees it.
 *
 * @example
 * for (const a of quote.assets) console.log(a.mint, a.valueUsd?.down);
 */
export interface NavQuoteAsset {
  readonly mint: Address;
  readonly status: AssetStatusName;
  readonly holdingsRaw: bigint;
  readonly decimals: number;
  readonly targetWeightBps: number;
  /** The snapshot entry pricing this mint, or null when it has none. */
  readonly entry: {
    readonly priceUsd1e8: bigint;
    readonly multiplierNum: bigint;
    readonly flags: number;
    readonly updatedSlot: bigint;
    readonly marketOpen: boolean;
    readonly fallbackPrice: boolean;
  } | null;
  /** The mint's multiplier in force at `now`, floor at 1e12 (1e12 without ScaledUiAmount). */
  readonly mintMultiplierNum: bigint | null;
  /**
   * USD value of the book (1e-6 USD) at the program's pricing unit, when the asset is priced:
   * `up` for deposits, `down` for payouts, each widened by the price memory to the less
   * favourable of the last two snapshots. The program divides per decimals group, not per
   * asset, so the NAV can exceed the sum of these `up` values (or fall short of the `down`
   * ones) by a unit per asset.
   */
  readonly valueUsd: { readonly up: bigint; readonly down: bigint } | null;
  /** What the asset adds to the program's NAV sum (see {@link sumNav}), when priced. */
  readonly navParts: { readonly up: NavPart; readonly down: NavPart } | null;
  /** Why deposits and withdrawals touching this asset are frozen (empty when open). */
  readonly freezeReasons: readonly FreezeReason[];
  /** The off-chain multiplier decision (tokenized-asset API), when a state was given. */
  readonly multiplierChange: MultiplierFreezeDecision | null;
  /** What the program would fail with if it priced this asset now, else null. */
  readonly guardFailure: VaultRefusal | null;
}

/**
 * A frozen asset for the UI banner: reasons, and the corporate action's reason and activation
 * time when the tokenized-asset API state is known.
 *
 * @example
 * for (const f of quote.frozen) banner(f.mint, f.reasons, f.activationDateTime);
 */
export interface FrozenAsset {
  readonly mint: Address;
  readonly reasons: readonly FreezeReason[];
  readonly corporateActionReason: MultiplierFreezeDecision['reason'];
  readonly activationDateTime: Date | null;
  /** Whether the vault holds it: a frozen asset with a zero book blocks nothing on chain. */
  readonly held: boolean;
}

/**
 * The NAV view of one vault at one instant.
 *
 * @example
 * const quote = computeNavQuote(input);
 * if (quote.navUsd) console.log(quote.pricePerShare);
 */
export interface NavQuote {
  readonly vault: Address;
  readonly now: bigint;
  readonly paused: boolean;
  /** The vault's limits and fee rates that quotes apply. */
  readonly config: {
    readonly minDepositRaw: bigint;
    readonly depositCapUsd: bigint;
    readonly withdrawFeeBps: number;
    readonly mgmtFeeBps: number;
    readonly perfFeeBps: number;
    /** High-water mark: NAV per share x 1e12 after the last crystallization. */
    readonly highWaterMarkPps: bigint;
    readonly lastPerfFeeTime: bigint;
    /** Unix time the management fee was last accrued to (the next accrual counts from it). */
    readonly lastMgmtFeeTime: bigint;
    /** Slippage bound of rebalance legs, and the daily loss budget's base and state. */
    readonly maxSlipBps: number;
    readonly lastNavUsd: bigint;
    readonly rebalanceDay: bigint;
    readonly rebalanceLossUsd: bigint;
  };
  readonly snapshot: {
    readonly address: Address;
    readonly sequence: bigint;
    readonly publishSlot: bigint;
    readonly pushedBy: Address;
    readonly staleness: NavStaleness;
  } | null;
  readonly assets: readonly NavQuoteAsset[];
  readonly frozen: readonly FrozenAsset[];
  /** NAV in 1e-6 USD, up (deposits) and down (payouts); null when the program would refuse. */
  readonly navUsd: { readonly up: bigint; readonly down: bigint } | null;
  /**
   * Shares: minted, management-fee shares owed, shares escrowed by open stablecoin
   * withdrawal requests (burned, still priced), accrued up to `now`, and their sum.
   */
  readonly supply: {
    readonly minted: bigint;
    readonly feeSharesOwed: bigint;
    readonly escrowedShares: bigint;
    readonly accruedMgmtFeeShares: bigint;
    readonly effective: bigint;
  };
  /** NAV per share x 1e12 from the down NAV, or null. */
  readonly pricePerShare: bigint | null;
  /** The first refusal any NAV-sensitive instruction would hit now, in the program's order. */
  readonly refusal: VaultRefusal | null;
  /** The snapshot part of {@link NavQuote.refusal} (wrong or stale snapshot) alone. */
  readonly snapshotRefusal: VaultRefusal | null;
  /** The stablecoin cash buffer's book, raw (6 decimals, valued at par). */
  readonly cashRaw: bigint;
}

/**
 * Everything {@link computeNavQuote} needs, already read.
 *
 * @example
 * const input: NavQuoteInput = { vaultAddress, vault, snapshotAddress, snapshot, shareMint, mints, now };
 */
export interface NavQuoteInput {
  readonly vaultAddress: Address;
  readonly vault: VaultState;
  readonly snapshotAddress: Address;
  /** The snapshot at `vault.navSnapshot`, or null when that account does not exist. */
  readonly snapshot: NavSnapshot | null;
  readonly shareMint: TokenMintInfo;
  /** Every asset mint of the vault by address. */
  readonly mints: ReadonlyMap<Address, TokenMintInfo>;
  /** Unix seconds, ideally the cluster's Clock (the program prices at its Clock). */
  readonly now: bigint;
  /** Multiplier states from the tokenized-asset API by mint, for freeze reasons and times. */
  readonly multiplierStates?: ReadonlyMap<Address, MultiplierState>;
  readonly vaultProgram?: Address;
}

function refusal(program: Address, code: number, mint: Address | null = null): VaultRefusal {
  return { ...decodeCustomProgramError(program, code), mint };
}

function mintMultiplierNum(mint: TokenMintInfo | undefined, now: bigint): bigint | null {
  if (!mint) return null;
  if (!mint.scaledUiAmount) return MULTIPLIER_SCALE;
  return tryDecodeF64Multiplier(currentMultiplier(mint.scaledUiAmount, now))?.floor ?? null;
}

function sameBytes(a: Uint8Array | ArrayLike<number>, b: Uint8Array | ArrayLike<number>) {
  return a.length === b.length && Array.from(a).every((x, i) => x === b[i]);
}

function assetView(
  input: NavQuoteInput,
  index: number,
  program: Address,
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
          onChainMultiplier: { raw: entry?.multiplierNum ?? mintMultiplier, decimals: 12 },
        })
      : null;
  if (multiplierChange?.frozen) reasons.push('MultiplierChangePending');

  // The program's order (nav::guard_held_asset, check_asset): multiplier decode, status,
  // entry and price, blocking flags, multiplier equality.
  let guardFailure: VaultRefusal | null = null;
  if (mintMultiplier === null)
    guardFailure = refusal(program, COMMON_INVALID_MULTIPLIER, asset.mint);
  else if (status !== 'Active')
    guardFailure = refusal(program, VAULT_ERROR__ASSET_NOT_ACTIVE, asset.mint);
  else if (!entry || entry.priceUsd1e8 === 0n) {
    guardFailure = refusal(program, VAULT_ERROR__ASSET_NOT_PRICED, asset.mint);
  } else if ((entry.flags & BLOCKING_ENTRY_FLAGS) !== 0) {
    guardFailure = refusal(program, VAULT_ERROR__ASSET_FROZEN, asset.mint);
  } else if (entry.multiplierNum !== mintMultiplier) {
    guardFailure = refusal(program, VAULT_ERROR__MULTIPLIER_MISMATCH, asset.mint);
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

/**
 * Computes the NAV view from accounts already read (see `getNavQuote` to read them).
 *
 * @example
 * const quote = computeNavQuote({ vaultAddress, vault, snapshotAddress, snapshot, shareMint, mints, now });
 */
export function computeNavQuote(input: NavQuoteInput): NavQuote {
  const program = input.vaultProgram ?? DEFAULT_PROGRAM_ADDRESSES.vault;
  const { vault, snapshot, now } = input;
  const count = Math.min(vault.assetCount, vault.assets.length);
  // NAV-pricing instructions first roll the vault's price memory to the snapshot.
  const memo = snapshot ? rollPriceMemo(vault.assets.slice(0, count), vault, snapshot) : [];
  const assets = Array.from({ length: count }, (_, i) => assetView(input, i, program, memo[i]));

  // nav::load_snapshot and check_fresh come before any asset guard.
  let refusalNow: VaultRefusal | null = null;
  let snapshotRefusal: VaultRefusal | null = null;
  const snapshotMatches =
    snapshot !== null &&
    input.snapshotAddress === vault.navSnapshot &&
    sameBytes(snapshot.skuId, vault.skuId);
  const staleness = snapshot ? navStaleness(snapshot.publishUnixTime, now) : null;
  if (!snapshotMatches) snapshotRefusal = refusal(program, VAULT_ERROR__WRONG_SNAPSHOT);
  else if (!staleness?.fresh) snapshotRefusal = refusal(program, VAULT_ERROR__STALE_NAV);
  if (snapshotRefusal) refusalNow = snapshotRefusal;
  else {
    const held = assets.find((a) => a.holdingsRaw > 0n && a.guardFailure);
    refusalNow = held?.guardFailure ?? null;
  }

  let navUsd: NavQuote['navUsd'] = null;
  if (refusalNow === null) {
    const held = assets.filter((a) => a.holdingsRaw > 0n && a.navParts);
    navUsd = {
      up: sumNav(
        vault.cashRaw,
        held.map((a) => a.navParts!.up),
        'up',
      ),
      down: sumNav(
        vault.cashRaw,
        held.map((a) => a.navParts!.down),
        'down',
      ),
    };
  }

  const minted = input.shareMint.supply;
  // Escrowed request shares count in the supply that prices everyone (program
  // `shared::accrue_mgmt_fee`).
  const base = minted + vault.feeSharesOwed + vault.escrowedShares;
  const accrued = mgmtFeeShares(base, vault.mgmtFeeBps, now - vault.lastMgmtFeeTime);
  const frozen: FrozenAsset[] = assets
    .filter((a) => a.freezeReasons.length > 0)
    .map((a) => ({
      mint: a.mint,
      reasons: a.freezeReasons,
      corporateActionReason: a.multiplierChange?.reason ?? null,
      activationDateTime: a.multiplierChange?.activationDateTime ?? null,
      held: a.holdingsRaw > 0n,
    }));
  return {
    vault: input.vaultAddress,
    now,
    paused: vault.paused !== 0,
    config: {
      minDepositRaw: vault.minDepositRaw,
      depositCapUsd: vault.depositCapUsd,
      withdrawFeeBps: vault.withdrawFeeBps,
      mgmtFeeBps: vault.mgmtFeeBps,
      perfFeeBps: vault.perfFeeBps,
      highWaterMarkPps: vault.highWaterMarkPps,
      lastPerfFeeTime: vault.lastPerfFeeTime,
      lastMgmtFeeTime: vault.lastMgmtFeeTime,
      maxSlipBps: vault.maxSlipBps,
      lastNavUsd: vault.lastNavUsd,
      rebalanceDay: vault.rebalanceDay,
      rebalanceLossUsd: vault.rebalanceLossUsd,
    },
    snapshot:
      snapshot && staleness
        ? {
            address: input.snapshotAddress,
            sequence: snapshot.sequence,
            publishSlot: snapshot.publishSlot,
            pushedBy: snapshot.pushedBy,
            staleness,
          }
        : null,
    assets,
    frozen,
    navUsd,
    supply: {
      minted,
      feeSharesOwed: vault.feeSharesOwed,
      escrowedShares: vault.escrowedShares,
      accruedMgmtFeeShares: accrued,
      effective: base + accrued,
    },
    pricePerShare: navUsd ? pricePerShare(navUsd.down, base + accrued) : null,
    refusal: refusalNow,
    snapshotRefusal,
    cashRaw: vault.cashRaw,
  };
}
