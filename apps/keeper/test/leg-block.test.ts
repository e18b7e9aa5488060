import { NAV_ENTRY_FLAGS } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import { legBlockedBy } from '../src/decisions/leg-block.ts';

describe('legBlockedBy (a frozen or halted asset is skipped, not failed)', () => {
  it('lets an asset with no blocking flag trade, whatever its market flags', () => {
    expect(legBlockedBy(0)).toBeNull();
    expect(legBlockedBy(NAV_ENTRY_FLAGS.marketOpen | NAV_ENTRY_FLAGS.fallbackPrice)).toBeNull();
  });

  it('skips an asset frozen for a corporate action', () => {
    expect(legBlockedBy(NAV_ENTRY_FLAGS.corporateActionFreeze | NAV_ENTRY_FLAGS.marketOpen)).toBe(
      'frozen for a corporate action (snapshot flag)',
    );
  });

  it('skips a halted asset', () => {
    expect(legBlockedBy(NAV_ENTRY_FLAGS.tradingHalted)).toBe('trading halted (snapshot flag)');
  });

  it('names both reasons when both flags are set', () => {
    expect(
      legBlockedBy(NAV_ENTRY_FLAGS.tradingHalted | NAV_ENTRY_FLAGS.corporateActionFreeze),
    ).toBe('frozen for a corporate action and trading halted (snapshot flag)');
  });
});
