// waitFor: the one way the world waits on the chain (a retry policy, not a loop).
import { describe, expect, it } from 'vitest';
import { waitFor } from '../src/wait-for.ts';

describe('waitFor', () => {
  it('resolves with the first non-null result of the probe', async () => {
    // Given a probe that answers on its third call
    let calls = 0;
    const probe = async () => {
      calls += 1;
      return calls >= 3 ? `ready after ${calls}` : null;
    };
    // When waiting for it, then its answer comes back and it was not called again
    await expect(waitFor('never', probe, { intervalMs: 1 })).resolves.toBe('ready after 3');
    expect(calls).toBe(3);
  });

  it('names what did not happen when the time is up', async () => {
    // Given a probe that never answers, when the wait runs out, then the error says what failed
    await expect(
      waitFor('the slot did not pass 7', async () => null, { timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow('the slot did not pass 7 within 0.03 s');
  });

  it('stops at once when the probe throws', async () => {
    // Given a probe that fails on its first call
    let calls = 0;
    const probe = async (): Promise<string | null> => {
      calls += 1;
      throw new Error('airdrop failed');
    };
    // Then the failure ends the wait without retrying
    await expect(waitFor('never', probe, { intervalMs: 1 })).rejects.toThrow('airdrop failed');
    expect(calls).toBe(1);
  });
});
