// The validator keeps its ledger across a restart but not its clock: surfpool starts again on
// the wall clock, so a world whose clock was moved (simulated trading days) would see time go
// back. The clock is saved beside the ledger when the validator stops and moved forward again
// when it starts on that ledger, continuing from where it was plus the time it was down.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { localnetClock } from './clock.ts';

const FILE = 'clock.json';

type Saved = Readonly<{ unixTimestamp: string; savedAtMs: number }>;

/**
 * Writes the chain's clock now to `stateDir` (best effort: a validator that does not answer
 * leaves the previous record, or none).
 *
 * @example
 * await saveClock('.localnet/ledger', 'http://127.0.0.1:8899');
 */
export async function saveClock(stateDir: string, rpcUrl: string, now = Date.now): Promise<void> {
  const clock = await localnetClock(rpcUrl).now();
  const saved: Saved = { unixTimestamp: clock.unixTimestamp.toString(), savedAtMs: now() };
  await writeFile(join(stateDir, FILE), `${JSON.stringify(saved)}\n`);
}

/**
 * Moves the clock of a validator just started on `stateDir` to the saved clock plus the time
 * since it was saved, when that is ahead of what the chain reads. Returns the chain time it
 * moved to (unix seconds), or null when there was nothing to restore.
 *
 * @example
 * await restoreClock('.localnet/ledger', 'http://127.0.0.1:8899'); // 1796049000n after a leap
 */
export async function restoreClock(
  stateDir: string,
  rpcUrl: string,
  now = Date.now,
): Promise<bigint | null> {
  let saved: Saved;
  try {
    saved = JSON.parse(await readFile(join(stateDir, FILE), 'utf8')) as Saved;
  } catch {
    return null;
  }
  const down = Math.max(0, now() - saved.savedAtMs);
  const targetMs = Number(saved.unixTimestamp) * 1000 + down;
  const clock = localnetClock(rpcUrl);
  const current = await clock.now();
  // Within a second of the wall clock: nothing was moved, nothing to restore.
  if (BigInt(Math.floor(targetMs / 1000)) <= current.unixTimestamp + 1n) return null;
  return (await clock.travelTo(targetMs)).unixTimestamp;
}
