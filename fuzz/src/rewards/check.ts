/**
 * What the rewards invariants read after every step, and the invariants: staked tokens
 * conserved (the stake holding equals the configuration's total and the open stake records';
 * every user's wallet plus open stakes equals what they started with), each epoch's claims
 * never above its funding (per mint: claimed <= total, and holding + paid + seized = funded,
 * nothing created), and no claimant paid more than its leaf.
 */

import type { Distribution } from '@basket/merkle';
import {
  getEpochDecoder,
  getRewardsConfigDecoder,
  getStakeRecordDecoder,
} from '@basket/rewards-client';
import type { Address } from '@solana/kit';
import { InvariantViolation } from '../invariants.ts';
import { rawData } from '../observe.ts';
import { type RewardsWorld, STAKE_BALANCE } from './world.ts';

export interface PostedEpoch {
  epochId: bigint;
  epoch: Address;
  holdings: Address[];
  distribution: Distribution;
  funded: bigint[];
  /** Per mint: raw units the issuer took out of the holding. */
  seized: bigint[];
  /** Per actor, per mint: what its claims of this epoch paid it. */
  paid: bigint[][];
  /** Per mint: what the admins' sweeps moved out (after the claim window). */
  swept: bigint[];
  /** Whether a sweep landed (its claims are closed). */
  closed: boolean;
}

export interface StakeEntry {
  actor: number;
  address: Address;
}

export interface RewardsModel {
  epochs: PostedEpoch[];
  stakes: StakeEntry[];
  nextStakeIndex: bigint[];
  claimStatuses: Address[];
  /** Indices into the world's `keepers` of the program's keeper set now. */
  keeperSet: number[];
}

const configDecoder = getRewardsConfigDecoder();
const epochDecoder = getEpochDecoder();
const stakeDecoder = getStakeRecordDecoder();

/** Per address, the last bytes decoded and their decoding: decoded again only when they change. */
const decoded = new Map<string, { bytes: Uint8Array; value: unknown }>();
function decodeCached<T>(
  address: Address,
  data: Uint8Array,
  decoder: { decode(d: Uint8Array): T },
): T {
  const hit = decoded.get(address);
  if (hit && Buffer.from(hit.bytes).equals(Buffer.from(data))) return hit.value as T;
  const value = decoder.decode(data);
  decoded.set(address, { bytes: Uint8Array.from(data), value });
  return value;
}

/** Every account a refused rewards instruction must leave as it was. */
export function watched(w: RewardsWorld, m: RewardsModel): Address[] {
  return [
    w.f.config,
    w.f.stakeHolding,
    w.recovery,
    ...w.sweepTo,
    ...w.users.flatMap((u) => [u.tokens, ...u.destinations]),
    ...m.epochs.flatMap((e) => [e.epoch, ...e.holdings]),
    ...m.stakes.map((s) => s.address),
    ...m.claimStatuses,
  ];
}

export function snapshot(w: RewardsWorld, m: RewardsModel): (Uint8Array | null)[] {
  return watched(w, m).map((a) => {
    const d = rawData(w.svm, a);
    return d ? Uint8Array.from(d) : null;
  });
}

export function same(a: (Uint8Array | null)[], b: (Uint8Array | null)[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i];
      if (!x || !y) return x === y;
      return Buffer.from(x).equals(Buffer.from(y));
    })
  );
}

function balance(w: RewardsWorld, a: Address): bigint {
  const d = rawData(w.svm, a);
  return d ? new DataView(d.buffer, d.byteOffset, d.byteLength).getBigUint64(64, true) : 0n;
}

function check(cond: boolean, invariant: string, detail: () => string): void {
  if (!cond) throw new InvariantViolation(invariant, detail());
}

/** The rewards invariants, on the chain's accounts after a landed step. */
export function checkRewards(w: RewardsWorld, m: RewardsModel): void {
  const configData = rawData(w.svm, w.f.config);
  if (!configData) throw new InvariantViolation('rewards config', 'the configuration is gone');
  const config = decodeCached(w.f.config, configData, configDecoder);
  const held = balance(w, w.f.stakeHolding);
  const open = new Map<number, bigint>();
  let staked = 0n;
  for (const s of m.stakes) {
    const d = rawData(w.svm, s.address);
    if (!d) continue;
    const rec = decodeCached(s.address, d, stakeDecoder);
    if (rec.withdrawn !== 0) continue;
    staked += rec.amount;
    open.set(s.actor, (open.get(s.actor) ?? 0n) + rec.amount);
  }
  check(
    held === config.totalStaked && held === staked,
    'staked tokens conserved',
    () => `holding ${held}, config total ${config.totalStaked}, open records ${staked}`,
  );
  w.users.forEach((u, k) => {
    const total = balance(w, u.tokens) + (open.get(k) ?? 0n);
    check(
      total === STAKE_BALANCE,
      'staked tokens conserved',
      () => `user ${k}: wallet + open stakes = ${total}, started with ${STAKE_BALANCE}`,
    );
  });
  for (const e of m.epochs) {
    const d = rawData(w.svm, e.epoch);
    if (!d) throw new InvariantViolation('claims within funding', `epoch ${e.epochId} is gone`);
    const epoch = decodeCached(e.epoch, d, epochDecoder);
    e.holdings.forEach((h, i) => {
      const entry = epoch.rewards[i];
      const paid = e.paid.reduce((s, p) => s + (p[i] ?? 0n), 0n);
      const funded = e.funded[i] ?? 0n;
      check(
        (entry?.claimed ?? 0n) <= (entry?.total ?? 0n) && paid <= funded,
        'claims never above funding',
        () =>
          `epoch ${e.epochId} mint ${i}: claimed ${entry?.claimed} of ${entry?.total}, paid ${paid} of ${funded}`,
      );
      const bal = balance(w, h);
      const swept = e.swept[i] ?? 0n;
      check(
        bal + paid + (e.seized[i] ?? 0n) + swept === funded,
        'claims never above funding',
        () =>
          `epoch ${e.epochId} mint ${i}: holding ${bal} + paid ${paid} + seized ${e.seized[i]} + swept ${swept} != funded ${funded}`,
      );
      e.paid.forEach((p, k) => {
        const leaf = e.distribution.claims[k]?.amounts[i] ?? 0n;
        check(
          (p[i] ?? 0n) <= leaf,
          'no free money (claims)',
          () => `epoch ${e.epochId} user ${k} mint ${i}: paid ${p[i]}, its leaf says ${leaf}`,
        );
      });
    });
  }
}
