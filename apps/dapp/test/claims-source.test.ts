// The dapp's claims read from the keeper's /distributions routes (the keeper on another host)
// give exactly what the same artifacts give from a shared directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createMetrics, createServiceServer } from '@basket/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDistributionRoutes } from '../../keeper/src/service/distributions-route.ts';
import { claimsOf } from '../src/server/claims.ts';

const PROGRAM = 'Rewards111111111111111111111111111111111111';
const ALICE = 'So11111111111111111111111111111111111111112';
const dir = mkdtempSync(join(tmpdir(), 'dapp-claims-source-'));
const artifact = (epochId: string, programId: string, amount: string) => ({
  version: 1,
  programId,
  epochId,
  rewardMints: ['M'],
  totals: [amount],
  root: '00',
  claims: [{ claimant: ALICE, amounts: [amount], proof: ['ab'] }],
});
writeFileSync(join(dir, 'epoch-10.json'), JSON.stringify(artifact('10', PROGRAM, '7')));
writeFileSync(join(dir, 'epoch-9.json'), JSON.stringify(artifact('9', PROGRAM, '5')));
writeFileSync(join(dir, 'epoch-11.json'), JSON.stringify(artifact('11', 'another-program', '3')));

const keeper = createServiceServer({
  logger: createLogger({ name: 'claims-source-test', level: 'silent' }),
  metrics: createMetrics('claims_source_test'),
});
registerDistributionRoutes(keeper, dir);
let url = '';
beforeAll(async () => {
  url = `${await keeper.listen({ host: '127.0.0.1', port: 0 })}/distributions`;
});
afterAll(async () => {
  await keeper.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('claims from the keeper over HTTP', () => {
  it("equal the directory's: this program's epochs, by epoch id", async () => {
    const fromUrl = await claimsOf(url, ALICE, PROGRAM);
    expect(fromUrl.map((c) => [c.epochId, c.amounts[0]])).toEqual([
      ['9', '5'],
      ['10', '7'],
    ]);
    expect(fromUrl).toEqual(await claimsOf(dir, ALICE, PROGRAM));
    expect(await claimsOf(`${url}/`, ALICE, PROGRAM)).toEqual(fromUrl);
  });

  it('fail, rather than answer none, when the keeper does not serve them', async () => {
    await expect(claimsOf(`${url}-missing`, ALICE, PROGRAM)).rejects.toThrow(/answered 404/);
  });
});
