/**
 * Stablecoin withdrawal requests (vault `request_withdraw_usdc` / `fulfil_withdrawal` /
 * `cancel_withdrawal`), for withdrawals the cash buffer cannot pay at once: the shares go
 * into escrow (burned, still counted in the supply), the keeper's withdrawal-router raises
 * the cash with rebalance legs and fulfils at a snapshot published after the request
 * (forward pricing), never below the owner's `minOut`; the owner cancels at any time, anyone
 * from {@link REQUEST_DEADLINE_SECS} after the request. Small withdrawals keep using
 * `withdraw_usdc`, paid immediately from the buffer.
 */

import {
  findWithdrawalRequestPda,
  getCancelWithdrawalInstruction,
  getFulfilWithdrawalInstruction,
  getRequestWithdrawUsdcInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import type { Address, TransactionSigner } from '@solana/kit';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import { BPS, mulDiv, stableWithdrawal } from './share-math.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, tokenProgramAddress } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { assetPairsOf, findVaultHoldingPda, type VaultStateAccount } from './vault-instructions.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * Seconds after a request from which anyone may cancel it in the owner's favour (program
 * `state::REQUEST_DEADLINE_SECS`).
 *
 * @example
 * const cancellableAt = request.requestedAt + REQUEST_DEADLINE_SECS;
 */
export const REQUEST_DEADLINE_SECS = 72n * 3600n;

/**
 * What a request is worth now and the `minOut` to send with it.
 *
 * @example
 * const q = quoteWithdrawalRequest(nav, shares, { toleranceBps: 100 });
 */
export type WithdrawalRequestQuote =
  | {
      readonly ok: true;
      readonly shares: bigint;
      /** At the NAV in force now (rounded down); the payment is priced at fulfilment. */
      readonly grossUsd: bigint;
      readonly feeUsd: bigint;
      readonly netUsd: bigint;
      /** `netUsd` less `toleranceBps` (rounded up): the least the owner accepts. */
      readonly minOut: bigint;
      /** Whether the cash buffer could pay it now (then `withdraw_usdc` is the faster path). */
      readonly payableNow: boolean;
    }
  | { readonly ok: false; readonly shares: bigint; readonly refusal: VaultRefusal };

/**
 * Quotes a request of `shares` at the NAV in force now: the program checks only the pause
 * and a non-zero amount at request time (the price is the fulfilment snapshot's), so
 * `toleranceBps` (default 100) sets how far the price may move against the owner before the
 * keeper's fulfilment is refused.
 *
 * @example
 * const q = quoteWithdrawalRequest(nav, 5_000_000_000n);
 * if (q.ok && !q.payableNow) await send(await getRequestWithdrawUsdcInstructionFor({ owner, vault, shares: q.shares, minOut: q.minOut, nonce }));
 */
export function quoteWithdrawalRequest(
  quote: NavQuote,
  shares: bigint,
  options: QuoteProgramOptions & { toleranceBps?: number } = {},
): WithdrawalRequestQuote {
  const programs = quotePrograms(options, quote.programs);
  const no = (code: number): WithdrawalRequestQuote => ({
    ok: false,
    shares,
    refusal: vaultRefusal(programs, code),
  });
  if (quote.paused) return no(VAULT_ERROR__VAULT_PAUSED);
  if (shares === 0n) return no(VAULT_ERROR__AMOUNT_TOO_SMALL);
  if (quote.refusal || !quote.navUsd) {
    return quote.refusal ? { ok: false, shares, refusal: quote.refusal } : no(110);
  }
  const w = stableWithdrawal(
    shares,
    quote.navUsd.down,
    quote.supply.effective,
    quote.config.withdrawFeeBps,
  );
  if (w.netUsd === 0n) return no(VAULT_ERROR__AMOUNT_TOO_SMALL);
  const tolerance = BigInt(options.toleranceBps ?? 100);
  if (tolerance < 0n || tolerance > BPS) throw new RangeError('toleranceBps is 0..10,000');
  return {
    ok: true,
    shares,
    ...w,
    minOut: mulDiv(w.netUsd, BPS - tolerance, BPS, 'up'),
    payableNow: w.grossUsd <= quote.cashRaw,
  };
}

/**
 * A `request_withdraw_usdc` of `shares` from `shareSource` (default: the owner's share ATA is
 * the caller's to pass) into the request `["wreq", vault, owner, nonce]` (a nonce the owner
 * has not used; the owner pays its rent, returned at fulfilment or cancel).
 *
 * @example
 * const { instruction, request } = await getRequestWithdrawUsdcInstructionFor({ owner: wallet, vault, shareSource, shares, minOut: q.minOut, nonce: 0n });
 */
export async function getRequestWithdrawUsdcInstructionFor(
  input: {
    owner: TransactionSigner;
    vault: VaultStateAccount;
    shareSource: Address;
    shares: bigint;
    minOut: bigint;
    nonce: bigint;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { request: Address }> {
  const programAddress = resolveProgramAddresses(programs).vault;
  const [request, bump] = await findWithdrawalRequestPda(
    { vault: input.vault.address, owner: input.owner.address, nonce: input.nonce },
    { programAddress },
  );
  const instruction = getRequestWithdrawUsdcInstruction(
    {
      owner: input.owner,
      vault: input.vault.address,
      shareMint: input.vault.data.shareMint,
      shareSource: input.shareSource,
      request,
      systemProgram: SYSTEM_PROGRAM,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: input.shares,
      minOut: input.minOut,
      nonce: input.nonce,
    },
    { programAddress },
  );
  return {
    instruction,
    request,
    costs: [
      { key: 'vault.requestWithdrawUsdc' },
      // The program searches the request's canonical bump from 255 down.
      { key: 'runtime.bumpSearchStep', count: 255 - bump },
    ],
  };
}

/**
 * The keeper's `fulfil_withdrawal` of `owner`'s request `nonce`, paying into `destination`
 * (a stablecoin account of the owner) with the fee to `treasuryStable`.
 *
 * @example
 * const fulfil = await getFulfilWithdrawalInstructionFor({ keeper, vault, owner, nonce, destination, treasuryStable });
 */
export async function getFulfilWithdrawalInstructionFor(
  input: {
    keeper: TransactionSigner;
    vault: VaultStateAccount;
    owner: Address;
    nonce: bigint;
    destination: Address;
    treasuryStable: Address;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).vault;
  const state = input.vault.data;
  const [[request], [cashHolding]] = await Promise.all([
    findWithdrawalRequestPda(
      { vault: input.vault.address, owner: input.owner, nonce: input.nonce },
      { programAddress },
    ),
    findVaultHoldingPda(state.skuId, state.stableMint, programs),
  ]);
  const instruction = getFulfilWithdrawalInstruction(
    {
      keeper: input.keeper,
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      request,
      owner: input.owner,
      shareMint: state.shareMint,
      stableMint: state.stableMint,
      cashHolding,
      destination: input.destination,
      treasuryStable: input.treasuryStable,
      stableTokenProgram: tokenProgramAddress(state.stableTokenProgram),
      assetAccounts: assetPairsOf(state),
    },
    { programAddress },
  );
  return {
    instruction,
    costs: [
      { key: 'vault.fulfilWithdrawal' },
      { key: 'vault.perPricedAsset', count: state.assetCount },
    ],
  };
}

/**
 * A `cancel_withdrawal` of `owner`'s request `nonce`: `caller` is the owner, or anyone from
 * {@link REQUEST_DEADLINE_SECS} after the request; the shares go to `shareDestination`, a
 * share account of the owner.
 *
 * @example
 * const cancel = await getCancelWithdrawalInstructionFor({ caller: wallet, vault, owner: wallet.address, nonce, shareDestination });
 */
export async function getCancelWithdrawalInstructionFor(
  input: {
    caller: TransactionSigner;
    vault: VaultStateAccount;
    owner: Address;
    nonce: bigint;
    shareDestination: Address;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).vault;
  const [request] = await findWithdrawalRequestPda(
    { vault: input.vault.address, owner: input.owner, nonce: input.nonce },
    { programAddress },
  );
  const instruction = getCancelWithdrawalInstruction(
    {
      caller: input.caller,
      vault: input.vault.address,
      request,
      owner: input.owner,
      shareMint: input.vault.data.shareMint,
      shareDestination: input.shareDestination,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'vault.cancelWithdrawal' }] };
}
