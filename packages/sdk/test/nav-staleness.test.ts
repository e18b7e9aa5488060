import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  assetStatusName,
  chainMaxStaleSecs,
  inChainMarketWindow,
  NAV_ENTRY_FLAGS,
  navStaleness,
} from '../src/index.ts';

// 2026-11-23 is a Monday (the oracle's own test constant).
const MONDAY = 1_795_392_000n;

describe('chain staleness rule (port of programs/oracle/src/staleness.rs)', () => {
  it('is 60 s on weekdays 13:30-21:00 UTC and 300 s otherwise', () => {
    expect(inChainMarketWindow(MONDAY + 13n * 3600n + 30n * 60n)).toBe(true);
    expect(inChainMarketWindow(MONDAY + 20n * 3600n + 59n * 60n + 59n)).toBe(true);
    expect(inChainMarketWindow(MONDAY + 21n * 3600n)).toBe(false);
    expect(inChainMarketWindow(MONDAY + 13n * 3600n + 29n * 60n + 59n)).toBe(false);
    expect(chainMaxStaleSecs(MONDAY - 2n * 86_400n + 15n * 3600n)).toBe(300n);
    expect(chainMaxStaleSecs(MONDAY + 15n * 3600n)).toBe(60n);
  });

  it('counts a US holiday as market hours while the calendar does not', () => {
    // Thanksgiving 2026-11-26 (Thursday) 15:00 UTC
    const s = navStaleness(
      MONDAY + 3n * 86_400n + 15n * 3600n,
      MONDAY + 3n * 86_400n + 15n * 3600n + 100n,
    );
    expect(s.maxStaleSecs).toBe(60n);
    expect(s.calendarMaxStaleSecs).toBe(300n);
    expect(s.fresh).toBe(false);
  });

  it('gives the short limit before 1970, as the program does', () => {
    expect(chainMaxStaleSecs(-1n)).toBe(60n);
  });

  it('refuses a snapshot from the future', () => {
    expect(navStaleness(MONDAY + 10n, MONDAY).fresh).toBe(false);
  });
});

describe('layout constants the IDL does not carry yet', () => {
  it("match the programs' Rust sources", () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const flags = readFileSync(`${root}programs/oracle/src/state/nav_snapshot.rs`, 'utf8');
    for (const [name, key] of [
      ['MARKET_OPEN', 'marketOpen'],
      ['FALLBACK_PRICE', 'fallbackPrice'],
      ['CORPORATE_ACTION_FREEZE', 'corporateActionFreeze'],
      ['TRADING_HALTED', 'tradingHalted'],
    ] as const) {
      const bit = new RegExp(`const ${name}: u32 = 1 << (\\d+);`).exec(flags)?.[1];
      expect(NAV_ENTRY_FLAGS[key], name).toBe(1 << Number(bit));
    }
    const asset = readFileSync(`${root}programs/vault/src/state/asset.rs`, 'utf8');
    for (const name of ['Active', 'Frozen', 'Retired'] as const) {
      const value = new RegExp(`${name} = (\\d+),`).exec(asset)?.[1];
      expect(assetStatusName(Number(value))).toBe(name);
    }
    expect(assetStatusName(0)).toBe('Corrupt');
  });
});
