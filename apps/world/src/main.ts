// `npm start`: the local world under one supervisor. Wiring only: every piece lives in its own
// module (options, children, services, status line, bootstrap).
import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { repoRoot, startLocalnet } from '@basket/localnet';
import { isOpen } from '@basket/market-calendar';
import { startPostgres } from '@basket/postgres-server';
import { periodic } from '@basket/service-kit';
import type { Address } from '@solana/kit';
import { STOCKS } from './bootstrap/catalog.ts';
import { loadWorldKeys } from './bootstrap/keys.ts';
import { catalogPrices, pushNav } from './bootstrap/nav.ts';
import { localProgramAddresses } from './bootstrap/programs.ts';
import { MANIFEST_FILE, runBootstrap } from './bootstrap/run-bootstrap.ts';
import { seedHistory } from './bootstrap/seed-history.ts';
import { connectChain } from './chain.ts';
import { HELP, parseWorldOptions } from './supervisor/options.ts';
import { keeperPresent, worldServices } from './supervisor/services.ts';
import { statusLine } from './supervisor/status-line.ts';
import { readinessOf, type SupervisedService, superviseService } from './supervisor/supervise.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** A random secret kept in a 0600 file, made on first use (the webhooks' Authorization). */
async function readOrCreateSecret(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    const secret = `Bearer ${randomBytes(24).toString('base64url')}`;
    await writeFile(path, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

async function main(): Promise<number> {
  let options: ReturnType<typeof parseWorldOptions>;
  try {
    options = parseWorldOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(
      `npm start: ${error instanceof Error ? error.message : String(error)} (try --help)\n`,
    );
    return 2;
  }
  if (options.help) {
    say(HELP);
    return 0;
  }
  const root = repoRoot();
  const dir = resolve(root, options.dir);
  if (options.reset) {
    say(`world: --reset: removing ${dir}`);
    await rm(dir, { recursive: true, force: true });
  }
  const started = Date.now();
  const logs = join(dir, 'logs');
  const postgres = await startPostgres({ dataDir: join(dir, 'postgres'), port: options.pgPort });
  say(
    `world: Postgres ${postgres.owned ? `on 127.0.0.1:${new URL(postgres.url).port}` : '(DATABASE_URL)'}`,
  );
  const net = await startLocalnet({
    stateDir: join(dir, 'ledger'),
    rpcPort: options.rpcPort,
    wsPort: options.wsPort,
    logFile: join(logs, 'validator.log'),
  });
  say(
    `world: validator ${net.owned ? 'started' : '(SOLANA_RPC_URL)'}: RPC ${net.rpcUrl}, PubSub ${net.wsUrl}`,
  );
  const programs = await localProgramAddresses();
  const chain = connectChain(net.rpcUrl, net.wsUrl, programs);
  const services: SupervisedService[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    await Promise.all(services.map((s) => s.stop(10_000)));
    await net.stop();
    await postgres.stop();
  };
  try {
    const manifest = await runBootstrap({
      dir,
      chain,
      rpcUrl: net.rpcUrl,
      wsUrl: net.wsUrl,
      log: (l) => say(`bootstrap: ${l}`),
    });
    const manifestPath = join(dir, MANIFEST_FILE);
    say(`world: manifest ${manifestPath}`);
    say(`world: demo wallets (keypair files): ${manifest.keys.demoWallets.join(', ')}`);
    // A fresh world's charts need history: a few deposits and NAV points at moved clock times,
    // before the services start (the webhook emitter sends them to the indexer from the start).
    if (
      options.services &&
      !options.once &&
      (await seedHistory({
        dir,
        chain,
        rpcUrl: net.rpcUrl,
        manifest,
        keys: await loadWorldKeys(dir),
        programs,
        log: (l) => say(`bootstrap: ${l}`),
      }))
    ) {
      say('world: history seeded (NAV points and deposits over two hours of chain time)');
    }
    if (options.once) {
      say(`world: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (--once: stopping)`);
      await stopAll();
      return 0;
    }
    if (options.services) {
      const webhookSecret = await readOrCreateSecret(join(dir, 'keys', 'webhook-secret'));
      for (const spec of worldServices({
        root,
        manifestPath,
        rpcUrl: net.rpcUrl,
        wsUrl: net.wsUrl,
        databaseUrl: postgres.url,
        simPort: options.simPort,
        webhookSecret,
        chainClock: options.chainClock,
      })) {
        // A service that dies is started again with backoff, and the supervisor says so.
        services.push(superviseService(root, logs, spec, { say: (l) => !stopping && say(l) }));
        say(
          `world: ${spec.name} started${spec.url ? ` at ${spec.url}` : ''} (log ${join(logs, `${spec.name}.log`)})`,
        );
      }
    }
    const timers: { stop: () => Promise<void> }[] = [];
    if (!keeperPresent(root)) {
      // Until the keeper runs in the world, the supervisor keeps NAV fresh at the keeper's
      // cadence (15 s in market hours, 60 s otherwise) with the bootstrap's catalog prices.
      const keys = await loadWorldKeys(dir);
      const prices = catalogPrices(manifest, STOCKS);
      timers.push(
        periodic(
          async () => {
            for (const sku of manifest.skus) {
              await pushNav(chain, {
                keys,
                programs,
                skuId: sku.skuId,
                snapshot: sku.snapshot as never,
                prices,
                lookupTable: sku.lookupTable as Address | null,
              });
            }
          },
          () => (isOpen('MarketHours', Date.now()) ? 15_000 : 60_000),
          (e) => say(`world: NAV push failed: ${e instanceof Error ? e.message : String(e)}`),
        ),
      );
      say('world: no keeper yet: the supervisor pushes NAV on the keeper cadence');
    }
    say(
      `world: ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything (state kept in ${dir})`,
    );
    const tty = process.stdout.isTTY;
    let lastPrinted = 0;
    timers.push(
      periodic(
        async () => {
          // Each service's own /readyz says whether its parts (queue, database, RPC, lease)
          // are up; the line shows the reasons of any that are not.
          await Promise.all(
            services.map(async (s) => {
              if (s.spec.readyUrl && s.alive()) s.observe(await readinessOf(s.spec.readyUrl));
            }),
          );
          const line = await statusLine(
            chain,
            manifest,
            programs,
            services.map((s) => s.state()),
          );
          if (tty) process.stdout.write(`\r\x1b[2K${line}`);
          else if (Date.now() - lastPrinted > 30_000) {
            say(line);
            lastPrinted = Date.now();
          }
        },
        2_000,
        () => {},
        { runImmediately: true },
      ),
    );
    await new Promise<void>((resolveSignal) => {
      process.once('SIGINT', () => resolveSignal());
      process.once('SIGTERM', () => resolveSignal());
    });
    say('\nworld: stopping…');
    await Promise.all(timers.map((t) => t.stop()));
    await stopAll();
    say('world: stopped (state kept)');
    return 0;
  } catch (error) {
    say(`world: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll();
    return 1;
  }
}

main().then((code) => process.exit(code));
