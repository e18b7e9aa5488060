/**
 * The chain side of `init`: the configurations and each configured SKU's vault, read at one
 * moment with the cluster clock, decoded into the shape `planInit` compares.
 */
import {
  clockSysvarAccount,
  type ProgramAddresses,
  readAccounts,
  type VaultStateAccount,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address } from '@solana/kit';
import { readOracleConfig, readRewardsConfig, readVault } from './chain-state.ts';
import type { ChainSnapshot, VaultView } from './init-plan.ts';

/**
 * @example
 * const snapshot = await readChainSnapshot(chain, programs, ['TECH6', 'BROAD20']);
 */
export async function readChainSnapshot(
  chain: Chain,
  programs: ProgramAddresses,
  skus: readonly string[],
): Promise<ChainSnapshot> {
  const [[clock], oracle, rewards] = await Promise.all([
    readAccounts(chain.rpc, [clockSysvarAccount()], { commitment: 'confirmed' }),
    readOracleConfig(chain.rpc, programs),
    readRewardsConfig(chain.rpc, programs),
  ]);
  const vaults = new Map<string, VaultView | null>();
  for (const sku of skus) {
    const vault = await readVault(chain.rpc, programs, sku);
    vaults.set(sku, vault ? vaultView(vault) : null);
  }
  return {
    now: clock.exists ? clock.data.unixTimestamp : 0n,
    oracle: oracle
      ? {
          keepers: oracle.keepers.slice(0, oracle.keeperCount),
          maxDeviationBps: oracle.maxDeviationBps,
        }
      : null,
    rewards: rewards
      ? {
          keepers: rewards.keepers.slice(0, rewards.keeperCount),
          rewardMints: rewards.rewardMints.slice(0, rewards.rewardMintCount),
          paused: rewards.paused,
          stakingMint: rewards.stakingMint,
        }
      : null,
    vaults,
  };
}

export function vaultView(vault: VaultStateAccount): VaultView {
  const d = vault.data;
  const assets = d.assets.slice(0, d.assetCount);
  return {
    paused: d.paused !== 0,
    keeper: d.keeper,
    tradeAuthority: d.tradeAuthority,
    rotations: {
      keeper: pendingRotation(d, 0),
      'trade-authority': pendingRotation(d, 1),
    },
    treasury: d.treasury,
    stableMint: d.stableMint,
    managementBps: d.mgmtFeeBps,
    performanceBps: d.perfFeeBps,
    withdrawalBps: d.withdrawFeeBps,
    cashBufferBps: d.cashBufferBps,
    maxSlipBps: d.maxSlipBps,
    depositCapUsd: d.depositCapUsd,
    minDepositRaw: d.minDepositRaw,
    assets: assets.map((a) => ({ mint: a.mint, weightBps: a.targetWeightBps, status: a.status })),
    pending:
      d.pendingWeightsEta === 0n
        ? null
        : {
            weights: d.pendingWeights.slice(0, d.assetCount),
            eta: d.pendingWeightsEta,
            nonce: d.pendingWeightsNonce,
          },
  };
}

/** The queued rotation in slot `i` (0 keeper, 1 trade authority), or null. */
function pendingRotation(d: VaultStateAccount['data'], i: 0 | 1) {
  const eta = d.pendingRotationEta[i] ?? 0n;
  return eta === 0n
    ? null
    : {
        key: d.pendingRotationKey[i] as Address,
        eta,
        nonce: d.pendingRotationNonce[i] ?? 0n,
      };
}
