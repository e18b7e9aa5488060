/**
 * Which program a mutated source file belongs to and the test files that judge it: the
 * program's host unit tests, its BPF build, the LiteSVM suites that call the mutated path
 * (each over the real `.so`), and, where the fuzzer has a world over the program, a short
 * fuzz run of it.
 */

/** The programs the generator mutates (directory names under programs/, also the crate names). */
export type Program = 'vault' | 'oracle' | 'rewards' | 'upgrade-gate';

/** `programs/<name>/src/...` -> `<name>`. */
export function programOf(path: string): Program {
  const name = /^programs\/([^/]+)\//.exec(path)?.[1];
  if (name === 'vault' || name === 'oracle' || name === 'rewards' || name === 'upgrade-gate')
    return name;
  throw new Error(`mutants: ${path} is not in a mutated program`);
}

/**
 * The fuzz world a mutant of the program is also judged by, if any. The vault's world pushes
 * every NAV through the oracle's `.so`, so the oracle's mutants are fuzzed there too.
 */
export function fuzzWorldOf(program: Program): 'vault' | 'rewards' | null {
  if (program === 'vault' || program === 'oracle') return 'vault';
  if (program === 'rewards') return 'rewards';
  return null;
}

const under = (program: string, names: string[]) =>
  names.map((n) => `programs/${program}/tests/${n}.test.ts`);

/** The vault's suites that exercise each mutated path. */
function vaultTests(path: string): string[] {
  const t = (names: string[]) => under('vault', names);
  // The fuzz package's exact performance-fee cases (written to kill two rounding survivors).
  const perfFee = 'fuzz/test/perf-fee-rounding.test.ts';
  if (path.includes('collect_perf_fee')) {
    return [
      ...t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']),
      ...t(['fee-instruction-checks', 'perf-fee-second']),
      perfFee,
    ];
  }
  if (path.includes('share_math')) {
    return [
      ...t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']),
      perfFee,
    ];
  }
  // The issuer's powers and the seizure split are what the holdings' reconciliation, the
  // skipped slices and the claims' haircut index are for (begin_redemption reconciles).
  const seizures = [
    'issuer-powers',
    'issuer-claims',
    'redemption-claim',
    'seizure-split-once',
    'seizure-split-once-late-claim',
    'zero-cash-exits',
    'redemption-amounts',
    'begin-redemption-accounts',
    'pay-redemption-checks',
    'seizure-split-rounds-for-the-vault',
  ];
  if (path.includes('holdings'))
    return t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', ...seizures]);
  if (/share_math|nav/.test(path))
    return t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']);
  if (path.includes('deposit'))
    return t(['deposit', 'front-running', 'boundary-equalities', 'admin']);
  if (path.includes('withdraw_usdc') || path.includes('stable_payout'))
    return t([
      'withdraw-usdc',
      'withdrawal-request',
      'limits',
      'withdraw-usdc-slippage-rounding',
      'boundary-equalities',
      'withdrawal-request-checks',
    ]);
  if (path.includes('withdraw_in_kind'))
    return t([
      'withdraw-in-kind',
      'issuer-powers',
      'exit-consent-destinations',
      'zero-cash-exits',
      'in-kind-amounts',
      'withdraw-in-kind-checks',
      // A receiving account that starts frozen (refused by name, decision 0080).
      'issuer-claims',
      'withdraw-in-kind-lookalike-mint',
    ]);
  if (path.includes('withdrawal_request'))
    return t(['withdrawal-request', 'withdrawal-request-checks']);
  if (path.includes('redemption')) return t(seizures);
  if (path.includes('collect_mgmt_fee')) {
    return [...t(['withdraw-usdc', 'admin']), 'fuzz/test/fee-checks.test.ts'];
  }
  if (path.includes('collect_withdraw_fees'))
    return t(['collect-withdraw-fees', 'fee-instruction-checks']);
  return t(['deposit', 'withdraw-usdc']);
}

/** The oracle's: by instruction, and the shared checks by every push suite. */
function oracleTests(path: string): string[] {
  const t = (names: string[]) => under('oracle', names);
  const pushes = [
    'push-snapshot',
    'push-snapshot-ed25519',
    'push-snapshot-sequence',
    'push-snapshot-deviation',
    'push-snapshot-walk',
    'nav-payload',
  ];
  if (path.includes('approve_deviation'))
    return t(['approve-deviation', 'push-snapshot-deviation', 'reference-substitution']);
  if (path.includes('create_snapshot'))
    return t(['create-snapshot', 'exact-data-and-empty-accounts']);
  if (path.includes('initialize_config')) return t(['initialize-config', 'bounds-at-their-limits']);
  if (path.includes('rotate_keepers')) return t(['rotate-keepers']);
  if (path.includes('reset_sequence'))
    return [
      ...t([
        'push-snapshot-sequence',
        'reference-substitution',
        'reset-sequence-raises-only',
        'reset-sequence-approvals',
      ]),
      // The vault follows a raised sequence (its price memo and NAV cache).
      'programs/vault/tests/reset-sequence-vault-pricing.test.ts',
    ];
  if (path.includes('reference')) return t([...pushes, 'reference-substitution']);
  if (path.includes('deviation')) return t(['push-snapshot-deviation', 'push-snapshot-walk']);
  if (path.includes('staleness')) return [...t(pushes), 'programs/vault/tests/nav-cache.test.ts'];
  if (path.includes('push_snapshot'))
    return t([...pushes, 'reference-substitution', 'exact-data-and-empty-accounts']);
  // The keeper list is checked where it is written and read where a push is signed.
  if (path.includes('state/config')) return t([...pushes, 'initialize-config', 'rotate-keepers']);
  // bytes.rs compares the SKU and the reference's SKU.
  if (path.includes('bytes')) return t([...pushes, 'reference-substitution']);
  // ed25519.rs, payload.rs (a header-only payload in bounds-at-their-limits).
  return t([...pushes, 'bounds-at-their-limits']);
}

/** The rewards program's: by instruction; the token moves by every suite that claims or sweeps. */
function rewardsTests(path: string): string[] {
  const t = (names: string[]) => under('rewards', names);
  const claims = [
    'claim',
    'claim-leaf',
    'claim-status',
    'claim-property',
    'claim-totals-property',
    'claim-events-hooked',
    'claim-hook-accounts',
    'deferred-claims',
    'account-checks',
    'claim-proof-length',
    'claim-counts',
    // The claim pause (ClaimsPaused).
    'set-paused',
  ];
  if (path.includes('/claim/')) return t(claims);
  if (path.includes('merkle'))
    return t(['claim', 'claim-leaf', 'claim-property', 'claim-proof-length']);
  if (path.includes('distribute_epoch'))
    return t([
      'distribute-epoch',
      'epoch-bounds',
      'account-checks',
      'distribute-epoch-checks',
      // Ten reward mints, the most an epoch holds.
      'ten-mints',
    ]);
  if (path.includes('sweep_epoch'))
    return t(['sweep-epoch', 'issuer-powers', 'account-checks', 'sweep-epoch-checks']);
  if (path.includes('reset_last_epoch')) return t(['epoch-bounds', 'distribute-epoch-checks']);
  if (path.includes('initialize')) return t(['initialize']);
  if (path.includes('rotate_keepers')) return t(['rotate-keepers']);
  if (path.includes('set_paused')) return t(['set-paused']);
  if (path.includes('set_reward_mints'))
    return t([
      'initialize',
      'reward-mint-extensions',
      'mixed-token-programs',
      'set-reward-mints-counts',
    ]);
  if (path.includes('unstake')) return t(['unstake', 'account-checks', 'unstake-checks']);
  if (path.includes('stake') || path.includes('tier'))
    return t(['stake', 'account-checks', 'set-paused']);
  if (path.includes('reward_transfer'))
    return t([
      'claim',
      'sweep-epoch',
      'mixed-token-programs',
      'reward-mint-extensions',
      'ten-mints',
      'issuer-powers',
      'seizure-pro-rata',
      'default-frozen-mint',
    ]);
  // shared.rs, admin.rs: the account checks every instruction makes, and the reward mints'
  // extensions (checked where an epoch is distributed).
  return t([
    'account-checks',
    'initialize',
    'stake',
    'claim',
    'set-paused',
    'sweep-epoch',
    'distribute-epoch',
    'reward-mint-extensions',
  ]);
}

/** The LiteSVM suites (and the fuzz package's exact tests) that judge a mutant of `path`. */
export function focusedTests(path: string): string[] {
  const program = programOf(path);
  if (program === 'vault') return vaultTests(path);
  if (program === 'oracle') return oracleTests(path);
  if (program === 'rewards') return rewardsTests(path);
  return under('upgrade-gate', ['gate-rules', 'upgrade-gate', 'gate-initialize-checks']);
}
