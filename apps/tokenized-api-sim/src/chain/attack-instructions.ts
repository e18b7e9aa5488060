// Instructions a hostile counterparty slips into a transaction it asks a victim to sign, for the
// adversarial modes (adversarial-fills.ts): each needs the victim's signature or writes the
// victim's accounts. Built as the programs encode them; the System program's and the compute
// budget's by hand (two fixed layouts) rather than with another package.
import { AccountRole, type Address, createNoopSigner, type Instruction } from '@solana/kit';
import {
  AuthorityType,
  getApproveInstruction,
  getCloseAccountInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
const RECENT_BLOCKHASHES_SYSVAR = 'SysvarRecentB1ockHashes11111111111111111111' as Address;
/** A program no fill needs (the SPL Memo program's address). */
export const FOREIGN_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

const u32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};
const u64 = (n: bigint) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
};

/** System Transfer (tag 2): `lamports` out of `from`, which must sign. */
export function systemTransfer(from: Address, to: Address, lamports: bigint): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data: Uint8Array.from([...u32(2), ...u64(lamports)]),
  };
}

/** System AdvanceNonceAccount (tag 4): makes the transaction a durable-nonce one. */
export function advanceNonce(nonce: Address, authority: Address): Instruction {
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: nonce, role: AccountRole.WRITABLE },
      { address: RECENT_BLOCKHASHES_SYSVAR, role: AccountRole.READONLY },
      { address: authority, role: AccountRole.READONLY_SIGNER },
    ],
    data: u32(4),
  };
}

/** ComputeBudget SetComputeUnitPrice (tag 3): the fee payer burns `microLamports` per unit. */
export function computeUnitPrice(microLamports: bigint): Instruction {
  return {
    programAddress: COMPUTE_BUDGET_PROGRAM,
    data: Uint8Array.from([3, ...u64(microLamports)]),
  };
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
