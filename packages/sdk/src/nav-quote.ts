/**
 * The NAV view a dapp shows before a deposit or withdrawal (spec, Deposit flow step 1): the
 * snapshot's staleness, each asset's price, multiplier and freeze state, the NAV both ways
 * rounded, the effective share supply, and, when the program would refuse, the vault error it
 * would refuse with. Every number is computed the way the vault program computes it
 * (`nav.rs`, `share_math`, `price_memo`, `deposit/processor.rs`); this module is pure,
 * `get-nav-quote.ts` reads the accounts.
 */

import { VAULT_ERROR__STALE_NAV, VAULT_ERROR__WRONG_SNAPSHOT } from '@basket/vault-client';
import { assetView } from './nav-quote-asset.ts';
import type { FrozenAsset, NavQuote, NavQuoteInput, VaultRefusal } from './nav-quote-types.ts';
import { navStaleness } from './nav-staleness.ts';
import { rollPriceMemo, sumNav } from './price-memo.ts';
import { quotePrograms, vaultRefusal } from './quote-programs.ts';
import { mgmtFeeShares, pricePerShare } from './share-math.ts';

export type {
  FreezeReason,
  FrozenAsset,
  NavQuote,
  NavQuoteAsset,
  NavQuoteInput,
  VaultRefusal,
} from './nav-quote-types.ts';

function sameBytes(a: Uint8Array | ArrayLike<number>, b: Uint8Array | ArrayLike<number>) {
  return a.length === b.length && Array.from(a).every((x, i) => x === b[i]);
}

/**
 * Computes the NAV view from accounts already read (see `getNavQuote` to read them).
 *
 * @example
 * const quote = computeNavQuote({ vaultAddress, vault, snapshotAddress, snapshot, shareMint, mints, now });
 */
export function computeNavQuote(input: NavQuoteInput): NavQuote {
  const programs = quotePrograms(input);
  const refusal = (code: number, mint: NavQuote['vault'] | null = null): VaultRefusal =>
    vaultRefusal(programs, code, mint);
  const { vault, snapshot, now } = input;
  const count = Math.min(vault.assetCount, vault.assets.length);
  // NAV-pricing instructions first roll the vault's price memory to the snapshot.
  const memo = snapshot ? rollPriceMemo(vault.assets.slice(0, count), vault, snapshot) : [];
  const assets = Array.from({ length: count }, (_, i) => assetView(input, i, refusal, memo[i]));

  // nav::load_snapshot and check_fresh come before any asset guard.
  let refusalNow: VaultRefusal | null = null;
  let snapshotRefusal: VaultRefusal | null = null;
  const snapshotMatches =
    snapshot !== null &&
    input.snapshotAddress === vault.navSnapshot &&
    sameBytes(snapshot.skuId, vault.skuId);
  const staleness = snapshot ? navStaleness(snapshot.publishUnixTime, now) : null;
  if (!snapshotMatches) snapshotRefusal = refusal(VAULT_ERROR__WRONG_SNAPSHOT);
  else if (!staleness?.fresh) snapshotRefusal = refusal(VAULT_ERROR__STALE_NAV);
  if (snapshotRefusal) refusalNow = snapshotRefusal;
  else {
    const held = assets.find((a) => a.holdingsRaw > 0n && a.guardFailure);
    refusalNow = held?.guardFailure ?? null;
  }

  let navUsd: NavQuote['navUsd'] = null;
  if (refusalNow === null) {
    const held = assets.filter((a) => a.holdingsRaw > 0n && a.navParts);
    navUsd = {
      up: sumNav(
        vault.cashRaw,
        held.map((a) => a.navParts!.up),
        'up',
      ),
      down: sumNav(
        vault.cashRaw,
        held.map((a) => a.navParts!.down),
        'down',
      ),
    };
  }

  const minted = input.shareMint.supply;
  // Escrowed request shares count in the supply that prices everyone (program
  // `shared::accrue_mgmt_fee`).
  const base = minted + vault.feeSharesOwed + vault.escrowedShares;
  const accrued = mgmtFeeShares(base, vault.mgmtFeeBps, now - vault.lastMgmtFeeTime);
  const frozen: FrozenAsset[] = assets
    .filter((a) => a.freezeReasons.length > 0)
    .map((a) => ({
      mint: a.mint,
      reasons: a.freezeReasons,
      corporateActionReason: a.multiplierChange?.reason ?? null,
      activationDateTime: a.multiplierChange?.activationDateTime ?? null,
      held: a.holdingsRaw > 0n,
    }));
  return {
    vault: input.vaultAddress,
    now,
    paused: vault.paused !== 0,
    config: {
      minDepositRaw: vault.minDepositRaw,
      depositCapUsd: vault.depositCapUsd,
      withdrawFeeBps: vault.withdrawFeeBps,
      mgmtFeeBps: vault.mgmtFeeBps,
      perfFeeBps: vault.perfFeeBps,
      highWaterMarkPps: vault.highWaterMarkPps,
      lastPerfFeeTime: vault.lastPerfFeeTime,
      lastMgmtFeeTime: vault.lastMgmtFeeTime,
      maxSlipBps: vault.maxSlipBps,
      lastNavUsd: vault.lastNavUsd,
      rebalanceDay: vault.rebalanceDay,
      rebalanceLossUsd: vault.rebalanceLossUsd,
    },
    snapshot:
      snapshot && staleness
        ? {
            address: input.snapshotAddress,
            sequence: snapshot.sequence,
            publishSlot: snapshot.publishSlot,
            pushedBy: snapshot.pushedBy,
            staleness,
          }
        : null,
    assets,
    frozen,
    navUsd,
    supply: {
      minted,
      feeSharesOwed: vault.feeSharesOwed,
      escrowedShares: vault.escrowedShares,
      accruedMgmtFeeShares: accrued,
      effective: base + accrued,
    },
    pricePerShare: navUsd ? pricePerShare(navUsd.down, base + accrued) : null,
    refusal: refusalNow,
    snapshotRefusal,
    cashRaw: vault.cashRaw,
    programs,
  };
}
