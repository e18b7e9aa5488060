/**
 * The stablecoin exits' own refusals, each met where only that check can refuse (mutation
 * testing found them unneeded by the other suites): cancel_withdrawal and fulfil_withdrawal
 * take no instruction data; cancel mints the escrowed shares back only on the vault's share
 * mint; the pause stops fulfilments and new requests (not cancels); a request is only ever
 * the vault's own account, made once per nonce, of the vault's share mint and of some shares;
 * withdraw_usdc refuses zero shares by name before the snapshot is read. Each refusal
 * changes nothing, and the same call without the fault then lands.
 */

import {
  accountBytes,
  createMint,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getCancelWithdrawalInstruction,
  getSetPausedInstruction,
  VAULT_ERROR__ALREADY_INITIALIZED,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__INVALID_INSTRUCTION_DATA,
  VAULT_ERROR__INVALID_OWNER,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_SHARE_MINT,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  fulfilWithdrawalIx,
  initVault,
  MONDAY_15H,
  newDepositor,
  readVault,
  requestPda,
  requestWithdrawIx,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

/** `ix` with one byte of instruction data more than it takes. */
const withTrailingByte = (ix: Instruction): Instruction => ({
  ...ix,
  data: Uint8Array.from([...(ix.data ?? []), 0]),
});

describe('withdrawal request and withdraw_usdc checks', () => {
  let b: Basket;
  let alice: Depositor;
  let treasury: { usdc: Address; shares: Address };
  let shares: bigint;

  beforeEach(async () => {
    // Issuer-made mints with non-unit multipliers (setupBasket), three assets and cash.
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    treasury = await treasuryAccounts(b);
    shares = tokenAmount(b.svm, alice.shareAccount) / 4n;
  });

  function watched(request: Address): Address[] {
    return [
      b.vault,
      b.shareMint,
      request,
      alice.shareAccount,
      alice.usdcAccount,
      b.cashHolding,
      treasury.usdc,
    ];
  }

  async function refused(ix: Instruction, code: number, request: Address): Promise<void> {
    const before = accountBytes(b.svm, watched(request));
    const r = await send(b.svm, [ix], b.payer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, watched(request))).toEqual(before);
  }

  async function landed(ix: Instruction): Promise<void> {
    const r = await send(b.svm, [ix], b.payer);
    expect(r.error).toBeNull();
  }

  async function cancelIx(
    shareMint: Address = b.shareMint,
    request?: Address,
  ): Promise<Instruction> {
    return getCancelWithdrawalInstruction({
      caller: alice.signer,
      vault: b.vault,
      request: request ?? (await requestPda(b, alice.signer.address, 1n)),
      owner: alice.signer.address,
      shareMint,
      shareDestination: alice.shareAccount,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    });
  }

  it('cancel_withdrawal refuses instruction data, then cancels without it', async () => {
    await landed(await requestWithdrawIx(b, alice, shares, 1n));
    const request = await requestPda(b, alice.signer.address, 1n);
    await refused(
      withTrailingByte(await cancelIx()),
      VAULT_ERROR__INVALID_INSTRUCTION_DATA,
      request,
    );
    const held = tokenAmount(b.svm, alice.shareAccount);
    await landed(await cancelIx());
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(held + shares);
    expect(readVault(b).escrowedShares).toBe(0n);
  });

  it('cancel_withdrawal refuses another Token-2022 mint in the share mint place', async () => {
    await landed(await requestWithdrawIx(b, alice, shares, 1n));
    const request = await requestPda(b, alice.signer.address, 1n);
    // A mint laid out like the share mint (Token-2022, same decimals) that is not the vault's.
    const other = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
    });
    await refused(await cancelIx(other.address), VAULT_ERROR__WRONG_SHARE_MINT, request);
    await landed(await cancelIx());
    expect(readVault(b).openRequests).toBe(0n);
  });

  it('fulfil_withdrawal refuses instruction data, then pays without it', async () => {
    await landed(await requestWithdrawIx(b, alice, shares, 1n));
    const request = await requestPda(b, alice.signer.address, 1n);
    // A snapshot published after the request (forward pricing).
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    const fulfil = await fulfilWithdrawalIx(b, alice, treasury.usdc);
    await refused(withTrailingByte(fulfil), VAULT_ERROR__INVALID_INSTRUCTION_DATA, request);
    const usdc = tokenAmount(b.svm, alice.usdcAccount);
    await landed(fulfil);
    expect(tokenAmount(b.svm, alice.usdcAccount)).toBeGreaterThan(usdc);
    expect(readVault(b).escrowedShares).toBe(0n);
  });

  it('withdraw_usdc refuses zero shares with AmountTooSmall before the snapshot is read', async () => {
    // Given a snapshot too old to price with: any other withdrawal fails on it
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    const ix = (n: bigint) =>
      withdrawUsdcIx(
        b,
        alice.signer,
        {
          shareSource: alice.shareAccount,
          destination: alice.usdcAccount,
          treasuryStable: treasury.usdc,
        },
        { shares: n },
      );
    await refused(ix(0n), VAULT_ERROR__AMOUNT_TOO_SMALL, b.vault);
    // At a fresh snapshot a withdrawal of real shares lands.
    writeSnapshot(b);
    const usdc = tokenAmount(b.svm, alice.usdcAccount);
    await landed(ix(USDC));
    expect(tokenAmount(b.svm, alice.usdcAccount)).toBeGreaterThan(usdc);
  });

  it('the pause refuses fulfilments and new requests, never the owner cancelling', async () => {
    await landed(await requestWithdrawIx(b, alice, shares, 1n));
    const request = await requestPda(b, alice.signer.address, 1n);
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    const pause = (paused: boolean) =>
      getSetPausedInstruction({ vault: b.vault, paused, adminSigners: b.admins.slice(0, 3) });
    await landed(pause(true));
    await refused(
      await fulfilWithdrawalIx(b, alice, treasury.usdc),
      VAULT_ERROR__VAULT_PAUSED,
      request,
    );
    const second = await requestPda(b, alice.signer.address, 2n);
    await refused(
      await requestWithdrawIx(b, alice, shares, 1n, 2n),
      VAULT_ERROR__VAULT_PAUSED,
      second,
    );
    expect(b.svm.getAccount(second).exists).toBe(false);
    // The owner's way out stays open while paused.
    await landed(await cancelIx());
    await landed(pause(false));
    await landed(await requestWithdrawIx(b, alice, shares, 1n, 2n));
    setUnixTime(b.svm, MONDAY_15H + 40n);
    writeSnapshot(b);
    await landed(await fulfilWithdrawalIx(b, alice, treasury.usdc, { nonce: 2n }));
    expect(readVault(b).openRequests).toBe(0n);
  });

  it('request_withdraw_usdc refuses zero shares, another share mint and a nonce in use', async () => {
    const request = await requestPda(b, alice.signer.address, 1n);
    await refused(
      await requestWithdrawIx(b, alice, 0n, 1n),
      VAULT_ERROR__AMOUNT_TOO_SMALL,
      request,
    );
    expect(b.svm.getAccount(request).exists).toBe(false);
    // Another Token-2022 mint in the share mint's place.
    const other = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
    });
    const ix = await requestWithdrawIx(b, alice, shares, 1n);
    const accounts = [...(ix.accounts ?? [])];
    expect(accounts[2]?.address).toBe(b.shareMint);
    accounts[2] = { address: other.address, role: AccountRole.WRITABLE };
    await refused({ ...ix, accounts }, VAULT_ERROR__WRONG_SHARE_MINT, request);
    // The real request lands once; the same nonce again is refused by name.
    await landed(ix);
    await refused(
      await requestWithdrawIx(b, alice, shares, 1n),
      VAULT_ERROR__ALREADY_INITIALIZED,
      request,
    );
    expect(readVault(b).escrowedShares).toBe(shares);
  });

  it('cancel_withdrawal refuses a copy of a request owned by another program', async () => {
    await landed(await requestWithdrawIx(b, alice, shares, 1n));
    const request = await requestPda(b, alice.signer.address, 1n);
    // The request's bytes and lamports at another address, under the System program: every
    // field names this vault and Alice, only the owner program is wrong.
    const account = b.svm.getAccount(request);
    if (!account.exists) throw new Error('request');
    const copy = (await generateKeyPairSigner()).address;
    b.svm.setAccount({
      ...account,
      address: copy,
      programAddress: '11111111111111111111111111111111' as Address,
    });
    await refused(await cancelIx(b.shareMint, copy), VAULT_ERROR__INVALID_OWNER, copy);
    // The real request is still there and cancels.
    await landed(await cancelIx());
    expect(readVault(b).escrowedShares).toBe(0n);
  });
});
