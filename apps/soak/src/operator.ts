// What the soak does as the operator on duty (the acts docs/operations.md gives to people):
// approve a NAV move beyond the oracle's deviation cap when the keeper's alert asks for it
// (runbook BasketNavDeviationApproval; 3 admins sign `approve_deviation`), run a keeper job now
// (`keeper enqueue <job>`, here the same graphile-worker call), and fund the epoch's reward
// stock (standing in for the keeper's purchase from swept fees, which needs market hours the
// epoch boundary, Sunday 00:00 UTC, never has).
import {
  ensureTokenAccounts,
  findRedemptionClaims,
  findRewardsConfigAddress,
  getApproveDeviationInstructionFor,
  readAccounts,
  rewardsConfigAccount,
  tokenMintAccount,
} from '@basket/sdk';
import { loadWorldKeys } from '@basket/world';
import type { Address } from '@solana/kit';
import { getMintToCheckedInstruction } from '@solana-program/token';
import type pg from 'pg';
import type { Outage } from './nav-watch.ts';
import type { SoakWorld } from './world.ts';

export type Approval = {
  sku: string;
  /** When the keeper's alert was first seen (ms since epoch). */
  alertAt: number;
  approvedAt: number | null;
  tries: number;
};

/** The keeper's alert counter, per SKU, of one kind (summed over severities). */
export function alertCounts(text: string, kind: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('keeper_alerts_total{') || !line.includes(`kind="${kind}"`)) continue;
    const sku = /sku="([^"]*)"/.exec(line)?.[1] ?? '';
    const v = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(v)) out.set(sku, (out.get(sku) ?? 0) + v);
  }
  return out;
}

const metricsOf = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');

/** After an approval lands, the keeper's next pushes (15 s apart in market hours) land it. */
const APPROVAL_SETTLE_MS = 45_000;

/**
 * @example
 * const op = operator(world, pool, outages, 90_000, console.log);
 * await op.watch(); // once a few seconds
 */
export function operator(
  world: SoakWorld,
  pool: pg.Pool,
  outages: Outage[],
  graceMs: number,
  say: (line: string) => void,
) {
  const keys = loadWorldKeys(world.dir);
  const seen = new Map<string, number>();
  const approvals: Approval[] = [];
  /** SKU -> the open approval (alert seen, approval not landed or not yet settled). */
  const open = new Map<string, { approval: Approval; outage: Outage }>();

  async function approve(entry: { approval: Approval; outage: Outage }): Promise<void> {
    const { approval } = entry;
    approval.tries += 1;
    const k = await keys;
    const ix = await getApproveDeviationInstructionFor(
      { sku: approval.sku, adminSigners: k.admins.slice(0, 3) },
      world.programs,
    );
    await world.chain.land(`approve_deviation ${approval.sku}`, k.admins[0] as never, [ix]);
    approval.approvedAt = Date.now();
    entry.outage.to = approval.approvedAt + graceMs;
    say(
      `operator: approved ${approval.sku}'s next push beyond the deviation cap (alert ${Math.round((approval.approvedAt - approval.alertAt) / 1000)} s earlier)`,
    );
  }

  return {
    approvals: () => approvals as readonly Approval[],
    /** One look at both keepers' alerts; approves what they ask for. */
    watch: async () => {
      const pages = await Promise.all([
        metricsOf(world.ports['keeper-a'].admin),
        metricsOf(world.ports['keeper-b'].admin),
      ]);
      const now = Date.now();
      for (const [i, text] of pages.entries()) {
        if (!text) continue;
        for (const [sku, count] of alertCounts(text, 'nav-deviation-approval')) {
          const key = `${i}:${sku}`;
          const before = seen.get(key) ?? 0;
          seen.set(key, count);
          // A restarted keeper counts from 0 again: any count below the last is new.
          const fired = count > before || (count < before && count > 0);
          const current = open.get(sku);
          // Alerts of pushes refused before the approval landed are the same outage.
          const settled =
            current?.approval.approvedAt != null &&
            now > current.approval.approvedAt + APPROVAL_SETTLE_MS;
          if (!fired || (current && !settled)) continue;
          const approval: Approval = { sku, alertAt: now, approvedAt: null, tries: 0 };
          const outage: Outage = { from: now, to: null, why: `deviation approval of ${sku}` };
          outages.push(outage);
          approvals.push(approval);
          open.set(sku, { approval, outage });
          say(`operator: keeper alert nav-deviation-approval for ${sku}`);
        }
      }
      for (const entry of open.values()) {
        if (entry.approval.approvedAt !== null) continue;
        await approve(entry).catch((e) =>
          say(`operator: approve_deviation ${entry.approval.sku} failed (will retry): ${e}`),
        );
      }
    },
    /** Lets open approvals' outages end (the run's end: nothing will approve them now). */
    close: () => {
      for (const { outage } of open.values()) outage.to ??= Date.now();
    },
    /** `keeper enqueue <job>`: the leader runs it within a second. */
    enqueue: async (job: string) => {
      await pool.query(
        "select keeper_worker.add_job($1, '{}'::json, run_at => now(), max_attempts => 1, job_key => $2, job_key_mode => 'replace')",
        [job, `now:${job}:*`],
      );
    },
    /** The issuer mints `amount` of the first reward mint into the distributor's funding account. */
    fundRewards: async (amount: bigint): Promise<void> => {
      const k = await keys;
      const programs = world.programs;
      const rpc = world.chain.rpc;
      const [config] = await readAccounts(
        rpc,
        [rewardsConfigAccount(await findRewardsConfigAddress(programs), programs)],
        { commitment: 'confirmed' },
      );
      if (!config?.exists) throw new Error('no rewards config');
      const rewardMint = config.data.rewardMints[0] as Address;
      const [mint] = await readAccounts(rpc, [tokenMintAccount(rewardMint)], {
        commitment: 'confirmed',
      });
      if (!mint?.exists) throw new Error(`reward mint ${rewardMint} not found`);
      // The distributor's own account: the keeper process pays epochs with that role's key.
      const funding = await ensureTokenAccounts(
        rpc,
        k.distributor,
        [{ owner: k.distributor.address, mint: rewardMint, tokenProgram: mint.data.tokenProgram }],
        { commitment: 'confirmed' },
      );
      if (funding.instructions.length > 0)
        await world.chain.land('distributor reward account', k.distributor, funding.instructions);
      await world.chain.landRaw('fund the epoch rewards', k.issuer, [
        getMintToCheckedInstruction(
          {
            mint: rewardMint,
            token: funding.addresses[0] as Address,
            mintAuthority: k.issuer,
            amount,
            decimals: mint.data.decimals,
          },
          { programAddress: mint.data.tokenProgram },
        ),
      ]);
    },
  };
}

export type Operator = ReturnType<typeof operator>;

/** With no claim paid and no approval landed for this long, what is left cannot be paid now. */
const SETTLE_IDLE_MS = 360_000;
/** However slowly the payer progresses, the books close after this. */
const SETTLE_MAX_MS = 1_200_000;
/** The payer is queued again this often: a claim refused once (a slot frozen for a moment,
 * a NAV stale until its approval) is tried again. */
const REQUEUE_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What an operator does before closing the books: the redemption payer and the withdrawal
 * router run now (`keeper enqueue`, again every 90 s), and the open claims are watched while
 * they are being paid. It waits on progress, not on a fixed time: the leader runs queued jobs
 * one after another, and on a loaded machine a drift scan or a leg ahead of the payer takes
 * minutes, as does a NAV move that waits for the operator's approval (the operator keeps
 * watching meanwhile). It stops when nothing is owed, when neither a claim was paid nor an
 * approval landed for 6 minutes, or after 20 minutes; what is still open is then judged by
 * the final checks (open claims must be alerted).
 */
export async function settleOwed(
  world: SoakWorld,
  op: Operator,
  say: (line: string) => void,
): Promise<void> {
  const openClaims = async () => {
    let n = 0;
    for (const v of world.world.manifest.skus)
      n += (
        await findRedemptionClaims(world.chain.rpc, { vault: v.vault as Address }, world.programs)
      ).length;
    return n;
  };
  await op.enqueue('withdrawal-router').catch((e) => say(`soak: enqueue failed: ${e}`));
  const started = Date.now();
  let open = await openClaims().catch(() => Number.POSITIVE_INFINITY);
  let approvals = op.approvals().filter((a) => a.approvedAt !== null).length;
  let progressAt = started;
  let enqueuedAt = 0;
  while (open > 0) {
    const now = Date.now();
    if (now - progressAt > SETTLE_IDLE_MS || now - started > SETTLE_MAX_MS) break;
    if (now - enqueuedAt > REQUEUE_MS) {
      enqueuedAt = now;
      await op.enqueue('redemption-payer').catch((e) => say(`soak: enqueue failed: ${e}`));
    }
    await sleep(3_000);
    const left = await openClaims().catch(() => open);
    const approved = op.approvals().filter((a) => a.approvedAt !== null).length;
    if (left < open || approved > approvals) progressAt = Date.now();
    if (left < open && Number.isFinite(open))
      say(`soak: ${open - left} claim(s) paid, ${left} open`);
    open = left;
    approvals = approved;
  }
  if (open > 0) say(`soak: ${open} redemption claim(s) still open after the payer's runs`);
}
