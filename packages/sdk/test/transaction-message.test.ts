import {
  AccountRole,
  type Address,
  type Blockhash,
  generateKeyPairSigner,
  type Instruction,
} from '@solana/kit';
import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  parseSetComputeUnitLimitInstruction,
  parseSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { describe, expect, it } from 'vitest';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  COMPUTE_UNIT_COSTS,
  computeUnitLimit,
  isSdkError,
  MAX_COMPUTE_UNIT_LIMIT,
  MAX_TRANSACTION_SIZE,
  SDK_ERROR__UNKNOWN_COMPUTE_COST,
  transactionMessageSize,
} from '../src/index.ts';

const LIFETIME = {
  blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash,
  lastValidBlockHeight: 100n,
};

async function wideInstruction(accounts: number): Promise<Instruction> {
  const keys = await Promise.all(
    Array.from({ length: accounts }, async () => (await generateKeyPairSigner()).address),
  );
  return {
    programAddress: '9N5wBSU9d4vG9KVEHQ6V3SCGEWrNS2ZVTuS5i5BgcP6b' as Address,
    accounts: keys.map((address) => ({ address, role: AccountRole.READONLY })),
    data: new Uint8Array(17),
  };
}

describe('computeUnitLimit', () => {
  it('adds the margin and the compute-budget instructions to the measured costs', () => {
    const stake = COMPUTE_UNIT_COSTS['rewards.stake'].computeUnits;
    const step = COMPUTE_UNIT_COSTS['runtime.bumpSearchStep'].computeUnits;
    expect(
      computeUnitLimit([{ key: 'rewards.stake' }, { key: 'runtime.bumpSearchStep', count: 2 }], {
        marginBps: 1_000,
        budgetInstructions: 2,
      }),
    ).toBe(Math.ceil(((stake + 2 * step) * 11_000) / 10_000) + 2 * COMPUTE_BUDGET_INSTRUCTION_COST);
  });

  it('caps at 1.4M and refuses an unknown key', () => {
    expect(computeUnitLimit([{ key: 'rewards.stake', count: 1_000 }])).toBe(MAX_COMPUTE_UNIT_LIMIT);
    try {
      computeUnitLimit([{ key: 'nope' as never }]);
      expect.unreachable();
    } catch (e) {
      expect(isSdkError(e, SDK_ERROR__UNKNOWN_COMPUTE_COST)).toBe(true);
    }
  });
});

describe('buildTransactionMessage', () => {
  it('puts the limit first, the price only when asked, then the instructions', async () => {
    const feePayer = await generateKeyPairSigner();
    const ix = await wideInstruction(2);
    const costs = [{ key: 'vault.deposit' as const }];
    const plain = buildTransactionMessage({
      feePayer,
      lifetime: LIFETIME,
      instructions: [{ instruction: ix, costs }],
    });
    expect(plain.instructions).toHaveLength(2);
    const limit = parseSetComputeUnitLimitInstruction(plain.instructions[0] as never);
    expect(limit.data.units).toBe(computeUnitLimit(costs, { budgetInstructions: 1 }));
    expect(plain.instructions[1]).toBe(ix);

    const priced = buildTransactionMessage({
      feePayer,
      lifetime: LIFETIME,
      instructions: [{ instruction: ix, costs }],
      priorityFeeMicroLamports: 7_000n,
    });
    expect(priced.instructions.map((i) => i.programAddress)).toEqual([
      COMPUTE_BUDGET_PROGRAM_ADDRESS,
      COMPUTE_BUDGET_PROGRAM_ADDRESS,
      ix.programAddress,
    ]);
    expect(
      parseSetComputeUnitPriceInstruction(priced.instructions[1] as never).data.microLamports,
    ).toBe(7_000n);
    expect(parseSetComputeUnitLimitInstruction(priced.instructions[0] as never).data.units).toBe(
      computeUnitLimit(costs, { budgetInstructions: 2 }),
    );
  });

  it('compresses with a lookup table so a wide instruction fits one transaction', async () => {
    // Given an instruction with 40 read-only accounts (a 20-asset basket's mints and holdings)
    const feePayer = await generateKeyPairSigner();
    const ix = await wideInstruction(40);
    const input = {
      feePayer,
      lifetime: LIFETIME,
      instructions: [{ instruction: ix, costs: [{ key: 'vault.deposit' as const }] }],
    };
    const plain = buildTransactionMessage(input);
    expect(transactionMessageSize(plain)).toBeGreaterThan(MAX_TRANSACTION_SIZE);
    // When the same accounts are in a lookup table
    const table = (await generateKeyPairSigner()).address;
    const compressed = buildTransactionMessage({
      ...input,
      addressLookupTables: { [table]: ix.accounts!.map((a) => a.address) },
    });
    // Then it fits
    expect(transactionMessageSize(compressed)).toBeLessThanOrEqual(MAX_TRANSACTION_SIZE);
  });
});
