/**
 * Vault live-operation compute units (issue 15): stablecoin withdrawal requests (request,
 * fulfil at 1, 5 and 20 held assets, cancel), keeper / trade-authority rotations, and a
 * whole rebalance through each route shape (direct: the trade authority delivers; aggregator
 * style: the test-swap venue delivers by CPI; RFQ style: a provider's two transfers, signed
 * by the provider first), with `rebalance_settle` alone. Same basket as vault.bench.ts
 * (alternating Token-2022 with multipliers and SPL Token assets, SPL Token USDC).
 */
import {
  fund,
  getTransferCheckedInstruction,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { getSwapInstruction, SwapDirection } from '@basket/test-swap-client';
import {
  findWithdrawalRequestPda,
  getApplyRotationInstruction,
  getCancelRotationInstruction,
  getCancelWithdrawalInstruction,
  getCollectWithdrawFeesInstruction,
  getFulfilWithdrawalInstruction,
  getQueueRotationInstruction,
  getRequestWithdrawUsdcInstruction,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import {
  assetPairs,
  type Basket,
  basketOf,
  type Depositor,
  depositIx,
  initVaultIx,
  MONDAY_15H,
  newDepositor,
  readVault,
  stockHoldings,
  treasuryAccounts,
  writeSnapshot,
} from '../programs/vault/tests/fixture.ts';
import {
  holdingOf,
  type Leg,
  legIx,
  minAcceptedIn,
  newCounterparty,
  settleIx,
  swapIxs,
} from '../programs/vault/tests/rebalance-fixture.ts';
import {
  newProvider,
  seedVenue,
  sendPartiallySigned,
  venueQuote,
} from '../programs/vault/tests/route-fixture.ts';
import type { CuRecord } from './src/record.ts';

const USDC = 1_000_000n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/** Compute units of every top-level vault instruction, in order (CPIs included). */
function vaultUnits(logs: string[]): number[] {
  const out: number[] = [];
  let depth = 0;
  for (const l of logs) {
    if (/^Program \S+ invoke \[/.test(l)) depth++;
    const m = new RegExp(`^Program ${VAULT_PROGRAM_ADDRESS} consumed (\\d+) of`).exec(l);
    if (m && depth === 1) out.push(Number(m[1]));
    if (/^Program \S+ (success|failed)/.test(l)) depth--;
  }
  return out;
}

async function world(n: number): Promise<{ b: Basket; alice: Depositor }> {
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
  if (!first.ok) throw new Error(`deposit failed: ${first.error}`);
  await stockHoldings(
    b,
    b.assets.map((a) =>
      a.mint.tokenProgram === TOKEN_PROGRAM_ADDRESS ? 30_000_000n : 3_000_000_000n,
    ),
  );
  return { b, alice };
}

async function requests(n: number): Promise<CuRecord[]> {
  const { b, alice } = await world(n);
  const treasury = await treasuryAccounts(b);
  const held = `${n} held asset${n > 1 ? 's' : ''}`;
  const request = async (nonce: bigint) =>
    getRequestWithdrawUsdcInstruction({
      owner: alice.signer,
      vault: b.vault,
      shareMint: b.shareMint,
      shareSource: alice.shareAccount,
      request: (
        await findWithdrawalRequestPda({ vault: b.vault, owner: alice.signer.address, nonce })
      )[0],
      systemProgram: SYSTEM_PROGRAM,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: 1_000n * USDC,
      minOut: 1n,
      nonce,
    });
  const records: CuRecord[] = [];
  const row = (instruction: string, c: string, r: { computeUnits: bigint; txBytes: number }) =>
    records.push({
      program: 'vault',
      instruction,
      case: c,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
  const req = await send(b.svm, [await request(1n)], b.payer);
  if (!req.ok) throw new Error(`request failed: ${req.error}`);
  if (n === 1)
    row('request_withdraw_usdc', 'shares into escrow, new request (its bump search included)', req);
  setUnixTime(b.svm, MONDAY_15H + 20n);
  writeSnapshot(b);
  const fulfil = getFulfilWithdrawalInstruction({
    keeper: b.keeper,
    vault: b.vault,
    navSnapshot: b.snapshot,
    request: (
      await findWithdrawalRequestPda({ vault: b.vault, owner: alice.signer.address, nonce: 1n })
    )[0],
    owner: alice.signer.address,
    shareMint: b.shareMint,
    stableMint: b.usdc.address,
    cashHolding: b.cashHolding,
    destination: alice.usdcAccount,
    treasuryStable: treasury.usdc,
    stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    assetAccounts: assetPairs(b),
  });
  const f = await send(
    b.svm,
    [getSetComputeUnitLimitInstruction({ units: 400_000 }), fulfil],
    b.payer,
  );
  if (!f.ok) throw new Error(`fulfil failed: ${f.error}`);
  row('fulfil_withdrawal', `${held}, first call after a push (every asset priced)`, {
    computeUnits: BigInt(vaultUnits(f.logs)[0] ?? 0),
    txBytes: f.txBytes,
  });
  if (n === 1) {
    const again = await send(b.svm, [await request(2n)], b.payer);
    if (!again.ok) throw new Error(`request failed: ${again.error}`);
    const cancel = getCancelWithdrawalInstruction({
      caller: alice.signer,
      vault: b.vault,
      request: (
        await findWithdrawalRequestPda({ vault: b.vault, owner: alice.signer.address, nonce: 2n })
      )[0],
      owner: alice.signer.address,
      shareMint: b.shareMint,
      shareDestination: alice.shareAccount,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const c = await send(b.svm, [cancel], b.payer);
    if (!c.ok) throw new Error(`cancel failed: ${c.error}`);
    row('cancel_withdrawal', 'by the owner, shares re-minted', c);
    // The fulfilment's fee stayed in the cash buffer, owed to the treasury: anyone pays it.
    const collect = getCollectWithdrawFeesInstruction({
      vault: b.vault,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      treasuryStable: treasury.usdc,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const fees = await send(b.svm, [collect], b.payer);
    if (!fees.ok) throw new Error(`collect_withdraw_fees failed: ${fees.error}`);
    row(
      'collect_withdraw_fees',
      'the fees a fulfilment left owed, to the treasury (SPL Token)',
      fees,
    );
  }
  return records;
}

async function rotations(): Promise<CuRecord[]> {
  const { b } = await world(1);
  const admins = b.admins.slice(0, 3);
  const records: CuRecord[] = [];
  const run = async (instruction: string, c: string, ix: Parameters<typeof send>[1][number]) => {
    const r = await send(b.svm, [ix], b.payer);
    if (!r.ok) throw new Error(`${instruction} failed: ${r.error}`);
    records.push({
      program: 'vault',
      instruction,
      case: c,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
  };
  const key = b.treasury.address;
  await run(
    'queue_rotation',
    'keeper, 3 of 5 admins',
    getQueueRotationInstruction({ vault: b.vault, kind: 1, newKey: key, adminSigners: admins }),
  );
  setUnixTime(b.svm, MONDAY_15H + 48n * 3600n);
  const nonce = readVault(b).pendingRotationNonce[0] as bigint;
  await run(
    'apply_rotation',
    'keeper, after 48 h (anyone)',
    getApplyRotationInstruction({ vault: b.vault, kind: 1, nonce }),
  );
  await send(
    b.svm,
    [getQueueRotationInstruction({ vault: b.vault, kind: 2, newKey: key, adminSigners: admins })],
    b.payer,
  );
  const n2 = readVault(b).pendingRotationNonce[1] as bigint;
  await run(
    'cancel_rotation',
    'trade authority, 3 of 5 admins',
    getCancelRotationInstruction({ vault: b.vault, kind: 2, nonce: n2, adminSigners: admins }),
  );
  return records;
}

async function routes(): Promise<CuRecord[]> {
  const { b } = await world(1);
  fund(b.svm, b.keeper.address, 10n);
  const ta = await newCounterparty(b);
  const venue = await seedVenue(b);
  const records: CuRecord[] = [];
  const row = (c: string, r: { computeUnits: bigint; txBytes: number; logs: string[] }) => {
    const units = vaultUnits(r.logs);
    records.push({
      program: 'vault',
      instruction: 'rebalance (whole transaction)',
      case: c,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
    records.push({
      program: 'vault',
      instruction: 'rebalance_settle',
      case: `${c}: settle alone`,
      computeUnits: units.at(-1) ?? 0,
      txBytes: 0,
    });
  };
  const payAmount = 100n * USDC;
  const fair: Leg = {
    pay: 'cash',
    receive: 0,
    payAmount,
    receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, 50n),
  };
  const direct = await send(b.svm, swapIxs(b, ta, fair), b.payer);
  if (!direct.ok) throw new Error(`direct route failed: ${direct.error}`);
  row('direct: leg + trade authority TransferChecked (Token-2022) + settle', direct);
  const quote = venueQuote(b, venue, true, payAmount);
  const swap = getSwapInstruction({
    ...venue.accounts,
    user: b.tradeAuthority,
    userStock: holdingOf(b, 0),
    userUsd: ta.usdc,
    direction: SwapDirection.BuyStock,
    amountIn: payAmount,
    minAmountOut: quote,
  });
  const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
  const agg = await send(b.svm, [legIx(b, ta, leg), swap, settleIx(b, 0)], b.payer);
  if (!agg.ok) throw new Error(`aggregator route failed: ${agg.error}`);
  row('aggregator style: leg + venue swap (two TransferChecked by CPI) + settle', agg);
  const provider = await newProvider(b);
  const stock = b.assets[0]?.mint as NonNullable<(typeof b.assets)[0]>['mint'];
  const rfqLeg: Leg = { ...fair };
  const ixs = [
    legIx(b, ta, rfqLeg),
    getTransferCheckedInstruction({
      source: ta.usdc,
      mint: b.usdc.address,
      destination: provider.usdc,
      authority: b.tradeAuthority,
      amount: payAmount,
      decimals: 6,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    }),
    getTransferCheckedInstruction({
      source: provider.asset0,
      mint: stock.address,
      destination: holdingOf(b, 0),
      authority: provider.signer,
      amount: rfqLeg.receiveAmount,
      decimals: stock.decimals,
      tokenProgram: stock.tokenProgram,
    }),
    settleIx(b, 0),
  ];
  const rfq = await sendPartiallySigned(b, ixs, provider.signer, [b.keeper, b.tradeAuthority]);
  if (!rfq.ok) throw new Error(`RFQ route failed: ${rfq.error}`);
  row('RFQ style: leg + provider transfers (SPL Token, Token-2022) + settle', rfq);
  return records;
}

export default async function vaultLiveBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  for (const n of [1, 5, 20]) records.push(...(await requests(n)));
  records.push(...(await rotations()));
  records.push(...(await routes()));
  return records;
}
