/**
 * Applying a queued keeper or trade-authority rotation once its 48 h timelock has passed. The
 * vault lets anyone apply from the eta, so this needs no admin proposal: the operator's fee
 * payer sends it. The eta is checked against the cluster's clock (not this machine's) first,
 * so an early attempt says when it becomes possible instead of failing on chain.
 */
import {
  clockSysvarAccount,
  getApplyRotationInstructionFor,
  type ProgramAddresses,
  readAccounts,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address, TransactionSigner } from '@solana/kit';
import { ROTATIONS, type RotationName } from './admin-actions.ts';
import { readVault } from './chain-state.ts';
import { OpsError } from './errors.ts';

export type AppliedRotation = Readonly<{
  sku: string;
  rotation: RotationName;
  newKey: Address;
  nonce: bigint;
  signature: string;
}>;

/**
 * @example
 * await applyRotation(chain, programs, { sku: 'TECH6', rotation: 'keeper', feePayer });
 */
export async function applyRotation(
  chain: Chain,
  programs: ProgramAddresses,
  input: { sku: string; rotation: RotationName; feePayer: TransactionSigner },
): Promise<AppliedRotation> {
  const kind = ROTATIONS[input.rotation];
  const [vault, [clock]] = await Promise.all([
    readVault(chain.rpc, programs, input.sku),
    readAccounts(chain.rpc, [clockSysvarAccount()], { commitment: 'confirmed' }),
  ]);
  if (!vault) throw new OpsError('ACCOUNT_NOT_FOUND', `no vault for SKU ${input.sku}`);
  const eta = vault.data.pendingRotationEta[kind - 1] ?? 0n;
  if (eta === 0n) {
    throw new OpsError(
      'NOTHING_PENDING',
      `no ${input.rotation} rotation is pending for ${input.sku}`,
    );
  }
  const now = clock.exists ? clock.data.unixTimestamp : 0n;
  if (now < eta) {
    throw new OpsError(
      'TIMELOCK_NOT_DUE',
      `the ${input.rotation} rotation of ${input.sku} can be applied from ${new Date(Number(eta) * 1000).toISOString()} (cluster time is ${new Date(Number(now) * 1000).toISOString()})`,
    );
  }
  const nonce = vault.data.pendingRotationNonce[kind - 1] ?? 0n;
  const newKey = vault.data.pendingRotationKey[kind - 1] as Address;
  const signature = await chain.land(
    `apply_rotation ${input.rotation} ${input.sku}`,
    input.feePayer,
    [getApplyRotationInstructionFor({ vault, kind, nonce }, programs)],
  );
  return { sku: input.sku, rotation: input.rotation, newKey, nonce, signature: String(signature) };
}
