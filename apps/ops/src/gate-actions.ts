/**
 * The upgrade gate's own administration as proposals: `gate.set-admins` (the present set's
 * threshold and the new set's threshold both sign, so a mistyped set cannot lock the gate)
 * and `gate.set-authority` (hand a program or a buffer the gate holds to another authority).
 * Both are bound to the gate's proposal nonce when proposed: any gate action landing first
 * voids them on chain (docs/operations.md).
 */

import type { Chain } from '@basket/world';
import { findProgramDataAddress } from '@basket/world';
import { type Address, createNoopSigner, type TransactionSigner } from '@solana/kit';
import { OpsError } from './errors.ts';
import type { AdminSet } from './proposal-signatures.ts';
import { gateSetAdminsInstruction, gateSetAuthorityInstruction } from './upgrade-gate.ts';

type Rpc = Chain['rpc'];

/** Smallest threshold any admin set accepts on chain (the spec's 3 of 5). */
export const MIN_ADMIN_THRESHOLD = 3;

/**
 * `gate.set-admins`: the instruction, its summary and the new admins who must sign besides
 * the present ones (named as operator signers, so `submit` waits for them).
 *
 * @example
 * const built = await gateSetAdminsAction(rpc, { gateProgram, current, adminSigners, next: { keys, threshold: 3 } });
 */
export async function gateSetAdminsAction(
  rpc: Rpc,
  input: {
    gateProgram: Address;
    current: AdminSet;
    adminSigners: readonly TransactionSigner[];
    next: AdminSet;
    /** Keys of the new set who will sign; default: its first `threshold` keys. */
    nextSigners?: readonly Address[];
  },
) {
  const { keys, threshold } = input.next;
  if (keys.length !== 5 || new Set(keys).size !== 5) {
    throw new OpsError('INVALID_INPUT', `--new-admins: five distinct keys, not ${keys.length}`);
  }
  if (!Number.isInteger(threshold) || threshold < MIN_ADMIN_THRESHOLD || threshold > 5) {
    throw new OpsError(
      'INVALID_INPUT',
      `--new-threshold ${threshold}: between ${MIN_ADMIN_THRESHOLD} and 5 (the chain refuses less than ${MIN_ADMIN_THRESHOLD})`,
    );
  }
  const nextSigners = input.nextSigners ?? keys.slice(0, threshold);
  const strangers = nextSigners.filter((k) => !keys.includes(k));
  if (strangers.length > 0 || new Set(nextSigners).size < threshold) {
    throw new OpsError(
      'INVALID_INPUT',
      `--new-signers: at least ${threshold} distinct keys of the new set${strangers.length ? `; not in it: ${strangers.join(', ')}` : ''}`,
    );
  }
  const present = new Set(input.adminSigners.map((s) => s.address));
  const added = nextSigners.filter((k) => !present.has(k));
  const instruction = await gateSetAdminsInstruction(rpc, {
    gateProgram: input.gateProgram,
    admins: input.next,
    adminSigners: [...input.adminSigners, ...added.map((k) => createNoopSigner(k))],
  });
  return {
    instruction,
    summary: `replace the upgrade gate's admins with ${keys.join(', ')} (${threshold} of 5), signed by ${nextSigners.join(', ')} of the new set`,
    // New keys outside the present set: `submit` requires their signatures as well.
    operatorSigners: added.filter((k) => !input.current.keys.includes(k)),
  };
}

/**
 * `gate.set-authority`: the program's ProgramData (or the named buffer) handed to `newAuthority`.
 *
 * @example
 * const built = await gateSetAuthorityAction(rpc, { gateProgram, program, newAuthority, adminSigners });
 */
export async function gateSetAuthorityAction(
  rpc: Rpc,
  input: {
    gateProgram: Address;
    /** The program whose upgrade authority changes, unless `buffer` is named. */
    program?: Address;
    buffer?: Address;
    newAuthority: Address;
    adminSigners: readonly TransactionSigner[];
  },
) {
  const target = input.buffer ?? (input.program && (await findProgramDataAddress(input.program)));
  if (!target) throw new OpsError('INVALID_INPUT', '--program or --buffer is required');
  const what = input.buffer ? `buffer ${input.buffer}` : `program ${input.program}`;
  return {
    instruction: await gateSetAuthorityInstruction(rpc, {
      gateProgram: input.gateProgram,
      target,
      newAuthority: input.newAuthority,
      adminSigners: input.adminSigners,
    }),
    summary: `hand ${what} from the upgrade gate to ${input.newAuthority}`,
  };
}
