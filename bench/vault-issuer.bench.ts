/**
 * Vault compute units on a basket of tokenized stocks: every asset an issuer mint (Token-2022
 * with the issuer's extensions and a non-unit ScaledUiAmount multiplier), at 5, 10 and 20
 * assets, the hook unset; and at 20 with a transfer-hook program set on every other mint.
 * The NAV-priced paths only (deposit, withdraw_usdc, refresh_nav), the same rows as
 * vault.bench.ts's mixed basket: the goals of issue 14 item 5 hold on this basket.
 */
import { TEST_HOOK_PROGRAM_ADDRESS } from '@basket/test-harness';
import type { BasketMints } from '../programs/vault/tests/fixture.ts';
import type { CuRecord } from './src/record.ts';
import { heldBasket, pricedRows, recorder } from './vault.bench.ts';

async function benchIssuerBasket(n: number, mints: BasketMints): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const { b, alice } = await heldBasket(n, mints);
  const held = `${n} issuer mints${mints.hookProgram ? ` (hook set on ${Math.floor(n / 2)})` : ''}`;
  await pricedRows(b, alice, held, recorder(records));
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
