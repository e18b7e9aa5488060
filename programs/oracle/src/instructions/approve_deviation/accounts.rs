use crate::bytes;
use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `approve_deviation`:
/// 0. `[WRITE]` snapshot PDA `["nav_snapshot", sku_id]`
/// 1. `[]` config PDA `["oracle_config"]`
/// 2. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct ApproveDeviationAccounts<'a> {
    pub snapshot: &'a AccountView,
    pub config: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for ApproveDeviationAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [snapshot, config, admin_signers @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The snapshot is writable and this program's (type checked at load).
        validate::check_writable(snapshot)?;
        bytes::check_owner(snapshot, &crate::ID)?;
        // 2. The config is this program's.
        bytes::check_owner(config, &crate::ID)?;
        Ok(Self {
            snapshot,
            config,
            admin_signers,
        })
    }
}
