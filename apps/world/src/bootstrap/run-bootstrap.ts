// The world's bootstrap: idempotent (each step reads what exists first, keys and mint
// keypairs are files kept under the world's directory), so a second run changes nothing but
// the NAV push it makes on purpose to leave every SKU fresh.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorldManifest, type WorldManifest } from '@basket/localnet';
import {
  findVaultHoldingPda,
  getCreateAssociatedTokenAccountInstructionFor,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/sdk';
import { type Address, lamports } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { loadOrCreateSigner } from '../keys.ts';
import {
  type CatalogStock,
  SKUS,
  STABLE,
  STAKING,
  STOCK_MINT_DECIMALS,
  STOCKS,
} from './catalog.ts';
import { loadWorldKeys } from './keys.ts';
import { ensureMint, ensureStockMint, topUp, type WorldMint } from './mints.ts';
import { pushNav } from './nav.ts';
import { deployTestSwap, ensurePools } from './pools.ts';
import { configureOracle, configureRewards, deployPrograms } from './programs.ts';
import { ensureSku } from './skus.ts';
import { deployTestTransferHook, ensureHookAccounts } from './transfer-hook.ts';

const SOL = 1_000_000_000n;
/** The distributor's SOL: each epoch account's rent (about 0.002 SOL) for years of epochs. */
const DISTRIBUTOR_SOL = 10n * SOL;
/** Each demo wallet's stablecoin: 100,000 USDC. */
const DEMO_STABLE = 100_000n * 10n ** BigInt(STABLE.decimals);
/** Each demo wallet's staking tokens: 10,000 BSKT. */
const DEMO_STAKING = 10_000n * 10n ** BigInt(STAKING.decimals);
/** The market maker's inventory of each stock (raw) and of stablecoin. */
const MAKER_STOCK = 1_000_000n * 10n ** BigInt(STOCK_MINT_DECIMALS);
const MAKER_STABLE = 100_000_000n * 10n ** BigInt(STABLE.decimals);

export const MANIFEST_FILE = 'world.json';

export async function runBootstrap(input: {
  dir: string;
  chain: Chain;
  rpcUrl: string;
  wsUrl: string;
  log: (line: string) => void;
}): Promise<WorldManifest> {
  const { chain, log } = input;
  const manifestPath = join(input.dir, MANIFEST_FILE);
  const previous = existsSync(manifestPath) ? readWorldManifest(manifestPath) : null;
  const keys = await loadWorldKeys(input.dir);
  log(`keys under ${keys.dir}`);
  const payers = [
    keys.upgradeAuthority,
    ...keys.admins,
    keys.feePayer,
    keys.issuer,
    keys.marketMaker,
  ];
  for (const who of [...payers, keys.tradeAuthority, ...keys.demoWallets]) {
    await chain.fund(who.address, lamports(100n * SOL));
  }
  // One key per role: each holds what its role needs. The fee payer pays every keeper fee and
  // token-account rent (above); the distributor pays each epoch account's rent; the vaults'
  // keeper key and the NAV signer pay nothing (a little SOL lets tests and demos land as
  // them without a fee payer of their own).
  await chain.fund(keys.distributor.address, lamports(DISTRIBUTOR_SOL));
  for (const who of [keys.keeper, keys.navSigner]) await chain.fund(who.address, lamports(SOL));

  const { programs } = await deployPrograms(chain, keys, log);
  const oracleConfig = await configureOracle(chain, keys, programs);
  if (oracleConfig) log(`oracle config ${oracleConfig}: 3 of 5 admins, the NAV signer its keeper`);

  const mint = async (name: string, decimals: number) =>
    ensureMint(chain, {
      payer: keys.issuer,
      issuer: keys.issuer,
      mintKey: await loadOrCreateSigner(keys.path(`mint-${name}`)),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      decimals,
    });
  const stable = await mint(STABLE.symbol, STABLE.decimals);
  const staking = await mint(STAKING.symbol, STAKING.decimals);
  const testTransferHook = await deployTestTransferHook(chain, keys);
  const stocks = new Map<string, WorldMint>();
  const bySymbol = new Map<string, CatalogStock>(STOCKS.map((s) => [s.symbol, s]));
  for (const s of STOCKS) {
    const stock = await ensureStockMint(chain, {
      payer: keys.issuer,
      issuer: keys.issuer,
      mintKey: await loadOrCreateSigner(keys.path(`mint-${s.symbol}`)),
      decimals: STOCK_MINT_DECIMALS,
      multiplier: s.multiplier,
      metadata: {
        name: `${s.name} xStock`,
        symbol: s.symbol,
        uri: `https://assets.invalid/${s.symbol}.json`,
      },
      // New accounts start usable, as on the issuer's live mints; the extension is there.
      defaultState: 'initialized',
      hookProgram: s.transferHook === true ? testTransferHook : null,
    });
    if (stock.hookProgram !== null) {
      await ensureHookAccounts(chain, { issuer: keys.issuer, mint: stock.address });
    }
    stocks.set(s.symbol, stock);
  }
  log(
    `mints: ${STABLE.symbol} ${stable.address}, ${STAKING.symbol} ${staking.address}, ${stocks.size} tokenized stocks`,
  );

  const first = stocks.get(SKUS[0]?.assets[0]?.symbol ?? '');
  if (!first) throw new Error('the first SKU has no first asset');
  const rewardsConfig = await configureRewards(chain, keys, programs, staking, [first.address]);
  if (rewardsConfig) {
    log(
      `rewards config ${rewardsConfig}: staking token, the distributor its keeper, reward mint of the first SKU`,
    );
  }

  for (const wallet of keys.demoWallets) {
    await topUp(chain, {
      payer: keys.issuer,
      issuer: keys.issuer,
      mint: stable,
      owner: wallet.address,
      atLeast: DEMO_STABLE,
    });
    await topUp(chain, {
      payer: keys.issuer,
      issuer: keys.issuer,
      mint: staking,
      owner: wallet.address,
      atLeast: DEMO_STAKING,
    });
  }
  await topUp(chain, {
    payer: keys.issuer,
    issuer: keys.issuer,
    mint: stable,
    owner: keys.marketMaker.address,
    atLeast: MAKER_STABLE,
  });
  for (const m of stocks.values()) {
    await topUp(chain, {
      payer: keys.issuer,
      issuer: keys.issuer,
      mint: m,
      owner: keys.marketMaker.address,
      atLeast: MAKER_STOCK,
    });
  }
  // The distributor's stablecoin account is the rewards funding (fee sweeps land there; the
  // epochs pay out of it): created empty, paid by the fee payer.
  const funding = await getCreateAssociatedTokenAccountInstructionFor({
    payer: keys.feePayer,
    owner: keys.distributor.address,
    mint: stable.address,
    tokenProgram: stable.tokenProgram,
  });
  if (!(await chain.exists(funding.address))) {
    await chain.landRaw('rewards funding account', keys.feePayer, [funding.instruction]);
  }
  log(`funded ${keys.demoWallets.length} demo wallets and the market maker`);

  const testSwap = await deployTestSwap(chain, keys);
  const venue = await ensurePools(chain, {
    keys,
    stable,
    stocks: STOCKS.map((s) => ({ catalog: s, mint: stocks.get(s.symbol) as WorldMint })),
  });
  log(`swap venue ${testSwap}: ${venue.pools.length} pools (${venue.created} new)`);

  const priceOf = new Map<Address, CatalogStock>();
  for (const [symbol, m] of stocks) {
    const s = bySymbol.get(symbol);
    if (s) priceOf.set(m.address, s);
  }
  const skus: WorldManifest['skus'] = [];
  for (const sku of SKUS) {
    const known = (previous?.skus.find((s) => s.skuId === sku.skuId)?.lookupTable ??
      null) as Address | null;
    const live = await ensureSku(chain, {
      keys,
      programs,
      sku,
      stable,
      stocks,
      knownLookupTable: known,
    });
    const sequence = await pushNav(chain, {
      keys,
      programs,
      skuId: sku.skuId,
      snapshot: live.snapshot,
      prices: priceOf,
      lookupTable: live.lookupTable,
    });
    log(
      `${sku.skuId}: vault ${live.vault.address} ${live.created ? 'created' : 'exists'}, NAV pushed (#${sequence}) and refreshed`,
    );
    const holdingOf = async (m: Address) =>
      (await findVaultHoldingPda(live.vault.data.skuId, m, programs))[0];
    const assets = [];
    for (const a of sku.assets) {
      const m = stocks.get(a.symbol)?.address as Address;
      assets.push({
        symbol: a.symbol,
        mint: m,
        holding: await holdingOf(m),
        targetWeightBps: a.weightBps,
      });
    }
    skus.push({
      skuId: sku.skuId,
      label: sku.label,
      vault: live.vault.address,
      shareMint: live.vault.data.shareMint,
      snapshot: live.snapshot,
      cashBuffer: await holdingOf(stable.address),
      lookupTable: live.lookupTable,
      assets,
    });
  }

  const manifest: WorldManifest = {
    version: 1,
    rpcUrl: input.rpcUrl,
    wsUrl: input.wsUrl,
    programs: { ...programs, testSwap, testTransferHook },
    stablecoin: {
      mint: stable.address,
      decimals: stable.decimals,
      tokenProgram: stable.tokenProgram,
    },
    stakingMint: staking.address,
    stocks: STOCKS.map((s) => ({
      symbol: s.symbol,
      mint: stocks.get(s.symbol)?.address as Address,
      decimals: STOCK_MINT_DECIMALS,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      multiplier: String(s.multiplier),
      transferHookProgram: stocks.get(s.symbol)?.hookProgram ?? null,
    })),
    skus,
    keys: {
      dir: keys.dir,
      upgradeAuthority: keys.path('upgrade-authority'),
      admins: [1, 2, 3, 4, 5].map((i) => keys.path(`admin-${i}`)),
      keeper: keys.path('keeper'),
      tradeAuthority: keys.path('trade-authority'),
      navSigner: keys.path('nav-signer'),
      distributor: keys.path('distributor'),
      feePayer: keys.path('fee-payer'),
      issuer: keys.path('issuer'),
      marketMaker: keys.path('market-maker'),
      demoWallets: keys.demoWallets.map((_, i) => keys.path(`demo-${i + 1}`)),
    },
    pools: venue.pools.map((p) => ({ ...p })),
    services: previous?.services ?? {},
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  // Read back through the schema: a manifest this code cannot read again is a bug here.
  readWorldManifest(manifestPath);
  return manifest;
}
