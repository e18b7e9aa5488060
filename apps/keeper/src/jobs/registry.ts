// The keeper's jobs by name: what `keeper once <job>` runs and what the queue's tasks call.
import type { KeeperSku } from '../service/config.ts';
import { runCollectFees } from './collect-fees.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { runCorpActionWatch } from './corp-action-watch.ts';
import { runDepositRouter } from './deposit-router.ts';
import { runDriftScan } from './drift-scan.ts';
import { runEpochDistributor } from './epoch-distributor.ts';
import { runNavPush } from './nav-push.ts';
import { runRebalanceExec } from './rebalance-exec.ts';
import { runRedemptionPayer } from './redemption-payer.ts';
import { runWithdrawalRouter } from './withdrawal-router.ts';

type Job = Readonly<{
  description: string;
  run: (ctx: KeeperContext, payload: unknown) => Promise<JobResult | JobResult[]>;
  runFor: (ctx: KeeperContext, sku: KeeperSku) => Promise<JobResult>;
}>;

const perSku =
  (fn: (ctx: KeeperContext, sku: KeeperSku) => Promise<JobResult>) =>
  async (ctx: KeeperContext, payload: unknown) => {
    const only = (payload as { skuId?: string } | null)?.skuId;
    const out: JobResult[] = [];
    const failed: string[] = [];
    // One SKU's failure (its API data missing, say) must not stop the others.
    for (const sku of ctx.skus) {
      if (only && sku.skuId !== only) continue;
      try {
        out.push(await fn(ctx, sku));
      } catch (error) {
        failed.push(`${sku.skuId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failed.length > 0) throw new JobFailedError(out, failed);
    return out;
  };

/** Some SKUs failed: carries the results of the others. */
export class JobFailedError extends Error {
  readonly results: readonly JobResult[];
  readonly failures: readonly string[];
  constructor(results: readonly JobResult[], failures: readonly string[]) {
    super(`failed for ${failures.join('; ')}`);
    this.name = 'JobFailedError';
    this.results = results;
    this.failures = failures;
  }
}

const notPerSku = async (): Promise<JobResult> => {
  throw new Error('this job runs over every vault at once');
};

export const JOBS = {
  'nav-push': {
    description: 'push every SKU snapshot (prices, multipliers, flags) and refresh_nav',
    run: perSku(runNavPush),
    runFor: runNavPush,
  },
  'drift-scan': {
    description: 'value every vault from chain, queue rebalance legs beyond the threshold',
    run: (ctx) => runDriftScan(ctx),
    runFor: notPerSku,
  },
  'rebalance-exec': {
    description: 'size, route and execute one leg (payload {skuId, mint})',
    run: runRebalanceExec,
    runFor: notPerSku,
  },
  'collect-fees': {
    description: 'collect_mgmt_fee daily, collect_perf_fee when due',
    run: perSku(runCollectFees),
    runFor: runCollectFees,
  },
  'corp-action-watch': {
    description: 'alert on severe corporate actions, schedule the 1 h freeze push',
    run: (ctx) => runCorpActionWatch(ctx),
    runFor: notPerSku,
  },
  'epoch-distributor': {
    description: 'pay the last closed epoch: stake weights, Merkle artifact, distribute_epoch',
    run: (ctx) => runEpochDistributor(ctx),
    runFor: notPerSku,
  },
  'deposit-router': {
    description: 'invest the cash above the buffer target into the basket by target weights',
    run: perSku(runDepositRouter),
    runFor: runDepositRouter,
  },
  'withdrawal-router': {
    description: 'fulfil open withdrawal requests at a newer snapshot, selling first if short',
    run: perSku(runWithdrawalRouter),
    runFor: runWithdrawalRouter,
  },
  'redemption-payer': {
    description: 'pay what open redemption claims still owe, once each slot can move',
    run: perSku(runRedemptionPayer),
    runFor: runRedemptionPayer,
  },
} satisfies Record<string, Job>;

export type JobName = keyof typeof JOBS;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
