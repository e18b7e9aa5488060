// A vault world on the vault program's own test fixture: three held assets with real tokens
// behind the books (two Token-2022 with non-unit multipliers, one SPL Token), a cash buffer
// and a depositor holding shares; plus helpers to read the vault and run SDK builders.
import { send } from '@basket/test-harness';
import type { Blockhash } from '@solana/kit';
import { expect } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  newDepositor,
  SKU,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from '../../../../programs/vault/tests/fixture.ts';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  type CostedInstruction,
  findSkuAddresses,
  measuredUnits,
  readAccounts,
  vaultStateAccount,
} from '../../src/index.ts';
import { sendMessage } from './send-message.ts';
import { svmRpc } from './svm-rpc.ts';

export const USDC = 1_000_000n;

export async function fundedVault(): Promise<{ b: Basket; alice: Depositor }> {
  const b = await setupBasket();
  await initVault(b);
  // Real tokens behind the books, so in-kind payouts can transfer them
  await stockHoldings(b, [350_000_000n, 10_000_000n, 7_000_000_000n]);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  expect((await send(b.svm, [depositIx(b, alice, 50_000n * USDC, 0n)], b.payer)).ok).toBe(true);
  return { b, alice };
}

export async function readVault(b: Basket) {
  const { vaultState } = await findSkuAddresses(SKU);
  const [vault] = await readAccounts(svmRpc(b.svm), [vaultStateAccount(vaultState)]);
  if (!vault.exists) throw new Error('vault missing');
  return { address: vault.address, data: vault.data };
}

export async function run(
  b: Basket,
  feePayer: Depositor['signer'],
  built: CostedInstruction | readonly CostedInstruction[],
  options: { computeMarginBps?: number } = {},
) {
  const instructions = Array.isArray(built) ? built : [built];
  b.svm.expireBlockhash();
  const r = await sendMessage(
    b.svm,
    buildTransactionMessage({
      feePayer,
      lifetime: {
        blockhash: b.svm.latestBlockhash() as Blockhash,
        lastValidBlockHeight: 1_000_000n,
      },
      instructions,
      ...options,
    }),
  );
  const used = Number(r.computeUnits) - COMPUTE_BUDGET_INSTRUCTION_COST;
  return { ...r, used, model: measuredUnits(instructions.flatMap((i) => i.costs)) };
}
