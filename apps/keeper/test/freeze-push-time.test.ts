// When the corporate-action watch schedules the freeze push: the push must find the asset
// frozen (activation - now < 1 h strictly, at the chain's whole-second Clock), so it runs a
// few seconds into the window, never at its first instant; a window already begun pushes at once.
import { decideMultiplierFreeze, MULTIPLIER_FREEZE_WINDOW_MS } from '@basket/routing';
import { describe, expect, it } from 'vitest';
import { FREEZE_PUSH_MARGIN_MS, freezePushDelayMs } from '../src/jobs/corp-action-watch.ts';

const activation = Date.parse('2026-06-01T13:30:00Z');
/** What the freeze push decides at the chain's time `atMs` (the Clock keeps whole seconds). */
const frozenAt = (atMs: number) =>
  decideMultiplierFreeze({
    state: {
      currentMultiplier: '1.00000000',
      newMultiplier: '2.00000000',
      activationDateTime: new Date(activation),
      reason: 'Split',
    },
    now: Math.floor(atMs / 1000) * 1000,
    onChainMultiplier: '1',
  });

describe('freeze push time', () => {
  it('lands inside the window: the push at the scheduled time freezes', () => {
    for (const lead of [
      90 * 60_000,
      61 * 60_000,
      60 * 60_000 + 1,
      60 * 60_000,
      2 * 86_400_000 + 999,
    ]) {
      const chainNow = activation - lead;
      const delay = freezePushDelayMs(activation, chainNow);
      expect(frozenAt(chainNow + delay)).toMatchObject({ frozen: true, status: 'FreezeWindow' });
      // Never later than the margin into the window.
      expect(chainNow + delay).toBe(
        activation - MULTIPLIER_FREEZE_WINDOW_MS + FREEZE_PUSH_MARGIN_MS,
      );
    }
  });

  it('at activation - 1 h exactly the asset is not yet frozen (why the margin exists)', () => {
    expect(frozenAt(activation - MULTIPLIER_FREEZE_WINDOW_MS)).toMatchObject({
      frozen: false,
      status: 'ChangeScheduled',
    });
    // The chain's Clock trailing the wall clock by under the margin still lands inside.
    const delay = freezePushDelayMs(activation, activation - 2 * MULTIPLIER_FREEZE_WINDOW_MS);
    const trailing =
      activation - 2 * MULTIPLIER_FREEZE_WINDOW_MS + delay - (FREEZE_PUSH_MARGIN_MS - 1_001);
    expect(frozenAt(trailing).frozen).toBe(true);
  });

  it('a window already begun (or a change already active) pushes at once', () => {
    expect(freezePushDelayMs(activation, activation - MULTIPLIER_FREEZE_WINDOW_MS + 1)).toBe(0);
    expect(freezePushDelayMs(activation, activation - 30 * 60_000)).toBe(0);
    expect(freezePushDelayMs(activation, activation + 60_000)).toBe(0);
  });
});
