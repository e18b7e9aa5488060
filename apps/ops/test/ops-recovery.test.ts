// The admins' two recoveries as operator proposals, in LiteSVM (no validator): a SKU's
// snapshot sequence raised past leaked payloads, and a rewards configuration whose last epoch
// id sits at u64::MAX (a post from before ids were bounded) set back. Each proposal is built,
// signed by 3 of the 5 admins and submitted by the same code as `basket-ops
// propose/sign/submit`; the summary names the value on chain and the new one; a value the
// program would refuse, or one the keeper could not follow, is refused by name before anything
// is created. Mints carry non-unit
// multipliers (the vault fixture's 1.0571 and 2.5, the staking mint's 1.25).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  findNavReferencePda,
  getNavReferenceEncoder,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { findEpochPda, REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import {
  DEFAULT_PROGRAM_ADDRESSES,
  encodeSkuId,
  findRewardsConfigAddress,
  getDistributeEpochInstructionFor,
  getResetLastEpochInstructionFor,
  getRewardsInitializeInstructionFor,
} from '@basket/sdk';
import {
  addUpgradeableProgram,
  createMint,
  createTokenAccount,
  fund,
  mintTo,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import type { Chain } from '@basket/world';
import { generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Basket,
  initVault,
  patchVault,
  SKU,
  setupBasket,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import { type ActionInput, type AdminAction, buildAdminAction } from '../src/admin-actions.ts';
import { readRewardsConfig, readSnapshotSequence } from '../src/chain-state.ts';
import { isOpsError } from '../src/errors.ts';
import type { Proposal } from '../src/proposal-file.ts';
import { signProposal } from '../src/proposal-signatures.ts';
import { buildProposal } from '../src/propose.ts';
import { HIGHEST_RESET_SEQUENCE, U64_MAX } from '../src/recovery-actions.ts';
import { submitProposal } from '../src/submit.ts';
import { svmChain } from './support/svm-chain.ts';

const programs = DEFAULT_PROGRAM_ADDRESSES;
let b: Basket;
let chain: Chain;
let keeper: KeyPairSigner;

/** `basket-ops propose`: the action built from the chain, then its proposal file's content. */
async function propose(action: AdminAction, input: ActionInput): Promise<Proposal> {
  const built = await buildAdminAction(chain, programs, action, input);
  return buildProposal(chain, {
    environment: 'local',
    action,
    summary: built.summary,
    governance: built.governance,
    feePayer: b.payer,
    instructions: built.instructions,
    operatorSigners: built.operatorSigners,
  });
}

/** `basket-ops sign` by each of `keys` (offline), then `basket-ops submit`. */
async function signAndSubmit(proposal: Proposal, keys: readonly KeyPairSigner[]) {
  let signed = proposal;
  for (const k of keys) signed = await signProposal(signed, k);
  return submitProposal(chain, programs, signed);
}

/** The refusal of a proposal: its message, and that the fee payer paid nothing (no nonce). */
async function refused(action: AdminAction, input: ActionInput): Promise<string> {
  const before = b.svm.getBalance(b.payer.address);
  let caught: unknown;
  try {
    await propose(action, input);
  } catch (error) {
    caught = error;
  }
  if (!isOpsError(caught, 'INVALID_INPUT')) throw caught ?? new Error('not refused');
  expect(b.svm.getBalance(b.payer.address)).toBe(before);
  return caught.message;
}

/** The SKU's deviation reference, as `create_snapshot` leaves it (the fixture writes none). */
async function writeReference() {
  const skuId = encodeSkuId(SKU);
  const [address, bump] = await findNavReferencePda(skuId, ORACLE_PROGRAM_ADDRESS);
  const data = Uint8Array.from(
    getNavReferenceEncoder().encode({
      version: 1,
      bump,
      reserved: 0,
      skuId,
      windowStartSlot: 0n,
      approvedSequence: 0n,
      entries: Array.from({ length: 20 }, () => ({ priceUsd1E8: 0n, multiplierNum: 0n })),
    }),
  );
  b.svm.setAccount({
    address,
    data,
    executable: false,
    lamports: lamports(b.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: ORACLE_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
}

/** The keeper posts `epochId` over one funded Token-2022 reward mint. */
async function distribute(epochId: bigint, rewardMint: Awaited<ReturnType<typeof createMint>>) {
  const [epoch] = await findEpochPda({ epochId });
  const holding = await createTokenAccount(b.svm, b.payer, rewardMint, epoch);
  await mintTo(b.svm, b.payer, rewardMint, holding, 5_000_000n);
  const ix = await getDistributeEpochInstructionFor({
    keeper,
    epochId,
    merkleRoot: new Uint8Array(32).fill(Number(epochId)),
    rewards: [{ mint: rewardMint.address, holding, total: 5_000_000n }],
  });
  return send(b.svm, [ix.instruction], keeper);
}

beforeAll(async () => {
  b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  await writeReference();
  chain = svmChain(b.svm);
  fund(b.svm, b.payer.address, 1_000n);
  keeper = await generateKeyPairSigner();
  fund(b.svm, keeper.address);
});

describe('oracle.reset-sequence', () => {
  it('raises a snapshot past leaked payloads, signed by 3 admins; lower, equal and near-u64::MAX values are refused by name', async () => {
    // Given a snapshot at sequence 7 that its vault priced with
    writeSnapshot(b, { sequence: 7n });
    patchVault(b, (s) => ({ ...s, memoSequence: 7n, lastSnapshotSequence: 7n }));

    // Then what the oracle refuses (only raises, 2^32 left below u64::MAX) is refused first
    const range = `choose 8 to ${HIGHEST_RESET_SEQUENCE}`;
    expect(await refused('oracle.reset-sequence', { sku: SKU, sequence: 5n })).toBe(
      `--sequence 5: the sequence is only raised (SequenceNotRaised: the vault prices by a sequence that only rises) and the snapshot of ${SKU} is at 7; ${range}`,
    );
    expect(await refused('oracle.reset-sequence', { sku: SKU, sequence: 7n })).toMatch(
      /^--sequence 7: the sequence is only raised/,
    );
    expect(await refused('oracle.reset-sequence', { sku: SKU, sequence: U64_MAX })).toBe(
      `--sequence ${U64_MAX}: leaves fewer than 2^32 sequences below u64::MAX (SequenceRoomTooSmall); ${range}`,
    );
    expect(
      await refused('oracle.reset-sequence', { sku: SKU, sequence: HIGHEST_RESET_SEQUENCE + 1n }),
    ).toMatch(/SequenceRoomTooSmall/);
    expect(await refused('oracle.reset-sequence', { sku: SKU })).toBe('--sequence is required');

    // When 3 of the 5 admins sign a raise to 1000 and it is submitted
    const signers = b.admins.slice(1, 4);
    const proposal = await propose('oracle.reset-sequence', {
      sku: SKU,
      sequence: 1_000n,
      signers: signers.map((a) => a.address),
    });
    expect(proposal.summary).toBe(
      `raise the NAV snapshot sequence of ${SKU} from 7 to 1000 (payloads signed for #8 to #1000 are void; its keeper pushes #1001 next; a pending deviation approval is dropped)`,
    );
    expect(proposal.governance).toEqual({ kind: 'oracle' });
    await signAndSubmit(proposal, signers);

    // Then the snapshot is at 1000
    expect(await readSnapshotSequence(chain.rpc, programs, SKU)).toBe(1_000n);
  });

  it('refuses to submit with 2 admin signatures; the sequence stays', async () => {
    const proposal = await propose('oracle.reset-sequence', { sku: SKU, sequence: 2_000n });
    await expect(signAndSubmit(proposal, b.admins.slice(0, 2))).rejects.toThrow(
      /2 of 3 admins signed/,
    );
    expect(await readSnapshotSequence(chain.rpc, programs, SKU)).toBe(1_000n);
  });

  it('says no raise is possible for a snapshot left within 2^32 of u64::MAX', async () => {
    writeSnapshot(b, { sequence: U64_MAX });
    expect(await refused('oracle.reset-sequence', { sku: SKU, sequence: 1n })).toBe(
      `--sequence 1: the snapshot of ${SKU} is at ${U64_MAX}, within 2^32 of u64::MAX: no raise is accepted (SequenceRoomTooSmall); pause the SKU (vault.pause)`,
    );
  });
});

describe('rewards.reset-last-epoch', () => {
  it('moves a last epoch id stuck at u64::MAX back to the highest posted, and the keeper posts again', async () => {
    // Given a configured rewards program whose keeper posted epochs 1 and 2
    await addUpgradeableProgram(b.svm, {
      programAddress: REWARDS_PROGRAM_ADDRESS,
      program: 'rewards',
      authority: b.payer.address,
    });
    const stakingMint = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
      scaledUiAmountMultiplier: 1.25,
    });
    const rewardMint = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 8,
      scaledUiAmountMultiplier: 1.0571,
    });
    const stakeHolding = await createTokenAccount(
      b.svm,
      b.payer,
      stakingMint,
      await findRewardsConfigAddress(),
    );
    const init = await getRewardsInitializeInstructionFor({
      payer: b.payer,
      stakingMint: stakingMint.address,
      stakingTokenProgram: stakingMint.tokenProgram,
      stakeHolding,
      admins: b.admins.map((a) => a.address),
      threshold: 3,
      keepers: [keeper.address],
      rewardMints: [rewardMint.address],
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [init.instruction], b.payer)).error).toBeNull();
    for (const id of [1n, 2n]) expect((await distribute(id, rewardMint)).error).toBeNull();
    // And a last epoch id at u64::MAX (as a post from before ids were bounded left it)
    const stuck = await getResetLastEpochInstructionFor({
      lastEpochId: U64_MAX,
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [stuck.instruction], b.payer)).error).toBeNull();
    expect((await distribute(3n, rewardMint)).ok).toBe(false);

    // Then ids the keeper's next posts would collide with are refused by name
    expect(await refused('rewards.reset-last-epoch', { epoch: 1n })).toBe(
      '--epoch 1: epoch 2 already posted: the keeper posts 2 next and would meet it (distribute_epoch refuses an existing epoch); choose the highest posted epoch id or more',
    );
    expect(await refused('rewards.reset-last-epoch', { epoch: 0n })).toMatch(
      /^--epoch 0: epoch 1, 2 already posted/,
    );
    expect(await refused('rewards.reset-last-epoch', { epoch: U64_MAX })).toMatch(
      /already; nothing to reset$/,
    );
    expect(await refused('rewards.reset-last-epoch', {})).toBe('--epoch is required');

    // When 3 admins sign a reset to 2 and it is submitted
    const signers = [b.admins[0], b.admins[2], b.admins[4]] as KeyPairSigner[];
    const proposal = await propose('rewards.reset-last-epoch', {
      epoch: 2n,
      signers: signers.map((a) => a.address),
    });
    expect(proposal.summary).toBe(
      `reset the rewards program's last epoch id from ${U64_MAX} to 2 (its keeper posts epoch 3 next; epochs 3 to 18 are not posted)`,
    );
    expect(proposal.governance).toEqual({ kind: 'rewards' });
    await signAndSubmit(proposal, signers);

    // Then the configuration's last id is 2 and the keeper posts epoch 3
    expect((await readRewardsConfig(chain.rpc, programs))?.lastEpochId).toBe(2n);
    expect((await distribute(3n, rewardMint)).error).toBeNull();
    expect(await refused('rewards.reset-last-epoch', { epoch: U64_MAX })).toBe(
      `--epoch ${U64_MAX}: u64::MAX leaves no next epoch (an epoch id must be above the last)`,
    );
  });
});

describe('the CLI flags', () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      new URL('../src/main.ts', import.meta.url).pathname,
      ...args,
    ]).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );

  it('refuse a value that is not a u64 in one line naming the flag, and write nothing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'ops-recovery-')), 'p.json');
    const base = ['propose', '--env', join(tmpdir(), 'no-such-env.yaml'), '--out', out];
    const sequence = await run([
      ...base,
      'oracle.reset-sequence',
      '--sku',
      SKU,
      '--sequence',
      '18446744073709551616',
    ]);
    expect(sequence.code).toBe(1);
    expect(sequence.stderr.trim()).toBe(
      `INVALID_INPUT: --sequence 18446744073709551616: not a u64 (0 to ${U64_MAX})`,
    );
    const epoch = await run([...base, 'rewards.reset-last-epoch', '--epoch', '1.5']);
    expect(epoch.stderr.trim()).toBe(`INVALID_INPUT: --epoch 1.5: not a u64 (0 to ${U64_MAX})`);
    expect(existsSync(out)).toBe(false);
  });
});
