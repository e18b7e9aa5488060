/**
 * The rewards program's commands: stakes (a tier of 30, 90 or 180 days, or an invalid one),
 * unstakes (before and after the lock), clock moves, epochs posted by the keeper (a Merkle
 * root over the users' random amounts of both reward mints, funded exactly), claims (as the
 * leaf says, one unit more, or with another user's proof), the issuer's seizures from an
 * epoch's stock holding between distribution and claim, and pauses. Every step is checked:
 * a refusal changed nothing, a landed step keeps every rewards invariant (check.ts).
 */

import { fromClaims } from '@basket/merkle';
import { getRewardsConfigDecoder, REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import {
  delegateBurnInstruction,
  delegateTransferInstruction,
  type SendResult,
  setUnixTime,
} from '@basket/test-harness';
import type { Instruction, KeyPairSigner } from '@solana/kit';
import type { AsyncCommand } from 'fast-check';
import { decodeProgramEvents } from '../../../packages/sdk/src/program-event-decoder.ts';
import {
  claimIx,
  claimStatusAddress,
  distributeIx,
  epochPda,
  fundEpoch,
  PAUSE_CLAIM,
  PAUSE_STAKE,
  setPausedIx,
  stakeIx,
  stakeRecordPda,
  unstakeIx,
} from '../../../programs/rewards/tests/fixture.ts';
import { fastSend } from '../fast-send.ts';
import type { Mix } from '../harness.ts';
import { InvariantViolation } from '../invariants.ts';
import { rawData } from '../observe.ts';
import { checkRewards, type RewardsModel, same, snapshot } from './check.ts';
import type { RewardsWorld } from './world.ts';

export interface RewardsReal {
  w: RewardsWorld;
  mix: Mix;
  steps: { count: number; shrinking: number };
  shrinking: boolean;
}

type Cmd = AsyncCommand<RewardsModel, RewardsReal>;

const configDecoder = getRewardsConfigDecoder();

export function cmd(label: string, run: (m: RewardsModel, r: RewardsReal) => Promise<void>): Cmd {
  return { check: () => true, run, toString: () => label };
}

function count(real: RewardsReal, name: string, r: SendResult): void {
  if (real.shrinking) return;
  const entry = real.mix[name] ?? { ok: 0, refused: 0, codes: {} };
  real.mix[name] = entry;
  if (r.ok) entry.ok += 1;
  else {
    entry.refused += 1;
    const code =
      r.customError === null
        ? (r.error?.split('\n')[0] ?? 'unknown')
        : `0x${r.customError.toString(16)}`;
    entry.codes[code] = (entry.codes[code] ?? 0) + 1;
  }
}

/** Sends one rewards step; a refusal must change nothing, a landed one keeps the invariants. */
export async function step(
  m: RewardsModel,
  real: RewardsReal,
  name: string,
  ixs: Instruction[],
  payer: KeyPairSigner,
  landed?: (r: SendResult) => void,
): Promise<SendResult> {
  if (real.shrinking) real.steps.shrinking += 1;
  else real.steps.count += 1;
  const before = snapshot(real.w, m);
  const r = await fastSend(real.w.svm, ixs, payer);
  count(real, name, r);
  if (!r.ok) {
    if (!same(before, snapshot(real.w, m)))
      throw new InvariantViolation(
        'refused instructions change nothing',
        `${name} failed but changed accounts`,
      );
    return r;
  }
  // Every event the program logged decodes (a layout drift shows here first).
  for (const e of decodeProgramEvents(r.logs))
    if (e.status !== 'decoded')
      throw new InvariantViolation(
        'events consistent with state',
        `undecodable event: ${e.status === 'superseded' ? `an earlier release's ${e.layout}` : e.reason}`,
      );
  landed?.(r);
  checkRewards(real.w, m);
  return r;
}

export function bal(w: RewardsWorld, a: Parameters<typeof rawData>[1]): bigint {
  const d = rawData(w.svm, a);
  return d ? new DataView(d.buffer, d.byteOffset, d.byteLength).getBigUint64(64, true) : 0n;
}

export function stake(actor: number, bps: number, tierDays: number): Cmd {
  return cmd(`stake(${actor}, ${bps}bps, ${tierDays}d)`, async (m, real) => {
    const { w } = real;
    const u = w.users[actor % w.users.length];
    if (!u) return;
    const k = actor % w.users.length;
    const index = m.nextStakeIndex[k] ?? 0n;
    const amount = (bal(w, u.tokens) * BigInt(bps)) / 10_000n;
    const address = await stakeRecordPda(u.signer.address, index);
    // Watched from before the step: a refused stake must not have created it.
    m.stakes.push({ actor: k, address });
    const r = await step(
      m,
      real,
      'rewards stake',
      [await stakeIx(w.f, u, amount, tierDays, index)],
      u.signer,
    );
    if (r.ok) m.nextStakeIndex[k] = index + 1n;
    else m.stakes.pop();
  });
}

export function unstake(which: number): Cmd {
  return cmd(`unstake(${which})`, async (m, real) => {
    const s = m.stakes[which % Math.max(m.stakes.length, 1)];
    if (!s) return;
    const u = real.w.users[s.actor] as RewardsWorld['users'][number];
    await step(
      m,
      real,
      'rewards unstake',
      [await unstakeIx(real.w.f, u.signer, s.address, u.tokens)],
      u.signer,
    );
  });
}

export function clockMove(seconds: number): Cmd {
  return cmd(`rewardsClock(${seconds}s)`, async (_m, real) => {
    const { svm } = real.w;
    if (real.shrinking) real.steps.shrinking += 1;
    else real.steps.count += 1;
    const c = svm.getClock();
    svm.warpToSlot(c.slot + BigInt(Math.max(1, Math.floor(seconds * 2.5))));
    setUnixTime(svm, c.unixTimestamp + BigInt(seconds));
    if (real.shrinking) return;
    const e = real.mix['rewards clock move'] ?? { ok: 0, refused: 0, codes: {} };
    e.ok += 1;
    real.mix['rewards clock move'] = e;
  });
}

/** How far above the last epoch id a new one may be (decision 0121). */
export const MAX_EPOCH_AHEAD = 16n;

/** Who posts an epoch and how far above the program's last id (default: the first keeper of the set, next id). */
export interface PostBy {
  keeper?: number;
  ahead?: bigint;
  /** The mix's name for it. */
  name?: string;
}

/**
 * A keeper posts an epoch: `amounts[k]` = user k's (stock, legacy) amounts. Landed only by a
 * key of the keeper set, at most 16 above the last id, over no existing epoch.
 */
export function distribute(amounts: [bigint, bigint][], by: PostBy = {}): Cmd {
  const who = by.keeper === undefined ? '' : `, keeper ${by.keeper}, +${by.ahead ?? 1n}`;
  return cmd(
    `distribute([${amounts.map((a) => a.join('/')).join(', ')}]${who})`,
    async (m, real) => {
      const { w } = real;
      const f = w.f;
      const ahead = by.ahead ?? 1n;
      // The program's last id (the number of posted epochs, until the admins reset it).
      const epochId = lastEpochId(w) + ahead;
      const k = by.keeper ?? m.keeperSet[0] ?? 0;
      const keeper = w.keepers[k] ?? f.keeper;
      const mints = [f.xStock, f.legacy];
      const claims = w.users.map((u, k) => ({
        claimant: u.signer.address,
        amounts: [amounts[k]?.[0] ?? 0n, amounts[k]?.[1] ?? 0n],
      }));
      const totals = mints.map((_, i) => claims.reduce((s, c) => s + (c.amounts[i] ?? 0n), 0n));
      const distribution = fromClaims({
        programId: REWARDS_PROGRAM_ADDRESS,
        epochId,
        rewardMints: mints.map((x) => x.address),
        totals,
        claims,
      });
      // The holdings are funded (set-up, not a step), then the keeper's instruction is the step.
      const holdings = await fundEpoch(f, epochId, mints, totals);
      const epoch = await epochPda(epochId);
      const existed = rawData(w.svm, epoch) !== null;
      const posted = {
        epochId,
        epoch,
        holdings,
        distribution,
        funded: totals,
        seized: [0n, 0n],
        paid: w.users.map(() => [0n, 0n]),
        swept: [0n, 0n],
        closed: false,
      };
      const ix = await distributeIx(f, {
        epochId,
        root: distribution.root,
        totals,
        mints,
        holdings,
        keeper,
      });
      const r = await step(m, real, by.name ?? 'rewards distribute_epoch', [ix], keeper, () => {
        const why = !m.keeperSet.includes(k)
          ? `keeper ${k} is not in the set [${m.keeperSet}]`
          : ahead > MAX_EPOCH_AHEAD
            ? `epoch ${epochId} is ${ahead} above the last`
            : existed
              ? `epoch ${epochId} was already posted`
              : null;
        if (why) throw new InvariantViolation('only the keeper set posts, bounded, once', why);
        m.epochs.push(posted);
      });
      if (!r.ok && m.epochs.at(-1) === posted) m.epochs.pop();
    },
  );
}

/** The program's last epoch id (`RewardsConfig.last_epoch_id`). */
export function lastEpochId(w: RewardsWorld): bigint {
  const d = rawData(w.svm, w.f.config);
  return d ? configDecoder.decode(d).lastEpochId : 0n;
}

/** User `actor` claims epoch `which`: as its leaf says, one unit more, or with a wrong proof. */
export function claim(actor: number, which: number, tamper: 'none' | 'more' | 'other-proof'): Cmd {
  return cmd(`claim(${actor}, epoch ${which}, ${tamper})`, async (m, real) => {
    const { w } = real;
    const e = m.epochs[which % Math.max(m.epochs.length, 1)];
    if (!e) return;
    const k = actor % w.users.length;
    const u = w.users[k] as RewardsWorld['users'][number];
    const leaf = e.distribution.claims[k];
    const other = e.distribution.claims[(k + 1) % w.users.length];
    if (!leaf || !other) return;
    const amounts =
      tamper === 'more' ? leaf.amounts.map((a, i) => (i === 0 ? a + 1n : a)) : leaf.amounts;
    const status = await claimStatusAddress(e.epochId, u.signer.address);
    if (!m.claimStatuses.includes(status)) m.claimStatuses.push(status);
    const ix = await claimIx(w.f, {
      claimant: u.signer,
      epochId: e.epochId,
      amounts,
      proof: tamper === 'other-proof' ? other.proof : leaf.proof,
      mints: [w.f.xStock, w.f.legacy],
      holdings: e.holdings,
      destinations: u.destinations,
    });
    const before = u.destinations.map((d) => bal(w, d));
    await step(m, real, `rewards claim(${tamper})`, [ix], u.signer, (r) => {
      if (e.closed)
        throw new InvariantViolation(
          'a swept epoch pays no claim',
          `epoch ${e.epochId} was swept, user ${k}'s claim landed`,
        );
      const paid = e.paid[k] as bigint[];
      const received = u.destinations.map((d, i) => bal(w, d) - (before[i] ?? 0n));
      received.forEach((x, i) => {
        paid[i] = (paid[i] ?? 0n) + x;
      });
      // One Claimed event, naming the claimant and the epoch, for what its leaf says; the
      // legacy mint (never seized) is paid exactly that, the stock at most that.
      const claimed = decodeProgramEvents(r.logs).filter(
        (x) => x.status === 'decoded' && x.program === 'rewards' && x.name === 'claimed',
      ) as unknown as { event: { epochId: bigint; claimant: string; amounts: bigint[] } }[];
      const ev = claimed[0]?.event;
      if (
        claimed.length !== 1 ||
        ev?.epochId !== e.epochId ||
        ev.claimant !== u.signer.address ||
        ev.amounts[1] !== received[1] ||
        (received[0] ?? 0n) > (ev.amounts[0] ?? 0n)
      )
        throw new InvariantViolation(
          'events consistent with state',
          `claim of epoch ${e.epochId} by user ${k}: ${claimed.length} Claimed events (${ev?.amounts}), received ${received}`,
        );
    });
  });
}

/** The issuer's permanent delegate takes `bps` of an epoch's stock holding (burn or move). */
export function seize(which: number, bps: number, move: boolean): Cmd {
  return cmd(`seize(epoch ${which}, ${bps}bps, ${move ? 'move' : 'burn'})`, async (m, real) => {
    const { w } = real;
    const e = m.epochs[which % Math.max(m.epochs.length, 1)];
    const holding = e?.holdings[0];
    if (!e || !holding) return;
    const amount = (bal(w, holding) * BigInt(bps)) / 10_000n;
    const ix = move
      ? delegateTransferInstruction(w.f.xStock, { from: holding, to: w.recovery, amount })
      : delegateBurnInstruction(w.f.xStock, holding, amount);
    await step(m, real, `rewards issuer ${move ? 'move' : 'burn'}`, [ix], w.f.payer, () => {
      e.seized[0] = (e.seized[0] ?? 0n) + amount;
    });
  });
}

/** The admins (3 of 5) pause or resume staking and claiming. */
export function pause(flags: number): Cmd {
  return cmd(`rewardsPause(${flags})`, async (m, real) => {
    const { f } = real.w;
    await step(
      m,
      real,
      'rewards set_paused',
      [setPausedIx(f, flags & (PAUSE_STAKE | PAUSE_CLAIM), f.admins.slice(0, 3))],
      f.payer,
    );
  });
}
