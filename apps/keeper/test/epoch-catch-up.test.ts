import { describe, expect, it } from 'vitest';
import { lastClosedEpoch } from '../src/decisions/epoch.ts';
import { epochsToExamine, MAX_EPOCHS_PER_RUN } from '../src/decisions/epoch-catch-up.ts';

const WEEK = 7n * 86_400n;
/** Mon 2025-12-01 00:00 UTC: the last closed epoch ended Sun 11-30. */
const now = 1_764_547_200n;
const last = lastClosedEpoch(now);

describe('epochsToExamine', () => {
  it('a new deployment (nothing concluded) takes only the last closed epoch', () => {
    expect(epochsToExamine(now, null)).toEqual([last]);
  });

  it('the last closed epoch concluded (paid, or examined with nothing to pay): it alone again', () => {
    expect(epochsToExamine(now, last.end)).toEqual([last]);
  });

  it('one Sunday concluded, the next missed: pays nothing twice, the missed one first', () => {
    // Concluded the epoch ending two Sundays ago; the one ending last Sunday was never run.
    expect(epochsToExamine(now, last.end - WEEK)).toEqual([last]);
    const threeBack = last.end - 3n * WEEK;
    expect(epochsToExamine(now, threeBack)).toEqual([
      { start: last.start - 2n * WEEK, end: last.end - 2n * WEEK },
      { start: last.start - WEEK, end: last.end - WEEK },
      last,
    ]);
  });

  it('a long outage: at most the newest MAX epochs, oldest first, contiguous', () => {
    const got = epochsToExamine(now, last.end - 52n * WEEK);
    expect(got).toHaveLength(MAX_EPOCHS_PER_RUN);
    expect(got.at(-1)).toEqual(last);
    for (let i = 1; i < got.length; i += 1) {
      expect(got[i]?.start).toBe(got[i - 1]?.end);
    }
  });
});
