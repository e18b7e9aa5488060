//! `set_paused(paused)`: the admin multisig's immediate circuit breaker.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1.. `[SIGNER]` admin signers (the vault's threshold of distinct configured admins)
//!
//! Data: `[0]` paused, 0 or 1 (any other byte is rejected).

use super::admin::load_vault_as_admin;
use crate::events::PauseSetEvent;
use basket_common::event::Event as _;
use basket_common::layout::PodU64;
use basket_common::{layout::PodBool, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Parses the single boolean byte.
pub fn parse(data: &[u8]) -> Result<bool, CommonError> {
    match data {
        [b] => PodBool(*b).get(),
        _ => Err(CommonError::InvalidInstructionData),
    }
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let paused = parse(data)?;
    let state = load_vault_as_admin(vault, signers)?;
    state.paused.set(paused);
    let seq = state.next_event_sequence();
    PauseSetEvent {
        sku_id: state.sku_id,
        paused: paused as u8,
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_exactly_one_boolean_byte() {
        assert_eq!(parse(&[0]), Ok(false));
        assert_eq!(parse(&[1]), Ok(true));
        assert!(parse(&[2]).is_err());
        assert!(parse(&[]).is_err());
        assert!(parse(&[1, 0]).is_err());
    }
}
