// The keeper's NAV cycle for one SKU, as the world's bootstrap and status line need it: sign
// the payload with the NAV signer's Ed25519 key, push it, then refresh_nav so the vault prices its
// holdings at the new snapshot. The keeper service does the same on its cadence.
import { isOpen } from '@basket/market-calendar';
import {
  decodeF64Multiplier,
  getPushSnapshotInstructionsFor,
  getRefreshNavInstructionFor,
  NAV_ENTRY_FLAGS,
  navSnapshotAccount,
  type ProgramAddresses,
  readAccounts,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import type { Chain } from '../chain.ts';
import type { CatalogStock } from './catalog.ts';
import type { WorldKeys } from './keys.ts';
import { loadLookupTables } from './lookup-table.ts';
import { readVault } from './skus.ts';

/** The snapshot's last sequence and publish time (0 when never pushed). */
export async function readSnapshot(chain: Chain, snapshot: Address, programs: ProgramAddresses) {
  const [account] = await readAccounts(chain.rpc, [navSnapshotAccount(snapshot, programs)], {
    commitment: 'confirmed',
  });
  if (!account.exists) throw new Error(`snapshot ${snapshot} does not exist`);
  return account.data;
}

/** Pushes the next snapshot of `skuId` at the given prices and refreshes the vault's NAV. */
export async function pushNav(
  chain: Chain,
  input: {
    keys: WorldKeys;
    programs: ProgramAddresses;
    skuId: string;
    snapshot: Address;
    /** Per snapshot entry, in the snapshot's mint order. */
    prices: ReadonlyMap<Address, CatalogStock>;
    /**
     * The SKU's lookup table: refresh_nav reads every asset's mint and holding, which passes
     * a packet beyond about 15 assets without one.
     */
    lookupTable: Address | null;
  },
): Promise<bigint> {
  const data = await readSnapshot(chain, input.snapshot, input.programs);
  const sequence = BigInt(data.sequence) + 1n;
  // The slot programs see now (a confirmed slot lags, and lags far after a clock jump).
  const slot = await chain.rpc.getSlot({ commitment: 'processed' }).send();
  const open = isOpen('MarketHours', Date.now());
  const mints = data.entries.slice(0, data.entryCount).map((e) => e.mint);
  const push = await getPushSnapshotInstructionsFor(
    {
      keeper: input.keys.navSignerKeyPair,
      sku: input.skuId,
      sequence,
      entries: mints.map((mint) => {
        const stock = input.prices.get(mint);
        if (!stock) throw new Error(`no price for mint ${mint} of ${input.skuId}`);
        return {
          priceUsd1E8: stock.priceUsd1e8,
          // The floor of multiplier x 1e12 from the mint's f64, decoded as the vault decodes it.
          multiplierNum: decodeF64Multiplier(stock.multiplier).floor,
          updatedSlot: slot,
          flags: open ? NAV_ENTRY_FLAGS.marketOpen : 0,
        };
      }),
    },
    input.programs,
  );
  await chain.land(`oracle push_snapshot ${input.skuId} #${sequence}`, input.keys.feePayer, push);
  const vault = await readVault(chain, input.skuId, input.programs);
  if (!vault) throw new Error(`the vault of ${input.skuId} does not exist`);
  const tables = input.lookupTable ? await loadLookupTables(chain, [input.lookupTable]) : undefined;
  await chain.land(
    `vault refresh_nav ${input.skuId}`,
    input.keys.feePayer,
    [getRefreshNavInstructionFor({ vault }, input.programs)],
    tables,
  );
  return sequence;
}

/** The catalog's bootstrap prices keyed by each stock's mint in `manifest`. */
export function catalogPrices(
  manifest: { stocks: readonly { symbol: string; mint: string }[] },
  stocks: readonly CatalogStock[],
): Map<Address, CatalogStock> {
  const bySymbol = new Map(stocks.map((s) => [s.symbol, s]));
  const out = new Map<Address, CatalogStock>();
  for (const s of manifest.stocks) {
    const c = bySymbol.get(s.symbol);
    if (c) out.set(s.mint as Address, c);
  }
  return out;
}
