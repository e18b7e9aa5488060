// `npm run soak` options. Parsed by hand (a handful of flags) so --help answers before the
// world's large modules load.

export const HELP = `usage: npm run soak [-- --minutes N] [-- --seed S] [-- --dir PATH] [-- --out FILE] [-- --no-progress]

Brings up a local world of its own (validator, Postgres, the tokenized-asset simulator, the
aggregator, the indexer, the webhook emitter, two keeper replicas, the dapp server), every
service's RPC through a fault proxy, then for N minutes (default 10):
  - simulated users deposit, withdraw in USDC and in kind, request withdrawals, begin
    redemptions, stake, unstake and claim their rewards (proofs from the dapp's API), over
    simulated trading days (the chain's clock moved forward; every third leap a month);
  - the soak acts as the operator: it approves a NAV move beyond the oracle's deviation cap
    when a keeper alerts for it, runs the epoch distributor when Sunday's boundary is crossed,
    and runs the redemption payer at the end;
  - faults are injected on a schedule drawn from the seed (default 1), every kind at least
    once: SIGKILL of the leading keeper (also right after it marked an action 'sending'),
    the follower, the indexer, the webhook emitter, the dapp server and the tokenized-asset
    simulator; Postgres stopped and restarted; the validator stopped and restarted on its
    state; RPC faults in the proxy (dropped sends, 429 + Retry-After, latency and jitter,
    stale blockhashes, cut answers); the emitter's duplicate, delay and reorder switches.
At checkpoints and at the end it proves from the chain (getSignaturesForAddress +
getTransaction of the vault, oracle and rewards programs) that every event is indexed exactly
once, that no keeper action landed twice, that every vault's books equal its balances, that
every withdrawal request and redemption claim is paid, cancelled or open (and then alerted),
that redemptions were paid, that every reward claim is on chain once with its published amounts,
and that NAV stayed fresh outside declared outages; each fault's detection (the affected
service's /readyz or metrics) and recovery are timed.

Prints a table (fault, injected at, detected at, recovered at, lost, doubled) and a verdict;
writes bench/results/soak.json (--out to change). Exit 0 on pass, 1 on fail, 2 on bad options.

  --minutes N     length of the fault phase in minutes (default 10; decimals allowed)
  --seed S        seed of the fault schedule and the users (default 1)
  --dir PATH      world directory (default: a new temporary directory, removed after a pass)
  --out FILE      results file (default bench/results/soak.json)
  --compact       every kind exactly once, compatible kinds together (the short soak of npm test)
  --no-progress   no progress bar (a line per event instead)`;

export type SoakOptions = Readonly<{
  help: boolean;
  minutes: number;
  seed: number;
  dir: string | null;
  out: string | null;
  progress: boolean;
  compact: boolean;
}>;

/** A bad command line, naming the flag. */
export class SoakOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoakOptionError';
  }
}

/**
 * @example
 * parseSoakOptions(['--minutes', '3', '--seed', '7']).minutes; // 3
 */
export function parseSoakOptions(argv: readonly string[]): SoakOptions {
  let help = false;
  let minutes = 10;
  let seed = 1;
  let dir: string | null = null;
  let out: string | null = null;
  let progress = true;
  let compact = false;
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i] as string;
    const value = () => {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) throw new SoakOptionError(`${flag} needs a value`);
      i += 1;
      return v;
    };
    if (flag === '--help' || flag === '-h') help = true;
    else if (flag === '--minutes') {
      const v = value();
      minutes = Number(v);
      if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
        throw new SoakOptionError(
          `--minutes must be a number above 0 and at most 1440, got "${v}"`,
        );
    } else if (flag === '--seed') {
      const v = value();
      seed = Number(v);
      if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
        throw new SoakOptionError(`--seed must be an integer from 0 to 4294967295, got "${v}"`);
    } else if (flag === '--dir') dir = value();
    else if (flag === '--out') out = value();
    else if (flag === '--no-progress') progress = false;
    else if (flag === '--compact') compact = true;
    else throw new SoakOptionError(`unknown option ${flag}`);
  }
  return { help, minutes, seed, dir, out, progress, compact };
}
