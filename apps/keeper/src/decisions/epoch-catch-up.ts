// Which closed epochs one distributor run takes, oldest first. The cron tick is weekly and
// backfilled for one week only: a keeper down over two Sundays would otherwise pay just the
// last closed epoch, and the stakers of the one before would never be paid. An epoch is
// "concluded" once a leader examined it to an end (paid, or nothing to pay: no stake, nothing
// funded); the newest concluded epoch is the anchor. Every closed epoch after the anchor was
// never examined (missed), so it is taken, oldest first; the last closed epoch is always taken
// (a run later in its week pays it if funding arrived since, or finds it paid). With no anchor
// (a new deployment) only the last closed epoch: the keeper never pays history it never saw.
import { lastClosedEpoch } from './epoch.ts';

const WEEK_SECS = 7n * 86_400n;

/** At most this many epochs in one run (the newest of the missed ones): a bounded catch-up. */
export const MAX_EPOCHS_PER_RUN = 8;

export type EpochWindow = Readonly<{ start: bigint; end: bigint }>;

/**
 * The windows to examine at `nowSecs`, oldest first, given the end of the newest concluded
 * epoch (`anchorEnd`, null when none).
 *
 * @example
 * epochsToExamine(now, null); // [lastClosedEpoch(now)]
 */
export function epochsToExamine(
  nowSecs: bigint,
  anchorEnd: bigint | null,
  max = MAX_EPOCHS_PER_RUN,
): EpochWindow[] {
  const last = lastClosedEpoch(nowSecs);
  if (anchorEnd === null || anchorEnd >= last.end) return [last];
  const out: EpochWindow[] = [];
  for (let end = last.end; end > anchorEnd && out.length < max; end -= WEEK_SECS) {
    out.unshift({ start: end - WEEK_SECS, end });
  }
  return out;
}
