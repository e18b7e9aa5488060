/**
 * The rewards admins' commands (3 of 5; 2 are refused): sweeping an epoch after its 90-day
 * claim window, rotating the keeper set, and recovering the last epoch id
 * (`reset_last_epoch`, decision 0619), with posts by a chosen keeper at a chosen distance
 * above the last id. Invariants: a sweep lands only after the window and moves exactly what
 * the holding had left (funded less claimed and seized), as its event says; a swept epoch
 * pays no claim (claim checks it); a key outside the keeper set posts nothing, a new key of
 * it does; an id more than 16 above the last, or of an existing epoch, is never posted.
 */

import { getEpochDecoder, getResetLastEpochInstruction } from '@basket/rewards-client';
import type { Address } from '@solana/kit';
import { decodeProgramEvents } from '../../../packages/sdk/src/program-event-decoder.ts';
import { rotateKeepersIx, sweepIx } from '../../../programs/rewards/tests/fixture.ts';
import { InvariantViolation } from '../invariants.ts';
import { rawData } from '../observe.ts';
import { bal, cmd, distribute, lastEpochId, step } from './commands.ts';
import type { RewardsWorld } from './world.ts';

const epochDecoder = getEpochDecoder();

/** 90 days (the program's `CLAIM_WINDOW_SECS`). */
const CLAIM_WINDOW_SECS = 90n * 86_400n;

function threshold(signers: number, what: string): void {
  if (signers < 3)
    throw new InvariantViolation(
      'admin threshold',
      `${what} landed with ${signers} admin signatures (threshold 3)`,
    );
}

/** The admins sweep epoch `which` (both reward mints) into their wallets. */
export function sweep(which: number, signers: number) {
  return cmd(`sweep(epoch ${which}, ${signers} admins)`, async (m, real) => {
    const { w } = real;
    const e = m.epochs[which % Math.max(m.epochs.length, 1)];
    if (!e) return;
    const mints = [w.f.xStock, w.f.legacy];
    const left = e.holdings.map((h) => bal(w, h));
    const before = w.sweepTo.map((d) => bal(w, d));
    const ix = await sweepIx(w.f, {
      epochId: e.epochId,
      mints,
      holdings: e.holdings,
      destinations: w.sweepTo,
      signers: w.f.admins.slice(0, signers),
    });
    const distributed = epochTime(w, e.epoch);
    await step(m, real, 'rewards sweep_epoch', [ix], w.f.payer, (r) => {
      threshold(signers, 'sweep_epoch');
      const now = w.svm.getClock().unixTimestamp;
      if (now < distributed + CLAIM_WINDOW_SECS)
        throw new InvariantViolation(
          'no sweep inside the claim window',
          `epoch ${e.epochId} swept at ${now}, its window closes at ${distributed + CLAIM_WINDOW_SECS}`,
        );
      const moved = w.sweepTo.map((d, i) => bal(w, d) - (before[i] ?? 0n));
      const ev = decodeProgramEvents(r.logs).find(
        (x) => x.status === 'decoded' && x.name === 'epochSwept',
      ) as unknown as { event: { swept: { amount: bigint }[] } } | undefined;
      moved.forEach((x, i) => {
        const funded = e.funded[i] ?? 0n;
        const paid = e.paid.reduce((s, p) => s + (p[i] ?? 0n), 0n);
        const expected = funded - paid - (e.seized[i] ?? 0n) - (e.swept[i] ?? 0n);
        if (x !== left[i] || x !== expected || ev?.event.swept[i]?.amount !== x)
          throw new InvariantViolation(
            'a sweep moves funding less claims',
            `epoch ${e.epochId} mint ${i}: moved ${x} (event ${ev?.event.swept[i]?.amount}), holding had ${left[i]}, funded ${funded} - paid ${paid} - seized ${e.seized[i]} - swept ${e.swept[i]} = ${expected}`,
          );
        e.swept[i] = (e.swept[i] ?? 0n) + x;
      });
      e.closed = true;
    });
  });
}

/** When the epoch was posted (its `distributed_ts`), read from its account. */
function epochTime(w: RewardsWorld, epoch: Address): bigint {
  const d = rawData(w.svm, epoch);
  return d ? epochDecoder.decode(d).distributedTs : 0n;
}

/** The admins install a keeper set: the replacement alone, both, or the original alone. */
export function rotateKeepers(set: 'replacement' | 'both' | 'original', signers: number) {
  return cmd(`rewardsRotateKeepers(${set}, ${signers} admins)`, async (m, real) => {
    const { w } = real;
    const next = set === 'replacement' ? [1] : set === 'both' ? [0, 1] : [0];
    const keys = next.map((k) => w.keepers[k]?.address).filter((a) => a !== undefined);
    const ix = rotateKeepersIx(w.f, keys, w.f.admins.slice(0, signers));
    const r = await step(m, real, 'rewards rotate_keepers', [ix], w.f.payer, () =>
      threshold(signers, 'rotate_keepers'),
    );
    if (r.ok) m.keeperSet = next;
  });
}

/**
 * The admins set the last epoch id: `back` 1 below (the next id is the last posted one: posting
 * over it must be refused), `ahead` 20 above (the keeper posts on from there), or `recover` to the highest
 * posted id (the keeper posts the next one).
 */
export function resetLastEpoch(mode: 'back' | 'ahead' | 'recover', signers: number) {
  return cmd(`resetLastEpoch(${mode}, ${signers} admins)`, async (m, real) => {
    const { w } = real;
    const last = lastEpochId(w);
    let posted = 0n;
    for (const e of m.epochs) if (e.epochId > posted) posted = e.epochId;
    const id =
      mode === 'ahead' ? last + 20n : mode === 'back' ? (last > 0n ? last - 1n : 0n) : posted;
    const ix = getResetLastEpochInstruction({
      config: w.f.config,
      lastEpochId: id,
      adminSigners: w.f.admins.slice(0, signers),
    });
    await step(m, real, 'rewards reset_last_epoch', [ix], w.f.payer, () => {
      threshold(signers, 'reset_last_epoch');
      if (lastEpochId(w) !== id)
        throw new InvariantViolation('epoch id recovery', `last id ${lastEpochId(w)}, set ${id}`);
    });
  });
}

/** An epoch posted by keeper `keeper` (0 the original, 1 the replacement), `ahead` above the last id. */
export function distributeBy(amounts: [bigint, bigint][], keeper: number, ahead: bigint) {
  return distribute(amounts, {
    keeper,
    ahead,
    name:
      ahead > 16n
        ? 'rewards distribute_epoch(too far ahead)'
        : `rewards distribute_epoch(keeper ${keeper})`,
  });
}
