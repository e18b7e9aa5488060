/**
 * The users' commands: deposits, withdrawals in kind and in stablecoin, withdrawal requests
 * (made, fulfilled by the keeper, cancelled by the owner or by anyone once expired) and the
 * batched redemption (begun, then paid slot by slot). Amounts are fractions of what the actor
 * holds (in basis points) so shrinking keeps a sequence meaningful.
 */

import { type SendResult, TOKEN_2022_PROGRAM_ADDRESS } from '@basket/test-harness';
import { getCancelWithdrawalInstruction } from '@basket/vault-client';
import type { AsyncCommand } from 'fast-check';
import { decodeProgramEvents } from '../../../packages/sdk/src/program-event-decoder.ts';
import {
  beginRedemptionIx,
  claimAddress,
  depositIx,
  fulfilWithdrawalIx,
  payRedemptionIx,
  requestPda,
  requestWithdrawIx,
  withdrawInKindIx,
  withdrawUsdcIx,
} from '../../../programs/vault/tests/fixture.ts';
import { expectEqual, type Model, type Real, step } from '../harness.ts';
import { balanceOf } from '../observe.ts';
import { type Actor, hooked } from '../world.ts';

type Cmd = AsyncCommand<Model, Real>;

function actorOf(real: Real, i: number): Actor {
  const a = real.w.actors[i % real.w.actors.length];
  if (!a) throw new Error('no actors');
  return a;
}

function fraction(total: bigint, bps: number): bigint {
  return (total * BigInt(bps)) / 10_000n;
}

function eventsNamed(r: SendResult, name: string): Record<string, unknown>[] {
  return decodeProgramEvents(r.logs)
    .filter((e) => e.status === 'decoded' && e.program === 'vault' && e.name === name)
    .map((e) => (e as unknown as { event: Record<string, unknown> }).event);
}

/** A one-line command for fast-check (always runnable unless `check` says otherwise). */
export function command(
  label: string,
  run: (m: Model, r: Real) => Promise<void>,
  check: (m: Model) => boolean = () => true,
): Cmd {
  return { check, run, toString: () => label };
}

export function deposit(actor: number, amount: bigint): Cmd {
  return command(`deposit(${actor}, ${amount})`, async (m, real) => {
    const a = actorOf(real, actor);
    const ix = depositIx(real.w.b, a, amount);
    const usdcBefore = balanceOf(real.w, a.usdcAccount);
    const sharesBefore = balanceOf(real.w, a.shareAccount);
    await step(m, real, 'deposit', [ix], a.signer, {
      actor,
      reconciles: true,
      landed: (r) => {
        const [e] = eventsNamed(r, 'deposit');
        expectEqual(
          'events consistent with state',
          'deposit event count',
          BigInt(eventsNamed(r, 'deposit').length),
          1n,
        );
        expectEqual(
          'events consistent with state',
          'deposit shares vs balance',
          balanceOf(real.w, a.shareAccount) - sharesBefore,
          e?.shares as bigint,
        );
        expectEqual(
          'events consistent with state',
          'deposit amount vs USDC paid',
          usdcBefore - balanceOf(real.w, a.usdcAccount),
          e?.rawAmount as bigint,
        );
      },
    });
  });
}

export function withdrawInKind(actor: number, bps: number): Cmd {
  return command(`withdrawInKind(${actor}, ${bps}bps)`, async (m, real) => {
    const a = actorOf(real, actor);
    const shares = fraction(balanceOf(real.w, a.shareAccount), bps);
    // Every slot's forfeit accepted: the model expects a frozen or paused slice to stay.
    const ix = hooked(
      real.w,
      withdrawInKindIx(real.w.b, a.signer, a.shareAccount, a, shares, undefined, 0xfffff),
      true,
    );
    const sharesBefore = balanceOf(real.w, a.shareAccount);
    await step(m, real, 'withdraw_in_kind', [ix], a.signer, {
      actor,
      reconciles: true,
      landed: () => {
        expectEqual(
          'supply conserved',
          'shares taken from the owner',
          sharesBefore - balanceOf(real.w, a.shareAccount),
          shares,
        );
      },
    });
  });
}

export function withdrawUsdc(actor: number, bps: number): Cmd {
  return command(`withdrawUsdc(${actor}, ${bps}bps)`, async (m, real) => {
    const a = actorOf(real, actor);
    const shares = fraction(balanceOf(real.w, a.shareAccount), bps);
    const ix = withdrawUsdcIx(
      real.w.b,
      a.signer,
      {
        shareSource: a.shareAccount,
        destination: a.usdcAccount,
        treasuryStable: real.w.treasury.usdc,
      },
      { shares },
    );
    const usdcBefore = balanceOf(real.w, a.usdcAccount);
    await step(m, real, 'withdraw_usdc', [ix], a.signer, {
      actor,
      reconciles: true,
      landed: (r) => {
        const [e] = eventsNamed(r, 'withdrawStable');
        expectEqual(
          'events consistent with state',
          'withdrawal net vs USDC received',
          balanceOf(real.w, a.usdcAccount) - usdcBefore,
          e?.netUsd as bigint,
        );
        expectEqual(
          'events consistent with state',
          'gross = net + fee',
          e?.grossUsd as bigint,
          (e?.netUsd as bigint) + (e?.feeUsd as bigint),
        );
      },
    });
  });
}

export function requestWithdraw(actor: number, bps: number, minOutBps: number): Cmd {
  return command(
    `requestWithdraw(${actor}, ${bps}bps, minOut ${minOutBps}bps)`,
    async (m, real) => {
      const a = actorOf(real, actor);
      const shares = fraction(balanceOf(real.w, a.shareAccount), bps);
      const k = actor % real.w.actors.length;
      const nonce = m.nonces[k] ?? 1n;
      // minOut as a fraction of the shares' face value at $1 a share, so some exceed the NAV.
      const ix = await requestWithdrawIx(real.w.b, a, shares, fraction(shares, minOutBps), nonce);
      const address = await requestPda(real.w.b, a.signer.address, nonce);
      const r = await step(m, real, 'request_withdraw_usdc', [ix], a.signer, {
        actor: k,
        record: () => m.requests.push({ actor: k, nonce, address }),
      });
      if (r.ok) m.nonces[k] = nonce + 1n;
    },
  );
}

export function fulfilRequest(index: number): Cmd {
  return command(
    `fulfilRequest(${index})`,
    async (m, real) => {
      const req = m.requests[index % m.requests.length];
      if (!req) return;
      const a = actorOf(real, req.actor);
      const ix = await fulfilWithdrawalIx(real.w.b, a, real.w.treasury.usdc, { nonce: req.nonce });
      await step(m, real, 'fulfil_withdrawal', [ix], real.w.b.keeper, {
        actor: req.actor,
        reconciles: true,
      });
    },
    (m) => m.requests.length > 0,
  );
}

export function cancelRequest(index: number, byOwner: boolean): Cmd {
  return command(
    `cancelRequest(${index}, ${byOwner ? 'owner' : 'stranger'})`,
    async (m, real) => {
      const req = m.requests[index % m.requests.length];
      if (!req) return;
      const a = actorOf(real, req.actor);
      const caller = byOwner ? a : actorOf(real, req.actor + 1);
      const ix = getCancelWithdrawalInstruction({
        caller: caller.signer,
        vault: real.w.b.vault,
        request: req.address,
        owner: a.signer.address,
        shareMint: real.w.b.shareMint,
        shareDestination: a.shareAccount,
        token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      });
      await step(
        m,
        real,
        byOwner ? 'cancel_withdrawal(owner)' : 'cancel_withdrawal(expired)',
        [ix],
        caller.signer,
        {
          actor: req.actor,
        },
      );
    },
    (m) => m.requests.length > 0,
  );
}

export function beginRedemption(actor: number, bps: number): Cmd {
  return command(`beginRedemption(${actor}, ${bps}bps)`, async (m, real) => {
    const a = actorOf(real, actor);
    const k = actor % real.w.actors.length;
    const nonce = m.nonces[k] ?? 1n;
    const shares = fraction(balanceOf(real.w, a.shareAccount), bps);
    const claim = await claimAddress(real.w.b, a.signer.address, nonce);
    const ix = beginRedemptionIx(real.w.b, a.signer, {
      shareSource: a.shareAccount,
      claim,
      shares,
      nonce,
    });
    const r = await step(m, real, 'begin_redemption', [ix], a.signer, {
      actor: k,
      reconciles: true,
      record: () => m.claims.push({ actor: k, nonce, address: claim }),
    });
    if (r.ok) m.nonces[k] = nonce + 1n;
  });
}

export function payRedemption(index: number, slotMask: number, cash: boolean): Cmd {
  return command(
    `payRedemption(${index}, slots ${slotMask.toString(2)}, cash ${cash})`,
    async (m, real) => {
      const c = m.claims[index % m.claims.length];
      if (!c) return;
      const a = actorOf(real, c.actor);
      const slots = real.w.b.assets.map((_, i) => i).filter((i) => (slotMask >> i) & 1);
      if (slots.length === 0 && !cash) return;
      const ix = hooked(
        real.w,
        payRedemptionIx(real.w.b, {
          claim: c.address,
          owner: a.signer.address,
          to: a,
          slots,
          cash,
        }),
        slots.includes(real.w.hook.index),
      );
      // Anyone may pay a claim (the keeper does); the owner's wealth moves from claim to wallet.
      await step(m, real, 'pay_redemption', [ix], real.w.b.keeper, { actor: c.actor });
    },
    (m) => m.claims.length > 0,
  );
}
