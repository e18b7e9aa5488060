// The claim page's transactions for an epoch paying a reward mint whose transfer hook is set
// (the issuer's hook; here the test hook program in record mode) and a plain tokenized stock,
// sent on LiteSVM against the real rewards and hook programs: the claim carries the hook's
// extra accounts and a compute limit that covers the hook's run, fits a packet, and pays both
// mints to the unit; the claim built as before (no hook accounts) is refused.
import { getEpochDecoder } from '@basket/rewards-client';
import {
  buildTransactionMessage,
  type CostedInstruction,
  findAssociatedTokenAddress,
  getClaimInstructionFor,
  hookedTransferCosts,
  resolveProgramAddresses,
  transferHookValidationBump,
} from '@basket/sdk';
import {
  createTestHookedMint,
  fund,
  type IssuerMint,
  MAX_TRANSACTION_BYTES,
  send,
  svmRpc,
  TEST_HOOK_PROGRAM_ADDRESS,
  testHookRecord,
  tokenAmount,
} from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { TransactionMetadata } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
// The rewards program's own test world: a distributed epoch with real claimants.
import { type PostedEpoch, postEpoch } from '../../../programs/rewards/tests/claim-world.ts';
import {
  epochPda,
  type Fixture,
  setRewardMintsIx,
  setup,
} from '../../../programs/rewards/tests/fixture.ts';
import { type ClaimItem, claimTransactions } from '../src/web/data/claim-transactions.ts';

const AMOUNTS = [
  [123_456_789n, 5_000_001n],
  [7n, 3n],
];

let f: Fixture;
let hooked: IssuerMint;
let epoch: PostedEpoch;
let claimants: KeyPairSigner[];

/** Sends one transaction as the dapp builds it (its compute limit included); fails loudly. */
async function land(
  instructions: readonly CostedInstruction[],
  payer: KeyPairSigner,
  computeMarginBps?: number,
) {
  f.svm.expireBlockhash();
  const message = buildTransactionMessage({
    feePayer: payer,
    lifetime: { blockhash: f.svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
    instructions,
    ...(computeMarginBps === undefined ? {} : { computeMarginBps }),
  });
  const tx = await signTransactionMessageWithSigners(message);
  const bytes = getTransactionEncoder().encode(tx).length;
  const result = f.svm.sendTransaction(tx);
  if (!(result instanceof TransactionMetadata)) {
    throw new Error(`${String(result.err())}\n${result.meta().logs().join('\n')}`);
  }
  return { bytes, units: result.computeUnitsConsumed() };
}

function itemOf(i: number): ClaimItem {
  const account = f.svm.getAccount(epochAddress);
  if (!account.exists) throw new Error('no epoch');
  const claim = epoch.distribution.claims[i];
  if (!claim) throw new Error(`no claim ${i}`);
  return {
    claim: {
      epochId: epoch.epochId.toString(),
      rewardMints: epoch.mints.map((m) => m.address),
      amounts: claim.amounts.map(String),
      proof: claim.proof.map((p) => Buffer.from(p).toString('hex')),
    },
    epoch: getEpochDecoder().decode(Uint8Array.from(account.data)),
    mints: epoch.mints.map((m) => ({ tokenProgram: m.tokenProgram })),
  };
}

let epochAddress: Address;
const programs = resolveProgramAddresses({});

beforeEach(async () => {
  f = await setup();
  hooked = await createTestHookedMint(f.svm, f.payer, { decimals: 8, multiplier: 1.25 });
  const allow = await send(
    f.svm,
    [setRewardMintsIx(f, [hooked.address, f.xStock.address], f.admins.slice(0, 3))],
    f.payer,
  );
  expect(allow.error).toBeNull();
  claimants = [await generateKeyPairSigner(), await generateKeyPairSigner()];
  for (const c of claimants) fund(f.svm, c.address);
  epoch = await postEpoch(f, {
    epochId: 1n,
    mints: [hooked, f.xStock],
    amounts: AMOUNTS,
    claimants: claimants.map((signer) => ({ signer, destinations: [] })),
  });
  epochAddress = await epochPda(1n);
});

describe('the claim page with a hooked reward mint', () => {
  it('creates the token accounts, then claims with the hook accounts: both mints paid, the hook ran', async () => {
    const [alice] = claimants as [KeyPairSigner];
    const rpc = svmRpc(f.svm);
    const before = await testHookRecord(f.svm, hooked.address);
    const transactions = await claimTransactions({ rpc: rpc as never, programs }, alice, itemOf(0));
    // Two transactions: the reward token accounts, then the claim (a hooked claim alone nearly
    // fills a packet).
    expect(transactions.length).toBe(2);
    const claim = transactions[1]?.[0];
    const accounts = claim?.instruction.accounts?.map((a) => a.address) ?? [];
    expect(accounts).toContain(TEST_HOOK_PROGRAM_ADDRESS);
    // The hook's run is priced by the SDK alone, from the hooked mint's validation bump (the
    // one hooked transfer: Token-2022 and the hook each search that bump).
    const bump = await transferHookValidationBump(TEST_HOOK_PROGRAM_ADDRESS, hooked.address);
    expect(
      claim?.costs.filter(
        (c) => c.key === 'vault.perHookedTransfer' || c.key === 'runtime.bumpSearchStep',
      ),
    ).toEqual(hookedTransferCosts([bump]));
    const sent = [];
    for (const instructions of transactions) sent.push(await land(instructions, alice));
    for (const s of sent) expect(s.bytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    // Both mints paid to the unit, into the associated token accounts the page created.
    const destinations = await Promise.all(
      epoch.mints.map((m) =>
        findAssociatedTokenAddress({
          owner: alice.address,
          mint: m.address,
          tokenProgram: m.tokenProgram,
        }),
      ),
    );
    expect(destinations.map((d) => tokenAmount(f.svm, d))).toEqual(AMOUNTS[0]);
    const after = await testHookRecord(f.svm, hooked.address);
    expect([after.count - before.count, after.total - before.total]).toEqual([1n, AMOUNTS[0]?.[0]]);
  });

  it('the claim as the page built it before (no hook accounts) is refused; with them it lands', async () => {
    const [, bob] = claimants as [KeyPairSigner, KeyPairSigner];
    const rpc = svmRpc(f.svm);
    const item = itemOf(1);
    const [accounts, withHooks] = await claimTransactions(
      { rpc: rpc as never, programs },
      bob,
      item,
    );
    if (!accounts || !withHooks) throw new Error('expected the accounts, then the claim');
    await land(accounts, bob);
    const destinations = accounts.map((c) => c.instruction.accounts?.[1]?.address as Address);
    const plain = await getClaimInstructionFor(
      {
        claimant: bob,
        epoch: item.epoch,
        destinations,
        amounts: AMOUNTS[1] as bigint[],
        proof: epoch.distribution.claims[1]?.proof ?? [],
      },
      programs,
    );
    // Token-2022 cannot find the hook program's accounts (MissingAccount): the claim fails whole.
    // (Sent with ten times its budget: priced without the hook, it would otherwise run out of
    // compute in Token-2022's search for them first, and the refusal would not name the cause.)
    await expect(land([plain], bob, 100_000)).rejects.toThrow(/MissingAccount/);
    expect(destinations.map((d) => tokenAmount(f.svm, d))).toEqual([0n, 0n]);
    const sent = await land(withHooks, bob);
    expect(sent.units).toBeGreaterThan(0n);
    expect(destinations.map((d) => tokenAmount(f.svm, d))).toEqual(AMOUNTS[1]);
  });
});
