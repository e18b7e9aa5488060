import type { Address } from '@solana/kit';

/**
 * The test swap venue's program id. Its keypair is public on purpose
 * (`programs/test-swap/program-id.json`): a test venue, never deployed to a real cluster.
 *
 * @example
 * svm.addProgramFromFile(TEST_SWAP_PROGRAM_ADDRESS, 'target/deploy/test-swap.so');
 */
export const TEST_SWAP_PROGRAM_ADDRESS =
  '5FkVB7mxXKuXw6TWvPy1eo1NMBbLk8c1cSLqy5x6hvNf' as Address<'5FkVB7mxXKuXw6TWvPy1eo1NMBbLk8c1cSLqy5x6hvNf'>;

/** Instruction discriminators (first data byte), as in `programs/test-swap/src/instructions/mod.rs`. */
export const TestSwapInstruction = {
  InitializePool: 0,
  AddLiquidity: 1,
  Swap: 2,
  /** Test-only callback: invokes another program by CPI with the given instruction. */
  Relay: 3,
} as const;

/** Swap direction byte: sell the stock for the stablecoin, or buy it with the stablecoin. */
export const SwapDirection = {
  SellStock: 0,
  BuyStock: 1,
} as const;
/** A swap direction. */
export type SwapDirection = (typeof SwapDirection)[keyof typeof SwapDirection];

/** The highest fee a pool may charge, in basis points (10%). */
export const MAX_FEE_BPS = 1_000;
/** The most transfer-hook extra accounts the venue forwards to one transfer. */
export const MAX_HOOK_ACCOUNTS = 16;
