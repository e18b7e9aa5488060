import { ConfigError } from '@basket/service-kit';
import { type Address, address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  decidePurchase,
  purchaseKey,
  rewardBudget,
  splitRewardBudget,
  wholeCents,
} from '../src/decisions/reward-purchase.ts';
import { loadKeeperConfig } from '../src/service/config.ts';

const a = address('11111111111111111111111111111112');
const b = address('11111111111111111111111111111113');
const c = address('11111111111111111111111111111114');

describe('rewardBudget (a share of the rewards-funding account, rounded down)', () => {
  it('rounds the share down: the half unit stays in the account', () => {
    expect(rewardBudget(1_000_001n, 5_000)).toBe(500_000n);
    expect(rewardBudget(999n, 1)).toBe(0n); // 0.0999 of a unit: nothing spent
  });
  it('spends all at 10,000 bps and nothing at 0', () => {
    expect(rewardBudget(123_456_789n, 10_000)).toBe(123_456_789n);
    expect(rewardBudget(123_456_789n, 0)).toBe(0n);
  });
  it('refuses a share outside 0..10000 or a negative balance', () => {
    expect(() => rewardBudget(1n, 10_001)).toThrow(RangeError);
    expect(() => rewardBudget(1n, 2.5)).toThrow(RangeError);
    expect(() => rewardBudget(-1n, 100)).toThrow(RangeError);
  });
});

describe('splitRewardBudget (by weights or equally, each part rounded down)', () => {
  it('splits equally without weights, the leftover unit kept', () => {
    const { parts, leftover } = splitRewardBudget(10n, [a, b, c]);
    expect(parts.map((p) => p.stableRaw)).toEqual([3n, 3n, 3n]);
    expect(leftover).toBe(1n);
  });
  it('splits 1:2 rounding each part down (3.33 -> 3, 6.67 -> 6)', () => {
    const weights = new Map<Address, number>([
      [a, 1],
      [b, 2],
    ]);
    const { parts, leftover } = splitRewardBudget(10n, [a, b], weights);
    expect(parts).toEqual([
      { mint: a, stableRaw: 3n },
      { mint: b, stableRaw: 6n },
    ]);
    expect(leftover).toBe(1n);
  });
  it('leaves nothing over when the weights divide exactly', () => {
    const weights = new Map<Address, number>([
      [a, 1],
      [b, 3],
    ]);
    const { parts, leftover } = splitRewardBudget(1_000n, [a, b], weights);
    expect(parts.map((p) => p.stableRaw)).toEqual([250n, 750n]);
    expect(leftover).toBe(0n);
  });
  it('gives nothing to a mint without a weight when weights are configured', () => {
    const { parts, leftover } = splitRewardBudget(100n, [a, b], new Map<Address, number>([[b, 5]]));
    expect(parts.map((p) => p.stableRaw)).toEqual([0n, 100n]);
    expect(leftover).toBe(0n);
    // No configured mint at all: the whole budget stays.
    expect(splitRewardBudget(100n, [a], new Map([[c, 1]])).leftover).toBe(100n);
  });
});

describe('wholeCents and decidePurchase', () => {
  it('rounds a stablecoin amount down to whole cents', () => {
    expect(wholeCents(12_345_678n, 6)).toBe(1_234n); // $12.345678 -> $12.34
    expect(wholeCents(12_349_999n, 6)).toBe(1_234n);
    expect(wholeCents(1_234n, 2)).toBe(1_234n);
    expect(wholeCents(12n, 0)).toBe(1_200n);
  });
  it('buys a part worth at least the minimum trade when a route is open', () => {
    expect(
      decidePurchase(
        { mint: a, stableRaw: 50_000_000n },
        { stableDecimals: 6, minTradeCents: 5_000n, route: 'swap' },
      ),
    ).toEqual({ action: 'buy', mint: a, stableRaw: 50_000_000n, cents: 5_000n });
  });
  it('carries a part below the minimum trade (one unit short of $50)', () => {
    const d = decidePurchase(
      { mint: a, stableRaw: 49_999_999n },
      { stableDecimals: 6, minTradeCents: 5_000n, route: 'swap' },
    );
    expect(d.action).toBe('carry');
    expect(d.action === 'carry' && d.reason).toMatch(
      /\$49\.99 is below the minimum trade \$50\.00/,
    );
  });
  it('carries a part whose route is closed now (never bought outside the rules)', () => {
    const d = decidePurchase(
      { mint: a, stableRaw: 500_000_000n },
      { stableDecimals: 6, minTradeCents: 5_000n, route: 'skip', routeReason: 'market closed' },
    );
    expect(d).toMatchObject({ action: 'carry', reason: 'no route open now (market closed)' });
  });
  it('keys a purchase per epoch and mint', () => {
    expect(purchaseKey('epoch:2026-11-29', a)).toBe(`reward-purchase:epoch:2026-11-29:${a}`);
    expect(purchaseKey('epoch:2026-11-29', a)).not.toBe(purchaseKey('epoch:2026-12-06', a));
  });
});

describe('reward purchase config', () => {
  const env = {
    KEEPER_CONFIG: '',
    SOLANA_RPC_URL: 'http://127.0.0.1:8899',
    SOLANA_WS_URL: 'ws://127.0.0.1:8900',
    TOKENIZED_API_URL: 'http://127.0.0.1:7407/api/v2',
    WORLD_MANIFEST: '',
  };
  const lines = (over: Record<string, string>) => {
    try {
      loadKeeperConfig({ ...env, ...over });
    } catch (error) {
      if (error instanceof ConfigError) return error.lines;
      throw error;
    }
    return [];
  };
  it('reads the share, the weights and the slippage, defaulting to no purchase', () => {
    expect(lines({}).some((l) => l.startsWith('KEEPER_REWARD'))).toBe(false);
    expect(
      lines({ KEEPER_REWARD_SHARE_BPS: '2500', KEEPER_REWARD_WEIGHTS: `${a}:1, ${b}:3` }).some(
        (l) => l.startsWith('KEEPER_REWARD'),
      ),
    ).toBe(false);
  });
  it('names each bad reward field on its own line', () => {
    const bad = lines({
      KEEPER_REWARD_SHARE_BPS: '10001',
      KEEPER_REWARD_WEIGHTS: `notamint:1,${b}:0,${c}:x`,
      KEEPER_REWARD_MAX_SLIP_BPS: '0',
    });
    expect(bad.filter((l) => l.startsWith('KEEPER_REWARD_SHARE_BPS:'))).toHaveLength(1);
    expect(bad.filter((l) => l.startsWith('KEEPER_REWARD_MAX_SLIP_BPS:'))).toHaveLength(1);
    const weights = bad.filter((l) => l.startsWith('KEEPER_REWARD_WEIGHTS:'));
    expect(weights).toHaveLength(3);
    expect(weights.join('\n')).toMatch(/"notamint" is not a base58 mint address/);
    expect(weights.join('\n')).toMatch(new RegExp(`${b}: weight 0 is not an integer`));
    expect(weights.join('\n')).toMatch(new RegExp(`${c}: weight x is not an integer`));
  });
});
