// The wallet's open redemption claims, read from the chain: the vault program's
// RedemptionClaim accounts of this owner (one filtered getProgramAccounts on the dapp's RPC
// path, as the withdrawal requests are read). A claim exists exactly while something is owed:
// paid in full, the program closes it, so nothing else needs remembering.
import {
  getRedemptionClaimDecoder,
  REDEMPTION_CLAIM_DISCRIMINATOR,
  type RedemptionClaim,
} from '@basket/vault-client';
import { type Address, getBase58Decoder, getBase64Encoder } from '@solana/kit';
import type { DappContext } from './context.ts';

/** Account size: header 4, vault 32, owner 32, nonce, shares, created_at, cash (8 each), 20 x u64, 4. */
export const REDEMPTION_CLAIM_SIZE = 264n;
const OWNER_OFFSET = 36n;

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
  const discriminator = getBase58Decoder().decode(Uint8Array.of(REDEMPTION_CLAIM_DISCRIMINATOR));
  const accounts = await ctx.rpc
    .getProgramAccounts(ctx.programs.vault, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        { dataSize: REDEMPTION_CLAIM_SIZE },
        { memcmp: { offset: 0n, bytes: discriminator as never, encoding: 'base58' } },
        { memcmp: { offset: OWNER_OFFSET, bytes: owner as never, encoding: 'base58' } },
      ],
    })
    .send();
  const skus = new Map(ctx.session.config.skus.map((s) => [s.vault, s.skuId]));
  const decoder = getRedemptionClaimDecoder();
  const out: OpenRedemptionClaim[] = [];
  for (const a of accounts) {
    const data = decoder.decode(getBase64Encoder().encode(a.account.data[0]));
    const skuId = skus.get(data.vault);
    if (!skuId) continue; // a vault of another deployment of the same program
    out.push({ skuId, address: a.pubkey, data });
  }
  return out.sort((x, y) => (x.data.createdAt < y.data.createdAt ? -1 : 1));
}
