// Batched in-kind redemption through the SDK in LiteSVM: begin fixes exactly the quoted
// amounts, two permissionless payments deliver them (a frozen asset waits for its own slot),
// and the claim closes when nothing is owed.
import { tokenAmount } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import {
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  multiplierNum,
  newRedeemerAccounts,
  SKU,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  getBeginRedemptionInstructionFor,
  getNavQuote,
  getPayRedemptionInstructionFor,
  quoteBeginRedemption,
  quoteInKindWithdrawal,
  readAccounts,
  redemptionClaimAccount,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run } from './support/vault-world.ts';

describe('begin_redemption and pay_redemption builders in LiteSVM', () => {
  it('fixes the quoted amounts, pays them in two transactions and closes the claim', async () => {
    // Given Alice's shares in a vault whose first asset is frozen by a corporate action
    const { b, alice } = await fundedVault();
    writeSnapshot(b, {
      sequence: 2n,
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 0 ? FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    const to = await newRedeemerAccounts(b, alice.signer.address);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 2n;
    const nav = await getNavQuote(svmRpc(b.svm), SKU);
    // withdraw_in_kind would be refused for the frozen asset; a batched redemption is not
    expect(quoteInKindWithdrawal(nav, shares).ok).toBe(false);
    const q = quoteBeginRedemption(nav, shares);
    if (!q.ok) throw new Error(q.refusal.message);

    // When she begins the redemption through the SDK
    const vault = await readVault(b);
    const begin = await getBeginRedemptionInstructionFor({
      owner: alice.signer,
      vault,
      shareSource: alice.shareAccount,
      shares,
      nonce: 0n,
    });
    const begun = await run(b, alice.signer, begin);
    expect(begun.error).toBeNull();
    expect(begun.used).toBeLessThanOrEqual(begun.model);
    // Then the claim holds exactly the quoted amounts
    const [claim] = await readAccounts(svmRpc(b.svm), [redemptionClaimAccount(begin.claim)]);
    if (!claim.exists) throw new Error('claim missing');
    expect(claim.data.owed.slice(0, 3)).toEqual(q.assets.map((a) => a.amountRaw));
    expect(claim.data.cashOwed).toBe(q.cashRaw);

    // When anyone pays the open slots and the cash, and later (unfrozen) the first slot
    const destinations = new Map(to.assetAccounts.map((account, i) => [i, account]));
    const pay = (slots: number[], cash: boolean) =>
      getPayRedemptionInstructionFor({
        vault,
        claim: { address: claim.address, data: claim.data },
        slots,
        cash,
        destinations,
        stableDestination: to.usdcAccount,
      });
    const first = await run(b, b.payer, await pay([1, 2], true));
    expect(first.error).toBeNull();
    expect(first.used).toBeLessThanOrEqual(first.model);
    const early = await run(b, b.payer, await pay([0], false));
    expect(early.failure).toMatchObject({ constant: 'VAULT_ERROR__ASSET_FROZEN' });
    writeSnapshot(b, { sequence: 3n });
    const second = await run(b, b.payer, await pay([0], false));
    expect(second.error).toBeNull();

    // Then every owed amount arrived and the claim is closed
    q.assets.forEach((a, i) => {
      expect(tokenAmount(b.svm, to.assetAccounts[i]!)).toBe(a.amountRaw);
    });
    expect(tokenAmount(b.svm, to.usdcAccount)).toBe(q.cashRaw);
    const [closed] = await readAccounts(svmRpc(b.svm), [redemptionClaimAccount(begin.claim)]);
    expect(closed.exists).toBe(false);
  });
});
