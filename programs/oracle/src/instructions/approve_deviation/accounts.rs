use crate::bytes;
use basket_common::CommonError;
use pinocchio::AccountView;

/// Accounts of `approve_deviation`:
/// 0. `[]` snapshot PDA `["nav_snapshot", sku_id]`
/// 1. `[]` config PDA `["oracle_config"]`
/// 2. `[WRITE]` deviation reference PDA `["nav_reference", sku_id]` (checked at load)
/// 3. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct ApproveDeviationAccounts<'a> {
    pub snapshot: &'a AccountView,
    pub config: &'a AccountView,
    pub reference: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for ApproveDeviationAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [snapshot, config, reference, admin_signers @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The snapshot is this program's (type checked at load).
        bytes::check_owner(snapshot, &crate::ID)?;
        // 2. The config is this program's.
        bytes::check_owner(config, &crate::ID)?;
        Ok(Self {
            snapshot,
            config,
            reference,
            admin_signers,
        })
    }
}
