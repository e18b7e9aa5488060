import { seedKeys } from '@basket/test-harness';
import { getVaultStateDecoder } from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as users from '../src/commands/users.ts';
import { rawData } from '../src/observe.ts';
import { runOn } from '../src/run.ts';
import { readVaultState } from '../src/vault-reader.ts';
import { createWorld } from '../src/world.ts';

// The fuzzer's direct reader of the vault state (decision 0940) must read what the generated
// decoder reads, field for field, on a state where every read field moved from its default
// (books, claims, fees, escrow, events), and fall back to the decoder for the rest.
describe('fuzz: the vault state reader', () => {
  it('reads every field the fuzzer uses as the Codama decoder does', async () => {
    seedKeys('fuzz/regression/vault-reader');
    const w = await createWorld();
    await runOn(w, [
      users.deposit(0, 3_000_000_000n),
      ops.rebalanceLeg(3, 0, 3_000, 'fair'),
      ops.rebalanceLeg(3, 2, 3_000, 'fair'),
      users.requestWithdraw(1, 0, 0),
      users.deposit(1, 500_000_000n),
      users.requestWithdraw(1, 4_000, 0),
      users.beginRedemption(0, 1_000),
      ops.issuerPower('burn', 0, 2_000),
      users.withdrawUsdc(0, 1_000),
      ops.clockMove(86_400),
      ops.collectMgmtFee(),
    ]);
    const data = rawData(w.svm, w.b.vault) as Uint8Array;
    const fast = readVaultState(data);
    const full = getVaultStateDecoder().decode(data);
    for (const k of [
      'assetCount',
      'maxSlipBps',
      'cashRaw',
      'withdrawFeesOwed',
      'feeSharesOwed',
      'escrowedShares',
      'eventSequence',
      'pendingWeightsNonce',
    ] as const)
      expect(fast[k], k).toBe(full[k]);
    expect(fast.claimsUnbackedRaw).toEqual(full.claimsUnbackedRaw);
    full.assets.forEach((a, i) => {
      expect(fast.assets[i]?.holdingsRaw).toBe(a.holdingsRaw);
      expect(fast.assets[i]?.claimsOwedRaw).toBe(a.claimsOwedRaw);
      expect(fast.assets[i]?.mint).toBe(a.mint);
    });
    // The state moved: the comparison is not of zeros.
    expect(full.escrowedShares).toBeGreaterThan(0n);
    expect(full.withdrawFeesOwed).toBeGreaterThan(0n);
    expect(full.assets[0]?.claimsOwedRaw).toBeGreaterThan(0n);
    expect(full.feeSharesOwed + full.eventSequence).toBeGreaterThan(0n);
    // Anything else comes from the full decode.
    expect(fast.shareMint).toBe(full.shareMint);
    expect(fast.highWaterMarkPps).toBe(full.highWaterMarkPps);
  });
});
