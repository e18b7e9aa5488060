/**
 * Tokenized-stock mints as the issuer configures them on mainnet (read from a live mint,
 * NVDAx, 8 decimals): MetadataPointer (to itself), TokenMetadata, PermanentDelegate,
 * DefaultAccountState, ScaledUiAmount, Pausable, ConfidentialTransferMint (auto-approve off,
 * no auditor) and TransferHook, plus a freeze authority. One key, the issuer's, holds every
 * authority, as on the live mint.
 *
 * The instructions are the real Token-2022 ones, encoded from the program's wire layouts:
 * the registry's @solana-program/token-2022 client (0.15) requires kit 7 as a peer and the
 * repository is on kit 8 (docs/decisions.md, "Issuer mints in the vault").
 */

import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getUtf8Encoder,
  type Instruction,
  type KeyPairSigner,
  type TransactionSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { newKeyPairSigner } from './keys.ts';
import { send } from './send.ts';
import {
  getCreateAccountInstruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
} from './token.ts';

/** Token-2022 instruction tags used here. */
const IX = {
  freezeAccount: 10,
  thawAccount: 11,
  transferChecked: 12,
  burnChecked: 15,
  confidentialTransfer: 27,
  defaultAccountState: 28,
  permanentDelegate: 35,
  transferHook: 36,
  metadataPointer: 39,
  pausable: 44,
} as const;

/** `spl_token_metadata_interface:initialize_account` (first 8 bytes of its sha256). */
const TOKEN_METADATA_INITIALIZE = [210, 225, 30, 162, 88, 184, 77, 141];

/**
 * Extension values before TokenMetadata: ScaledUiAmount 56, PermanentDelegate 32, Pausable 33,
 * DefaultAccountState 1, ConfidentialTransferMint 65, TransferHook 64, MetadataPointer 64,
 * each behind a 4-byte TLV header, after the 165-byte base and the account-type byte.
 */
const FIXED_MINT_SPACE = 165 + 1 + 60 + 36 + 37 + 5 + 69 + 68 + 68;

/** Default state of new token accounts of the mint. */
export type DefaultAccountState = 'initialized' | 'frozen';

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

const enc = getAddressEncoder();
const key = (a: Address) => Array.from(enc.encode(a));
const zeros = (n: number) => new Array<number>(n).fill(0);

function mintOnly(mint: Address, data: number[]): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data: Uint8Array.from(data),
  };
}

function signerMeta(s: TransactionSigner) {
  return { address: s.address, role: AccountRole.READONLY_SIGNER, signer: s };
}

function borshString(s: string): number[] {
  const bytes = Array.from(getUtf8Encoder().encode(s));
  const len = new Uint8Array(4);
  new DataView(len.buffer).setUint32(0, bytes.length, true);
  return [...len, ...bytes];
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
  const name = options.name ?? 'Tokenized Stock';
  const symbol = options.symbol ?? 'STKx';
  const uri = options.uri ?? 'https://example.invalid/stock.json';
  // TokenMetadata: update authority 32 + mint 32 + three strings + empty additional vector.
  const metadataLen = 64 + 12 + name.length + symbol.length + uri.length + 4;
  const fullSpace = FIXED_MINT_SPACE + 4 + metadataLen;
  const issuerKey = key(issuer.address);
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      // Rent for the size after TokenMetadata grows the account (Token-2022 reallocates).
      lamports: svm.minimumBalanceForRentExemption(BigInt(fullSpace)),
      space: FIXED_MINT_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeScaledUiAmountInstruction({
      mint: mint.address,
      authority: issuer.address,
      multiplier: options.multiplier,
    }),
    mintOnly(mint.address, [IX.permanentDelegate, ...issuerKey]),
    mintOnly(mint.address, [IX.pausable, 0, ...issuerKey]),
    mintOnly(mint.address, [IX.defaultAccountState, 0, defaultState === 'frozen' ? 2 : 1]),
    // Authority, auto-approve new accounts = false, auditor ElGamal key = none.
    mintOnly(mint.address, [IX.confidentialTransfer, 0, ...issuerKey, 0, ...zeros(32)]),
    mintOnly(mint.address, [
      IX.transferHook,
      0,
      ...issuerKey,
      ...(hookProgram ? key(hookProgram) : zeros(32)),
    ]),
    mintOnly(mint.address, [IX.metadataPointer, 0, ...issuerKey, ...key(mint.address)]),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals,
      mintAuthority: issuer.address,
      freezeAuthority: issuer.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [
        { address: mint.address, role: AccountRole.WRITABLE },
        { address: issuer.address, role: AccountRole.READONLY },
        { address: mint.address, role: AccountRole.READONLY },
        signerMeta(issuer),
      ],
      data: Uint8Array.from([
        ...TOKEN_METADATA_INITIALIZE,
        ...borshString(name),
        ...borshString(symbol),
        ...borshString(uri),
      ]),
    },
  ];
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
  const data = new Uint8Array(10);
  data[0] = IX.burnChecked;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = mint.decimals;
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: from, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.WRITABLE },
      signerMeta(mint.issuer),
    ],
    data,
  };
}

/**
 * The permanent delegate moves `amount` raw units out of any holder's account (a recovery).
 * With a hook set, `hookAccounts` are the transfer's extra accounts (see `hookAccountsFor`).
 */
export function delegateTransferInstruction(
  mint: IssuerMint,
  input: { from: Address; to: Address; amount: bigint; hookAccounts?: Address[] },
): Instruction {
  const data = new Uint8Array(10);
  data[0] = IX.transferChecked;
  new DataView(data.buffer).setBigUint64(1, input.amount, true);
  data[9] = mint.decimals;
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: input.from, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.READONLY },
      { address: input.to, role: AccountRole.WRITABLE },
      signerMeta(mint.issuer),
      ...(input.hookAccounts ?? []).map((address) => ({ address, role: AccountRole.WRITABLE })),
    ],
    data,
  };
}

/** The issuer freezes (`true`) or thaws (`false`) a token account of its mint. */
export function freezeInstruction(
  mint: IssuerMint,
  account: Address,
  frozen: boolean,
): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.READONLY },
      signerMeta(mint.issuer),
    ],
    data: Uint8Array.of(frozen ? IX.freezeAccount : IX.thawAccount),
  };
}

/** The issuer pauses (`true`) or resumes (`false`) every transfer of its mint. */
export function pauseInstruction(mint: IssuerMint, paused: boolean): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint.address, role: AccountRole.WRITABLE }, signerMeta(mint.issuer)],
    data: Uint8Array.of(IX.pausable, paused ? 1 : 2),
  };
}

/** Whether a token account is frozen (state byte 2). */
export function isFrozen(svm: LiteSVM, account: Address): boolean {
  const info = svm.getAccount(account);
  if (!info.exists) throw new Error(`token account ${account} does not exist`);
  return info.data[108] === 2;
}
