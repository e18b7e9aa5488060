// The plan side of `init`: a chain snapshot against the environment file's state.
import { getAddressDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { DesiredState } from '../src/env-config.ts';
import {
  actionableSteps,
  type ChainSnapshot,
  formatPlan,
  planInit,
  type VaultView,
} from '../src/init-plan.ts';

const addr = (n: number) => getAddressDecoder().decode(new Uint8Array(32).fill(n));
const [keeper, keeper2, treasury, usdc, m1, m2, token, token22] = [1, 2, 3, 4, 5, 6, 7, 8].map(
  addr,
) as [
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
  ReturnType<typeof addr>,
];

function desired(): DesiredState {
  return {
    oracle: { keepers: [keeper], maxDeviationBps: 1_000 },
    rewards: { keepers: [keeper], rewardMints: [m1], paused: { staking: false, claims: false } },
    skus: [
      {
        skuId: 'TECH2',
        label: 'Tech Two',
        paused: false,
        keeper,
        treasury,
        stable: { mint: usdc, tokenProgram: token },
        fees: { managementBps: 20, performanceBps: 1_000, withdrawalBps: 5 },
        cashBufferBps: 500,
        maxSlipBps: 50,
        depositCapUsd: 10_000_000n,
        minDepositRaw: 1_000_000n,
        assets: [
          { symbol: 'A', mint: m1, tokenProgram: token22, weightBps: 6_000, status: 'active' },
          { symbol: 'B', mint: m2, tokenProgram: token22, weightBps: 4_000, status: 'active' },
        ],
      },
    ],
  };
}

function vault(overrides: Partial<VaultView> = {}): VaultView {
  return {
    paused: false,
    keeper,
    treasury,
    stableMint: usdc,
    managementBps: 20,
    performanceBps: 1_000,
    withdrawalBps: 5,
    cashBufferBps: 500,
    maxSlipBps: 50,
    depositCapUsd: 10_000_000n,
    minDepositRaw: 1_000_000n,
    assets: [
      { mint: m1, weightBps: 6_000, status: 1 },
      { mint: m2, weightBps: 4_000, status: 1 },
    ],
    pending: null,
    ...overrides,
  };
}

function chain(v: VaultView | null = vault(), over: Partial<ChainSnapshot> = {}): ChainSnapshot {
  return {
    now: 1_000_000n,
    oracle: { keepers: [keeper], maxDeviationBps: 1_000 },
    rewards: { keepers: [keeper], rewardMints: [m1], paused: 0 },
    vaults: new Map([['TECH2', v]]),
    ...over,
  };
}

describe('init plan', () => {
  it('is empty when the chain matches the file', () => {
    expect(planInit(chain(), desired())).toEqual([]);
    expect(formatPlan([])).toEqual(['no changes: the chain matches the environment file']);
  });

  it('turns differences into admin actions', () => {
    const d = desired();
    d.oracle.keepers = [keeper, keeper2];
    const sku = d.skus[0];
    if (!sku || !d.rewards) throw new Error('fixture');
    sku.paused = true;
    sku.assets[1] = { ...(sku.assets[1] as (typeof sku.assets)[number]), status: 'frozen' };
    d.rewards.paused.claims = true;
    const steps = planInit(chain(), d);
    expect(
      steps.map((s) => (s.kind === 'admin' ? `${s.action} ${JSON.stringify(s.input)}` : s.kind)),
    ).toEqual([
      `oracle.rotate-keepers {"keepers":["${keeper}","${keeper2}"]}`,
      'rewards.pause {"pauseStaking":false,"pauseClaims":true}',
      'vault.pause {"sku":"TECH2"}',
      'vault.asset-status {"sku":"TECH2","asset":"1","status":"Frozen"}',
    ]);
  });

  it('queues new weights, waits for a matching timelock, applies it once due, and cancels a different one first', () => {
    const d = desired();
    const sku = d.skus[0];
    if (!sku) throw new Error('fixture');
    sku.assets = sku.assets.map((a, i) => ({ ...a, weightBps: i === 0 ? 5_000 : 5_000 }));
    const kinds = (c: ChainSnapshot) =>
      planInit(c, d).map((s) => (s.kind === 'admin' ? s.action : s.kind));
    expect(kinds(chain())).toEqual(['vault.weights']);
    const queued = { weights: [5_000, 5_000], eta: 1_000_100n, nonce: 3n };
    expect(kinds(chain(vault({ pending: queued })))).toEqual(['wait']);
    expect(actionableSteps(planInit(chain(vault({ pending: queued })), d))).toEqual([]);
    expect(kinds(chain(vault({ pending: { ...queued, eta: 999_999n } })))).toEqual([
      'apply-weights',
    ]);
    expect(kinds(chain(vault({ pending: { ...queued, weights: [7_000, 3_000] } })))).toEqual([
      'vault.cancel-weights',
      'vault.weights',
    ]);
  });

  it('reports drift no instruction can fix, and what is missing, without admin steps for that vault', () => {
    const fees = planInit(chain(vault({ managementBps: 25, depositCapUsd: 1n })), desired());
    expect(fees.map((s) => `${s.kind} ${s.what}`)).toEqual([
      'drift management fee bps 25 != 20 (fixed at init_vault)',
      'drift deposit cap (usd raw) 1 != 10000000 (fixed at init_vault)',
    ]);
    const missing = planInit(chain(null, { oracle: null, rewards: null }), desired());
    expect(missing.map((s) => `${s.kind} ${s.target}`)).toEqual([
      'create oracle',
      'create rewards',
      'create TECH2',
    ]);
    expect(formatPlan(missing).at(-1)).toBe(
      '3 change(s): + create, ~ update, ! drift that no instruction can fix',
    );
    const d = desired();
    if (!d.rewards) throw new Error('fixture');
    d.rewards.staking = { mint: m1, tokenProgram: keeper };
    const rewards = { keepers: [keeper], rewardMints: [m1], paused: 0, stakingMint: keeper };
    expect(planInit(chain(vault(), { rewards }), d).map((s) => `${s.kind} ${s.what}`)).toEqual([
      `drift staking mint ${keeper} != ${m1} (fixed at initialize)`,
    ]);
  });
});
