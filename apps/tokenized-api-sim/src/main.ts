import { readWorldManifest } from '@basket/localnet';
import { followChainClock } from './chain/chain-clock.ts';
import { helpText } from './cli-help.ts';
import { parseSimulatorCommand, SimulatorConfigError } from './config.ts';
import { SEED_ASSETS } from './seed-data.ts';
import { startSimulator } from './server.ts';

/** Command-line entry point: `npm start -w @basket/tokenized-api-sim -- --help`. */
async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseSimulatorCommand>;
  try {
    parsed = parseSimulatorCommand(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof SimulatorConfigError) {
      process.stderr.write(`tokenized-api-sim: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (parsed.kind === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return 0;
  }
  const { config } = parsed;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out('tokenized-api-sim: starting…');
  const clock =
    config.chainClock && config.world
      ? await followChainClock(
          config.world.rpcUrl ?? readWorldManifest(config.world.manifestPath).rpcUrl,
          (error) => out(`tokenized-api-sim: chain clock read failed: ${(error as Error).message}`),
        )
      : null;
  const sim = await startSimulator(config, {
    log: config.logRequests ? out : undefined,
    ...(clock ? { clock } : {}),
  });
  const f = config.faults;
  out(`tokenized-api-sim: listening on ${sim.baseUrl}`);
  out(`  TOKENIZED_API_URL=${sim.baseUrl}`);
  out(
    config.usesDefaultApiKey
      ? '  auth: the documented development key (see apps/tokenized-api-sim/README.md)'
      : '  auth: the key from --api-key / TOKENIZED_SIM_API_KEY (not printed)',
  );
  out(`  assets: ${SEED_ASSETS.map((a) => `${a.symbol} (${a.tradingHoursMode})`).join(', ')}`);
  out(
    config.world === null
      ? '  chain: none (RFQ answers 501; set WORLD_MANIFEST to back it by the local world)'
      : `  chain: the world of ${config.world.manifestPath} (RFQ fills signed by its market maker)`,
  );
  out(`  schedule anchor: ${new Date(sim.anchorMs).toISOString()}; quotes: ${config.rfqOutcome}`);
  out(`  clock: ${clock ? "the chain's (Clock sysvar)" : "this machine's"}`);
  out(
    `  faults: 429 every ${f.rateLimitEvery || '-'}, 5xx burst ${f.serverErrorBurst} every ${f.serverErrorEvery || '-'}, ` +
      `slow every ${f.slowEvery || '-'}, malformed every ${f.malformedEvery || '-'}${f.pathPrefix ? ` (only ${f.pathPrefix}*)` : ''}`,
  );
  out('  press Ctrl+C to stop');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  out('tokenized-api-sim: stopping');
  await sim.close();
  await clock?.stop();
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`tokenized-api-sim: failed to start: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
