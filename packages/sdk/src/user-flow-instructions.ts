/**
 * The user flows with the accounts they pay into: each returns the create instructions of the
 * user's missing token accounts (idempotent ATA creates, one batched read decides which are
 * missing) followed by the vault instruction, ready for `buildTransactionMessage`. A fresh
 * wallet can deposit, withdraw and redeem with these alone.
 */

import type { RedemptionClaim } from '@basket/vault-client';
import type { Address, TransactionSigner } from '@solana/kit';
import type { GetMultipleAccountsRpc, ReadAccountsOptions } from './account-reader.ts';
import {
  ensureTokenAccounts,
  findAssociatedTokenAddress,
  type TokenAccountSpec,
} from './associated-token-accounts.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import type { RawAmount } from './raw-amount.ts';
import { getPayRedemptionInstructionFor } from './redemption-instructions.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, tokenProgramAddress } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import {
  getDepositInstructionFor,
  getWithdrawInKindInstructionFor,
  getWithdrawUsdcInstructionFor,
  type VaultStateAccount,
} from './vault-instructions.ts';

/**
 * Options of the flow builders: `rpc` reads which accounts exist (null: create every one
 * idempotently, no read), `programs` overrides program ids.
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
 * under its mint's token program), the missing ones created first. At most 18 assets fit
 * one transaction; larger baskets redeem with `begin_redemption` / `pay_redemption`.
 *
 * @example
 * const { instructions } = await getWithdrawInKindInstructionsFor({ owner: wallet, vault, shares }, { rpc });
 */
export async function getWithdrawInKindInstructionsFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shares: bigint;
    /** Default: the owner's share ATA. */
    shareSource?: Address;
  },
  options: UserFlowOptions,
): Promise<UserFlowInstructions<{ shares: Address; stable: Address; assets: Address[] }>> {
  const owner = input.owner.address;
  const [shares, ensured] = await Promise.all([
    input.shareSource ?? findAssociatedTokenAddress(shareSpec(input.vault, owner)),
    ensureTokenAccounts(
      options.rpc,
      input.owner,
      [stableSpec(input.vault, owner), ...assetSpecs(input.vault, owner)],
      options,
    ),
  ]);
  const [stable, ...assets] = ensured.addresses as [Address, ...Address[]];
  const withdraw = await getWithdrawInKindInstructionFor(
    {
      owner: input.owner,
      vault: input.vault,
      shareSource: shares,
      stableDestination: stable,
      assetDestinations: assets,
      shares: input.shares,
    },
    options.programs,
  );
  return {
    instructions: [...ensured.instructions, withdraw],
    accounts: { shares, stable, assets },
  };
}

/**
 * A `pay_redemption` of the given slots into the claim owner's ATAs (each named asset, and
 * the stablecoin when `cash`), the missing ones created first with `payer` funding the rent:
 * anyone may crank a claim, and the owner need not have the accounts.
 *
 * @example
 * const { instructions } = await getPayRedemptionInstructionsFor({ payer: crank, vault, claim, slots: [0, 1, 2], cash: true }, { rpc });
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
): Promise<UserFlowInstructions<{ stable: Address; assets: ReadonlyMap<number, Address> }>> {
  const owner = input.claim.data.owner;
  const slots = [...new Set(input.slots)].sort((a, b) => a - b);
  // The stablecoin account is only read when the cash part is paid: created only then.
  const stableWanted = stableSpec(input.vault, owner);
  const [stable, { addresses: assetAtas, instructions }] = await Promise.all([
    findAssociatedTokenAddress(stableWanted),
    ensureTokenAccounts(
      options.rpc,
      input.payer,
      [...(input.cash ? [stableWanted] : []), ...assetSpecs(input.vault, owner, slots)],
      options,
    ).then((r) => ({
      addresses: input.cash ? r.addresses.slice(1) : r.addresses,
      instructions: r.instructions,
    })),
  ]);
  const destinations = new Map(slots.map((s, i) => [s, assetAtas[i] as Address]));
  const pay = await getPayRedemptionInstructionFor(
    {
      vault: input.vault,
      claim: input.claim,
      slots,
      cash: input.cash,
      destinations,
      stableDestination: stable,
    },
    options.programs,
  );
  return { instructions: [...instructions, pay], accounts: { stable, assets: destinations } };
}
