// The main job of `npm start`, held to its facts: the scenario runs every step against the
// real programs in LiteSVM, and what it narrates is what happened on chain. Needs the built
// programs (target/deploy, `npm run build:programs`), as every program-backed suite.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioFacts } from '../src/facts.ts';
import { HELP } from '../src/help.ts';
import { main } from '../src/main.ts';
import { numberedNarrator } from '../src/narrator.ts';
import { runScenario } from '../src/scenario.ts';
import { STEPS } from '../src/steps/titles.ts';

let facts: ScenarioFacts;
let lines: string[];

describe('the npm start scenario', () => {
  beforeAll(async () => {
    lines = [];
    facts = await runScenario(numberedNarrator((line) => lines.push(line)));
  });

  it('narrates every step, in the order --help lists them', () => {
    const headings = lines
      .filter((l) => /^\n\[\d+\] /.test(l))
      .map((l) => l.replace(/^\n\[\d+\] /, ''));
    expect(headings).toEqual(Object.values(STEPS));
    for (const title of Object.values(STEPS)) expect(HELP).toContain(title);
  });

  it('refuses the stranger and the 2-of-5 configuration with their typed errors', () => {
    expect(facts.strangerRefusal).toBe('ORACLE_ERROR__NOT_UPGRADE_AUTHORITY');
    expect(facts.twoOfFiveRefusal).toBe('ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET');
  });

  it('mints exactly the shares the SDK quoted for the first deposit', () => {
    expect(facts.mintedShares).toBe(facts.quotedShares);
    // An empty vault prices the first deposit at $1 per share
    expect(facts.navAfterFirstPush).toBe(0n);
    expect(facts.mintedShares).toBe(facts.depositRaw);
  });

  it('puts tokens behind the books and publishes the NAV the SDK quotes', () => {
    expect(facts.rebalancedRaw).toHaveLength(3);
    for (const raw of facts.rebalancedRaw) expect(raw).toBeGreaterThan(0n);
    expect(facts.navAfterSecondPush).toBe(facts.quotedNavAfterSecondPush);
    expect(facts.navAfterSecondPush).toBeGreaterThan(0n);
  });

  it('pays the quoted stablecoin net and the 0.05% fee to the treasury', () => {
    const w = facts.stableWithdrawal;
    expect(w.received).toBe(w.quotedNet);
    expect(w.feeReceived).toBe(w.fee);
    // fee = ceil(gross x 5 / 10,000) with gross = net + fee
    expect(w.fee).toBe(((w.quotedNet + w.fee) * 5n + 9_999n) / 10_000n);
  });

  it('pays the quoted slice of every holding in kind', () => {
    const w = facts.inKindWithdrawal;
    expect(w.receivedAssets).toEqual(w.quotedAssets);
    expect(w.receivedCash).toBe(w.quotedCash);
    for (const raw of w.receivedAssets) expect(raw).toBeGreaterThan(0n);
  });

  it('collects the quoted management fee and refuses the performance fee before 90 days', () => {
    expect(facts.mgmtFee.mintedShares).toBe(facts.mgmtFee.quotedShares);
    expect(facts.mgmtFee.mintedShares).toBeGreaterThan(0n);
    expect(facts.perfFeeQuoteRefusal).toBe('VAULT_ERROR__PERF_FEE_NOT_DUE');
    expect(facts.perfFeeRefusal).toBe('VAULT_ERROR__PERF_FEE_NOT_DUE');
  });

  it('pays the claim of the Merkle leaf and refuses a second claim with its typed error', () => {
    expect(facts.claim.received).toEqual(facts.claim.expected);
    expect(facts.claim.proofLength).toBeGreaterThan(0);
    expect(facts.secondClaimRefusal.constant).toBe('REWARDS_ERROR__ALREADY_CLAIMED');
    expect(facts.secondClaimRefusal.message).toMatch(/already been claimed/);
  });
});

describe('the npm start command line', () => {
  it('--help lists the steps and exits 0', async () => {
    const out: string[] = [];
    expect(await main(['--help'], (l) => out.push(l))).toBe(0);
    expect(out.join('\n')).toContain(STEPS.claim);
  });

  it('a failing step exits 1 with its message', async () => {
    const err: string[] = [];
    const code = await main(
      [],
      () => {},
      (l) => err.push(l),
      async (say) => {
        say.step(STEPS.deposit);
        throw new Error('deposit: VAULT_ERROR__STALE_NAV');
      },
    );
    expect(code).toBe(1);
    expect(err.join('\n')).toContain(
      `scenario failed in [1] ${STEPS.deposit}: deposit: VAULT_ERROR__STALE_NAV`,
    );
  });

  it('an unknown argument exits 2 with the usage', async () => {
    const err: string[] = [];
    expect(
      await main(
        ['--frobnicate'],
        () => {},
        (l) => err.push(l),
      ),
    ).toBe(2);
    expect(err.join('\n')).toContain('usage: npm run scenario');
  });
});
