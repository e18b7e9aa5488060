/**
 * rebalance_leg / rebalance_settle through the direct route: who may trade and into which
 * accounts, the one-leg-at-a-time lock, and the vault's guards (stale snapshot, pause,
 * frozen asset, multiplier mismatch, book and mint checks). Every rejection is the specific
 * custom error with every touched account byte-for-byte unchanged. Swaps and deliveries are
 * in `rebalance-leg.test.ts`.
 */

import { send, setUnixTime, updateMultiplier } from '@basket/test-harness';
import {
  getSetPausedInstruction,
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__INSUFFICIENT_HOLDING,
  VAULT_ERROR__LEG_PENDING,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__NO_PENDING_LEG,
  VAULT_ERROR__NOT_KEEPER,
  VAULT_ERROR__SAME_MINT,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_HOLDING,
  VAULT_ERROR__WRONG_TRADE_ACCOUNT,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  MONDAY_15H,
  multiplierNum,
  writeSnapshot,
} from './fixture.ts';
import {
  type Counterparty,
  INSTRUCTIONS_SYSVAR,
  incomingIx,
  type Leg,
  legIx,
  newCounterparty,
  settleIx,
  swapIxs,
} from './rebalance-fixture.ts';
import { BOOKS, fundedBasket, legChecks, USDC } from './rebalance-leg-support.ts';

describe('rebalance_leg', () => {
  let b: Basket;
  let c: Counterparty;
  const { fairLeg, expectRejected } = legChecks(() => ({ b, c }));

  beforeEach(async () => {
    ({ b, c } = await fundedBasket());
  });

  it('pays only into a token account of the registered trade authority', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const stranger = await newCounterparty(b, await generateKeyPairSigner());
    const ixs = [
      legIx(b, c, leg, { tradeAccount: stranger.usdc }),
      incomingIx(b, c, leg),
      settleIx(b, 0),
    ];
    await expectRejected(ixs, leg, VAULT_ERROR__WRONG_TRADE_ACCOUNT);
    // A trade-authority account of another mint than the paying one is refused too.
    const wrongMint = [
      legIx(b, c, leg, { tradeAccount: c.assets[0] }),
      incomingIx(b, c, leg),
      settleIx(b, 0),
    ];
    await expectRejected(wrongMint, leg, VAULT_ERROR__WRONG_TRADE_ACCOUNT);
  });

  it('rejects a forged instructions sysvar account', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const forged = (await generateKeyPairSigner()).address;
    b.svm.setAccount({
      address: forged,
      data: new Uint8Array(64),
      executable: false,
      lamports: 1_000_000_000n as never,
      programAddress: '11111111111111111111111111111111' as Address,
      space: 64n,
    });
    const ix = legIx(b, c, leg);
    const accounts = [...(ix.accounts ?? [])];
    accounts[3] = { address: forged, role: AccountRole.READONLY };
    await expectRejected(
      [{ ...ix, accounts }, incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      115, // InvalidSysvar (shared checks)
    );
    expect(INSTRUCTIONS_SYSVAR).not.toBe(forged);
  });

  it('rejects a signer other than the keeper, and the keeper key without its signature', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const stranger = await generateKeyPairSigner();
    await expectRejected(
      [legIx(b, c, leg, { keeper: stranger }), incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      VAULT_ERROR__NOT_KEEPER,
    );
    const ix = legIx(b, c, leg);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: b.keeper.address, role: AccountRole.READONLY };
    await expectRejected(
      [{ ...ix, accounts }, incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      100, // MissingSigner
    );
  });

  it('locks the vault while a leg is pending: a second leg fails, a second settle finds none', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    // Two legs paying twice against one delivery.
    await expectRejected(
      [legIx(b, c, leg), legIx(b, c, leg), incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      VAULT_ERROR__LEG_PENDING,
    );
    // A second settle.
    await expectRejected([...swapIxs(b, c, leg), settleIx(b, 0)], leg, VAULT_ERROR__NO_PENDING_LEG);
  });

  it('applies the guards: stale snapshot, paused vault, frozen asset, multiplier mismatch', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    setUnixTime(b.svm, MONDAY_15H + 61n);
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__STALE_NAV);
    setUnixTime(b.svm, MONDAY_15H);
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 0 ? FLAG_MARKET_OPEN | FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__ASSET_FROZEN);
    writeSnapshot(b);
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.06, 0n);
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__MULTIPLIER_MISMATCH);
    const pause = getSetPausedInstruction({
      vault: b.vault,
      paused: true,
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [pause], b.payer)).ok).toBe(true);
    await expectRejected(
      swapIxs(b, c, fairLeg('cash', 1, 100n * USDC)),
      leg,
      VAULT_ERROR__VAULT_PAUSED,
    );
  });

  it('rejects paying more than the book, and a leg exchanging a mint for itself', async () => {
    const tooMuch = fairLeg(1, 'cash', (BOOKS[1] as bigint) + 1n);
    await expectRejected(swapIxs(b, c, tooMuch), tooMuch, VAULT_ERROR__INSUFFICIENT_HOLDING);
    const same = { pay: 0, receive: 0, payAmount: 10n, receiveAmount: 10n } as Leg;
    await expectRejected(swapIxs(b, c, same), same, VAULT_ERROR__SAME_MINT);
  });

  it('settle alone finds no pending leg; settle on another holding is refused', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    await expectRejected([settleIx(b, 0)], leg, VAULT_ERROR__NO_PENDING_LEG);
    await expectRejected(
      [legIx(b, c, leg), incomingIx(b, c, leg), settleIx(b, 1)],
      leg,
      VAULT_ERROR__WRONG_HOLDING,
    );
  });
});
