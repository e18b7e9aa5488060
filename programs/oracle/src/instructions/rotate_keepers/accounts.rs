use crate::bytes;
use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `rotate_keepers`:
/// 0. `[WRITE]` config PDA `["oracle_config"]`
/// 1. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct RotateKeepersAccounts<'a> {
    pub config: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for RotateKeepersAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [config, admin_signers @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The config is writable and owned by this program (its type and version are
        //    checked when it is loaded; only one config can exist, at the canonical PDA).
        validate::check_writable(config)?;
        bytes::check_owner(config, &crate::ID)?;
        Ok(Self {
            config,
            admin_signers,
        })
    }
}
