// Step: a fresh LiteSVM with the three programs built from source, each deployed upgradeable
// with the deployer as upgrade authority: the oracle's initialize_config and the rewards
// program's initialize accept only that key, so a stranger cannot configure them first.
import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import { addUpgradeableProgram, fund, setUnixTime } from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import { createSignerFromKeyPair, generateKeyPair, generateKeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import type { Cast } from '../context.ts';
import { Ledger } from '../ledger.ts';
import { type Narrator, short } from '../narrator.ts';
import { SCENARIO_START } from './calendar.ts';
import { STEPS } from './titles.ts';

export async function deployPrograms(say: Narrator): Promise<Cast> {
  say.step(STEPS.deploy);
  const ledger = new Ledger(new LiteSVM());
  ledger.svm.warpToSlot(1_000n);
  setUnixTime(ledger.svm, SCENARIO_START);
  const deployer = await generateKeyPairSigner();
  for (const [program, programAddress] of [
    ['oracle', ORACLE_PROGRAM_ADDRESS],
    ['vault', VAULT_PROGRAM_ADDRESS],
    ['rewards', REWARDS_PROGRAM_ADDRESS],
  ] as const) {
    const programData = await addUpgradeableProgram(ledger.svm, {
      programAddress,
      program,
      authority: deployer.address,
    });
    say.detail(`${program.padEnd(7)} ${programAddress} (ProgramData ${short(programData)})`);
  }
  say.detail(`upgrade authority of all three: deployer ${short(deployer.address)}`);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const keeperKeys = await generateKeyPair();
  const keeper = await createSignerFromKeyPair(keeperKeys);
  const treasury = await generateKeyPairSigner();
  for (const who of [deployer, keeper]) fund(ledger.svm, who.address, 1_000n);
  say.detail(
    `5 admins (${admins.map((a) => short(a.address)).join(', ')}), keeper ${short(keeper.address)}, treasury ${short(treasury.address)}`,
  );
  return { ledger, deployer, admins, keeperKeys, keeper, treasury };
}
