use crate::bytes;
use basket_common::{validate, CommonError};
use pinocchio::{sysvars::instructions::INSTRUCTIONS_ID, AccountView};

/// Accounts of `push_snapshot`:
/// 0. `[WRITE]` snapshot PDA `["nav_snapshot", sku_id]`
/// 1. `[]` config PDA `["oracle_config"]`
/// 2. `[]` instructions sysvar
/// 3. `[WRITE]` deviation reference PDA `["nav_reference", sku_id]` (checked at load)
/// 4. `[SIGNER]` admin co-signers: the remaining accounts, needed only for a move beyond
///    the deviation cap
pub struct PushSnapshotAccounts<'a> {
    pub snapshot: &'a AccountView,
    pub config: &'a AccountView,
    pub instructions: &'a AccountView,
    pub reference: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for PushSnapshotAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [snapshot, config, instructions, reference, admin_signers @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The snapshot is writable and this program's (type checked at load; it can only
        //    have been created at its SKU's canonical PDA by `create_snapshot`).
        validate::check_writable(snapshot)?;
        bytes::check_owner(snapshot, &crate::ID)?;
        // 2. The config is this program's.
        bytes::check_owner(config, &crate::ID)?;
        // 3. The real instructions sysvar: a look-alike account could carry forged
        //    instructions.
        bytes::check_address(instructions, &INSTRUCTIONS_ID, CommonError::InvalidSysvar)?;
        Ok(Self {
            snapshot,
            config,
            instructions,
            reference,
            admin_signers,
        })
    }
}
