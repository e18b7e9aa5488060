// The wallet's open redemption claims, read from the chain: the vault program's
// RedemptionClaim accounts of this owner (one filtered getProgramAccounts on the dapp's RPC
// path, as the withdrawal requests are read). A claim exists exactly while something is owed:
// paid in full, the program closes it, so nothing else needs remembering.
import { findRedemptionClaims } from '@basket/sdk';
import type { RedemptionClaim } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import type { DappContext } from './context.ts';

/** One open claim of a configured SKU, with its decoded data. */
export type OpenRedemptionClaim = Readonly<{
  skuId: string;
  address: Address;
  data: RedemptionClaim;
}>;

/**
 * Open claims of `owner` on this deployment's vault program, oldest first.
 *
 * @example
 * const claims = await openRedemptionClaims(ctx, wallet.address);
 */
export async function openRedemptionClaims(
  ctx: DappContext,
  owner: string,
): Promise<OpenRedemptionClaim[]> {
  const found = await findRedemptionClaims(ctx.rpc, { owner: owner as Address }, ctx.programs);
  const skus = new Map(ctx.session.config.skus.map((s) => [s.vault, s.skuId]));
  return found.flatMap((c) => {
    const skuId = skus.get(c.data.vault);
    // A vault of another deployment of the same program is not this dapp's.
    return skuId ? [{ skuId, address: c.address, data: c.data }] : [];
  });
}
