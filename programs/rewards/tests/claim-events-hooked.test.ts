// Events that no transaction size can lose (docs/decisions/0100): a claim at the largest
// configuration the program accepts (10 reward mints, 7 of them hooked, as many as the 16
// hook accounts carry) logs its Claimed event before its first CPI, so nothing the transfers
// and their hooks log can push it past the runtime's log limit; the event decodes from the
// logs a webhook would deliver.
import { withTransferHookAccounts } from '@basket/rewards-client';
import { decodeProgramEvents } from '@basket/sdk';
import {
  createTestHookedMint,
  TEST_HOOK_PROGRAM_ADDRESS,
  type TestMint,
  testHookRecord,
  testHookRecordAddress,
  testHookValidationAddress,
  tokenAmount,
} from '@basket/test-harness';
import { type AccountMeta, AccountRole, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type Claimant, claimOf, postEpoch } from './claim-world.ts';
import { setRewardMintsIx, setup, xStockMints } from './fixture.ts';
import { createLookupTable, lookupCandidates, sendV0 } from './lookup.ts';
import { send } from './measured.ts';

const HOOKED = 7;
/** The runtime keeps at most this many bytes of a transaction's logs. */
const LOG_LIMIT_BYTES = 10_000;

describe('claim: events before CPIs', () => {
  it('a 10-mint claim with 7 hooked mints logs Claimed before its first CPI, decodable', async () => {
    // Given 10 reward mints, 7 with the test hook, and an epoch paying two claimants
    const f = await setup();
    const hooked: TestMint[] = [];
    for (let i = 0; i < HOOKED; i++)
      hooked.push(
        await createTestHookedMint(f.svm, f.payer, { decimals: 8, multiplier: 1.25 + i / 10 }),
      );
    const mints = [...hooked, ...(await xStockMints(f, 10 - HOOKED))];
    const allow = await send(
      f.svm,
      [
        setRewardMintsIx(
          f,
          mints.map((m) => m.address),
          f.admins.slice(0, 3),
        ),
      ],
      f.payer,
    );
    expect(allow.error).toBeNull();
    const amounts = [0, 1].map((c) => mints.map((_, i) => BigInt(1_000 * (c + 1) + i)));
    const e = await postEpoch(f, { epochId: 1n, mints, amounts });
    // And the claim with every hook's accounts (program, then validation and record per mint)
    const hookAccounts: AccountMeta[] = [
      { address: TEST_HOOK_PROGRAM_ADDRESS, role: AccountRole.READONLY },
    ];
    for (const m of hooked) {
      hookAccounts.push({
        address: await testHookValidationAddress(m.address),
        role: AccountRole.READONLY,
      });
      hookAccounts.push({
        address: await testHookRecordAddress(m.address),
        role: AccountRole.WRITABLE,
      });
    }
    const who = e.claimants[1] as Claimant;
    const ix = withTransferHookAccounts(await claimOf(f, e, 1), hookAccounts);
    const shared = lookupCandidates([ix], who.destinations);
    const table = await createLookupTable(f.svm, shared);
    const before = await testHookRecord(f.svm, hooked[0]?.address as Address);
    // When claimant 1 claims
    const r = await sendV0(f.svm, [ix], who.signer, { [table]: shared });
    // Then every mint paid and every hook ran
    expect(r.error).toBeNull();
    for (const [i, d] of who.destinations.entries())
      expect(tokenAmount(f.svm, d)).toBe(BigInt(2_000 + i));
    expect((await testHookRecord(f.svm, hooked[0]?.address as Address)).count).toBe(
      before.count + 1n,
    );
    // And the event is logged before the first CPI and decodes as what the claim paid
    const eventAt = r.logs.findIndex((l) => l.startsWith('Program data: '));
    const firstCpi = r.logs.findIndex((l) => / invoke \[2\]$/.test(l));
    expect(eventAt).toBeGreaterThan(0);
    expect(eventAt).toBeLessThan(firstCpi);
    const events = decodeProgramEvents(r.logs).filter((x) => x.status === 'decoded');
    expect(events.map((x) => x.status === 'decoded' && x.name)).toEqual(['claimed']);
    const claimed = events[0];
    expect(claimed?.status === 'decoded' && claimed.event).toMatchObject({
      claimant: who.signer.address,
      amountCount: 10,
      amounts: amounts[1],
    });
    // The logs stay within the runtime's limit here; the order above is what keeps the event
    // whatever hooks that log more would add.
    const logBytes = r.logs.reduce((n, l) => n + l.length, 0);
    expect(r.logs.some((l) => l.includes('Log truncated'))).toBe(false);
    console.info(
      `claim (10 mints, 7 hooked): ${r.computeUnits} CU, ${r.txBytes} bytes, ${logBytes} log bytes of ${LOG_LIMIT_BYTES}`,
    );
  });
});
