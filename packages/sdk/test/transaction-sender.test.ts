// The resilient sender against a simulated chain on a virtual clock: sends are dropped on a
// fixed pattern, a block is made every 400 virtual ms, a transaction that reached a leader lands
// at the next block. Nothing here reads the wall clock.
import type { Base64EncodedWireTransaction, Signature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  type LandingDeps,
  LandingUnknownError,
  type SignedVersion,
  sendResiliently,
  sendUntilLandedOrExpired,
} from '../src/index.ts';

/** A chain where `drop(n)` decides whether the n-th send (from 1) is lost on the way. */
function simulatedChain(drop: (n: number) => boolean, options: { failing?: Set<string> } = {}) {
  let now = 0;
  let sendCount = 0;
  const pending = new Set<string>();
  const landed = new Map<string, number>();
  const lastValid = new Map<string, bigint>();
  const height = () => BigInt(Math.floor(now / 400));
  const advance = (ms: number) => {
    const before = height();
    now += ms;
    if (height() > before) {
      for (const sig of pending) {
        if (height() <= (lastValid.get(sig) ?? 0n)) landed.set(sig, (landed.get(sig) ?? 0) + 1);
      }
      pending.clear();
    }
  };
  const deps: LandingDeps = {
    async sendWire(wire) {
      sendCount += 1;
      if (drop(sendCount)) return;
      const sig = String(wire);
      if (!landed.has(sig)) pending.add(sig);
    },
    async status(signature) {
      if (!landed.has(signature)) return null;
      return {
        err: options.failing?.has(signature) ? { InstructionError: [0, 'Custom'] } : null,
        confirmationStatus: 'confirmed',
      };
    },
    async blockHeight() {
      return height();
    },
    async sleep(ms) {
      advance(ms);
    },
    now: () => now,
  };
  const version = (name: string, validForBlocks: bigint): SignedVersion => {
    lastValid.set(name, height() + validForBlocks);
    return {
      wire: name as Base64EncodedWireTransaction,
      signature: name as Signature,
      lastValidBlockHeight: height() + validForBlocks,
    };
  };
  return { deps, version, landed, sends: () => sendCount };
}

const options = { resendIntervalMs: 500, commitment: 'confirmed' as const };

describe('sendUntilLandedOrExpired', () => {
  it('lands at the first send when nothing is dropped', async () => {
    const chain = simulatedChain(() => false);
    const result = await sendUntilLandedOrExpired(chain.deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'landed', signature: 'a', sends: 1 });
  });

  it('re-sends the same transaction until one send gets through', async () => {
    const chain = simulatedChain((n) => n <= 3);
    const result = await sendUntilLandedOrExpired(chain.deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'landed', sends: 4 });
    expect(chain.landed.get('a')).toBe(1);
  });

  it('gives a version up as expired only once the block height passed its last valid one', async () => {
    const chain = simulatedChain(() => true);
    const result = await sendUntilLandedOrExpired(chain.deps, chain.version('a', 5n), options);
    expect(result.kind).toBe('expired');
    // Five blocks of 400 ms: past 2,000 ms, at 500 ms a send, so the fifth check finds it expired.
    expect(result.sends).toBe(5);
    expect(await chain.deps.blockHeight()).toBeGreaterThan(5n);
  });

  it('reports a transaction that landed with an error as failed, and stops sending', async () => {
    const chain = simulatedChain(() => false, { failing: new Set(['a']) });
    const result = await sendUntilLandedOrExpired(chain.deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'failed', sends: 1 });
  });

  it('stops at once on a fatal send error (a program error at preflight)', async () => {
    const chain = simulatedChain(() => false);
    const deps: LandingDeps = {
      ...chain.deps,
      sendWire: async () => {
        throw new Error('custom program error: 0x1770');
      },
      isFatalSendError: () => true,
    };
    const result = await sendUntilLandedOrExpired(deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'failed', sends: 1 });
  });

  it('counts transport errors and keeps re-sending', async () => {
    const chain = simulatedChain(() => false);
    let calls = 0;
    const errors: unknown[] = [];
    const deps: LandingDeps = {
      ...chain.deps,
      sendWire: async (wire, resend) => {
        calls += 1;
        if (calls <= 2) throw new Error('HTTP 429');
        await chain.deps.sendWire(wire, resend);
      },
      onSendError: (e) => errors.push(e),
    };
    const result = await sendUntilLandedOrExpired(deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'landed', sends: 3 });
    expect(errors).toHaveLength(2);
  });

  it('a WebSocket notification ends the wait before the interval', async () => {
    const chain = simulatedChain(() => false);
    const slept: number[] = [];
    let fire = () => {};
    const deps: LandingDeps = {
      ...chain.deps,
      // The block comes and the notification with it; the interval's sleep never ends.
      sendWire: async (wire, resend) => {
        await chain.deps.sendWire(wire, resend);
        await chain.deps.sleep(400);
        fire();
      },
      sleep: (ms) => {
        slept.push(ms);
        return new Promise(() => {});
      },
      notified: () =>
        new Promise<void>((resolve) => {
          fire = resolve;
        }),
    };
    const result = await sendUntilLandedOrExpired(deps, chain.version('a', 150n), options);
    expect(result).toMatchObject({ kind: 'landed', sends: 1 });
    expect(slept).toEqual([500]);
  });

  it('gives up with an unknown outcome when status and height cannot be read', async () => {
    const chain = simulatedChain(() => true);
    const deps: LandingDeps = {
      ...chain.deps,
      status: async () => {
        throw new Error('down');
      },
      blockHeight: async () => {
        throw new Error('down');
      },
    };
    await expect(
      sendUntilLandedOrExpired(deps, chain.version('a', 5n), { ...options, maxWaitMs: 10_000 }),
    ).rejects.toBeInstanceOf(LandingUnknownError);
  });
});

describe('sendResiliently', () => {
  it('rebuilds an expired version when the action may be rebuilt; one version lands', async () => {
    // Every send of the first version is lost (the first 4 sends), the second gets through.
    const chain = simulatedChain((n) => n <= 4);
    const built: number[] = [];
    const result = await sendResiliently(chain.deps, {
      build: async (attempt) => {
        built.push(attempt);
        return chain.version(`v${attempt}`, 4n);
      },
      rebuildable: true,
      maxVersions: 3,
      ...options,
    });
    expect(built).toEqual([0, 1]);
    expect(result).toMatchObject({ kind: 'landed', signature: 'v1', versions: 2 });
    expect(result.resends).toBe(result.sends - 2);
    expect([...chain.landed.keys()]).toEqual(['v1']);
  });

  it('never rebuilds what may not be rebuilt (a co-signed RFQ fill)', async () => {
    const chain = simulatedChain(() => true);
    const result = await sendResiliently(chain.deps, {
      build: async (attempt) => chain.version(`v${attempt}`, 3n),
      rebuildable: false,
      maxVersions: 5,
      ...options,
    });
    expect(result).toMatchObject({ kind: 'expired', versions: 1 });
  });

  it('stops before a version leaves when the fence refuses it', async () => {
    const chain = simulatedChain(() => true);
    const result = await sendResiliently(chain.deps, {
      build: async (attempt) => chain.version(`v${attempt}`, 3n),
      beforeSend: async (_v, attempt) => attempt === 0,
      rebuildable: true,
      maxVersions: 5,
      ...options,
    });
    expect(result).toMatchObject({ kind: 'fenced-out', signature: 'v1', versions: 1 });
    expect(chain.landed.size).toBe(0);
  });

  it('under 60% drops a hundred actions each land exactly once', async () => {
    // A fixed pattern: three of every five sends lost.
    const chain = simulatedChain((n) => n % 5 < 3);
    for (let i = 0; i < 100; i += 1) {
      const result = await sendResiliently(chain.deps, {
        build: async (attempt) => chain.version(`a${i}-v${attempt}`, 3n),
        rebuildable: true,
        maxVersions: 10,
        ...options,
      });
      expect(result.kind).toBe('landed');
    }
    const perAction = new Map<string, number>();
    for (const [sig, n] of chain.landed) {
      const action = sig.split('-')[0] as string;
      perAction.set(action, (perAction.get(action) ?? 0) + n);
    }
    expect(perAction.size).toBe(100);
    expect([...perAction.values()].every((n) => n === 1)).toBe(true);
  });
});
