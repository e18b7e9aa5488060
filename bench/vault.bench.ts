/**
 * Vault compute units and transaction sizes at 1, 5, 10 and 20 assets (alternating
 * Token-2022 with ScaledUiAmount multipliers and SPL Token assets, SPL Token USDC, every
 * asset held), plus the program binary's size. Totals include every CPI. Transactions over
 * 1,232 bytes are measured again with every non-signer account in one lookup table.
 */
import { statSync } from 'node:fs';
import {
  createMint,
  MAX_TRANSACTION_BYTES,
  programPath,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import {
  type Basket,
  depositIx,
  initVaultIx,
  newDepositor,
  newRedeemerAccounts,
  pda,
  setupBasket,
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

/** A basket of `n` assets: even indexes Token-2022 (8 decimals, multiplier), odd SPL Token. */
async function basketOf(n: number): Promise<Basket> {
  const b = await setupBasket();
  b.assets = [];
  for (let i = 0; i < n; i++) {
    const legacy = i % 2 === 1;
    const multiplier = 1 + (i + 1) / 37;
    b.assets.push({
      mint: await createMint(b.svm, b.payer, {
        tokenProgram: legacy ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS,
        decimals: legacy ? 6 : 8,
        ...(legacy ? {} : { scaledUiAmountMultiplier: multiplier }),
      }),
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

async function benchAssets(n: number): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const push = (instruction: string, c: string, m: Awaited<ReturnType<typeof measure>>) =>
    records.push({
      program: 'vault',
      instruction,
      case: `${c}${m.lookupTable ? ', lookup table' : ''}`,
      computeUnits: m.computeUnits,
      txBytes: m.txBytes,
    });
  const b = await basketOf(n);
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
  const held = `${n} held asset${n > 1 ? 's' : ''}`;

  push('deposit', held, await measure(b, [depositIx(b, alice, 1_000n * USDC)], 'deposit'));
  // The first NAV-priced call after a push also rolls the price memory of every asset.
  writeSnapshot(b, { sequence: 2n });
  push(
    'deposit',
    `${held}, first after a new snapshot (price memory roll)`,
    await measure(b, [depositIx(b, alice, 1_000n * USDC)], 'deposit after push'),
  );

  const treasury = await treasuryAccounts(b);
  const withdrawUsdc = withdrawUsdcIx(
    b,
    alice.signer,
    {
      shareSource: alice.shareAccount,
      destination: alice.usdcAccount,
      treasuryStable: treasury.usdc,
    },
    { shares: 100n * USDC },
  );
  push('withdraw_usdc', held, await measure(b, [withdrawUsdc], 'withdraw_usdc'));

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
