#!/usr/bin/env -S npx tsx
// `npm start`: runs the scenario (scenario.ts) and narrates it on the console. A failure
// prints what failed, with the SDK's decoded program error when there is one, and exits 1.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BasketTransactionError } from '@basket/sdk';
import { HELP } from './help.ts';
import { numberedNarrator } from './narrator.ts';
import { runScenario } from './scenario.ts';

/** Lines of the program logs shown under a failed transaction. */
const LOG_TAIL = 12;

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code; `run` is
 * replaceable so the test can check the failure path.
 */
export async function main(
  argv: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  run: typeof runScenario = runScenario,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    out(HELP);
    return 0;
  }
  const unknown = argv.filter((a) => a !== '--');
  if (unknown.length > 0) {
    err(`unknown argument(s): ${unknown.join(' ')}\n\n${HELP}`);
    return 2;
  }
  const started = performance.now();
  // The heading of the step under way, to say where a failure happened.
  let heading = '(before the first step)';
  const narrator = numberedNarrator((line) => {
    if (line.startsWith('\n[')) heading = line.trim();
    out(line);
  });
  try {
    await run(narrator);
  } catch (e) {
    err(`\nscenario failed in ${heading}: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof BasketTransactionError && e.logs.length > 0) {
      err(`last program logs:\n  ${e.logs.slice(-LOG_TAIL).join('\n  ')}`);
    }
    return 1;
  }
  out(`\nScenario complete in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) process.exitCode = await main(process.argv.slice(2));
