// Every transaction a rewards test sends goes through here, so every test reads compute
// units: each must be measured (> 0), stay under the per-transaction ceiling below, and fit
// in one packet. Budgets per case are asserted in the tests themselves.
import { send as harnessSend, MAX_TRANSACTION_BYTES, type SendResult } from '@basket/test-harness';
import { expect } from 'vitest';

/**
 * No rewards instruction may come near the default 200,000 CU budget (a 5-mint claim on the
 * issuer's mints measures about 27,000: Token-2022's transfers of those mints cost more).
 */
export const MAX_REWARDS_CU = 30_000n;

export async function send(...args: Parameters<typeof harnessSend>): Promise<SendResult> {
  const r = await harnessSend(...args);
  expect(r.computeUnits, 'compute units are measured').toBeGreaterThan(0n);
  expect(r.computeUnits, r.error ?? 'compute units').toBeLessThanOrEqual(MAX_REWARDS_CU);
  expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
  return r;
}
