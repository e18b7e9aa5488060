#!/usr/bin/env -S npx tsx
// `npm start`: runs the product's flows that exist so far against the real programs
// (target/deploy/*.so) inside LiteSVM and prints what happened, step by step.
import { isOpen, maxStaleSecsAt } from '@basket/market-calendar';
import {
  getInitializeConfigInstruction,
  getOracleConfigDecoder,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { addUpgradeableProgram, fund, send } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  getUtf8Encoder,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

if (process.argv.includes('--help')) {
  console.log(`usage: npm start [-- --help]

Builds the programs if needed, then runs the scenario in-process on LiteSVM:
  1. the US equity calendar at this instant (market hours, NAV staleness window)
  2. the oracle is deployed as an upgradeable program; the deployer is its upgrade authority
  3. a stranger who tries to configure it first with their own admins is refused
  4. an attempt signed by only 2 admins is refused with its error code
  5. the deployer and 3 of the 5 admins configure it with one keeper`);
  process.exit(0);
}

const step = (n: number, text: string) => console.log(`\n[${n}] ${text}`);
const detail = (text: string) => console.log(`    ${text}`);

const now = new Date();
step(1, `Calendar at ${now.toISOString()}`);
detail(`MarketHours window open: ${isOpen('MarketHours', now)}`);
detail(`TwentyFourFive window open: ${isOpen('TwentyFourFive', now)}`);
detail(`MAX_STALE_SECS now: ${maxStaleSecsAt(now)} s`);

step(2, 'Start LiteSVM with the oracle built from source, deployed upgradeable');
const deployer = await generateKeyPairSigner();
const svm = new LiteSVM();
await addUpgradeableProgram(svm, {
  programAddress: ORACLE_PROGRAM_ADDRESS,
  program: 'oracle',
  authority: deployer.address,
});
const payer = await generateKeyPairSigner();
fund(svm, payer.address);
const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
const keeper = await generateKeyPairSigner();
const [config] = await getProgramDerivedAddress({
  programAddress: ORACLE_PROGRAM_ADDRESS,
  seeds: [getUtf8Encoder().encode('oracle_config')],
});
detail(`oracle program    ${ORACLE_PROGRAM_ADDRESS}`);
detail(`upgrade authority ${deployer.address}`);
detail(`config PDA        ${config}`);

function initialize(signers: typeof admins, upgradeAuthority = deployer) {
  return getInitializeConfigInstruction({
    payer,
    config,
    systemProgram: SYSTEM_PROGRAM,
    upgradeAuthority,
    admins: admins.map((a) => a.address),
    threshold: 3,
    keeperCount: 1,
    keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)],
    maxDeviationBps: 1_000,
    adminSigners: signers,
  });
}

step(3, 'A stranger tries to configure the oracle first, with admins they control');
const stranger = await generateKeyPairSigner();
const strangerAdmins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
const frontRun = await send(
  svm,
  [
    getInitializeConfigInstruction({
      payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      upgradeAuthority: stranger,
      admins: strangerAdmins.map((a) => a.address),
      threshold: 3,
      keeperCount: 1,
      keepers: [stranger.address, ...Array(7).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 10_000,
      adminSigners: strangerAdmins.slice(0, 3),
    }),
  ],
  payer,
);
detail(
  frontRun.ok
    ? 'unexpectedly accepted'
    : `refused with custom error ${frontRun.customError} (NotUpgradeAuthority)`,
);

step(4, 'Two admins try to configure the oracle (threshold is 3 of 5)');
const refused = await send(svm, [initialize(admins.slice(0, 2))], payer);
detail(
  refused.ok
    ? 'unexpectedly accepted'
    : `refused with custom error ${refused.customError} (AdminThresholdNotMet)`,
);

step(5, 'The deployer (upgrade authority) and three admins configure the oracle');
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
