// The network fee shown before the wallet signs: decided by the SDK's policy from the recent
// fees on the written accounts, capped for a user, and rendered in SOL by the status line.
import { address } from '@solana/kit';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Session } from '../src/shared/public-config.ts';
import { Dapp, type DappContext } from '../src/web/data/context.ts';
import { decideNetworkFee, USER_PRIORITY_FEE_CAP_LAMPORTS } from '../src/web/data/network-fee.ts';
import { TxStatus } from '../src/web/ui/tx-status.tsx';

const session = { config: { explorerTxUrl: 'x/{signature}', rpcUrl: 'r' } } as unknown as Session;
const withDapp = (node: ReturnType<typeof h>) =>
  h(Dapp.Provider, { value: { session } as DappContext }, node);

const instructions = [
  {
    instruction: {
      programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      accounts: [{ address: address('So11111111111111111111111111111111111111112'), role: 1 }],
    },
    costs: [{ key: 'vault.deposit' }],
  },
] as never;

function rpcWithFees(fees: number[]) {
  return {
    getRecentPrioritizationFees: () => ({
      send: async () =>
        fees.map((f, i) => ({ slot: BigInt(1_000 + i), prioritizationFee: BigInt(f) })),
    }),
  } as unknown as DappContext['rpc'];
}

describe('network fee', () => {
  it('is decided from recent fees and includes the signature fee', async () => {
    const fee = await decideNetworkFee({ rpc: rpcWithFees([0, 0, 2_000, 4_000]) }, instructions);
    // p75 of [0, 0, 2000, 4000] (nearest rank 3) = 2,000 micro-lamports per CU.
    expect(fee.microLamportsPerCu).toBe(2_000n);
    expect(fee.totalLamports).toBe(5_000n + fee.priorityLamports);
  });

  it('never asks a user for more than the cap, however busy the network', async () => {
    const fee = await decideNetworkFee(
      { rpc: rpcWithFees([50_000_000, 90_000_000]) },
      instructions,
    );
    expect(fee.priorityLamports).toBeLessThanOrEqual(USER_PRIORITY_FEE_CAP_LAMPORTS);
  });

  it('is shown in SOL while the wallet is asked to sign', () => {
    const html = renderToStaticMarkup(
      withDapp(
        h(TxStatus, {
          state: {
            step: 'signing',
            label: 'Deposit',
            fee: { microLamportsPerCu: 2_000n, priorityLamports: 10_000n, totalLamports: 15_000n },
          },
        }),
      ),
    );
    expect(html).toContain('Network fee: 0.000015 SOL (priority 0.00001 SOL).');
    expect(html).toContain('data-lamports="15000"');
  });
});
