/**
 * `init apply`: every admin step goes through the proposal path (durable nonce, named admins,
 * the same checks as `submit`). With admin key files at hand (local world, devnet) the CLI
 * signs and submits each proposal itself; without them it writes the proposals for the admins
 * to sign offline. Drift that no instruction can fix stops the apply before anything is sent.
 */
import { join } from 'node:path';
import { getApplyWeightsInstructionFor, type ProgramAddresses } from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { buildAdminAction } from './admin-actions.ts';
import { readVault } from './chain-state.ts';
import { OpsError } from './errors.ts';
import { actionableSteps, type PlanStep } from './init-plan.ts';
import { writeProposal } from './proposal-file.ts';
import { signProposal } from './proposal-signatures.ts';
import { buildProposal } from './propose.ts';
import { applyRotation } from './rotation-apply.ts';
import { submitProposal } from './submit.ts';

export type ApplyOutcome = Readonly<{ step: PlanStep; result: string }>;

/**
 * @example
 * await applyInit(chain, programs, steps, { environment: 'local', feePayer, adminKeys, log: console.error });
 */
export async function applyInit(
  chain: Chain,
  programs: ProgramAddresses,
  steps: readonly PlanStep[],
  input: {
    environment: string;
    feePayer: KeyPairSigner;
    /** Admin keys to sign with now; without them proposals are written to `proposeDir`. */
    adminKeys?: readonly KeyPairSigner[];
    proposeDir?: string;
    log: (line: string) => void;
  },
): Promise<ApplyOutcome[]> {
  const todo = actionableSteps(steps);
  const blocked = todo.filter((s) => s.kind === 'drift');
  if (blocked.length > 0) {
    throw new OpsError(
      'IMMUTABLE_DRIFT',
      `init cannot apply:\n  - ${blocked.map((s) => `${s.target}: ${s.what}`).join('\n  - ')}\n(drift: fix the environment file or create a new SKU)`,
    );
  }
  const adminKeys = input.adminKeys ?? [];
  if (adminKeys.length === 0 && !input.proposeDir) {
    throw new OpsError(
      'INVALID_INPUT',
      'give admin key files (--admin-key, at least 3) or --propose-dir',
    );
  }
  const outcomes: ApplyOutcome[] = [];
  let n = 0;
  for (const step of todo) {
    n += 1;
    if (step.kind === 'apply-weights') {
      const vault = await readVault(chain.rpc, programs, step.sku);
      if (!vault) throw new OpsError('ACCOUNT_NOT_FOUND', `no vault for SKU ${step.sku}`);
      await chain.land(`apply_weights ${step.sku}`, input.feePayer, [
        getApplyWeightsInstructionFor({ vault }, programs),
      ]);
      outcomes.push({ step, result: 'applied' });
      input.log(`applied: ${step.target} ${step.what}`);
      continue;
    }
    if (step.kind === 'apply-rotation') {
      const r = await applyRotation(chain, programs, {
        sku: step.sku,
        rotation: step.rotation,
        feePayer: input.feePayer,
      });
      outcomes.push({ step, result: r.signature });
      input.log(`applied: ${step.target} ${step.what}`);
      continue;
    }
    // Creations run first (createMissing); a plan with them is applied again afterwards.
    if (step.kind !== 'admin') continue;
    const built = await buildAdminAction(chain, programs, step.action, {
      ...step.input,
      ...(adminKeys.length > 0 ? { signers: adminKeys.map((k) => k.address) } : {}),
    });
    let proposal = await buildProposal(chain, {
      environment: input.environment,
      action: step.action,
      summary: built.summary,
      governance: built.governance,
      feePayer: input.feePayer,
      instructions: built.instructions,
      operatorSigners: built.operatorSigners,
    });
    if (adminKeys.length === 0) {
      const path = join(
        input.proposeDir as string,
        `${String(n).padStart(2, '0')}-${step.action}-${step.target}.json`,
      );
      writeProposal(path, proposal);
      outcomes.push({ step, result: `proposal ${path}` });
      input.log(`proposed: ${step.target} ${step.what} -> ${path}`);
      continue;
    }
    for (const key of adminKeys) proposal = await signProposal(proposal, key);
    const { signature } = await submitProposal(chain, programs, proposal);
    outcomes.push({ step, result: signature });
    input.log(`applied: ${step.target} ${step.what} (${signature})`);
  }
  return outcomes;
}
