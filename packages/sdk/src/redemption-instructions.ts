/**
 * Batched in-kind redemption (vault `begin_redemption` / `pay_redemption`), for baskets too
 * large for one `withdraw_in_kind` transaction and to isolate a frozen asset: begin fixes the
 * raw amounts owed in a `RedemptionClaim` and burns the shares; pay transfers named slots
 * (bit i = asset i, bit 20 = cash) to the claim's owner, permissionlessly, as many times as
 * needed.
 */

import {
  findRedemptionClaimPda,
  getBeginRedemptionInstruction,
  getPayRedemptionInstruction,
  type RedemptionClaim,
} from '@basket/vault-client';
import { type AccountMeta, AccountRole, type Address, type TransactionSigner } from '@solana/kit';
import { withInKindHooks } from './in-kind-hooks.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { findVaultHoldingPda, type VaultStateAccount } from './vault-instructions.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * The `pay_redemption` slot bit of the cash buffer.
 *
 * @example
 * const cashOnly = 1 << CASH_SLOT;
 */
export const CASH_SLOT = 20;

/**
 * A `begin_redemption` of `shares` into the claim `["claim", vault, owner, nonce]` (a nonce
 * the owner has not used). The amounts it fixes are `quoteBeginRedemption`'s.
 *
 * @example
 * const begin = await getBeginRedemptionInstructionFor({ owner: wallet, vault, shareSource, shares, nonce: 0n });
 */
export async function getBeginRedemptionInstructionFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shareSource: Address;
    shares: bigint;
    nonce: bigint;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { claim: Address }> {
  const programAddress = resolveProgramAddresses(programs).vault;
  const [claim, bump] = await findRedemptionClaimPda(
    { vault: input.vault.address, owner: input.owner.address, nonce: input.nonce },
    { programAddress },
  );
  const instruction = getBeginRedemptionInstruction(
    {
      owner: input.owner,
      vault: input.vault.address,
      navSnapshot: input.vault.data.navSnapshot,
      shareMint: input.vault.data.shareMint,
      shareSource: input.shareSource,
      claim,
      systemProgram: SYSTEM_PROGRAM,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: input.shares,
      nonce: input.nonce,
      // The program reconciles each book with its holding's real balance first.
      holdings: input.vault.data.assets.slice(0, input.vault.data.assetCount).map((a) => a.holding),
    },
    { programAddress },
  );
  return {
    instruction,
    claim,
    costs: [
      { key: 'vault.beginRedemption' },
      { key: 'vault.perRedeemedAsset', count: input.vault.data.assetCount },
      // The program searches the claim's canonical bump from 255 down.
      { key: 'runtime.bumpSearchStep', count: 255 - bump },
    ],
  };
}

/**
 * A `pay_redemption` of the given asset slots (vault asset indices) and, with `cash`, the cash
 * part, to the claim's owner: `destinations` maps each named asset slot to the owner's token
 * account of that asset. Anyone may send it. Slots whose asset is frozen can be left for later.
 * A slot whose mint has a transfer hook set needs `hooks` (`resolveInKindHookAccounts` for its
 * transfer): Token-2022 refuses the transfer without them.
 * `getPayRedemptionInstructionsFor` pays into the owner's ATAs, creates the missing ones,
 * resolves the hooks and leaves out the slots that cannot move now.
 *
 * @example
 * const pay = await getPayRedemptionInstructionFor({ vault, claim, slots: [0, 1, 2], cash: true, destinations, stableDestination });
 */
export async function getPayRedemptionInstructionFor(
  input: {
    vault: VaultStateAccount;
    claim: { address: Address; data: RedemptionClaim };
    slots: readonly number[];
    cash: boolean;
    destinations: ReadonlyMap<number, Address>;
    stableDestination: Address;
    /** The hooked slots' transfer-hook accounts, and each hooked transfer's validation bump. */
    hooks?: { hookAccounts: readonly AccountMeta[]; validationBumps: readonly number[] };
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const slots = [...new Set(input.slots)].sort((a, b) => a - b);
  for (const slot of slots) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= state.assetCount) {
      throw new RangeError(`slot ${slot} is not an asset of the vault (0-${state.assetCount - 1})`);
    }
    if (!input.destinations.has(slot)) throw new RangeError(`no destination for slot ${slot}`);
  }
  const mask = slots.reduce((m, s) => m | (1 << s), input.cash ? 1 << CASH_SLOT : 0);
  const [[cashHolding], holdings] = await Promise.all([
    findVaultHoldingPda(state.skuId, state.stableMint, programs),
    Promise.all(
      slots.map((s) => findVaultHoldingPda(state.skuId, state.assets[s]!.mint, programs)),
    ),
  ]);
  const built = getPayRedemptionInstruction(
    {
      vault: input.vault.address,
      claim: input.claim.address,
      owner: input.claim.data.owner,
      navSnapshot: state.navSnapshot,
      stableMint: state.stableMint,
      cashHolding,
      stableDestination: input.stableDestination,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      slots: mask,
      slotAccounts: slots.flatMap((s, i) => [
        state.assets[s]!.mint,
        holdings[i]![0],
        input.destinations.get(s) as Address,
      ]),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  // The generated builder marks every slot account writable; the program only reads mints,
  // and a read-only mint takes no write lock.
  const fixed = built.accounts.length - 3 * slots.length;
  const accounts = built.accounts.map((meta, i) =>
    i >= fixed && (i - fixed) % 3 === 0 ? { ...meta, role: AccountRole.READONLY } : meta,
  );
  return withInKindHooks(
    {
      instruction: Object.freeze({ ...built, accounts }),
      costs: [{ key: 'vault.payRedemption' }, { key: 'vault.perPaidAsset', count: slots.length }],
    },
    input.hooks ?? { hookAccounts: [], validationBumps: [] },
  );
}
