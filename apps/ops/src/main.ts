#!/usr/bin/env -S npx tsx
// `basket-ops`: the operator CLI (docs/operations.md). Every command takes `--env <file>`
// (ops/environments/<name>.yaml) and prints `--help`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readWorldManifest } from '@basket/localnet';
import { connectChain } from '@basket/world';
import type { Address } from '@solana/kit';
import { Command, Option } from 'commander';
import { ROTATIONS, type RotationName } from './admin-actions.ts';
import { envOption, list, note, openContext, say, setRpcOverride } from './cli-context.ts';
import { registerProposalCommands } from './cli-proposals.ts';
import { checkReferences } from './config-check.ts';
import {
  buildPrograms,
  deployOrStage,
  PROGRAM_NAMES,
  type ProgramName,
  soPaths,
  verifyDeployed,
} from './deploy.ts';
import { loadEnvConfig, requireUpgradeAuthority } from './env-config.ts';
import { OpsError } from './errors.ts';
import { applyInit } from './init-apply.ts';
import { createMissing } from './init-create.ts';
import { actionableSteps, formatPlan, planInit } from './init-plan.ts';
import { readChainSnapshot } from './init-read.ts';
import { signerFromFile, signerFromReference } from './key-reference.ts';
import { localBinary } from './program-binary.ts';
import { applyRotation } from './rotation-apply.ts';
import { formatStatus, readStatus } from './status.ts';
import { gateAuthorityOf } from './upgrade-gate.ts';
import { environmentFromWorld } from './world-config.ts';

const program = new Command('basket-ops')
  .description(
    'Operator CLI: deploy and upgrade programs, converge on-chain state, 3-of-5 admin proposals signed offline.',
  )
  .showHelpAfterError()
  .option(
    '--rpc <urls>',
    "RPC endpoints, comma-separated, in failover order (replace the environment file's cluster.rpcUrl and cluster.fallbackRpcUrls; each with its own rate limit and breaker)",
    list,
  );
// Before any command: the endpoints every openContext of this invocation uses.
program.hook('preAction', () => setRpcOverride(program.opts().rpc));

const config = program.command('config').description('environment files');
config
  .command('check')
  .description(
    'validate the environment file and resolve every key and secret reference (nothing printed but public keys)',
  )
  .addOption(envOption())
  .action(async (o) => {
    const { lines, ok } = await checkReferences(loadEnvConfig(o.env));
    for (const l of lines) say(l);
    if (!ok)
      throw new OpsError(
        'KEY_UNAVAILABLE',
        'some references do not resolve (lines marked MISSING)',
      );
  });
config
  .command('from-world')
  .description(
    'write an environment file describing a running local world, state included (its plan is empty)',
  )
  .requiredOption('--world <manifest>', 'the world manifest (.localnet/world.json)')
  .requiredOption('--out <file>', 'where to write the environment file')
  .action(async (o) => {
    const manifest = readWorldManifest(o.world);
    const chain = connectChain(manifest.rpcUrl, manifest.wsUrl);
    writeFileSync(o.out, await environmentFromWorld(chain, manifest));
    say(`wrote ${o.out}`);
  });

program
  .command('deploy')
  .description(
    'build reproducibly, deploy new programs (then hand them to the upgrade authority), stage changed ones in a buffer for a program.upgrade proposal; every result checked by sha256',
  )
  .addOption(envOption())
  .option('--skip-build', 'use the binaries already under target/deploy')
  .option('--programs <names>', 'subset, comma-separated (oracle,vault,rewards,upgradeGate)', list)
  .action(async (o) => {
    const ctx = openContext(o.env);
    const gate = ctx.config.programs.upgradeGate as Address | undefined;
    const names: string[] = o.programs ?? [...PROGRAM_NAMES, ...(gate ? ['upgradeGate'] : [])];
    const paths = o.skipBuild
      ? soPaths(ctx.config.localnetIds, names)
      : buildPrograms({ localnetIds: ctx.config.localnetIds, names, log: note });
    const feePayer = await ctx.feePayer();
    const deployerKey = await ctx.deployer();
    // One key in both roles (the local world) must be one signer instance: kit refuses two
    // distinct signers for an address in one transaction.
    const deployer = deployerKey.address === feePayer.address ? feePayer : deployerKey;
    const addresses = ctx.config.programs as Record<string, Address>;
    for (const name of names as (ProgramName | 'upgradeGate')[]) {
      const address = addresses[name];
      if (!address) throw new OpsError('INVALID_CONFIG', `programs.${name} is not set`);
      const reference = ctx.config.keys.programKeypairs[name];
      // With a gate, new programs go straight to its PDA; the gate itself stays with the
      // upgrade authority until gate.initialize hands it to itself.
      const upgradeAuthority =
        gate && name !== 'upgradeGate'
          ? await gateAuthorityOf(gate)
          : requireUpgradeAuthority(ctx.config);
      const r = await deployOrStage(ctx.chain, {
        name,
        soPath: paths[name] as string,
        program: address,
        ...(reference
          ? { programKeypair: await signerFromReference(reference, ctx.config.baseDir) }
          : {}),
        deployer,
        feePayer,
        upgradeAuthority,
        log: note,
      });
      say(
        `${name.padEnd(7)} ${r.program} ${r.action} sha256 ${r.sha256} upgrade authority ${r.upgradeAuthority ?? '(none)'}`,
      );
      if (r.buffer)
        say(
          `        next: basket-ops propose program.upgrade --env ${o.env} --program ${name} --buffer ${r.buffer} --out upgrade-${name}.json`,
        );
    }
  });

program
  .command('verify')
  .description('compare each on-chain binary with the local build (sha256); exit 1 on a mismatch')
  .addOption(envOption())
  .option('--skip-build', 'use the binaries already under target/deploy')
  .action(async (o) => {
    const ctx = openContext(o.env);
    const paths = o.skipBuild
      ? soPaths(ctx.config.localnetIds)
      : buildPrograms({ localnetIds: ctx.config.localnetIds, log: note });
    for (const name of PROGRAM_NAMES) {
      const onChain = await verifyDeployed(
        ctx.chain,
        name,
        ctx.programs[name],
        localBinary(paths[name] as string).bytes,
      );
      say(
        `${name.padEnd(7)} ${ctx.programs[name]} sha256 ${onChain.sha256} matches the local build`,
      );
    }
  });

const init = program
  .command('init')
  .description(
    "converge the chain to the environment file's `state` (plan first, like a plan/apply tool)",
  );
init
  .command('plan')
  .description(
    'show the difference between the chain and the file; exit code 2 when there are changes',
  )
  .addOption(envOption())
  .action(async (o) => {
    const ctx = openContext(o.env);
    const state = requireState(ctx.config.state);
    const steps = planInit(
      await readChainSnapshot(
        ctx.chain,
        ctx.programs,
        state.skus.map((s) => s.skuId),
      ),
      state,
    );
    for (const l of formatPlan(steps)) say(l);
    if (actionableSteps(steps).length > 0) process.exitCode = 2;
  });
init
  .command('apply')
  .description(
    'plan, create what is missing (oracle and rewards configs, vaults; with --admin-key files), then apply each change through an admin proposal (signed here with --admin-key files, or written to --propose-dir for offline signing)',
  )
  .addOption(envOption())
  .option('--admin-key <file...>', 'admin keypair files to sign with (at least the threshold)')
  .option('--propose-dir <dir>', 'write proposals here instead of signing')
  .option(
    '--upgrade-authority-key <file>',
    "creating the oracle or rewards config: the programs' upgrade authority (default: keys.deployer)",
  )
  .action(async (o) => {
    const ctx = openContext(o.env);
    const state = requireState(ctx.config.state);
    const plan = async () =>
      planInit(
        await readChainSnapshot(
          ctx.chain,
          ctx.programs,
          state.skus.map((s) => s.skuId),
        ),
        state,
      );
    let steps = await plan();
    for (const l of formatPlan(steps)) say(l);
    if (o.proposeDir) mkdirSync(o.proposeDir, { recursive: true });
    const adminKeys = await Promise.all(
      ((o.adminKey as string[]) ?? []).map((f) => signerFromFile(f)),
    );
    const feePayer = await ctx.feePayer();
    const created = await createMissing(ctx.chain, ctx.programs, steps, {
      state,
      feePayer,
      upgradeAuthority: o.upgradeAuthorityKey
        ? await signerFromFile(o.upgradeAuthorityKey)
        : await ctx.deployer(),
      adminKeys,
      log: say,
    });
    if (created.length > 0) {
      // What was just created is compared like the rest (pause flags, statuses...).
      steps = await plan();
      for (const l of formatPlan(steps)) say(l);
    }
    await applyInit(ctx.chain, ctx.programs, steps, {
      environment: ctx.config.environment,
      feePayer,
      adminKeys,
      ...(o.proposeDir ? { proposeDir: o.proposeDir } : {}),
      log: say,
    });
  });

registerProposalCommands(program);

program
  .command('apply-rotation')
  .description(
    "apply a vault's queued keeper or trade-authority rotation once its 48 h timelock is due (anyone may; refused before the eta)",
  )
  .addOption(envOption())
  .requiredOption('--sku <id>', 'the vault')
  .addOption(
    new Option('--rotation <kind>', 'which rotation')
      .choices(Object.keys(ROTATIONS))
      .makeOptionMandatory(),
  )
  .action(async (o) => {
    const ctx = openContext(o.env);
    const r = await applyRotation(ctx.chain, ctx.programs, {
      sku: o.sku,
      rotation: o.rotation as RotationName,
      feePayer: await ctx.feePayer(),
    });
    say(`applied ${r.rotation} rotation #${r.nonce} of ${r.sku}: now ${r.newKey} (${r.signature})`);
  });

program
  .command('status')
  .description(
    'programs (hash, upgrade authority), keepers, vaults, and pending timelocks with when they can be applied',
  )
  .addOption(envOption())
  .option('--sku <ids>', 'SKUs to show (default: those in the environment file)', list)
  .action(async (o) => {
    const ctx = openContext(o.env);
    const skus: string[] = o.sku ?? ctx.config.state?.skus.map((s) => s.skuId) ?? [];
    const names = [...PROGRAM_NAMES, ...(ctx.config.programs.upgradeGate ? ['upgradeGate'] : [])];
    const builds = soPaths(ctx.config.localnetIds, names);
    const report = await readStatus(ctx.chain, ctx.programs, skus, builds);
    for (const l of formatStatus(report)) say(l);
  });

function requireState<T>(state: T | undefined): T {
  if (!state)
    throw new OpsError(
      'INVALID_CONFIG',
      'the environment file has no `state` section (see ops/environments/state.example.yaml)',
    );
  return state;
}

program.parseAsync(process.argv).then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    if (error instanceof OpsError) note(`${error.code}: ${error.message}`);
    else note(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
