/**
 * Shared LiteSVM setup for the vault tests: a basket mixing SPL Token and Token-2022 assets
 * with non-unit ScaledUiAmount multipliers, the oracle configuration (platform admins), a
 * NAV snapshot written directly into the oracle's account, and a BigInt reference of the
 * vault's pricing so tests compare the program against an independent computation.
 */

import {
  getNavSnapshotEncoder,
  getOracleConfigEncoder,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import {
  createIssuerMint,
  createMint,
  createSvm,
  createTokenAccount,
  fund,
  mintTo,
  newKeyPairSigner,
  SYSTEM_PROGRAM_ADDRESS,
  send,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getDepositInstruction,
  getInitVaultInstruction,
  getVaultStateDecoder,
  getVaultStateEncoder,
  getWithdrawInKindInstruction,
  getWithdrawUsdcInstruction,
  VAULT_PROGRAM_ADDRESS,
  type VaultState,
} from '@basket/vault-client';
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getAddressEncoder,
  getProgramDerivedAddress,
  getTransactionEncoder,
  getUtf8Encoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';

/** 2026-11-23 (a Monday) 15:00 UTC: inside the market window, MAX_STALE_SECS = 60. */
export const MONDAY_15H = 1_795_392_000n + 15n * 3600n;
export const SKU = 'TECH-01';
export const MULTIPLIER_SCALE = 1_000_000_000_000n;
export const VIRTUAL_SHARES = 1_000_000n;
export const VIRTUAL_ASSETS_USD = 1_000_000n;

/** Flags of a snapshot entry (oracle `entry_flags`). */
export const FLAG_MARKET_OPEN = 1;
export const FLAG_CORPORATE_ACTION_FREEZE = 4;
export const FLAG_TRADING_HALTED = 8;

export type Svm = ReturnType<typeof createSvm>;

/** One basket asset: its mint, multiplier and price. */
export interface TestAsset {
  mint: TestMint;
  multiplier: number;
  priceUsd1e8: bigint;
  weightBps: number;
}

export interface Basket {
  svm: Svm;
  payer: KeyPairSigner;
  admins: KeyPairSigner[];
  keeper: KeyPairSigner;
  treasury: KeyPairSigner;
  /** The registered trade authority: rebalance legs pay only into its token accounts. */
  tradeAuthority: KeyPairSigner;
  usdc: TestMint;
  assets: TestAsset[];
  skuId: Uint8Array;
  vault: Address;
  shareMint: Address;
  cashHolding: Address;
  holdings: Address[];
  snapshot: Address;
  oracleConfig: Address;
  /**
   * Sequence of the last snapshot written. The oracle raises the sequence with every push
   * (and nothing else writes entries), and the vault keys its price memory by it, so every
   * write without an explicit sequence takes the next one.
   */
  snapshotSequence?: bigint;
}

export function skuBytes(sku: string): Uint8Array {
  const out = new Uint8Array(16);
  out.set(getUtf8Encoder().encode(sku));
  return out;
}

export async function pda(
  program: Address,
  seeds: (string | Uint8Array | Address)[],
): Promise<Address> {
  const enc = getAddressEncoder();
  const [address] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: seeds.map((s) =>
      s instanceof Uint8Array
        ? s
        : s.length >= 32
          ? enc.encode(s as Address)
          : getUtf8Encoder().encode(s),
    ),
  });
  return address;
}

/** `floor(x * 1e12)` of the f64 `x`, exactly as the program decodes a ScaledUiAmount multiplier. */
export function multiplierNum(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x, true);
  const bits = view.getBigUint64(0, true);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const mantissa = (bits & ((1n << 52n) - 1n)) | (1n << 52n);
  const n = mantissa * MULTIPLIER_SCALE;
  return exponent >= 1075 ? n << BigInt(exponent - 1075) : n >> BigInt(1075 - exponent);
}

function divUp(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** The program's asset value in 1e-6 USD, rounded up in both steps (deposit pricing). */
export function assetValueUp(raw: bigint, mult: bigint, price: bigint, decimals: number): bigint {
  if (raw === 0n) return 0n;
  return divUp(divUp(raw * mult, MULTIPLIER_SCALE) * price, 10n ** BigInt(decimals + 2));
}

/** Reference: shares for a deposit, `d * (S + Vs) / (NAV + Va)` rounded down. */
export function sharesForDeposit(deposit: bigint, navUsd: bigint, supply: bigint): bigint {
  return (deposit * (supply + VIRTUAL_SHARES)) / (navUsd + VIRTUAL_ASSETS_USD);
}

/**
 * Writes the oracle configuration (the platform admin set, 3 of 5, and the keeper) directly
 * into the oracle's PDA, as `initialize_config` leaves it. The vault reads only this
 * account's layout and address, so its tests do not depend on how the oracle creates it.
 */
function writeOracleConfig(
  svm: Svm,
  address: Address,
  bump: number,
  admins: KeyPairSigner[],
  keeper: KeyPairSigner,
): void {
  const data = getOracleConfigEncoder().encode({
    version: 1,
    bump,
    keeperCount: 1,
    admins: { keys: admins.map((a) => a.address), threshold: 3, reserved: 0 },
    keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM_ADDRESS)],
    maxDeviationBps: 1_000,
    keeperSetVersion: 1n,
    reserved: Array(16).fill(0),
  });
  svm.setAccount({
    address,
    data: Uint8Array.from(data),
    executable: false,
    lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: ORACLE_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
}

/**
 * A basket of three assets: a Token-2022 xStock (8 decimals, multiplier 1.0571), an SPL
 * Token asset (6 decimals, no multiplier) and a Token-2022 asset after a 5:2 split
 * (9 decimals, multiplier 2.5); both Token-2022 stocks are issuer mints with the full
 * extension set (`createIssuerMint`: permanent delegate, default state, pausable,
 * confidential-transfer mint, transfer hook unset, metadata); USDC is an SPL Token mint with 6 decimals. The oracle
 * configuration is created with the same five admins (the platform admin set).
 */
export async function setupBasket(): Promise<Basket> {
  const svm = createSvm({ vault: VAULT_PROGRAM_ADDRESS, oracle: ORACLE_PROGRAM_ADDRESS });
  setUnixTime(svm, MONDAY_15H);
  const payer = await newKeyPairSigner();
  fund(svm, payer.address, 1_000n);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => newKeyPairSigner()));
  const keeper = await newKeyPairSigner();
  const treasury = await newKeyPairSigner();
  const tradeAuthority = await newKeyPairSigner();
  fund(svm, tradeAuthority.address, 10n);
  const [oracleConfig, configBump] = await getProgramDerivedAddress({
    programAddress: ORACLE_PROGRAM_ADDRESS,
    seeds: [getUtf8Encoder().encode('oracle_config')],
  });
  writeOracleConfig(svm, oracleConfig, configBump, admins, keeper);

  const usdc = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  const assets: TestAsset[] = [
    {
      mint: await createIssuerMint(svm, payer, { decimals: 8, multiplier: 1.0571 }),
      multiplier: 1.0571,
      priceUsd1e8: 23_456_000_000n, // $234.56 per displayed token
      weightBps: 5_000,
    },
    {
      mint: await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 }),
      multiplier: 1,
      priceUsd1e8: 9_999_000_000n, // $99.99
      weightBps: 3_000,
    },
    {
      mint: await createIssuerMint(svm, payer, { decimals: 9, multiplier: 2.5 }),
      multiplier: 2.5,
      priceUsd1e8: 4_200_000_000n, // $42.00
      weightBps: 2_000,
    },
  ];
  const skuId = skuBytes(SKU);
  const vault = await pda(VAULT_PROGRAM_ADDRESS, ['vault', skuId]);
  const holdings = await Promise.all(
    assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', skuId, a.mint.address])),
  );
  return {
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
    holdings,
    snapshot: await pda(ORACLE_PROGRAM_ADDRESS, ['nav_snapshot', skuId]),
    oracleConfig,
  };
}

export interface InitOverrides {
  signers?: KeyPairSigner[];
  vaultAdmins?: Address[];
  tokenPrograms?: number[];
  weights?: number[];
  assetAccounts?: Address[];
  vault?: Address;
  snapshot?: Address;
  stableMint?: Address;
  cashHolding?: Address;
  tokenProgram?: Address;
  depositCapUsd?: bigint;
  minDepositRaw?: bigint;
  assetCount?: number;
  tradeAuthority?: Address;
}

function pad20(values: number[]): number[] {
  return [...values, ...Array(20 - values.length).fill(0)];
}

export function initVaultIx(b: Basket, o: InitOverrides = {}): Instruction {
  return getInitVaultInstruction({
    payer: b.payer,
    vault: o.vault ?? b.vault,
    shareMint: b.shareMint,
    oracleConfig: b.oracleConfig,
    navSnapshot: o.snapshot ?? b.snapshot,
    stableMint: o.stableMint ?? b.usdc.address,
    cashHolding: o.cashHolding ?? b.cashHolding,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    tokenProgram: o.tokenProgram ?? TOKEN_PROGRAM_ADDRESS,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    skuId: b.skuId,
    admins: o.vaultAdmins ?? b.admins.map((a) => a.address),
    threshold: 3,
    keeper: b.keeper.address,
    treasury: b.treasury.address,
    tradeAuthority: o.tradeAuthority ?? b.tradeAuthority.address,
    mgmtFeeBps: 20,
    perfFeeBps: 1_000,
    withdrawFeeBps: 5,
    cashBufferBps: 500,
    maxSlipBps: 50,
    depositCapUsd: o.depositCapUsd ?? 10_000_000_000_000n, // $10M
    minDepositRaw: o.minDepositRaw ?? 1_000_000n, // $1
    assetCount: o.assetCount ?? b.assets.length,
    tokenPrograms: pad20(
      o.tokenPrograms ??
        b.assets.map((a) => (a.mint.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS ? 1 : 0)),
    ),
    weights: pad20(o.weights ?? b.assets.map((a) => a.weightBps)),
    assetAccounts:
      o.assetAccounts ?? b.assets.flatMap((a, i) => [a.mint.address, b.holdings[i] as Address]),
    adminSigners: o.signers ?? b.admins.slice(0, 3),
  });
}

export async function initVault(b: Basket): Promise<void> {
  const r = await send(b.svm, [initVaultIx(b)], b.payer);
  if (!r.ok) throw new Error(`init_vault: ${r.error}`);
}

export function readVault(b: Basket): VaultState {
  const account = b.svm.getAccount(b.vault);
  if (!account.exists) throw new Error('vault state does not exist');
  return getVaultStateDecoder().decode(Uint8Array.from(account.data));
}

/**
 * Rewrites the vault state (test-only injection of books and statuses). The patched state is one the program never priced, so
 * its cached NAV is dropped, as every instruction that changes a book or a status does.
 */
export function patchVault(b: Basket, patch: (s: VaultState) => VaultState): void {
  const account = b.svm.getAccount(b.vault);
  if (!account.exists) throw new Error('vault state does not exist');
  const patched = patch(readVault(b));
  const data = getVaultStateEncoder().encode({ ...patched, navCacheSequence: 0n });
  b.svm.setAccount({ ...account, data: Uint8Array.from(data) });
  // The vault prices real balances (a holding below its book is a seizure), so an injected
  // book is backed by the same injected tokens: each holding is raised to its book plus
  // what claims are owed, never lowered (a surplus is a donation, which the vault ignores).
  patched.assets.slice(0, patched.assetCount).forEach((a, i) => {
    const holding = b.holdings[i];
    if (holding) raiseBalance(b.svm, holding, a.holdingsRaw + a.claimsOwedRaw);
  });
}

/** Sets a token account's raw amount to at least `amount` (test-only state injection). */
export function raiseBalance(svm: Svm, account: Address, amount: bigint): void {
  const info = svm.getAccount(account);
  if (!info.exists) return;
  const data = Uint8Array.from(info.data);
  const view = new DataView(data.buffer);
  if (view.getBigUint64(64, true) >= amount) return;
  view.setBigUint64(64, amount, true);
  svm.setAccount({ ...info, data });
}

export interface SnapshotEntryInput {
  mint: Address;
  priceUsd1e8: bigint;
  multiplierNum: bigint;
  flags?: number;
}

/** Writes the SKU's NAV snapshot account directly (owner: the oracle program). */
export function writeSnapshot(
  b: Basket,
  input: {
    publishUnixTime?: bigint;
    sequence?: bigint;
    entries?: SnapshotEntryInput[];
    skuId?: Uint8Array;
    address?: Address;
    owner?: Address;
  } = {},
): void {
  const sequence = input.sequence ?? (b.snapshotSequence ?? 0n) + 1n;
  b.snapshotSequence = sequence;
  const entries =
    input.entries ??
    b.assets.map((a) => ({
      mint: a.mint.address,
      priceUsd1e8: a.priceUsd1e8,
      multiplierNum: multiplierNum(a.multiplier),
      flags: FLAG_MARKET_OPEN,
    }));
  const padded = [
    ...entries.map((e) => ({
      mint: e.mint,
      priceUsd1E8: e.priceUsd1e8,
      multiplierNum: e.multiplierNum,
      updatedSlot: 1n,
      flags: e.flags ?? FLAG_MARKET_OPEN,
      reserved: [0, 0, 0, 0],
    })),
    ...Array.from({ length: 20 - entries.length }, () => ({
      mint: SYSTEM_PROGRAM_ADDRESS,
      priceUsd1E8: 0n,
      multiplierNum: 0n,
      updatedSlot: 0n,
      flags: 0,
      reserved: [0, 0, 0, 0],
    })),
  ];
  const data = getNavSnapshotEncoder().encode({
    version: 1,
    bump: 255,
    entryCount: entries.length,
    skuId: input.skuId ?? b.skuId,
    sequence,
    publishSlot: 1n,
    publishUnixTime: input.publishUnixTime ?? b.svm.getClock().unixTimestamp,
    pushedBy: b.keeper.address,
    flags: 0,
    entries: padded,
  });
  b.svm.setAccount({
    address: input.address ?? b.snapshot,
    data: Uint8Array.from(data),
    executable: false,
    lamports: lamports(b.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: input.owner ?? ORACLE_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
}

/** A depositor with a funded USDC account and an empty share account. */
export interface Depositor {
  signer: KeyPairSigner;
  usdcAccount: Address;
  shareAccount: Address;
}

export async function newDepositor(b: Basket, usdc: bigint): Promise<Depositor> {
  const signer = await newKeyPairSigner();
  fund(b.svm, signer.address, 10n);
  const usdcAccount = await createTokenAccount(b.svm, b.payer, b.usdc, signer.address);
  if (usdc > 0n) await mintTo(b.svm, b.payer, b.usdc, usdcAccount, usdc);
  const shareAccount = await createTokenAccount(
    b.svm,
    b.payer,
    { address: b.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
    signer.address,
  );
  return { signer, usdcAccount, shareAccount };
}

export function depositIx(
  b: Basket,
  d: Depositor,
  rawAmount: bigint,
  minSharesOut = 0n,
  assetMints?: Address[],
): Instruction {
  return getDepositInstruction({
    depositor: d.signer,
    vault: b.vault,
    navSnapshot: b.snapshot,
    stableMint: b.usdc.address,
    source: d.usdcAccount,
    cashHolding: b.cashHolding,
    shareMint: b.shareMint,
    destination: d.shareAccount,
    stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    rawAmount,
    minSharesOut,
    assetAccounts: assetPairs(b, assetMints),
  });
}

/**
 * The NAV-priced instructions' remaining accounts: per asset in the vault's order, its mint
 * (`mints` to substitute them) then its holding, whose real balance the vault reads.
 */
export function assetPairs(b: Basket, mints?: Address[]): Address[] {
  return b.assets.flatMap((a, i) => [mints?.[i] ?? a.mint.address, b.holdings[i] as Address]);
}

/** Supply of a mint (either token program). */
export function mintSupply(svm: Svm, mint: Address): bigint {
  const info = svm.getAccount(mint);
  if (!info.exists) throw new Error(`mint ${mint} does not exist`);
  return new DataView(Uint8Array.from(info.data).buffer).getBigUint64(36, true);
}

/** Token accounts of a redeemer for every asset and the stablecoin. */
export interface Redeemer {
  usdcAccount: Address;
  assetAccounts: Address[];
}

export async function newRedeemerAccounts(b: Basket, owner: Address): Promise<Redeemer> {
  const usdcAccount = await createTokenAccount(b.svm, b.payer, b.usdc, owner);
  const assetAccounts: Address[] = [];
  for (const a of b.assets)
    assetAccounts.push(await createTokenAccount(b.svm, b.payer, a.mint, owner));
  return { usdcAccount, assetAccounts };
}

export function withdrawInKindIx(
  b: Basket,
  owner: KeyPairSigner,
  shareSource: Address,
  to: Redeemer,
  shares: bigint,
  holdings?: Address[],
): Instruction {
  return getWithdrawInKindInstruction({
    owner,
    vault: b.vault,
    navSnapshot: b.snapshot,
    shareMint: b.shareMint,
    shareSource,
    stableMint: b.usdc.address,
    cashHolding: b.cashHolding,
    stableDestination: to.usdcAccount,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    shares,
    assetAccounts: b.assets.flatMap((a, i) => [
      a.mint.address,
      (holdings ?? b.holdings)[i] as Address,
      to.assetAccounts[i] as Address,
    ]),
  });
}

/** Mints real tokens into the vault's holdings and books the same raw amounts. */
export async function stockHoldings(b: Basket, books: bigint[]): Promise<void> {
  for (let i = 0; i < books.length; i++) {
    const amount = books[i] as bigint;
    const asset = b.assets[i] as TestAsset;
    if (amount > 0n) await mintTo(b.svm, b.payer, asset.mint, b.holdings[i] as Address, amount);
  }
  patchVault(b, (s) => ({
    ...s,
    assets: s.assets.map((a, i) =>
      i < books.length ? { ...a, holdingsRaw: a.holdingsRaw + (books[i] as bigint) } : a,
    ),
  }));
}

export function withdrawUsdcIx(
  b: Basket,
  owner: KeyPairSigner,
  accounts: { shareSource: Address; destination: Address; treasuryStable: Address },
  args: { shares: bigint; maxSlipBps?: number; quotedOut?: bigint },
): Instruction {
  return getWithdrawUsdcInstruction({
    owner,
    vault: b.vault,
    navSnapshot: b.snapshot,
    shareMint: b.shareMint,
    shareSource: accounts.shareSource,
    stableMint: b.usdc.address,
    cashHolding: b.cashHolding,
    destination: accounts.destination,
    treasuryStable: accounts.treasuryStable,
    stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    shares: args.shares,
    maxSlipBps: args.maxSlipBps ?? 0,
    quotedOut: args.quotedOut ?? 0n,
    assetAccounts: assetPairs(b),
  });
}

/** The program's asset value in 1e-6 USD, rounded down in both steps (payout pricing). */
export function assetValueDown(raw: bigint, mult: bigint, price: bigint, decimals: number): bigint {
  return (((raw * mult) / MULTIPLIER_SCALE) * price) / 10n ** BigInt(decimals + 2);
}

/**
 * Reference NAV from the books at the given per-asset prices (the fixture's by default),
 * computed the way the vault's `nav::NavSum` defines it, independently: each asset's value of
 * one whole token `price x multiplier / 1e12` (floor, plus one when inexact and rounding up),
 * `raw x unit` summed exactly per asset decimals, each sum divided once by `10^(decimals + 2)`
 * in the rounding's direction, plus the cash book.
 */
export function navAtPrices(
  b: Basket,
  rounding: 'up' | 'down',
  prices: bigint[] = b.assets.map((a) => a.priceUsd1e8),
): bigint {
  const s = readVault(b);
  const groups = new Map<number, bigint>();
  b.assets.forEach((a, i) => {
    const raw = s.assets[i]?.holdingsRaw ?? 0n;
    if (raw === 0n) return;
    const product = (prices[i] as bigint) * multiplierNum(a.multiplier);
    const floor = product / MULTIPLIER_SCALE;
    const unit = rounding === 'up' && floor * MULTIPLIER_SCALE !== product ? floor + 1n : floor;
    groups.set(a.mint.decimals, (groups.get(a.mint.decimals) ?? 0n) + raw * unit);
  });
  let nav = s.cashRaw;
  for (const [decimals, sum] of groups) {
    const d = 10n ** BigInt(decimals + 2);
    nav += rounding === 'up' ? divUp(sum, d) : sum / d;
  }
  return nav;
}

/** NAV the program computes for payouts (rounded down) from the current books. */
export function navDown(b: Basket): bigint {
  return navAtPrices(b, 'down');
}

/** The treasury's USDC and share token accounts. */
export async function treasuryAccounts(b: Basket): Promise<{ usdc: Address; shares: Address }> {
  return {
    usdc: await createTokenAccount(b.svm, b.payer, b.usdc, b.treasury.address),
    shares: await createTokenAccount(
      b.svm,
      b.payer,
      { address: b.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
      b.treasury.address,
    ),
  };
}

/**
 * Wire size of the signed transaction when every non-signer account sits in one address
 * lookup table (LiteSVM does not enforce the 1,232-byte limit, so tests measure it).
 */
export async function sizeWithLookupTable(
  instructions: Instruction[],
  feePayer: KeyPairSigner,
): Promise<number> {
  const lookupTable = (await newKeyPairSigner()).address;
  const addresses = [
    ...new Set(
      instructions.flatMap((ix) =>
        (ix.accounts ?? [])
          .filter((m) => m.role === AccountRole.READONLY || m.role === AccountRole.WRITABLE)
          .map((m) => m.address),
      ),
    ),
  ];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as never, lastValidBlockHeight: 1n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, { [lookupTable]: addresses }),
  );
  const tx = await signTransactionMessageWithSigners(message);
  return getTransactionEncoder().encode(tx).length;
}

/** A basket of `n` assets: even indexes Token-2022 (8 decimals, multiplier), odd SPL Token. */
export async function basketOf(n: number): Promise<Basket> {
  const b = await setupBasket();
  b.assets = [];
  for (let i = 0; i < n; i++) {
    const legacy = i % 2 === 1;
    const multiplier = 1 + (i + 1) / 37;
    b.assets.push({
      mint: legacy
        ? await createMint(b.svm, b.payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 })
        : await createIssuerMint(b.svm, b.payer, { decimals: 8, multiplier }),
      multiplier: legacy ? 1 : multiplier,
      priceUsd1e8: BigInt(1_000_000_000 + i * 77_777_777),
      weightBps: 0,
    });
  }
  const weights = Array.from({ length: n }, (_, i) =>
    i === 0 ? 10_000 - Math.floor(10_000 / n) * (n - 1) : Math.floor(10_000 / n),
  );
  b.assets.forEach((a, i) => {
    a.weightBps = weights[i] as number;
  });
  b.holdings = await Promise.all(
    b.assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, a.mint.address])),
  );
  return b;
}
