// Mints as the issuer creates them, over RPC, through @basket/issuer-mint's pure builders (the
// same ones the program tests send in LiteSVM): the stablecoin and the staking token on SPL
// Token, every stock on Token-2022 with the issuer's full extension set. The mint keypairs are
// kept under the world's keys so a second bootstrap finds the same addresses and creates nothing.
import {
  type DefaultAccountState,
  getCreateAccountInstruction,
  getCreateIssuerMintInstructions,
  getFreezeInstruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  issuerMintSpace,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ADDRESS,
  type TokenProgram,
} from '@basket/issuer-mint';
import {
  findAssociatedTokenAddress,
  getCreateAssociatedTokenAccountInstructionFor,
} from '@basket/sdk';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain.ts';

export type WorldMint = Readonly<{
  address: Address;
  tokenProgram: TokenProgram;
  decimals: number;
  multiplier: number | null;
  /** New token accounts start frozen (the issuer thaws them): stocks only. */
  defaultState: DefaultAccountState;
  hookProgram: Address | null;
}>;

/** Offset of a token account's state byte (1 initialized, 2 frozen). */
const ACCOUNT_STATE_OFFSET = 108;

/** Creates an SPL Token mint at `mintKey`'s address unless it exists; the issuer is its authority. */
export async function ensureMint(
  chain: Chain,
  input: {
    payer: KeyPairSigner;
    issuer: KeyPairSigner;
    mintKey: KeyPairSigner;
    tokenProgram: TokenProgram;
    decimals: number;
  },
): Promise<WorldMint & { created: boolean }> {
  const mint = input.mintKey.address;
  const out = {
    address: mint,
    tokenProgram: input.tokenProgram,
    decimals: input.decimals,
    multiplier: null,
    defaultState: 'initialized' as const,
    hookProgram: null,
  };
  if (await chain.exists(mint)) return { ...out, created: false };
  const lamports = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(MINT_SIZE)).send();
  await chain.landRaw(`create mint ${mint}`, input.payer, [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.mintKey,
      lamports,
      space: MINT_SIZE,
      programAddress: input.tokenProgram,
    }),
    getInitializeMint2Instruction({
      mint,
      decimals: input.decimals,
      mintAuthority: input.issuer.address,
      freezeAuthority: input.issuer.address,
      tokenProgram: input.tokenProgram,
    }),
  ]);
  return { ...out, created: true };
}

/**
 * Creates a tokenized stock at `mintKey`'s address unless it exists: Token-2022 with the
 * issuer's full extension set (metadata, permanent delegate, default account state,
 * ScaledUiAmount, pausable, confidential-transfer mint, transfer hook), the issuer holding
 * every authority.
 */
export async function ensureStockMint(
  chain: Chain,
  input: {
    payer: KeyPairSigner;
    issuer: KeyPairSigner;
    mintKey: KeyPairSigner;
    decimals: number;
    multiplier: number;
    metadata: { name: string; symbol: string; uri: string };
    defaultState: DefaultAccountState;
    hookProgram: Address | null;
  },
): Promise<WorldMint & { created: boolean }> {
  const mint = input.mintKey.address;
  const out = {
    address: mint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS as TokenProgram,
    decimals: input.decimals,
    multiplier: input.multiplier,
    defaultState: input.defaultState,
    hookProgram: input.hookProgram,
  };
  if (await chain.exists(mint)) return { ...out, created: false };
  // Rent for the size TokenMetadata grows the account to (Token-2022 reallocates).
  const { full } = issuerMintSpace(input.metadata);
  const lamports = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(full)).send();
  await chain.landRaw(
    `create stock mint ${input.metadata.symbol} ${mint}`,
    input.payer,
    getCreateIssuerMintInstructions({
      payer: input.payer,
      mint: input.mintKey,
      issuer: input.issuer,
      decimals: input.decimals,
      multiplier: input.multiplier,
      lamports,
      metadata: input.metadata,
      defaultState: input.defaultState,
      hookProgram: input.hookProgram,
    }),
  );
  return { ...out, created: true };
}

/**
 * The issuer's thaw of `account` when it is frozen (a new account of a mint whose default
 * state is Frozen: the issuer's KYC step), as instructions to land; none otherwise.
 */
export async function thawIfFrozen(
  chain: Chain,
  input: { issuer: KeyPairSigner; mint: WorldMint; account: Address },
): Promise<Instruction[]> {
  if (input.mint.defaultState !== 'frozen') return [];
  const { value } = await chain.rpc
    .getAccountInfo(input.account, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  // A missing account is created frozen in the same transaction: thaw it there too.
  const state = value === null ? 2 : Buffer.from(value.data[0], 'base64')[ACCOUNT_STATE_OFFSET];
  if (state !== 2) return [];
  return [
    getFreezeInstruction(
      { address: input.mint.address, decimals: input.mint.decimals, issuer: input.issuer },
      input.account,
      false,
    ),
  ];
}

/**
 * Tops `owner`'s associated token account of `mint` up to `atLeast` raw units (creating the
 * account when missing), so re-running gives nobody more.
 */
export async function topUp(
  chain: Chain,
  input: {
    payer: KeyPairSigner;
    issuer: KeyPairSigner;
    mint: WorldMint;
    owner: Address;
    atLeast: bigint;
  },
): Promise<Address> {
  const ata = await findAssociatedTokenAddress({
    owner: input.owner,
    mint: input.mint.address,
    tokenProgram: input.mint.tokenProgram,
  });
  const held = await chain.tokenAmount(ata);
  if (held >= input.atLeast) return ata;
  const create = await getCreateAssociatedTokenAccountInstructionFor({
    payer: input.payer,
    owner: input.owner,
    mint: input.mint.address,
    tokenProgram: input.mint.tokenProgram,
  });
  await chain.landRaw(`top up ${input.owner} in ${input.mint.address}`, input.payer, [
    // The associated token program sizes the account through the token program
    // (GetAccountDataSize), so the mint's account extensions are honoured.
    create.instruction,
    ...(await thawIfFrozen(chain, { issuer: input.issuer, mint: input.mint, account: ata })),
    getMintToCheckedInstruction({
      mint: input.mint.address,
      destination: ata,
      authority: input.issuer,
      amount: input.atLeast - held,
      decimals: input.mint.decimals,
      tokenProgram: input.mint.tokenProgram,
    }),
  ]);
  return ata;
}
