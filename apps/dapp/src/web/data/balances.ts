// The wallet's token balances, one batched getMultipleAccounts for all of its ATAs.
import { fetchEncodedAccountsBatched, findAssociatedTokenAddress } from '@basket/sdk';
import type { Address } from '@solana/kit';
import type { Rpc } from './context.ts';

export type TokenSpec = Readonly<{ mint: string; tokenProgram: string }>;

/** Raw balance per mint (0 for a missing account), in the order given. */
export async function readBalances(
  rpc: Rpc,
  owner: string,
  specs: readonly TokenSpec[],
): Promise<Map<string, bigint>> {
  const atas = await Promise.all(
    specs.map((s) =>
      findAssociatedTokenAddress({
        owner: owner as Address,
        mint: s.mint as Address,
        tokenProgram: s.tokenProgram as Address,
      }),
    ),
  );
  const { accounts } = await fetchEncodedAccountsBatched(rpc, atas, { commitment: 'confirmed' });
  const out = new Map<string, bigint>();
  specs.forEach((s, i) => {
    const a = accounts[i];
    // SPL token account layout: mint [0..32], owner [32..64], amount u64 LE [64..72].
    if (!a?.exists || a.data.length < 72) {
      out.set(s.mint, 0n);
      return;
    }
    const bytes = Uint8Array.from(a.data.slice(64, 72));
    out.set(s.mint, new DataView(bytes.buffer).getBigUint64(0, true));
  });
  return out;
}

export async function ataOf(owner: string, spec: TokenSpec): Promise<Address> {
  return findAssociatedTokenAddress({
    owner: owner as Address,
    mint: spec.mint as Address,
    tokenProgram: spec.tokenProgram as Address,
  });
}
