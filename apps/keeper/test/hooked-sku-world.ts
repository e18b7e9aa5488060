// A SKU made for the hooked-leg world suite on its own world (the bootstrap's SKUs stay as
// they are): HOODx, the world's hooked stock (its hook program in record mode), and NVDAx, as
// the bootstrap makes a SKU (ensureSku). Also what the suite reads and does as the issuer: the
// hook's record of HOODx transfers, and the issuer's powers over a mint (pause, permanent
// delegate, transfer-hook program) as Token-2022 instructions.
import { getPauseInstruction } from '@basket/issuer-mint';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@basket/sdk';
import { testHookRecordAddress } from '@basket/test-harness';
import {
  catalogPrices,
  loadWorldKeys,
  programAddressesOf,
  pushNav,
  STOCKS,
  type TestWorld,
} from '@basket/world';
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
// The bootstrap's own SKU maker (not part of the world package's API: a test-only SKU).
import { ensureSku } from '../../world/src/bootstrap/skus.ts';
import type { KeeperSku } from '../src/service/config.ts';

export const HOOKED_SKU = 'HOOK2';

/** The world's mint of `symbol`. */
export function stockOf(world: TestWorld, symbol: string) {
  const s = world.manifest.stocks.find((x) => x.symbol === symbol);
  if (!s) throw new Error(`no ${symbol} in the world`);
  return s;
}

/**
 * Creates HOOK2 (HOODx 50%, NVDAx 50%) with the bootstrap's terms, pushes its first snapshot
 * at the catalog's prices (the prices the world's pools were made at) and refreshes its NAV.
 * It joins the world's in-memory manifest, where the demo wallet's helpers look SKUs up.
 */
export async function createHookedSku(world: TestWorld): Promise<KeeperSku> {
  const keys = await loadWorldKeys(world.dir);
  const programs = programAddressesOf(world.manifest);
  const m = world.manifest;
  const mintOf = (symbol: string) => {
    const s = stockOf(world, symbol);
    return { address: s.mint as Address, tokenProgram: s.tokenProgram as Address } as never;
  };
  const live = await ensureSku(world.chain, {
    keys,
    programs,
    sku: {
      skuId: HOOKED_SKU,
      label: 'Hooked Two',
      assets: [
        { symbol: 'HOODx', weightBps: 5_000 },
        { symbol: 'NVDAx', weightBps: 5_000 },
      ],
    },
    stable: {
      address: m.stablecoin.mint as Address,
      tokenProgram: m.stablecoin.tokenProgram as Address,
    } as never,
    stocks: new Map(['HOODx', 'NVDAx'].map((s) => [s, mintOf(s)])),
    knownLookupTable: null,
  });
  const v = live.vault.data;
  const assets = v.assets.slice(0, v.assetCount).map((a) => ({
    symbol: m.stocks.find((s) => s.mint === a.mint)?.symbol ?? a.mint,
    mint: a.mint,
    holding: a.holding,
    targetWeightBps: a.targetWeightBps,
  }));
  (m.skus as unknown as object[]).push({
    skuId: HOOKED_SKU,
    label: live.label,
    vault: live.vault.address,
    shareMint: v.shareMint,
    snapshot: live.snapshot,
    cashBuffer: v.cashHolding,
    lookupTable: live.lookupTable,
    assets,
  });
  await pushCatalogPrices(world, { snapshot: live.snapshot, lookupTable: live.lookupTable });
  return {
    skuId: HOOKED_SKU,
    vault: live.vault.address,
    snapshot: live.snapshot,
    lookupTable: live.lookupTable,
    assets: assets.map((a) => ({ symbol: a.symbol, mint: a.mint })),
  };
}

/** A snapshot of HOOK2 at the catalog's prices (the pools' own), then refresh_nav. */
export async function pushCatalogPrices(
  world: TestWorld,
  sku: { snapshot: string; lookupTable?: string | null | undefined },
): Promise<void> {
  await pushNav(world.chain, {
    keys: await loadWorldKeys(world.dir),
    programs: programAddressesOf(world.manifest),
    skuId: HOOKED_SKU,
    snapshot: sku.snapshot as Address,
    prices: catalogPrices(world.manifest, STOCKS),
    lookupTable: (sku.lookupTable ?? null) as Address | null,
  });
}

/** The test hook's record of `mint`: how many transfers it saw and their raw total. */
export async function hookRecord(world: TestWorld, mint: string) {
  const record = await testHookRecordAddress(mint as Address);
  const data = await world.chain.accountData(record);
  if (!data) throw new Error(`no hook record of ${mint}`);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // Layout (programs/test-transfer-hook): authority, mode, count u64, total u64.
  return { count: view.getBigUint64(33, true), total: view.getBigUint64(41, true) };
}

/**
 * A Token-2022 instruction on the mint signed by one of its authorities: `SetAuthority` of the
 * permanent delegate (6, authority type 8, Some(next)) or `TransferHookInstruction::Update`
 * (36, 1, next program).
 */
function mintAuthorityInstruction(mint: Address, authority: TransactionSigner, data: number[]) {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: mint, role: AccountRole.WRITABLE },
      { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    ],
    data: Uint8Array.from(data),
  } as Instruction;
}

/** The issuer uses one of its powers over `symbol`'s mint (the issuer's key signs). */
export async function issuerActs(
  world: TestWorld,
  symbol: string,
  power:
    | { kind: 'pause'; paused: boolean }
    | { kind: 'permanent-delegate'; to: Address }
    | { kind: 'transfer-hook'; to: Address },
): Promise<void> {
  const { issuer } = await loadWorldKeys(world.dir);
  const mint = stockOf(world, symbol).mint as Address;
  const ix =
    power.kind === 'pause'
      ? getPauseInstruction({ address: mint, decimals: 8, issuer }, power.paused)
      : power.kind === 'permanent-delegate'
        ? mintAuthorityInstruction(mint, issuer, [6, 8, 1, ...getAddressEncoder().encode(power.to)])
        : mintAuthorityInstruction(mint, issuer, [36, 1, ...getAddressEncoder().encode(power.to)]);
  await world.chain.landRaw(`issuer ${power.kind} ${symbol}`, issuer, [ix]);
}
