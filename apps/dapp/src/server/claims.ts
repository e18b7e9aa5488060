// Published reward distributions (the Merkle artifacts of `@basket/merkle`'s `toArtifact`):
// read from a directory of `*.json` files, or fetched from the keeper's `/distributions` routes
// when the source is an http(s) URL (the dapp on another host than the keeper), and served per
// claimant, so the page gets its amounts and proof without downloading every epoch's tree.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DistributionArtifact } from '@basket/merkle';
import { LRUCache } from 'lru-cache';
import type { PublishedClaim } from '../shared/public-config.ts';

/** A keeper that does not answer fails the request rather than hold it open. */
const FETCH_TIMEOUT_MS = 5_000;

/** The artifacts under `dir` (a missing directory: none). */
async function fromDirectory(dir: string): Promise<unknown[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))));
}

/** The artifacts the keeper serves at `base` (its `/distributions`); a failed fetch throws. */
async function fromKeeper(base: string): Promise<unknown[]> {
  const get = async (url: string) => {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`distributions: GET ${url} answered ${res.status}`);
    return res.json() as Promise<unknown>;
  };
  const root = base.replace(/\/+$/, '');
  const { files } = (await get(root)) as { files: string[] };
  return Promise.all(files.map((f) => get(`${root}/${encodeURIComponent(f)}`)));
}

/** Every claim in `artifacts` of this deployment's program, by claimant, oldest epoch first. */
function indexByClaimant(
  artifacts: readonly DistributionArtifact[],
  programId: string,
): Map<string, PublishedClaim[]> {
  const byClaimant = new Map<string, PublishedClaim[]>();
  for (const artifact of artifacts) {
    // An artifact of another deployment's program would carry proofs that cannot verify here.
    if (artifact.version !== 1 || artifact.programId !== programId) continue;
    for (const c of artifact.claims) {
      const list = byClaimant.get(c.claimant) ?? [];
      list.push({
        epochId: artifact.epochId,
        rewardMints: artifact.rewardMints,
        amounts: c.amounts,
        proof: c.proof,
      });
      byClaimant.set(c.claimant, list);
    }
  }
  for (const list of byClaimant.values())
    list.sort((a, b) => (BigInt(a.epochId) < BigInt(b.epochId) ? -1 : 1));
  return byClaimant;
}

async function artifactsOf(source: string): Promise<DistributionArtifact[]> {
  return (
    /^https?:\/\//.test(source) ? await fromKeeper(source) : await fromDirectory(source)
  ) as DistributionArtifact[];
}

/**
 * Every claim of `claimant` in the artifacts of `source`: a directory, or the keeper's
 * distributions URL (`http://keeper:7413/distributions`).
 *
 * @example
 * const claims = await claimsOf('http://127.0.0.1:7413/distributions', wallet, rewardsProgram);
 */
export async function claimsOf(
  source: string,
  claimant: string,
  programId: string,
): Promise<PublishedClaim[]> {
  return indexByClaimant(await artifactsOf(source), programId).get(claimant) ?? [];
}

/**
 * The claims of any claimant from one index of every artifact, read at most once per
 * `ttlMs` (concurrent misses share one read). The cache holds that one index, keyed by
 * nothing a visitor sends, so requests for made-up wallets can neither evict it nor make
 * the server re-read every artifact per request.
 *
 * @example
 * const claims = claimsIndex(config.distributionsDir, programs.rewards, 30_000);
 * await claims.of(wallet);
 */
export function claimsIndex(source: string, programId: string, ttlMs: number) {
  let reads = 0;
  const cache = new LRUCache<'index', Map<string, PublishedClaim[]>>({
    max: 1,
    ttl: ttlMs,
    fetchMethod: async () => {
      reads += 1;
      return indexByClaimant(await artifactsOf(source), programId);
    },
  });
  return {
    of: async (claimant: string): Promise<PublishedClaim[]> =>
      (await cache.fetch('index'))?.get(claimant) ?? [],
    /** Artifact index reads so far (one per TTL however many wallets ask). */
    reads: () => reads,
  };
}
