// Tokenized-stock mints as the issuer configures them on mainnet (read from a live mint,
// NVDAx, 8 decimals): MetadataPointer (to itself), TokenMetadata, PermanentDelegate,
// DefaultAccountState, ScaledUiAmount, Pausable, ConfidentialTransferMint (auto-approve off,
// no auditor) and TransferHook, plus a freeze authority. One key, the issuer's, holds every
// authority, as on the live mint. Pure builders: the caller sends them (LiteSVM or RPC).
import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import { addressBytes, borshString, bytes, signerMeta } from './encoding.ts';
import {
  getCreateAccountInstruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from './token-instructions.ts';

/** Token-2022 instruction tags of the issuer's extensions and powers. */
export const TOKEN_2022_IX = {
  freezeAccount: 10,
  thawAccount: 11,
  transferChecked: 12,
  burnChecked: 15,
  getAccountDataSize: 21,
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
export const ISSUER_MINT_FIXED_SPACE = 165 + 1 + 60 + 36 + 37 + 5 + 69 + 68 + 68;

/** Default state of new token accounts of the mint. */
export type DefaultAccountState = 'initialized' | 'frozen';

/** The mint's metadata (TokenMetadata, pointed to by the mint itself). */
export type IssuerMintMetadata = Readonly<{ name: string; symbol: string; uri: string }>;

/**
 * The account sizes of an issuer mint: `initial` is allocated by `CreateAccount`, `full` is
 * what the account grows to when TokenMetadata is written (Token-2022 reallocates, so the
 * rent must cover `full` from the start).
 *
 * @example
 * issuerMintSpace({ name: 'NVIDIA xStock', symbol: 'NVDAx', uri: 'https://x.invalid/n.json' });
 */
export function issuerMintSpace(metadata: IssuerMintMetadata): { initial: number; full: number } {
  const utf8 = (s: string) => new TextEncoder().encode(s).length;
  // update authority 32 + mint 32 + three borsh strings + empty additional-metadata vector
  const metadataLen =
    64 + 12 + utf8(metadata.name) + utf8(metadata.symbol) + utf8(metadata.uri) + 4;
  return { initial: ISSUER_MINT_FIXED_SPACE, full: ISSUER_MINT_FIXED_SPACE + 4 + metadataLen };
}

function mintOnly(mint: Address, data: Uint8Array): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data,
  };
}

/**
 * The instructions that create `mint` with the issuer's full extension set, in the order
 * Token-2022 requires (extensions, then `InitializeMint2`, then the metadata). `lamports`
 * must be the rent of `issuerMintSpace(metadata).full`.
 *
 * @example
 * const space = issuerMintSpace(metadata);
 * const lamports = await rpc.getMinimumBalanceForRentExemption(BigInt(space.full)).send();
 * const ixs = getCreateIssuerMintInstructions({ payer, mint, issuer, decimals: 8, multiplier: 2.5, lamports, metadata });
 */
export function getCreateIssuerMintInstructions(input: {
  payer: TransactionSigner;
  mint: TransactionSigner;
  /** Mint, freeze, multiplier, pause, confidential, hook and metadata authority; permanent delegate. */
  issuer: TransactionSigner;
  decimals: number;
  /** ScaledUiAmount multiplier (an f64 on chain). */
  multiplier: number;
  lamports: bigint;
  metadata: IssuerMintMetadata;
  defaultState?: DefaultAccountState;
  /** The transfer-hook program; `null` keeps the extension with no program set. */
  hookProgram?: Address | null;
}): Instruction[] {
  const mint = input.mint.address;
  const issuer = addressBytes(input.issuer.address);
  const hook = input.hookProgram ? addressBytes(input.hookProgram) : new Uint8Array(32);
  const IX = TOKEN_2022_IX;
  return [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.mint,
      lamports: input.lamports,
      space: ISSUER_MINT_FIXED_SPACE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeScaledUiAmountInstruction({
      mint,
      authority: input.issuer.address,
      multiplier: input.multiplier,
    }),
    mintOnly(mint, bytes([IX.permanentDelegate], issuer)),
    mintOnly(mint, bytes([IX.pausable, 0], issuer)),
    mintOnly(mint, bytes([IX.defaultAccountState, 0, input.defaultState === 'frozen' ? 2 : 1])),
    // Authority, auto-approve new accounts = false, auditor ElGamal key = none.
    mintOnly(mint, bytes([IX.confidentialTransfer, 0], issuer, [0], new Uint8Array(32))),
    mintOnly(mint, bytes([IX.transferHook, 0], issuer, hook)),
    mintOnly(mint, bytes([IX.metadataPointer, 0], issuer, addressBytes(mint))),
    getInitializeMint2Instruction({
      mint,
      decimals: input.decimals,
      mintAuthority: input.issuer.address,
      freezeAuthority: input.issuer.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [
        { address: mint, role: AccountRole.WRITABLE },
        { address: input.issuer.address, role: AccountRole.READONLY },
        { address: mint, role: AccountRole.READONLY },
        signerMeta(input.issuer),
      ],
      data: bytes(
        TOKEN_METADATA_INITIALIZE,
        borshString(input.metadata.name),
        borshString(input.metadata.symbol),
        borshString(input.metadata.uri),
      ),
    },
  ];
}
