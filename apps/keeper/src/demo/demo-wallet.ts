// What the world's first demo wallet does in the keeper's suites and the trading-day demo: a
// deposit at the quoted shares, and a USDC withdrawal request (paid later by the
// withdrawal-router at a newer snapshot).
import {
  findAssociatedTokenAddress,
  getDepositInstructionsFor,
  getNavQuote,
  getRequestWithdrawUsdcInstructionFor,
  quoteDeposit,
  quoteWithdrawalRequest,
  rawAmount,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import { programAddressesOf, readSigner, type TestWorld } from '@basket/world';
import { type Address, fetchAddressesForLookupTables } from '@solana/kit';
import type { KeeperContext } from '../jobs/context.ts';

/** What the demo wallet needs of a world: its manifest (keys, mints, SKUs) and its chain. */
export type DemoWorld = Pick<TestWorld, 'manifest' | 'chain'>;

/** The SKU's lookup table (a 20-asset user flow does not fit without it), when it has one. */
async function lookupTablesOf(world: DemoWorld, skuId: string) {
  const table = world.manifest.skus.find((s) => s.skuId === skuId)?.lookupTable;
  if (!table) return undefined;
  return fetchAddressesForLookupTables([table as Address], world.chain.rpc, {
    commitment: 'confirmed',
  });
}

/** A deposit of `usdc` whole dollars by the world's first demo wallet (after a fresh push). */
export async function demoDeposit(world: DemoWorld, skuId: string, usdc: bigint): Promise<void> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
  const source = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: world.manifest.stablecoin.mint as Address,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  });
  const read = { programs, commitment: 'confirmed' as const };
  const quote = quoteDeposit(await getNavQuote(rpc, skuId, read), rawAmount(usdc * 1_000_000n), {
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const sku = world.manifest.skus.find((s) => s.skuId === skuId);
  const [vault] = await readAccounts(rpc, [vaultStateAccount(sku?.vault as Address, programs)]);
  if (!vault.exists) throw new Error('no vault');
  const deposit = await getDepositInstructionsFor(
    {
      depositor: wallet,
      vault,
      source,
      rawAmount: quote.rawAmount,
      minSharesOut: quote.minSharesOut,
    },
    { rpc, ...read },
  );
  await world.chain.land(
    `deposit ${skuId}`,
    wallet,
    deposit.instructions,
    await lookupTablesOf(world, skuId),
  );
}

/**
 * A USDC withdrawal request by the world's first demo wallet: `shares`, a `part` of its share
 * balance (1/part), shares worth `usdRaw` (USDC units, net), or worth the vault's cash book
 * plus `aboveCashRaw` (more than the buffer can pay), at `toleranceBps` below the quote.
 */
export async function requestUsdcWithdrawal(
  world: DemoWorld,
  ctx: Pick<KeeperContext, 'programs' | 'skus'>,
  skuId: string,
  amount: { shares: bigint } | { part: bigint } | { usdRaw: bigint } | { aboveCashRaw: bigint },
  options: { nonce: bigint; toleranceBps: number },
) {
  const rpc = world.chain.rpc;
  const programs = ctx.programs;
  const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
  const sku = ctx.skus.find((x) => x.skuId === skuId);
  const [vault] = await readAccounts(rpc, [vaultStateAccount(sku?.vault as Address, programs)]);
  if (!vault?.exists) throw new Error(`${skuId}: no vault`);
  const shareSource = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: vault.data.shareMint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
  const held = await world.chain.tokenAmount(shareSource);
  const nav = await getNavQuote(rpc, skuId, { programs, commitment: 'confirmed' });
  let shares: bigint;
  if ('shares' in amount) shares = amount.shares;
  else if ('part' in amount) shares = held / amount.part;
  else {
    const whole = quoteWithdrawalRequest(nav, held, { vaultProgram: programs.vault });
    if (!whole.ok) throw new Error(whole.refusal.message);
    const usd = 'usdRaw' in amount ? amount.usdRaw : vault.data.cashRaw + amount.aboveCashRaw;
    shares = (held * usd) / whole.netUsd;
  }
  const quote = quoteWithdrawalRequest(nav, shares, {
    toleranceBps: options.toleranceBps,
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const request = await getRequestWithdrawUsdcInstructionFor(
    { owner: wallet, vault, shareSource, shares, minOut: quote.minOut, nonce: options.nonce },
    programs,
  );
  await world.chain.land(
    `request_withdraw_usdc ${skuId}`,
    wallet,
    [request],
    await lookupTablesOf(world, skuId),
  );
  const usdc = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: world.manifest.stablecoin.mint as Address,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  });
  return { request: request.request, quote, usdc, cashRaw: vault.data.cashRaw };
}
