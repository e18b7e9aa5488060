/**
 * The user flows with the accounts they pay into: each returns the create instructions of the
 * user's missing token accounts (idempotent ATA creates, one batched read decides which are
 * missing) followed by the vault instruction, ready for `buildTransactionMessage`. A fresh
 * wallet can deposit, withdraw and redeem with these alone.
 */

import type { RedemptionClaim, VaultState } from '@basket/vault-client';
import type { Address, TransactionSigner } from '@solana/kit';
import type { GetMultipleAccountsRpc, ReadAccountsOptions } from './account-reader.ts';
import {
  ensureTokenAccounts,
  findAssociatedTokenAddress,
  type TokenAccountSpec,
} from './associated-token-accounts.ts';
import { claimPaymentRaw, claimStanding } from './claim-payment.ts';
import { getNavQuote } from './get-nav-quote.ts';
import { resolveInKindHookAccounts, withInKindHooks } from './in-kind-hooks.ts';
import {
  readInKindTransfers,
  skippedByProgram,
  type UnpaidSlot,
  unpaidReason,
} from './in-kind-transfers.ts';
import type { NavQuote } from './nav-quote-types.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import type { RawAmount } from './raw-amount.ts';
import { getPayRedemptionInstructionFor } from './redemption-instructions.ts';
import { SDK_ERROR__IN_KIND_SLOTS_NOT_PAID, SdkError } from './sdk-errors.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, tokenProgramAddress } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { rpcAccountData } from './transfer-hook-accounts.ts';
import {
  getDepositInstructionFor,
  getWithdrawInKindInstructionFor,
  getWithdrawUsdcInstructionFor,
  type VaultStateAccount,
} from './vault-instructions.ts';
import { quoteInKindWithdrawal } from './withdrawal-quote.ts';

/**
 * Options of the flow builders: `rpc` reads which accounts exist (null: create every one
 * idempotently, no read; the in-kind builders need it), `programs` overrides program ids.
 *
 * @example
 * const options: UserFlowOptions = { rpc, programs: { vault: deployedVaultId } };
 */
export interface UserFlowOptions extends ReadAccountsOptions {
  readonly rpc: GetMultipleAccountsRpc | null;
  readonly programs?: Partial<ProgramAddresses>;
}

/**
 * What a flow builder returns: the instructions in order (creates first) and the token
 * accounts it pays into.
 *
 * @example
 * const { instructions } = await getDepositInstructionsFor(input, { rpc });
 * const message = buildTransactionMessage({ feePayer: wallet, lifetime, instructions });
 */
export interface UserFlowInstructions<A> {
  readonly instructions: readonly CostedInstruction[];
  readonly accounts: A;
}

function shareSpec(vault: VaultStateAccount, owner: Address): TokenAccountSpec {
  return { owner, mint: vault.data.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS };
}

function stableSpec(vault: VaultStateAccount, owner: Address): TokenAccountSpec {
  return {
    owner,
    mint: vault.data.stableMint,
    tokenProgram: tokenProgramAddress(vault.data.stableTokenProgram),
  };
}

function assetSpecs(vault: VaultStateAccount, owner: Address, slots?: readonly number[]) {
  const count = vault.data.assetCount;
  const indices = slots ?? Array.from({ length: count }, (_, i) => i);
  return indices.map((i) => {
    const asset = vault.data.assets[i];
    if (!asset || i >= count) throw new RangeError(`slot ${i} is not an asset of the vault`);
    return { owner, mint: asset.mint, tokenProgram: tokenProgramAddress(asset.tokenProgram) };
  });
}

/**
 * A deposit into the depositor's share ATA, created first when missing (the depositor pays
 * its rent). Take `rawAmount` and `minSharesOut` from `quoteDeposit`.
 *
 * @example
 * const { instructions, accounts } = await getDepositInstructionsFor({ depositor: wallet, vault, source: usdcAccount, rawAmount: q.rawAmount, minSharesOut: q.minSharesOut }, { rpc });
 */
export async function getDepositInstructionsFor(
  input: {
    depositor: TransactionSigner;
    vault: VaultStateAccount;
    source: Address;
    rawAmount: RawAmount;
    minSharesOut: bigint;
  },
  options: UserFlowOptions,
): Promise<UserFlowInstructions<{ shares: Address }>> {
  const { addresses, instructions } = await ensureTokenAccounts(
    options.rpc,
    input.depositor,
    [shareSpec(input.vault, input.depositor.address)],
    options,
  );
  const shares = addresses[0] as Address;
  const deposit = await getDepositInstructionFor(
    { ...input, destination: shares },
    options.programs,
  );
  return { instructions: [...instructions, deposit], accounts: { shares } };
}

/**
 * A `withdraw_usdc` from the owner's share ATA paying into the owner's stablecoin ATA,
 * created first when missing.
 *
 * @example
 * const { instructions } = await getWithdrawUsdcInstructionsFor({ owner: wallet, vault, treasuryStable, shares, quotedOut: q.netUsd, maxSlipBps: 50 }, { rpc });
 */
export async function getWithdrawUsdcInstructionsFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    treasuryStable: Address;
    shares: bigint;
    quotedOut: bigint;
    maxSlipBps: number;
    /** Default: the owner's share ATA. */
    shareSource?: Address;
  },
  options: UserFlowOptions,
): Promise<UserFlowInstructions<{ shares: Address; stable: Address }>> {
  const owner = input.owner.address;
  // The share account is the source: never created (a missing one has nothing to burn).
  const [shares, { addresses, instructions }] = await Promise.all([
    input.shareSource ?? findAssociatedTokenAddress(shareSpec(input.vault, owner)),
    ensureTokenAccounts(options.rpc, input.owner, [stableSpec(input.vault, owner)], options),
  ]);
  const stable = addresses[0] as Address;
  const withdraw = await getWithdrawUsdcInstructionFor(
    { ...input, shareSource: shares, destination: stable },
    options.programs,
  );
  return { instructions: [...instructions, withdraw], accounts: { shares, stable } };
}

/**
 * A `withdraw_in_kind` paying into the owner's stablecoin ATA and one ATA per asset (each
 * under its mint's token program), the missing ones created first, with each hooked stock's
 * transfer-hook accounts resolved for its slice. It reads the NAV quote (unless `nav` is
 * given), the mints, the vault's holdings and the owner's accounts first: a slice that would
 * not be paid (frozen holding, paused mint: the program skips it and the withdrawer forfeits
 * it; frozen destination: the whole withdrawal fails) makes it throw
 * `SDK_ERROR__IN_KIND_SLOTS_NOT_PAID` naming the slots, unless `acceptUnpaidSlots` and no
 * destination is frozen. The consent is signed: the instruction names exactly the quoted
 * unpaid slots, so a slot that stops moving after the quote (a pause landing in between)
 * makes the program refuse (`UnpaidNotAccepted`) instead of taking it. The alternative is `begin_redemption`: the claim keeps each slot
 * owed until it can move. When the quote refuses, the instruction is built as asked and the
 * program answers with that refusal. At most 18 assets fit one transaction; larger baskets
 * redeem with `begin_redemption` / `pay_redemption`.
 *
 * @throws {SdkError} `SDK_ERROR__IN_KIND_SLOTS_NOT_PAID`, as above.
 * @example
 * const { instructions, unpaid } = await getWithdrawInKindInstructionsFor({ owner: wallet, vault, shares }, { rpc });
 */
export async function getWithdrawInKindInstructionsFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shares: bigint;
    /** Default: the owner's share ATA. */
    shareSource?: Address;
    /** The vault's NAV quote now; default read with `getNavQuote` at the cluster's Clock. */
    nav?: NavQuote;
    /**
     * Withdraw even though the slices in `unpaid` stay with the other holders: `true` for the
     * slots this build's quote finds unpaid, or the slots the user was shown and accepted
     * (then any other unpaid slot throws, as without consent). The instruction carries
     * exactly these slots; the program refuses any other that cannot be paid.
     */
    acceptUnpaidSlots?: boolean | readonly number[];
  },
  options: UserFlowOptions,
): Promise<
  UserFlowInstructions<{ shares: Address; stable: Address; assets: Address[] }> & {
    /** The slices the withdrawal does not pay (accepted by the caller). */
    unpaid: readonly UnpaidSlot[];
  }
> {
  const owner = input.owner.address;
  const rpc = readingRpc(options, 'withdraw_in_kind');
  const [shares, ensured, transfers, nav] = await Promise.all([
    input.shareSource ?? findAssociatedTokenAddress(shareSpec(input.vault, owner)),
    ensureTokenAccounts(
      rpc,
      input.owner,
      [stableSpec(input.vault, owner), ...assetSpecs(input.vault, owner)],
      options,
    ),
    readInKindTransfers(rpc, input.vault, owner, options),
    input.nav ?? getNavQuote(rpc, skuOf(input.vault), options),
  ]);
  const quote = quoteInKindWithdrawal(nav, input.shares, { ...options, transfers });
  const unpaid = quote.ok ? quote.unpaid : [];
  const acceptable = unpaid.every((u) => skippedByProgram(u.reason));
  const consented =
    input.acceptUnpaidSlots === true
      ? unpaid.map((u) => u.slot)
      : Array.isArray(input.acceptUnpaidSlots)
        ? input.acceptUnpaidSlots
        : [];
  const covered = unpaid.every((u) => consented.includes(u.slot));
  if (unpaid.length > 0 && !(acceptable && covered)) {
    throw new SdkError(SDK_ERROR__IN_KIND_SLOTS_NOT_PAID, { slots: unpaid, acceptable });
  }
  const skipped = new Set(unpaid.map((u) => u.slot));
  const payouts = transfers.assets.map((transfer) => ({
    transfer,
    amount:
      quote.ok && !skipped.has(transfer.slot) ? (quote.assets[transfer.slot]?.amountRaw ?? 0n) : 0n,
  }));
  const [stable, ...assets] = ensured.addresses as [Address, ...Address[]];
  const [withdraw, hooks] = await Promise.all([
    getWithdrawInKindInstructionFor(
      {
        owner: input.owner,
        vault: input.vault,
        shareSource: shares,
        stableDestination: stable,
        assetDestinations: assets,
        shares: input.shares,
        acceptUnpaidSlots: consented,
      },
      options.programs,
    ),
    resolveInKindHookAccounts(payouts, input.vault.address, rpcAccountData(rpc, options)),
  ]);
  return {
    instructions: [...ensured.instructions, withInKindHooks(withdraw, hooks)],
    accounts: { shares, stable, assets },
    unpaid,
  };
}

/**
 * A `pay_redemption` of the given slots into the claim owner's ATAs (each named asset, and
 * the stablecoin when `cash`), the missing ones created first with `payer` funding the rent:
 * anyone may crank a claim, and the owner need not have the accounts. Each hooked stock's
 * transfer gets its hook accounts (for the amount the program will pay). A named slot that
 * cannot move now (frozen holding, paused mint, frozen destination) is left out and listed in
 * `deferred`: the claim keeps it owed for a later payment. With nothing left to pay (no slot,
 * no cash) `instructions` is empty.
 *
 * @example
 * const { instructions, deferred } = await getPayRedemptionInstructionsFor({ payer: crank, vault, claim, slots: [0, 1, 2], cash: true }, { rpc });
 */
export async function getPayRedemptionInstructionsFor(
  input: {
    payer: TransactionSigner;
    vault: VaultStateAccount;
    claim: { address: Address; data: RedemptionClaim };
    slots: readonly number[];
    cash: boolean;
  },
  options: UserFlowOptions,
): Promise<
  UserFlowInstructions<{ stable: Address; assets: ReadonlyMap<number, Address> }> & {
    deferred: readonly UnpaidSlot[];
  }
> {
  const owner = input.claim.data.owner;
  const rpc = readingRpc(options, 'pay_redemption');
  const named = [...new Set(input.slots)].sort((a, b) => a - b);
  const transfers = await readInKindTransfers(rpc, input.vault, owner, {
    ...options,
    slots: named,
  });
  const deferred: UnpaidSlot[] = [];
  const payable = transfers.assets.filter((t) => {
    const reason = unpaidReason(t);
    const amountRaw = input.claim.data.owed[t.slot] ?? 0n;
    if (reason) deferred.push({ slot: t.slot, mint: t.mint, reason, amountRaw });
    return reason === null;
  });
  const slots = payable.map((t) => t.slot);
  // The stablecoin account is only read when the cash part is paid: created only then.
  const stableWanted = stableSpec(input.vault, owner);
  const [stable, { addresses: assetAtas, instructions }] = await Promise.all([
    findAssociatedTokenAddress(stableWanted),
    ensureTokenAccounts(
      rpc,
      input.payer,
      [...(input.cash ? [stableWanted] : []), ...assetSpecs(input.vault, owner, slots)],
      options,
    ).then((r) => ({
      addresses: input.cash ? r.addresses.slice(1) : r.addresses,
      instructions: r.instructions,
    })),
  ]);
  const destinations = new Map(slots.map((s, i) => [s, assetAtas[i] as Address]));
  const accounts = { stable, assets: destinations };
  if (slots.length === 0 && !input.cash) return { instructions: [], accounts, deferred };
  const payouts = payable.map((transfer) => ({
    transfer,
    amount: claimPaymentRaw(
      input.claim.data.owed[transfer.slot] ?? 0n,
      input.vault.data.assets[transfer.slot] as VaultState['assets'][number],
      transfer.holdingBalance,
      input.vault.data.claimsUnbackedRaw[transfer.slot] ?? 0n,
      claimStanding(input.vault.data, input.claim.data, transfer.slot),
    ),
  }));
  const hooks = await resolveInKindHookAccounts(
    payouts,
    input.vault.address,
    rpcAccountData(rpc, options),
  );
  const pay = await getPayRedemptionInstructionFor(
    {
      vault: input.vault,
      claim: input.claim,
      slots,
      cash: input.cash,
      destinations,
      stableDestination: stable,
      hooks,
    },
    options.programs,
  );
  return { instructions: [...instructions, pay], accounts, deferred };
}

/** The in-kind builders read the chain (hooks, frozen accounts): they need an RPC. */
function readingRpc(options: UserFlowOptions, what: string): GetMultipleAccountsRpc {
  if (options.rpc === null) {
    throw new TypeError(`${what} reads the mints, holdings and destinations: pass an rpc`);
  }
  return options.rpc;
}

/** The SKU string of a vault (its 16-byte id, zero-padded ASCII). */
function skuOf(vault: VaultStateAccount): string {
  const bytes = Uint8Array.from(vault.data.skuId);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
}
