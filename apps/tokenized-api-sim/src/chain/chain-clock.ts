// `--chain-clock`: the simulator's "now" follows the chain's Clock sysvar, re-read every second
// and run on this machine's clock in between (the sysvar has whole seconds). A world whose
// clock a scenario or the trading-day demo moves then sees the market of its own time: the
// session, the intraday prices, the quotes' validity, the corporate actions' schedule.
import { localnetClock } from '@basket/localnet';
import { periodic } from '@basket/service-kit';

const SYNC_EVERY_MS = 1_000;

/**
 * A clock following the chain at `rpcUrl`; never runs backwards (a re-read that lands up to a
 * second behind the last answer, the sysvar's rounding, keeps the last answer).
 *
 * @example
 * const clock = await followChainClock('http://127.0.0.1:8899', (e) => log(e));
 * const sim = await startSimulator(config, { clock });
 * await clock.stop();
 */
export async function followChainClock(
  rpcUrl: string,
  onError: (error: unknown) => void,
): Promise<{ now: () => number; stop: () => Promise<void> }> {
  const chain = localnetClock(rpcUrl);
  let offset = 0;
  let last = 0;
  const sync = async () => {
    offset = Number((await chain.now()).unixTimestamp) * 1_000 - Date.now();
  };
  await sync();
  const timer = periodic(sync, SYNC_EVERY_MS, onError);
  return {
    now: () => {
      last = Math.max(last, Date.now() + offset);
      return last;
    },
    stop: () => timer.stop(),
  };
}
