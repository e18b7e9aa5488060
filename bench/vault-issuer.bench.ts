/**
 * Vault compute units on a basket of tokenized stocks: every asset an issuer mint (Token-2022
 * with the issuer's extensions and a non-unit ScaledUiAmount multiplier), at 5, 10 and 20
 * assets, the hook unset; and at 20 with a transfer-hook program set on every other mint.
 * The NAV-priced paths only (deposit, withdraw_usdc, refresh_nav): the goals of issue 14
 * item 5 hold on this basket. vault.bench.ts keeps the mixed basket's rows.
 */
import { send, TEST_HOOK_PROGRAM_ADDRESS } from '@basket/test-harness';
import { getRefreshNavInstruction } from '@basket/vault-client';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import {
  assetPairs,
  type BasketMints,
  basketOf,
  depositIx,
  initVaultIx,
  newDepositor,
  stockHoldings,
  treasuryAccounts,
  withdrawUsdcIx,
  writeSnapshot,
} from '../programs/vault/tests/fixture.ts';
import type { CuRecord } from './src/record.ts';
import { measure } from './vault.bench.ts';

const USDC = 1_000_000n;

async function benchIssuerBasket(n: number, mints: BasketMints): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const label = `${n} issuer mints${mints.hookProgram ? ` (hook set on ${Math.floor(n / 2)})` : ''}`;
  const push = (instruction: string, c: string, m: Awaited<ReturnType<typeof measure>>) =>
    records.push({
      program: 'vault',
      instruction,
      case: `${label}, ${c}${m.lookupTable ? ', lookup table' : ''}`,
      computeUnits: m.computeUnits,
      txBytes: m.txBytes,
    });
  const b = await basketOf(n, mints);
  const r = await send(
    b.svm,
    [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), initVaultIx(b)],
    b.payer,
  );
  if (!r.ok) throw new Error(`init_vault (${n}) failed: ${r.error}`);
  writeSnapshot(b);
  const alice = await newDepositor(b, 1_000_000n * USDC);
  await measure(b, [depositIx(b, alice, 10_000n * USDC)], 'first deposit');
  await stockHoldings(
    b,
    b.assets.map(() => 3_000_000_000n),
  );
  const deposit = (what: string) => measure(b, [depositIx(b, alice, 1_000n * USDC)], what);
  push('deposit', 'first at this snapshot (every asset priced)', await deposit('cold'));
  push('deposit', 'cached NAV', await deposit('warm'));
  writeSnapshot(b, { sequence: 2n });
  push(
    'deposit',
    'first after a new snapshot (memory roll, every asset priced)',
    await deposit('roll'),
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
  push('withdraw_usdc', 'cached NAV', await measure(b, [withdrawUsdc()], 'withdraw_usdc'));
  writeSnapshot(b, { sequence: 3n });
  push(
    'withdraw_usdc',
    'first after a new snapshot (every asset priced)',
    await measure(b, [withdrawUsdc()], 'withdraw_usdc after push'),
  );
  writeSnapshot(b, { sequence: 4n });
  const refresh = getRefreshNavInstruction({
    vault: b.vault,
    navSnapshot: b.snapshot,
    assetAccounts: assetPairs(b),
  });
  push(
    'refresh_nav',
    'after a push (every asset priced)',
    await measure(b, [refresh], 'refresh_nav'),
  );
  return records;
}

export default async function vaultIssuerBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  for (const n of [5, 10, 20]) records.push(...(await benchIssuerBasket(n, { allIssuer: true })));
  records.push(
    ...(await benchIssuerBasket(20, { allIssuer: true, hookProgram: TEST_HOOK_PROGRAM_ADDRESS })),
  );
  return records;
}
