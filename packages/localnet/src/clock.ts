import { rpcCall } from './rpc-call.ts';
import { waitFor } from './wait-for.ts';

const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111';

/** What the chain's Clock sysvar says: the time programs see. */
export type ChainClock = Readonly<{ slot: bigint; unixTimestamp: bigint }>;

/** A time the validator's clock cannot move to (surfpool's clock only moves forward). */
export class ClockMoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClockMoveError';
  }
}

/**
 * The local validator's clock, through surfpool's `surfnet_*` cheatcodes (test and demo
 * controls only; nothing in a production path calls them). Its clock only moves forward.
 *
 * @example
 * const clock = localnetClock(net.rpcUrl);
 * await clock.travelTo(Date.parse('2026-11-30T14:30:00Z')); // a Monday, market open
 * (await clock.now()).unixTimestamp; // >= 1796049000n
 */
export function localnetClock(rpcUrl: string) {
  async function now(): Promise<ChainClock> {
    const info = await rpcCall<{ value: { data: [string, string] } | null }>(
      rpcUrl,
      'getAccountInfo',
      [CLOCK_SYSVAR, { encoding: 'base64', commitment: 'processed' }],
    );
    if (!info.value) throw new Error('the Clock sysvar is missing');
    const data = Buffer.from(info.value.data[0], 'base64');
    // Clock layout: slot u64 [0..8], epoch_start_timestamp i64 [8..16], epoch u64 [16..24],
    // leader_schedule_epoch u64 [24..32], unix_timestamp i64 [32..40].
    return { slot: data.readBigUInt64LE(0), unixTimestamp: data.readBigInt64LE(32) };
  }

  /** Resolves once the Clock sysvar reads at least `seconds`. */
  async function waitForTimestamp(seconds: bigint, timeoutMs = 10_000): Promise<ChainClock> {
    let last: ChainClock | null = null;
    try {
      return await waitFor(
        `the chain clock did not reach ${seconds}`,
        async () => {
          last = await now();
          return last.unixTimestamp >= seconds ? last : null;
        },
        { timeoutMs },
      );
    } catch (error) {
      if (last === null) throw error;
      throw new ClockMoveError(
        `the chain clock reads ${(last as ChainClock).unixTimestamp}, not yet ${seconds}`,
      );
    }
  }

  return {
    now,
    waitForTimestamp,
    /** Moves the clock to `epochMs` (milliseconds, like Date.now()) and waits until programs see it. */
    async travelTo(epochMs: number): Promise<ChainClock> {
      const current = await now();
      const targetSeconds = BigInt(Math.floor(epochMs / 1000));
      if (targetSeconds < current.unixTimestamp) {
        throw new ClockMoveError(
          `cannot move the clock back to ${new Date(epochMs).toISOString()}: it already reads ${new Date(Number(current.unixTimestamp) * 1000).toISOString()}`,
        );
      }
      await rpcCall(rpcUrl, 'surfnet_timeTravel', [{ absoluteTimestamp: epochMs }]);
      return waitForTimestamp(targetSeconds);
    },
    /** Moves the clock forward by `ms` from what the chain reads now. */
    async advanceBy(ms: number): Promise<ChainClock> {
      const current = await now();
      const target = Number(current.unixTimestamp) * 1000 + ms;
      await rpcCall(rpcUrl, 'surfnet_timeTravel', [{ absoluteTimestamp: target }]);
      return waitForTimestamp(BigInt(Math.floor(target / 1000)));
    },
    /** Stops block production (and time) until `resume`. */
    pause: () => rpcCall(rpcUrl, 'surfnet_pauseClock'),
    resume: () => rpcCall(rpcUrl, 'surfnet_resumeClock'),
  };
}

export type LocalnetClock = ReturnType<typeof localnetClock>;
