//! Rewards error codes: 4000-4099 (codes 100-199 are the shared checks of `basket-common`).

use basket_common::upgrade_authority::UpgradeAuthorityError;
use codama_macros::CodamaErrors;
use pinocchio::error::ProgramError;

/// A failure specific to the rewards program. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaErrors)]
pub enum RewardsError {
    /// The program was invoked under an address other than its declared id.
    #[codama(error(message = "The program was invoked under an unexpected address"))]
    WrongProgramId = 4000,
    /// The lock tier is not one of 30, 90 or 180 days.
    #[codama(error(message = "The lock tier must be 30, 90 or 180 days"))]
    InvalidTier = 4001,
    /// A stake, or a funded epoch total, of zero.
    #[codama(error(message = "The amount must be greater than zero"))]
    ZeroAmount = 4002,
    /// Unstake before the stake's unlock time.
    #[codama(error(message = "The stake is still locked"))]
    StakeLocked = 4003,
    /// Unstake of a stake already withdrawn.
    #[codama(error(message = "The stake has already been withdrawn"))]
    StakeAlreadyWithdrawn = 4004,
    /// The signer is not the owner of the stake record.
    #[codama(error(message = "Only the owner of the stake can unstake it"))]
    NotStakeOwner = 4005,
    /// The signer of a keeper action is not in the keeper set.
    #[codama(error(message = "The signer is not an authorized keeper"))]
    NotKeeper = 4006,
    /// A new epoch id is not above the last distributed one.
    #[codama(error(message = "The epoch id must be greater than the last distributed epoch id"))]
    EpochNotIncreasing = 4007,
    /// A reward holding holds less than the epoch total it must fund.
    #[codama(error(message = "A reward holding holds less than the epoch total"))]
    EpochUnderfunded = 4008,
    /// Reward mints are missing, repeated, zero, more than 10, or not allowed by the configuration.
    #[codama(error(message = "The reward mints are invalid or not allowed"))]
    InvalidRewardMints = 4009,
    /// The Merkle proof does not lead from the claimed leaf to the epoch root.
    #[codama(error(message = "The Merkle proof does not match the epoch root"))]
    InvalidProof = 4010,
    /// The epoch id argument is not the epoch account's.
    #[codama(error(message = "The epoch id does not match the epoch account"))]
    EpochMismatch = 4011,
    /// The claimant already claimed this epoch.
    #[codama(error(message = "This epoch has already been claimed by this claimant"))]
    AlreadyClaimed = 4012,
    /// Paying the claim would exceed what the epoch funded for a mint.
    #[codama(error(message = "The claim would exceed the epoch's funded total"))]
    ClaimExceedsEpochTotal = 4013,
    /// The keeper set is empty, too large, or contains a zero or repeated key.
    #[codama(error(message = "The keeper set is invalid"))]
    InvalidKeeperSet = 4014,
    /// A reward account (mint, holding or token program) is not the epoch's.
    #[codama(error(message = "A reward account does not match the epoch"))]
    RewardAccountMismatch = 4015,
    /// The number of claimed amounts differs from the epoch's reward mint count.
    #[codama(error(message = "The number of amounts differs from the epoch's reward mints"))]
    AmountsCountMismatch = 4016,
    /// The staking holding, mint or token program is not the configured one.
    #[codama(error(message = "The staking accounts do not match the configuration"))]
    StakingAccountMismatch = 4017,
    /// The proof has more nodes than the program accepts (32).
    #[codama(error(message = "The Merkle proof is longer than 32 nodes"))]
    ProofTooLong = 4018,
    /// `stake` while the admins paused staking.
    #[codama(error(message = "Staking is paused"))]
    StakingPaused = 4019,
    /// `claim` while the admins paused claims.
    #[codama(error(message = "Claims are paused"))]
    ClaimsPaused = 4020,
    /// `claim` of an epoch whose unclaimed rewards were swept.
    #[codama(error(message = "The epoch's unclaimed rewards were swept; its claims are closed"))]
    EpochSwept = 4021,
    /// `sweep_epoch` before the epoch's claim window ended.
    #[codama(error(message = "The epoch's claim window has not ended"))]
    ClaimWindowOpen = 4022,
    /// `set_paused` with a bit other than the stake and claim bits.
    #[codama(error(message = "Unknown pause flags"))]
    InvalidPauseFlags = 4023,
    /// `initialize` was not signed by the program's upgrade authority (the account passed
    /// as the upgrade authority is another key).
    #[codama(error(
        message = "initialize must be signed by the rewards program's upgrade authority"
    ))]
    NotUpgradeAuthority = 4024,
    /// The rewards program has no upgrade authority (it was made immutable before
    /// `initialize`), so nobody can prove to be its deployer.
    #[codama(error(
        message = "The rewards program is immutable: initialize needs an upgrade authority"
    ))]
    ImmutableProgram = 4025,
    /// The claim status account is not at the claimant's address for the epoch
    /// (`create_with_seed(claimant, "claim" + epoch id in 16 hex digits, rewards program)`).
    #[codama(error(message = "The claim status is not the claimant's address for this epoch"))]
    InvalidClaimStatusAddress = 4026,
    /// More transfer-hook extra accounts than the program forwards to one transfer (16).
    #[codama(error(message = "Too many transfer-hook extra accounts (at most 16)"))]
    TooManyHookAccounts = 4027,
    /// A new epoch id is more than `MAX_EPOCH_STEP` above the last distributed one (a jump
    /// towards `u64::MAX` would stop every later epoch).
    #[codama(error(message = "The epoch id is too far above the last distributed epoch id"))]
    EpochTooFarAhead = 4028,
    /// A later claim of an epoch presents another leaf than the one its claim status records
    /// (a tree with two leaves for one claimant pays only the first one claimed).
    #[codama(error(message = "The claim presents another leaf than the one already claimed"))]
    LeafMismatch = 4029,
}

impl From<RewardsError> for ProgramError {
    #[inline(always)]
    fn from(e: RewardsError) -> Self {
        ProgramError::Custom(e as u32)
    }
}

/// The rewards program's codes for a failed upgrade-authority check (shared codes pass
/// through).
pub fn upgrade_authority_error(e: UpgradeAuthorityError) -> ProgramError {
    match e {
        UpgradeAuthorityError::Common(e) => e.into(),
        UpgradeAuthorityError::ImmutableProgram => RewardsError::ImmutableProgram.into(),
        UpgradeAuthorityError::NotUpgradeAuthority => RewardsError::NotUpgradeAuthority.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use basket_common::CommonError;

    #[test]
    fn upgrade_authority_failures_map_to_rewards_codes() {
        assert_eq!(
            upgrade_authority_error(UpgradeAuthorityError::NotUpgradeAuthority),
            ProgramError::Custom(4024)
        );
        assert_eq!(
            upgrade_authority_error(UpgradeAuthorityError::ImmutableProgram),
            ProgramError::Custom(4025)
        );
        // Shared checks keep their shared codes.
        assert_eq!(
            upgrade_authority_error(UpgradeAuthorityError::Common(CommonError::MissingSigner)),
            ProgramError::from(CommonError::MissingSigner)
        );
    }
}
