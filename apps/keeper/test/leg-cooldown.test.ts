import { describe, expect, it } from 'vitest';
import {
  clearLegCooling,
  coolLeg,
  createLegCooldowns,
  legCooling,
  refusedForMs,
} from '../src/jobs/leg-cooldown.ts';

/** A keeper's cooldown store on its own clock; the clock moves as the test says. */
function keeperAt(legCooldownSeconds: number | undefined) {
  let t = 1_700_000_000_000;
  return {
    ctx: { legCooldowns: createLegCooldowns(legCooldownSeconds, () => t) },
    advance: (seconds: number) => {
      t += seconds * 1_000;
    },
  };
}

describe('a leg refused for price cools down', () => {
  it('is not tried again until its cooldown passes, then may be', () => {
    const { ctx, advance } = keeperAt(600);
    expect(legCooling(ctx, 'TECH6', 'AAPL')).toBeNull();
    coolLeg(ctx, 'TECH6', 'AAPL', 'aggregator quotes 90 < 99 the vault accepts');
    advance(599);
    expect(legCooling(ctx, 'TECH6', 'AAPL')?.reason).toMatch(/aggregator quotes/);
    // Per (vault, asset): the same asset of another SKU and another asset are not cooling.
    expect(legCooling(ctx, 'BROAD20', 'AAPL')).toBeNull();
    expect(legCooling(ctx, 'TECH6', 'SPY')).toBeNull();
    advance(2);
    expect(legCooling(ctx, 'TECH6', 'AAPL')).toBeNull();
  });

  it('counts how long refusals persist, across cooldowns, and starts over after a quiet spell or a landed leg', () => {
    const { ctx, advance } = keeperAt(600);
    coolLeg(ctx, 'TECH6', 'AAPL', 'wide');
    advance(300);
    expect(refusedForMs(ctx, 'TECH6', ['AAPL', 'SPY'])).toBe(300_000);
    // Tried again after the cooldown and refused again: the same run, 11 minutes long now.
    advance(360);
    expect(refusedForMs(ctx, 'TECH6', ['AAPL'])).toBe(0);
    coolLeg(ctx, 'TECH6', 'AAPL', 'wide');
    expect(refusedForMs(ctx, 'TECH6', ['AAPL'])).toBe(660_000);
    // A landed leg ends the run.
    clearLegCooling(ctx, 'TECH6', 'AAPL');
    expect(legCooling(ctx, 'TECH6', 'AAPL')).toBeNull();
    coolLeg(ctx, 'TECH6', 'AAPL', 'wide');
    expect(refusedForMs(ctx, 'TECH6', ['AAPL'])).toBe(0);
    // A refusal long after the last one starts a new run.
    advance(600 * 3);
    coolLeg(ctx, 'TECH6', 'AAPL', 'wide');
    advance(10);
    expect(refusedForMs(ctx, 'TECH6', ['AAPL'])).toBe(10_000);
  });

  it('is per keeper: two keepers in one process never share it', () => {
    // Given two keepers with the same cooldown
    const a = keeperAt(600);
    const b = keeperAt(600);
    // When the first refuses a leg
    coolLeg(a.ctx, 'TECH6', 'AAPL', 'wide');
    // Then only the first holds it back
    expect(legCooling(a.ctx, 'TECH6', 'AAPL')).not.toBeNull();
    expect(legCooling(b.ctx, 'TECH6', 'AAPL')).toBeNull();
    expect(refusedForMs(b.ctx, 'TECH6', ['AAPL'])).toBe(0);
  });

  it('never cools with a cooldown of 0, and defaults to 900 s', () => {
    const off = keeperAt(0);
    coolLeg(off.ctx, 'TECH6', 'AAPL', 'wide');
    expect(legCooling(off.ctx, 'TECH6', 'AAPL')).toBeNull();
    const unset = keeperAt(undefined);
    coolLeg(unset.ctx, 'TECH6', 'AAPL', 'wide');
    unset.advance(899);
    expect(legCooling(unset.ctx, 'TECH6', 'AAPL')).not.toBeNull();
    unset.advance(2);
    expect(legCooling(unset.ctx, 'TECH6', 'AAPL')).toBeNull();
  });
});
