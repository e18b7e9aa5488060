/**
 * What the operator commands read from the chain: the three configurations and each SKU's
 * vault, decoded through the SDK's account requests (owner and discriminator checked).
 */

import { findOracleConfigPda, type OracleConfig } from '@basket/oracle-client';
import type { RewardsConfig } from '@basket/rewards-client';
import {
  findRewardsConfigAddress,
  findSkuAddresses,
  navSnapshotAccount,
  oracleConfigAccount,
  type ProgramAddresses,
  readAccounts,
  rewardsConfigAccount,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address } from '@solana/kit';
import { OpsError } from './errors.ts';
import type { Governance } from './proposal-file.ts';
import type { AdminSet } from './proposal-signatures.ts';
import { readGateAdminSet } from './upgrade-gate.ts';

type Rpc = Chain['rpc'];

/**
 * A configuration not created yet: no account, or one without lamports (closed; some local
 * validators still return it, owned by the system program) — not a decode error.
 */
async function isClosed(rpc: Rpc, address: Address): Promise<boolean> {
  const { value } = await rpc
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return !value || value.lamports === 0n;
}

export async function readOracleConfig(
  rpc: Rpc,
  programs: ProgramAddresses,
): Promise<(OracleConfig & { address: Address }) | null> {
  const [address] = await findOracleConfigPda({ programAddress: programs.oracle });
  if (await isClosed(rpc, address)) return null;
  const [account] = await readAccounts(rpc, [oracleConfigAccount(address, programs)], {
    commitment: 'confirmed',
  });
  return account.exists ? { ...account.data, address } : null;
}

export async function readRewardsConfig(
  rpc: Rpc,
  programs: ProgramAddresses,
): Promise<(RewardsConfig & { address: Address }) | null> {
  const address = await findRewardsConfigAddress(programs);
  if (await isClosed(rpc, address)) return null;
  const [account] = await readAccounts(rpc, [rewardsConfigAccount(address, programs)], {
    commitment: 'confirmed',
  });
  return account.exists ? { ...account.data, address } : null;
}

export async function readVault(
  rpc: Rpc,
  programs: ProgramAddresses,
  sku: string,
): Promise<VaultStateAccount | null> {
  const { vaultState } = await findSkuAddresses(sku, programs);
  const [account] = await readAccounts(rpc, [vaultStateAccount(vaultState, programs)], {
    commitment: 'confirmed',
  });
  return account.exists ? { address: account.address, data: account.data } : null;
}

/** The configured keys of a stored signer set (unused slots are never zero: all 5 are set). */
function adminSetOf(stored: { keys: readonly Address[]; threshold: number }): AdminSet {
  return { keys: [...stored.keys], threshold: stored.threshold };
}

/**
 * The admin set that governs a proposal, read now (a rotation since proposing counts).
 *
 * @example
 * const admins = await readAdminSet(chain.rpc, programs, { kind: 'vault', sku: 'TECH6' });
 */
export async function readAdminSet(
  rpc: Rpc,
  programs: ProgramAddresses,
  governance: Governance,
): Promise<AdminSet> {
  if (governance.kind === 'oracle') {
    const config = await readOracleConfig(rpc, programs);
    if (!config) throw new OpsError('ACCOUNT_NOT_FOUND', 'the oracle is not configured');
    return adminSetOf(config.admins);
  }
  if (governance.kind === 'gate') return readGateAdminSet(rpc, governance.program);
  if (governance.kind === 'rewards') {
    const config = await readRewardsConfig(rpc, programs);
    if (!config) throw new OpsError('ACCOUNT_NOT_FOUND', 'the rewards program is not configured');
    return adminSetOf(config.admins);
  }
  const vault = await readVault(rpc, programs, governance.sku);
  if (!vault) throw new OpsError('ACCOUNT_NOT_FOUND', `no vault for SKU ${governance.sku}`);
  return adminSetOf(vault.data.admins);
}

/**
 * The sequence of `sku`'s NAV snapshot now (what `oracle.approve-deviation` names the next
 * push by).
 *
 * @example
 * const next = (await readSnapshotSequence(chain.rpc, programs, 'TECH6')) + 1n;
 */
export async function readSnapshotSequence(
  rpc: Rpc,
  programs: ProgramAddresses,
  sku: string,
): Promise<bigint> {
  const { navSnapshot } = await findSkuAddresses(sku, programs);
  const [snapshot] = await readAccounts(rpc, [navSnapshotAccount(navSnapshot, programs)]);
  if (!snapshot.exists) {
    throw new OpsError('ACCOUNT_NOT_FOUND', `no NAV snapshot for SKU ${sku}`);
  }
  return snapshot.data.sequence;
}
