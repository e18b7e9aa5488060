/**
 * Every admin action the CLI can propose, built with the SDK's admin instruction builders and
 * address-only admin signers (the keys sign later, offline). Upgrades go through the loader
 * with the upgrade authority and the named admins as signers of the same transaction.
 */
import {
  ASSET_STATUS,
  getApproveDeviationInstructionFor,
  getCancelRotationInstructionFor,
  getCancelWeightsInstructionFor,
  getOracleRotateKeepersInstructionFor,
  getQueueRotationInstructionFor,
  getRewardsRotateKeepersInstructionFor,
  getRewardsSetPausedInstructionFor,
  getSetAssetStatusInstructionFor,
  getSetPausedInstructionFor,
  getSetRewardMintsInstructionFor,
  getUpdateWeightsInstructionFor,
  type ProgramAddresses,
  REWARDS_PAUSE_FLAGS,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import { type Address, createNoopSigner, type Instruction } from '@solana/kit';
import { type ActionInput, ROTATIONS, type RotationName, required } from './action-input.ts';
import { readAdminSet, readSnapshotSequence, readVault } from './chain-state.ts';
import { OpsError } from './errors.ts';
import { gateSetAdminsAction, gateSetAuthorityAction } from './gate-actions.ts';
import { readOnChainProgram } from './program-binary.ts';
import type { Governance } from './proposal-file.ts';
import { resetLastEpochAction, resetSequenceAction } from './recovery-actions.ts';
import { programUpgradeAction } from './upgrade-action.ts';
import {
  gateAdoptInstruction,
  gateAuthorityOf,
  gateInitializeInstructions,
} from './upgrade-gate.ts';

export const ADMIN_ACTIONS = [
  'vault.pause',
  'vault.unpause',
  'vault.asset-status',
  'vault.weights',
  'vault.cancel-weights',
  'vault.rotate-keeper',
  'vault.rotate-trade-authority',
  'vault.cancel-rotation',
  'oracle.rotate-keepers',
  'oracle.approve-deviation',
  'oracle.reset-sequence',
  'rewards.pause',
  'rewards.rotate-keepers',
  'rewards.reward-mints',
  'rewards.reset-last-epoch',
  'program.upgrade',
  'gate.initialize',
  'gate.adopt',
  'gate.set-admins',
  'gate.set-authority',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export { type ActionInput, ROTATIONS, type RotationName, required } from './action-input.ts';

export type BuiltAction = Readonly<{
  governance: Governance;
  summary: string;
  instructions: Instruction[];
  operatorSigners: Address[];
}>;

/**
 * The instructions of `action`, ready for {@link buildProposal}.
 *
 * @example
 * const built = await buildAdminAction(chain, programs, 'vault.pause', { sku: 'TECH6' });
 */
export async function buildAdminAction(
  chain: Chain,
  programs: ProgramAddresses,
  action: AdminAction,
  input: ActionInput,
): Promise<BuiltAction> {
  const governance = await governanceOf(chain, programs, action, input);
  const set = await readAdminSet(chain.rpc, programs, governance);
  const signerAddresses = input.signers ?? set.keys.slice(0, set.threshold);
  if (signerAddresses.length < set.threshold) {
    throw new OpsError(
      'INVALID_INPUT',
      `name at least ${set.threshold} admins to sign (--signers), not ${signerAddresses.length}`,
    );
  }
  const adminSigners = signerAddresses.map((a) => createNoopSigner(a));
  const one = (instruction: Instruction, summary: string, operatorSigners: Address[] = []) => ({
    governance,
    summary,
    instructions: [instruction],
    operatorSigners,
  });
  const sku = () => required(input.sku, '--sku');

  switch (action) {
    case 'vault.pause':
    case 'vault.unpause': {
      const vault = await vaultOf(chain, programs, sku());
      const paused = action === 'vault.pause';
      return one(
        getSetPausedInstructionFor({ vault: vault.address, paused, adminSigners }, programs)
          .instruction,
        `${paused ? 'pause' : 'unpause'} vault ${sku()}`,
      );
    }
    case 'vault.asset-status': {
      const vault = await vaultOf(chain, programs, sku());
      const assetIndex = assetIndexOf(
        vault.data.assets.slice(0, vault.data.assetCount),
        required(input.asset, '--asset'),
      );
      const status = required(input.status, '--status');
      return one(
        getSetAssetStatusInstructionFor(
          { vault: vault.address, assetIndex, status: ASSET_STATUS[status], adminSigners },
          programs,
        ).instruction,
        `set asset #${assetIndex} of ${sku()} to ${status}`,
      );
    }
    case 'vault.weights': {
      const vault = await vaultOf(chain, programs, sku());
      const weights = required(input.weights, '--weights');
      return one(
        getUpdateWeightsInstructionFor({ vault, weightsBps: weights, adminSigners }, programs)
          .instruction,
        `queue weights ${weights.join(',')} bps for ${sku()} (48 h timelock)`,
      );
    }
    case 'vault.cancel-weights': {
      const vault = await vaultOf(chain, programs, sku());
      return one(
        getCancelWeightsInstructionFor({ vault, adminSigners }, programs).instruction,
        `cancel the queued weights #${vault.data.pendingWeightsNonce} of ${sku()}`,
      );
    }
    case 'vault.rotate-keeper':
    case 'vault.rotate-trade-authority': {
      const vault = await vaultOf(chain, programs, sku());
      const name: RotationName = action === 'vault.rotate-keeper' ? 'keeper' : 'trade-authority';
      const newKey = required(input.newKey, '--new-key');
      return one(
        getQueueRotationInstructionFor(
          { vault, kind: ROTATIONS[name], newKey, adminSigners },
          programs,
        ).instruction,
        `queue ${name} rotation of ${sku()} to ${newKey} (48 h timelock)`,
      );
    }
    case 'vault.cancel-rotation': {
      const vault = await vaultOf(chain, programs, sku());
      const name = required(input.rotation, '--rotation');
      const kind = ROTATIONS[name];
      if (vault.data.pendingRotationEta[kind - 1] === 0n) {
        throw new OpsError('NOTHING_PENDING', `no ${name} rotation is pending for ${sku()}`);
      }
      // Bound to the pending change's nonce: if it is applied or replaced before this proposal
      // lands, the vault refuses it instead of cancelling a later change.
      return one(
        getCancelRotationInstructionFor({ vault, kind, adminSigners }, programs).instruction,
        `cancel the queued ${name} rotation #${vault.data.pendingRotationNonce[kind - 1]} of ${sku()} (to ${vault.data.pendingRotationKey[kind - 1]})`,
      );
    }
    case 'oracle.rotate-keepers': {
      const keepers = required(input.keepers, '--keepers');
      const ix = await getOracleRotateKeepersInstructionFor({ keepers, adminSigners }, programs);
      return one(ix.instruction, `oracle keepers := ${keepers.join(', ')}`);
    }
    case 'oracle.approve-deviation': {
      // Bound to one push: the named sequence, or else the snapshot's next as it stands when
      // the approval lands (a keeper held at the cap does not advance it meanwhile).
      const next = (await readSnapshotSequence(chain.rpc, programs, sku())) + 1n;
      const ix = await getApproveDeviationInstructionFor(
        { sku: sku(), ...(input.sequence ? { sequence: input.sequence } : {}), adminSigners },
        programs,
      );
      const which = input.sequence
        ? `NAV push #${input.sequence}`
        : `the next NAV push (#${next} as the snapshot stands now)`;
      return one(ix.instruction, `approve ${which} of ${sku()} beyond the deviation cap`);
    }
    case 'oracle.reset-sequence': {
      const built = await resetSequenceAction(chain.rpc, programs, {
        sku: sku(),
        sequence: required(input.sequence, '--sequence'),
        adminSigners,
      });
      return one(built.instruction, built.summary);
    }
    case 'rewards.pause': {
      const flags =
        (input.pauseStaking ? REWARDS_PAUSE_FLAGS.staking : 0) |
        (input.pauseClaims ? REWARDS_PAUSE_FLAGS.claims : 0);
      const ix = await getRewardsSetPausedInstructionFor({ flags, adminSigners }, programs);
      return one(
        ix.instruction,
        `rewards paused: staking ${!!input.pauseStaking}, claims ${!!input.pauseClaims}`,
      );
    }
    case 'rewards.rotate-keepers': {
      const keepers = required(input.keepers, '--keepers');
      const ix = await getRewardsRotateKeepersInstructionFor({ keepers, adminSigners }, programs);
      return one(ix.instruction, `rewards keepers := ${keepers.join(', ')}`);
    }
    case 'rewards.reward-mints': {
      const rewardMints = required(input.rewardMints, '--reward-mints');
      const ix = await getSetRewardMintsInstructionFor({ rewardMints, adminSigners }, programs);
      return one(ix.instruction, `reward mints := ${rewardMints.join(', ')}`);
    }
    case 'rewards.reset-last-epoch': {
      const built = await resetLastEpochAction(chain.rpc, programs, {
        epoch: required(input.epoch, '--epoch'),
        adminSigners,
      });
      return one(built.instruction, built.summary);
    }
    case 'program.upgrade': {
      const built = await programUpgradeAction(chain, programs, governance, input, adminSigners);
      return one(built.instruction, built.summary, built.operatorSigners);
    }
    case 'gate.initialize': {
      const gateProgram = required(input.gateProgram, 'programs.upgradeGate');
      const authority = required(input.upgradeAuthority, 'upgradeAuthority');
      // The platform's admins (the oracle's set, which governs upgrades) install themselves.
      return {
        governance,
        summary: `initialize the upgrade gate ${gateProgram} with the admins ${set.keys.join(', ')} (${set.threshold} of ${set.keys.length}) and hand the gate itself to its PDA`,
        instructions: await gateInitializeInstructions({
          gateProgram,
          payer: required(input.payer, 'payer'),
          upgradeAuthority: authority,
          admins: set,
          adminSigners,
        }),
        operatorSigners: [authority],
      };
    }
    case 'gate.adopt': {
      const gateProgram = required(input.gateProgram, 'programs.upgradeGate');
      const name = required(input.program, '--program');
      const address =
        name in programs ? programs[name as keyof ProgramAddresses] : (name as Address);
      const authority = required(input.upgradeAuthority, 'upgradeAuthority');
      return one(
        await gateAdoptInstruction({
          gateProgram,
          program: address,
          currentAuthority: authority,
          adminSigners,
        }),
        `hand ${name} (${address}) from ${authority} to the upgrade gate's PDA ${await gateAuthorityOf(gateProgram)}`,
        [authority],
      );
    }
    case 'gate.set-admins': {
      const built = await gateSetAdminsAction(chain.rpc, {
        gateProgram: required(input.gateProgram, 'programs.upgradeGate'),
        current: set,
        adminSigners,
        next: {
          keys: required(input.newAdmins, '--new-admins'),
          threshold: required(input.newThreshold, '--new-threshold'),
        },
        ...(input.newSigners ? { nextSigners: input.newSigners } : {}),
      });
      return one(built.instruction, built.summary, built.operatorSigners);
    }
    case 'gate.set-authority': {
      const name = input.program;
      const address =
        name === undefined
          ? undefined
          : name in programs
            ? programs[name as keyof ProgramAddresses]
            : (name as Address);
      const built = await gateSetAuthorityAction(chain.rpc, {
        gateProgram: required(input.gateProgram, 'programs.upgradeGate'),
        ...(address ? { program: address } : {}),
        ...(input.buffer ? { buffer: input.buffer } : {}),
        newAuthority: required(input.newKey, '--new-key'),
        adminSigners,
      });
      return one(built.instruction, built.summary);
    }
  }
}

async function governanceOf(
  chain: Chain,
  programs: ProgramAddresses,
  action: AdminAction,
  input: ActionInput,
): Promise<Governance> {
  if (action.startsWith('vault.')) return { kind: 'vault', sku: required(input.sku, '--sku') };
  if (action.startsWith('rewards.')) return { kind: 'rewards' };
  if (action === 'gate.set-admins' || action === 'gate.set-authority') {
    // The gate's own administration is decided by the gate's own admin set.
    return { kind: 'gate', program: required(input.gateProgram, 'programs.upgradeGate') };
  }
  if (action === 'program.upgrade' && input.gateProgram) {
    // A program held by the gate is upgraded through it, under the gate's own admin set.
    const name = required(input.program, '--program');
    const address = name in programs ? programs[name as keyof ProgramAddresses] : (name as Address);
    const onChain = await readOnChainProgram(chain, address);
    if (onChain?.upgradeAuthority === (await gateAuthorityOf(input.gateProgram))) {
      return { kind: 'gate', program: input.gateProgram };
    }
  }
  // The oracle's admin set is the platform's: it also governs upgrades and the gate's set-up.
  return { kind: 'oracle' };
}

async function vaultOf(chain: Chain, programs: ProgramAddresses, sku: string) {
  const vault = await readVault(chain.rpc, programs, sku);
  if (!vault) throw new OpsError('ACCOUNT_NOT_FOUND', `no vault for SKU ${sku}`);
  return vault;
}

function assetIndexOf(assets: readonly { mint: Address }[], asset: string): number {
  if (/^[0-9]+$/.test(asset)) {
    const i = Number(asset);
    if (i < assets.length) return i;
  }
  const i = assets.findIndex((a) => a.mint === asset);
  if (i < 0)
    throw new OpsError(
      'INVALID_INPUT',
      `--asset ${asset}: neither an index below ${assets.length} nor a mint of the vault`,
    );
  return i;
}
