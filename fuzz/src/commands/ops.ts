/**
 * The keeper's, the admins', the issuer's and time's commands: NAV pushes through the oracle
 * (moves up to 12%, so some exceed the 10% cap and are refused; some flag a corporate-action
 * freeze), refresh_nav, clock moves, multiplier changes (now or scheduled), direct rebalance
 * legs (fair, generous, short of the slippage bound), fee collections, pauses, weight changes
 * through the 48 h timelock, and the issuer's powers over the vault's holdings.
 */

import {
  delegateBurnInstruction,
  delegateTransferInstruction,
  freezeInstruction,
  getUpdateMultiplierInstruction,
  pauseInstruction,
  setTestHookModeInstruction,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getApplyWeightsInstruction,
  getCollectMgmtFeeInstruction,
  getCollectWithdrawFeesInstruction,
  getRefreshNavInstruction,
  getSetPausedInstruction,
  getUpdateWeightsInstruction,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { decodeProgramEvents } from '../../../packages/sdk/src/program-event-decoder.ts';
import {
  assetPairs,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  multiplierNum,
} from '../../../programs/vault/tests/fixture.ts';
import {
  incomingIx,
  type Leg,
  legIx,
  minAcceptedIn,
  type Slot,
  settleIx,
} from '../../../programs/vault/tests/rebalance-fixture.ts';
import { step, tick } from '../harness.ts';
import { InvariantViolation } from '../invariants.ts';
import { balanceOf, vaultState } from '../observe.ts';
import { currentMultiplier, hooked, pushInstructions } from '../world.ts';
import { command } from './users.ts';

/** How far ahead of the last a push's sequence may be (decision 0121). */
export const MAX_SEQUENCE_AHEAD = 16n;

/**
 * Who signs a push and its sequence: by default the first key of the oracle's keeper set
 * now, the next sequence. A key outside the set, or a sequence more than 16 ahead, must be
 * refused (keeper rotation takes effect at once, decision 0386; sequences bounded, 0121).
 */
export interface PushBy {
  keeper?: number;
  ahead?: bigint;
  /** The mix's name for it. */
  name?: string;
}

/** A keeper push moving each asset's price by `movesBps`; `freeze` flags one asset. */
export function navPush(movesBps: number[], freeze: number | null, by: PushBy = {}) {
  const who = by.keeper === undefined ? '' : `, keeper ${by.keeper}, +${by.ahead ?? 1n}`;
  return command(
    `navPush([${movesBps.join(', ')}]bps, freeze ${freeze}${who})`,
    async (m, real) => {
      const { w } = real;
      const entries = w.pushed.map((p, i) => {
        const multiplier = currentMultiplier(w, i);
        // A multiplier change (a split) leaves the value of a raw unit where it was: the price
        // per displayed token moves by the inverse factor, then by the market's move.
        const rescaled = (p.priceUsd1e8 * multiplierNum(p.multiplier)) / multiplierNum(multiplier);
        return {
          priceUsd1e8: (rescaled * BigInt(10_000 + (movesBps[i] ?? 0))) / 10_000n,
          multiplier,
          flags: FLAG_MARKET_OPEN | (freeze === i ? FLAG_CORPORATE_ACTION_FREEZE : 0),
        };
      });
      const ahead = by.ahead ?? 1n;
      const sequence = w.oracleSequence + ahead;
      const k = by.keeper ?? w.oracleKeeperSet[0] ?? 0;
      const signer = w.oracleKeepers[k] ?? w.b.keeper;
      const r = await step(
        m,
        real,
        by.name ?? 'oracle push_snapshot',
        await pushInstructions(w, sequence, entries, signer),
        w.b.keeper,
        {
          exogenous: true,
          landed: () => {
            if (!w.oracleKeeperSet.includes(k))
              throw new InvariantViolation(
                'a removed keeper pushes nothing',
                `keeper ${k} is not in the oracle's set [${w.oracleKeeperSet}] but its push landed`,
              );
            if (ahead > MAX_SEQUENCE_AHEAD)
              throw new InvariantViolation(
                'sequences bounded',
                `a push ${ahead} ahead of sequence ${w.oracleSequence} landed`,
              );
          },
        },
      );
      if (!r.ok) return;
      w.oracleSequence = sequence;
      w.b.snapshotSequence = sequence;
      entries.forEach((e, i) => {
        w.pushed[i] = { priceUsd1e8: e.priceUsd1e8, multiplier: e.multiplier };
        const asset = w.b.assets[i];
        if (asset) {
          asset.priceUsd1e8 = e.priceUsd1e8;
          asset.multiplier = e.multiplier;
        }
      });
    },
  );
}

export function refreshNav() {
  return command('refreshNav', async (m, real) => {
    const { b } = real.w;
    const ix = getRefreshNavInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      assetAccounts: assetPairs(b),
    });
    await step(m, real, 'refresh_nav', [ix], b.keeper, {
      reconciles: true,
      // The vault's payout NAV (each stock at the less favourable of the last two pushes,
      // rounded down) is never above the reference at the latest push and the real balances.
      landed: (r, _before, after) => {
        const event = decodeProgramEvents(r.logs).find(
          (e) => e.status === 'decoded' && e.name === 'navRefreshed',
        );
        const navDown = (event as { event?: { navDownUsd?: bigint } } | undefined)?.event
          ?.navDownUsd;
        if (navDown === undefined)
          throw new InvariantViolation(
            'events consistent with state',
            'refresh_nav landed without NavRefreshed',
          );
        if (navDown > after.navDown) {
          throw new InvariantViolation(
            'shares x NAV vs value held',
            `the vault's NAV ${navDown} is above the reference ${after.navDown}`,
          );
        }
      },
    });
  });
}

/** Moves the chain's clock forward (and the slot with it, 400 ms a slot). */
export function clockMove(seconds: number, mixName = 'clock move') {
  return command(`clockMove(${seconds}s)`, async (_m, real) => {
    const { svm } = real.w;
    tick(real);
    const c = svm.getClock();
    svm.warpToSlot(c.slot + BigInt(Math.max(1, Math.floor(seconds * 2.5))));
    setUnixTime(svm, c.unixTimestamp + BigInt(seconds));
    if (real.shrinking) return;
    const entry = real.mix[mixName] ?? { ok: 0, refused: 0, codes: {} };
    entry.ok += 1;
    real.mix[mixName] = entry;
  });
}

/** The issuer changes an asset's multiplier by `factorPct`%, now or `delay` seconds from now. */
export function multiplierChange(asset: number, factorPct: number, delay: number) {
  return command(`multiplierChange(${asset}, x${factorPct}%, in ${delay}s)`, async (m, real) => {
    const { w } = real;
    const i = asset % w.b.assets.length;
    const a = w.b.assets[i];
    const mint = w.mints[i];
    if (!a || !mint) return;
    const next = Math.round(currentMultiplier(w, i) * factorPct * 100) / 10_000;
    const at = delay === 0 ? 0n : w.svm.getClock().unixTimestamp + BigInt(delay);
    const ix = getUpdateMultiplierInstruction({
      mint: a.mint.address,
      authority: a.mint.authority,
      multiplier: next,
      effectiveTimestamp: at,
    });
    const r = await step(m, real, 'issuer update_multiplier', [ix], w.b.payer, { exogenous: true });
    if (!r.ok) return;
    if (delay === 0) mint.multiplier = next;
    else mint.pending = { multiplier: next, at };
  });
}

/** A direct-route leg; `quality` shifts the delivered amount off the least the bound accepts. */
export function rebalanceLeg(
  pay: number,
  receive: number,
  payBps: number,
  quality: 'fair' | 'generous' | 'short',
) {
  return command(
    `rebalanceLeg(${pay} -> ${receive}, ${payBps}bps, ${quality})`,
    async (m, real) => {
      const { w } = real;
      const n = w.b.assets.length;
      // Slot n is the cash buffer.
      const slot = (k: number): Slot => (k % (n + 1) === n ? 'cash' : k % (n + 1));
      const paySlot = slot(pay);
      const receiveSlot = slot(receive);
      if (paySlot === receiveSlot) return;
      const vault = vaultState(w);
      const book = paySlot === 'cash' ? vault.cashRaw : (vault.assets[paySlot]?.holdingsRaw ?? 0n);
      const payAmount = (book * BigInt(payBps)) / 10_000n;
      if (payAmount === 0n) return;
      const least = minAcceptedIn(w.b, paySlot, receiveSlot, payAmount, BigInt(vault.maxSlipBps));
      const receiveAmount =
        quality === 'fair'
          ? least
          : quality === 'generous'
            ? (least * 101n) / 100n + 1n
            : least > 0n
              ? least - 1n
              : 0n;
      const leg: Leg = { pay: paySlot, receive: receiveSlot, payAmount, receiveAmount };
      // The hooked stock's hook accounts ride on whichever transfer moves it.
      const h = w.hook.index;
      const ixs = [
        hooked(w, legIx(w.b, w.counterparty, leg), paySlot === h),
        hooked(w, incomingIx(w.b, w.counterparty, leg), receiveSlot === h),
        settleIx(w.b, receiveSlot),
      ];
      await step(m, real, `rebalance_leg(${quality})`, ixs, w.b.keeper, { reconciles: false });
    },
  );
}

export function collectMgmtFee() {
  return command('collectMgmtFee', async (m, real) => {
    const { b, treasury } = real.w;
    const ix = getCollectMgmtFeeInstruction({
      vault: b.vault,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    });
    await step(m, real, 'collect_mgmt_fee', [ix], b.keeper);
  });
}

export function collectWithdrawFees() {
  return command('collectWithdrawFees', async (m, real) => {
    const { b, treasury } = real.w;
    const ix = getCollectWithdrawFeesInstruction({
      vault: b.vault,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      treasuryStable: treasury.usdc,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    await step(m, real, 'collect_withdraw_fees', [ix], b.keeper);
  });
}

/** The admins (3 of 5) pause or resume the vault. */
export function setPaused(paused: boolean) {
  return command(`setPaused(${paused})`, async (m, real) => {
    const { b } = real.w;
    const ix = getSetPausedInstruction({
      vault: b.vault,
      paused,
      adminSigners: b.admins.slice(0, 3),
    });
    await step(m, real, 'set_paused', [ix], b.payer);
  });
}

/** The admins queue new weights (rotated by `shift`); anyone applies them after the timelock. */
export function weightsChange(shift: number) {
  return command(`weightsChange(shift ${shift})`, async (m, real) => {
    const { b } = real.w;
    const n = b.assets.length;
    const weights = b.assets.map((_, i) => b.assets[(i + shift) % n]?.weightBps ?? 0);
    const ix = getUpdateWeightsInstruction({
      vault: b.vault,
      newWeights: [...weights, ...Array(20 - n).fill(0)],
      adminSigners: b.admins.slice(0, 3),
    });
    await step(m, real, 'update_weights', [ix], b.payer);
  });
}

export function applyWeights() {
  return command('applyWeights', async (m, real) => {
    const { b } = real.w;
    const nonce = vaultState(real.w).pendingWeightsNonce;
    await step(
      m,
      real,
      'apply_weights',
      [getApplyWeightsInstruction({ vault: b.vault, nonce })],
      b.payer,
    );
  });
}

/** The issuer's powers over a vault holding: freeze/thaw, pause the mint, burn, move away. */
export function issuerPower(
  kind: 'freeze' | 'thaw' | 'pause' | 'resume' | 'burn' | 'move',
  asset: number,
  bps: number,
) {
  return command(`issuer ${kind}(${asset}, ${bps}bps)`, async (m, real) => {
    const { w } = real;
    const i = asset % w.b.assets.length;
    const a = w.b.assets[i];
    const holding = w.b.holdings[i];
    const recovery = w.recovery[i];
    if (!a || !holding || !recovery) return;
    // biome-ignore lint/suspicious/noExplicitAny: the fixture's TestMint is an IssuerMint here (createWorld made every stock one)
    const mint = a.mint as any;
    const amount = (balanceOf(w, holding) * BigInt(bps)) / 10_000n;
    const ix =
      kind === 'freeze' || kind === 'thaw'
        ? freezeInstruction(mint, holding, kind === 'freeze')
        : kind === 'pause' || kind === 'resume'
          ? pauseInstruction(mint, kind === 'pause')
          : kind === 'burn'
            ? delegateBurnInstruction(mint, holding, amount)
            : hooked(
                w,
                delegateTransferInstruction(mint, { from: holding, to: recovery, amount }),
                i === w.hook.index,
              );
    const seizes = kind === 'burn' || kind === 'move';
    const r = await step(m, real, `issuer ${kind}`, [ix], w.b.payer, {
      // Recorded before the after-state is read: the book stays above the balance until the
      // vault's next reconciling instruction.
      record: () => {
        if (seizes) m.seized[i] = (m.seized[i] ?? 0n) + amount;
      },
    });
    if (!r.ok) return;
  });
}

/**
 * The hooked stock's issuer switches its hook: recording every transfer, refusing every one,
 * or refusing only those touching one account (an actor's wallet of it, or the vault's
 * holding). A refusing hook must fail only what moves the stock, whole.
 */
export function hookMode(
  mode: 'record' | 'refuse' | 'refuse-actor' | 'refuse-holding',
  actor: number,
) {
  return command(
    `hookMode(${mode}${mode === 'refuse-actor' ? ` ${actor}` : ''})`,
    async (m, real) => {
      const { w } = real;
      const h = w.hook.index;
      const target =
        mode === 'refuse-actor'
          ? w.actors[actor % w.actors.length]?.assetAccounts[h]
          : w.b.holdings[h];
      const ix = await setTestHookModeInstruction(
        w.hook.mint.address,
        w.hook.mint.issuer,
        mode === 'record' || mode === 'refuse' ? mode : { refuseAccount: target as Address },
      );
      await step(m, real, `hook set_mode(${mode})`, [ix], w.b.payer);
    },
  );
}
