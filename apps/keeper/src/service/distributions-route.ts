// GET /distributions and /distributions/<file>.json: the epoch distributor's Merkle artifacts
// (jobs/epoch-distributor.ts writes them to KEEPER_DISTRIBUTIONS_DIR), served read-only so a
// dapp on another host can fetch them instead of sharing the keeper's disk.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { createServiceServer } from '@basket/service-kit';

/**
 * The only names served: what the distributor writes, `epoch-<id>.json` with a decimal u64 id.
 * Nothing else can name a path (no `/`, `..`, `%2F`, leading zeros or the `.tmp` being written).
 */
const ARTIFACT_NAME = /^epoch-(0|[1-9][0-9]{0,19})\.json$/;

/** Whether `name` is an artifact file name the route serves. */
function isArtifactName(name: string): boolean {
  return ARTIFACT_NAME.test(name);
}

/** The artifact names in `dir` (regular files only), by epoch id (a missing directory: none). */
async function listArtifacts(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const id = (n: string) => BigInt(n.slice('epoch-'.length, -'.json'.length));
  return entries
    .filter((e) => e.isFile() && isArtifactName(e.name))
    .map((e) => e.name)
    .sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/**
 * Adds the two routes to the keeper's HTTP server. The index is `{ files: [...] }`; a file is
 * sent as stored (`application/json`), 404 for any other name, a missing file, or anything not a
 * regular file (a symlink out of the directory is not followed). `no-cache`: a send that did
 * not land leaves the id unused and the next run rewrites that file.
 *
 * @example
 * registerDistributionRoutes(server, config.distributionsDir);
 * // GET /distributions -> { "files": ["epoch-1.json"] }; GET /distributions/epoch-1.json
 */
export function registerDistributionRoutes(
  app: ReturnType<typeof createServiceServer>,
  dir: string,
): void {
  app.get('/distributions', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({ files: await listArtifacts(dir) }),
  );
  app.get<{ Params: { file: string } }>('/distributions/:file', async (request, reply) => {
    const { file } = request.params;
    const path = join(dir, file);
    const found =
      isArtifactName(file) &&
      (await lstat(path).then(
        (s) => s.isFile(),
        () => false,
      ));
    const body = found ? await readFile(path, 'utf8').catch(() => null) : null;
    if (body === null) return reply.code(404).send({ error: 'not found' });
    return reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}
