// Corporate actions scheduled in the simulator, carried to the chain by the issuer key. The
// ScaledUiAmount extension holds one pending change (a new multiplier and the unix time it
// applies from), so actions go out one at a time per mint: the next is sent once the cluster's
// clock has passed the previous one's effective time; each is announced ahead, as the issuer
// does, so holders (and the vault's multiplier check) see the pending change before it applies.
import { periodic } from '@basket/service-kit';
import type { issuerPowers } from './issuer-powers.ts';
import { ratioOfMultiplier } from './mint-state.ts';
import type { WorldChain, WorldStock } from './world-chain.ts';

export type ScheduledAction = {
  readonly symbol: string;
  /** The multiplier from `effectiveAt` on, as a decimal string. */
  readonly multiplier: string;
  /** Unix seconds (the cluster's clock) from which it applies. */
  effectiveAt: bigint;
  /** The API's multiplier reason (Split, Dividend, …). */
  readonly reason: string;
  status: 'scheduled' | 'announced' | 'effective' | 'failed';
  signature: string | null;
  /** From the simulator's built-in schedule (written only if the mint does not carry it yet). */
  readonly builtIn: boolean;
};

/**
 * Starts the scheduler; `tick` runs every `intervalMs` (and on demand after a new action).
 *
 * @example
 * const actions = startCorporateActions(world, powers, (e) => logger.warn({ err: e }));
 * actions.schedule(stock, '1.1', 1_800_000_000n, 'Split');
 */
export function startCorporateActions(
  world: WorldChain,
  powers: ReturnType<typeof issuerPowers>,
  onError: (error: unknown) => void,
  intervalMs = 1_000,
) {
  const all: ScheduledAction[] = [];

  async function tick(): Promise<void> {
    if (!all.some((a) => a.status === 'scheduled' || a.status === 'announced')) return;
    const now = await world.chainUnixSeconds();
    for (const stock of world.manifest.stocks) {
      const queue = all
        .filter(
          (a) =>
            a.symbol === stock.symbol && (a.status === 'scheduled' || a.status === 'announced'),
        )
        .sort((a, b) =>
          a.effectiveAt < b.effectiveAt ? -1 : a.effectiveAt > b.effectiveAt ? 1 : 0,
        );
      const head = queue[0];
      if (head === undefined) continue;
      if (head.status === 'announced') {
        if (now >= head.effectiveAt) head.status = 'effective';
        continue;
      }
      await announce(stock, head);
    }
  }

  async function announce(stock: WorldStock, action: ScheduledAction) {
    try {
      // A built-in action is written once, across restarts: when the mint's new multiplier
      // already is the one the action sets, an earlier run wrote it (the issuer would not
      // announce the same value twice), so it is only followed, not sent again.
      if (action.builtIn) {
        const scaled = (await powers.mintOf(stock)).scaled;
        if (scaled?.newMultiplier.text === ratioOfMultiplier(Number(action.multiplier)).text) {
          action.effectiveAt = scaled.effectiveTimestamp;
          action.status = 'announced';
          return;
        }
      }
      action.signature = await powers.updateMultiplier(
        stock,
        action.multiplier,
        action.effectiveAt,
      );
      action.status = 'announced';
    } catch (error) {
      action.status = 'failed';
      onError(error);
    }
  }

  let pending = Promise.resolve();
  /** Runs one tick after any running one (never two at once: actions go out in order). */
  const runTick = () => {
    pending = pending.then(tick).catch(onError);
    return pending;
  };
  const timer = periodic(runTick, intervalMs, onError);

  return {
    /** Adds an action; it is announced on chain within one tick when nothing precedes it. */
    async schedule(
      stock: WorldStock,
      multiplier: string,
      effectiveAt: bigint,
      reason: string,
      builtIn = false,
    ) {
      const action: ScheduledAction = {
        symbol: stock.symbol,
        multiplier,
        effectiveAt,
        reason,
        status: 'scheduled',
        signature: null,
        builtIn,
      };
      all.push(action);
      await runTick();
      return action;
    },
    list: (): readonly ScheduledAction[] => all,
    stop: () => timer.stop(),
  };
}
