// A bootstrapped world kept once per machine (per build) so end-to-end suites start from a
// copy in seconds instead of bootstrapping for ~50 s each. The copy is a whole world
// directory (ledger, keys, lookup tables, manifest) taken while its validator was stopped, so
// the ledger is checkpointed; the copy's own bootstrap run then only refreshes the manifest's
// URLs and pushes NAV.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot, resolveValidatorBinary, startLocalnet } from '@basket/localnet';
import lockfile from 'proper-lockfile';
import { localProgramAddresses } from './bootstrap/programs.ts';
import { runBootstrap } from './bootstrap/run-bootstrap.ts';
import { connectChain } from './chain.ts';
import { templateInputs } from './template-inputs.ts';

const TEMPLATES_DIR = join(tmpdir(), 'basket-world-templates');
const READY_MARKER = '.template-ready';
const UNUSED_TEMPLATE_MS = 60 * 60_000;

/**
 * The template's key: what the bootstrap makes depends on the validator binary, the program
 * binaries it deploys and the code it runs (template-inputs.ts), so any change to them makes a
 * new template.
 */
export function worldTemplateKey(root: string = repoRoot()): string {
  const hash = createHash('sha256');
  hash.update(resolveValidatorBinary());
  for (const file of templateInputs(root)) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Copies a bootstrapped world into `dir` (which must be empty or absent), building the
 * template first when this machine has none for the current build. Concurrent test files
 * wait on one lock, so the template is built once.
 */
export async function copyWorldTemplate(dir: string, log: (line: string) => void): Promise<void> {
  const key = worldTemplateKey();
  const templateDir = join(TEMPLATES_DIR, key);
  await mkdir(TEMPLATES_DIR, { recursive: true });
  const release = await lockfile.lock(TEMPLATES_DIR, {
    // Building a template takes about a minute on two cores; waiters poll for up to 10.
    retries: { retries: 120, factor: 1, minTimeout: 5_000, maxTimeout: 5_000 },
    stale: 30_000,
    update: 10_000,
  });
  try {
    const marker = join(templateDir, READY_MARKER);
    if (existsSync(marker)) {
      const now = new Date();
      await utimes(marker, now, now); // in use: another checkout's prune keeps it
    } else {
      await buildTemplate(templateDir, log);
    }
    await pruneUnusedTemplates(key);
  } finally {
    await release();
  }
  await cp(templateDir, dir, {
    recursive: true,
    filter: (source) => !source.endsWith(READY_MARKER),
  });
}

async function buildTemplate(templateDir: string, log: (line: string) => void): Promise<void> {
  const building = `${templateDir}.building`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  log(`building the world template ${templateDir}`);
  const localnet = await startLocalnet({
    stateDir: join(building, 'ledger'),
    logFile: join(building, 'logs', 'validator.log'),
  });
  try {
    const chain = connectChain(localnet.rpcUrl, localnet.wsUrl, await localProgramAddresses());
    // Twice: the first pass funds the market maker, then seeds the pools from its stock; the
    // second tops it up again. Without it every copy's own bootstrap re-mints the 21 stocks to
    // the maker, one confirmed transaction each (9 s of every suite's start at 400 ms slots).
    for (const pass of [1, 2]) {
      if (pass === 2) log('second bootstrap pass: the template at rest, nothing left to top up');
      await runBootstrap({
        dir: building,
        chain,
        rpcUrl: localnet.rpcUrl,
        wsUrl: localnet.wsUrl,
        log,
      });
    }
  } finally {
    // Stopping checkpoints the ledger, so the copied files hold the whole state.
    await localnet.stop();
  }
  await rm(join(building, 'logs'), { recursive: true, force: true });
  await rm(templateDir, { recursive: true, force: true });
  await rename(building, templateDir);
  await writeFile(join(templateDir, READY_MARKER), new Date().toISOString());
}

/**
 * Removes the templates no run has used for an hour. Not every other one: two checkouts on one
 * machine (a worktree beside main) build different templates, and each removing the other's
 * would rebuild both on every run, or remove one while a suite copies it.
 */
async function pruneUnusedTemplates(keep: string): Promise<void> {
  const cutoff = Date.now() - UNUSED_TEMPLATE_MS;
  for (const name of readdirSync(TEMPLATES_DIR)) {
    if (name === keep) continue;
    const path = join(TEMPLATES_DIR, name);
    const marker = join(path, READY_MARKER);
    const lastUsed = statSync(existsSync(marker) ? marker : path).mtimeMs;
    if (lastUsed < cutoff) await rm(path, { recursive: true, force: true });
  }
}
