// First start of `npm start` only: a few hours of real history for the dapp's charts. A fresh
// world has one NAV point per SKU and no deposit, so every chart said "Not enough history
// yet". Here the chain's clock is moved forward in steps (surfpool's time travel, forward only);
// at each step the NAV is pushed and refreshed at the catalog prices (a `NavRefreshed` event at
// that time, which the indexer reads once the webhook emitter starts) and the first demo
// wallet deposits into every SKU. The vaults hold only cash until the keepers invest it, so the
// NAV per share stays at its first price and the TVL grows with each deposit: history as it
// happened on this chain, nothing written into the indexer by hand. Runs once per world
// directory (a marker file); tests' worlds never run it.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { localnetClock, type WorldManifest } from '@basket/localnet';
import {
  findAssociatedTokenAddress,
  getDepositInstructionsFor,
  getNavQuote,
  type ProgramAddresses,
  quoteDeposit,
  rawAmount,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import { type Address, fetchAddressesForLookupTables } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { readSigner } from '../keys.ts';
import { STOCKS } from './catalog.ts';
import type { WorldKeys } from './keys.ts';
import { catalogPrices, pushNav } from './nav.ts';

/** The marker that says this world's history was seeded. */
export const HISTORY_MARKER = 'history-seeded';
/** How many steps, how far apart on the chain's clock, and what each step deposits per SKU. */
export const SEED_STEPS = 6;
export const SEED_STEP_MS = 20 * 60 * 1000;
export const SEED_DEPOSIT_USDC = 1_000n;

/**
 * Seeds the history once per world directory; returns whether it ran.
 *
 * @example
 * await seedHistory({ dir, chain, rpcUrl, manifest, keys, programs, log: say });
 */
export async function seedHistory(input: {
  dir: string;
  chain: Chain;
  rpcUrl: string;
  manifest: WorldManifest;
  keys: WorldKeys;
  programs: ProgramAddresses;
  log: (line: string) => void;
}): Promise<boolean> {
  const marker = join(input.dir, HISTORY_MARKER);
  if (existsSync(marker)) return false;
  const { chain, manifest, programs } = input;
  const clock = localnetClock(input.rpcUrl);
  const prices = catalogPrices(manifest, STOCKS);
  const wallet = await readSigner(manifest.keys.demoWallets[0] as string);
  const source = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: manifest.stablecoin.mint as Address,
    tokenProgram: manifest.stablecoin.tokenProgram as Address,
  });
  const read = { programs, commitment: 'confirmed' as const };
  for (let step = 1; step <= SEED_STEPS; step += 1) {
    await clock.advanceBy(SEED_STEP_MS);
    for (const sku of manifest.skus) {
      const lookupTable = (sku.lookupTable ?? null) as Address | null;
      await pushNav(chain, {
        keys: input.keys,
        programs,
        skuId: sku.skuId,
        snapshot: sku.snapshot as Address,
        prices,
        lookupTable,
      });
      const quote = quoteDeposit(
        await getNavQuote(chain.rpc, sku.skuId, read),
        rawAmount(SEED_DEPOSIT_USDC * 1_000_000n),
        { vaultProgram: programs.vault },
      );
      if (!quote.ok)
        throw new Error(`${sku.skuId}: seed deposit refused: ${quote.refusal.message}`);
      const [vault] = await readAccounts(chain.rpc, [
        vaultStateAccount(sku.vault as Address, programs),
      ]);
      if (!vault.exists) throw new Error(`${sku.skuId}: vault ${sku.vault} not found`);
      const deposit = await getDepositInstructionsFor(
        {
          depositor: wallet,
          vault,
          source,
          rawAmount: quote.rawAmount,
          minSharesOut: quote.minSharesOut,
        },
        { rpc: chain.rpc, ...read },
      );
      const tables = lookupTable
        ? await fetchAddressesForLookupTables([lookupTable], chain.rpc, read)
        : undefined;
      await chain.land(`seed deposit ${sku.skuId}`, wallet, deposit.instructions, tables);
    }
    input.log(
      `history: step ${step} of ${SEED_STEPS}: NAV pushed and ${SEED_DEPOSIT_USDC} USDC deposited per SKU`,
    );
  }
  // The last deposits' NAV, so the TVL chart ends at what the vaults hold.
  for (const sku of manifest.skus) {
    await pushNav(chain, {
      keys: input.keys,
      programs,
      skuId: sku.skuId,
      snapshot: sku.snapshot as Address,
      prices,
      lookupTable: (sku.lookupTable ?? null) as Address | null,
    });
  }
  await writeFile(marker, `${new Date().toISOString()}\n`);
  return true;
}
