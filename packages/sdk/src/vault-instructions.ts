/**
 * User instructions of the vault program, with every account resolved from the decoded
 * `VaultState`: the caller supplies only their signer, token accounts and amounts.
 *
 * The vault's cash holding is the PDA `["holding", sku_id, stable_mint]` of the vault program.
 * The vault IDL does not declare that PDA yet (only `VaultState`'s), so its seeds are written
 * here once, in {@link findVaultHoldingPda}, and the LiteSVM tests check them against the
 * program.
 */

import {
  getCollectMgmtFeeInstruction,
  getCollectPerfFeeInstruction,
  getCollectWithdrawFeesInstruction,
  getDepositInstruction,
  getWithdrawInKindInstruction,
  getWithdrawUsdcInstruction,
  type VaultState,
} from '@basket/vault-client';
import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type ProgramDerivedAddress,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from '@solana/kit';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { RawAmount } from './raw-amount.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';

/**
 * A vault holding (an asset's, or the stablecoin cash buffer): PDA
 * `["holding", sku_id, mint]` of the vault program.
 *
 * @example
 * const [cashHolding] = await findVaultHoldingPda(vault.skuId, vault.stableMint);
 */
export async function findVaultHoldingPda(
  skuId: ReadonlyUint8Array,
  mint: Address,
  programs: Partial<ProgramAddresses> = {},
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: resolveProgramAddresses(programs).vault,
    seeds: [getUtf8Encoder().encode('holding'), skuId, getAddressEncoder().encode(mint)],
  });
}

/**
 * The vault state as read (address and decoded data).
 *
 * @example
 * const [vault] = await readAccounts(rpc, [vaultStateAccount(address)]);
 */
export interface VaultStateAccount {
  readonly address: Address;
  readonly data: VaultState;
}

/**
 * A `deposit` of `rawAmount` stablecoin units from `source` minting at least `minSharesOut`
 * shares to `destination` (a Token-2022 account of the share mint). Take both amounts from
 * `quoteDeposit`. For a wallet that may not have its share account yet, use
 * `getDepositInstructionsFor`, which creates it in the same transaction.
 *
 * @example
 * const ix = await getDepositInstructionFor({ depositor: wallet, vault, source, destination, rawAmount: q.rawAmount, minSharesOut: q.minSharesOut });
 */
export async function getDepositInstructionFor(
  input: {
    depositor: TransactionSigner;
    vault: VaultStateAccount;
    source: Address;
    destination: Address;
    rawAmount: RawAmount;
    minSharesOut: bigint;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const [cashHolding] = await findVaultHoldingPda(state.skuId, state.stableMint, programs);
  const instruction = getDepositInstruction(
    {
      depositor: input.depositor,
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      stableMint: state.stableMint,
      source: input.source,
      cashHolding,
      shareMint: state.shareMint,
      destination: input.destination,
      stableTokenProgram:
        state.stableTokenProgram === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      rawAmount: input.rawAmount,
      minSharesOut: input.minSharesOut,
      assetAccounts: assetPairsOf(state),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return {
    instruction,
    costs: [{ key: 'vault.deposit' }, { key: 'vault.perPricedAsset', count: state.assetCount }],
  };
}

function stableProgramOf(state: VaultState): Address {
  return state.stableTokenProgram === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS;
}

/**
 * A `withdraw_usdc` (`getWithdrawUsdcInstructionsFor` also creates a missing stablecoin
 * account) burning `shares` from `shareSource` and paying at least
 * `quotedOut x (1 - maxSlipBps)` stablecoin to `destination`. `treasuryStable` fills an account
 * slot the program no longer reads (the fee stays in the cash buffer, owed to the treasury,
 * until `collect_withdraw_fees`): pass the treasury's stablecoin account. Take `quotedOut`
 * from `quoteStableWithdrawal`'s `netUsd`.
 *
 * @example
 * const ix = await getWithdrawUsdcInstructionFor({ owner: wallet, vault, shareSource, destination, treasuryStable, shares, quotedOut: q.netUsd, maxSlipBps: 50 });
 */
export async function getWithdrawUsdcInstructionFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shareSource: Address;
    destination: Address;
    treasuryStable: Address;
    shares: bigint;
    quotedOut: bigint;
    maxSlipBps: number;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const [cashHolding] = await findVaultHoldingPda(state.skuId, state.stableMint, programs);
  const instruction = getWithdrawUsdcInstruction(
    {
      owner: input.owner,
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      shareMint: state.shareMint,
      shareSource: input.shareSource,
      stableMint: state.stableMint,
      cashHolding,
      destination: input.destination,
      treasuryStable: input.treasuryStable,
      stableTokenProgram: stableProgramOf(state),
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: input.shares,
      maxSlipBps: input.maxSlipBps,
      quotedOut: input.quotedOut,
      assetAccounts: assetPairsOf(state),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return {
    instruction,
    costs: [
      { key: 'vault.withdrawUsdc' },
      { key: 'vault.perPricedAsset', count: state.assetCount },
    ],
  };
}

/**
 * The `accept_unpaid_mask` of `withdraw_in_kind`: bit `i` for each asset slot `i` named.
 *
 * @throws {RangeError} a slot outside the vault's assets.
 * @example
 * unpaidSlotMask([0, 2], 3); // 0b101
 */
export function unpaidSlotMask(slots: readonly number[], assetCount: number): number {
  let mask = 0;
  for (const slot of slots) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= assetCount) {
      throw new RangeError(`slot ${slot} is not one of the vault's ${assetCount} assets`);
    }
    mask |= 1 << slot;
  }
  return mask >>> 0;
}

/**
 * A `withdraw_in_kind` (`getWithdrawInKindInstructionsFor` also creates missing asset and
 * stablecoin accounts) burning `shares` from `shareSource`, paying the cash part to
 * `stableDestination` and each asset to `assetDestinations[i]` (vault asset order; a token
 * account of that asset's mint owned by the user).
 *
 * @example
 * const ix = await getWithdrawInKindInstructionFor({ owner: wallet, vault, shareSource, stableDestination, assetDestinations, shares });
 */
export async function getWithdrawInKindInstructionFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shareSource: Address;
    stableDestination: Address;
    assetDestinations: readonly Address[];
    shares: bigint;
    /**
     * Asset slots whose slice the owner agrees to leave to the other holders if it cannot
     * be paid now (frozen holding, paused mint). The program refuses the withdrawal
     * (`UnpaidNotAccepted`) when any other slot cannot be paid. Default: none.
     */
    acceptUnpaidSlots?: readonly number[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const assets = state.assets.slice(0, state.assetCount);
  const acceptUnpaidMask = unpaidSlotMask(input.acceptUnpaidSlots ?? [], assets.length);
  if (input.assetDestinations.length !== assets.length) {
    throw new RangeError(`the vault holds ${assets.length} assets: one destination each`);
  }
  const [[cashHolding], holdings] = await Promise.all([
    findVaultHoldingPda(state.skuId, state.stableMint, programs),
    Promise.all(assets.map((a) => findVaultHoldingPda(state.skuId, a.mint, programs))),
  ]);
  const instruction = getWithdrawInKindInstruction(
    {
      owner: input.owner,
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      shareMint: state.shareMint,
      shareSource: input.shareSource,
      stableMint: state.stableMint,
      cashHolding,
      stableDestination: input.stableDestination,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: input.shares,
      acceptUnpaidMask,
      assetAccounts: assets.flatMap((a, i) => [
        a.mint,
        (holdings[i] as ProgramDerivedAddress)[0],
        input.assetDestinations[i] as Address,
      ]),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return {
    instruction,
    costs: [{ key: 'vault.withdrawInKind' }, { key: 'vault.perPaidAsset', count: assets.length }],
  };
}

/**
 * A permissionless `collect_mgmt_fee`: accrues the management fee up to the Clock and mints
 * every owed fee share to `treasuryShares`, a share-mint account of the vault's treasury (the
 * vault checks its owner; it does not store it). The shares minted equal the quote's
 * `supply.feeSharesOwed + supply.accruedMgmtFeeShares`.
 *
 * @example
 * const ix = await getCollectMgmtFeeInstructionFor({ vault, treasuryShares });
 */
export async function getCollectMgmtFeeInstructionFor(
  input: { vault: VaultStateAccount; treasuryShares: Address },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const instruction = getCollectMgmtFeeInstruction(
    {
      vault: input.vault.address,
      shareMint: input.vault.data.shareMint,
      treasuryShares: input.treasuryShares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.collectMgmtFee' }] };
}

/**
 * A permissionless `collect_withdraw_fees`: pays `withdrawFeesOwed` (the withdrawal fees
 * `withdraw_usdc` and `fulfil_withdrawal` keep in the cash buffer) to `treasuryStable`, a
 * stablecoin account of the treasury. Nothing owed fails with `NothingToCollect`.
 *
 * @example
 * const ix = await getCollectWithdrawFeesInstructionFor({ vault, treasuryStable });
 */
export async function getCollectWithdrawFeesInstructionFor(
  input: { vault: VaultStateAccount; treasuryStable: Address },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const [cashHolding] = await findVaultHoldingPda(state.skuId, state.stableMint, programs);
  const instruction = getCollectWithdrawFeesInstruction(
    {
      vault: input.vault.address,
      stableMint: state.stableMint,
      cashHolding,
      treasuryStable: input.treasuryStable,
      stableTokenProgram: stableProgramOf(state),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.collectWithdrawFees' }] };
}

/**
 * A permissionless `collect_perf_fee` (at most once per 90 days): mints the performance fee
 * shares `quotePerfFee` predicts to `treasuryShares`, a share-mint account of the treasury.
 *
 * @example
 * const ix = await getCollectPerfFeeInstructionFor({ vault, treasuryShares });
 */
export async function getCollectPerfFeeInstructionFor(
  input: { vault: VaultStateAccount; treasuryShares: Address },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const state = input.vault.data;
  const instruction = getCollectPerfFeeInstruction(
    {
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      shareMint: state.shareMint,
      treasuryShares: input.treasuryShares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      assetAccounts: assetPairsOf(state),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return {
    instruction,
    costs: [
      { key: 'vault.collectPerfFee' },
      { key: 'vault.perPricedAsset', count: state.assetCount },
    ],
  };
}

/**
 * The remaining accounts of the NAV-priced instructions (deposit, withdraw_usdc,
 * collect_perf_fee, refresh_nav): per asset in the vault's order, its mint then its holding,
 * whose real token balance the program reads (a seizure by the issuer is priced at once).
 *
 * @example
 * const ix = getRefreshNavInstruction({ vault, navSnapshot: state.navSnapshot, assetAccounts: assetPairsOf(state) });
 */
export function assetPairsOf(state: VaultState): Address[] {
  return state.assets.slice(0, state.assetCount).flatMap((a) => [a.mint, a.holding]);
}
