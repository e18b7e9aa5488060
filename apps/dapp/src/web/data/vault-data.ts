// One vault as the pages need it, read in few batched calls: the SDK's NAV quote (vault,
// snapshot, Clock, share and asset mints), the asset mints' ScaledUiAmount configs for display,
// and the tokenized-asset API's multiplier states (cached 60 s) for freezes and their reasons.

import type { MultiplierState } from '@basket/routing';
import {
  getNavQuote,
  type NavQuote,
  pendingMultiplierChange,
  readAccounts,
  type TokenMintInfo,
  tokenMintAccount,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import { formatDecimal } from '@basket/tokenized-api';
import type { Address } from '@solana/kit';
import { type BannerInput, vaultBanners } from '../../shared/banners.ts';
import type { TokenDisplay } from '../../shared/money.ts';
import type { PublicSku } from '../../shared/public-config.ts';
import type { DappContext } from './context.ts';

export type VaultView = Readonly<{
  sku: PublicSku;
  nav: NavQuote;
  vault: VaultStateAccount;
  /** Display info per asset mint, and for the share mint. */
  tokens: ReadonlyMap<string, TokenDisplay>;
  share: TokenDisplay;
  banners: ReturnType<typeof vaultBanners>;
}>;

async function multiplierStates(
  ctx: DappContext,
  sku: PublicSku,
): Promise<Map<Address, MultiplierState>> {
  const states = new Map<Address, MultiplierState>();
  await Promise.all(
    sku.assets.map(async (a) => {
      try {
        const s = await ctx.api.getMultiplier(a.symbol);
        states.set(a.mint as Address, {
          currentMultiplier: formatDecimal(s.currentMultiplier),
          newMultiplier: formatDecimal(s.newMultiplier),
          activationDateTime: s.activationDateTime,
          reason: s.reason,
        });
      } catch {
        // Without the API the chain's own view (mint vs snapshot) still decides; the banner
        // then lacks the corporate action's reason.
      }
    }),
  );
  return states;
}

export async function loadVault(ctx: DappContext, sku: PublicSku): Promise<VaultView> {
  const states = await multiplierStates(ctx, sku);
  const [nav, accounts] = await Promise.all([
    getNavQuote(ctx.rpc, sku.skuId, {
      programs: ctx.programs,
      multiplierStates: states,
      commitment: 'confirmed',
    }),
    readAccounts(
      ctx.rpc,
      [
        vaultStateAccount(sku.vault as Address, ctx.programs),
        tokenMintAccount(sku.shareMint as Address),
        ...sku.assets.map((a) => tokenMintAccount(a.mint as Address)),
      ],
      { commitment: 'confirmed' },
    ),
  ]);
  const [vaultAccount, shareMint, ...mints] = accounts;
  if (!vaultAccount?.exists) throw new Error(`vault ${sku.skuId} not found`);
  const tokens = new Map<string, TokenDisplay>();
  const pendingChanges = new Map<string, { activationUnix: bigint; reason: string | null }>();
  sku.assets.forEach((a, i) => {
    const m = mints[i];
    if (!m?.exists) return;
    const info = m.data as TokenMintInfo;
    tokens.set(a.mint, {
      symbol: a.symbol,
      decimals: info.decimals,
      scaledUiAmount: info.scaledUiAmount,
    });
    const state = states.get(a.mint as Address);
    const fromMint = info.scaledUiAmount
      ? pendingMultiplierChange(info.scaledUiAmount, nav.now)
      : null;
    if (state?.activationDateTime && state.newMultiplier !== state.currentMultiplier) {
      pendingChanges.set(a.mint, {
        activationUnix: BigInt(Math.floor(state.activationDateTime.getTime() / 1000)),
        reason: state.reason,
      });
    } else if (fromMint) {
      pendingChanges.set(a.mint, {
        activationUnix: fromMint.effectiveTimestamp,
        reason: state?.reason ?? null,
      });
    }
  });
  const shareInfo = shareMint?.exists ? (shareMint.data as TokenMintInfo) : null;
  const share: TokenDisplay = {
    symbol: sku.skuId,
    decimals: shareInfo?.decimals ?? 6,
    scaledUiAmount: shareInfo?.scaledUiAmount ?? null,
  };
  const bannerInput: BannerInput = {
    now: nav.now,
    paused: nav.paused,
    staleness: nav.snapshot?.staleness ?? null,
    assets: nav.assets,
    pendingChanges,
    symbols: new Map(sku.assets.map((a) => [a.mint, a.symbol])),
  };
  return {
    sku,
    nav,
    vault: { address: vaultAccount.address, data: vaultAccount.data } as VaultStateAccount,
    tokens,
    share,
    banners: vaultBanners(bannerInput),
  };
}

/** Each asset's value share of the vault in bps vs its target, from the payout-side values. */
export function weightsOf(
  view: VaultView,
): { mint: string; weightBps: bigint; targetBps: bigint }[] {
  const total = view.nav.navUsd?.down ?? 0n;
  return view.nav.assets.map((a) => ({
    mint: a.mint,
    weightBps: total === 0n ? 0n : ((a.valueUsd?.down ?? 0n) * 10_000n) / total,
    targetBps: BigInt(a.targetWeightBps),
  }));
}
