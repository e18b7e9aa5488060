/**
 * Raw SPL Token and Token-2022 instructions built with @solana/kit alone, plus LiteSVM
 * helpers that create mints and token accounts, mint, transfer and read balances.
 *
 * The @solana-program/token-2022 client targets kit 7 and is not installed, so the few
 * instructions tests need are encoded here from the token programs' wire layouts. Every
 * amount is a raw (unscaled) `bigint`: a ScaledUiAmount multiplier changes only what wallets
 * display, never the raw amounts the programs and these helpers move.
 */

import {
  AccountRole,
  type Address,
  getAddressEncoder,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { newKeyPairSigner } from './keys.ts';
import { send } from './send.ts';
import { tokenAccountSpace } from './token-extensions.ts';

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

function signerMeta(signer: TransactionSigner, writable = false) {
  return {
    address: signer.address,
    role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
    signer,
  };
}

function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

function i64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value, true);
  return out;
}

function f64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value, true);
  return out;
}

function bytes(...parts: (Uint8Array | number[])[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

const addressEncoder = getAddressEncoder();

function addressBytes(address: Address): Uint8Array {
  return Uint8Array.from(addressEncoder.encode(address));
}

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

function expectOk(result: Awaited<ReturnType<typeof send>>, what: string): void {
  if (!result.ok) throw new Error(`${what} failed: ${result.error}`);
}

/** A mint created by {@link createMint}. */
export interface TestMint {
  address: Address;
  tokenProgram: TokenProgram;
  decimals: number;
  authority: TransactionSigner;
}

/**
 * Creates and initializes a mint in LiteSVM on either token program; with
 * `scaledUiAmountMultiplier` (Token-2022 only) the ScaledUiAmount extension is initialized
 * first, with `authority` as its multiplier authority.
 *
 * @example
 * const xStock = await createMint(svm, payer, { tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, decimals: 8, scaledUiAmountMultiplier: 1.0571 });
 * const legacy = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
 */
export async function createMint(
  svm: LiteSVM,
  payer: TransactionSigner,
  options: {
    tokenProgram: TokenProgram;
    decimals: number;
    /** Mint (and multiplier) authority; the payer when omitted. */
    authority?: TransactionSigner;
    scaledUiAmountMultiplier?: number;
  },
): Promise<TestMint> {
  const scaled = options.scaledUiAmountMultiplier !== undefined;
  if (scaled && options.tokenProgram !== TOKEN_2022_PROGRAM_ADDRESS) {
    throw new Error('ScaledUiAmount is a Token-2022 extension');
  }
  const authority = options.authority ?? payer;
  const mint = await newKeyPairSigner();
  const space = mintSize({ scaledUiAmount: scaled });
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
      space,
      programAddress: options.tokenProgram,
    }),
  ];
  if (scaled) {
    instructions.push(
      getInitializeScaledUiAmountInstruction({
        mint: mint.address,
        authority: authority.address,
        multiplier: options.scaledUiAmountMultiplier as number,
      }),
    );
  }
  instructions.push(
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: options.decimals,
      mintAuthority: authority.address,
      tokenProgram: options.tokenProgram,
    }),
  );
  expectOk(await send(svm, instructions, payer), 'createMint');
  return {
    address: mint.address,
    tokenProgram: options.tokenProgram,
    decimals: options.decimals,
    authority,
  };
}

/**
 * Creates a token account (at a fresh keypair address) of `mint` owned by `owner`.
 *
 * @example
 * const holding = await createTokenAccount(svm, payer, xStock, epochPda);
 */
export async function createTokenAccount(
  svm: LiteSVM,
  payer: TransactionSigner,
  mint: Pick<TestMint, 'address' | 'tokenProgram'> & {
    defaultState?: string;
    issuer?: TransactionSigner;
  },
  owner: Address,
): Promise<Address> {
  const account = await newKeyPairSigner();
  // Sized for the account extensions the mint requires (PausableAccount, TransferHookAccount).
  const space =
    mint.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
      ? tokenAccountSpace(svm, mint.address)
      : TOKEN_ACCOUNT_SIZE;
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
      space,
      programAddress: mint.tokenProgram,
    }),
    getInitializeAccount3Instruction({
      account: account.address,
      mint: mint.address,
      owner,
      tokenProgram: mint.tokenProgram,
    }),
  ];
  // An issuer mint whose accounts start frozen: the issuer thaws the new account (KYC done).
  const issuer = mint.issuer;
  if (mint.defaultState === 'frozen' && issuer) {
    instructions.push({
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [
        { address: account.address, role: AccountRole.WRITABLE },
        { address: mint.address, role: AccountRole.READONLY },
        signerMeta(issuer),
      ],
      data: Uint8Array.of(11),
    });
  }
  expectOk(await send(svm, instructions, payer), 'createTokenAccount');
  return account.address;
}

/**
 * Mints `amount` raw units of `mint` to `destination` (signed by the mint's authority).
 *
 * @example
 * await mintTo(svm, payer, xStock, holding, 1_000_000n);
 */
export async function mintTo(
  svm: LiteSVM,
  payer: TransactionSigner,
  mint: TestMint,
  destination: Address,
  amount: bigint,
): Promise<void> {
  const ix = getMintToCheckedInstruction({
    mint: mint.address,
    destination,
    authority: mint.authority,
    amount,
    decimals: mint.decimals,
    tokenProgram: mint.tokenProgram,
  });
  expectOk(await send(svm, [ix], payer), 'mintTo');
}

/**
 * Transfers `amount` raw units with `TransferChecked`, signed by `authority`.
 *
 * @example
 * await transferChecked(svm, payer, xStock, { source, destination, authority: owner, amount: 10n });
 */
export async function transferChecked(
  svm: LiteSVM,
  payer: TransactionSigner,
  mint: Pick<TestMint, 'address' | 'tokenProgram' | 'decimals'>,
  input: { source: Address; destination: Address; authority: TransactionSigner; amount: bigint },
): Promise<void> {
  const ix = getTransferCheckedInstruction({
    ...input,
    mint: mint.address,
    decimals: mint.decimals,
    tokenProgram: mint.tokenProgram,
  });
  expectOk(await send(svm, [ix], payer), 'transferChecked');
}

/**
 * Sets a Token-2022 mint's ScaledUiAmount multiplier from `effectiveTimestamp` on (0 = now).
 *
 * @example
 * await updateMultiplier(svm, payer, xStock, 2.0, 0n);
 */
export async function updateMultiplier(
  svm: LiteSVM,
  payer: TransactionSigner,
  mint: TestMint,
  multiplier: number,
  effectiveTimestamp: bigint,
): Promise<void> {
  const ix = getUpdateMultiplierInstruction({
    mint: mint.address,
    authority: mint.authority,
    multiplier,
    effectiveTimestamp,
  });
  expectOk(await send(svm, [ix], payer), 'updateMultiplier');
}

/**
 * Raw (unscaled) amount held by a token account of either token program.
 *
 * @example
 * expect(tokenAmount(svm, holding)).toBe(1_000_000n);
 */
export function tokenAmount(svm: LiteSVM, account: Address): bigint {
  const info = svm.getAccount(account);
  if (!info.exists) throw new Error(`token account ${account} does not exist`);
  return new DataView(Uint8Array.from(info.data).buffer).getBigUint64(64, true);
}

/**
 * The ScaledUiAmount fields of a Token-2022 mint, or `null` when it has none.
 *
 * @example
 * expect(scaledUiAmountOf(svm, xStock.address)?.multiplier).toBe(1.0571);
 */
export function scaledUiAmountOf(
  svm: LiteSVM,
  mint: Address,
): { multiplier: number; newMultiplierEffectiveTimestamp: bigint; newMultiplier: number } | null {
  const info = svm.getAccount(mint);
  if (!info.exists) throw new Error(`mint ${mint} does not exist`);
  const data = Uint8Array.from(info.data);
  const view = new DataView(data.buffer);
  let at = TOKEN_ACCOUNT_SIZE + 1;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    if (type === SCALED_UI_AMOUNT_EXTENSION) {
      const v = at + 4;
      return {
        multiplier: view.getFloat64(v + 32, true),
        newMultiplierEffectiveTimestamp: view.getBigInt64(v + 40, true),
        newMultiplier: view.getFloat64(v + 48, true),
      };
    }
    if (type === 0 && len === 0) break;
    at += 4 + len;
  }
  return null;
}
