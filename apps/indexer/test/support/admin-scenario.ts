// The vault's admin and performance-fee events from real transactions in LiteSVM (the vault
// fixture: issuer mints with non-unit multipliers), as webhook items: the share mint named,
// an asset frozen then active again, target weights queued and cancelled, queued again and
// applied after the 48 h timelock, and a performance fee crystallized 90 days on after a 10%
// rise of the first stock. What each step did is measured on the accounts.
import {
  ASSET_STATUS,
  getApplyWeightsInstructionFor,
  getCancelWeightsInstructionFor,
  getSetAssetStatusInstructionFor,
  getSetShareMetadataInstructionFor,
  getUpdateWeightsInstructionFor,
} from '@basket/sdk';
import { setUnixTime, TOKEN_2022_PROGRAM_ADDRESS, tokenAmount } from '@basket/test-harness';
import { getCollectPerfFeeInstruction } from '@basket/vault-client';
import { fundedVault, readVault } from '../../../../packages/sdk/test/support/vault-world.ts';
import {
  assetPairs,
  mintSupply,
  multiplierNum,
  navDown,
  patchVault,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  writeSnapshot,
} from '../../../../programs/vault/tests/fixture.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { recorder } from './svm-items.ts';

const PPS = 1_000_000_000_000n;

export type AdminScenario = Readonly<{
  items: TransactionItem[];
  sig: Record<string, string>;
  measured: Readonly<{
    /** Each queue's nonce and eta as the vault account recorded them. */
    queued: readonly { nonce: bigint; eta: bigint }[];
    /** Target weights on the vault after the apply. */
    appliedWeights: readonly number[];
    /** Shares the treasury received from the performance fee. */
    perfFeeShares: bigint;
    /** The high-water mark the vault holds after it. */
    hwmAfter: bigint;
    shareSupplyBefore: bigint;
  }>;
}>;

export async function adminScenario(): Promise<AdminScenario> {
  const { b } = await fundedVault();
  const { items, sig, step } = recorder(b);
  const adminSigners = b.admins.slice(0, 3);
  const vault = () => readVault(b);

  await step('shareMetadata', [
    getSetShareMetadataInstructionFor({
      payer: b.payer,
      vault: await vault(),
      name: 'Tech Basket One',
      symbol: 'TECH1',
      uri: '',
      adminSigners,
    }).instruction,
  ]);
  for (const [name, status] of [
    ['freeze', ASSET_STATUS.Frozen],
    ['activate', ASSET_STATUS.Active],
  ] as const) {
    await step(name, [
      getSetAssetStatusInstructionFor({ vault: b.vault, assetIndex: 2, status, adminSigners })
        .instruction,
    ]);
  }
  const queued: { nonce: bigint; eta: bigint }[] = [];
  const queue = async (name: string, weightsBps: number[]) => {
    await step(name, [
      getUpdateWeightsInstructionFor({ vault: await vault(), weightsBps, adminSigners })
        .instruction,
    ]);
    const v = await vault();
    queued.push({ nonce: v.data.pendingWeightsNonce, eta: v.data.pendingWeightsEta });
  };
  await queue('queueWeights', [4_000, 3_000, 3_000]);
  await step('cancelWeights', [
    getCancelWeightsInstructionFor({ vault: await vault(), adminSigners }).instruction,
  ]);
  await queue('queueWeightsAgain', [3_400, 3_300, 3_300]);
  setUnixTime(b.svm, (queued[1]?.eta ?? 0n) + 1n);
  writeSnapshot(b);
  await step('applyWeights', [getApplyWeightsInstructionFor({ vault: await vault() }).instruction]);
  const appliedWeights = (await vault()).data.assets.slice(0, 3).map((a) => a.targetWeightBps);

  // The performance fee: the mark at today's price per share, then at the period end the first
  // stock is up 10% (pushed twice: the fee prices at the lower of the last two snapshots).
  const treasury = await treasuryAccounts(b);
  const supply = mintSupply(b.svm, b.shareMint);
  patchVault(b, (s) => ({
    ...s,
    highWaterMarkPps: ((navDown(b) + VIRTUAL_ASSETS_USD) * PPS) / (supply + VIRTUAL_SHARES),
  }));
  // An hour after the first period end: the fee runs only within two days after a fixed 90-day
  // end from the vault's creation (decision 0101).
  setUnixTime(b.svm, (await vault()).data.lastPerfFeeTime + 90n * 86_400n + 3_600n);
  const a0 = b.assets[0];
  if (!a0) throw new Error('fixture has no asset 0');
  a0.priceUsd1e8 = (a0.priceUsd1e8 * 110n) / 100n;
  const entries = b.assets.map((a) => ({
    mint: a.mint.address,
    priceUsd1e8: a.priceUsd1e8,
    multiplierNum: multiplierNum(a.multiplier),
  }));
  writeSnapshot(b, { entries });
  writeSnapshot(b, { entries });
  const feeShares0 = tokenAmount(b.svm, treasury.shares);
  await step('perfFee', [
    getCollectPerfFeeInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      assetAccounts: assetPairs(b),
    }),
  ]);
  return {
    items,
    sig,
    measured: {
      queued,
      appliedWeights,
      perfFeeShares: tokenAmount(b.svm, treasury.shares) - feeShares0,
      hwmAfter: (await vault()).data.highWaterMarkPps,
      shareSupplyBefore: supply,
    },
  };
}
