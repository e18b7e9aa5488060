// Published reward distributions (the Merkle artifacts of `@basket/merkle`'s `toArtifact`):
// read from a directory of `*.json` files, or fetched from the keeper's `/distributions` routes
// when the source is an http(s) URL (the dapp on another host than the keeper), and served per
// claimant, so the page gets its amounts and proof without downloading every epoch's tree.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DistributionArtifact } from '@basket/merkle';
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
  const artifacts = (
    /^https?:\/\//.test(source) ? await fromKeeper(source) : await fromDirectory(source)
  ) as DistributionArtifact[];
  const claims: PublishedClaim[] = [];
  for (const artifact of artifacts) {
    // An artifact of another deployment's program would carry proofs that cannot verify here.
    if (artifact.version !== 1 || artifact.programId !== programId) continue;
    const mine = artifact.claims.find((c) => c.claimant === claimant);
    if (mine) {
      claims.push({
        epochId: artifact.epochId,
        rewardMints: artifact.rewardMints,
        amounts: mine.amounts,
        proof: mine.proof,
      });
    }
  }
  return claims.sort((a, b) => (BigInt(a.epochId) < BigInt(b.epochId) ? -1 : 1));
}
