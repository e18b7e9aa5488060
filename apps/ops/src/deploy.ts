/**
 * `deploy`: each program deployed through a buffer the first time (then handed to the
 * upgrade authority: the gate's PDA when the environment has a gate), left alone when the
 * chain already runs the local build, or, when it differs, written to a buffer held by the
 * program's present upgrade authority for a `program.upgrade`
 * proposal: a changed binary never goes live without the admins. Every outcome is checked
 * against the chain's bytes by sha256.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from '@basket/localnet';
import { type Chain, deployProgram, setAuthorityInstruction, writeBuffer } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { OpsError } from './errors.ts';
import { localBinary, readOnChainProgram, sha256Hex } from './program-binary.ts';

export const PROGRAM_NAMES = ['oracle', 'vault', 'rewards'] as const;
export type ProgramName = (typeof PROGRAM_NAMES)[number];

/** The crate directory of a program whose configuration key differs from it. */
const BUILD_NAMES: Readonly<Record<string, string>> = { upgradeGate: 'upgrade-gate' };
const buildName = (name: string) => BUILD_NAMES[name] ?? name;

export type DeployResult = Readonly<{
  name: string;
  program: Address;
  action: 'deployed' | 'unchanged' | 'buffer-staged';
  sha256: string;
  /** The staged buffer of a changed binary (to propose `program.upgrade` with). */
  buffer?: Address;
  upgradeAuthority: Address | null;
}>;

/**
 * Builds the programs reproducibly (scripts/build-programs.sh) and returns each `.so` path.
 *
 * @example
 * const paths = buildPrograms({ localnetIds: true, log: console.error });
 */
export function buildPrograms(input: {
  localnetIds: boolean;
  names?: readonly string[];
  log: (line: string) => void;
}): Record<string, string> {
  const names = input.names ?? PROGRAM_NAMES;
  const args = [
    'scripts/build-programs.sh',
    ...(input.localnetIds ? ['--localnet'] : []),
    ...names.map(buildName),
  ];
  input.log(`building ${names.join(', ')} (bash ${args.join(' ')})`);
  const run = spawnSync('bash', args, {
    cwd: repoRoot(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0)
    throw new OpsError('INVALID_INPUT', `the program build failed (exit ${run.status})`);
  for (const line of run.stdout.split('\n').filter(Boolean)) input.log(`  ${line}`);
  return soPaths(input.localnetIds, names);
}

export function soPaths(localnetIds: boolean, names: readonly string[] = PROGRAM_NAMES) {
  const dir = `${repoRoot()}target/deploy/${localnetIds ? 'localnet/' : ''}`;
  return Object.fromEntries(names.map((n) => [n, `${dir}${buildName(n)}.so`]));
}

/**
 * Deploys, confirms or stages one program (see the module comment); throws `HASH_MISMATCH`
 * when a deployment does not read back as the local build.
 *
 * @example
 * const r = await deployOrStage(chain, { name: 'vault', soPath, program, deployer, feePayer, upgradeAuthority });
 */
export async function deployOrStage(
  chain: Chain,
  input: {
    name: string;
    soPath: string;
    program: Address;
    /** Needed for a first deployment only (the program account is created at its address). */
    programKeypair?: KeyPairSigner;
    deployer: KeyPairSigner;
    feePayer: KeyPairSigner;
    upgradeAuthority: Address;
    log?: (line: string) => void;
  },
): Promise<DeployResult> {
  const log = input.log ?? (() => {});
  const local = localBinary(input.soPath);
  const expected = local.sha256;
  const onProgress = progress(input.name, log);
  const before = await readOnChainProgram(chain, input.program, local.bytes.length);

  if (before && before.sha256 === expected) {
    return {
      name: input.name,
      program: input.program,
      action: 'unchanged',
      sha256: expected,
      upgradeAuthority: before.upgradeAuthority,
    };
  }
  if (before) {
    const buffer = await writeBuffer(chain, local.bytes, {
      authority: input.deployer,
      payer: input.feePayer,
      onProgress,
    });
    // The loader upgrades only from a buffer held by the program's own upgrade authority
    // (the gate's PDA once the gate holds the program; the gate also refuses any other).
    const holder = before.upgradeAuthority ?? input.upgradeAuthority;
    if (input.deployer.address !== holder) {
      await chain.landRaw(`hand buffer ${buffer} to ${holder}`, input.feePayer, [
        setAuthorityInstruction(buffer, input.deployer, holder),
      ]);
    }
    return {
      name: input.name,
      program: input.program,
      action: 'buffer-staged',
      sha256: expected,
      buffer,
      upgradeAuthority: before.upgradeAuthority,
    };
  }

  if (!input.programKeypair || input.programKeypair.address !== input.program) {
    throw new OpsError(
      'KEY_UNAVAILABLE',
      `${input.name}: a first deployment needs the keypair of ${input.program} (keys.programKeypairs.${input.name})`,
    );
  }
  await deployProgram(chain, {
    programKeypair: input.programKeypair,
    soPath: input.soPath,
    authority: input.deployer,
    payer: input.feePayer,
    onProgress,
  });
  const deployed = await readOnChainProgram(chain, input.program);
  if (input.deployer.address !== input.upgradeAuthority && deployed) {
    await chain.landRaw(`hand ${input.name} to the upgrade authority`, input.feePayer, [
      setAuthorityInstruction(deployed.programData, input.deployer, input.upgradeAuthority),
    ]);
  }
  const after = await verifyDeployed(chain, input.name, input.program, local.bytes);
  return {
    name: input.name,
    program: input.program,
    action: 'deployed',
    sha256: expected,
    upgradeAuthority: after.upgradeAuthority,
  };
}

/**
 * Reads the program back and fails with `HASH_MISMATCH` unless its binary is the local one.
 *
 * @example
 * await verifyDeployed(chain, 'vault', programs.vault, localBinary(path).bytes);
 */
export async function verifyDeployed(
  chain: Chain,
  name: string,
  program: Address,
  local: Uint8Array,
) {
  const expected = sha256Hex(local);
  const onChain = await readOnChainProgram(chain, program, local.length);
  if (!onChain) throw new OpsError('ACCOUNT_NOT_FOUND', `${name}: ${program} is not deployed`);
  if (onChain.sha256 !== expected) {
    throw new OpsError(
      'HASH_MISMATCH',
      `${name}: on-chain sha256 ${onChain.sha256} is not the local build's ${expected}`,
    );
  }
  return onChain;
}

function progress(name: string, log: (line: string) => void) {
  let shown = -1;
  return (written: number, total: number) => {
    const tenth = Math.floor((written * 10) / total);
    if (tenth > shown) {
      shown = tenth;
      log(`  ${name}: buffer ${tenth * 10}% (${written}/${total} bytes)`);
    }
  };
}
