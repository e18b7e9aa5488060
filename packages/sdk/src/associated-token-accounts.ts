/**
 * The user's token accounts of the flows: the associated token account (ATA) of an owner for a
 * mint under the mint's own token program, and its idempotent creation. Flows that pay into
 * accounts the user may not have yet (shares of a first deposit, stablecoin of a first
 * withdrawal, each asset of an in-kind redemption) prepend one create per missing account;
 * which ones are missing is read in one `getMultipleAccounts` call.
 */

import type { Address, TransactionSigner } from '@solana/kit';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
} from '@solana-program/token';
import {
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
} from './account-reader.ts';
import type { CostedInstruction } from './transaction-message.ts';

export { ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * One token account a flow pays into: who owns it, of which mint, under which token program.
 *
 * @example
 * const wanted: TokenAccountSpec = { owner: wallet.address, mint: shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS };
 */
export interface TokenAccountSpec {
  readonly owner: Address;
  readonly mint: Address;
  /** The mint's token program (SPL Token or Token-2022): the ATA is derived under it. */
  readonly tokenProgram: Address;
}

/**
 * The associated token account of `owner` for `mint` (seeds `[owner, tokenProgram, mint]` of
 * the associated-token-account program).
 *
 * @example
 * const shares = await findAssociatedTokenAddress({ owner: wallet.address, mint: vault.data.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
 */
export async function findAssociatedTokenAddress(spec: TokenAccountSpec): Promise<Address> {
  const [address] = await findAssociatedTokenPda({
    owner: spec.owner,
    mint: spec.mint,
    tokenProgram: spec.tokenProgram,
  });
  return address;
}

/**
 * An idempotent `CreateAssociatedTokenIdempotent`: creates the ATA when it does not exist
 * (`payer` funds the rent), succeeds without change when it does (the owner and mint must
 * match). Costed at creation, the larger case, plus the program's bump search.
 *
 * @example
 * const { instruction, address } = await getCreateAssociatedTokenAccountInstructionFor({ payer: wallet, owner: wallet.address, mint, tokenProgram });
 */
export async function getCreateAssociatedTokenAccountInstructionFor(
  input: TokenAccountSpec & { readonly payer: TransactionSigner },
): Promise<CostedInstruction & { address: Address }> {
  const [address, bump] = await findAssociatedTokenPda({
    owner: input.owner,
    mint: input.mint,
    tokenProgram: input.tokenProgram,
  });
  const instruction = getCreateAssociatedTokenIdempotentInstruction({
    payer: input.payer,
    ata: address,
    owner: input.owner,
    mint: input.mint,
    systemProgram: SYSTEM_PROGRAM,
    tokenProgram: input.tokenProgram,
  });
  return {
    instruction,
    address,
    costs: [
      { key: 'associatedToken.createIdempotent' },
      // The associated-token program searches the canonical bump from 255 down.
      ...(bump < 255 ? [{ key: 'runtime.bumpSearchStep' as const, count: 255 - bump }] : []),
    ],
  };
}

/**
 * The ATAs of `specs` (same order) and the create instructions of those that do not exist
 * yet, read in one batched `getMultipleAccounts` call. Pass `rpc: null` to skip the read and
 * create every one idempotently (an existing account then costs only the check).
 *
 * @example
 * const { addresses: [shares], instructions } = await ensureTokenAccounts(rpc, wallet, [{ owner: wallet.address, mint: shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS }]);
 */
export async function ensureTokenAccounts(
  rpc: GetMultipleAccountsRpc | null,
  payer: TransactionSigner,
  specs: readonly TokenAccountSpec[],
  options: ReadAccountsOptions = {},
): Promise<{ addresses: Address[]; instructions: CostedInstruction[] }> {
  const creates = await Promise.all(
    specs.map((spec) => getCreateAssociatedTokenAccountInstructionFor({ ...spec, payer })),
  );
  const addresses = creates.map((c) => c.address);
  let missing = addresses.map(() => true);
  if (rpc) {
    const { accounts } = await fetchEncodedAccountsBatched(rpc, addresses, options);
    missing = accounts.map((a) => !a.exists);
  }
  const seen = new Set<Address>();
  const instructions: CostedInstruction[] = [];
  creates.forEach((create, i) => {
    if (!missing[i] || seen.has(create.address)) return;
    seen.add(create.address);
    instructions.push({ instruction: create.instruction, costs: create.costs });
  });
  return { addresses, instructions };
}
