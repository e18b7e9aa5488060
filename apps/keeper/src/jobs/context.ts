// What every job receives: wiring only, built once in keeper.ts.

import type { ProgramAddresses } from '@basket/sdk';
import type { Logger } from '@basket/service-kit';
import type { TokenizedApiClient } from '@basket/tokenized-api';
import type { SwapApi } from '@jup-ag/api';
import type pg from 'pg';
import type { FencedSender } from '../chain/fenced-send.ts';
import type { KeeperLimits } from '../chain/limits.ts';
import type { createLimitedRpc } from '../chain/rpc.ts';
import type { RfqCosigner } from '../routes/rfq-cosign-client.ts';
import type { Alerter } from '../service/alerts.ts';
import type { KeeperConfig, KeeperSku } from '../service/config.ts';
import type { KeeperMetrics } from '../service/keeper-metrics.ts';
import type { LeaderElector } from '../service/leader.ts';
import type { KeeperSigner } from '../service/signer.ts';
import type { LegCooldowns } from './leg-cooldown.ts';

export type KeeperRpc = ReturnType<typeof createLimitedRpc>['rpc'];

export type KeeperContext = Readonly<{
  config: KeeperConfig;
  logger: Logger;
  metrics: KeeperMetrics;
  alert: Alerter;
  rpc: KeeperRpc;
  api: TokenizedApiClient;
  /**
   * The vaults' keeper key: signs `rebalance_leg`/`rebalance_settle` and
   * `fulfil_withdrawal`, and pays nothing (one key per role, docs/operations.md).
   */
  signer: KeeperSigner;
  /** The vaults' trade authority (pays the provider, forwards deliveries into holdings). */
  tradeSigner: KeeperSigner;
  /** The oracle's NAV signer: signs NAV payloads (a message), never a transaction. */
  navSigner: KeeperSigner;
  /**
   * The rewards distributor: `distribute_epoch` (it pays the epoch account's rent), the
   * funding transfers and the reward purchases; its token accounts are the rewards funding.
   */
  distributor: KeeperSigner;
  /** Every transaction's fee payer and the rent payer of the accounts the keeper creates. */
  feePayer: KeeperSigner;
  /** The swap aggregator's API (fallback route); null when not configured. */
  swapApi: SwapApi | null;
  /** Asks the RFQ market maker to sign the wrapped fill. */
  rfqCosign: RfqCosigner;
  pool: pg.Pool;
  elector: LeaderElector;
  limits: KeeperLimits;
  send: FencedSender;
  programs: ProgramAddresses;
  skus: readonly KeeperSku[];
  /** Adds a queue job once per key (a second add with the same key keeps the first). */
  enqueue: (
    task: string,
    payload: Record<string, unknown>,
    options: { jobKey: string; runAt?: Date },
  ) => Promise<void>;
  /** Wall clock (ms); injectable for tests. */
  now: () => number;
  /** Legs refused for price, cooling down: this keeper's own, on its clock `now`. */
  legCooldowns: LegCooldowns;
}>;

/** The outcome a job reports (logged, counted, printed by `keeper once`). */
export type JobResult = Readonly<{ job: string; summary: string; details?: unknown }>;
