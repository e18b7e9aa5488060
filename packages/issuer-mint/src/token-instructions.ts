// Raw SPL Token and Token-2022 instructions built with @solana/kit alone (no client, no
// LiteSVM): the @solana-program/token-2022 client targets kit 7 and the repository is on kit 8
// (docs/decisions/0497-issuer-mints-in-tests-encoded-by-hand.md), so the few instructions needed are encoded
// from the token programs' wire layouts. Every amount is a raw (unscaled) bigint: a
// ScaledUiAmount multiplier changes only what wallets display.
import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import { addressBytes, bytes, f64, i64, signerMeta, u64 } from './encoding.ts';

/** The SPL Token program. */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
/** The system program. */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address;

/** Size of a mint without extensions (both token programs). */
export const MINT_SIZE = 82;
/** Size of a token account without extensions (both token programs). */
export const TOKEN_ACCOUNT_SIZE = 165;
/** Token-2022 extension type number of ScaledUiAmount. */
export const SCALED_UI_AMOUNT_EXTENSION = 25;
/** Value length of the ScaledUiAmount extension: authority, multiplier, timestamp, new multiplier. */
export const SCALED_UI_AMOUNT_EXTENSION_LEN = 56;

/** Which token program a mint lives under. */
export type TokenProgram = typeof TOKEN_PROGRAM_ADDRESS | typeof TOKEN_2022_PROGRAM_ADDRESS;

/**
 * Size of a mint account: 82 bytes, or with Token-2022 extensions the 165-byte base, the
 * account-type byte and each extension's 4-byte TLV header plus value.
 *
 * @example
 * mintSize({ scaledUiAmount: true }); // 226
 */
export function mintSize(options: { scaledUiAmount?: boolean } = {}): number {
  if (!options.scaledUiAmount) return MINT_SIZE;
  return TOKEN_ACCOUNT_SIZE + 1 + 4 + SCALED_UI_AMOUNT_EXTENSION_LEN;
}

/**
 * System program `CreateAccount`: a new account of `space` bytes owned by `programAddress`.
 *
 * @example
 * const ix = getCreateAccountInstruction({ payer, newAccount: mint, lamports: 10_000_000n, space: 82, programAddress: TOKEN_PROGRAM_ADDRESS });
 */
export function getCreateAccountInstruction(input: {
  payer: TransactionSigner;
  newAccount: TransactionSigner;
  lamports: bigint;
  space: number;
  programAddress: Address;
}): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [signerMeta(input.payer, true), signerMeta(input.newAccount, true)],
    data: bytes(
      [0, 0, 0, 0],
      u64(input.lamports),
      u64(BigInt(input.space)),
      addressBytes(input.programAddress),
    ),
  };
}

/**
 * Token-2022 `ScaledUiAmountExtension::Initialize` (instruction 43, sub-instruction 0). Must
 * come after the mint account is created and before `InitializeMint2`.
 *
 * @example
 * const ix = getInitializeScaledUiAmountInstruction({ mint: mint.address, authority: admin.address, multiplier: 1.25 });
 */
export function getInitializeScaledUiAmountInstruction(input: {
  mint: Address;
  /** Who may update the multiplier; `null` stores the zero key (nobody). */
  authority: Address | null;
  multiplier: number;
}): Instruction {
  const authority = input.authority ? addressBytes(input.authority) : new Uint8Array(32);
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: input.mint, role: AccountRole.WRITABLE }],
    data: bytes([43, 0], authority, f64(input.multiplier)),
  };
}

/**
 * Token-2022 `ScaledUiAmountExtension::UpdateMultiplier` (instruction 43, sub-instruction 1):
 * `multiplier` applies from `effectiveTimestamp` (unix seconds) on.
 *
 * @example
 * const ix = getUpdateMultiplierInstruction({ mint, authority: admin, multiplier: 2.5, effectiveTimestamp: 0n });
 */
export function getUpdateMultiplierInstruction(input: {
  mint: Address;
  authority: TransactionSigner;
  multiplier: number;
  effectiveTimestamp: bigint;
}): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: input.mint, role: AccountRole.WRITABLE }, signerMeta(input.authority)],
    data: bytes([43, 1], f64(input.multiplier), i64(input.effectiveTimestamp)),
  };
}

/**
 * `InitializeMint2` (instruction 20) on either token program.
 *
 * @example
 * const ix = getInitializeMint2Instruction({ mint, decimals: 6, mintAuthority: admin.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
 */
export function getInitializeMint2Instruction(input: {
  mint: Address;
  decimals: number;
  mintAuthority: Address;
  freezeAuthority?: Address | null;
  tokenProgram: TokenProgram;
}): Instruction {
  const freeze = input.freezeAuthority
    ? bytes([1], addressBytes(input.freezeAuthority))
    : new Uint8Array(33);
  return {
    programAddress: input.tokenProgram,
    accounts: [{ address: input.mint, role: AccountRole.WRITABLE }],
    data: bytes([20, input.decimals], addressBytes(input.mintAuthority), freeze),
  };
}

/**
 * `InitializeAccount3` (instruction 18): a token account of `mint` owned by `owner` (any
 * address, including a program-derived one).
 *
 * @example
 * const ix = getInitializeAccount3Instruction({ account, mint, owner: pda, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
 */
export function getInitializeAccount3Instruction(input: {
  account: Address;
  mint: Address;
  owner: Address;
  tokenProgram: TokenProgram;
}): Instruction {
  return {
    programAddress: input.tokenProgram,
    accounts: [
      { address: input.account, role: AccountRole.WRITABLE },
      { address: input.mint, role: AccountRole.READONLY },
    ],
    data: bytes([18], addressBytes(input.owner)),
  };
}

/**
 * `MintToChecked` (instruction 14): mints `amount` raw units to `destination`.
 *
 * @example
 * const ix = getMintToCheckedInstruction({ mint, destination, authority: admin, amount: 1_000n, decimals: 6, tokenProgram });
 */
export function getMintToCheckedInstruction(input: {
  mint: Address;
  destination: Address;
  authority: TransactionSigner;
  amount: bigint;
  decimals: number;
  tokenProgram: TokenProgram;
}): Instruction {
  return {
    programAddress: input.tokenProgram,
    accounts: [
      { address: input.mint, role: AccountRole.WRITABLE },
      { address: input.destination, role: AccountRole.WRITABLE },
      signerMeta(input.authority),
    ],
    data: bytes([14], u64(input.amount), [input.decimals]),
  };
}

/**
 * `TransferChecked` (instruction 12): moves `amount` raw units from `source` to `destination`.
 *
 * @example
 * const ix = getTransferCheckedInstruction({ source, mint, destination, authority: owner, amount: 5n, decimals: 6, tokenProgram });
 */
export function getTransferCheckedInstruction(input: {
  source: Address;
  mint: Address;
  destination: Address;
  authority: TransactionSigner;
  amount: bigint;
  decimals: number;
  tokenProgram: TokenProgram;
}): Instruction {
  return {
    programAddress: input.tokenProgram,
    accounts: [
      { address: input.source, role: AccountRole.WRITABLE },
      { address: input.mint, role: AccountRole.READONLY },
      { address: input.destination, role: AccountRole.WRITABLE },
      signerMeta(input.authority),
    ],
    data: bytes([12], u64(input.amount), [input.decimals]),
  };
}
