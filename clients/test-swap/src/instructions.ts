import {
  type AccountMeta,
  AccountRole,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import {
  MAX_HOOK_ACCOUNTS,
  type SwapDirection,
  TEST_SWAP_PROGRAM_ADDRESS,
  TestSwapInstruction,
} from './program.ts';

const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address;

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function data(tag: number, ...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from([tag, ...parts.flatMap((p) => Array.from(p))]);
}

function signer(s: TransactionSigner, writable = false): AccountMeta {
  return {
    address: s.address,
    role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
    signer: s,
  } as AccountMeta;
}

const ro = (address: Address): AccountMeta => ({ address, role: AccountRole.READONLY });
const rw = (address: Address): AccountMeta => ({ address, role: AccountRole.WRITABLE });

/** The accounts of a pool that `addLiquidity` and `swap` name (from {@link decodePool} plus the address). */
export interface PoolAccountsInput {
  pool: Address;
  stockMint: Address;
  usdMint: Address;
  stockVault: Address;
  usdVault: Address;
  stockTokenProgram: Address;
  usdTokenProgram: Address;
  /**
   * The stock's transfer-hook extra accounts for the stock transfer of this instruction, in
   * the order Token-2022 expects (resolved extra metas, the hook program, its validation
   * account). Empty when the mint has no hook program set.
   */
  hookAccounts?: AccountMeta[];
  programAddress?: Address;
}

function poolAccounts(
  who: TransactionSigner,
  p: PoolAccountsInput,
  user: { stock: Address; usd: Address },
): AccountMeta[] {
  const hooks = p.hookAccounts ?? [];
  if (hooks.length > MAX_HOOK_ACCOUNTS) {
    throw new Error(`at most ${MAX_HOOK_ACCOUNTS} transfer-hook accounts, got ${hooks.length}`);
  }
  return [
    signer(who),
    ro(p.pool),
    ro(p.stockMint),
    ro(p.usdMint),
    rw(p.stockVault),
    rw(p.usdVault),
    rw(user.stock),
    rw(user.usd),
    ro(p.stockTokenProgram),
    ro(p.usdTokenProgram),
    ...hooks,
  ];
}

/**
 * `initialize_pool(fee_bps)`: creates the pool PDA of `stockMint` against `usdMint`; the
 * vaults must exist already as token accounts owned by the pool (see
 * {@link getCreateAssociatedTokenIdempotentInstruction}).
 *
 * @example
 * const ix = getInitializePoolInstruction({ owner, pool, stockMint, usdMint, stockVault, usdVault, feeBps: 30 });
 */
export function getInitializePoolInstruction(input: {
  owner: TransactionSigner;
  pool: Address;
  stockMint: Address;
  usdMint: Address;
  stockVault: Address;
  usdVault: Address;
  feeBps: number;
  programAddress?: Address;
}): Instruction {
  const fee = new Uint8Array(2);
  new DataView(fee.buffer).setUint16(0, input.feeBps, true);
  return {
    programAddress: input.programAddress ?? TEST_SWAP_PROGRAM_ADDRESS,
    accounts: [
      signer(input.owner, true),
      rw(input.pool),
      ro(input.stockMint),
      ro(input.usdMint),
      ro(input.stockVault),
      ro(input.usdVault),
      ro(SYSTEM_PROGRAM_ADDRESS),
    ],
    data: data(TestSwapInstruction.InitializePool, fee),
  };
}

/**
 * `add_liquidity(stock_amount, usd_amount)`: the pool owner moves raw amounts from its own
 * token accounts into the vaults (either amount may be zero, not both).
 *
 * @example
 * const ix = getAddLiquidityInstruction({ ...poolAccounts, owner, ownerStock, ownerUsd, stockAmount: 10n ** 12n, usdAmount: 10n ** 12n });
 */
export function getAddLiquidityInstruction(
  input: PoolAccountsInput & {
    owner: TransactionSigner;
    ownerStock: Address;
    ownerUsd: Address;
    stockAmount: bigint;
    usdAmount: bigint;
  },
): Instruction {
  return {
    programAddress: input.programAddress ?? TEST_SWAP_PROGRAM_ADDRESS,
    accounts: poolAccounts(input.owner, input, { stock: input.ownerStock, usd: input.ownerUsd }),
    data: data(TestSwapInstruction.AddLiquidity, u64(input.stockAmount), u64(input.usdAmount)),
  };
}

/**
 * `swap(direction, amount_in, min_amount_out)`: exact-in, raw amounts. The user's two token
 * accounts are named the same way in both directions; the program pays at least
 * `minAmountOut` or fails with `SlippageExceeded`, and sets the amount paid as return data.
 *
 * @example
 * const ix = getSwapInstruction({ ...poolAccounts, user, userStock, userUsd, direction: SwapDirection.BuyStock, amountIn: 1_000_000n, minAmountOut: quote.amountOut });
 */
export function getSwapInstruction(
  input: PoolAccountsInput & {
    user: TransactionSigner;
    userStock: Address;
    userUsd: Address;
    direction: SwapDirection;
    amountIn: bigint;
    minAmountOut: bigint;
  },
): Instruction {
  return {
    programAddress: input.programAddress ?? TEST_SWAP_PROGRAM_ADDRESS,
    accounts: poolAccounts(input.user, input, { stock: input.userStock, usd: input.userUsd }),
    data: data(
      TestSwapInstruction.Swap,
      Uint8Array.of(input.direction),
      u64(input.amountIn),
      u64(input.minAmountOut),
    ),
  };
}

/**
 * `relay`: the venue invokes `inner` by CPI (its program first, then its accounts with the
 * same roles, its data as is), the way an aggregator's program or an RFQ contract would call
 * back into another program in the middle of a route. Test-only.
 *
 * @example
 * const ix = getRelayInstruction(getDepositInstruction({ ... }));
 */
export function getRelayInstruction(
  inner: Instruction,
  programAddress: Address = TEST_SWAP_PROGRAM_ADDRESS,
): Instruction {
  return {
    programAddress,
    accounts: [ro(inner.programAddress), ...(inner.accounts ?? [])],
    data: data(TestSwapInstruction.Relay, Uint8Array.from(inner.data ?? [])),
  };
}
