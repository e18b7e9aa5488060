// The transactions of one epoch claim: the claimant's reward token accounts that are missing,
// then `claim` with the published proof. A reward mint whose transfer hook is set (the issuer's
// hook) moves only with the hook's extra accounts on the claim, resolved with the SDK from the
// mint's extra-account-meta list, and with the hook program's run in the compute budget (the
// SDK's budget of a hooked transfer, which its claim builder applies).
import { findEpochPda } from '@basket/rewards-client';
import {
  type CostedInstruction,
  ensureTokenAccounts,
  type GetMultipleAccountsRpc,
  getClaimInstructionWithHooksFor,
  type ProgramAddresses,
  resolveClaimHookAccounts,
  rpcAccountData,
  type TokenMintInfo,
} from '@basket/sdk';
import type { Address, TransactionSigner } from '@solana/kit';
import type { PublishedClaim } from '../../shared/public-config.ts';
import type { DappContext } from './context.ts';

type Epoch = Parameters<typeof getClaimInstructionWithHooksFor>[0]['epoch'];

/** A published claim with what the chain says of it. */
export type ClaimItem = Readonly<{
  claim: PublishedClaim;
  epoch: Epoch;
  /** The reward mints, in the claim's order (their token programs). */
  mints: readonly (Pick<TokenMintInfo, 'tokenProgram'> | null)[];
}>;

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

/**
 * The claim as one transaction, or two when a reward mint is hooked and a token account must
 * be created: with a hook's accounts the claim alone nearly fills a packet, so the accounts go
 * first. The claim is priced as the SDK's builder prices it, the hook's run included.
 *
 * @example
 * for (const instructions of await claimTransactions(ctx, signer, item)) await send(instructions);
 */
export async function claimTransactions(
  ctx: Pick<DappContext, 'programs'> & { rpc: GetMultipleAccountsRpc },
  signer: TransactionSigner,
  item: ClaimItem,
): Promise<CostedInstruction[][]> {
  const epochId = BigInt(item.claim.epochId);
  const programs: Partial<ProgramAddresses> = ctx.programs;
  const [[epochAddress], ensured] = await Promise.all([
    findEpochPda({ epochId }, { programAddress: ctx.programs.rewards }),
    ensureTokenAccounts(
      ctx.rpc,
      signer,
      item.claim.rewardMints.map((m, i) => ({
        owner: signer.address,
        mint: m as Address,
        tokenProgram: item.mints[i]?.tokenProgram as Address,
      })),
      { commitment: 'confirmed' },
    ),
  ]);
  const amounts = item.claim.amounts.map(BigInt);
  const { hookAccounts, hookedTransfers } = await resolveClaimHookAccounts(
    { epoch: epochAddress, rewards: item.epoch.rewards, destinations: ensured.addresses, amounts },
    rpcAccountData(ctx.rpc, { commitment: 'confirmed' }),
  );
  const claim = await getClaimInstructionWithHooksFor(
    {
      claimant: signer,
      epoch: item.epoch,
      destinations: ensured.addresses,
      amounts,
      proof: item.claim.proof.map(hexBytes),
      hookAccounts,
    },
    programs,
  );
  if (hookedTransfers > 0 && ensured.instructions.length > 0) {
    return [[...ensured.instructions], [claim]];
  }
  return [[...ensured.instructions, claim]];
}
