// Mints as the issuer creates them, over RPC. The instruction builders are the test harness's
// (pure builders, no LiteSVM); the mint keypairs are kept under the world's keys so a second
// bootstrap finds the same addresses and creates nothing.
import {
  findAssociatedTokenAddress,
  getCreateAssociatedTokenAccountInstructionFor,
} from '@basket/sdk';
import {
  getCreateAccountInstruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  getMintToCheckedInstruction,
  mintSize,
  type TokenProgram,
} from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain.ts';

export type WorldMint = Readonly<{
  address: Address;
  tokenProgram: TokenProgram;
  decimals: number;
  multiplier: number | null;
}>;

/** Creates the mint at `mintKey`'s address unless it exists; the issuer is its authority. */
export async function ensureMint(
  chain: Chain,
  input: {
    payer: KeyPairSigner;
    issuer: KeyPairSigner;
    mintKey: KeyPairSigner;
    tokenProgram: TokenProgram;
    decimals: number;
    multiplier: number | null;
  },
): Promise<WorldMint & { created: boolean }> {
  const mint = input.mintKey.address;
  const out = {
    address: mint,
    tokenProgram: input.tokenProgram,
    decimals: input.decimals,
    multiplier: input.multiplier,
  };
  if (await chain.exists(mint)) return { ...out, created: false };
  const space = mintSize({ scaledUiAmount: input.multiplier !== null });
  const lamports = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send();
  await chain.landRaw(`create mint ${mint}`, input.payer, [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.mintKey,
      lamports,
      space,
      programAddress: input.tokenProgram,
    }),
    ...(input.multiplier === null
      ? []
      : [
          getInitializeScaledUiAmountInstruction({
            mint,
            authority: input.issuer.address,
            multiplier: input.multiplier,
          }),
        ]),
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
    create.instruction,
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
