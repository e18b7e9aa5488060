/**
 * `init` as a plan/apply tool: the chain's state and the environment file's `state` are
 * compared field by field, and every difference becomes one step. A step is an admin action
 * (applied through the same proposal path as `propose`), a permissionless call (applying
 * weights whose timelock has passed), something to wait for, or a drift no instruction can
 * fix (fees, caps, treasury, mints: fixed at `init_vault`). A converged chain gives an empty
 * plan, which is what makes a re-run change nothing.
 */
import { ASSET_STATUS } from '@basket/sdk';
import type { Address } from '@solana/kit';
import type { ActionInput, AdminAction, RotationName } from './admin-actions.ts';
import type { DesiredState, SkuState } from './env-config.ts';

/** The part of the chain `init` compares (decoded by `readChainSnapshot`). */
export type ChainSnapshot = Readonly<{
  /** Unix seconds of the cluster clock. */
  now: bigint;
  oracle: Readonly<{ keepers: readonly Address[]; maxDeviationBps: number }> | null;
  rewards: Readonly<{
    keepers: readonly Address[];
    rewardMints: readonly Address[];
    paused: number;
    /** Fixed at `initialize` (absent: not read). */
    stakingMint?: Address;
  }> | null;
  vaults: ReadonlyMap<string, VaultView | null>;
}>;

export type VaultView = Readonly<{
  paused: boolean;
  keeper: Address;
  treasury: Address;
  stableMint: Address;
  managementBps: number;
  performanceBps: number;
  withdrawalBps: number;
  cashBufferBps: number;
  maxSlipBps: number;
  depositCapUsd: bigint;
  minDepositRaw: bigint;
  assets: readonly Readonly<{ mint: Address; weightBps: number; status: number }>[];
  /** The queued weights and their eta, or null when none is pending. */
  pending: Readonly<{ weights: readonly number[]; eta: bigint; nonce: bigint }> | null;
  tradeAuthority?: Address;
  /** Queued keeper / trade-authority rotations (absent: none read). */
  rotations?: Readonly<Record<RotationName, PendingRotation | null>>;
}>;

type PendingRotation = Readonly<{ key: Address; eta: bigint; nonce: bigint }>;

export type PlanStep =
  | Readonly<{
      kind: 'admin';
      target: string;
      what: string;
      action: AdminAction;
      input: ActionInput;
    }>
  | Readonly<{ kind: 'apply-weights'; target: string; what: string; sku: string }>
  | Readonly<{
      kind: 'apply-rotation';
      target: string;
      what: string;
      sku: string;
      rotation: RotationName;
    }>
  | Readonly<{ kind: 'wait'; target: string; what: string }>
  | Readonly<{ kind: 'create'; target: string; what: string }>
  | Readonly<{ kind: 'drift'; target: string; what: string }>;

const STATUS_NAMES = { 1: 'active', 2: 'frozen', 3: 'retired' } as Record<number, string>;

/**
 * The steps that take the chain to `desired` (empty when it is there already).
 *
 * @example
 * const steps = planInit(await readChainSnapshot(chain, programs, skus), config.state);
 * steps.length === 0; // converged
 */
export function planInit(chain: ChainSnapshot, desired: DesiredState): PlanStep[] {
  const steps: PlanStep[] = [];
  const o = chain.oracle;
  if (!o) {
    steps.push({
      kind: 'create',
      target: 'oracle',
      what: 'initialize_config (the deployer, as upgrade authority, and 3 admins sign)',
    });
  } else {
    if (!sameList(o.keepers, desired.oracle.keepers)) {
      steps.push({
        kind: 'admin',
        target: 'oracle',
        what: `keepers ${o.keepers.join(',')} -> ${desired.oracle.keepers.join(',')}`,
        action: 'oracle.rotate-keepers',
        input: { keepers: desired.oracle.keepers as Address[] },
      });
    }
    if (o.maxDeviationBps !== desired.oracle.maxDeviationBps) {
      steps.push({
        kind: 'drift',
        target: 'oracle',
        what: `maxDeviationBps ${o.maxDeviationBps} != ${desired.oracle.maxDeviationBps} (no instruction changes it)`,
      });
    }
  }
  const r = desired.rewards;
  if (r) steps.push(...planRewards(chain.rewards, r));
  for (const sku of desired.skus) {
    const vault = chain.vaults.get(sku.skuId) ?? null;
    if (!vault) {
      steps.push({
        kind: 'create',
        target: sku.skuId,
        what: 'create_snapshot, init_vault, set_share_metadata, treasury accounts',
      });
      continue;
    }
    steps.push(...planVault(chain.now, sku, vault));
  }
  return steps;
}

function planRewards(
  current: ChainSnapshot['rewards'],
  desired: NonNullable<DesiredState['rewards']>,
): PlanStep[] {
  if (!current)
    return [
      {
        kind: 'create',
        target: 'rewards',
        what: 'staking holding, initialize (the deployer, as upgrade authority, and 3 admins sign)',
      },
    ];
  const steps: PlanStep[] = [];
  const staking = desired.staking?.mint;
  if (staking && current.stakingMint && current.stakingMint !== staking) {
    return [
      {
        kind: 'drift',
        target: 'rewards',
        what: `staking mint ${current.stakingMint} != ${staking} (fixed at initialize)`,
      },
    ];
  }
  if (!sameList(current.keepers, desired.keepers)) {
    steps.push({
      kind: 'admin',
      target: 'rewards',
      what: `keepers -> ${desired.keepers.join(',')}`,
      action: 'rewards.rotate-keepers',
      input: { keepers: desired.keepers as Address[] },
    });
  }
  if (!sameList(current.rewardMints, desired.rewardMints)) {
    steps.push({
      kind: 'admin',
      target: 'rewards',
      what: `reward mints -> ${desired.rewardMints.join(',')}`,
      action: 'rewards.reward-mints',
      input: { rewardMints: desired.rewardMints as Address[] },
    });
  }
  const flags = (desired.paused.staking ? 1 : 0) | (desired.paused.claims ? 2 : 0);
  if (current.paused !== flags) {
    steps.push({
      kind: 'admin',
      target: 'rewards',
      what: `paused flags ${current.paused} -> ${flags}`,
      action: 'rewards.pause',
      input: { pauseStaking: desired.paused.staking, pauseClaims: desired.paused.claims },
    });
  }
  return steps;
}

function planVault(now: bigint, sku: SkuState, v: VaultView): PlanStep[] {
  const steps: PlanStep[] = [];
  const target = sku.skuId;
  const drift = (field: string, have: unknown, want: unknown) => {
    if (String(have) !== String(want))
      steps.push({
        kind: 'drift',
        target,
        what: `${field} ${have} != ${want} (fixed at init_vault)`,
      });
  };
  drift('treasury', v.treasury, sku.treasury);
  drift('stable mint', v.stableMint, sku.stable.mint);
  drift('management fee bps', v.managementBps, sku.fees.managementBps);
  drift('performance fee bps', v.performanceBps, sku.fees.performanceBps);
  drift('withdrawal fee bps', v.withdrawalBps, sku.fees.withdrawalBps);
  drift('cash buffer bps', v.cashBufferBps, sku.cashBufferBps);
  drift('max slippage bps', v.maxSlipBps, sku.maxSlipBps);
  drift('deposit cap (usd raw)', v.depositCapUsd, sku.depositCapUsd);
  drift('min deposit (raw)', v.minDepositRaw, sku.minDepositRaw);
  drift(
    'asset mints',
    v.assets.map((a) => a.mint).join(','),
    sku.assets.map((a) => a.mint).join(','),
  );
  if (steps.length > 0) return steps; // a different vault: nothing else is meaningful

  if (v.paused !== sku.paused) {
    steps.push({
      kind: 'admin',
      target,
      what: `paused ${v.paused} -> ${sku.paused}`,
      action: sku.paused ? 'vault.pause' : 'vault.unpause',
      input: { sku: target },
    });
  }
  sku.assets.forEach((a, i) => {
    const want = ASSET_STATUS[capitalized(a.status)];
    const have = v.assets[i]?.status;
    if (have !== want) {
      steps.push({
        kind: 'admin',
        target,
        what: `asset #${i} ${a.symbol} status ${STATUS_NAMES[have ?? 0] ?? have} -> ${a.status}`,
        action: 'vault.asset-status',
        input: { sku: target, asset: String(i), status: capitalized(a.status) },
      });
    }
  });
  const want = sku.assets.map((a) => a.weightBps);
  const have = v.assets.map((a) => a.weightBps);
  if (!sameList(have, want)) {
    if (v.pending && sameList(v.pending.weights.slice(0, want.length), want)) {
      steps.push(
        v.pending.eta <= now
          ? {
              kind: 'apply-weights',
              target,
              what: `apply queued weights #${v.pending.nonce} (timelock passed)`,
              sku: target,
            }
          : {
              kind: 'wait',
              target,
              what: `weights ${want.join(',')} queued, applicable at ${new Date(Number(v.pending.eta) * 1000).toISOString()}`,
            },
      );
    } else {
      if (v.pending) {
        steps.push({
          kind: 'admin',
          target,
          what: `cancel queued weights #${v.pending.nonce} (${v.pending.weights.slice(0, want.length).join(',')})`,
          action: 'vault.cancel-weights',
          input: { sku: target },
        });
      }
      steps.push({
        kind: 'admin',
        target,
        what: `weights ${have.join(',')} -> ${want.join(',')} (48 h timelock)`,
        action: 'vault.weights',
        input: { sku: target, weights: want },
      });
    }
  }
  steps.push(...planRotation(now, target, 'keeper', v.keeper, sku.keeper as Address, v));
  if (sku.tradeAuthority && v.tradeAuthority) {
    steps.push(
      ...planRotation(
        now,
        target,
        'trade-authority',
        v.tradeAuthority,
        sku.tradeAuthority as Address,
        v,
      ),
    );
  }
  return steps;
}

/**
 * A keeper or trade-authority change goes through the vault's 48 h rotation: queue it, wait,
 * apply it (permissionless); a queued rotation to another key is cancelled first.
 */
function planRotation(
  now: bigint,
  target: string,
  name: RotationName,
  have: Address,
  want: Address,
  v: VaultView,
): PlanStep[] {
  const pending = v.rotations?.[name] ?? null;
  const steps: PlanStep[] = [];
  if (pending && pending.key === want && have !== want) {
    steps.push(
      pending.eta <= now
        ? {
            kind: 'apply-rotation',
            target,
            what: `apply ${name} rotation #${pending.nonce} to ${want} (timelock passed)`,
            sku: target,
            rotation: name,
          }
        : {
            kind: 'wait',
            target,
            what: `${name} rotation to ${want} queued, applicable at ${new Date(Number(pending.eta) * 1000).toISOString()}`,
          },
    );
    return steps;
  }
  if (pending) {
    steps.push({
      kind: 'admin',
      target,
      what: `cancel queued ${name} rotation #${pending.nonce} (to ${pending.key})`,
      action: 'vault.cancel-rotation',
      input: { sku: target, rotation: name },
    });
  }
  if (have !== want) {
    steps.push({
      kind: 'admin',
      target,
      what: `${name} ${have} -> ${want} (48 h timelock)`,
      action: name === 'keeper' ? 'vault.rotate-keeper' : 'vault.rotate-trade-authority',
      input: { sku: target, newKey: want },
    });
  }
  return steps;
}

/** Steps that change the chain (what `apply` will do); `wait` steps are informational. */
export function actionableSteps(steps: readonly PlanStep[]): PlanStep[] {
  return steps.filter((s) => s.kind !== 'wait');
}

export function formatPlan(steps: readonly PlanStep[]): string[] {
  const sign = {
    admin: '~',
    'apply-weights': '~',
    'apply-rotation': '~',
    wait: '.',
    create: '+',
    drift: '!',
  } as const;
  const lines = steps.map((s) => `${sign[s.kind]} ${s.target.padEnd(8)} ${s.what}`);
  const changes = actionableSteps(steps).length;
  lines.push(
    changes === 0
      ? 'no changes: the chain matches the environment file'
      : `${changes} change(s): + create, ~ update, ! drift that no instruction can fix`,
  );
  return lines;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function capitalized(status: 'active' | 'frozen' | 'retired'): keyof typeof ASSET_STATUS {
  return (status[0]?.toUpperCase() + status.slice(1)) as keyof typeof ASSET_STATUS;
}
