// Keeper and trade-authority rotations through the operator's proposal path on the local
// world: queued by 3 admins, shown by `status` with its due time, refused before the eta (by
// the CLI, and by the vault when sent anyway), applied after the clock moves 48 h; a queued
// trade-authority rotation cancelled by a second proposal; `init` planning a keeper change as
// a rotation (queue, wait, apply).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApplyRotationInstructionFor, type ProgramAddresses, ROTATION_KIND } from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionInput, type AdminAction, buildAdminAction } from '../src/admin-actions.ts';
import { readVault } from '../src/chain-state.ts';
import { loadEnvConfig } from '../src/env-config.ts';
import { applyRotation } from '../src/rotation-apply.ts';
import { readStatus } from '../src/status.ts';
import { environmentFromWorld } from '../src/world-config.ts';
import {
  applySteps,
  OPS_WORLD_TIMEOUT_MS,
  type OpsWorld,
  opsCli,
  PAST_TIMELOCK_MS,
  planAgainstChain,
  proposeAction,
  refusal,
  signAndSubmit,
  startOpsWorld,
} from './support/ops-world.ts';

let ops: OpsWorld;
let world: TestWorld;
let programs: ProgramAddresses;
let envPath: string;
let admins: KeyPairSigner[];
let feePayer: KeyPairSigner;
let sku: string;

beforeAll(async () => {
  ops = await startOpsWorld();
  ({ world, programs, envPath, admins, authority: feePayer, sku } = ops);
}, OPS_WORLD_TIMEOUT_MS);

afterAll(() => world?.stop());

/** Proposes `action`, signs it with three admins (as three offline machines would), submits. */
async function passByThree(action: AdminAction, input: ActionInput): Promise<void> {
  const signers = admins.slice(1, 4);
  const p = await proposeAction(ops, action, {
    ...input,
    signers: signers.map((s) => s.address),
  });
  await signAndSubmit(ops, p, signers);
}

const vault = async () => {
  const v = await readVault(world.chain.rpc, programs, sku);
  if (!v) throw new Error(`no vault ${sku}`);
  return v;
};

describe('vault rotations through propose/sign/submit', () => {
  it('keeper: queued by 3 admins, shown pending, refused before the eta, applied after 48 h', async () => {
    const newKeeper = (await generateKeyPairSigner()).address;
    const oldKeeper = (await vault()).data.keeper;
    await passByThree('vault.rotate-keeper', { sku, newKey: newKeeper });

    const pending = (await readStatus(world.chain, programs, [sku])).timelocks;
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ sku, kind: 'keeper-rotation', applicable: false });
    expect(pending[0]?.detail).toContain(`to ${newKeeper}`);
    const status = await opsCli('status', '--env', envPath);
    expect(status.stdout).toMatch(
      new RegExp(
        `${sku} +keeper-rotation #\\d+: to ${newKeeper}: applicable at .+ \\(in 4[78]h\\d\\dm\\)`,
      ),
    );

    // The CLI refuses before sending; the vault refuses the same instruction sent anyway.
    expect(
      await refusal(applyRotation(world.chain, programs, { sku, rotation: 'keeper', feePayer })),
    ).toBe('TIMELOCK_NOT_DUE');
    await expect(
      world.chain.land('early apply', feePayer, [
        getApplyRotationInstructionFor(
          { vault: await vault(), kind: ROTATION_KIND.keeper },
          programs,
        ),
      ]),
    ).rejects.toThrow(
      /timelock \(weight change or rotation\) has not elapsed \(the vault program, error 3020\)/,
    );
    expect((await vault()).data.keeper).toBe(oldKeeper);

    await world.clock.advanceBy(PAST_TIMELOCK_MS);
    const cli = await opsCli(
      'apply-rotation',
      '--env',
      envPath,
      '--sku',
      sku,
      '--rotation',
      'keeper',
    );
    expect(cli.stdout).toContain(`applied keeper rotation`);
    expect((await vault()).data.keeper).toBe(newKeeper);
    expect((await readStatus(world.chain, programs, [sku])).timelocks).toEqual([]);
  }, 180_000);

  it('trade authority: a queued rotation is cancelled by a second 3-admin proposal', async () => {
    const before = (await vault()).data.tradeAuthority;
    const newAuthority = (await generateKeyPairSigner()).address;
    await passByThree('vault.rotate-trade-authority', { sku, newKey: newAuthority });
    const queued = (await readStatus(world.chain, programs, [sku])).timelocks;
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'trade-authority-rotation', applicable: false });
    expect(queued[0]?.detail).toContain(`to ${newAuthority}`);

    await passByThree('vault.cancel-rotation', { sku, rotation: 'trade-authority' });
    expect((await readStatus(world.chain, programs, [sku])).timelocks).toEqual([]);
    expect(
      await refusal(
        applyRotation(world.chain, programs, { sku, rotation: 'trade-authority', feePayer }),
      ),
    ).toBe('NOTHING_PENDING');
    expect(
      await refusal(
        buildAdminAction(world.chain, programs, 'vault.cancel-rotation', {
          sku,
          rotation: 'trade-authority',
        }),
      ),
    ).toBe('NOTHING_PENDING');
    expect((await vault()).data.tradeAuthority).toBe(before);
  }, 180_000);

  it('init: a new keeper in the file is queued by proposal, waits out the timelock, then is applied', async () => {
    const file = join(world.dir, 'ops-now.yaml');
    writeFileSync(file, await environmentFromWorld(world.chain, world.manifest));
    const current = loadEnvConfig(file).state;
    if (!current) throw new Error('from-world wrote no state');
    const newKeeper = (await generateKeyPairSigner()).address;
    const wanted = {
      ...current,
      skus: current.skus.map((s) => (s.skuId === sku ? { ...s, keeper: newKeeper } : s)),
    };
    const plan = () => planAgainstChain(ops, wanted);
    const kinds = async () => (await plan()).map((s) => (s.kind === 'admin' ? s.action : s.kind));
    const apply = async () => applySteps(ops, await plan(), admins.slice(0, 3));
    expect(await kinds()).toEqual(['vault.rotate-keeper']);
    await apply();
    expect(await kinds()).toEqual(['wait']);
    await world.clock.advanceBy(PAST_TIMELOCK_MS);
    expect(await kinds()).toEqual(['apply-rotation']);
    await apply();
    expect(await plan()).toEqual([]);
    expect((await vault()).data.keeper).toBe(newKeeper);
  }, 180_000);
});
