/**
 * `status`: what an operator checks before and after acting: each program's binary hash and
 * upgrade authority, the configurations' keepers, and every pending timelock with the moment
 * it can be applied: queued weights and the vault's keeper and trade-authority rotations.
 */
import { existsSync } from 'node:fs';
import type { ProgramAddresses } from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address } from '@solana/kit';
import { ROTATIONS, type RotationName } from './admin-actions.ts';
import { readOracleConfig, readRewardsConfig, readVault } from './chain-state.ts';
import { readChainSnapshot } from './init-read.ts';
import { localBinary, readOnChainProgram } from './program-binary.ts';
import { gateAuthorityOf } from './upgrade-gate.ts';

export type PendingTimelock = Readonly<{
  sku: string;
  kind: 'weights' | 'keeper-rotation' | 'trade-authority-rotation';
  detail: string;
  eta: bigint;
  applicable: boolean;
}>;

export type StatusReport = Readonly<{
  now: bigint;
  programs: readonly Readonly<{
    name: string;
    /** Whether the on-chain binary is the local build (null: no local build to compare). */
    matchesLocal: boolean | null;
    address: Address;
    sha256: string | null;
    upgradeAuthority: Address | null;
  }>[];
  /** The upgrade gate's PDA when the environment has a gate (the authority it shows as). */
  gateAuthority: Address | null;
  oracleKeepers: readonly Address[] | null;
  rewardsKeepers: readonly Address[] | null;
  vaults: readonly Readonly<{
    sku: string;
    exists: boolean;
    paused: boolean;
    keeper: Address | null;
    tradeAuthority: Address | null;
  }>[];
  timelocks: readonly PendingTimelock[];
}>;

/**
 * @example
 * const report = await readStatus(chain, programs, ['TECH6']);
 * report.timelocks.filter((t) => t.applicable);
 */
export async function readStatus(
  chain: Chain,
  programs: ProgramAddresses,
  skus: readonly string[],
  /** Local builds (name to `.so` path) to compare the on-chain binaries with. */
  localBuilds: Readonly<Record<string, string>> = {},
): Promise<StatusReport> {
  const snapshot = await readChainSnapshot(chain, programs, skus);
  const programRows = [];
  const addresses = programs as Readonly<Record<string, Address>>;
  const gate = addresses.upgradeGate ?? null;
  for (const name of ['oracle', 'vault', 'rewards', ...(gate ? ['upgradeGate'] : [])]) {
    const address = addresses[name] as Address;
    const path = localBuilds[name];
    const local = path && existsSync(path) ? localBinary(path) : null;
    const onChain = await readOnChainProgram(chain, address, local?.bytes.length);
    programRows.push({
      name,
      address,
      matchesLocal: local && onChain ? local.sha256 === onChain.sha256 : null,
      sha256: onChain?.sha256 ?? null,
      upgradeAuthority: onChain?.upgradeAuthority ?? null,
    });
  }
  const [oracle, rewards] = await Promise.all([
    readOracleConfig(chain.rpc, programs),
    readRewardsConfig(chain.rpc, programs),
  ]);
  const timelocks: PendingTimelock[] = [];
  const vaults = [];
  for (const sku of skus) {
    const view = snapshot.vaults.get(sku) ?? null;
    const vault = view ? await readVault(chain.rpc, programs, sku) : null;
    vaults.push({
      sku,
      exists: view !== null,
      paused: view?.paused ?? false,
      keeper: vault?.data.keeper ?? null,
      tradeAuthority: vault?.data.tradeAuthority ?? null,
    });
    for (const [name, kind] of Object.entries(ROTATIONS)) {
      const eta = vault?.data.pendingRotationEta[kind - 1] ?? 0n;
      if (!vault || eta === 0n) continue;
      timelocks.push({
        sku,
        kind: `${name as RotationName}-rotation`,
        detail: `#${vault.data.pendingRotationNonce[kind - 1]}: to ${vault.data.pendingRotationKey[kind - 1]}`,
        eta,
        applicable: eta <= snapshot.now,
      });
    }
    if (view?.pending) {
      timelocks.push({
        sku,
        kind: 'weights',
        detail: `#${view.pending.nonce}: ${view.pending.weights.join(',')} bps`,
        eta: view.pending.eta,
        applicable: view.pending.eta <= snapshot.now,
      });
    }
  }
  return {
    now: snapshot.now,
    programs: programRows,
    gateAuthority: gate ? await gateAuthorityOf(gate) : null,
    oracleKeepers: oracle ? oracle.keepers.slice(0, oracle.keeperCount) : null,
    rewardsKeepers: rewards ? rewards.keepers.slice(0, rewards.keeperCount) : null,
    vaults,
    timelocks,
  };
}

export function formatStatus(report: StatusReport): string[] {
  const at = (s: bigint) => new Date(Number(s) * 1000).toISOString();
  const lines = [`cluster time ${at(report.now)}`, 'programs:'];
  for (const p of report.programs) {
    const gated = p.upgradeAuthority !== null && p.upgradeAuthority === report.gateAuthority;
    lines.push(
      `  ${p.name.padEnd(7)} ${p.address} sha256 ${p.sha256 ?? '(not deployed)'}${p.matchesLocal === null ? '' : p.matchesLocal ? ' (= local build)' : ' (differs from the local build)'} upgrade authority ${p.upgradeAuthority ?? (p.sha256 ? '(none: immutable)' : '-')}${gated ? ' (the upgrade gate: 3 of 5 on chain)' : ''}`,
    );
  }
  lines.push(`oracle keepers: ${report.oracleKeepers?.join(', ') ?? '(not configured)'}`);
  lines.push(`rewards keepers: ${report.rewardsKeepers?.join(', ') ?? '(not configured)'}`);
  lines.push('vaults:');
  for (const v of report.vaults) {
    lines.push(
      `  ${v.sku.padEnd(8)} ${v.exists ? (v.paused ? 'PAUSED' : 'live') : 'missing'}${v.keeper ? ` keeper ${v.keeper}` : ''}${v.tradeAuthority ? ` trade authority ${v.tradeAuthority}` : ''}`,
    );
  }
  lines.push('pending timelocks:');
  if (report.timelocks.length === 0) lines.push('  none');
  for (const t of report.timelocks) {
    const when = t.applicable
      ? 'applicable now'
      : `applicable at ${at(t.eta)} (in ${formatSeconds(t.eta - report.now)})`;
    lines.push(`  ${t.sku.padEnd(8)} ${t.kind} ${t.detail}: ${when}`);
  }
  return lines;
}

function formatSeconds(s: bigint): string {
  const h = s / 3600n;
  const m = (s % 3600n) / 60n;
  return `${h}h${String(m).padStart(2, '0')}m`;
}
