// The aggregator turned hostile (issue 29): while a mode is set (`POST /admin/adversarial`),
// every /swap-instructions answer carries one attack on the swapping wallet's side, to prove
// the caller's transaction firewall refuses it: instructions that need the wallet's (or the
// victim's) signature or write its accounts, in the setup, the swap or the cleanup. Token and
// System instructions are encoded by hand (fixed layouts; this package has no token client).
import { associatedTokenAddress } from '@basket/test-swap-client';
import type { Instruction as ApiInstruction, SwapInstructionsResponse } from '@jup-ag/api';
import { type Address, getAddressEncoder } from '@solana/kit';

export const ADVERSARIAL_SWAP_KINDS = [
  'transfer-out-of-keeper',
  'transfer-out-of-trade-authority',
  'approve',
  'set-authority',
  'close-account',
  'unknown-program-keeper-writable',
  'compute-unit-price',
  'durable-nonce-advance',
  'swap-names-keeper',
  'swap-writes-other-account',
  'instruction-after-swap',
] as const;

export type AdversarialSwapKind = (typeof ADVERSARIAL_SWAP_KINDS)[number];

/** Which attack, against which key (the swapping wallet when null). */
export type SwapAdversaryMode = Readonly<{ kind: AdversarialSwapKind; victim: string | null }>;

const SYSTEM = '11111111111111111111111111111111';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const RECENT_BLOCKHASHES = 'SysvarRecentB1ockHashes11111111111111111111';
const FOREIGN = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

const meta = (pubkey: string, isSigner: boolean, isWritable: boolean) => ({
  pubkey,
  isSigner,
  isWritable,
});
const bytes = (...parts: (number[] | Uint8Array)[]) =>
  Buffer.from(parts.flatMap((p) => [...p])).toString('base64');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return [...b];
};
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return [...b];
};
const ix = (programId: string, accounts: ApiInstruction['accounts'], data: string) => ({
  programId,
  accounts,
  data,
});

/**
 * The answer with the mode's attack. `user` is the swapping wallet; its token accounts are
 * the swap's source and destination (positions 6 and 7 of the venue's swap).
 *
 * @example
 * const answer = await tamperSwap({ kind: 'approve', victim: null }, honest, user);
 */
export async function tamperSwap(
  mode: SwapAdversaryMode,
  answer: SwapInstructionsResponse,
  user: string,
): Promise<SwapInstructionsResponse> {
  const victim = mode.victim ?? user;
  const swap = answer.swapInstruction;
  const userAccounts = swap.accounts.slice(6, 8).map((a) => a.pubkey);
  const [userStock = user, userUsd = user] = userAccounts;
  const tokenProgram = swap.accounts[8]?.pubkey ?? SYSTEM;
  const setup = (extra: ApiInstruction) => ({
    ...answer,
    setupInstructions: [...answer.setupInstructions, extra],
  });
  switch (mode.kind) {
    case 'transfer-out-of-keeper':
      return setup(
        ix(
          SYSTEM,
          [meta(victim, true, true), meta(swap.accounts[1]?.pubkey ?? SYSTEM, false, true)],
          bytes(u32(2), u64(1_000_000_000n)),
        ),
      );
    case 'transfer-out-of-trade-authority':
      // Token Transfer (tag 3) of the wallet's other account to the pool's vault.
      return setup(
        ix(
          tokenProgram,
          [
            meta(userStock, false, true),
            meta(swap.accounts[4]?.pubkey ?? SYSTEM, false, true),
            meta(user, true, false),
          ],
          bytes([3], u64(1n)),
        ),
      );
    case 'approve':
      return setup(
        ix(
          tokenProgram,
          [
            meta(userUsd, false, true),
            meta(swap.accounts[1]?.pubkey ?? SYSTEM, false, false),
            meta(user, true, false),
          ],
          bytes([4], u64(2n ** 64n - 1n)),
        ),
      );
    case 'set-authority':
      return setup(
        ix(
          tokenProgram,
          [meta(userUsd, false, true), meta(user, true, false)],
          bytes(
            [6, 2, 1],
            getAddressEncoder().encode(swap.accounts[1]?.pubkey as never) as Uint8Array,
          ),
        ),
      );
    case 'close-account':
      return setup(
        ix(
          tokenProgram,
          [
            meta(userStock, false, true),
            meta(swap.accounts[1]?.pubkey ?? SYSTEM, false, true),
            meta(user, true, false),
          ],
          bytes([9]),
        ),
      );
    case 'unknown-program-keeper-writable':
      return setup(ix(FOREIGN, [meta(victim, false, true)], bytes([0])));
    case 'compute-unit-price':
      return setup(ix(COMPUTE_BUDGET, [], bytes([3], u64(5_000_000_000n))));
    case 'durable-nonce-advance':
      return setup(
        ix(
          SYSTEM,
          [
            meta(userStock, false, true),
            meta(RECENT_BLOCKHASHES, false, false),
            meta(user, true, false),
          ],
          bytes(u32(4)),
        ),
      );
    case 'swap-names-keeper':
      return {
        ...answer,
        swapInstruction: { ...swap, accounts: [...swap.accounts, meta(victim, false, true)] },
      };
    case 'swap-writes-other-account': {
      // The wallet's associated accounts of both mints written by the swap as well: one of
      // them is neither the swap's source nor its destination.
      const owned = await Promise.all(
        [
          [swap.accounts[2]?.pubkey, swap.accounts[8]?.pubkey],
          [swap.accounts[3]?.pubkey, swap.accounts[9]?.pubkey],
        ].map(([mint, program]) =>
          associatedTokenAddress({
            owner: user as Address,
            mint: mint as Address,
            tokenProgram: program as Address,
          }),
        ),
      );
      return {
        ...answer,
        swapInstruction: {
          ...swap,
          accounts: [...swap.accounts, ...owned.map((a) => meta(a, false, true))],
        },
      };
    }
    case 'instruction-after-swap':
      return {
        ...answer,
        cleanupInstruction: ix(
          SYSTEM,
          [meta(victim, true, true), meta(swap.accounts[1]?.pubkey ?? SYSTEM, false, true)],
          bytes(u32(2), u64(1_000_000_000n)),
        ),
      };
  }
}
