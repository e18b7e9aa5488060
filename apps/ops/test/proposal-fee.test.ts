// A proposal's priority fee, decided when it is built: the limit from a simulation plus 20%,
// the price from the recent fees on the accounts it writes, capped; the priced message keeps
// the nonce advance first and carries both compute-budget instructions.
import { getSetPausedInstructionFor } from '@basket/sdk';
import type { Chain } from '@basket/world';
import {
  type Base64EncodedWireTransaction,
  createNoopSigner,
  generateKeyPairSigner,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  type Nonce,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { OPS_PRIORITY_FEE_CAP_LAMPORTS, proposalPriorityFee } from '../src/proposal-fee.ts';
import { decodeTransaction } from '../src/proposal-file.ts';
import { assembleProposal } from '../src/propose.ts';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const vault = getAddressDecoder().decode(new Uint8Array(32).fill(5));
const nonce = getAddressDecoder().decode(new Uint8Array(32).fill(9)) as unknown as Nonce;

function chainWith(unitsConsumed: bigint, fees: number[]) {
  return {
    rpc: {
      simulateTransaction: () => ({
        send: async () => ({ value: { err: null, unitsConsumed, logs: [] } }),
      }),
      getRecentPrioritizationFees: () => ({
        send: async () => fees.map((f, i) => ({ slot: BigInt(i), prioritizationFee: BigInt(f) })),
      }),
    },
  } as unknown as Chain;
}

describe('proposal priority fee', () => {
  it('limits to the simulated use plus 20% and prices at the policy’s percentile', async () => {
    const fee = await proposalPriorityFee(
      chainWith(10_000n, [0, 3_000, 6_000, 9_000]),
      '' as Base64EncodedWireTransaction,
      [],
    );
    expect(fee).toEqual({ computeUnitLimit: 12_300, microLamportsPerCu: 6_000n });
  });

  it('caps the price so the priority fee stays within the operator cap', async () => {
    const fee = await proposalPriorityFee(
      chainWith(100_000n, [10_000_000_000]),
      '' as Base64EncodedWireTransaction,
      [],
    );
    const lamports = (fee.microLamportsPerCu * BigInt(fee.computeUnitLimit)) / 1_000_000n;
    expect(lamports).toBeLessThanOrEqual(OPS_PRIORITY_FEE_CAP_LAMPORTS);
  });

  it('a priced proposal keeps the nonce advance first and carries the limit and the price', async () => {
    const feePayer = await generateKeyPairSigner();
    const admin = await generateKeyPairSigner();
    const { instruction } = getSetPausedInstructionFor({
      vault,
      paused: true,
      adminSigners: [createNoopSigner(admin.address)],
    });
    const proposal = await assembleProposal({
      environment: 'local',
      action: 'vault.pause',
      summary: 'pause',
      governance: { kind: 'vault', sku: 'TECH6' },
      feePayer,
      instructions: [instruction],
      nonceAccount: (await generateKeyPairSigner()).address,
      nonce,
      priorityFee: { computeUnitLimit: 12_300, microLamportsPerCu: 6_000n },
    });
    // The fields read here, as the v0 message this CLI writes has them.
    const message = getCompiledTransactionMessageDecoder().decode(
      decodeTransaction(proposal).messageBytes,
    ) as unknown as {
      instructions: readonly { programAddressIndex: number }[];
      staticAccounts: readonly string[];
    };
    const programs = message.instructions.map(
      (ix) => message.staticAccounts[ix.programAddressIndex],
    );
    expect(programs[0]).toBe('11111111111111111111111111111111');
    expect(programs.filter((p) => p === COMPUTE_BUDGET)).toHaveLength(2);
  });
});
