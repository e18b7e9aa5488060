use crate::bytes;
use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `create_snapshot`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[]` config PDA `["oracle_config"]`
/// 2. `[WRITE]` snapshot PDA `["nav_snapshot", sku_id]`, must not exist yet
/// 3. `[]` system program
/// 4. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct CreateSnapshotAccounts<'a> {
    pub payer: &'a AccountView,
    pub config: &'a AccountView,
    pub snapshot: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for CreateSnapshotAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, config, snapshot, system_program, admin_signers @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The payer signs and pays.
        validate::check_signer(payer)?;
        validate::check_writable(payer)?;
        // 2. The config is this program's (type checked at load).
        bytes::check_owner(config, &crate::ID)?;
        // 3. The snapshot is writable and still empty (its address is checked against the
        //    canonical PDA of the SKU in the processor).
        validate::check_writable(snapshot)?;
        if !snapshot.is_data_empty() {
            return Err(CommonError::AlreadyInitialized);
        }
        // 4. The real system program.
        validate::check_system_program(system_program)?;
        Ok(Self {
            payer,
            config,
            snapshot,
            admin_signers,
        })
    }
}
