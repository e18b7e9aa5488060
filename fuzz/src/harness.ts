/**
 * One fuzz step: read the chain, send the instructions, and check every invariant on what
 * came back (a refusal changed nothing; a success keeps the books, the supply and the
 * actors' wealth honest, and its events account for the vault's event sequence). Counts the
 * instruction mix.
 */

import type { SendResult } from '@basket/test-harness';
import type { Instruction, KeyPairSigner } from '@solana/kit';
import { decodeProgramEvents } from '../../packages/sdk/src/program-event-decoder.ts';
import { fastSend } from './fast-send.ts';
import { checkState, checkTransition, InvariantViolation } from './invariants.ts';
import {
  type Observation,
  type OpenEntry,
  observe,
  rawData,
  unchangedSince,
  wealthTolerance,
} from './observe.ts';
import { addTime, timed } from './profile.ts';
import type { World } from './world.ts';

/** The fast-check model: what the commands' preconditions and targets come from. */
export interface Model {
  requests: OpenEntry[];
  claims: OpenEntry[];
  /** Next nonce per actor (requests and claims share the counter). */
  nonces: bigint[];
  /** Per asset: raw units seized since the vault last reconciled the holding. */
  seized: bigint[];
}

/** Per instruction: how often it landed and was refused (by custom error code). */
export type Mix = Record<string, { ok: number; refused: number; codes: Record<string, number> }>;

export interface Real {
  w: World;
  mix: Mix;
  /** Steps run so far (every command counts one, landed or refused); shrinking's apart. */
  steps: { count: number; shrinking: number };
  /** Whether this run replays a shrink candidate (its steps are not counted in the mix). */
  shrinking: boolean;
  /**
   * The last step's after-state, reused as the next step's before-state while nothing moved
   * in between (dropped after a price or multiplier change, which revalues it).
   */
  last?: Observation | null;
}

export interface StepOptions {
  actor?: number;
  /** A price or multiplier move: wealth follows it, the no-free-money check is skipped. */
  exogenous?: boolean;
  /** The instruction reads every holding's real balance, so seizures are reconciled. */
  reconciles?: boolean;
  /** Records what a landed step opened in the model, before the after-state is read. */
  record?: () => void;
  /** Extra checks of a landed step. */
  landed?: (r: SendResult, before: Observation, after: Observation) => void;
}

function count(real: Real, name: string, r: SendResult): void {
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

/** Events of a landed transaction: decodable, and numbered on from the vault's sequence. */
function checkEvents(r: SendResult, before: Observation, after: Observation): void {
  const events = decodeProgramEvents(r.logs);
  let seq = before.vault.eventSequence;
  for (const e of events) {
    if (e.status !== 'decoded') {
      throw new InvariantViolation(
        'events consistent with state',
        `undecodable event: ${e.status === 'superseded' ? `an earlier release's ${e.layout}` : e.reason}`,
      );
    }
    if (e.program !== 'vault') continue;
    const n = (e.event as { eventSequence?: bigint }).eventSequence;
    if (n === undefined) continue;
    if (n !== seq + 1n) {
      throw new InvariantViolation(
        'events consistent with state',
        `event ${e.name} numbered ${n} after ${seq}`,
      );
    }
    seq = n;
  }
  if (seq !== after.vault.eventSequence) {
    throw new InvariantViolation(
      'events consistent with state',
      `the vault's event sequence moved ${before.vault.eventSequence} -> ${after.vault.eventSequence} but the events end at ${seq}`,
    );
  }
}

/** Counts one step (of the run, or of shrinking). */
export function tick(real: Real): void {
  if (real.shrinking) real.steps.shrinking += 1;
  else real.steps.count += 1;
}

/** Sends one step and checks the invariants; throws an {@link InvariantViolation}. */
export async function step(
  model: Model,
  real: Real,
  name: string,
  ixs: Instruction[],
  payer: KeyPairSigner,
  o: StepOptions = {},
): Promise<SendResult> {
  tick(real);
  const { w } = real;
  const before =
    real.last ?? timed('observe (before)', () => observe(w, model.requests, model.claims));
  const r = await fastSend(w.svm, ixs, payer);
  count(real, name, r);
  if (!r.ok) {
    const same = timed('refusal: accounts unchanged', () =>
      unchangedSince(w, before, model.requests, model.claims),
    );
    if (!same) {
      throw new InvariantViolation(
        'refused instructions change nothing',
        `${name} failed but changed accounts`,
      );
    }
    real.last = before;
    return r;
  }
  if (o.reconciles) model.seized = model.seized.map(() => 0n);
  o.record?.();
  const after = timed('observe (after)', () => observe(w, model.requests, model.claims));
  const facts = {
    tolerance: wealthTolerance(w),
    seizedSinceReconcile: model.seized,
    exogenous: o.exogenous ?? false,
    actor: o.actor ?? null,
  };
  timed('invariants', () => {
    checkState(after, facts);
    checkTransition(before, after, facts);
  });
  timed('events', () => checkEvents(r, before, after));
  const t0 = performance.now();
  o.landed?.(r, before, after);
  addTime("step's own checks", performance.now() - t0);
  timed('model upkeep', () => forgetClosed(model, w));
  // A closed request or claim leaves the watched list, and an exogenous step revalues.
  real.last =
    o.exogenous || after.requests.includes(null) || after.claims.includes(null) ? null : after;
  return r;
}

/** Forgets requests and claims whose accounts a step closed (fulfilled, cancelled, paid). */
function forgetClosed(m: Model, w: World): void {
  const open = (e: OpenEntry) => rawData(w.svm, e.address) !== null;
  m.requests = m.requests.filter(open);
  m.claims = m.claims.filter(open);
}

/** A check of one step's own accounting. */
export function expectEqual(invariant: string, what: string, seen: bigint, expected: bigint): void {
  if (seen !== expected)
    throw new InvariantViolation(invariant, `${what}: ${seen}, expected ${expected}`);
}

/** The mix as a plain table (instruction, landed, refused, top refusal codes). */
export function mixRows(
  mix: Mix,
): { instruction: string; landed: number; refused: number; codes: string }[] {
  return Object.entries(mix)
    .sort((a, b) => b[1].ok + b[1].refused - (a[1].ok + a[1].refused))
    .map(([instruction, m]) => ({
      instruction,
      landed: m.ok,
      refused: m.refused,
      codes: Object.entries(m.codes)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([c, n]) => `${c}x${n}`)
        .join(' '),
    }));
}
