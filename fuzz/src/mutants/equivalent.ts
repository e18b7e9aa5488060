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
  // rewards claim data: `m > MAX_PROOF_LEN` -> `m >= MAX_PROOF_LEN` (32).
  a07ffc807d3d9936:
    'the mutant refuses only a proof of exactly 32 siblings, which no transaction can carry: the smallest claim with 32 (one reward mint, the claimant paying and signing alone, every other account in a lookup table) is 1,266 bytes, over the 1,232-byte limit (measured by programs/rewards/tests/claim-proof-length.test.ts, which also claims with 30 siblings, the deepest that fits, at 1,202 bytes)',
  // rewards merkle::node: `words(a) <= words(b)` -> `<`.
  de9d8f0f23f97f14:
    'the pair order differs only when words(a) == words(b), that is when the two nodes are the same 32 bytes (words reads all 32 as four big-endian u64s): then (a, b) and (b, a) put the same 64 bytes after the prefix, and the hash is the same',
  // rewards merkle::verify: `words(current) <= words(sibling)` -> `<`.
  '53560f621170c4f5':
    'the pair order differs only when the running hash and the sibling are the same 32 bytes (words compares all four big-endian u64s): then both orders point the sha256 inputs at equal bytes, and the parent is the same',
  // rewards claim status: init_precreated's `first.unwrap_or(0) == 0` require disabled.
  '689ad9a3a9cd55bc':
    "unreachable: init_precreated runs only from status::create, which claim calls only when status::is_initialized is false; for an account owned by the rewards program (create's branch to init_precreated) that means its first byte is 0 or it has no data, so the condition always holds and the check never refuses",
  // rewards shared::init_created: the length check disabled.
  c3a4da0d7fa58458:
    "unreachable: init_created's callers hand it an account this instruction has just sized to T::LEN: distribute_epoch's epoch created with Epoch::LEN, and the claim status created or allocated by the system program with ClaimStatus::LEN or, pre-created, set to ClaimStatus::LEN by init_precreated",
  // oracle deviation::exceeds_cap_split: `(wn, rn) >= (wo, ro)` -> `>`.
  '40fc90f8c7cf90fa':
    'the branches differ only when (wn, rn) == (wo, ro): then both give dw = 0 and dr = 0 (wn - wo - 0 and wo - wn - 0; rn - ro and ro - rn masked), so the difference and the verdict are the same',
  // oracle deviation::exceeds_cap_split: `if x > y` -> `if x >= y`.
  '20d590c9828a90df':
    'the branches differ only at x == y: the original else-branch gives gap = 0 and 0 < DECIDES && xl > 0 + yl, the mutant if-branch 0 >= DECIDES (false) || 0 + xl > yl: both are xl > yl',
  // oracle deviation::exceeds_cap_wide: `(nh, nl) > (oh, ol)` -> `>=`.
  '560097ac842b7ee3':
    'the branches differ only when (nh, nl) == (oh, ol): both then give (dh, dl) = (0, 0), so the products compared are the same',
  // oracle ed25519::parse_single_signature: `data.len() < OFFSETS_END` -> `<=`.
  '1fe026cdd59fc9bc':
    'the mutant also refuses data of exactly 16 bytes (the count, the padding and one offsets record, nothing else): the original then fails on range(data, signature_offset, 64), which cannot lie inside 16 bytes, with the same InvalidEd25519Instruction',
  // oracle create_snapshot::validate_mints: `if i < n && dup` -> `if i <= n && dup`.
  a9068a32fcab1b1c:
    'the mutant adds the duplicate search at i == n only: that slot was just checked zero (is_zero == (i < n) refuses otherwise) and every slot j < n was checked non-zero in its own iteration, so no earlier mint equals it and the search never refuses',
  // oracle staleness::check_fresh: `age < 0` -> `age <= 0`.
  '3492176c01899574':
    "no instruction reaches it: no oracle or vault instruction calls oracle::staleness::check_fresh (the vault prices through its own snapshot::check_fresh and takes only max_stale_secs and the limits from this module), so the .so files behave the same; only the oracle's host unit tests call it, and none at age 0 (a host test there would pin it)",
};
