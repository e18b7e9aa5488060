import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as users from '../src/commands/users.ts';
import { replay } from '../src/run.ts';

// The hooked stock (asset 2, the test transfer hook): while its hook refuses, what moves it
// fails whole and changes nothing (checked by the harness after every step), the rest goes
// on; a redemption claim's hooked slot waits and is paid once the hook lets transfers through.
describe('fuzz: a hooked stock whose hook refuses', () => {
  it('refuses the in-kind exit and the hooked slot while refusing, pays it after', async () => {
    const mix = await replay('hook-refuses', [
      users.deposit(0, 5_000_000_000n),
      // Cash into the hooked stock (slot 2), through the direct route with its hook accounts.
      ops.rebalanceLeg(3, 2, 5_000, 'fair'),
      ops.hookMode('refuse', 0),
      users.withdrawInKind(0, 1_000),
      users.deposit(1, 1_000_000_000n),
      users.beginRedemption(0, 2_000),
      users.payRedemption(0, 0b100, false),
      ops.hookMode('record', 0),
      users.payRedemption(0, 0b100, false),
    ]);
    expect(mix['rebalance_leg(fair)']?.ok).toBe(1);
    expect(mix.withdraw_in_kind).toMatchObject({ ok: 0, refused: 1, codes: { '0x1b58': 1 } });
    expect(mix.deposit?.ok).toBe(2);
    expect(mix.begin_redemption?.ok).toBe(1);
    expect(mix.pay_redemption).toMatchObject({ ok: 1, refused: 1, codes: { '0x1b58': 1 } });
  });
});
