// Every nav-push tick judges the snapshot it read before pushing (decision 0997): a
// publication the keeper did not make is alerted once per sequence (`nav-foreign-push`,
// critical), counted in `keeper_nav_foreign_pushes_total`, and the keeper pushes on: its next
// push restores the true price, within the cap of the window's reference.

import {
  type ChainPublication,
  type OwnPush,
  type PublicationOrigin,
  publicationOrigin,
} from '../decisions/publication-origin.ts';
import { claimAction, finishAction } from '../service/actions.ts';
import type { KeeperSku } from '../service/config.ts';
import { KEEPER_SCHEMA } from '../service/schema.ts';
import type { KeeperContext } from './context.ts';

const JOB = 'nav-foreign-push';

/**
 * The keeper's recent landed or unsettled pushes of `sku` (every replica's, from the shared
 * actions table), newest first: pushes take sequences in order, so the newest 16 rows hold
 * every one that can bear on the snapshot (a push may run at most 16 above it).
 */
export async function ownPushes(ctx: KeeperContext, sku: KeeperSku): Promise<OwnPush[]> {
  const prefix = `nav-push:${sku.skuId}:`;
  const { rows } = await ctx.pool.query<{
    action_key: string;
    status: string;
    detail: { entries?: unknown } | null;
  }>(
    `select action_key, status, detail from ${KEEPER_SCHEMA}.actions
      where job = 'nav-push' and starts_with(action_key, $1) and status in ('sent', 'sending')
      order by created_at desc limit 16`,
    [prefix],
  );
  return rows.flatMap((r) => {
    const tail = r.action_key.slice(prefix.length);
    if (!/^\d+$/.test(tail)) return [];
    const entries = r.detail?.entries;
    return [
      {
        sequence: BigInt(tail),
        status: r.status,
        entries:
          Array.isArray(entries) && entries.every((e) => typeof e === 'string')
            ? (entries as string[])
            : null,
      },
    ];
  });
}

/**
 * Judges the publication on chain and alerts a foreign one, once per sequence across replicas
 * and restarts (the record is a fenced action, as `redemption-owed`'s).
 *
 * @example
 * const origin = await checkPublication(ctx, sku, { sequence, publishSlot, publishUnixTime, entries });
 */
export async function checkPublication(
  ctx: KeeperContext,
  sku: KeeperSku,
  chain: ChainPublication,
): Promise<PublicationOrigin> {
  const origin = publicationOrigin(chain, await ownPushes(ctx, sku));
  if (origin.kind === 'unverifiable') {
    ctx.logger.warn(
      { job: 'nav-push', sku: sku.skuId, sequence: chain.sequence.toString(), origin },
      'the keeper cannot tell whether the NAV snapshot is its own (its last push recorded no entries)',
    );
  }
  if (origin.kind !== 'foreign') return origin;
  const key = `nav-foreign-push-alert:${sku.skuId}:${chain.sequence}`;
  const what = `${sku.skuId}: NAV snapshot #${chain.sequence} (published at slot ${chain.publishSlot}, unix ${chain.publishUnixTime}) was not pushed by the keeper (its last push is #${origin.lastOwn}): the NAV signer key is in other hands. Pause the vault at once (basket-ops propose vault.pause --sku ${sku.skuId}) and rotate the oracle keepers (basket-ops propose oracle.rotate-keepers)`;
  if (ctx.config.dryRun) {
    ctx.logger.info({ job: JOB, actionKey: key }, `dry-run: would alert ${what}`);
    return origin;
  }
  const lease = ctx.elector.lease();
  if (lease && (await claimAction(ctx.pool, lease, key, JOB, 0)).claimed) {
    ctx.metrics.navForeignPushes.inc({ sku: sku.skuId });
    ctx.alert('nav-foreign-push', 'critical', what, {
      sku: sku.skuId,
      sequence: chain.sequence.toString(),
      publishSlot: chain.publishSlot.toString(),
      publishUnixTime: chain.publishUnixTime.toString(),
      lastOwnPush: origin.lastOwn.toString(),
      actions: ['vault.pause', 'oracle.rotate-keepers'],
    });
    await finishAction(ctx.pool, key, 'sent', null, { lastOwnPush: origin.lastOwn.toString() });
  }
  return origin;
}
