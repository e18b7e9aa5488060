#![allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)] // small fixed test inputs

extern crate std;
use super::introspect::*;
use crate::{error::VaultError, instruction::discriminator};
use std::vec::Vec;

const VAULT_STATE: [u8; 32] = [1; 32];
const HOLDING: [u8; 32] = [3; 32];
const OTHER_PROGRAM: [u8; 32] = [9; 32];
const VAULT: &[u8; 32] = crate::ID.as_array();

struct TestIx {
    program: [u8; 32],
    accounts: Vec<[u8; 32]>,
    data: Vec<u8>,
}

/// The runtime's serialization of the instructions sysvar.
fn sysvar(ixs: &[TestIx], current: u16) -> Vec<u8> {
    let mut body = Vec::new();
    let mut offsets = Vec::new();
    let header = 2 + 2 * ixs.len();
    for ix in ixs {
        offsets.push((header + body.len()) as u16);
        body.extend_from_slice(&(ix.accounts.len() as u16).to_le_bytes());
        for key in &ix.accounts {
            body.push(0);
            body.extend_from_slice(key);
        }
        body.extend_from_slice(&ix.program);
        body.extend_from_slice(&(ix.data.len() as u16).to_le_bytes());
        body.extend_from_slice(&ix.data);
    }
    let mut out = (ixs.len() as u16).to_le_bytes().to_vec();
    for o in offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    out.extend_from_slice(&body);
    out.extend_from_slice(&current.to_le_bytes());
    out
}

fn leg_ix() -> TestIx {
    TestIx {
        program: *VAULT,
        accounts: std::vec![[7; 32], VAULT_STATE],
        data: std::vec![discriminator::REBALANCE_LEG; 49],
    }
}

fn settle(vault: [u8; 32]) -> TestIx {
    TestIx {
        program: *VAULT,
        accounts: std::vec![vault, HOLDING],
        data: std::vec![discriminator::REBALANCE_SETTLE],
    }
}

fn other() -> TestIx {
    TestIx {
        program: OTHER_PROGRAM,
        accounts: std::vec![HOLDING],
        data: std::vec![12, 1, 2, 3],
    }
}

fn check(ixs: &[TestIx], current: u16) -> Result<(), VaultError> {
    check_settle_follows(&sysvar(ixs, current), &VAULT_STATE)
}

#[test]
fn accepts_any_route_between_the_leg_and_its_settle() {
    assert_eq!(check(&[leg_ix(), settle(VAULT_STATE)], 0), Ok(()));
    let route = [
        other(),
        leg_ix(),
        other(),
        other(),
        settle(VAULT_STATE),
        other(),
    ];
    assert_eq!(check(&route, 1), Ok(()));
}

#[test]
fn rejects_a_leg_reached_through_cpi() {
    // The current top-level instruction is another program's: the leg runs under CPI.
    let ixs = [other(), settle(VAULT_STATE)];
    assert_eq!(check(&ixs, 0), Err(VaultError::NotTopLevel));
}

#[test]
fn rejects_a_missing_earlier_or_foreign_settle() {
    assert_eq!(
        check(&[leg_ix(), other()], 0),
        Err(VaultError::SettleMissing)
    );
    let before = [settle(VAULT_STATE), leg_ix(), other()];
    assert_eq!(check(&before, 1), Err(VaultError::SettleMissing));
    let foreign = [leg_ix(), settle([8; 32])];
    assert_eq!(check(&foreign, 0), Err(VaultError::SettleMissing));
    let mut wrong_data = settle(VAULT_STATE);
    wrong_data.data.push(0);
    assert_eq!(
        check(&[leg_ix(), wrong_data], 0),
        Err(VaultError::SettleMissing)
    );
}

#[test]
fn rejects_forged_or_truncated_sysvar_bytes_without_reading_out_of_range() {
    let good = sysvar(&[leg_ix(), settle(VAULT_STATE)], 0);
    for cut in 0..good.len() {
        let r = check_settle_follows(&good[..cut], &VAULT_STATE);
        assert!(r.is_err(), "cut at {cut}");
    }
    let mut bad_index = good.clone();
    let n = bad_index.len();
    bad_index[n - 2..].copy_from_slice(&9u16.to_le_bytes());
    assert!(check_settle_follows(&bad_index, &VAULT_STATE).is_err());
}
