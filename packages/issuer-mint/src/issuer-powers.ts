// The issuer's powers over holders and the mint, as Token-2022 instructions signed by the
// issuer key: freeze and thaw (freeze authority), pause and resume (Pausable), burn and move
// any holder's tokens (PermanentDelegate). Pure builders.
import {
  type AccountMeta,
  AccountRole,
  type Address,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { bytes, signerMeta, u64 } from './encoding.ts';
import { TOKEN_2022_IX as IX } from './issuer-mint.ts';
import { TOKEN_2022_PROGRAM_ADDRESS } from './token-instructions.ts';

/** The mint an issuer power acts on. */
export type IssuedMint = Readonly<{
  address: Address;
  decimals: number;
  issuer: TransactionSigner;
}>;

/**
 * The issuer freezes (`true`) or thaws (`false`) a token account of its mint.
 *
 * @example
 * const thaw = getFreezeInstruction(mint, holderAccount, false);
 */
export function getFreezeInstruction(
  mint: IssuedMint,
  account: Address,
  frozen: boolean,
): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.READONLY },
      signerMeta(mint.issuer),
    ],
    data: Uint8Array.of(frozen ? IX.freezeAccount : IX.thawAccount),
  };
}

/**
 * The issuer pauses (`true`) or resumes (`false`) every transfer, mint and burn of its mint.
 *
 * @example
 * const pause = getPauseInstruction(mint, true);
 */
export function getPauseInstruction(mint: IssuedMint, paused: boolean): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint.address, role: AccountRole.WRITABLE }, signerMeta(mint.issuer)],
    data: Uint8Array.of(IX.pausable, paused ? 1 : 2),
  };
}

/**
 * The permanent delegate burns `amount` raw units from any holder's account (a court order).
 *
 * @example
 * const burn = getDelegateBurnInstruction(mint, holderAccount, 500n);
 */
export function getDelegateBurnInstruction(
  mint: IssuedMint,
  from: Address,
  amount: bigint,
): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: from, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.WRITABLE },
      signerMeta(mint.issuer),
    ],
    data: bytes([IX.burnChecked], u64(amount), [mint.decimals]),
  };
}

/**
 * The permanent delegate moves `amount` raw units out of any holder's account (a recovery).
 * With a hook set, `hookAccounts` are the transfer's extra accounts, hook program and
 * validation account (the SDK's `resolveTransferHookAccounts`).
 *
 * @example
 * const move = getDelegateTransferInstruction(mint, { from, to, amount: 10n, hookAccounts: [] });
 */
export function getDelegateTransferInstruction(
  mint: IssuedMint,
  input: { from: Address; to: Address; amount: bigint; hookAccounts?: readonly AccountMeta[] },
): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: input.from, role: AccountRole.WRITABLE },
      { address: mint.address, role: AccountRole.READONLY },
      { address: input.to, role: AccountRole.WRITABLE },
      signerMeta(mint.issuer),
      ...(input.hookAccounts ?? []),
    ],
    data: bytes([IX.transferChecked], u64(input.amount), [mint.decimals]),
  };
}
