// What every route of a rebalance leg shares: the vault's two sides (cash or an asset slot),
// their mints and holdings, the trade authority's token accounts, the bound the vault will
// enforce (quoteRebalanceLeg: max_slip_bps and the day's loss budget), and the instructions
// around the route (rebalance_leg before, rebalance_settle after). A side whose mint has a
// transfer hook set carries what resolves the hook's extra accounts: the vault's payment inside
// rebalance_leg passes them through to Token-2022 (hook-accounts.ts).
import {
  type CostedInstruction,
  ensureTokenAccounts,
  fetchEncodedAccountsBatched,
  findAssociatedTokenAddress,
  getNavQuote,
  getRebalanceSwapInstructionsFor,
  quoteRebalanceLeg,
  type RebalanceSide,
  readAccounts,
  rebalanceSideAccounts,
  tokenMintAccount,
  transferHookProgramOf,
  transferHookValidationBump,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address, Instruction } from '@solana/kit';
import { KeeperError } from '../decisions/errors.ts';
import type { PlannedLeg } from '../decisions/planned-leg.ts';
import type { KeeperContext } from '../jobs/context.ts';
import { withLegHookAccounts } from './hook-accounts.ts';
import type { LegSetup } from './leg-types.ts';

export type { LegSetup, LegSide } from './leg-types.ts';

async function sideOf(ctx: KeeperContext, vault: VaultStateAccount, side: RebalanceSide) {
  const accounts = await rebalanceSideAccounts(vault, side, ctx.programs);
  const { accounts: raw } = await fetchEncodedAccountsBatched(ctx.rpc, [accounts.mint], {
    commitment: 'confirmed',
  });
  const encoded = raw[0];
  if (!encoded?.exists) throw new KeeperError('STALE_INPUT', `mint ${accounts.mint} not found`);
  const mint = tokenMintAccount(accounts.mint).decode(encoded);
  const mintData = Uint8Array.from(encoded.data);
  const tradeAccount = await findAssociatedTokenAddress({
    owner: ctx.tradeSigner.address,
    mint: accounts.mint,
    tokenProgram: accounts.tokenProgram,
  });
  const hookProgram = transferHookProgramOf(mintData);
  return {
    side,
    ...accounts,
    decimals: mint.decimals,
    tradeAccount,
    mintData,
    hookProgram,
    hookValidationBump:
      hookProgram === null ? null : await transferHookValidationBump(hookProgram, accounts.mint),
  };
}

/**
 * Reads the vault and its NAV quote and resolves both sides of a planned leg (a buy pays
 * cash and receives the asset; a sale the reverse).
 *
 * @example
 * const setup = await legSetup(ctx, plan);
 */
export async function legSetup(ctx: KeeperContext, plan: PlannedLeg): Promise<LegSetup> {
  const sku = ctx.skus.find((s) => s.skuId === plan.skuId);
  if (!sku) throw new KeeperError('STALE_INPUT', `unknown SKU ${plan.skuId}`);
  const [vault] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
  ]);
  if (!vault?.exists) throw new KeeperError('STALE_INPUT', `vault of ${plan.skuId} not found`);
  if (vault.data.tradeAuthority !== ctx.tradeSigner.address) {
    // The vault pays legs only to its registered trade authority (WrongTradeAccount).
    throw new KeeperError(
      'ROUTE_UNAVAILABLE',
      `the trade signer ${ctx.tradeSigner.address} is not ${plan.skuId}'s trade authority ${vault.data.tradeAuthority}`,
    );
  }
  const index = vault.data.assets
    .slice(0, vault.data.assetCount)
    .findIndex((a) => a.mint === plan.mint);
  if (index < 0) throw new KeeperError('STALE_INPUT', `${plan.mint} is not in ${plan.skuId}`);
  const asset: RebalanceSide = index;
  const buy = plan.trade.side === 'buy';
  const [nav, pay, receive] = await Promise.all([
    getNavQuote(ctx.rpc, plan.skuId, { programs: ctx.programs, commitment: 'confirmed' }),
    sideOf(ctx, vault, buy ? 'cash' : asset),
    sideOf(ctx, vault, buy ? asset : 'cash'),
  ]);
  return { vault, nav, pay, receive };
}

/**
 * The least the vault accepts for paying `payRaw` now.
 *
 * @throws {KeeperError} `LEG_OUTSIDE_BOUND` when the vault would refuse any amount (paused,
 * stale snapshot, guard, daily budget spent).
 * @example
 * const min = minReceiveRaw(ctx, setup, payRaw);
 */
export function minReceiveRaw(ctx: KeeperContext, setup: LegSetup, payRaw: bigint): bigint {
  const bound = quoteRebalanceLeg(
    setup.nav,
    { pay: setup.pay.side, receive: setup.receive.side, payAmountRaw: payRaw },
    { programs: ctx.programs },
  );
  if (!bound.ok) {
    throw new KeeperError(
      'LEG_OUTSIDE_BOUND',
      `the vault refuses the leg: ${bound.refusal.message}`,
    );
  }
  return bound.minReceiveRaw;
}

/**
 * Instructions creating the trade authority's token accounts that do not exist yet (spec,
 * RFQ step 1: the receiving wallet must hold both before submission); the fee payer pays.
 *
 * @example
 * const creates = await missingTradeAccounts(ctx, setup);
 */
export async function missingTradeAccounts(
  ctx: KeeperContext,
  setup: LegSetup,
): Promise<CostedInstruction[]> {
  const { instructions } = await ensureTokenAccounts(
    ctx.rpc,
    ctx.feePayer,
    [setup.pay, setup.receive].map((s) => ({
      owner: ctx.tradeSigner.address,
      mint: s.mint,
      tokenProgram: s.tokenProgram,
    })),
  );
  return instructions;
}

/**
 * `rebalance_leg`, the route, `rebalance_settle` (the SDK's builder); a paying mint with a
 * transfer hook set gets its hook's accounts on `rebalance_leg` and the hook's run priced.
 *
 * @example
 * const ixs = await wrapRoute(ctx, setup, { payRaw, expectedRaw, route: swap });
 */
export async function wrapRoute(
  ctx: KeeperContext,
  setup: LegSetup,
  input: {
    payRaw: bigint;
    expectedRaw: bigint;
    route: readonly (Instruction | CostedInstruction)[];
  },
): Promise<CostedInstruction[]> {
  const instructions = await getRebalanceSwapInstructionsFor(
    {
      keeper: ctx.signer,
      vault: setup.vault,
      pay: setup.pay.side,
      receive: setup.receive.side,
      payAmountRaw: input.payRaw,
      expectedAmountRaw: input.expectedRaw,
      tradeAccount: setup.pay.tradeAccount,
      route: input.route,
    },
    ctx.programs,
  );
  return withLegHookAccounts(ctx, setup, input.payRaw, instructions);
}
