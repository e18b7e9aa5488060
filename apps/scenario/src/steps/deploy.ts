// Step: the ledger and the cast. On LiteSVM: a fresh ledger with the three programs built
// from source, each deployed upgradeable with a new deployer as upgrade authority (the
// oracle's initialize_config and the rewards program's initialize accept only that key, so a
// stranger cannot configure them first). On the local world: its validator over RPC, the
// programs its bootstrap deployed, its keys, and a new SKU so every run starts clean.
import { dirname } from 'node:path';
import { readWorldManifest } from '@basket/localnet';
import { addUpgradeableProgram, setUnixTime, TOKEN_PROGRAM_ADDRESS } from '@basket/test-harness';
import { loadWorldKeys, programAddressesOf } from '@basket/world';
import {
  type Address,
  createSignerFromKeyPair,
  generateKeyPair,
  generateKeyPairSigner,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { type Cast, SKU } from '../context.ts';
import { type Narrator, short } from '../narrator.ts';
import { RpcLedger } from '../rpc-ledger.ts';
import { SvmLedger } from '../svm-ledger.ts';
import { SCENARIO_START } from './calendar.ts';
import { STEPS } from './titles.ts';

/** Where the scenario runs: in-process, or a running world (its manifest and endpoints). */
export type Target =
  | { kind: 'litesvm' }
  | { kind: 'rpc'; manifestPath: string; rpcUrl?: string; wsUrl?: string };

export async function deployPrograms(say: Narrator, target: Target): Promise<Cast> {
  say.step(STEPS.deploy);
  return target.kind === 'litesvm' ? svmCast(say) : worldCast(say, target);
}

async function svmCast(say: Narrator): Promise<Cast> {
  const ledger = new SvmLedger(new LiteSVM());
  ledger.svm.warpToSlot(1_000n);
  setUnixTime(ledger.svm, SCENARIO_START);
  const deployer = await generateKeyPairSigner();
  for (const program of ['oracle', 'vault', 'rewards'] as const) {
    const programAddress = ledger.programs[program];
    const programData = await addUpgradeableProgram(ledger.svm, {
      programAddress,
      program,
      authority: deployer.address,
    });
    say.detail(`${program.padEnd(7)} ${programAddress} (ProgramData ${short(programData)})`);
  }
  say.detail(`upgrade authority of all three: deployer ${short(deployer.address)}`);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const keeper = await generateKeyPairSigner();
  // One key per role (docs/operations.md): the NAV signer and the distributor are not the keeper.
  const navSignerKeys = await generateKeyPair();
  const navSigner = await createSignerFromKeyPair(navSignerKeys);
  const distributor = await generateKeyPairSigner();
  const treasury = await generateKeyPairSigner();
  for (const who of [deployer, keeper, distributor]) await ledger.fund(who.address, 1_000n);
  say.detail(
    `5 admins (${admins.map((a) => short(a.address)).join(', ')}), keeper ${short(keeper.address)}, treasury ${short(treasury.address)}`,
  );
  return {
    ledger,
    sku: SKU,
    deployer,
    admins,
    keeper,
    navSignerKeys,
    navSigner,
    distributor,
    treasury,
  };
}

async function worldCast(say: Narrator, target: Extract<Target, { kind: 'rpc' }>): Promise<Cast> {
  const manifest = readWorldManifest(target.manifestPath);
  const programs = programAddressesOf(manifest);
  const ledger = new RpcLedger(
    target.rpcUrl ?? manifest.rpcUrl,
    target.wsUrl ?? manifest.wsUrl,
    programs,
  );
  for (const program of ['oracle', 'vault', 'rewards'] as const) {
    if (!(await ledger.exists(programs[program]))) {
      throw new Error(`${program} is not deployed at ${programs[program]}: is the world up?`);
    }
    say.detail(`${program.padEnd(7)} ${programs[program]} (deployed by the world's bootstrap)`);
  }
  const keys = await loadWorldKeys(dirname(manifest.keys.dir));
  const treasury = await generateKeyPairSigner();
  for (const who of [keys.upgradeAuthority, keys.keeper, keys.distributor, ...keys.admins]) {
    await ledger.fund(who.address, 100n);
  }
  // A SKU id no earlier run used, short enough to be the share mint's symbol (10 bytes).
  const sku = `T3${Date.now().toString(36)}`;
  say.detail(
    `world ${target.rpcUrl ?? manifest.rpcUrl}: its upgrade authority ${short(keys.upgradeAuthority.address)}, 5 admins, keeper ${short(keys.keeper.address)}; this run's SKU ${sku}`,
  );
  return {
    ledger,
    sku,
    deployer: keys.upgradeAuthority,
    admins: [...keys.admins],
    keeper: keys.keeper,
    navSignerKeys: keys.navSignerKeyPair,
    navSigner: keys.navSigner,
    distributor: keys.distributor,
    treasury,
    world: {
      stakingMint: {
        address: manifest.stakingMint as Address,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        decimals: 6,
        authority: keys.issuer,
      },
    },
  };
}
