// Real vault activity on the local world for the indexer's suites: a NAV push and refresh, a
// deposit and a stablecoin withdrawal by a demo wallet, all through the SDK over RPC.
import {
  findAssociatedTokenAddress,
  getDepositInstructionsFor,
  getNavQuote,
  getWithdrawUsdcInstructionsFor,
  quoteDeposit,
  quoteStableWithdrawal,
  rawAmount,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import {
  catalogPrices,
  loadWorldKeys,
  programAddressesOf,
  pushNav,
  readSigner,
  STOCKS,
  type TestWorld,
} from '@basket/world';
import type { Address } from '@solana/kit';

export const SKU = 'TECH6';
const USDC = 1_000_000n;

export type Activity = Readonly<{
  depositor: Address;
  depositedRaw: bigint;
  sharesMinted: bigint;
  withdrawnShares: bigint;
  stableReceived: bigint;
}>;

export async function pushAndRefresh(world: TestWorld): Promise<void> {
  const sku = world.manifest.skus.find((s) => s.skuId === SKU);
  await pushNav(world.chain, {
    keys: await loadWorldKeys(world.dir),
    programs: programAddressesOf(world.manifest),
    skuId: SKU,
    snapshot: sku?.snapshot as Address,
    prices: catalogPrices(world.manifest, STOCKS),
    lookupTable: (sku?.lookupTable ?? null) as Address | null,
  });
}

async function vaultOf(world: TestWorld) {
  const programs = programAddressesOf(world.manifest);
  const sku = world.manifest.skus.find((s) => s.skuId === SKU);
  const [v] = await readAccounts(
    world.chain.rpc,
    [vaultStateAccount(sku?.vault as Address, programs)],
    { commitment: 'confirmed' },
  );
  if (!v.exists) throw new Error('vault missing');
  return { address: v.address, data: v.data };
}

/** Push + refresh, a 1,000 USDC deposit, a stablecoin withdrawal of a third, push + refresh. */
export async function vaultActivity(world: TestWorld, walletIndex = 0): Promise<Activity> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const wallet = await readSigner(world.manifest.keys.demoWallets[walletIndex] as string);
  const stable = {
    mint: world.manifest.stablecoin.mint as Address,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  };
  const source = await findAssociatedTokenAddress({ owner: wallet.address, ...stable });
  await pushAndRefresh(world);
  const read = { programs, commitment: 'confirmed' as const };
  const quote = quoteDeposit(await getNavQuote(rpc, SKU, read), rawAmount(1_000n * USDC), {
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const deposit = await getDepositInstructionsFor(
    {
      depositor: wallet,
      vault: await vaultOf(world),
      source,
      rawAmount: quote.rawAmount,
      minSharesOut: quote.minSharesOut,
    },
    { rpc, ...read },
  );
  const sharesBefore = await world.chain.tokenAmount(deposit.accounts.shares);
  await world.chain.land('deposit', wallet, deposit.instructions);
  const sharesMinted = (await world.chain.tokenAmount(deposit.accounts.shares)) - sharesBefore;
  const third = sharesMinted / 3n;
  const out = quoteStableWithdrawal(await getNavQuote(rpc, SKU, read), third, {
    vaultProgram: programs.vault,
  });
  if (!out.ok) throw new Error(out.refusal.message);
  const keys = await loadWorldKeys(world.dir);
  const treasuryStable = await findAssociatedTokenAddress({
    owner: keys.treasury.address,
    ...stable,
  });
  const usdcBefore = await world.chain.tokenAmount(source);
  const withdraw = await getWithdrawUsdcInstructionsFor(
    {
      owner: wallet,
      vault: await vaultOf(world),
      treasuryStable,
      shares: third,
      quotedOut: out.netUsd,
      maxSlipBps: 0,
    },
    { rpc, ...read },
  );
  await world.chain.land('withdraw_usdc', wallet, withdraw.instructions);
  const stableReceived = (await world.chain.tokenAmount(source)) - usdcBefore;
  await pushAndRefresh(world);
  return {
    depositor: wallet.address,
    depositedRaw: quote.rawAmount,
    sharesMinted,
    withdrawnShares: third,
    stableReceived,
  };
}
