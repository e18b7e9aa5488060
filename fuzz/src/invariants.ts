/**
 * The invariants checked after every step, from the chain's accounts (see docs/fuzzing.md):
 * books never above balances, conservation of the share supply and of escrowed shares, no
 * free money over all actors, and (for the step that ran) its own account of what moved.
 */

import type { Observation } from './observe.ts';

/** A broken invariant: its name and what was seen. */
export class InvariantViolation extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`${invariant}: ${detail}`);
    this.name = 'InvariantViolation';
  }
}

/** What the model knows that the chain cannot say by itself. */
export interface ModelFacts {
  /** Per asset: raw units the issuer took out of the holding since the vault last reconciled. */
  seizedSinceReconcile: bigint[];
  /** Whether the step was exogenous (a price or multiplier move): wealth may move with it. */
  exogenous: boolean;
  /** Index of the acting user, when one acted. */
  actor: number | null;
  /** What one party's valuation may move by from flooring alone (see `wealthTolerance`). */
  tolerance: bigint;
}

function check(cond: boolean, invariant: string, detail: () => string): void {
  if (!cond) throw new InvariantViolation(invariant, detail());
}

/** Invariants of one state alone. */
export function checkState(o: Observation, facts: ModelFacts): void {
  const v = o.vault;
  v.assets.slice(0, v.assetCount).forEach((a, i) => {
    const balance = o.holdingBalances[i] ?? 0n;
    const seized = facts.seizedSinceReconcile[i] ?? 0n;
    // The claims count for what the holding still backs (owed less what a seizure, split
    // once, left unbacked).
    const backed = a.claimsOwedRaw - (v.claimsUnbackedRaw[i] ?? 0n);
    check(
      a.holdingsRaw + backed <= balance + seized,
      'books never above balances',
      () =>
        `asset ${i}: book ${a.holdingsRaw} + claims backed ${backed} > balance ${balance} (+ ${seized} seized since the last reconcile)`,
    );
  });
  const cashOwed = o.claims.reduce((s, c) => s + (c?.cashOwed ?? 0n), 0n);
  check(
    v.cashRaw + v.withdrawFeesOwed + cashOwed <= o.cashBalance,
    'books never above balances',
    () =>
      `cash: book ${v.cashRaw} + withdrawal fees owed ${v.withdrawFeesOwed} + claims' cash ${cashOwed} > balance ${o.cashBalance}`,
  );
  const held = o.shareBalances.reduce((s, x) => s + x, 0n);
  check(
    held === o.shareSupply,
    'share supply conserved',
    () => `mint supply ${o.shareSupply} but the known share accounts hold ${held}`,
  );
  const escrowed = o.requests.reduce((s, r) => s + (r?.shares ?? 0n), 0n);
  check(
    escrowed === v.escrowedShares,
    'escrowed shares conserved',
    () => `vault escrows ${v.escrowedShares} shares, the open requests hold ${escrowed}`,
  );
  const claimsOwed = v.assets
    .slice(0, v.assetCount)
    .map((_, i) => o.claims.reduce((s, c) => s + (c?.owed[i] ?? 0n), 0n));
  v.assets.slice(0, v.assetCount).forEach((a, i) => {
    check(
      a.claimsOwedRaw === claimsOwed[i],
      'claims owed conserved',
      () =>
        `asset ${i}: vault owes ${a.claimsOwedRaw} to claims, the open claims say ${claimsOwed[i]}`,
    );
  });
}

/** Invariants of a successful step: nobody richer than the valuation's rounding allows. */
export function checkTransition(before: Observation, after: Observation, facts: ModelFacts): void {
  if (facts.exogenous) return;
  let total = 0n;
  after.wealth.forEach((w, k) => {
    const gain = w - (before.wealth[k] ?? 0n);
    total += gain;
    // Only the actor is bounded alone: the others gain what rounding and the price memory
    // take from it (a deposit priced at the higher of two pushes), which the total bounds.
    if (k !== facts.actor) return;
    check(
      gain <= facts.tolerance,
      'no free money (the actor)',
      () => `actor ${k} gained ${gain} micro-USD (${before.wealth[k]} -> ${w})`,
    );
  });
  const tolerance = facts.tolerance * BigInt(after.wealth.length);
  check(
    total <= tolerance,
    'no free money (all actors)',
    () => `all actors together gained ${total} micro-USD`,
  );
}
