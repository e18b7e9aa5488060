// The infrastructure budget (spec, Limits): 50 RPC calls/s, 5 transaction submissions/s and
// 10 asset-index (tokenized-asset API) calls/s, each a bottleneck limiter shared by every job
// of the replica, plus a per-job cap on transactions per minute that refuses (rather than
// queues) a job gone wild.
import Bottleneck from 'bottleneck';
import { KeeperError } from '../decisions/errors.ts';

export type KeeperLimits = Readonly<{
  rpc: Bottleneck;
  tx: Bottleneck;
  assetIndex: Bottleneck;
  /** Takes one of `job`'s transactions of this minute, or throws `TX_RATE_CAPPED`. */
  takeTxSlot: (job: string) => Promise<void>;
  stop: () => Promise<void>;
}>;

function perSecond(n: number): Bottleneck {
  return new Bottleneck({
    reservoir: n,
    reservoirRefreshAmount: n,
    reservoirRefreshInterval: 1_000,
    maxConcurrent: Math.max(1, Math.min(n, 10)),
  });
}

/**
 * Creates the replica's limiters.
 *
 * @example
 * const limits = createKeeperLimits({ rpcPerSecond: 50, txPerSecond: 5, assetIndexPerSecond: 10, txPerMinutePerJob: 30 });
 * await limits.rpc.schedule(() => rpc.getSlot().send());
 */
export function createKeeperLimits(options: {
  rpcPerSecond: number;
  txPerSecond: number;
  assetIndexPerSecond: number;
  txPerMinutePerJob: number;
}): KeeperLimits {
  const perJob = new Map<string, Bottleneck>();
  const jobLimiter = (job: string) => {
    let limiter = perJob.get(job);
    if (!limiter) {
      // A queue of zero with OVERFLOW: a take that finds the minute's reservoir empty is
      // dropped at once (refused), never queued for the next minute; Bottleneck decides it in
      // one step, so two jobs taking the last slot together cannot both pass.
      limiter = new Bottleneck({
        reservoir: options.txPerMinutePerJob,
        reservoirRefreshAmount: options.txPerMinutePerJob,
        reservoirRefreshInterval: 60_000,
        highWater: 0,
        strategy: Bottleneck.strategy.OVERFLOW,
      });
      perJob.set(job, limiter);
    }
    return limiter;
  };
  const all = {
    rpc: perSecond(options.rpcPerSecond),
    tx: perSecond(options.txPerSecond),
    assetIndex: perSecond(options.assetIndexPerSecond),
  };
  return {
    ...all,
    async takeTxSlot(job) {
      try {
        await jobLimiter(job).schedule(async () => {});
      } catch (error) {
        if (!(error instanceof Bottleneck.BottleneckError)) throw error;
        throw new KeeperError(
          'TX_RATE_CAPPED',
          `${job} reached its cap of ${options.txPerMinutePerJob} transactions per minute`,
        );
      }
    },
    async stop() {
      for (const l of [all.rpc, all.tx, all.assetIndex, ...perJob.values()]) {
        await l.stop({ dropWaitingJobs: true }).catch(() => {});
      }
    },
  };
}
