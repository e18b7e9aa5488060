import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';

/** The associated token account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS =
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address;

/**
 * The associated token account of `owner` (a wallet or a PDA such as the pool) for `mint`.
 *
 * @example
 * const stockVault = await associatedTokenAddress({ owner: pool, mint: stockMint, tokenProgram });
 */
export async function associatedTokenAddress(input: {
  owner: Address;
  mint: Address;
  tokenProgram: Address;
}): Promise<Address> {
  const enc = getAddressEncoder();
  const [address] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    seeds: [enc.encode(input.owner), enc.encode(input.tokenProgram), enc.encode(input.mint)],
  });
  return address;
}

/**
 * `CreateIdempotent` of the associated token program: creates `owner`'s token account for
 * `mint` if missing, sized by the token program for every account extension the mint
 * requires (which is why pool vaults are made this way).
 *
 * @example
 * const ix = getCreateAssociatedTokenIdempotentInstruction({ payer, owner: pool, mint, tokenProgram, account: stockVault });
 */
export function getCreateAssociatedTokenIdempotentInstruction(input: {
  payer: TransactionSigner;
  account: Address;
  owner: Address;
  mint: Address;
  tokenProgram: Address;
}): Instruction {
  return {
    programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    accounts: [
      { address: input.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: input.payer },
      { address: input.account, role: AccountRole.WRITABLE },
      { address: input.owner, role: AccountRole.READONLY },
      { address: input.mint, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM_ADDRESS, role: AccountRole.READONLY },
      { address: input.tokenProgram, role: AccountRole.READONLY },
    ],
    data: Uint8Array.of(1),
  } as Instruction;
}
