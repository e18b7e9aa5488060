// The portfolio's History: the indexer's rows, then what the chain lists and the indexer not
// yet (named from the browser's record of its confirmations), newest first; failed chain
// transactions left out; the browser's record bounded and de-duplicated.
import { describe, expect, it } from 'vitest';
import { ACTIVITY_LIMIT, readActivity, recordActivity } from '../src/web/data/activity.ts';
import { mergeHistory } from '../src/web/data/wallet-activity.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

const indexer = {
  deposits: [{ signature: 'dep1', sku: 'TECH6', block_time: '1000' }],
  withdrawals: [{ signature: 'wd1', sku: 'TECH6', block_time: '3000', kind: 'stable' }],
  stakes: [],
  claims: [],
};

describe('wallet history', () => {
  it('lists a confirmed deposit the indexer has not seen, from the chain, named by the page', () => {
    const entries = mergeHistory(
      indexer,
      [
        { signature: 'dep2', blockTime: 4000n, failed: false },
        { signature: 'wd1', blockTime: 3000n, failed: false },
        { signature: 'bad', blockTime: 5000n, failed: true },
      ],
      [{ signature: 'dep2', label: 'Deposit', skuId: 'BROAD20', at: 0 }],
    );
    expect(entries.map((e) => [e.signature, e.label, e.skuId, e.source])).toEqual([
      ['dep2', 'Deposit', 'BROAD20', 'chain'],
      ['wd1', 'Withdrawal (stable)', 'TECH6', 'indexer'],
      ['dep1', 'Deposit', 'TECH6', 'indexer'],
    ]);
  });

  it('shows the chain alone when the indexer did not answer, unnamed lines as transactions', () => {
    const entries = mergeHistory(null, [{ signature: 's1', blockTime: null, failed: false }], []);
    expect(entries).toEqual([
      { signature: 's1', label: 'Transaction', skuId: null, unixTime: null, source: 'chain' },
    ]);
  });

  it('keeps the newest entries once each', () => {
    const storage = memoryStorage();
    for (let i = 0; i < ACTIVITY_LIMIT + 5; i += 1)
      recordActivity(storage, 'w', { signature: `s${i}`, label: 'Deposit', skuId: null, at: i });
    recordActivity(storage, 'w', { signature: 's24', label: 'Deposit', skuId: null, at: 99 });
    const kept = readActivity(storage, 'w');
    expect(kept).toHaveLength(ACTIVITY_LIMIT);
    expect(kept[0]?.at).toBe(99);
    expect(new Set(kept.map((a) => a.signature)).size).toBe(ACTIVITY_LIMIT);
    expect(readActivity(storage, 'other')).toEqual([]);
  });
});
