import { describe, expect, it } from 'vitest';
import { decidePrimaryMarket, InvalidRoutingInputError } from '../src/index.ts';

describe('primary-market issuance and redemption (rule 4)', () => {
  it('blocks issuance and redemption while market trading is halted', () => {
    // Given a status with market trading halted
    // Then primary-market issuance and redemption are blocked
    expect(
      decidePrimaryMarket({ isMarketTradingHalted: true, isAtomicTradingHalted: false }),
    ).toEqual({
      issuanceAndRedemption: 'blocked',
      reason: 'MarketTradingHalted',
    });
  });

  it('allows them otherwise, whatever the atomic halt', () => {
    // Given market trading active, atomic trading halted
    // Then primary-market issuance and redemption are allowed
    expect(
      decidePrimaryMarket({ isMarketTradingHalted: false, isAtomicTradingHalted: true })
        .issuanceAndRedemption,
    ).toBe('allowed');
  });

  it('refuses a status without the flag', () => {
    // Given a status missing isMarketTradingHalted
    // When / Then the field is named
    expect(() => decidePrimaryMarket({} as never)).toThrow(InvalidRoutingInputError);
  });
});
