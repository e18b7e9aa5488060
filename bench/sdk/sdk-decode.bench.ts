#!/usr/bin/env -S npx tsx
// The SDK's event decoder alone (`decodeProgramEvents`), events per second of one core, on a
// fixed set of log lines shaped as the runtime writes them: compute-budget instructions, the
// vault's instruction with a token CPI, `Program log:` and `consumed` lines around the
// `Program data:` fields, plus an oracle push and a transaction with a foreign program's field
// and a malformed one. Prints a table (best of --runs rounds, default 5; the machine is shared,
// so the load average is printed too). Usage: npx tsx bench/sdk/sdk-decode.bench.ts [-- --runs N]
import { loadavg } from 'node:os';
import { decodeProgramEvents } from '@basket/sdk';
import {
  depositField,
  FOREIGN_PROGRAM,
  field,
  navRefreshedField,
  PROGRAMS,
} from '../../apps/indexer/test/support/synthetic-items.ts';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EHFLC1PhMPgx9Tq5bXZd';

function vaultTx(fields: string[]): string[] {
  const v = PROGRAMS.vault;
  return [
    `Program ${COMPUTE_BUDGET} invoke [1]`,
    `Program ${COMPUTE_BUDGET} success`,
    `Program ${COMPUTE_BUDGET} invoke [1]`,
    `Program ${COMPUTE_BUDGET} success`,
    `Program ${v} invoke [1]`,
    'Program log: Instruction: Deposit',
    `Program ${TOKEN_2022} invoke [2]`,
    'Program log: Instruction: TransferChecked',
    `Program ${TOKEN_2022} consumed 4644 of 180000 compute units`,
    `Program ${TOKEN_2022} success`,
    ...fields,
    `Program ${v} consumed 41250 of 199700 compute units`,
    `Program ${v} success`,
  ];
}

/** Transactions and how many event fields each logs. */
const TXS: { logs: string[]; events: number }[] = [
  { logs: vaultTx([depositField(), navRefreshedField()]), events: 2 },
  {
    logs: vaultTx(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? depositField({ eventSequence: BigInt(i) }) : navRefreshedField(),
      ),
    ),
    events: 10,
  },
  {
    logs: [
      ...vaultTx([depositField()]),
      `Program ${FOREIGN_PROGRAM} invoke [1]`,
      field(2, 1, new Uint8Array(40)),
      'Program data: not*base64',
      `Program ${FOREIGN_PROGRAM} success`,
    ],
    events: 3,
  },
];

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const ROUND_EVENTS = 200_000;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** One round: decode the set until ROUND_EVENTS events; events per CPU second. */
function round(): number {
  let events = 0;
  let sink = 0;
  const t = cpuMs();
  while (events < ROUND_EVENTS) {
    for (const tx of TXS) {
      sink += decodeProgramEvents(tx.logs, PROGRAMS).length;
      events += tx.events;
    }
  }
  const seconds = (cpuMs() - t) / 1000;
  if (sink !== events) throw new Error(`decoded ${sink} entries, expected ${events}`);
  return events / seconds;
}

round(); // warm-up: JIT and the codecs built once
const rates = Array.from({ length: RUNS }, round).sort((a, b) => a - b);
const median = rates[Math.floor(rates.length / 2)] as number;
const rows = [
  ['metric', 'value'],
  ['decodeProgramEvents, events/s (median of rounds)', median.toFixed(0)],
  ['best round, events/s', (rates[rates.length - 1] as number).toFixed(0)],
  ['rounds x events', `${RUNS} x ${ROUND_EVENTS.toLocaleString('en-US')}`],
  ['load average (1 min)', (loadavg()[0] ?? 0).toFixed(2)],
];
const w = Math.max(...rows.map((r) => (r[0] as string).length));
for (const [k, v] of rows) console.log(`${(k as string).padEnd(w)}  ${v}`);
