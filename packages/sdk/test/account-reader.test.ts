import { findStakeRecordPda, getStakeInstruction } from '@basket/rewards-client';
import { SYSTEM_PROGRAM_ADDRESS, send } from '@basket/test-harness';
import {
  findRedemptionClaimPda,
  getRedemptionClaimEncoder,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import { type Address, generateKeyPairSigner, getBase64Decoder } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fetchEncodedAccountsBatched,
  findRewardsConfigAddress,
  findSkuAddresses,
  type GetMultipleAccountsRpc,
  isSdkError,
  navSnapshotAccount,
  readAccounts,
  redemptionClaimAccount,
  rewardsConfigAccount,
  SDK_ERROR__ACCOUNT_DECODE_FAILED,
  stakeRecordAccount,
  tokenMintAccount,
} from '../src/index.ts';
import { type RewardsWorld, rewardsWorld, staker } from './support/rewards-world.ts';
import { svmRpc } from './support/svm-rpc.ts';

/** An RPC with no accounts at all that records each call's keys. */
function emptyRpc() {
  const calls: Address[][] = [];
  const rpc: GetMultipleAccountsRpc = {
    getMultipleAccounts(addresses) {
      calls.push([...addresses]);
      return {
        send: async () => ({ context: { slot: 7n }, value: addresses.map(() => null) }),
      };
    },
  };
  return { rpc, calls };
}

async function addresses(n: number): Promise<Address[]> {
  return Promise.all(
    Array.from({ length: n }, async () => (await generateKeyPairSigner()).address),
  );
}

describe('fetchEncodedAccountsBatched', () => {
  it('makes one call per 100 distinct addresses', async () => {
    // Given 250 addresses
    const { rpc, calls } = emptyRpc();
    const keys = await addresses(250);
    // When they are read
    const { accounts, slot } = await fetchEncodedAccountsBatched(rpc, keys);
    // Then three calls of 100, 100 and 50 keys were made, and every result is in input order
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(accounts.map((a) => a.address)).toEqual(keys);
    expect(accounts.every((a) => !a.exists)).toBe(true);
    expect(slot).toBe(7n);
  });

  it('fetches a repeated address once', async () => {
    const { rpc, calls } = emptyRpc();
    const [a, b] = await addresses(2);
    const { accounts } = await fetchEncodedAccountsBatched(rpc, [a!, b!, a!, a!]);
    expect(calls).toEqual([[a, b]]);
    expect(accounts).toHaveLength(4);
  });

  it('makes no call for no addresses and honours a smaller batch size', async () => {
    const { rpc, calls } = emptyRpc();
    await fetchEncodedAccountsBatched(rpc, []);
    expect(calls).toHaveLength(0);
    await fetchEncodedAccountsBatched(rpc, await addresses(5), { batchSize: 2 });
    expect(calls.map((c) => c.length)).toEqual([2, 2, 1]);
    await expect(fetchEncodedAccountsBatched(rpc, [], { batchSize: 101 })).rejects.toThrow();
  });
});

describe('readAccounts on program accounts (LiteSVM)', () => {
  let w: RewardsWorld;
  const records: Address[] = [];

  beforeAll(async () => {
    w = await rewardsWorld();
    for (const tierDays of [30, 90, 180]) {
      const s = await staker(w);
      const [stakeRecord] = await findStakeRecordPda({ owner: s.signer.address, stakeIndex: 0n });
      const ix = getStakeInstruction({
        owner: s.signer,
        config: w.config,
        stakeRecord,
        stakingMint: w.stakingMint.address,
        ownerTokenAccount: s.tokens,
        stakeHolding: w.stakeHolding,
        tokenProgram: w.stakingMint.tokenProgram,
        systemProgram: SYSTEM_PROGRAM_ADDRESS,
        amount: 1_000n * BigInt(tierDays),
        tierDays,
        stakeIndex: 0n,
      });
      const r = await send(w.svm, [ix], s.signer);
      expect(r.ok, r.error ?? '').toBe(true);
      records.push(stakeRecord);
    }
  });

  it('decodes every account of a mixed request with one call', async () => {
    // Given the rewards config, three stake records, a missing account and a mint
    const rpc = svmRpc(w.svm);
    const config = await findRewardsConfigAddress();
    expect(config).toBe(w.config);
    const [missing] = await addresses(1);
    // When they are read together
    const [cfg, r30, r90, r180, none, mint] = await readAccounts(rpc, [
      rewardsConfigAccount(config),
      stakeRecordAccount(records[0]!),
      stakeRecordAccount(records[1]!),
      stakeRecordAccount(records[2]!),
      stakeRecordAccount(missing!),
      tokenMintAccount(w.stakingMint.address),
    ]);
    // Then one RPC call was made and each account decoded with its generated decoder
    expect(rpc.calls.getMultipleAccounts).toBe(1);
    expect(cfg.exists && cfg.data.stakingMint).toBe(w.stakingMint.address);
    expect(r30.exists && r30.data.amount).toBe(30_000n);
    expect(r90.exists && r90.data.amount).toBe(90_000n);
    expect(r180.exists && r180.data.amount).toBe(180_000n);
    expect(none.exists).toBe(false);
    expect(mint.exists && mint.data).toMatchObject({
      decimals: 6,
      scaledUiAmount: { multiplier: 1.25 },
    });
  });

  it('refuses an account owned by another program than expected', async () => {
    const rpc = svmRpc(w.svm);
    const error = await readAccounts(rpc, [navSnapshotAccount(w.config)]).catch((e: unknown) => e);
    expect(isSdkError(error, SDK_ERROR__ACCOUNT_DECODE_FAILED)).toBe(true);
  });
});

describe('readAccounts on an encoded RedemptionClaim (fake RPC)', () => {
  it("decodes the vault's redemption claim at its PDA with the generated decoder", async () => {
    // Given a claim account at its PDA, as an RPC returns it
    const [vault, owner] = await addresses(2);
    const [claim] = await findRedemptionClaimPda({ vault: vault!, owner: owner!, nonce: 3n });
    const data = getRedemptionClaimEncoder().encode({
      version: 1,
      bump: 254,
      assetCount: 2,
      vault: vault!,
      owner: owner!,
      nonce: 3n,
      shares: 500_000n,
      createdAt: 1_795_446_000n,
      cashOwed: 12n,
      owed: [7n, 9n, ...Array(18).fill(0n)],
      epoch: 0,
      haircutAtOpen: Array(20).fill(0n),
    });
    const rpc: GetMultipleAccountsRpc = {
      getMultipleAccounts: (keys) => ({
        send: async () => ({
          context: { slot: 1n },
          value: keys.map(() => ({
            data: [getBase64Decoder().decode(data), 'base64'],
            executable: false,
            lamports: 1n,
            owner: VAULT_PROGRAM_ADDRESS,
            space: BigInt(data.length),
          })) as never,
        }),
      }),
    };
    // When it is read
    const [read] = await readAccounts(rpc, [redemptionClaimAccount(claim)]);
    // Then the generated decoder's fields come back
    expect(read.exists && read.data.owed.slice(0, 2)).toEqual([7n, 9n]);
    expect(read.exists && read.data.cashOwed).toBe(12n);
  });
});

describe('PDA helpers', () => {
  it("derive a SKU's accounts from its string id", async () => {
    const a = await findSkuAddresses('MAG7');
    expect(a.skuId).toHaveLength(16);
    expect(new Set([a.vaultState, a.navSnapshot, a.oracleConfig]).size).toBe(3);
    expect(() => findSkuAddresses('has space')).rejects.toThrow();
  });
});
