/**
 * The shapes of a NAV quote (see `nav-quote.ts`): what one vault looks like at one instant,
 * per asset and as a whole, and the refusal the program would answer with.
 */

import type { NavSnapshot } from '@basket/oracle-client';
import type { MultiplierFreezeDecision, MultiplierState } from '@basket/routing';
import type { VaultState } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import type { TokenMintInfo } from './account-requests.ts';
import type { NavStaleness } from './nav-staleness.ts';
import type { NavPart } from './price-memo.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import type { TransactionFailure } from './program-error.ts';
import type { AssetStatusName } from './vault-layout-constants.ts';

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
  /** The program ids the refusals were decoded against; quotes built on this one reuse them. */
  readonly programs: ProgramAddresses;
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
  /**
   * The deployment's program ids (the local world's, a devnet's): refusals decode against
   * them, so a vault at other ids than the generated ones still reads "VaultPaused".
   */
  readonly programs?: Partial<ProgramAddresses>;
  /** The vault program's id alone (from before `programs`; `programs.vault` wins). */
  readonly vaultProgram?: Address;
}
