import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Localnet,
  type LocalnetClock,
  localnetClock,
  startLocalnet,
  type WorldManifest,
} from '@basket/localnet';
import { localProgramAddresses } from './bootstrap/programs.ts';
import { runBootstrap } from './bootstrap/run-bootstrap.ts';
import { type Chain, connectChain } from './chain.ts';
import { copyWorldTemplate } from './world-template.ts';

/** A bootstrapped world for end-to-end tests: validator, programs, mints, SKUs, keys. */
export type TestWorld = Readonly<{
  dir: string;
  manifest: WorldManifest;
  chain: Chain;
  clock: LocalnetClock;
  localnet: Localnet;
  /** Stops the validator and removes the world's directory (unless it was given). */
  stop: () => Promise<void>;
}>;

/**
 * Starts a validator on free ports with a bootstrapped world in `dir` (a new temporary
 * directory by default): what end-to-end suites of the keeper, the indexer, the dapp and the
 * operator tools run against. A new directory starts from a copy of this machine's world
 * template (bootstrapped once per build, about 50 s; then a few seconds per world); pass
 * `fresh: true` to bootstrap from an empty ledger instead.
 *
 * @example
 * let world: TestWorld;
 * beforeAll(async () => { world = await startWorld(); }, 180_000);
 * afterAll(() => world.stop());
 */
export async function startWorld(
  options: {
    dir?: string;
    fresh?: boolean;
    log?: (line: string) => void;
    /**
     * The validator's slot time (400 ms, mainnet's, by default). Shorter only for a suite that
     * waits on slot counts alone (blockhash expiry): the programs' staleness windows are in
     * slots, so a shorter slot also shortens them in wall time.
     */
    slotTimeMs?: number;
  } = {},
): Promise<TestWorld> {
  const log = options.log ?? (() => {});
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'basket-world-')));
  // The Postgres server of a test may live below it and runs as its own user.
  await chmod(dir, 0o755);
  if (!options.dir && !options.fresh) await copyWorldTemplate(dir, log);
  const localnet = await startLocalnet({
    stateDir: join(dir, 'ledger'),
    logFile: join(dir, 'logs', 'validator.log'),
    slotTimeMs: options.slotTimeMs,
  });
  try {
    const chain = connectChain(localnet.rpcUrl, localnet.wsUrl, await localProgramAddresses());
    const manifest = await runBootstrap({
      dir,
      chain,
      rpcUrl: localnet.rpcUrl,
      wsUrl: localnet.wsUrl,
      log,
    });
    return {
      dir,
      manifest,
      chain,
      clock: localnetClock(localnet.rpcUrl),
      localnet,
      stop: async () => {
        await localnet.stop();
        if (!options.dir) await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await localnet.stop();
    throw error;
  }
}
