// A leg's two sides as every route reads them (leg-setup.ts builds them, hook-accounts.ts
// resolves their transfer hooks): types only, below both, so the two do not import each other.
import type { NavQuote, RebalanceSide, VaultStateAccount } from '@basket/sdk';
import type { Address } from '@solana/kit';

/** One side of a leg with everything a route needs to move it. */
export type LegSide = Readonly<{
  side: RebalanceSide;
  mint: Address;
  tokenProgram: Address;
  decimals: number;
  holding: Address;
  /** The trade authority's token account of this mint. */
  tradeAccount: Address;
  /** The mint's account data (its transfer hook's extra accounts are resolved from it). */
  mintData: Uint8Array;
  /** The mint's transfer-hook program when one is set. */
  hookProgram: Address | null;
  /**
   * The bump of the hook's validation account `["extra-account-metas", mint]` when a hook is
   * set: Token-2022 and the hook search it on every transfer, so it prices the hook's run.
   */
  hookValidationBump: number | null;
}>;

/** A mint whose transfers run a hook, and its validation bump (what prices the run). */
export type HookedMint = Readonly<{ mint: Address; validationBump: number }>;

export type LegSetup = Readonly<{
  vault: VaultStateAccount;
  nav: NavQuote;
  pay: LegSide;
  receive: LegSide;
}>;
