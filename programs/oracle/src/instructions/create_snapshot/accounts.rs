use crate::bytes;
use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `create_snapshot`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[]` config PDA `["oracle_config"]`
/// 2. `[WRITE]` snapshot PDA `["nav_snapshot", sku_id]`, must not exist yet
/// 3. `[WRITE]` deviation reference PDA `["nav_reference", sku_id]`, must not exist yet
/// 4. `[]` system program
/// 5. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct CreateSnapshotAccounts<'a> {
    pub payer: &'a AccountView,
    pub config: &'a AccountView,
    pub snapshot: &'a AccountView,
    pub reference: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for CreateSnapshotAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, config, snapshot, reference, system_program, admin_signers @ ..] = accounts
        else {
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
        // 4. The reference likewise (its address is checked in the processor too).
        validate::check_writable(reference)?;
        if !reference.is_data_empty() {
            return Err(CommonError::AlreadyInitialized);
        }
        // 5. The real system program.
        validate::check_system_program(system_program)?;
        Ok(Self {
            payer,
            config,
            snapshot,
            reference,
            admin_signers,
        })
    }
}
