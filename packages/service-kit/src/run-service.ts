import type { FastifyInstance } from 'fastify';
import { ConfigError } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';

/** What a service's `start` hands back: its HTTP server (if any) and its own cleanup. */
export type StartedService = Readonly<{
  server?: FastifyInstance;
  /** Stops jobs, closes pools; called once on SIGINT/SIGTERM, before the server closes. */
  close?: () => Promise<void>;
}>;

/**
 * The one `main` every long-running service has: `--help` prints and exits 0; the config is
 * parsed once (a bad one prints one line per field and exits 2); SIGINT/SIGTERM close the
 * service and its server within `shutdownDeadlineMs`, after which the process exits 1 so a
 * supervisor never waits forever.
 *
 * @example
 * await runService({ name: 'indexer', help, argv: process.argv.slice(2),
 *   loadConfig: (argv) => parseIndexerConfig(argv, process.env),
 *   secretsOf: (c) => [c.webhookSecret],
 *   start: (ctx) => startIndexer(ctx) });
 */
export async function runService<C>(options: {
  name: string;
  help: string;
  argv: readonly string[];
  loadConfig: (argv: readonly string[]) => C;
  secretsOf?: (config: C) => readonly (string | undefined)[];
  start: (context: { config: C; logger: Logger; metrics: Metrics }) => Promise<StartedService>;
  shutdownDeadlineMs?: number;
}): Promise<void> {
  if (options.argv.includes('--help') || options.argv.includes('-h')) {
    process.stdout.write(options.help.endsWith('\n') ? options.help : `${options.help}\n`);
    return;
  }
  let config: C;
  try {
    config = options.loadConfig(options.argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  const logger = createLogger({ name: options.name, secrets: options.secretsOf?.(config) ?? [] });
  const metrics = createMetrics(options.name);
  let started: StartedService;
  try {
    started = await options.start({ config, logger, metrics });
  } catch (error) {
    logger.fatal({ err: error }, 'failed to start');
    process.exitCode = 1;
    return;
  }
  const deadline = options.shutdownDeadlineMs ?? 10_000;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, deadlineMs: deadline }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ deadlineMs: deadline }, 'shutdown deadline passed; exiting');
      process.exit(1);
    }, deadline);
    timer.unref();
    (async () => {
      await started.close?.();
      await started.server?.close();
    })()
      .then(() => {
        logger.info('stopped');
        clearTimeout(timer);
        process.exitCode = process.exitCode ?? 0;
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
