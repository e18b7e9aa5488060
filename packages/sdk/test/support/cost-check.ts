// Lands SDK-built instructions in LiteSVM through buildTransactionMessage and compares what
// the program instruction used with the SDK's cost model (budget instruction aside).
import type { Blockhash, TransactionSigner } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { expect } from 'vitest';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  type CostedInstruction,
  measuredUnits,
} from '../../src/index.ts';
import { sendMessage } from './send-message.ts';

export async function landAndCost(
  svm: LiteSVM,
  feePayer: TransactionSigner,
  instructions: readonly CostedInstruction[],
) {
  svm.expireBlockhash();
  const r = await sendMessage(
    svm,
    buildTransactionMessage({
      feePayer,
      lifetime: { blockhash: svm.latestBlockhash() as Blockhash, lastValidBlockHeight: 1_000_000n },
      instructions,
    }),
  );
  const used = Number(r.computeUnits) - COMPUTE_BUDGET_INSTRUCTION_COST;
  const model = measuredUnits(instructions.flatMap((i) => i.costs));
  return { ...r, used, model, costs: instructions.flatMap((i) => i.costs) };
}

/** The model covers what was used and overstates it by at most half. */
export function expectCostWithinModel(
  r: { used: number; model: number; costs?: unknown },
  label: string,
) {
  const text = `${label}: used ${r.used}, model ${r.model} ${JSON.stringify(r.costs ?? '')}`;
  if (process.env.SDK_PRINT_COSTS) {
    console.log(text);
    return;
  }
  expect(r.used, text).toBeLessThanOrEqual(r.model);
  expect(r.model * 2, text).toBeLessThanOrEqual(r.used * 3);
}
