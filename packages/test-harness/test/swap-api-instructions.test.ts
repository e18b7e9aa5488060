// The swap API's JSON instructions as kit instructions: each account meta's signer/writable
// flags become the matching role, the data is the base64 decoded, and a transaction carries
// compute budget, setup and swap in that order.
import { AccountRole } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  kitInstructionOf,
  type SwapApiInstruction,
  swapTransactionInstructions,
} from '../src/swap-api-instructions.ts';

const PROGRAM = 'ComputeBudget111111111111111111111111111111';
const ix = (data: number[]): SwapApiInstruction => ({
  programId: PROGRAM,
  accounts: [],
  data: Buffer.from(data).toString('base64'),
});

describe('swap API instructions', () => {
  it('maps every signer/writable combination to its account role and decodes the data', () => {
    // Given an instruction with one account of each kind
    const metas = [
      { pubkey: 'So11111111111111111111111111111111111111112', isSigner: true, isWritable: true },
      { pubkey: '11111111111111111111111111111111', isSigner: true, isWritable: false },
      { pubkey: 'SysvarRent111111111111111111111111111111111', isSigner: false, isWritable: true },
      { pubkey: PROGRAM, isSigner: false, isWritable: false },
    ];
    // When it is converted
    const kit = kitInstructionOf({ programId: PROGRAM, accounts: metas, data: 'AQID/w==' });
    // Then the roles follow the flags, the addresses and the bytes are kept
    expect(kit.programAddress).toBe(PROGRAM);
    expect(kit.accounts?.map((a) => a.role)).toEqual([
      AccountRole.WRITABLE_SIGNER,
      AccountRole.READONLY_SIGNER,
      AccountRole.WRITABLE,
      AccountRole.READONLY,
    ]);
    expect(kit.accounts?.map((a) => a.address)).toEqual(metas.map((m) => m.pubkey));
    expect([...(kit.data ?? [])]).toEqual([1, 2, 3, 255]);
  });

  it('orders a swap transaction as compute budget, setup, then the swap', () => {
    const answer = {
      computeBudgetInstructions: [ix([1]), ix([2])],
      setupInstructions: [ix([3])],
      swapInstruction: ix([4]),
    };
    expect(swapTransactionInstructions(answer).map((i) => i.data?.[0])).toEqual([1, 2, 3, 4]);
  });
});
