#!/usr/bin/env -S npx tsx
// `npm run scenario`: runs the scenario (scenario.ts) and narrates it on the console. A failure
// prints what failed, with the SDK's decoded program error when there is one, and exits 1.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BasketTransactionError } from '@basket/sdk';
import { HELP } from './help.ts';
import { numberedNarrator } from './narrator.ts';
import { runScenario } from './scenario.ts';
import type { Target } from './steps/deploy.ts';

/** The world's manifest `npm start` writes, relative to the repository. */
const DEFAULT_MANIFEST = fileURLToPath(new URL('../../../.localnet/world.json', import.meta.url));

/** The ledger the arguments name, or the reason they name none. */
export function targetOf(argv: readonly string[]): Target | { error: string } {
  try {
    const { values } = parseArgs({
      args: argv.filter((a) => a !== '--'),
      options: {
        rpc: { type: 'string' },
        ws: { type: 'string' },
        world: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.rpc === undefined) {
      if (values.ws !== undefined || values.world !== undefined) {
        return { error: '--ws and --world need --rpc' };
      }
      return { kind: 'litesvm' };
    }
    if (!/^https?:\/\//.test(values.rpc))
      return { error: `--rpc ${values.rpc} is not an http(s) URL` };
    if (values.ws !== undefined && !/^wss?:\/\//.test(values.ws)) {
      return { error: `--ws ${values.ws} is not a ws(s) URL` };
    }
    return {
      kind: 'rpc',
      manifestPath: values.world === undefined ? DEFAULT_MANIFEST : resolve(values.world),
      rpcUrl: values.rpc,
      ...(values.ws === undefined ? {} : { wsUrl: values.ws }),
    };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

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
  const target = targetOf(argv);
  if ('error' in target) {
    err(`${target.error}\n\n${HELP}`);
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
    await run(narrator, target);
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
