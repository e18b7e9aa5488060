import { type SendResult, send } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import { depositIx } from '../../programs/vault/tests/fixture.ts';
import { fastSend } from '../src/fast-send.ts';
import { rawData, watchedAddresses } from '../src/observe.ts';
import type { World } from '../src/world.ts';
import { pushInstructions, restoreWorld, worldTemplate } from '../src/world.ts';

// The fuzzer's send (decision 0940) must land exactly what the harness's send lands: the
// same accounts afterwards, the same logs and compute units, the same refusals, including a
// transaction with an Ed25519 precompile instruction and several signers.
describe('fuzz: fastSend is the harness send', () => {
  const bytes = (w: World) =>
    watchedAddresses(w, [], []).map((a) => Buffer.from(rawData(w.svm, a) ?? []).toString('hex'));

  it('lands a deposit and a signed NAV push, and refuses an overdraft, as send does', async () => {
    const template = await worldTemplate('fuzz/fast-send-test');
    const a = restoreWorld(template);
    const b = restoreWorld(template);
    const alice = (w: World) => w.actors[0] as World['actors'][number];
    const cases = async (w: World) => [
      [depositIx(w.b, alice(w), 1_234_560_000n)],
      await pushInstructions(
        w,
        2n,
        w.pushed.map((p) => ({ ...p, flags: 1 })),
      ),
      [depositIx(w.b, alice(w), 10n ** 15n)],
    ];
    const viaSend: SendResult[] = [];
    for (const ixs of await cases(a)) viaSend.push(await send(a.svm, ixs, alice(a).signer));
    const viaFast: SendResult[] = [];
    for (const ixs of await cases(b)) viaFast.push(await fastSend(b.svm, ixs, alice(b).signer));
    expect(viaSend.map((r) => r.ok)).toEqual([true, true, false]);
    const strip = (r: (typeof viaSend)[number]) => ({
      ...r,
      txBytes: 0,
      error: r.error?.split('\n')[0],
    });
    expect(viaFast.map(strip)).toEqual(viaSend.map(strip));
    expect(bytes(b)).toEqual(bytes(a));
  });
});
