// Instructions a hostile counterparty slips into a transaction it asks a victim to sign, for the
// adversarial modes (adversarial-fills.ts): each needs the victim's signature or writes the
// victim's accounts. Built with the programs' maintained clients (System, compute budget,
// Token); the victim's signature is only named (a no-op signer), never given.
import {
  AccountRole,
  type Address,
  createNoopSigner,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import {
  getAdvanceNonceAccountInstruction,
  getTransferSolInstruction,
} from '@solana-program/system';
import {
  AuthorityType,
  getApproveInstruction,
  getCloseAccountInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token';

/** A program no fill needs (the SPL Memo program's address). */
export const FOREIGN_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

/** System TransferSol: `lamports` out of `from`, which must sign. */
export function systemTransfer(from: Address, to: Address, lamports: bigint): Instruction {
  return getTransferSolInstruction({
    source: createNoopSigner(from),
    destination: to,
    amount: lamports,
  });
}

/**
 * System AdvanceNonceAccount: makes the transaction a durable-nonce one. `authority` is a signer
 * of the fill itself (the maker), so it is passed as the signer the fill is signed with.
 */
export function advanceNonce(nonce: Address, authority: TransactionSigner): Instruction {
  return getAdvanceNonceAccountInstruction({ nonceAccount: nonce, nonceAuthority: authority });
}

/** ComputeBudget SetComputeUnitPrice: the fee payer burns `microLamports` per unit. */
export function computeUnitPrice(microLamports: bigint): Instruction {
  return getSetComputeUnitPriceInstruction({ microLamports });
}

/** Token Approve of everything in `account` to `delegate`, signed by `owner`. */
export function approveAll(account: Address, delegate: Address, owner: Address, program: Address) {
  return getApproveInstruction(
    { source: account, delegate, owner: createNoopSigner(owner), amount: 2n ** 64n - 1n },
    { programAddress: program },
  );
}

/** Token SetAuthority: `account`'s owner becomes `to`, signed by `owner`. */
export function takeOwnership(account: Address, to: Address, owner: Address, program: Address) {
  return getSetAuthorityInstruction(
    {
      owned: account,
      owner: createNoopSigner(owner),
      authorityType: AuthorityType.AccountOwner,
      newAuthority: to,
    },
    { programAddress: program },
  );
}

/** Token CloseAccount: `account`'s rent to `to`, signed by `owner`. */
export function closeInto(account: Address, to: Address, owner: Address, program: Address) {
  return getCloseAccountInstruction(
    { account, destination: to, owner: createNoopSigner(owner) },
    { programAddress: program },
  );
}

/** An instruction of a program no fill needs, with `victim` writable. */
export function foreignWithWritable(victim: Address): Instruction {
  return {
    programAddress: FOREIGN_PROGRAM,
    accounts: [{ address: victim, role: AccountRole.WRITABLE }],
    data: new TextEncoder().encode('sweep'),
  };
}
