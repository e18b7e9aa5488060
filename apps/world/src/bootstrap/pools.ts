// The swap venue of the local world: the test-only constant-product program (programs/
// test-swap) deployed through the loader like the product's programs, and one pool per stock
// against the stablecoin, owned and seeded by the market maker at the catalog's price, so the
// aggregator simulator has real routes with depth and price impact.
import { existsSync } from 'node:fs';
import { repoRoot } from '@basket/localnet';
import { resolveTransferHookAccounts } from '@basket/sdk';
import {
  associatedTokenAddress,
  findPoolPda,
  getAddLiquidityInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializePoolInstruction,
  TEST_SWAP_PROGRAM_ADDRESS,
} from '@basket/test-swap-client';
import type { Address } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { deployProgram } from '../deploy-program.ts';
import { readSigner } from '../keys.ts';
import type { CatalogStock } from './catalog.ts';
import type { WorldKeys } from './keys.ts';
import type { WorldMint } from './mints.ts';

/** Each pool's depth: USD on the stablecoin side at bootstrap (1e-6 USD units below). */
export const POOL_DEPTH_USD = 250_000n;
/** The venue's fee, basis points. */
export const POOL_FEE_BPS = 30;

export type WorldPool = Readonly<{
  symbol: string;
  pool: Address;
  stockMint: Address;
  usdMint: Address;
  stockVault: Address;
  usdVault: Address;
  stockTokenProgram: Address;
  usdTokenProgram: Address;
  feeBps: number;
}>;

/** Deploys (or confirms) the test swap program at its committed id. */
export async function deployTestSwap(chain: Chain, keys: WorldKeys): Promise<Address> {
  const soPath = `${repoRoot()}target/deploy/localnet/test-swap.so`;
  if (!existsSync(soPath)) {
    throw new Error(
      `${soPath} is missing: run \`bash scripts/build-programs.sh --localnet test-swap\` first`,
    );
  }
  const programKeypair = await readSigner(`${repoRoot()}programs/test-swap/program-id.json`);
  await deployProgram(chain, {
    programKeypair,
    soPath,
    authority: keys.upgradeAuthority,
    payer: keys.upgradeAuthority,
  });
  return programKeypair.address;
}

/** `text` ("1.0571") as a fraction of integers, exactly. */
export function decimalFraction(text: string): { num: bigint; den: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`${text} is not a plain decimal`);
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/**
 * The raw reserves that price one display share of `stock` at its catalog price: `usd` raw
 * stablecoin against the stock amount worth the same (rounded down).
 *
 * @example
 * seedReserves({ symbol: 'AAPLx', multiplier: 1.0571, priceUsd1e8: 229_50000000n }, 8, 6);
 */
export function seedReserves(
  stock: CatalogStock,
  stockDecimals: number,
  usdDecimals: number,
): { stockRaw: bigint; usdRaw: bigint } {
  const { num, den } = decimalFraction(String(stock.multiplier));
  const usdRaw = POOL_DEPTH_USD * 10n ** BigInt(usdDecimals);
  // shares = depth / (price x multiplier); raw = shares x 10^decimals (price is USD x 1e8)
  const stockRaw =
    (POOL_DEPTH_USD * 10n ** 8n * 10n ** BigInt(stockDecimals) * den) / (stock.priceUsd1e8 * num);
  return { stockRaw, usdRaw };
}

/** Creates and seeds the pool of each stock unless it exists; returns them all. */
export async function ensurePools(
  chain: Chain,
  input: {
    keys: WorldKeys;
    stable: WorldMint;
    stocks: readonly { catalog: CatalogStock; mint: WorldMint }[];
  },
): Promise<{ pools: WorldPool[]; created: number }> {
  const maker = input.keys.marketMaker;
  const usd = input.stable;
  const pools: WorldPool[] = [];
  let created = 0;
  for (const { catalog, mint } of input.stocks) {
    const [pool] = await findPoolPda({ stockMint: mint.address, usdMint: usd.address });
    const vaultOf = (m: WorldMint) =>
      associatedTokenAddress({ owner: pool, mint: m.address, tokenProgram: m.tokenProgram });
    const makerOf = (m: WorldMint) =>
      associatedTokenAddress({
        owner: maker.address,
        mint: m.address,
        tokenProgram: m.tokenProgram,
      });
    const entry: WorldPool = {
      symbol: catalog.symbol,
      pool,
      stockMint: mint.address,
      usdMint: usd.address,
      stockVault: await vaultOf(mint),
      usdVault: await vaultOf(usd),
      stockTokenProgram: mint.tokenProgram,
      usdTokenProgram: usd.tokenProgram,
      feeBps: POOL_FEE_BPS,
    };
    pools.push(entry);
    if (await chain.exists(pool)) continue;
    const reserves = seedReserves(catalog, mint.decimals, usd.decimals);
    const ownerStock = await makerOf(mint);
    // The hooked stock's transfer into the pool carries the hook's extra accounts.
    const mintData = await chain.accountData(mint.address);
    if (mintData === null) throw new Error(`mint ${mint.address} does not exist`);
    const hookAccounts = await resolveTransferHookAccounts(
      {
        mint: mint.address,
        mintData,
        source: ownerStock,
        destination: entry.stockVault,
        authority: maker.address,
        amount: reserves.stockRaw,
      },
      chain.accountData,
    );
    await chain.landRaw(`pool ${catalog.symbol}`, maker, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: maker,
        account: entry.stockVault,
        owner: pool,
        mint: mint.address,
        tokenProgram: mint.tokenProgram,
      }),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: maker,
        account: entry.usdVault,
        owner: pool,
        mint: usd.address,
        tokenProgram: usd.tokenProgram,
      }),
      getInitializePoolInstruction({ ...entry, owner: maker }),
      getAddLiquidityInstruction({
        ...entry,
        owner: maker,
        ownerStock,
        ownerUsd: await makerOf(usd),
        hookAccounts,
        stockAmount: reserves.stockRaw,
        usdAmount: reserves.usdRaw,
      }),
    ]);
    created += 1;
  }
  return { pools, created };
}

export { TEST_SWAP_PROGRAM_ADDRESS };
