use super::{status, ClaimAccounts, ClaimData};
use crate::events::ClaimedEvent;
use crate::{
    error::RewardsError,
    instructions::shared,
    merkle,
    state::{
        claim_seed, claim_status_address, token_program_kind, Epoch, EPOCH_SEED, MAX_REWARD_MINTS,
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
    if accounts.reward_accounts.len() != n.saturating_mul(4) {
        return Err(CommonError::NotEnoughAccounts.into());
    }

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
    // epoch id give: a second claim finds it.
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
    let created = status::create(accounts.claimant, &mut status_account, &seed)?;
    created.epoch_id.0 = id;
    created.claimant = *claimant;

    let epoch_bump = [epoch.bump];
    let epoch_seeds = [
        Seed::from(EPOCH_SEED),
        Seed::from(&id),
        Seed::from(&epoch_bump),
    ];
    for (i, group) in accounts.reward_accounts.chunks_exact(4).enumerate() {
        let (mint, holding, destination, token_program) =
            (&group[0], &group[1], &group[2], &group[3]);
        let entry = &mut epoch.rewards[i];
        let program = if entry.token_program == token_program_kind::TOKEN_2022 {
            token2022::TOKEN_2022_PROGRAM_ID
        } else {
            token2022::TOKEN_PROGRAM_ID
        };
        let matches = shared::eq32(mint.address().as_array(), &entry.mint)
            && shared::eq32(holding.address().as_array(), &entry.holding)
            && shared::eq32(token_program.address().as_array(), program.as_array());
        shared::require(matches, RewardsError::RewardAccountMismatch)?;
        let amount = args.amount(i);
        // Claims of an epoch never add up to more than it funded, whatever the tree says.
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
        if amount > 0 {
            // Mint and token program equal the epoch's, checked at distribution time.
            shared::transfer_checked_unverified(
                [holding, mint, destination, accounts.epoch, token_program],
                amount,
                entry.decimals,
                &[Signer::from(&epoch_seeds)],
            )?;
        }
    }
    let count = epoch
        .claim_count
        .get()
        .checked_add(1)
        .ok_or(CommonError::MathOverflow)?;
    epoch.claim_count.set(count);

    let mut amounts = [PodU64::default(); MAX_REWARD_MINTS];
    for (i, amount) in amounts.iter_mut().enumerate().take(args.amount_count) {
        amount.set(args.amount(i));
    }
    ClaimedEvent {
        epoch_id: PodU64(id),
        claimant: *claimant,
        // At most MAX_REWARD_MINTS (checked in parsing).
        #[allow(clippy::cast_possible_truncation)]
        amount_count: args.amount_count as u8,
        amounts,
    }
    .emit();
    Ok(())
}
