// Harnesses around single keeper jobs in the world suites: a context whose sends are each
// preceded by NAV quotes of the vault at every second the send may land in (the program prices
// a fee collection at its own second), and a second API simulator on a keeper world's chain
// that announces (and writes on chain) its built-in corporate actions.
import { join } from 'node:path';
import { getNavQuote, type NavQuote } from '@basket/sdk';
import {
  DEFAULT_SIM_CONFIG,
  type RunningSimulator,
  startSimulator,
} from '@basket/tokenized-api-sim';
import { MANIFEST_FILE } from '@basket/world';
import type { KeeperContext } from '../../src/jobs/context.ts';
import { chainNowMs } from '../../src/routes/chain-time.ts';
import type { KeeperWorld } from './keeper-world.ts';

/** How many seconds after a send starts it is quoted for. */
const QUOTED_SECONDS = 10n;

/**
 * `ctx` whose every send is preceded by quotes of `skuId` (confirmed state, the state the send
 * will find) at each second from the chain's now on, kept by the action key's first part
 * (`mgmt-fee`, `perf-fee`, ...) and second.
 *
 * @example
 * const q = quotingSends(ctx, 'TECH6');
 * await runCollectFees(q.ctx, sku);
 * q.quoted.get('perf-fee')?.get(state.lastPerfFeeTime);
 */
export function quotingSends(ctx: KeeperContext, skuId: string) {
  const quoted = new Map<string, Map<bigint, NavQuote>>();
  const quoting: KeeperContext = {
    ...ctx,
    send: Object.assign(
      async (input: Parameters<KeeperContext['send']>[0]) => {
        const from = BigInt(Math.floor((await chainNowMs(ctx)) / 1_000));
        const at = new Map<bigint, NavQuote>();
        for (let t = from; t <= from + QUOTED_SECONDS; t++) {
          const options = { programs: ctx.programs, commitment: 'confirmed', now: t } as const;
          at.set(t, await getNavQuote(ctx.rpc, skuId, options));
        }
        quoted.set(input.actionKey.split(':')[0] as string, at);
        return ctx.send(input);
      },
      { priceFor: ctx.send.priceFor },
    ),
  };
  return { ctx: quoting, quoted };
}

/**
 * A simulator on `kw`'s chain with `chainCorporateActions`, following the chain's clock,
 * anchored `anchorAgoMs` before the chain's now (a seeded action `offset` after the anchor
 * activates `offset - anchorAgoMs` from now).
 */
export async function corporateActionSim(
  kw: KeeperWorld,
  anchorAgoMs: number,
): Promise<RunningSimulator> {
  const chainMs = await kw.clock.sync();
  return startSimulator(
    {
      ...DEFAULT_SIM_CONFIG,
      port: 0,
      logRequests: false,
      anchorMs: chainMs - anchorAgoMs,
      chainCorporateActions: true,
      world: {
        manifestPath: join(kw.world.dir, MANIFEST_FILE),
        rpcUrl: kw.world.localnet.rpcUrl,
        wsUrl: kw.world.localnet.wsUrl,
      },
    },
    { clock: { now: kw.clock.now } },
  );
}
