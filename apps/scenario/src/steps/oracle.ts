// Steps: the oracle's one-shot configuration. First two attempts the program must refuse (a
// stranger racing the deployer with admins of their own; the deployer with only 2 of the 5
// admins), then the real one: the upgrade authority and 3 of 5 admins.
import { getInitializeConfigInstructionFor, type TransactionFailure } from '@basket/sdk';
import { generateKeyPairSigner } from '@solana/kit';
import type { Cast } from '../context.ts';
import { cu, type Narrator, short } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** The deviation cap: a push moving any entry's value more than 10% needs the admins. */
const MAX_DEVIATION_BPS = 1_000;

function refusal(failure: TransactionFailure): string {
  return failure.kind === 'custom'
    ? `${failure.constant ?? failure.code}: ${failure.message}`
    : failure.message;
}

export async function refuseWrongSigners(
  cast: Cast,
  say: Narrator,
): Promise<{ stranger: string | null; twoOfFive: string | null }> {
  say.step(STEPS.refusals);
  const stranger = await generateKeyPairSigner();
  await cast.ledger.fund(stranger.address, 10n);
  const strangerAdmins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  // The stranger pays and signs as "upgrade authority"; the program reads the real one.
  const raced = await cast.ledger.refused('a stranger configuring the oracle', stranger, [
    await getInitializeConfigInstructionFor(
      {
        payer: stranger,
        admins: strangerAdmins.map((a) => a.address),
        threshold: 3,
        keepers: [stranger.address],
        maxDeviationBps: 10_000,
        adminSigners: strangerAdmins.slice(0, 3),
      },
      cast.ledger.programs,
    ),
  ]);
  say.detail(`stranger ${short(stranger.address)} with 3 own admins: ${refusal(raced)}`);
  const short2 = await cast.ledger.refused('2 of 5 admins configuring the oracle', cast.deployer, [
    await getInitializeConfigInstructionFor(
      {
        payer: cast.deployer,
        admins: cast.admins.map((a) => a.address),
        threshold: 3,
        keepers: [cast.navSigner.address],
        maxDeviationBps: MAX_DEVIATION_BPS,
        adminSigners: cast.admins.slice(0, 2),
      },
      cast.ledger.programs,
    ),
  ]);
  say.detail(`deployer with 2 of 5 admins: ${refusal(short2)}`);
  const constant = (f: TransactionFailure) => (f.kind === 'custom' ? f.constant : null);
  return { stranger: constant(raced), twoOfFive: constant(short2) };
}

export async function configureOracle(cast: Cast, say: Narrator): Promise<void> {
  say.step(STEPS.oracle);
  const init = await getInitializeConfigInstructionFor(
    {
      payer: cast.deployer,
      admins: cast.admins.map((a) => a.address),
      threshold: 3,
      keepers: [cast.navSigner.address],
      maxDeviationBps: MAX_DEVIATION_BPS,
      adminSigners: cast.admins.slice(0, 3),
    },
    cast.ledger.programs,
  );
  if (cast.ledger.kind === 'rpc' && (await cast.ledger.exists(init.config))) {
    // The world's bootstrap configured it once, with these admins and this keeper.
    say.detail(`config ${short(init.config)} exists: configured by the world's bootstrap`);
    return;
  }
  const r = await cast.ledger.land('oracle initialize_config', cast.deployer, [init]);
  say.detail(`config ${short(init.config)}: admins 3 of 5, 1 keeper, deviation cap 10%`);
  say.detail(`${cu(r.computeUnits)}, ${r.txBytes}-byte transaction (4 signatures)`);
}
