#!/usr/bin/env -S npx tsx
// `npm start`: runs the product's flows that exist so far against the real programs
// (target/deploy/*.so) inside LiteSVM and prints what happened, step by step.
import { isOpen, maxStaleSecsAt } from '@basket/market-calendar';
import {
  getInitializeConfigInstruction,
  getOracleConfigDecoder,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { createSvm, fund, send } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  getUtf8Encoder,
} from '@solana/kit';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

if (process.argv.includes('--help')) {
  console.log(`usage: npm start [-- --help]

Builds the programs if needed, then runs the scenario in-process on LiteSVM:
  1. the US equity calendar at this instant (market hours, NAV staleness window)
  2. the oracle is configured by 3 of its 5 admins with one keeper
  3. an attempt signed by only 2 admins is refused with its error code`);
  process.exit(0);
}

const step = (n: number, text: string) => console.log(`\n[${n}] ${text}`);
const detail = (text: string) => console.log(`    ${text}`);

const now = new Date();
step(1, `Calendar at ${now.toISOString()}`);
detail(`MarketHours window open: ${isOpen('MarketHours', now)}`);
detail(`TwentyFourFive window open: ${isOpen('TwentyFourFive', now)}`);
detail(`MAX_STALE_SECS now: ${maxStaleSecsAt(now)} s`);

step(2, 'Start LiteSVM with the oracle program built from source');
const svm = createSvm({ oracle: ORACLE_PROGRAM_ADDRESS });
const payer = await generateKeyPairSigner();
fund(svm, payer.address);
const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
const keeper = await generateKeyPairSigner();
const [config] = await getProgramDerivedAddress({
  programAddress: ORACLE_PROGRAM_ADDRESS,
  seeds: [getUtf8Encoder().encode('oracle_config')],
});
detail(`oracle program ${ORACLE_PROGRAM_ADDRESS}`);
detail(`config PDA     ${config}`);

function initialize(signers: typeof admins) {
  return getInitializeConfigInstruction({
    payer,
    config,
    systemProgram: SYSTEM_PROGRAM,
    admins: admins.map((a) => a.address),
    threshold: 3,
    keeperCount: 1,
    keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
    maxDeviationBps: 1_000,
    adminSigners: signers,
  });
}

step(3, 'Two admins try to configure the oracle (threshold is 3 of 5)');
const refused = await send(svm, [initialize(admins.slice(0, 2))], payer);
detail(
  refused.ok
    ? 'unexpectedly accepted'
    : `refused with custom error ${refused.customError} (AdminThresholdNotMet)`,
);

step(4, 'Three admins configure the oracle');
const done = await send(svm, [initialize(admins.slice(0, 3))], payer);
if (!done.ok) {
  console.error(done.error);
  process.exit(1);
}
const account = svm.getAccount(config);
if (!account.exists) throw new Error('the config account was not created');
const decoded = getOracleConfigDecoder().decode(Uint8Array.from(account.data));
detail(`accepted: ${done.computeUnits} compute units, ${done.txBytes}-byte transaction`);
detail(
  `admins: ${decoded.admins.threshold} of ${decoded.admins.keys.length}; keepers: ${decoded.keeperCount}`,
);
detail(`event logged: ${done.logs.find((l) => l.startsWith('Program data: ')) ?? 'none'}`);

console.log('\nScenario complete.');
