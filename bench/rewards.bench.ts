// Rewards program: compute units and serialized transaction sizes of every instruction,
// with claims at proof depths 4, 10 and 20 and with 1, 5 and 10 Token-2022 reward mints
// (each with a non-unit ScaledUiAmount multiplier), and depth-20 claims by several claimants
// (the claim status is an address with seed, so the cost does not depend on the claimant's
// key). Claimants and proofs come from fixed seeds, so the numbers are reproducible. Stakers
// are picked so their stake records have canonical bump 255 (each lower bump costs ~1,500
// CU on a stake). Claims of 10 mints go through the epoch's address lookup table: they cannot
// fit 1,232 bytes without one. The program is deployed upgradeable (tests/fixture.ts, through
// the harness's addUpgradeableProgram) with the payer as upgrade authority, which
// `initialize` requires.

import { createHash } from 'node:crypto';
import { leafHash, nodeHash } from '@basket/merkle';
import {
  getResetLastEpochInstruction,
  getRewardsConfigDecoder,
  REWARDS_PROGRAM_ADDRESS,
  withTransferHookAccounts,
} from '@basket/rewards-client';
import {
  createTokenAccount,
  fund,
  newKeyPairSigner,
  type SendResult,
  send,
  setUnixTime,
  type TestMint,
} from '@basket/test-harness';
import {
  type AccountMeta,
  AccountRole,
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import {
  claimIx,
  claimStatusAddress,
  DAY,
  distributeIx,
  type Fixture,
  fundEpoch,
  initializeIx,
  PAUSE_CLAIM,
  rotateKeepersIx,
  setPausedIx,
  setRewardMintsIx,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
  sweepIx,
  T0,
  unstakeIx,
  xStockMints,
} from '../programs/rewards/tests/fixture.ts';
import { createLookupTable, lookupCandidates, sendV0 } from '../programs/rewards/tests/lookup.ts';
import type { CuRecord } from './src/record.ts';

type Recorder = (instruction: string, c: string, r: SendResult) => void;

export default async function rewardsBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const record: Recorder = (instruction, c, r) => {
    if (!r.ok) throw new Error(`rewards ${instruction} (${c}) failed: ${r.error}`);
    records.push({
      program: 'rewards',
      instruction,
      case: c,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
  };
  const f = await setup({ initialize: false });
  record(
    'initialize',
    'upgrade authority (payer) + 3 of 5 admins, Token-2022 staking mint',
    await send(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer),
  );
  const mints = await xStockMints(f, 10);
  record(
    'set_reward_mints',
    '10 mints, 3 of 5 admins',
    await send(
      f.svm,
      [
        setRewardMintsIx(
          f,
          mints.map((m) => m.address),
          f.admins.slice(0, 3),
        ),
      ],
      f.payer,
    ),
  );
  await stakes(f, record);
  // Epochs 1-3: one mint at depths 4, 10, 20; epochs 4-5: 5 and 10 mints at depth 4;
  // epochs 6-9: one mint at depth 20, each claimed by another claimant.
  const cases: [number, number][] = [
    [1, 4],
    [1, 10],
    [1, 20],
    [5, 4],
    [10, 4],
  ];
  for (const [i, [n, depth]] of cases.entries())
    await claimAt(f, record, { epochId: BigInt(i + 1), mints: mints.slice(0, n), depth });
  for (let k = 1; k <= 4; k++)
    await claimAt(f, record, {
      epochId: BigInt(cases.length + k),
      mints: mints.slice(0, 1),
      depth: 20,
      label: `claimant ${k + 1}`,
    });
  // Epoch 10: someone sent an empty account's rent minimum to the claim status address
  // first, so the claim tops it up and allocates it with seed (two system CPIs, not one).
  await claimAt(f, record, {
    epochId: BigInt(cases.length + 5),
    mints: mints.slice(0, 1),
    depth: 20,
    label: 'claimant 6',
    prefunded: true,
  });
  // Epoch 11: the claim carries three transfer-hook extra accounts (what a hooked mint's
  // resolution adds) while the mint has no hook: the cost of the forwarding path itself.
  await claimAt(f, record, {
    epochId: BigInt(cases.length + 6),
    mints: mints.slice(0, 1),
    depth: 4,
    label: 'claimant 7',
    hookAccounts: 3,
  });
  await admin(f, record, mints);
  return records;
}

/** A staker whose stake record `["stake", owner, 0]` has canonical bump 255. */
async function bump255Staker(f: Fixture) {
  for (;;) {
    const s = await staker(f);
    const [, bump] = await (await import('@basket/rewards-client')).findStakeRecordPda({
      owner: s.signer.address,
      stakeIndex: 0n,
    });
    if (bump === 255) return s;
  }
}

async function stakes(f: Fixture, record: Recorder): Promise<void> {
  for (const tier of [30, 90, 180]) {
    const s = await bump255Staker(f);
    record(
      'stake',
      `${tier} days, Token-2022 staking mint (x1.25)`,
      await send(f.svm, [await stakeIx(f, s, 1_000_000n, tier)], s.signer),
    );
    if (tier === 30) {
      setUnixTime(f.svm, T0 + 30n * DAY);
      record(
        'unstake',
        'at the unlock time, Token-2022 staking mint',
        await send(
          f.svm,
          [await unstakeIx(f, s.signer, await stakeRecordPda(s.signer.address, 0n), s.tokens)],
          s.signer,
        ),
      );
      setUnixTime(f.svm, T0);
    }
  }
}

/** Deterministic bytes for `label` (keys and proof siblings of the bench). */
function seeded(label: string): Uint8Array {
  return Uint8Array.from(createHash('sha256').update(`rewards bench: ${label}`).digest());
}

/** A funded claimant whose key comes from `label`, with a token account per mint. */
async function claimant(f: Fixture, label: string, mints: TestMint[]) {
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seeded(label));
  fund(f.svm, signer.address);
  const destinations: Address[] = [];
  for (const m of mints)
    destinations.push(await createTokenAccount(f.svm, f.payer, m, signer.address));
  return { signer, destinations };
}

/**
 * Posts epoch `epochId` paying `mints`, whose root is one claimant's leaf folded with
 * `depth` fixed siblings, funded for twice that claimant's amounts (the other half is
 * never claimed and is left for the sweep), then claims it.
 */
async function claimAt(
  f: Fixture,
  record: Recorder,
  input: {
    epochId: bigint;
    mints: TestMint[];
    depth: number;
    label?: string;
    prefunded?: boolean;
    hookAccounts?: number;
  },
): Promise<void> {
  const n = input.mints.length;
  const amounts = input.mints.map((_, i) => 10_000n + BigInt(i));
  const who = input.label ?? 'claimant 1';
  const w = await claimant(f, `${who}, epoch ${input.epochId}`, input.mints);
  const leaf = leafHash({
    programId: REWARDS_PROGRAM_ADDRESS,
    epochId: input.epochId,
    claimant: w.signer.address,
    amounts,
  });
  // The same siblings for every claimant: the sorted-pair compares then vary only with the
  // claimant's leaf.
  const proof = Array.from({ length: input.depth }, (_, i) => seeded(`sibling ${i}`));
  const root = proof.reduce(nodeHash, leaf);
  const totals = amounts.map((a) => 2n * a);
  const holdings = await fundEpoch(f, input.epochId, input.mints, totals);
  const mintCase = `${n} Token-2022 mint${n > 1 ? 's' : ''}`;
  const { findEpochPda } = await import('@basket/rewards-client');
  const [, epochBump] = await findEpochPda({ epochId: input.epochId });
  record(
    'distribute_epoch',
    `${mintCase}, epoch ${input.epochId} (PDA bump ${epochBump})`,
    await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: input.epochId,
          root,
          totals,
          mints: input.mints,
          holdings,
        }),
      ],
      f.keeper,
    ),
  );
  const plain = await claimIx(f, {
    claimant: w.signer,
    epochId: input.epochId,
    amounts,
    proof,
    mints: input.mints,
    holdings,
    destinations: w.destinations,
  });
  const extra: AccountMeta[] = [];
  for (let i = 0; i < (input.hookAccounts ?? 0); i++) {
    const key = await createKeyPairSignerFromPrivateKeyBytes(seeded(`hook account ${i}`));
    extra.push({ address: key.address, role: AccountRole.READONLY });
  }
  const ix = extra.length > 0 ? withTransferHookAccounts(plain, extra) : plain;
  if (input.prefunded) {
    const status = await claimStatusAddress(input.epochId, w.signer.address);
    f.svm.airdrop(status, lamports(f.svm.minimumBalanceForRentExemption(0n)));
  }
  // A pre-funded case starts with its own words, so cost models keyed on "<n> Token-2022
  // mint(s), depth <d>" leave it out.
  const c = input.prefunded
    ? `pre-funded claim status, ${mintCase}, depth ${input.depth}, ${input.label}`
    : extra.length > 0
      ? `${extra.length} transfer-hook accounts forwarded (no hook set), ${mintCase}, depth ${input.depth}`
      : `${mintCase}, depth ${input.depth}${input.label ? `, ${input.label}` : ''}`;
  if (n < 10) {
    record('claim', c, await send(f.svm, [ix], w.signer));
  } else {
    const shared = lookupCandidates([ix], w.destinations);
    const table = await createLookupTable(f.svm, shared);
    record('claim', `${c}, lookup table`, await sendV0(f.svm, [ix], w.signer, { [table]: shared }));
  }
}

async function admin(f: Fixture, record: Recorder, mints: TestMint[]): Promise<void> {
  const admins = f.admins.slice(0, 3);
  const keepers: KeyPairSigner[] = [];
  for (let i = 0; i < 8; i++) keepers.push(await newKeyPairSigner());
  record(
    'rotate_keepers',
    '1 -> 8 keepers, 3 of 5 admins',
    await send(
      f.svm,
      [
        rotateKeepersIx(
          f,
          keepers.map((k) => k.address),
          admins,
        ),
      ],
      f.payer,
    ),
  );
  record(
    'set_paused',
    'claims, 3 of 5 admins',
    await send(f.svm, [setPausedIx(f, PAUSE_CLAIM, admins)], f.payer),
  );
  record(
    'set_paused',
    'unpause, 3 of 5 admins',
    await send(f.svm, [setPausedIx(f, 0, admins)], f.payer),
  );
  // The admins' recovery path, here setting the last epoch id to what it already is.
  const configNow = f.svm.getAccount(f.config);
  if (!configNow.exists) throw new Error('no rewards config');
  const { lastEpochId } = getRewardsConfigDecoder().decode(Uint8Array.from(configNow.data));
  record(
    'reset_last_epoch',
    '3 of 5 admins',
    await send(
      f.svm,
      [getResetLastEpochInstruction({ config: f.config, lastEpochId, adminSigners: admins })],
      f.payer,
    ),
  );
  // Epoch 5 paid 10 mints, half of each never claimed: sweep 5 of them after the 90-day
  // claim window (all 10 would need the lookup table).
  setUnixTime(f.svm, T0 + 90n * DAY);
  const swept = mints.slice(0, 5);
  const { findEpochPda } = await import('@basket/rewards-client');
  const [epoch] = await findEpochPda({ epochId: 5n });
  const holdings: Address[] = [];
  const destinations: Address[] = [];
  for (const m of swept) {
    holdings.push(await findHolding(f, m, epoch));
    destinations.push(await createTokenAccount(f.svm, f.payer, m, f.admins[0]?.address as Address));
  }
  record(
    'sweep_epoch',
    '5 Token-2022 mints, 3 of 5 admins',
    await send(
      f.svm,
      [await sweepIx(f, { epochId: 5n, mints: swept, holdings, destinations, signers: admins })],
      f.payer,
    ),
  );
}

/** The epoch's holding of `mint`, read from the epoch account. */
async function findHolding(f: Fixture, mint: TestMint, epoch: Address): Promise<Address> {
  const { getEpochDecoder } = await import('@basket/rewards-client');
  const acc = f.svm.getAccount(epoch);
  if (!acc.exists) throw new Error('epoch missing');
  const e = getEpochDecoder().decode(Uint8Array.from(acc.data));
  const entry = e.rewards.find((r) => r.mint === mint.address);
  if (!entry) throw new Error(`epoch pays no ${mint.address}`);
  return entry.holding;
}
