/**
 * LiteSVM helpers that create mints and token accounts, mint, transfer and update the
 * multiplier, over the pure builders of @basket/issuer-mint. Every amount is a raw (unscaled)
 * `bigint`: a ScaledUiAmount multiplier changes only what wallets display.
 */

import {
  getCreateAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  getUpdateMultiplierInstruction,
  mintSize,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_ACCOUNT_SIZE,
  type TokenProgram,
} from '@basket/issuer-mint';
import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { newKeyPairSigner } from './keys.ts';
import { send } from './send.ts';
import { tokenAccountSpace } from './token-extensions.ts';

function signerMeta(signer: TransactionSigner) {
  return { address: signer.address, role: AccountRole.READONLY_SIGNER, signer };
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

/** What {@link createMint} and {@link createMintInstructions} make. */
export interface TestMintOptions {
  tokenProgram: TokenProgram;
  decimals: number;
  /** Mint (and multiplier) authority; the payer when omitted. */
  authority?: TransactionSigner;
  scaledUiAmountMultiplier?: number;
}

/**
 * The instructions that create the account `mint` and initialize it as a mint, with the mint
 * they make. They touch no ledger (`rentExempt` prices the account), so a LiteSVM test and the
 * scenario's RPC ledger land the same instructions. With `scaledUiAmountMultiplier`
 * (Token-2022 only) the ScaledUiAmount extension is initialized first, with the authority as
 * its multiplier authority.
 *
 * @example
 * const { mint, instructions } = await createMintInstructions(payer, await newKeyPairSigner(), { tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, decimals: 8 }, (space) => svm.minimumBalanceForRentExemption(BigInt(space)));
 */
export async function createMintInstructions(
  payer: TransactionSigner,
  mint: TransactionSigner,
  options: TestMintOptions,
  rentExempt: (space: number) => bigint | Promise<bigint>,
): Promise<{ mint: TestMint; instructions: Instruction[] }> {
  const scaled = options.scaledUiAmountMultiplier !== undefined;
  if (scaled && options.tokenProgram !== TOKEN_2022_PROGRAM_ADDRESS) {
    throw new Error('ScaledUiAmount is a Token-2022 extension');
  }
  const authority = options.authority ?? payer;
  const space = mintSize({ scaledUiAmount: scaled });
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: await rentExempt(space),
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
  return {
    mint: {
      address: mint.address,
      tokenProgram: options.tokenProgram,
      decimals: options.decimals,
      authority,
    },
    instructions,
  };
}

/**
 * Creates and initializes a mint in LiteSVM on either token program (see
 * {@link createMintInstructions}).
 *
 * @example
 * const xStock = await createMint(svm, payer, { tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, decimals: 8, scaledUiAmountMultiplier: 1.0571 });
 * const legacy = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
 */
export async function createMint(
  svm: LiteSVM,
  payer: TransactionSigner,
  options: TestMintOptions,
): Promise<TestMint> {
  const { mint, instructions } = await createMintInstructions(
    payer,
    await newKeyPairSigner(),
    options,
    (space) => svm.minimumBalanceForRentExemption(BigInt(space)),
  );
  expectOk(await send(svm, instructions, payer), 'createMint');
  return mint;
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
