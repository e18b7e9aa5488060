//! The rewards instruction set: the single definition the IDL (and so the TypeScript client)
//! is generated from. Instruction data is `[discriminator u8][fields, packed LE]`; arrays
//! marked "prefixed" carry a one-byte element count before their elements.

use codama_macros::CodamaInstructions;

/// Discriminator bytes, checked against [`RewardsInstruction`] by a unit test so the two
/// cannot drift.
pub mod discriminator {
    pub const INITIALIZE: u8 = 0;
    pub const STAKE: u8 = 1;
    pub const UNSTAKE: u8 = 2;
    pub const DISTRIBUTE_EPOCH: u8 = 3;
    pub const CLAIM: u8 = 4;
    pub const ROTATE_KEEPERS: u8 = 5;
    pub const SET_PAUSED: u8 = 6;
    pub const SET_REWARD_MINTS: u8 = 7;
    pub const SWEEP_EPOCH: u8 = 8;
    pub const RESET_LAST_EPOCH: u8 = 9;
}

#[repr(C, u8)]
#[derive(CodamaInstructions)]
#[allow(dead_code, clippy::large_enum_variant)] // only read by the IDL generator and the drift test
pub enum RewardsInstruction {
    /// Creates the rewards configuration: admin signer set, keeper set, staking mint and
    /// holding, and the reward mints epochs may pay. The program's upgrade authority must
    /// sign (so nobody else can initialize first), and at least `threshold` of the listed
    /// admins (passed as remaining accounts). Up to 4 reward mints here;
    /// `set_reward_mints` allows up to 10.
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the account"))]
    #[codama(account(
        name = "config",
        writable,
        docs = "PDA [\"rewards_config\"], created here"
    ))]
    #[codama(account(name = "staking_mint", docs = "Mint of the staking token"))]
    #[codama(account(
        name = "stake_holding",
        docs = "Token account of the staking mint owned by the config PDA"
    ))]
    #[codama(account(
        name = "staking_token_program",
        docs = "Token program owning the staking mint"
    ))]
    #[codama(account(name = "system_program", docs = "System program"))]
    // The default is the PDA of [program id] under the upgradeable loader for the id in
    // lib.rs; tests/initialize.test.ts checks it against the derivation.
    #[codama(account(
        name = "program_data",
        docs = "The rewards program's ProgramData account: PDA [program id] under BPFLoaderUpgradeab1e11111111111111111111111",
        default_value = public_key("9rCRLUjUwiuHgARv2ewtCxYq9MyKZBRww1rNbsoGCmZy")
    ))]
    #[codama(account(
        name = "upgrade_authority",
        signer,
        docs = "The rewards program's upgrade authority (defaults to the payer)",
        default_value = account("payer")
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    Initialize {
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
        keeper_count: u8,
        #[codama(type = array(public_key, 8))]
        keepers: [[u8; 32]; 8],
        reward_mint_count: u8,
        #[codama(type = array(public_key, 4))]
        reward_mints: [[u8; 32]; 4],
    } = 0,

    /// Locks `amount` raw staking tokens for `tier_days` (30, 90 or 180) in a new stake
    /// record `["stake", owner, stake_index]`.
    #[codama(account(
        name = "owner",
        signer,
        writable,
        docs = "Staker; pays for the stake record"
    ))]
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(account(
        name = "stake_record",
        writable,
        docs = "PDA [\"stake\", owner, stake_index u64 LE], created here"
    ))]
    #[codama(account(name = "staking_mint", docs = "The configured staking mint"))]
    #[codama(account(
        name = "owner_token_account",
        writable,
        docs = "Staker's token account the stake is taken from"
    ))]
    #[codama(account(
        name = "stake_holding",
        writable,
        docs = "The configured staking holding"
    ))]
    #[codama(account(name = "token_program", docs = "The staking mint's token program"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    Stake {
        amount: u64,
        tier_days: u16,
        stake_index: u64,
    } = 1,

    /// Returns a stake's tokens to its owner, at or after its unlock time.
    #[codama(account(name = "owner", signer, docs = "Owner of the stake"))]
    #[codama(account(
        name = "config",
        writable,
        docs = "PDA [\"rewards_config\"]; signs the transfer"
    ))]
    #[codama(account(name = "stake_record", writable, docs = "The stake being withdrawn"))]
    #[codama(account(name = "staking_mint", docs = "The configured staking mint"))]
    #[codama(account(
        name = "stake_holding",
        writable,
        docs = "The configured staking holding"
    ))]
    #[codama(account(
        name = "owner_token_account",
        writable,
        docs = "Token account receiving the stake"
    ))]
    #[codama(account(name = "token_program", docs = "The staking mint's token program"))]
    Unstake {} = 2,

    /// Posts an epoch's Merkle root and funded totals (keeper only), for 1 to 10 reward mints. Remaining accounts are
    /// one `[mint, holding]` pair per reward mint, in the order of `totals`; each holding is
    /// a token account owned by the epoch PDA that already holds at least its total.
    #[codama(account(
        name = "keeper",
        signer,
        writable,
        docs = "An authorized keeper; pays for the epoch account"
    ))]
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(account(
        name = "epoch",
        writable,
        docs = "PDA [\"epoch\", epoch_id u64 LE], created here"
    ))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(remaining_accounts(
        argument("rewardAccounts"),
        docs = "Per reward mint: mint, then its holding"
    ))]
    DistributeEpoch {
        epoch_id: u64,
        #[codama(type = fixed_size(bytes, 32))]
        merkle_root: [u8; 32],
        #[codama(type = array(number(u64), prefixed_count(number(u8))))]
        totals: [u64; 10],
    } = 3,

    /// Claims the claimant's amounts of an epoch with a Merkle proof. Remaining accounts are
    /// one `[mint, holding, destination, token program]` group per reward mint, in the
    /// epoch's order, then up to 16 transfer-hook extra accounts for hooked mints. The claim
    /// status is created at the claimant's seeded address for the epoch (no bump). A mint
    /// that cannot move (holding or destination frozen, mint paused, holding short after a
    /// seizure, or the holding named as destination) is deferred and the others are paid;
    /// the same claim sent again pays what was deferred. Fails while claims are paused and
    /// after the epoch was swept.
    #[codama(account(
        name = "claimant",
        signer,
        writable,
        docs = "The claimant; pays for the claim status"
    ))]
    #[codama(account(name = "epoch", writable, docs = "The epoch being claimed"))]
    #[codama(account(
        name = "claim_status",
        writable,
        docs = "create_with_seed(claimant, \"claim\" + epoch id as 16 hex digits, rewards program), created here"
    ))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(account(
        name = "config",
        docs = "PDA [\"rewards_config\"] (read for its pause bits)",
        default_value = public_key("4UjeQZWE3VcLXTty5kBampkWPzvLEW5MvQ3GKbwnEbK1")
    ))]
    #[codama(remaining_accounts(
        argument("rewardAccounts"),
        docs = "Per reward mint: mint, epoch holding, destination, token program; then the transfer hooks' extra accounts"
    ))]
    Claim {
        epoch_id: u64,
        #[codama(type = array(number(u64), prefixed_count(number(u8))))]
        amounts: [u64; 10],
        #[codama(type = array(fixed_size(bytes, 32), prefixed_count(number(u8))))]
        proof: [[u8; 32]; 32],
    } = 4,

    /// Replaces the keeper set (1 to 8 distinct non-zero keys). At least `threshold`
    /// distinct admins must sign.
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    RotateKeepers {
        keeper_count: u8,
        #[codama(type = array(public_key, 8))]
        keepers: [[u8; 32]; 8],
    } = 5,

    /// Sets the pause bits: 1 blocks `stake`, 2 blocks `claim` (3 both, 0 unpauses).
    /// `unstake`, `distribute_epoch` and admin instructions are never paused. At least
    /// `threshold` distinct admins must sign.
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    SetPaused { flags: u8 } = 6,

    /// Replaces the reward mints later epochs may pay (1 to 10 distinct non-zero keys;
    /// posted epochs keep theirs). At least `threshold` distinct admins must sign.
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    SetRewardMints {
        #[codama(type = array(public_key, prefixed_count(number(u8))))]
        reward_mints: [[u8; 32]; 10],
    } = 7,

    /// Moves what is left in an epoch's holdings to destinations the admins name, once the
    /// claim window (90 days after distribution) has ended, and closes the epoch's claims.
    /// Remaining accounts: `mint_count` groups `[mint, holding, destination, token program]`
    /// (any of the epoch's mints, each at most once), then the admin signers, then up to 16
    /// transfer-hook extra accounts (non-signers) for hooked mints.
    #[codama(account(name = "config", docs = "PDA [\"rewards_config\"]"))]
    #[codama(account(name = "epoch", writable, docs = "The epoch being swept"))]
    #[codama(remaining_accounts(
        argument("rewardAccounts"),
        docs = "Per swept mint: mint, epoch holding, destination, token program"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    SweepEpoch { epoch_id: u64, mint_count: u8 } = 8,

    /// Recovery: sets the last distributed epoch id (the next `distribute_epoch` is then 1 to
    /// `MAX_EPOCH_STEP` above it), for a configuration whose id was driven where the keepers
    /// cannot follow. An epoch that exists can never be posted again whatever the id. At
    /// least `threshold` distinct admins must sign.
    #[codama(account(name = "config", writable, docs = "PDA [\"rewards_config\"]"))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    ResetLastEpoch { last_epoch_id: u64 } = 9,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(ix: &RewardsInstruction) -> u8 {
        // SAFETY: `repr(C, u8)` puts the discriminant in the first byte.
        unsafe { *(ix as *const RewardsInstruction as *const u8) }
    }

    #[test]
    fn discriminator_constants_match_the_idl_enum() {
        let init = RewardsInstruction::Initialize {
            admins: [[0; 32]; 5],
            threshold: 0,
            keeper_count: 0,
            keepers: [[0; 32]; 8],
            reward_mint_count: 0,
            reward_mints: [[0; 32]; 4],
        };
        assert_eq!(tag(&init), discriminator::INITIALIZE);
        assert_eq!(
            tag(&RewardsInstruction::Stake {
                amount: 0,
                tier_days: 0,
                stake_index: 0
            }),
            discriminator::STAKE
        );
        assert_eq!(tag(&RewardsInstruction::Unstake {}), discriminator::UNSTAKE);
        let d = RewardsInstruction::DistributeEpoch {
            epoch_id: 0,
            merkle_root: [0; 32],
            totals: [0; 10],
        };
        assert_eq!(tag(&d), discriminator::DISTRIBUTE_EPOCH);
        let c = RewardsInstruction::Claim {
            epoch_id: 0,
            amounts: [0; 10],
            proof: [[0; 32]; 32],
        };
        assert_eq!(tag(&c), discriminator::CLAIM);
        let r = RewardsInstruction::RotateKeepers {
            keeper_count: 0,
            keepers: [[0; 32]; 8],
        };
        assert_eq!(tag(&r), discriminator::ROTATE_KEEPERS);
        assert_eq!(
            tag(&RewardsInstruction::SetPaused { flags: 0 }),
            discriminator::SET_PAUSED
        );
        let m = RewardsInstruction::SetRewardMints {
            reward_mints: [[0; 32]; 10],
        };
        assert_eq!(tag(&m), discriminator::SET_REWARD_MINTS);
        let w = RewardsInstruction::SweepEpoch {
            epoch_id: 0,
            mint_count: 0,
        };
        assert_eq!(tag(&w), discriminator::SWEEP_EPOCH);
        assert_eq!(
            tag(&RewardsInstruction::ResetLastEpoch { last_epoch_id: 0 }),
            discriminator::RESET_LAST_EPOCH
        );
    }
}
