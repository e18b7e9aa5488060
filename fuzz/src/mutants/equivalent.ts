/**
 * Surviving mutants shown equivalent to the original (no input tells them apart), by hash,
 * with the reason; docs/mutants.md lists them. A hash here is never reported as a survivor.
 */
export const EQUIVALENT: Record<string, string> = {
  // share_math::mgmt_fee_shares: `elapsed_secs <= 0` -> `< 0`.
  '13457152373cb281':
    'at elapsed 0 the mutant goes on with t = 0: numerator fee_bps x 0 = 0, so the shares are supply x 0 / denominator = 0, what the early return gives',
  // share_math::perf_fee: `pps <= hwm_pps` -> `pps < hwm_pps`.
  '9738a76a3e2db64e':
    'at pps == hwm the mutant goes on: gain = (pps - hwm) x supply / scale = 0, fee = 0, fee_shares = 0, and the fee_shares == 0 branch returns the same unchanged result',
  // collect_perf_fee: `if fee.fee_shares > 0` (u64) -> `>= 0`.
  ab972495d9ffb203:
    'with no fee shares the mutant sends a mint_to_checked of 0 shares, which Token-2022 accepts and which changes no account (supply and balance unchanged; the event was emitted before either way); only compute units differ',
  // withdraw_in_kind: the snapshot's Pricing made with Rounding::Up instead of Down.
  '58b1d1dd6704341c':
    "withdraw_in_kind prices nothing: its Pricing goes only to guard_from_cache and guard_held_asset, which read the snapshot, its sequence and the clock, never `rounding` (read only by vault_nav's price_assets, which this instruction does not call)",
  // pay_redemption: the same.
  '51da43b452189bb8':
    "pay_redemption prices nothing: its Pricing goes only to guard_from_cache and guard_held_asset, which never read `rounding` (read only by vault_nav's price_assets, not called here)",
  // holdings::take_haircut: `backed_after >= backed` -> `>`.
  b00b6a8c2b6c4a25:
    'at backed_after == backed the mutant goes on: after = survival x backed / backed = survival exactly (no rounding), which is above 0 (the haircut is reset to 0 on a wipe and otherwise set to INDEX_SCALE - after with after > 0), so the haircut is written back unchanged',
  // holdings::reconcile_each: `balance < book` -> `balance <= book`.
  '751f1aafbe68b474':
    'the mutant also calls reconcile when balance == book and nothing is owed (with something owed the original calls it too): reconcile then finds balance >= book + backed and returns without writing anything; only compute units differ',
  // holdings::read: the length check of the holding's data disabled.
  '82d1216e7638b5f4':
    "unreachable: read() is called only by reconcile, after the account's address was compared with the asset's recorded holding, a token account init_vault created (165 bytes or more), owned by the token program, that only its owner (the vault PDA, which never closes it) could close, and token accounts never shrink; a shorter account cannot reach it (and without the check one would fail anyway, on the slice bounds)",
  // begin_redemption: the `shares == 0` check disabled.
  ed98e72e6ef7437e:
    'zero shares owe nothing of any book or of the cash (in_kind_amount(0, ..) = 0), so the later `!any && cash_owed == 0` check refuses with the same AmountTooSmall and every write before it is undone with the transaction; only a request that is also faulty elsewhere (a wrong share mint, claim or holding) is refused under another error first',
  // begin_redemption: the new claim's length check disabled.
  b9e0097bab221cda:
    'unreachable: the claim account was created by this instruction just before, with space RedemptionClaim::LEN, so its data is exactly that long (and RedemptionClaim::load_mut checks the length again)',
};
