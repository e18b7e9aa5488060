// Issue 31 item 2: every instruction of the three programs, at the largest configurations the
// benches and program tests build (20 issuer stocks with hooks set, 10 reward mints, depth-20
// proofs, batched redemptions), sent in LiteSVM with the whole log kept. For each succeeded
// transaction, the events decoded from what a webhook delivers (the log cut as the runtime
// cuts it at 10,000 bytes) are all of its events: logs within the limit, or cut only after
// its last event. Every instruction of the IDLs must have been seen.
//
// The program benches (bench/*.bench.ts) build the largest configurations; the program test
// files imported below add the admin instructions no bench sends (their tests run here too,
// with their transactions captured).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedProgramBenches } from './log-bytes.ts';
import { type CapturedTransaction, captureTransactions, eventsFromWebhook } from './log-capture.ts';

const fromPrograms = captureTransactions();

import '../../programs/vault/tests/admin.test.ts';
import '../../programs/vault/tests/collect-perf-fee.test.ts';
import '../../programs/vault/tests/share-metadata.test.ts';
import '../../programs/vault/tests/withdraw-usdc.test.ts';
import '../../programs/oracle/tests/create-snapshot.test.ts';
import '../../programs/oracle/tests/push-snapshot.test.ts';
import '../../programs/oracle/tests/approve-deviation.test.ts';
import '../../programs/oracle/tests/rotate-keepers.test.ts';

/** Every instruction of a program's IDL, as `program.instruction`. */
function idlInstructions(program: 'oracle' | 'vault' | 'rewards'): string[] {
  const idl = JSON.parse(
    readFileSync(new URL(`../../idl/${program}.json`, import.meta.url), 'utf8'),
  ) as { program: { instructions: { name: string }[] } };
  return idl.program.instructions.map((i) => `${program}.${i.name}`);
}

describe('events reach the webhook for every instruction at the largest configuration', () => {
  let records: CapturedTransaction[] = [];
  let benchFailures: { file: string; error: string }[] = [];

  beforeAll(async () => {
    // The benches send with the capture of this file already in place.
    const benches = await capturedProgramBenches();
    benchFailures = benches.failed;
  }, 600_000);
  afterAll(() => {
    fromPrograms.stop();
  });

  it('runs every program bench to the end', () => {
    expect(benchFailures).toEqual([]);
  });

  it('decodes every event of every transaction from what a webhook delivers', () => {
    records = fromPrograms.stop().filter((r) => r.ok);
    const atRisk = records
      .map((r) => ({ instructions: r.instructions.join(' + '), risk: eventsFromWebhook(r).risk }))
      .filter((r) => r.risk !== null);
    expect(atRisk).toEqual([]);
  });

  it('has seen every instruction of the three programs succeed', () => {
    const seen = new Set(records.flatMap((r) => r.instructions));
    const missing = (['oracle', 'vault', 'rewards'] as const)
      .flatMap(idlInstructions)
      .filter((name) => !seen.has(name));
    expect(missing).toEqual([]);
  });
});
