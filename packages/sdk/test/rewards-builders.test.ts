// Each rewards builder executed in LiteSVM through buildTransactionMessage: the message lands,
// and the measured cost of the program instruction stays within the SDK's cost table.
import { fromClaims, leafHash, nodeHash } from '@basket/merkle';
import {
  findEpochPda,
  getDistributeEpochInstruction,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  createTokenAccount,
  fund,
  mintTo,
  SYSTEM_PROGRAM_ADDRESS,
  send,
  setUnixTime,
  type TestMint,
  tokenAmount,
} from '@basket/test-harness';
import { type Address, type Blockhash, generateKeyPairSigner, lamports } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  type CostedInstruction,
  computeUnitLimit,
  decodeProgramEvents,
  epochAccount,
  findClaimStatusAddress,
  getClaimInstructionFor,
  getStakeInstructionFor,
  getUnstakeInstructionFor,
  measuredUnits,
  type RewardsConfigAccount,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
  stakeRecordAccount,
} from '../src/index.ts';
import { type RewardsWorld, rewardsWorld, staker, T0 } from './support/rewards-world.ts';
import { sendMessage } from './support/send-message.ts';
import { svmRpc } from './support/svm-rpc.ts';

let w: RewardsWorld;
let config: RewardsConfigAccount;

function lifetime() {
  w.svm.expireBlockhash();
  return { blockhash: w.svm.latestBlockhash() as Blockhash, lastValidBlockHeight: 1_000_000n };
}

/**
 * The cost model of a built instruction must cover what the transaction used (budget
 * instructions aside) and stay within 1.5x of it.
 */
function checkCost(built: CostedInstruction, txUnits: bigint, budgetInstructions: number) {
  const used = Number(txUnits) - budgetInstructions * COMPUTE_BUDGET_INSTRUCTION_COST;
  const model = measuredUnits(built.costs);
  const label = `${JSON.stringify(built.costs)} used ${used}, model ${model}`;
  expect(used, label).toBeLessThanOrEqual(model);
  expect(model * 2, label).toBeLessThanOrEqual(used * 3);
}

describe('rewards builders in LiteSVM', () => {
  beforeAll(async () => {
    w = await rewardsWorld();
    const [cfg] = await readAccounts(svmRpc(w.svm), [rewardsConfigAccount(w.config)]);
    if (!cfg.exists) throw new Error('no config');
    config = { address: cfg.address, data: cfg.data };
  });

  it('stake then unstake after the lock, with and without a priority fee', async () => {
    // Given a staker holding 1,000 staking tokens (raw)
    const s = await staker(w);
    // When they stake through the SDK with a priority fee
    const stake = await getStakeInstructionFor({
      owner: s.signer,
      config,
      ownerTokenAccount: s.tokens,
      amount: rawAmount(400_000_000n),
      tierDays: 30,
      stakeIndex: 0n,
    });
    const staked = await sendMessage(
      w.svm,
      buildTransactionMessage({
        feePayer: s.signer,
        lifetime: lifetime(),
        instructions: [stake],
        priorityFeeMicroLamports: 1_000n,
      }),
    );
    // Then the stake record holds the amount
    expect(staked.error).toBeNull();
    checkCost(stake, staked.computeUnits, 2);
    const [stakeRecord] = stake.instruction.accounts!.slice(2, 3);
    const [rec] = await readAccounts(svmRpc(w.svm), [stakeRecordAccount(stakeRecord!.address)]);
    expect(rec.exists && rec.data.amount).toBe(400_000_000n);
    // and the logs carry the Staked event
    const [stakedEvent] = decodeProgramEvents(staked.logs);
    expect(stakedEvent).toMatchObject({ status: 'decoded', program: 'rewards', name: 'staked' });
    expect(stakedEvent?.status === 'decoded' && stakedEvent.event).toMatchObject({
      owner: s.signer.address,
      stakeIndex: 0n,
      amount: 400_000_000n,
      tierDays: 30,
    });

    // When the lock has passed and they unstake (no priority fee)
    setUnixTime(w.svm, T0 + 31n * 86_400n);
    const unstake = await getUnstakeInstructionFor({
      owner: s.signer,
      config,
      ownerTokenAccount: s.tokens,
      stakeIndex: 0n,
    });
    const unstaked = await sendMessage(
      w.svm,
      buildTransactionMessage({
        feePayer: s.signer,
        lifetime: lifetime(),
        instructions: [unstake],
      }),
    );
    // Then the tokens are back
    expect(unstaked.error).toBeNull();
    checkCost(unstake, unstaked.computeUnits, 1);
    expect(tokenAmount(w.svm, s.tokens)).toBe(1_000_000_000n);
  });

  async function postAndClaim(epochId: bigint, mints: TestMint[]) {
    // Given an epoch paying two claimants in every mint
    const claimants = await Promise.all([0, 1].map(() => generateKeyPairSigner()));
    const destinations: Address[][] = [];
    for (const c of claimants) {
      fund(w.svm, c.address);
      const ds: Address[] = [];
      for (const m of mints) ds.push(await createTokenAccount(w.svm, w.payer, m, c.address));
      destinations.push(ds);
    }
    const amounts = [mints.map((_, i) => 150_000n * BigInt(i + 1)), mints.map(() => 50_000n)];
    const totals = mints.map((_, i) => amounts[0]![i]! + amounts[1]![i]!);
    const distribution = fromClaims({
      programId: REWARDS_PROGRAM_ADDRESS,
      epochId,
      rewardMints: mints.map((m) => m.address),
      totals,
      claims: claimants.map((c, i) => ({ claimant: c.address, amounts: amounts[i]! })),
    });
    const [epoch] = await findEpochPda({ epochId });
    const holdings: Address[] = [];
    for (const [i, m] of mints.entries()) {
      const h = await createTokenAccount(w.svm, w.payer, m, epoch);
      await mintTo(w.svm, w.payer, m, h, totals[i]!);
      holdings.push(h);
    }
    const posted = await send(
      w.svm,
      [
        getDistributeEpochInstruction({
          keeper: w.keeper,
          config: w.config,
          epoch,
          systemProgram: SYSTEM_PROGRAM_ADDRESS,
          epochId,
          merkleRoot: distribution.root,
          totals,
          rewardAccounts: mints.flatMap((m, i) => [m.address, holdings[i]!]),
        }),
      ],
      w.keeper,
    );
    expect(posted.error).toBeNull();
    // When the first claimant claims through the SDK, reading the epoch account
    const [epochData] = await readAccounts(svmRpc(w.svm), [epochAccount(epoch)]);
    if (!epochData.exists) throw new Error('epoch missing');
    const leaf = distribution.claims[0]!;
    const claim = await getClaimInstructionFor({
      claimant: claimants[0]!,
      epoch: epochData.data,
      destinations: destinations[0]!,
      amounts: leaf.amounts,
      proof: leaf.proof,
    });
    const claimed = await sendMessage(
      w.svm,
      buildTransactionMessage({
        feePayer: claimants[0]!,
        lifetime: lifetime(),
        instructions: [claim],
        priorityFeeMicroLamports: 0n,
      }),
    );
    // Then every reward arrived, within the cost model, which prices issuer mints (Token-2022
    // with Pausable) apart from the others
    expect(claimed.error).toBeNull();
    checkCost(claim, claimed.computeUnits, 2);
    const issuer = mints.filter((m) => m.address === w.xStock.address).length;
    expect(claim.costs).toContainEqual({ key: 'rewards.claimPerIssuerMint', count: issuer });
    expect(claim.costs).toContainEqual({
      key: 'rewards.claimPerMint',
      count: mints.length - issuer,
    });
    for (const [i, d] of destinations[0]!.entries()) {
      expect(tokenAmount(w.svm, d)).toBe(amounts[0]![i]!);
    }
    // and the logs carry the Claimed event: the amounts in mint order, zero past the count
    const [claimedEvent] = decodeProgramEvents(claimed.logs);
    expect(claimedEvent).toMatchObject({ status: 'decoded', program: 'rewards', name: 'claimed' });
    expect(claimedEvent?.status === 'decoded' && claimedEvent.event).toEqual({
      epochId,
      claimant: claimants[0]!.address,
      amountCount: mints.length,
      amounts: [...amounts[0]!, ...Array(10 - mints.length).fill(0n)],
    });
  }

  it('claims a posted two-mint epoch from the Epoch account and the published proof', async () => {
    await postAndClaim(1n, [w.xStock, w.legacy]);
  });

  it('claims a posted one-mint epoch', async () => {
    await postAndClaim(2n, [w.xStock]);
  });

  it('claims at depth 20 within its limit when someone pre-funded the claim status', async () => {
    // Given epoch 3 paying one claimant the xStock, whose proof has 20 levels, and a
    // stranger who sent lamports to the claim status address first (the claim then tops it
    // up and allocates it: two system calls instead of one)
    const claimant = await generateKeyPairSigner();
    fund(w.svm, claimant.address);
    const destination = await createTokenAccount(w.svm, w.payer, w.xStock, claimant.address);
    const epochId = 3n;
    const amount = 70_000n;
    const leaf = leafHash({
      programId: REWARDS_PROGRAM_ADDRESS,
      epochId,
      claimant: claimant.address,
      amounts: [amount],
    });
    const proof = Array.from({ length: 20 }, (_, i) => new Uint8Array(32).fill(i + 1));
    const root = proof.reduce((node, sibling) => nodeHash(node, sibling), leaf);
    const [epoch] = await findEpochPda({ epochId });
    const holding = await createTokenAccount(w.svm, w.payer, w.xStock, epoch);
    await mintTo(w.svm, w.payer, w.xStock, holding, amount);
    const posted = await send(
      w.svm,
      [
        getDistributeEpochInstruction({
          keeper: w.keeper,
          config: w.config,
          epoch,
          systemProgram: SYSTEM_PROGRAM_ADDRESS,
          epochId,
          merkleRoot: root,
          totals: [amount],
          rewardAccounts: [w.xStock.address, holding],
        }),
      ],
      w.keeper,
    );
    expect(posted.error).toBeNull();
    const status = await findClaimStatusAddress({ epochId, claimant: claimant.address });
    w.svm.airdrop(status, lamports(w.svm.minimumBalanceForRentExemption(0n)));
    // When the claimant claims through the SDK with its default margin
    const [epochData] = await readAccounts(svmRpc(w.svm), [epochAccount(epoch)]);
    if (!epochData.exists) throw new Error('epoch missing');
    const claim = await getClaimInstructionFor({
      claimant,
      epoch: epochData.data,
      destinations: [destination],
      amounts: [amount],
      proof,
    });
    const claimed = await sendMessage(
      w.svm,
      buildTransactionMessage({ feePayer: claimant, lifetime: lifetime(), instructions: [claim] }),
    );
    // Then it lands within the limit the SDK set, and pays
    expect(claimed.error).toBeNull();
    expect(claimed.computeUnits).toBeLessThanOrEqual(BigInt(computeUnitLimit(claim.costs)));
    expect(tokenAmount(w.svm, destination)).toBe(amount);
  });
});
