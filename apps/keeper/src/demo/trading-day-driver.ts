// The contract between the trading day's step loop (trading-day.ts) and the keeper it runs
// against (trading-day-inprocess.ts, trading-day-attached.ts): types only, below both, so the
// loop and its drivers do not import each other.
import type { KeeperContext } from '../jobs/context.ts';
import type { DemoWorld } from './demo-wallet.ts';

/** What the day reads from chain and acts with: the keeper's view, no sending. */
export type DayReader = Pick<KeeperContext, 'rpc' | 'programs' | 'skus'>;

/** NAV ages the keeper let happen, per SKU, with the window at each sample. */
export type AgeLog = Map<string, { age: number; window: number }[]>;

/** Counts keyed `<sku>:<what>` (legs by route, alerts by kind; sku '' for every SKU). */
export type Counts = Map<string, number>;

/** The keeper the day runs against, and how a step's phases are carried out for it. */
export type DayDriver = Readonly<{
  reader: DayReader;
  world: DemoWorld;
  clock: Readonly<{ sync: () => Promise<number>; travelTo: (ms: number) => Promise<number> }>;
  driftThresholdBps: number;
  /** The keeper's minimum trade (USD x 1e8), when known: the notes then say the scan's reason. */
  minTradeUsd1e8?: bigint;
  /** The clock just leapt to a step's time: a snapshot of the new time (its age not sampled). */
  afterJump: (ages: AgeLog) => Promise<void>;
  /** `ticks` NAV pushes at the calendar's cadence, each push's age sampled. */
  ticks: (count: number, ages: AgeLog) => Promise<void>;
  /** One rebalance pass (withdrawals, drift, deposits); skipped legs per SKU when measured. */
  pass: (
    ages: AgeLog,
    requests: readonly string[],
  ) => Promise<{ skipped: Map<string, number> | null; failed: Counts }>;
  /** Cumulative legs landed (`<sku>:<route>`) and alerts raised (`<sku>:<kind>`). */
  counts: () => Promise<{ legs: Counts; alerts: Counts }>;
  /** The step is over (stop samplers). */
  endStep?: (ages: AgeLog) => Promise<void>;
}>;
