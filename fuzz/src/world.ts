/**
 * The fuzzed world in LiteSVM: the real oracle and vault `.so` files, a basket of three
 * issuer-made Token-2022 stocks (every one with a non-unit ScaledUiAmount multiplier), a
 * vault initialised through `init_vault` on a snapshot created and pushed through the oracle
 * program, three users, the treasury and the trade authority's counterparty wallet.
 *
 * The programs are loaded from `FUZZ_PROGRAM_DIR` (default `target/deploy`), so the mutation
 * driver can point the same fuzzer at a mutant's build.
 */

import { join } from 'node:path';
import {
  encodeSkuId,
  findNavSnapshotPda,
  getCreateSnapshotInstruction,
  getSignedPushSnapshotInstructions,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { resolveTransferHookAccounts, withVaultHookAccounts } from '@basket/sdk';
import {
  createIssuerMint,
  createMint,
  createTestHookedMint,
  createTokenAccount,
  fund,
  type IssuerMint,
  mintTo,
  newKeyPairSigner,
  REPO_ROOT,
  type SendResult,
  SYSTEM_PROGRAM_ADDRESS,
  seedKeys,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  type AccountMeta,
  type Address,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { FLAG_MARKET_OPEN, writeOracleConfig } from '../../programs/vault/tests/fixture/oracle.ts';
import {
  type Basket,
  initVault,
  MONDAY_15H,
  multiplierNum,
  pda,
} from '../../programs/vault/tests/fixture.ts';
import {
  type Counterparty,
  newCounterparty,
} from '../../programs/vault/tests/rebalance-fixture.ts';
import { newProvider, seedVenue, type Venue } from '../../programs/vault/tests/route-fixture.ts';

export const SKU = 'FUZZ-01';
/** One USDC in raw units (6 decimals). */
export const USDC = 1_000_000n;
/** What each user starts with. */
export const USER_USDC = 50_000n * USDC;

/** A user of the vault with an account for every mint it can receive. */
export interface Actor {
  name: string;
  signer: KeyPairSigner;
  usdcAccount: Address;
  shareAccount: Address;
  assetAccounts: Address[];
}

export interface World {
  b: Basket;
  svm: LiteSVM;
  actors: Actor[];
  /** The treasury's fee accounts (USDC for withdrawal fees, shares for the others). */
  treasury: { usdc: Address; shares: Address };
  counterparty: Counterparty;
  /** The test-swap venue: a pool of asset 0 against the stablecoin (aggregator-style legs). */
  venue: Venue;
  /** An RFQ provider's wallet (asset 0 and the stablecoin) for RFQ-style legs. */
  provider: Awaited<ReturnType<typeof newProvider>>;
  /** The hooked stock's transfer-hook accounts (appended to every instruction moving it). */
  hook: { index: number; mint: IssuerMint; accounts: AccountMeta[] };
  /** Where the issuer's delegate moves seized tokens (per asset). */
  recovery: Address[];
  /** Sequence of the last snapshot the oracle accepted. */
  oracleSequence: bigint;
  /** The oracle's configuration and the SKU's deviation reference (admin instructions). */
  oracle: { config: Address; reference: Address };
  /** Keys that can sign pushes: the world's keeper, then a replacement (keeper rotation). */
  oracleKeepers: KeyPairSigner[];
  /** Indices into `oracleKeepers` of the oracle's keeper set now (the first one pushes). */
  oracleKeeperSet: number[];
  /** Per asset: price (1e-8 USD per displayed token) and multiplier of the last accepted push. */
  pushed: { priceUsd1e8: bigint; multiplier: number }[];
  /** Per asset: the mint's multiplier and a scheduled one (the issuer's corporate actions). */
  mints: { multiplier: number; pending: { multiplier: number; at: bigint } | null }[];
}

/** The multiplier a mint applies now (a scheduled one once its time has come). */
export function currentMultiplier(w: World, i: number): number {
  const m = w.mints[i];
  if (!m) throw new Error(`no asset ${i}`);
  if (m.pending && w.svm.getClock().unixTimestamp >= m.pending.at) {
    m.multiplier = m.pending.multiplier;
    m.pending = null;
  }
  return m.multiplier;
}

/** Where the programs are read from. */
export function programDir(): string {
  return process.env.FUZZ_PROGRAM_DIR ?? join(REPO_ROOT, 'target', 'deploy');
}

function loadSvm(): LiteSVM {
  const svm = new LiteSVM();
  const dir = programDir();
  svm.addProgramFromFile(VAULT_PROGRAM_ADDRESS, join(dir, 'vault.so'));
  svm.addProgramFromFile(ORACLE_PROGRAM_ADDRESS, join(dir, 'oracle.so'));
  return svm;
}

/** The three stocks: decimals, multiplier (never 1), starting price, target weight. */
const STOCKS = [
  { decimals: 8, multiplier: 1.0571, priceUsd1e8: 23_456_000_000n, weightBps: 5_000 },
  { decimals: 9, multiplier: 2.5, priceUsd1e8: 4_200_000_000n, weightBps: 3_000 },
  { decimals: 6, multiplier: 0.75, priceUsd1e8: 9_999_000_000n, weightBps: 2_000 },
];
/** The stock whose issuer set a transfer hook (the test hook, which can refuse transfers). */
export const HOOKED = 2;

function rawCopy(svm: LiteSVM, address: Address): Uint8Array | null {
  const info = svm.getAccount(address);
  return info.exists ? Uint8Array.from(info.data) : null;
}

/** `ix` with the hooked stock's hook accounts appended when `moves` (a transfer of it). */
export function hooked<T extends Instruction>(w: World, ix: T, moves: boolean): T {
  return moves ? withVaultHookAccounts(ix, w.hook.accounts) : ix;
}

/** Sends and throws on failure (set-up steps only). */
export async function sendOk(
  w: { svm: LiteSVM },
  ixs: Instruction[],
  payer: KeyPairSigner,
  what: string,
): Promise<SendResult> {
  const r = await send(w.svm, ixs, payer);
  if (!r.ok) throw new Error(`fuzz world set-up: ${what} failed: ${r.error}`);
  return r;
}

async function newActor(b: Basket, name: string): Promise<Actor> {
  const signer = await newKeyPairSigner();
  fund(b.svm, signer.address, 10n);
  const usdcAccount = await createTokenAccount(b.svm, b.payer, b.usdc, signer.address);
  await mintTo(b.svm, b.payer, b.usdc, usdcAccount, USER_USDC);
  const shareAccount = await createTokenAccount(
    b.svm,
    b.payer,
    { address: b.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
    signer.address,
  );
  const assetAccounts: Address[] = [];
  for (const a of b.assets)
    assetAccounts.push(await createTokenAccount(b.svm, b.payer, a.mint, signer.address));
  return { name, signer, usdcAccount, shareAccount, assetAccounts };
}

/** The keeper's signed push of the basket's current prices and multipliers (two instructions). */
export async function pushInstructions(
  w: Pick<World, 'b' | 'svm'>,
  sequence: bigint,
  entries: { priceUsd1e8: bigint; multiplier: number; flags: number }[],
  keeper: KeyPairSigner = w.b.keeper,
): Promise<Instruction[]> {
  const slot = w.svm.getClock().slot;
  return getSignedPushSnapshotInstructions({
    keeper: keeper.keyPair,
    snapshot: w.b.snapshot,
    config: w.b.oracleConfig,
    skuId: w.b.skuId,
    sequence,
    entries: entries.map((e) => ({
      priceUsd1E8: e.priceUsd1e8,
      multiplierNum: multiplierNum(e.multiplier),
      updatedSlot: slot,
      flags: e.flags,
    })),
  });
}

/** A fresh world: programs loaded, mints made, snapshot pushed once, vault initialised. */
export async function createWorld(actorCount = 3): Promise<World> {
  const svm = loadSvm();
  svm.warpToSlot(1_000n);
  setUnixTime(svm, MONDAY_15H);
  const payer = await newKeyPairSigner();
  fund(svm, payer.address, 1_000n);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => newKeyPairSigner()));
  const keeper = await newKeyPairSigner();
  const treasury = await newKeyPairSigner();
  const tradeAuthority = await newKeyPairSigner();
  fund(svm, tradeAuthority.address, 10n);
  fund(svm, keeper.address, 10n);
  const [oracleConfig, configBump] = await getProgramDerivedAddress({
    programAddress: ORACLE_PROGRAM_ADDRESS,
    seeds: [getUtf8Encoder().encode('oracle_config')],
  });
  // The configuration is written as initialize_config leaves it (that instruction needs the
  // upgradeable loader's program data); every snapshot goes through the program.
  writeOracleConfig(svm, oracleConfig, configBump, admins, keeper);
  const usdc = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  const issuer = await newKeyPairSigner();
  const assets = [];
  for (const [i, s] of STOCKS.entries()) {
    const mint: IssuerMint =
      i === HOOKED
        ? await createTestHookedMint(svm, payer, { decimals: s.decimals, multiplier: s.multiplier })
        : await createIssuerMint(svm, payer, {
            decimals: s.decimals,
            multiplier: s.multiplier,
            issuer,
          });
    assets.push({
      mint,
      multiplier: s.multiplier,
      priceUsd1e8: s.priceUsd1e8,
      weightBps: s.weightBps,
    });
  }
  const skuId = encodeSkuId(SKU);
  const [snapshot] = await findNavSnapshotPda(skuId);
  const vault = await pda(VAULT_PROGRAM_ADDRESS, ['vault', skuId]);
  const b: Basket = {
    svm,
    payer,
    admins,
    keeper,
    treasury,
    tradeAuthority,
    usdc,
    assets,
    skuId,
    vault,
    shareMint: await pda(VAULT_PROGRAM_ADDRESS, ['share', skuId]),
    cashHolding: await pda(VAULT_PROGRAM_ADDRESS, ['holding', skuId, usdc.address]),
    holdings: await Promise.all(
      assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', skuId, a.mint.address])),
    ),
    snapshot,
    oracleConfig,
  };
  // The deviation reference PDA, for the oracle versions whose create_snapshot makes one
  // (passed by spread so the input type-checks with and without that account).
  const reference = await pda(ORACLE_PROGRAM_ADDRESS, ['nav_reference', skuId]);
  const referenceAccount = { reference };
  const create = getCreateSnapshotInstruction({
    ...referenceAccount,
    payer,
    config: oracleConfig,
    snapshot,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    skuId,
    mintCount: assets.length,
    mints: [
      ...assets.map((a) => a.mint.address),
      ...Array(20 - assets.length).fill(SYSTEM_PROGRAM_ADDRESS),
    ],
    adminSigners: admins.slice(0, 3),
  });
  await sendOk({ svm }, [create], payer, 'create_snapshot');
  const entries = assets.map((a) => ({
    priceUsd1e8: a.priceUsd1e8,
    multiplier: a.multiplier,
    flags: FLAG_MARKET_OPEN,
  }));
  await sendOk({ svm }, await pushInstructions({ b, svm }, 1n, entries), keeper, 'first push');
  b.snapshotSequence = 1n;
  await initVault(b);
  const actors: Actor[] = [];
  for (const name of ['alice', 'bob', 'carol'].slice(0, actorCount))
    actors.push(await newActor(b, name));
  const treasuryUsdc = await createTokenAccount(svm, payer, usdc, treasury.address);
  const treasuryShares = await createTokenAccount(
    svm,
    payer,
    { address: b.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
    treasury.address,
  );
  const counterparty = await newCounterparty(b);
  const venue = await seedVenue(b);
  const provider = await newProvider(b);
  const recoveryOwner = await newKeyPairSigner();
  const recovery: Address[] = [];
  for (const a of assets)
    recovery.push(await createTokenAccount(svm, payer, a.mint, recoveryOwner.address));
  const hookedMint = assets[HOOKED]?.mint as IssuerMint;
  const hookAccounts = await resolveTransferHookAccounts(
    {
      mint: hookedMint.address,
      mintData: rawCopy(svm, hookedMint.address) as Uint8Array,
      source: b.holdings[HOOKED] as Address,
      destination: recovery[HOOKED] as Address,
      authority: vault,
      amount: 1n,
    },
    async (address) => rawCopy(svm, address),
  );
  // Made last, so every key above is what it was before keeper rotation was fuzzed (the
  // recorded runs' worlds stay the same worlds).
  const replacementKeeper = await newKeyPairSigner();
  return {
    b,
    svm,
    actors,
    hook: { index: HOOKED, mint: hookedMint, accounts: hookAccounts },
    treasury: { usdc: treasuryUsdc, shares: treasuryShares },
    counterparty,
    venue,
    provider,
    recovery,
    oracleSequence: 1n,
    oracle: { config: oracleConfig, reference },
    oracleKeepers: [keeper, replacementKeeper],
    oracleKeeperSet: [0],
    pushed: assets.map((a) => ({ priceUsd1e8: a.priceUsd1e8, multiplier: a.multiplier })),
    mints: assets.map((a) => ({ multiplier: a.multiplier, pending: null })),
  };
}

/** A world made once and kept as LiteSVM's full-state snapshot (accounts, sysvars, features). */
export interface WorldTemplate {
  /** The keys' label (`seedKeys`): `replay(..., keys)` rebuilds the same world from it. */
  keys: string;
  world: World;
  bytes: Uint8Array;
}

/**
 * Makes the world once under `keys` and snapshots it: every sequence of a run starts from a
 * restored copy (about 100 ms) instead of a new set-up (about 400-650 ms here, most of a
 * 150-step sequence's time; decision 0940).
 */
export async function worldTemplate(keys: string): Promise<WorldTemplate> {
  seedKeys(keys);
  const world = await createWorld();
  return { keys, world, bytes: world.svm.toBytes() };
}

/**
 * A fresh copy of the template's world: a LiteSVM restored from the snapshot, and the
 * off-chain fields the commands move (last push, mints' multipliers) copied.
 */
export function restoreWorld(t: WorldTemplate): World {
  const svm = LiteSVM.fromBytes(t.bytes);
  const w = t.world;
  return {
    ...w,
    svm,
    b: { ...w.b, svm, assets: w.b.assets.map((a) => ({ ...a })) },
    pushed: w.pushed.map((p) => ({ ...p })),
    oracleKeeperSet: [...w.oracleKeeperSet],
    mints: w.mints.map((m) => ({
      multiplier: m.multiplier,
      pending: m.pending ? { ...m.pending } : null,
    })),
  };
}
