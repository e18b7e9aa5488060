/**
 * The proposal commands: `propose` (build the file), `show` (decode it), `sign` (one
 * signature, offline, from a key file or a Ledger), `submit` (send once the threshold of
 * distinct admins signed).
 */
import type { Address } from '@solana/kit';
import { type Command, Option } from 'commander';
import { ADMIN_ACTIONS, type AdminAction, buildAdminAction, ROTATIONS } from './admin-actions.ts';
import { type CliContext, envOption, list, note, openContext, say } from './cli-context.ts';
import { buildPrograms, soPaths } from './deploy.ts';
import { requireUpgradeAuthority } from './env-config.ts';
import { OpsError } from './errors.ts';
import { signerFromFile } from './key-reference.ts';
import { DEFAULT_LEDGER_PATH, openLedger, signProposalWithLedger } from './ledger-sign.ts';
import {
  decodeTransaction,
  describeTransaction,
  readProposal,
  writeProposal,
} from './proposal-file.ts';
import { signatureStates, signProposal } from './proposal-signatures.ts';
import { buildProposal } from './propose.ts';
import { parseU64 } from './recovery-actions.ts';
import { submitProposal } from './submit.ts';

/** Actions signed by the upgrade authority's custodian too (the loader's one key). */
const NEEDS_UPGRADE_AUTHORITY: readonly string[] = [
  'program.upgrade',
  'gate.initialize',
  'gate.adopt',
];

/**
 * The local build a program.upgrade's buffer must equal: `--binary`, else the named program
 * built reproducibly (or, with `--skip-build`, as it is under target/deploy).
 */
function localBuildOf(
  ctx: CliContext,
  o: { binary?: string; program?: string; skipBuild?: boolean },
): string {
  if (o.binary) return o.binary;
  const name = o.program;
  if (name !== 'oracle' && name !== 'vault' && name !== 'rewards') {
    throw new OpsError('INVALID_INPUT', `--binary <file> is required for program ${name}`);
  }
  const localnetIds = ctx.config.localnetIds;
  const paths = o.skipBuild
    ? soPaths(localnetIds, [name])
    : buildPrograms({ localnetIds, names: [name], log: note });
  return paths[name] as string;
}

export function registerProposalCommands(program: Command): void {
  program
    .command('propose')
    .description(
      `write a proposal file (durable nonce) for an admin action: ${ADMIN_ACTIONS.join(', ')}`,
    )
    .argument('<action>', 'the admin action')
    .addOption(envOption())
    .requiredOption('--out <file>', 'the proposal file to write')
    .option('--sku <id>', 'the SKU (vault actions, approve-deviation, reset-sequence)')
    .option(
      '--sequence <n>',
      "oracle.approve-deviation: the push it approves (default: the next when the approval lands); oracle.reset-sequence: the snapshot's new sequence, above the stored one (only raised; its keeper pushes n+1 next)",
      parseU64('--sequence'),
    )
    .option(
      '--epoch <n>',
      'rewards.reset-last-epoch: the new last epoch id (the keeper posts n+1 next; at least the highest epoch posted)',
      parseU64('--epoch'),
    )
    .option('--asset <index|mint>', 'vault.asset-status: the asset')
    .addOption(
      new Option('--status <status>', 'vault.asset-status').choices([
        'Active',
        'Frozen',
        'Retired',
      ]),
    )
    .option('--weights <bps,...>', 'vault.weights: one per asset, summing to 10000', (v) =>
      list(v).map(Number),
    )
    .option('--keepers <addresses>', 'rotate-keepers: the new set', list)
    .option(
      '--new-key <address>',
      'vault.rotate-keeper / vault.rotate-trade-authority: the new key; gate.set-authority: the new authority',
    )
    .addOption(
      new Option('--rotation <kind>', 'vault.cancel-rotation: which one').choices(
        Object.keys(ROTATIONS),
      ),
    )
    .option('--reward-mints <addresses>', 'rewards.reward-mints: the new allow-list', list)
    .option('--pause-staking', 'rewards.pause: pause staking')
    .option('--pause-claims', 'rewards.pause: pause claims')
    .option(
      '--program <name|address>',
      'program.upgrade: oracle, vault, rewards, or a program address',
    )
    .option(
      '--buffer <address>',
      'program.upgrade: the staged buffer (from deploy); gate.set-authority: a buffer to hand over',
    )
    .option(
      '--binary <file>',
      'program.upgrade: the local build the buffer must equal (default: build the named program reproducibly)',
    )
    .option('--skip-build', 'program.upgrade: use the binary already under target/deploy')
    .option('--new-admins <addresses>', 'gate.set-admins: the five keys of the new set', list)
    .option('--new-threshold <n>', 'gate.set-admins: the new threshold (3 to 5)', Number)
    .option(
      '--new-signers <addresses>',
      'gate.set-admins: the keys of the new set who will sign (default: its first threshold keys)',
      list,
    )
    .option(
      '--signers <addresses>',
      'the admins who will sign (default: the first threshold admins)',
      list,
    )
    .option(
      '--nonce-account <address>',
      'reuse this nonce account (its authority must be the fee payer)',
    )
    .action(async (action: string, o) => {
      if (!(ADMIN_ACTIONS as readonly string[]).includes(action)) {
        throw new OpsError(
          'INVALID_INPUT',
          `unknown action ${action}; one of ${ADMIN_ACTIONS.join(', ')}`,
        );
      }
      const ctx = openContext(o.env);
      const feePayer = await ctx.feePayer();
      const built = await buildAdminAction(ctx.chain, ctx.programs, action as AdminAction, {
        sku: o.sku,
        sequence: o.sequence,
        epoch: o.epoch,
        asset: o.asset,
        status: o.status,
        weights: o.weights,
        keepers: o.keepers,
        newKey: o.newKey,
        rotation: o.rotation,
        rewardMints: o.rewardMints,
        pauseStaking: Boolean(o.pauseStaking),
        pauseClaims: Boolean(o.pauseClaims),
        program: o.program,
        buffer: o.buffer,
        ...(action === 'program.upgrade' ? { localBinary: localBuildOf(ctx, o) } : {}),
        newAdmins: o.newAdmins,
        newThreshold: o.newThreshold,
        newSigners: o.newSigners,
        ...(NEEDS_UPGRADE_AUTHORITY.includes(action)
          ? { upgradeAuthority: requireUpgradeAuthority(ctx.config) }
          : {}),
        signers: o.signers,
        spill: feePayer.address,
        payer: feePayer.address,
        ...(ctx.config.programs.upgradeGate
          ? { gateProgram: ctx.config.programs.upgradeGate as Address }
          : {}),
      });
      const proposal = await buildProposal(ctx.chain, {
        environment: ctx.config.environment,
        action,
        summary: built.summary,
        governance: built.governance,
        feePayer,
        instructions: built.instructions,
        operatorSigners: built.operatorSigners,
        ...(o.nonceAccount ? { nonceAccount: o.nonceAccount } : {}),
      });
      writeProposal(o.out, proposal);
      say(`wrote ${o.out}: ${built.summary}`);
      for (const s of await signatureStates(decodeTransaction(proposal)))
        say(`  ${s.state.padEnd(7)} ${s.address}`);
    });

  program
    .command('show')
    .description('decode a proposal: what the signed bytes do, and who has signed')
    .argument('<proposal>')
    .action(async (path: string) => {
      const proposal = readProposal(path);
      const tx = decodeTransaction(proposal);
      say(`${proposal.environment}: ${proposal.action}: ${proposal.summary}`);
      for (const l of describeTransaction(tx)) say(l);
      for (const s of await signatureStates(tx)) say(`  ${s.state.padEnd(7)} ${s.address}`);
    });

  program
    .command('sign')
    .description('add one signature from a keypair file (offline: no network needed)')
    .argument('<proposal>')
    .option('--key <file>', 'the admin keypair file')
    .option(
      '--ledger',
      'sign with a Ledger on USB (Solana app open; the device shows what it signs)',
    )
    .option('--ledger-path <path>', 'the Ledger account to sign with', DEFAULT_LEDGER_PATH)
    .action(async (path: string, o) => {
      if (o.ledger) {
        const transport = await openLedger();
        try {
          say(`approve the transaction on the Ledger (${o.ledgerPath})`);
          const signed = await signProposalWithLedger(readProposal(path), transport, o.ledgerPath);
          writeProposal(path, signed.proposal);
          say(`${signed.address} (Ledger) signed ${path}`);
        } finally {
          await transport.close();
        }
        return;
      }
      if (!o.key) throw new OpsError('INVALID_INPUT', '--key <file> or --ledger is required');
      const signer = await signerFromFile(o.key);
      writeProposal(path, await signProposal(readProposal(path), signer));
      say(`${signer.address} signed ${path}`);
    });

  program
    .command('submit')
    .description(
      'send a proposal once the governing threshold of distinct admins has signed (refused before sending otherwise)',
    )
    .argument('<proposal>')
    .addOption(envOption())
    .action(async (path: string, o) => {
      const ctx = openContext(o.env);
      const proposal = readProposal(path);
      if (proposal.environment !== ctx.config.environment) {
        throw new OpsError(
          'INVALID_PROPOSAL',
          `${path} was proposed for ${proposal.environment}, not ${ctx.config.environment}`,
        );
      }
      const { signature, admins } = await submitProposal(ctx.chain, ctx.programs, proposal);
      say(`submitted ${path}: ${signature} (admins ${admins.join(', ')})`);
    });
}
