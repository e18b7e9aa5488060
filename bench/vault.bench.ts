/**
 * Vault compute units and transaction sizes at 1, 5, 10 and 20 assets (alternating
 * Token-2022 with ScaledUiAmount multipliers and SPL Token assets, SPL Token USDC, every
 * asset held), plus the program binary's size. Totals include every CPI. Transactions over
 * 1,232 bytes are measured again with every non-signer account in one lookup table.
 */
import { statSync } from 'node:fs';
import {
  MAX_TRANSACTION_BYTES,
  programPath,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getBeginRedemptionInstruction,
  getPayRedemptionInstruction,
  getRefreshNavInstruction,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU64Encoder,
  getUtf8Encoder,
  type Instruction,
} from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import {
  assetPairs,
  type Basket,
  type BasketMints,
  basketOf,
  type Depositor,
  depositIx,
  initVaultIx,
  newDepositor,
  newRedeemerAccounts,
  sizeWithLookupTable,
  stockHoldings,
  treasuryAccounts,
  withdrawInKindIx,
  withdrawUsdcIx,
  writeSnapshot,
} from '../programs/vault/tests/fixture.ts';
import {
  minAcceptedIn,
  newCounterparty,
  swapIxs,
} from '../programs/vault/tests/rebalance-fixture.ts';
import type { CuRecord } from './src/record.ts';

const USDC = 1_000_000n;
/** withdraw_in_kind pays 3 accounts per asset after 10 fixed ones: 64 locks allow 18. */
const IN_KIND_MAX_ASSETS = 18;

async function measure(
  b: Basket,
  ixs: Instruction[],
  what: string,
): Promise<{ computeUnits: number; txBytes: number; lookupTable: boolean }> {
  const r = await send(b.svm, ixs, b.payer);
  if (!r.ok) throw new Error(`${what} failed: ${r.error}`);
  if (r.txBytes <= MAX_TRANSACTION_BYTES)
    return { computeUnits: Number(r.computeUnits), txBytes: r.txBytes, lookupTable: false };
  const txBytes = await sizeWithLookupTable(ixs, b.payer);
  return { computeUnits: Number(r.computeUnits), txBytes, lookupTable: true };
}

/** Compute units the first top-level vault instruction consumed (CPIs included). */
function firstVaultInstructionUnits(logs: string[]): number {
  const line = logs.find((l) => l.startsWith(`Program ${VAULT_PROGRAM_ADDRESS} consumed`));
  const m = line && /consumed (\d+) of/.exec(line);
  if (!m) throw new Error('no vault consumption line');
  return Number(m[1]);
}

/** A vault of `n` assets, initialized, with a snapshot, Alice's first deposit and every
 * asset held (books stocked). */
export async function heldBasket(
  n: number,
  mints: BasketMints = {},
): Promise<{ b: Basket; alice: Depositor }> {
  const b = await basketOf(n, mints);
  const init = await send(
    b.svm,
    [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), initVaultIx(b)],
    b.payer,
  );
  if (!init.ok) throw new Error(`init_vault (${n}) failed: ${init.error}`);
  writeSnapshot(b);
  const alice = await newDepositor(b, 1_000_000n * USDC);
  const first = await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer);
  if (!first.ok) throw new Error(`first deposit failed: ${first.error}`);
  await stockHoldings(
    b,
    b.assets.map((a) =>
      a.mint.tokenProgram === TOKEN_PROGRAM_ADDRESS ? 30_000_000n : 3_000_000_000n,
    ),
  );
  return { b, alice };
}

type Measured = Awaited<ReturnType<typeof measure>>;

/** The NAV-priced rows of a held basket: deposit, withdraw_usdc and refresh_nav, cached
 * and after a push; `held` starts each case. */
export async function pricedRows(
  b: Basket,
  alice: Depositor,
  held: string,
  push: (instruction: string, c: string, m: Measured) => void,
): Promise<void> {
  // The first NAV-priced call at a snapshot (or after a book change) prices every held asset
  // with every guard and caches the assets' value; later calls at that snapshot re-verify only
  // each held Token-2022 mint's multiplier (programs/vault/src/nav.rs).
  const deposit = (what: string) => measure(b, [depositIx(b, alice, 1_000n * USDC)], what);
  push('deposit', `${held}, first at this snapshot (every asset priced)`, await deposit('cold'));
  push('deposit', `${held}, cached NAV`, await deposit('warm'));
  writeSnapshot(b, { sequence: 2n });
  push(
    'deposit',
    `${held}, first after a new snapshot (price memory roll, every asset priced)`,
    await deposit('deposit after push'),
  );

  const treasury = await treasuryAccounts(b);
  const withdrawUsdc = () =>
    withdrawUsdcIx(
      b,
      alice.signer,
      {
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
      },
      { shares: 100n * USDC },
    );
  push('withdraw_usdc', `${held}, cached NAV`, await measure(b, [withdrawUsdc()], 'withdraw_usdc'));
  writeSnapshot(b, { sequence: 3n });
  push(
    'withdraw_usdc',
    `${held}, first after a new snapshot (every asset priced)`,
    await measure(b, [withdrawUsdc()], 'withdraw_usdc after push'),
  );

  // What the keeper sends after each push so users' calls take the cached path.
  writeSnapshot(b, { sequence: 4n });
  const refresh = getRefreshNavInstruction({
    vault: b.vault,
    navSnapshot: b.snapshot,
    assetAccounts: assetPairs(b),
  });
  push(
    'refresh_nav',
    `${held}, after a push (every asset priced)`,
    await measure(b, [refresh], 'refresh_nav'),
  );
}

/** A `push` appending vault rows to `records` (the lookup table noted in the case). */
export function recorder(records: CuRecord[]) {
  return (instruction: string, c: string, m: Measured) => {
    records.push({
      program: 'vault',
      instruction,
      case: `${c}${m.lookupTable ? ', lookup table' : ''}`,
      computeUnits: m.computeUnits,
      txBytes: m.txBytes,
    });
  };
}

async function benchAssets(n: number): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const push = recorder(records);
  const { b, alice } = await heldBasket(n);
  const held = `${n} held asset${n > 1 ? 's' : ''}`;
  await pricedRows(b, alice, held, push);

  if (n <= IN_KIND_MAX_ASSETS) {
    const to = await newRedeemerAccounts(b, alice.signer.address);
    const inKind = withdrawInKindIx(b, alice.signer, alice.shareAccount, to, 100n * USDC);
    const t22 = b.assets.filter((a) => a.mint.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS).length;
    push(
      'withdraw_in_kind',
      `${n} assets (${t22} Token-2022, ${n - t22} SPL Token) + cash`,
      await measure(b, [inKind], 'withdraw_in_kind'),
    );
  }
  records.push(...(await batchedRedemption(b, alice, n)));

  // A rebalance leg buying the last asset with cash (Token-2022 for odd n, SPL Token for even).
  const c = await newCounterparty(b);
  const target = n - 1;
  const payAmount = 200n * USDC;
  const leg = {
    pay: 'cash' as const,
    receive: target,
    payAmount,
    receiveAmount: minAcceptedIn(b, 'cash', target, payAmount, 50n),
  };
  const kind =
    b.assets[target]?.mint.tokenProgram === TOKEN_PROGRAM_ADDRESS ? 'SPL Token' : 'Token-2022';
  const swap = swapIxs(b, c, leg);
  const r = await send(b.svm, swap, b.payer);
  if (!r.ok) throw new Error(`rebalance failed: ${r.error}`);
  records.push({
    program: 'vault',
    instruction: 'rebalance_leg',
    case: `cash -> ${kind}, vault of ${n}: rebalance_leg alone (incl. its payment CPI)`,
    computeUnits: firstVaultInstructionUnits(r.logs),
    txBytes: r.txBytes,
  });
  records.push({
    program: 'vault',
    instruction: 'rebalance_leg',
    case: `cash -> ${kind}, vault of ${n}: whole swap (leg + counterparty TransferChecked + settle)`,
    computeUnits: Number(r.computeUnits),
    txBytes: r.txBytes,
  });
  return records;
}

/** begin_redemption, then pay_redemption in slices of at most 10 slots (cash in the first). */
async function batchedRedemption(b: Basket, owner: Depositor, n: number): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const to = await newRedeemerAccounts(b, owner.signer.address);
  const [claim] = await getProgramDerivedAddress({
    programAddress: VAULT_PROGRAM_ADDRESS,
    seeds: [
      getUtf8Encoder().encode('claim'),
      getAddressEncoder().encode(b.vault),
      getAddressEncoder().encode(owner.signer.address),
      getU64Encoder().encode(1n),
    ],
  });
  const begin = getBeginRedemptionInstruction({
    owner: owner.signer,
    vault: b.vault,
    navSnapshot: b.snapshot,
    shareMint: b.shareMint,
    shareSource: owner.shareAccount,
    claim,
    systemProgram: '11111111111111111111111111111111' as Address,
    token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    shares: 100n * USDC,
    nonce: 1n,
    holdings: b.holdings.slice(0, n),
  });
  const m = await measure(b, [begin], 'begin_redemption');
  records.push({
    program: 'vault',
    instruction: 'begin_redemption',
    case: `${n} assets + cash, claim created`,
    computeUnits: m.computeUnits,
    txBytes: m.txBytes,
  });
  for (let start = 0; start < n; start += 10) {
    const slots = Array.from({ length: Math.min(10, n - start) }, (_, k) => start + k);
    const mask = slots.reduce((acc, s) => acc | (1 << s), start === 0 ? 1 << 20 : 0);
    const pay = getPayRedemptionInstruction({
      vault: b.vault,
      claim,
      owner: owner.signer.address,
      navSnapshot: b.snapshot,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      stableDestination: to.usdcAccount,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      slots: mask,
      slotAccounts: slots.flatMap((s) => [
        b.assets[s]?.mint.address as Address,
        b.holdings[s] as Address,
        to.assetAccounts[s] as Address,
      ]),
    });
    const t22 = slots.filter((s) => b.assets[s]?.mint.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS);
    const p = await measure(
      b,
      [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), pay],
      'pay_redemption',
    );
    records.push({
      program: 'vault',
      instruction: 'pay_redemption',
      case: `vault of ${n}: slots ${start}-${start + slots.length - 1} (${t22.length} Token-2022, ${slots.length - t22.length} SPL Token)${start === 0 ? ' + cash' : ''}${p.lookupTable ? ', lookup table' : ''}`,
      computeUnits: p.computeUnits,
      txBytes: p.txBytes,
    });
  }
  return records;
}

export default async function vaultBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  for (const n of [1, 5, 10, 20]) records.push(...(await benchAssets(n)));
  const bytes = statSync(programPath('vault')).size;
  records.push({
    program: 'vault',
    instruction: '(program binary)',
    case: `target/deploy/vault.so: ${bytes} bytes`,
    computeUnits: 0,
    txBytes: 0,
  });
  return records;
}
