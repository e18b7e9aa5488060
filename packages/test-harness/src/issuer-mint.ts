/**
 * Tokenized-stock mints as the issuer configures them on mainnet, created in LiteSVM through
 * @basket/issuer-mint's pure builders (the same ones the local world sends over RPC), and the
 * issuer's powers bound to such a mint.
 */

import {
  type DefaultAccountState,
  getCreateIssuerMintInstructions,
  getDelegateBurnInstruction,
  getDelegateTransferInstruction,
  getFreezeInstruction,
  getPauseInstruction,
  issuerMintSpace,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/issuer-mint';
import {
  AccountRole,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type TransactionSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { newKeyPairSigner } from './keys.ts';
import { send } from './send.ts';
import type { TestMint } from './token-setup.ts';

export type { DefaultAccountState } from '@basket/issuer-mint';

/** A mint made by {@link createIssuerMint}. */
export interface IssuerMint extends TestMint {
  /** Mint, freeze, multiplier, pause and metadata authority, permanent delegate. */
  issuer: KeyPairSigner;
  defaultState: DefaultAccountState;
  /** The transfer-hook program set on the mint, or `null` (extension present, unset). */
  hookProgram: Address | null;
  multiplier: number;
}

export interface IssuerMintOptions {
  decimals?: number;
  /** ScaledUiAmount multiplier; tests use non-unit values. */
  multiplier: number;
  defaultState?: DefaultAccountState;
  hookProgram?: Address | null;
  issuer?: KeyPairSigner;
  name?: string;
  symbol?: string;
  uri?: string;
}

/**
 * Creates a tokenized-stock mint with the issuer's full extension set in LiteSVM.
 *
 * @example
 * const nvda = await createIssuerMint(svm, payer, { multiplier: 1.0571 });
 * const frozenByDefault = await createIssuerMint(svm, payer, { multiplier: 2.5, defaultState: 'frozen' });
 */
export async function createIssuerMint(
  svm: LiteSVM,
  payer: TransactionSigner,
  options: IssuerMintOptions,
): Promise<IssuerMint> {
  const issuer = options.issuer ?? (await newKeyPairSigner());
  const mint = await newKeyPairSigner();
  const decimals = options.decimals ?? 8;
  const defaultState = options.defaultState ?? 'initialized';
  const hookProgram = options.hookProgram ?? null;
  const metadata = {
    name: options.name ?? 'Tokenized Stock',
    symbol: options.symbol ?? 'STKx',
    uri: options.uri ?? 'https://example.invalid/stock.json',
  };
  const instructions = getCreateIssuerMintInstructions({
    payer,
    mint,
    issuer,
    decimals,
    multiplier: options.multiplier,
    // Rent for the size after TokenMetadata grows the account (Token-2022 reallocates).
    lamports: svm.minimumBalanceForRentExemption(BigInt(issuerMintSpace(metadata).full)),
    metadata,
    defaultState,
    hookProgram,
  });
  const r = await send(svm, instructions, payer);
  if (!r.ok) throw new Error(`createIssuerMint failed: ${r.error}`);
  return {
    address: mint.address,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals,
    authority: issuer,
    issuer,
    defaultState,
    hookProgram,
    multiplier: options.multiplier,
  };
}

/**
 * The permanent delegate burns `amount` raw units from any holder's account (a court order).
 *
 * @example
 * await sendOk(svm, [delegateBurnInstruction(nvda, vaultHolding, 500n)], payer);
 */
export function delegateBurnInstruction(
  mint: IssuerMint,
  from: Address,
  amount: bigint,
): Instruction {
  return getDelegateBurnInstruction(mint, from, amount);
}

/**
 * The permanent delegate moves `amount` raw units out of any holder's account (a recovery).
 * With a hook set, `hookAccounts` are the transfer's extra accounts (see `hookAccountsFor`).
 */
export function delegateTransferInstruction(
  mint: IssuerMint,
  input: { from: Address; to: Address; amount: bigint; hookAccounts?: Address[] },
): Instruction {
  return getDelegateTransferInstruction(mint, {
    ...input,
    hookAccounts: (input.hookAccounts ?? []).map((address) => ({
      address,
      role: AccountRole.WRITABLE,
    })),
  });
}

/** The issuer freezes (`true`) or thaws (`false`) a token account of its mint. */
export function freezeInstruction(
  mint: IssuerMint,
  account: Address,
  frozen: boolean,
): Instruction {
  return getFreezeInstruction(mint, account, frozen);
}

/** The issuer pauses (`true`) or resumes (`false`) every transfer of its mint. */
export function pauseInstruction(mint: IssuerMint, paused: boolean): Instruction {
  return getPauseInstruction(mint, paused);
}

/** Whether a token account is frozen (state byte 2). */
export function isFrozen(svm: LiteSVM, account: Address): boolean {
  const info = svm.getAccount(account);
  if (!info.exists) throw new Error(`token account ${account} does not exist`);
  return info.data[108] === 2;
}
