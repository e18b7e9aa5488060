// The gate's proposals as far as they are decided before any cluster is asked: a new admin set
// below 3 of 5 or with signers outside it is refused by name, and a program.upgrade whose
// buffer is not the local build is refused with HASH_MISMATCH.
import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isOpsError } from '../src/errors.ts';
import { gateSetAdminsAction } from '../src/gate-actions.ts';
import { assertBufferIsLocalBuild } from '../src/upgrade-gate.ts';

/** An RPC that fails the test if anything reaches the cluster. */
const noRpc = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the cluster was asked');
    },
  },
) as never;

async function keys(n: number) {
  return Promise.all(
    Array.from({ length: n }, async () => (await generateKeyPairSigner()).address),
  );
}

async function refusalOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isOpsError(e)) return `${e.code}: ${e.message}`;
    throw e;
  }
  throw new Error('not refused');
}

describe('gate.set-admins before the cluster', () => {
  it('refuses a new threshold below 3', async () => {
    const next = await keys(5);
    const r = await refusalOf(
      gateSetAdminsAction(noRpc, {
        gateProgram: next[0] as never,
        current: { keys: await keys(5), threshold: 3 },
        adminSigners: [],
        next: { keys: next, threshold: 2 },
      }),
    );
    expect(r).toMatch(/^INVALID_INPUT: --new-threshold 2: between 3 and 5/);
  });

  it('refuses new signers outside the new set, or fewer than its threshold', async () => {
    const next = await keys(5);
    const [stranger] = await keys(1);
    const base = {
      gateProgram: next[0] as never,
      current: { keys: await keys(5), threshold: 3 },
      adminSigners: [],
      next: { keys: next, threshold: 3 },
    };
    expect(
      await refusalOf(
        gateSetAdminsAction(noRpc, { ...base, nextSigners: [next[0], next[1], stranger] as never }),
      ),
    ).toMatch(/^INVALID_INPUT: --new-signers: .*not in it/);
    expect(
      await refusalOf(
        gateSetAdminsAction(noRpc, { ...base, nextSigners: [next[0], next[1]] as never }),
      ),
    ).toMatch(/^INVALID_INPUT: --new-signers: at least 3/);
  });
});

describe('program.upgrade: the buffer is the local build', () => {
  it('passes equal hashes and refuses different ones with HASH_MISMATCH naming both', async () => {
    const [buffer] = await keys(1);
    expect(() =>
      assertBufferIsLocalBuild({ sha256: 'aa' }, buffer as never, { sha256: 'aa' }, 'x.so'),
    ).not.toThrow();
    let caught: unknown;
    try {
      assertBufferIsLocalBuild({ sha256: 'aa' }, buffer as never, { sha256: 'bb' }, 'x.so');
    } catch (e) {
      caught = e;
    }
    expect(isOpsError(caught, 'HASH_MISMATCH')).toBe(true);
    expect((caught as Error).message).toContain('sha256 aa, the local build x.so is bb');
  });
});
