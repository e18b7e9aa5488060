use super::{status, ClaimAccounts, ClaimData};
use crate::events::{ClaimShortfallEvent, ClaimedEvent};
use crate::{
    error::RewardsError,
    instructions::reward_transfer::{RewardTransfer, MAX_HOOK_ACCOUNTS},
    instructions::shared,
    merkle,
    state::{
        claim_seed, claim_status_address, token_program_kind, ClaimStatus, Epoch, EPOCH_SEED,
        MAX_REWARD_MINTS,
    },
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, token2022, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = ClaimAccounts::try_from(accounts)?;
    let args = ClaimData::parse(data)?;

    let mut epoch_account = *accounts.epoch;
    // SAFETY: the only borrow of the epoch data; the token CPIs receive the epoch as a signer
    // but never write to it.
    let epoch = Epoch::load_mut(unsafe { epoch_account.borrow_unchecked_mut() })?;
    shared::require(
        args.epoch_id == epoch.epoch_id.get(),
        RewardsError::EpochMismatch,
    )?;
    // After a sweep the holdings are empty and the epoch is closed for good.
    shared::require(epoch.swept.0 == 0, RewardsError::EpochSwept)?;
    let n = epoch.mint_count as usize;
    shared::require(args.amount_count == n, RewardsError::AmountsCountMismatch)?;
    let group_len = n.saturating_mul(4);
    if accounts.reward_accounts.len() < group_len {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    // After the groups: the transfer hooks' extra accounts (reward_transfer.rs).
    let (groups, hook_accounts) = accounts.reward_accounts.split_at(group_len);
    shared::require(
        hook_accounts.len() <= MAX_HOOK_ACCOUNTS,
        RewardsError::TooManyHookAccounts,
    )?;

    // The leaf binds program, epoch, claimant and amounts: another claimant's leaf, another
    // epoch's leaf or inflated amounts all hash to a leaf the root does not contain.
    let claimant = accounts.claimant.address().as_array();
    let leaf = merkle::leaf_le(
        crate::ID.as_array(),
        args.epoch_id,
        claimant,
        args.amounts_le,
    );
    shared::require(
        merkle::verify(leaf, args.proof, &epoch.merkle_root),
        RewardsError::InvalidProof,
    )?;

    // One claim status per (epoch, claimant), at the one address the claimant's key and the
    // epoch id give: a second claim finds it, and only pays what the first one deferred, of
    // the same leaf (a tree with two leaves for one claimant pays the first one claimed).
    let id = epoch.epoch_id.0;
    let seed = claim_seed(args.epoch_id);
    shared::require(
        shared::eq32(
            accounts.claim_status.address().as_array(),
            &claim_status_address(claimant, &seed, crate::ID.as_array()),
        ),
        RewardsError::InvalidClaimStatusAddress,
    )?;
    let mut status_account = *accounts.claim_status;
    let first = !status::is_initialized(&status_account);
    // Mints still owed by this leaf: all of them on the first claim.
    let owed = if first {
        u16::MAX
    } else {
        // SAFETY: read-only look; the status is borrowed mutably only after this one ends.
        let existing = ClaimStatus::load(unsafe { status_account.borrow_unchecked() })?;
        shared::require(existing.deferred.get() != 0, RewardsError::AlreadyClaimed)?;
        shared::require(
            shared::eq32(&existing.leaf, &leaf),
            RewardsError::LeafMismatch,
        )?;
        existing.deferred.get()
    };

    let epoch_pausable = epoch.pausable.get();
    let mut paid = [PodU64::default(); MAX_REWARD_MINTS];
    let mut deferred = 0u16;
    // Pass 1, no CPI: check each group, decide what it pays now and update the epoch's
    // books, emitting any shortfall event. The events are then all out before the first
    // CPI, so no log of the transfers (hooks log too) or of the status's creation can push
    // them past the runtime's log limit (docs/decisions/0100).
    for (i, group) in groups.chunks_exact(4).enumerate() {
        let (mint, holding, destination, token_program) =
            (&group[0], &group[1], &group[2], &group[3]);
        let entry = &mut epoch.rewards[i];
        let is_token_2022 = entry.token_program == token_program_kind::TOKEN_2022;
        let program = if is_token_2022 {
            token2022::TOKEN_2022_PROGRAM_ID
        } else {
            token2022::TOKEN_PROGRAM_ID
        };
        let matches = shared::eq32(mint.address().as_array(), &entry.mint)
            && shared::eq32(holding.address().as_array(), &entry.holding)
            && shared::eq32(token_program.address().as_array(), program.as_array());
        shared::require(matches, RewardsError::RewardAccountMismatch)?;
        // i < MAX_REWARD_MINTS = 10, so the shift stays inside a u16.
        #[allow(clippy::arithmetic_side_effects)]
        let bit = 1u16 << i;
        if owed & bit == 0 {
            continue; // paid by an earlier claim of this leaf
        }
        let amount = args.amount(i);
        if first {
            // Claims of an epoch never add up to more than it funded, whatever the tree
            // says; a deferred amount stays reserved until it is paid or swept.
            let claimed = entry
                .claimed
                .get()
                .checked_add(amount)
                .ok_or(RewardsError::ClaimExceedsEpochTotal)?;
            shared::require(
                claimed <= entry.total.get(),
                RewardsError::ClaimExceedsEpochTotal,
            )?;
            entry.claimed.set(claimed);
        }
        if amount == 0 {
            continue;
        }
        // Mint and token program equal the epoch's, checked at distribution time.
        let payment = RewardTransfer {
            holding,
            mint,
            destination,
            epoch: accounts.epoch,
            token_program,
            amount,
            decimals: entry.decimals,
            hook_accounts,
            is_token_2022,
            pausable: epoch_pausable & bit != 0,
        };
        // What the epoch still owes of this mint, this claim included. No wrap: settled <=
        // claimed <= total (a leaf's mint settles once, and only after it was counted in
        // claimed), and this claim is in claimed but not yet settled.
        let settled = &mut epoch.settled[i];
        let outstanding = entry.total.get().wrapping_sub(settled.get());
        let due = payment.payable(outstanding);
        if due == 0 {
            deferred |= bit;
            continue;
        }
        if due < amount {
            // Paid short: the holding really has less than the epoch still owes (a seizure).
            emit_shortfall(id, claimant, &payment, due, outstanding);
        }
        paid[i].set(due);
        // The claim is done for this mint, at the reduced amount after a seizure: its whole
        // amount leaves what the epoch owes (no wrap: settled + amount <= claimed).
        settled.set(settled.get().wrapping_add(amount));
    }
    if first {
        let count = epoch
            .claim_count
            .get()
            .checked_add(1)
            .ok_or(CommonError::MathOverflow)?;
        epoch.claim_count.set(count);
    }

    ClaimedEvent {
        epoch_id: PodU64(id),
        claimant: *claimant,
        // At most MAX_REWARD_MINTS (checked in parsing).
        #[allow(clippy::cast_possible_truncation)]
        amount_count: args.amount_count as u8,
        // What this call paid: a deferred mint shows 0 here and its amount in the call
        // that pays it.
        amounts: paid,
    }
    .emit();

    // Pass 2: the CPIs. The status first (created on the first claim, with its leaf).
    let receipt = if first {
        let created = status::create(accounts.claimant, &mut status_account, &seed)?;
        created.epoch_id.0 = id;
        created.claimant = *claimant;
        created.leaf = leaf;
        created
    } else {
        // SAFETY: the only mutable borrow of the claim status in this instruction.
        ClaimStatus::load_mut(unsafe { status_account.borrow_unchecked_mut() })?
    };
    receipt.deferred.set(deferred);

    let epoch_bump = [epoch.bump];
    let epoch_seeds = [
        Seed::from(EPOCH_SEED),
        Seed::from(&id),
        Seed::from(&epoch_bump),
    ];
    for (i, group) in groups.chunks_exact(4).enumerate() {
        let due = paid[i].get();
        if due == 0 {
            continue;
        }
        let entry = &epoch.rewards[i];
        RewardTransfer {
            holding: &group[1],
            mint: &group[0],
            destination: &group[2],
            epoch: accounts.epoch,
            token_program: &group[3],
            amount: due,
            decimals: entry.decimals,
            hook_accounts,
            is_token_2022: entry.token_program == token_program_kind::TOKEN_2022,
            pausable: false,
        }
        .pay(&[Signer::from(&epoch_seeds)])?;
    }
    Ok(())
}

/// The `ClaimShortfall` event of a payment cut to `due` (out of line: only a seized holding
/// takes this path, and the claim loop stays lean without it).
#[inline(never)]
fn emit_shortfall(
    epoch_id: [u8; 8],
    claimant: &[u8; 32],
    payment: &RewardTransfer,
    due: u64,
    outstanding: u64,
) {
    ClaimShortfallEvent {
        epoch_id: PodU64(epoch_id),
        claimant: *claimant,
        // The epoch's mint: checked against the group's at the top of the loop.
        mint: *payment.mint.address().as_array(),
        owed: PodU64::new(payment.amount),
        paid: PodU64::new(due),
        held: PodU64::new(payment.held()),
        outstanding: PodU64::new(outstanding),
    }
    .emit();
}
