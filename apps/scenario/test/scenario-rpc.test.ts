// `npm run scenario -- --rpc URL`: the same steps over JSON-RPC against a running local world
// (its validator, its programs at the world's addresses, its keys, a new SKU), held to the
// same facts as the in-process run.
import { join } from 'node:path';
import { startWorld, type TestWorld } from '@basket/world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioFacts } from '../src/facts.ts';
import { main, targetOf } from '../src/main.ts';
import { numberedNarrator } from '../src/narrator.ts';
import { runScenario } from '../src/scenario.ts';
import { STEPS } from '../src/steps/titles.ts';

describe('the scenario over RPC against the local world', () => {
  let world: TestWorld;
  let facts: ScenarioFacts;
  const lines: string[] = [];

  beforeAll(async () => {
    // Mainnet's 400 ms slots: the scenario's NAV entries carry the slot their prices were read
    // at, and the oracle's window for them is counted in slots (100 ms slots refused a push as
    // too old on a loaded machine).
    world = await startWorld();
    facts = await runScenario(
      numberedNarrator((line) => lines.push(line)),
      targetOf(['--rpc', world.localnet.rpcUrl, '--world', join(world.dir, 'world.json')]) as never,
    );
  }, 600_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('runs every step and narrates the world it ran on', () => {
    const headings = lines
      .filter((l) => /^\n\[\d+\] /.test(l))
      .map((l) => l.replace(/^\n\[\d+\] /, ''));
    expect(headings).toEqual(Object.values(STEPS));
    expect(lines.join('\n')).toContain("deployed by the world's bootstrap");
  });

  it('holds to the same facts as the in-process run', () => {
    // The world's oracle is configured already: the one-shot configuration is refused first
    // for that, whoever signs
    expect([facts.strangerRefusal, facts.twoOfFiveRefusal]).toEqual([
      'ORACLE_ERROR__ALREADY_INITIALIZED',
      'ORACLE_ERROR__ALREADY_INITIALIZED',
    ]);
    expect(facts.mintedShares).toBe(facts.quotedShares);
    expect(facts.mintedShares).toBe(facts.depositRaw);
    for (const raw of facts.rebalancedRaw) expect(raw).toBeGreaterThan(0n);
    expect(facts.navAfterSecondPush).toBe(facts.quotedNavAfterSecondPush);
    expect(facts.stableWithdrawal.received).toBe(facts.stableWithdrawal.quotedNet);
    expect(facts.stableWithdrawal.feeReceived).toBe(facts.stableWithdrawal.fee);
    expect(facts.inKindWithdrawal.receivedAssets).toEqual(facts.inKindWithdrawal.quotedAssets);
    expect(facts.inKindWithdrawal.receivedCash).toBe(facts.inKindWithdrawal.quotedCash);
    expect(facts.mgmtFee.mintedShares).toBe(facts.mgmtFee.quotedShares);
    expect(facts.perfFeeRefusal).toBe('VAULT_ERROR__PERF_FEE_NOT_DUE');
    expect(facts.claim.received).toEqual(facts.claim.expected);
    expect(facts.secondClaimRefusal.constant).toBe('REWARDS_ERROR__ALREADY_CLAIMED');
  });

  it('a second run on the same world creates its own SKU and passes again', async () => {
    const second: string[] = [];
    const code = await main(
      ['--', '--rpc', world.localnet.rpcUrl, '--world', join(world.dir, 'world.json')],
      (l) => second.push(l),
      (l) => second.push(l),
    );
    expect(code, second.slice(-30).join('\n')).toBe(0);
    const sku = (text: string[]) => /this run's SKU (\S+)/.exec(text.join('\n'))?.[1];
    expect(sku(second)).toBeDefined();
    expect(sku(second)).not.toBe(sku(lines));
  }, 600_000);
});

describe('the scenario command line', () => {
  it('names a bad endpoint or a stray flag and exits 2', async () => {
    expect(targetOf(['--rpc', 'localhost:8899'])).toEqual({
      error: '--rpc localhost:8899 is not an http(s) URL',
    });
    expect(targetOf(['--world', 'x.json'])).toEqual({ error: '--ws and --world need --rpc' });
    const err: string[] = [];
    expect(
      await main(
        ['--rpc', 'ftp://x'],
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(err.join('\n')).toContain('usage: npm run scenario');
  });

  it('without --rpc runs in-process; --rpc defaults the manifest to .localnet/world.json', () => {
    expect(targetOf([])).toEqual({ kind: 'litesvm' });
    const t = targetOf(['--rpc', 'http://127.0.0.1:8899']);
    expect(t).toMatchObject({ kind: 'rpc', rpcUrl: 'http://127.0.0.1:8899' });
    expect((t as { manifestPath: string }).manifestPath).toMatch(/\.localnet\/world\.json$/);
  });
});
