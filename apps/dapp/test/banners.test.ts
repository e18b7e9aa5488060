// Banner rules: the one-hour freeze window, paused, halted, inactive, stale NAV.
import { describe, expect, it } from 'vitest';
import { type BannerInput, utcMinute, vaultBanners } from '../src/shared/banners.ts';

const NOW = 1_795_446_000n;
const base: BannerInput = {
  now: NOW,
  paused: false,
  staleness: { fresh: true, ageSecs: 5n, maxStaleSecs: 60n },
  assets: [],
  pendingChanges: new Map(),
  symbols: new Map([['MintA', 'AAPLx']]),
};

describe('vaultBanners', () => {
  it('shows nothing for an open vault', () => {
    expect(vaultBanners(base)).toEqual([]);
  });

  it('shows the freeze with reason and activation time from one hour before activation to activation', () => {
    const at = (offset: bigint) =>
      vaultBanners({
        ...base,
        pendingChanges: new Map([['MintA', { activationUnix: NOW + offset, reason: 'Split' }]]),
      });
    expect(at(3_601n)).toEqual([]);
    const [banner] = at(3_600n);
    expect(banner).toMatchObject({ kind: 'freeze', symbol: 'AAPLx' });
    expect(banner?.message).toContain('Split');
    expect(banner?.message).toContain(utcMinute(NOW + 3_600n));
    expect(at(0n)).toHaveLength(1);
    expect(at(-1n)).toEqual([]);
  });

  it('puts the paused vault and the stale NAV first, then halted and inactive assets', () => {
    const banners = vaultBanners({
      ...base,
      paused: true,
      staleness: { fresh: false, ageSecs: 3_700n, maxStaleSecs: 60n },
      assets: [
        { mint: 'MintA', freezeReasons: ['TradingHalted'] },
        { mint: 'MintB', freezeReasons: ['AssetNotActive'] },
      ],
    });
    expect(banners.map((b) => b.kind)).toEqual(['paused', 'stale-nav', 'halted', 'inactive']);
    expect(banners[1]?.message).toContain('61 min');
  });

  it('formats activation times in UTC to the minute', () => {
    expect(utcMinute(1_795_446_000n)).toBe('2026-11-23 15:00 UTC');
  });
});
