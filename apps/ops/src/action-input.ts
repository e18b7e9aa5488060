// What an admin action is asked with (the CLI's flags as one object) and the rotations by
// their CLI names: below admin-actions.ts and the action builders it calls
// (upgrade-action.ts), so neither imports the other for them.
import { type ASSET_STATUS, ROTATION_KIND } from '@basket/sdk';
import type { Address } from '@solana/kit';
import { OpsError } from './errors.ts';

/** The two timelocked vault rotations by their CLI names. */
export const ROTATIONS = Object.freeze({
  keeper: ROTATION_KIND.keeper,
  'trade-authority': ROTATION_KIND.tradeAuthority,
} as const);
export type RotationName = keyof typeof ROTATIONS;

export type ActionInput = Readonly<{
  sku?: string;
  /** Asset by its index in the vault (0-based) or its mint. */
  asset?: string;
  status?: keyof typeof ASSET_STATUS;
  weights?: readonly number[];
  keepers?: readonly Address[];
  /**
   * vault.rotate-keeper / vault.rotate-trade-authority: the key that takes over;
   * gate.set-authority: the program's (or buffer's) new authority.
   */
  newKey?: Address;
  /**
   * oracle.approve-deviation: the push it approves (default: the next when it lands);
   * oracle.reset-sequence: the snapshot's new sequence (above the stored one).
   */
  sequence?: bigint;
  /** rewards.reset-last-epoch: the new last epoch id. */
  epoch?: bigint;
  /** gate.set-admins: the five keys of the new set, its threshold, and who of it signs. */
  newAdmins?: readonly Address[];
  newThreshold?: number;
  newSigners?: readonly Address[];
  /**
   * program.upgrade: the local reproducible build (`.so`) the buffer must equal; the proposal
   * is refused (`HASH_MISMATCH`) when the buffer holds other bytes.
   */
  localBinary?: string;
  /** vault.cancel-rotation: which pending rotation to cancel. */
  rotation?: RotationName;
  rewardMints?: readonly Address[];
  pauseStaking?: boolean;
  pauseClaims?: boolean;
  /** program.upgrade: one of the three by name, or any upgradeable program by address. */
  program?: 'oracle' | 'vault' | 'rewards' | Address;
  buffer?: Address;
  upgradeAuthority?: Address;
  /** Admins who will sign; default: the first `threshold` keys of the governing set. */
  signers?: readonly Address[];
  /** Refund of the buffer's rent on upgrade. */
  spill?: Address;
  /** The upgrade gate's program id (environment `programs.upgradeGate`), when deployed. */
  gateProgram?: Address;
  /** gate.initialize: pays for the gate's configuration account (the fee payer). */
  payer?: Address;
}>;

export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new OpsError('INVALID_INPUT', `${name} is required`);
  return value;
}
