// The aggregator turned hostile (issue 29): while a mode is set (`POST /admin/adversarial`),
// every /swap-instructions answer carries one attack on the swapping wallet's side, to prove
// the caller's transaction firewall refuses it: instructions that need the wallet's (or the
// victim's) signature or write its accounts, in the setup, the swap or the cleanup. System and
// compute-budget instructions come from the programs' maintained clients (the victim's
// signature only named, by a no-op signer); Token instructions are encoded by hand (fixed
// layouts; this package has no token client).
import { associatedTokenAddress } from '@basket/test-swap-client';
import type { Instruction as ApiInstruction, SwapInstructionsResponse } from '@jup-ag/api';
import { type Address, createNoopSigner, getAddressEncoder } from '@solana/kit';
import { getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import {
  getAdvanceNonceAccountInstruction,
  getTransferSolInstruction,
} from '@solana-program/system';
import { toApi } from './swap-instructions.ts';

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
const FOREIGN = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

const meta = (pubkey: string, isSigner: boolean, isWritable: boolean) => ({
  pubkey,
  isSigner,
  isWritable,
});
const bytes = (...parts: (number[] | Uint8Array)[]) =>
  Buffer.from(parts.flatMap((p) => [...p])).toString('base64');
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
/** System TransferSol of 1 SOL out of `from` (which must sign) to `to`. */
const transferSol = (from: string, to: string) =>
  toApi(
    getTransferSolInstruction({
      source: createNoopSigner(from as Address),
      destination: to as Address,
      amount: 1_000_000_000n,
    }),
  );

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
      return setup(transferSol(victim, swap.accounts[1]?.pubkey ?? SYSTEM));
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
      return setup(toApi(getSetComputeUnitPriceInstruction({ microLamports: 5_000_000_000n })));
    case 'durable-nonce-advance':
      return setup(
        toApi(
          getAdvanceNonceAccountInstruction({
            nonceAccount: userStock as Address,
            nonceAuthority: createNoopSigner(user as Address),
          }),
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
        cleanupInstruction: transferSol(victim, swap.accounts[1]?.pubkey ?? SYSTEM),
      };
  }
}
