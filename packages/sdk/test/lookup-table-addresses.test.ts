// What a lookup table may carry for given instructions: every account but the signers and the
// programs invoked at the top level, once each, in order.
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { lookupTableAddressesForInstructions } from '../src/index.ts';

const a = (n: number) => `${'1'.repeat(31)}${n}` as Address;

describe('lookupTableAddressesForInstructions', () => {
  it('keeps non-signers once, in order, and leaves out signers and invoked programs', () => {
    const vaultProgram = a(9);
    const tokenProgram = a(8);
    const instructions: Instruction[] = [
      {
        programAddress: vaultProgram,
        accounts: [
          { address: a(1), role: AccountRole.WRITABLE_SIGNER },
          { address: a(2), role: AccountRole.WRITABLE },
          { address: a(3), role: AccountRole.READONLY },
          { address: tokenProgram, role: AccountRole.READONLY },
          { address: a(4), role: AccountRole.READONLY_SIGNER },
        ],
      },
      {
        programAddress: tokenProgram,
        accounts: [
          { address: a(3), role: AccountRole.READONLY },
          { address: vaultProgram, role: AccountRole.READONLY },
          { address: a(5), role: AccountRole.WRITABLE },
        ],
      },
    ];
    // The token program is invoked by the second instruction at the top level: it stays out
    // even where the first passes it as an account.
    expect(lookupTableAddressesForInstructions(instructions)).toEqual([a(2), a(3), a(5)]);
    expect(lookupTableAddressesForInstructions([])).toEqual([]);
  });
});
