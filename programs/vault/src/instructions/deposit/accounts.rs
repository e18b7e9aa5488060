use basket_common::{token2022, validate, CommonError};
use pinocchio::{sysvars::clock::CLOCK_ID, AccountView};

/// Accounts of `deposit`:
/// 0. `[SIGNER]` depositor (authority of the source account)
/// 1. `[WRITE]` vault state
/// 2. `[]` NAV snapshot of the vault (oracle)
/// 3. `[]` stablecoin mint
/// 4. `[WRITE]` source: the depositor's stablecoin token account
/// 5. `[WRITE]` the vault's cash buffer `["holding", sku_id, stable_mint]`
/// 6. `[WRITE]` share mint
/// 7. `[WRITE]` destination share token account
/// 8. `[]` token program of the stablecoin
/// 9. `[]` Token-2022 program
/// 10. `[]` Clock sysvar (read from its account: ~100 CU less than the syscall, see
///     docs/decisions/0067-the-deposit-reads-the-clock-from-its-sysvar-account.md)
/// 11. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding
pub struct DepositAccounts<'a> {
    pub depositor: &'a AccountView,
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub source: &'a AccountView,
    pub cash_holding: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub destination: &'a AccountView,
    pub stable_token_program: &'a AccountView,
    pub clock: &'a AccountView,
    pub asset_pairs: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for DepositAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [depositor, vault, nav_snapshot, stable_mint, source, cash_holding, share_mint, destination, stable_token_program, token2022_program, clock, asset_pairs @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The depositor signs (the token program checks it owns the source).
        validate::check_signer(depositor)?;
        // 2. Accounts written by the instruction or its CPIs are writable.
        for account in [vault, source, cash_holding, share_mint, destination] {
            validate::check_writable(account)?;
        }
        // 3. Token-2022 for the shares; the stablecoin's program is checked against the
        //    vault's configuration by the processor.
        crate::words::check_address(
            token2022_program,
            &token2022::TOKEN_2022_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        // 4. The real Clock sysvar: only the runtime writes that address, so its time
        //    cannot be forged by passing another account.
        crate::words::check_address(clock, &CLOCK_ID, CommonError::InvalidSysvar)?;
        Ok(Self {
            depositor,
            vault,
            nav_snapshot,
            stable_mint,
            source,
            cash_holding,
            share_mint,
            destination,
            stable_token_program,
            clock,
            asset_pairs,
        })
    }
}

impl DepositAccounts<'_> {
    /// The Clock's `unix_timestamp`, read from the sysvar account checked at parse time
    /// (bytes 32..40 of its 40-byte data; the runtime owns and sizes that account, the length
    /// check keeps the read in bounds whatever it is given).
    #[inline(always)]
    pub fn unix_timestamp(&self) -> Result<i64, CommonError> {
        // SAFETY: a sysvar is never writable in an instruction, so no mutable borrow of its
        // data can exist while this shared one is read.
        let data = unsafe { self.clock.borrow_unchecked() };
        let bytes: &[u8; 8] = data
            .get(32..40)
            .and_then(|word| word.try_into().ok())
            .ok_or(CommonError::InvalidSysvar)?;
        Ok(i64::from_le_bytes(*bytes))
    }
}
