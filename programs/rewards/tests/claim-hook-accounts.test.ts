// Transfer-hook extra accounts ride after a claim's reward groups and are forwarded to every
// Token-2022 transfer (Token-2022 takes what a mint's hook needs by address and ignores the
// rest). Here no mint has a hook set: the forwarding path must pay exactly as the plain one.
import {
  getEpochDecoder,
  REWARDS_ERROR__TOO_MANY_HOOK_ACCOUNTS,
  withTransferHookAccounts,
} from '@basket/rewards-client';
import { getClaimInstructionWithHooksFor } from '@basket/sdk';
import { accountBytes, tokenAmount } from '@basket/test-harness';
import { type AccountMeta, AccountRole, type Address, generateKeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import { epochPda, type Fixture, setup } from './fixture.ts';
import { send } from './measured.ts';

async function someAccounts(n: number): Promise<AccountMeta[]> {
  const out: AccountMeta[] = [];
  for (let i = 0; i < n; i++)
    out.push({ address: (await generateKeyPairSigner()).address, role: AccountRole.READONLY });
  return out;
}

describe('claim with transfer-hook extra accounts', () => {
  let f: Fixture;
  let e: PostedEpoch;

  beforeEach(async () => {
    f = await setup();
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [123_456_789n, 5_000_000n],
        [1n, 7n],
      ],
    });
  });

  it('pays every mint exactly when the SDK appends hook accounts', async () => {
    // Given the decoded epoch and three extra accounts (as a hook resolution would return)
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('no epoch');
    const epoch = getEpochDecoder().decode(Uint8Array.from(acc.data));
    const who = e.claimants[0]!;
    const claim = e.distribution.claims[0]!;
    const input = {
      claimant: who.signer,
      epoch,
      destinations: who.destinations,
      amounts: claim.amounts,
      proof: claim.proof,
    };
    const { instruction, costs } = await getClaimInstructionWithHooksFor({
      ...input,
      hookAccounts: await someAccounts(3),
    });
    // No mint's hook is among them (no validation account of a mint under a listed program):
    // nothing is priced as a hook's run, exactly as without them
    const hookCost = (c: typeof costs) => c.filter((x) => x.key === 'vault.perHookedTransfer');
    expect(hookCost(costs)).toEqual([]);
    const plain = await getClaimInstructionWithHooksFor({ ...input, hookAccounts: [] });
    expect(hookCost(plain.costs)).toEqual([]);
    // When the claimant claims
    const r = await send(f.svm, [instruction], who.signer);
    // Then both rewards arrive to the unit
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(123_456_789n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(5_000_000n);
  });

  it('the SDK defers a mint on request (its destination becomes the epoch holding)', async () => {
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('no epoch');
    const epoch = getEpochDecoder().decode(Uint8Array.from(acc.data));
    const who = e.claimants[0]!;
    const claim = e.distribution.claims[0]!;
    const { instruction } = await getClaimInstructionWithHooksFor({
      claimant: who.signer,
      epoch,
      destinations: who.destinations,
      amounts: claim.amounts,
      proof: claim.proof,
      hookAccounts: [],
      defer: [0],
    });
    const r = await send(f.svm, [instruction], who.signer);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(5_000_000n);
  });

  it('refuses more than 16 hook accounts and changes nothing', async () => {
    const who = e.claimants[1]!;
    const plain = await claimOf(f, e, 1);
    const extra = await someAccounts(17);
    const ix = { ...plain, accounts: [...(plain.accounts ?? []), ...extra] };
    const watched = [await epochPda(1n), ...e.holdings, ...who.destinations];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [ix], who.signer);
    expect(r.customError).toBe(REWARDS_ERROR__TOO_MANY_HOOK_ACCOUNTS);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('the client merges a repeated hook account into one with the stronger role', async () => {
    const [a] = await someAccounts(1);
    const plain = await claimOf(f, e, 0);
    const ix = withTransferHookAccounts(plain, [a!, { ...a!, role: AccountRole.WRITABLE }]);
    const tail = (ix.accounts ?? []).slice((plain.accounts ?? []).length);
    expect(tail).toEqual([{ address: a!.address, role: AccountRole.WRITABLE }]);
  });
});
