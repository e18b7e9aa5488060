// Published reward distributions (the Merkle artifacts of `@basket/merkle`'s `toArtifact`):
// read from a directory of `*.json` files and served per claimant, so the page gets its amounts
// and proof without downloading every epoch's tree.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DistributionArtifact } from '@basket/merkle';
import type { PublishedClaim } from '../shared/public-config.ts';

/** Every claim of `claimant` in the artifacts under `dir` (a missing directory: none). */
export async function claimsOf(
  dir: string,
  claimant: string,
  programId: string,
): Promise<PublishedClaim[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const claims: PublishedClaim[] = [];
  for (const name of names) {
    const artifact = JSON.parse(await readFile(join(dir, name), 'utf8')) as DistributionArtifact;
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
