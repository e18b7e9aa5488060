/**
 * Keeper and trade-authority rotation of a vault behind the 48 h timelock (vault
 * `queue_rotation` / `apply_rotation` / `cancel_rotation`): 3 of 5 admins queue or cancel,
 * anyone applies from the eta. One pending change per kind; apply and cancel name it by its
 * nonce (default: the one pending in the vault state).
 */

import {
  getApplyRotationInstruction,
  getCancelRotationInstruction,
  getQueueRotationInstruction,
} from '@basket/vault-client';
import type { Address, TransactionSigner } from '@solana/kit';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { CostedInstruction } from './transaction-message.ts';
import type { VaultStateAccount } from './vault-instructions.ts';

/**
 * What a rotation replaces: the keeper (signs `rebalance_leg` and `fulfil_withdrawal`) or the
 * trade authority (the only owner `rebalance_leg` pays into).
 *
 * @example
 * const kind: RotationKind = ROTATION_KIND.tradeAuthority;
 */
export const ROTATION_KIND = Object.freeze({ keeper: 1, tradeAuthority: 2 } as const);

/**
 * A rotation kind byte: 1 keeper, 2 trade authority.
 *
 * @example
 * const kind: RotationKind = 1;
 */
export type RotationKind = (typeof ROTATION_KIND)[keyof typeof ROTATION_KIND];

function pendingNonce(vault: VaultStateAccount, kind: RotationKind): bigint {
  const nonce = vault.data.pendingRotationNonce[kind - 1];
  if (nonce === undefined || vault.data.pendingRotationEta[kind - 1] === 0n) {
    throw new RangeError(`no ${kind === 1 ? 'keeper' : 'trade-authority'} rotation is pending`);
  }
  return nonce;
}

/**
 * A `queue_rotation` of `kind` to `newKey`, applicable 48 h after it lands.
 *
 * @example
 * const queue = getQueueRotationInstructionFor({ vault, kind: ROTATION_KIND.keeper, newKey, adminSigners });
 */
export function getQueueRotationInstructionFor(
  input: {
    vault: VaultStateAccount;
    kind: RotationKind;
    newKey: Address;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getQueueRotationInstruction(
    {
      vault: input.vault.address,
      kind: input.kind,
      newKey: input.newKey,
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.queueRotation' }] };
}

/**
 * An `apply_rotation` of the pending change of `kind` (permissionless, from its eta).
 *
 * @example
 * const apply = getApplyRotationInstructionFor({ vault, kind: ROTATION_KIND.keeper });
 */
export function getApplyRotationInstructionFor(
  input: { vault: VaultStateAccount; kind: RotationKind; nonce?: bigint },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getApplyRotationInstruction(
    {
      vault: input.vault.address,
      kind: input.kind,
      nonce: input.nonce ?? pendingNonce(input.vault, input.kind),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.applyRotation' }] };
}

/**
 * A `cancel_rotation` of the pending change of `kind`.
 *
 * @example
 * const cancel = getCancelRotationInstructionFor({ vault, kind: ROTATION_KIND.tradeAuthority, adminSigners });
 */
export function getCancelRotationInstructionFor(
  input: {
    vault: VaultStateAccount;
    kind: RotationKind;
    nonce?: bigint;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getCancelRotationInstruction(
    {
      vault: input.vault.address,
      kind: input.kind,
      nonce: input.nonce ?? pendingNonce(input.vault, input.kind),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.cancelRotation' }] };
}
