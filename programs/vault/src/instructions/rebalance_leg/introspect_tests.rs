#![allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)] // small fixed test inputs

extern crate std;
use super::introspect::*;
use crate::{error::VaultError, instruction::discriminator};
use basket_common::token2022::{TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID};
use std::vec::Vec;

const VAULT_STATE: [u8; 32] = [1; 32];
const MINT: [u8; 32] = [2; 32];
const HOLDING: [u8; 32] = [3; 32];
const SOURCE: [u8; 32] = [4; 32];
const AUTHORITY: [u8; 32] = [5; 32];
const OTHER_PROGRAM: [u8; 32] = [9; 32];
const VAULT: &[u8; 32] = crate::ID.as_array();
const T22: &[u8; 32] = TOKEN_2022_PROGRAM_ID.as_array();
const SPL: &[u8; 32] = TOKEN_PROGRAM_ID.as_array();

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

fn transfer(program: &[u8; 32], mint: [u8; 32], to: [u8; 32], amount: u64) -> TestIx {
    let mut data = std::vec![TRANSFER_CHECKED];
    data.extend_from_slice(&amount.to_le_bytes());
    data.push(8);
    TestIx {
        program: *program,
        accounts: std::vec![SOURCE, mint, to, AUTHORITY],
        data,
    }
}

fn settle(vault: [u8; 32]) -> TestIx {
    TestIx {
        program: *VAULT,
        accounts: std::vec![vault, HOLDING],
        data: std::vec![discriminator::REBALANCE_SETTLE],
    }
}

fn budget() -> TestIx {
    TestIx {
        program: COMPUTE_BUDGET_PROGRAM_ID,
        accounts: Vec::new(),
        data: std::vec![2, 0, 0, 1, 0],
    }
}

fn other() -> TestIx {
    TestIx {
        program: OTHER_PROGRAM,
        accounts: std::vec![SOURCE],
        data: std::vec![1, 2, 3],
    }
}

fn expected() -> ExpectedLeg<'static> {
    ExpectedLeg {
        token_program: T22,
        mint: &MINT,
        destination: &HOLDING,
        amount: 500,
        vault: &VAULT_STATE,
    }
}

fn check(ixs: &[TestIx], current: u16) -> Result<(), VaultError> {
    check_leg_layout(&sysvar(ixs, current), &expected())
}

fn good() -> Vec<TestIx> {
    std::vec![
        leg_ix(),
        transfer(T22, MINT, HOLDING, 500),
        settle(VAULT_STATE)
    ]
}

#[test]
fn accepts_leg_transfer_settle_with_budget_before_and_others_after() {
    assert_eq!(check(&good(), 0), Ok(()));
    let mut ixs = std::vec![budget(), budget()];
    ixs.extend(good());
    ixs.push(other());
    assert_eq!(check(&ixs, 2), Ok(()));
    // The counterparty's own instruction between the transfer and the settle.
    let ixs = std::vec![
        leg_ix(),
        transfer(T22, MINT, HOLDING, 500),
        other(),
        settle(VAULT_STATE)
    ];
    assert_eq!(check(&ixs, 0), Ok(()));
}

#[test]
fn rejects_a_leg_reached_through_cpi() {
    // The instruction at the current index belongs to the calling program.
    let mut ixs = good();
    ixs[0].program = OTHER_PROGRAM;
    assert_eq!(check(&ixs, 0), Err(VaultError::NotTopLevel));
}

#[test]
fn rejects_a_leg_that_is_not_first() {
    let mut ixs = std::vec![other()];
    ixs.extend(good());
    assert_eq!(check(&ixs, 1), Err(VaultError::RebalanceNotFirst));
    let mut ixs = std::vec![transfer(T22, MINT, HOLDING, 500)];
    ixs.extend(good());
    assert_eq!(check(&ixs, 1), Err(VaultError::RebalanceNotFirst));
}

#[test]
fn rejects_a_missing_or_misplaced_counter_leg() {
    assert_eq!(
        check(&[leg_ix(), settle(VAULT_STATE)], 0),
        Err(VaultError::LegMissing)
    );
    // Transfer before the leg (and not a budget instruction).
    let ixs = std::vec![
        transfer(T22, MINT, HOLDING, 500),
        leg_ix(),
        settle(VAULT_STATE)
    ];
    assert_eq!(check(&ixs, 1), Err(VaultError::RebalanceNotFirst));
    // Settle before the transfer, or none.
    let ixs = std::vec![
        leg_ix(),
        settle(VAULT_STATE),
        transfer(T22, MINT, HOLDING, 500)
    ];
    assert_eq!(check(&ixs, 0), Err(VaultError::SettleMissing));
    let ixs = std::vec![leg_ix(), transfer(T22, MINT, HOLDING, 500)];
    assert_eq!(check(&ixs, 0), Err(VaultError::SettleMissing));
}

#[test]
fn rejects_each_wrong_field_of_the_transfer_with_its_own_error() {
    let case = |t: TestIx| check(&[leg_ix(), t, settle(VAULT_STATE)], 0);
    assert_eq!(
        case(transfer(SPL, MINT, HOLDING, 500)),
        Err(VaultError::LegWrongTokenProgram)
    );
    assert_eq!(
        case(transfer(T22, [8; 32], HOLDING, 500)),
        Err(VaultError::LegWrongMint)
    );
    assert_eq!(
        case(transfer(T22, MINT, [8; 32], 500)),
        Err(VaultError::LegWrongDestination)
    );
    assert_eq!(
        case(transfer(T22, MINT, HOLDING, 499)),
        Err(VaultError::LegWrongAmount)
    );
    let mut plain = transfer(T22, MINT, HOLDING, 500);
    plain.data = std::vec![3];
    plain.data.extend_from_slice(&500u64.to_le_bytes());
    assert_eq!(case(plain), Err(VaultError::LegNotTransferChecked));
    let mut short = transfer(T22, MINT, HOLDING, 500);
    short.accounts.truncate(2);
    assert_eq!(case(short), Err(VaultError::LegNotTransferChecked));
}

#[test]
fn rejects_a_second_token_instruction_or_vault_instruction() {
    let ixs = std::vec![
        leg_ix(),
        transfer(T22, MINT, HOLDING, 500),
        transfer(T22, MINT, HOLDING, 500),
        settle(VAULT_STATE)
    ];
    assert_eq!(check(&ixs, 0), Err(VaultError::ExtraTokenInstruction));
    let ixs = std::vec![
        leg_ix(),
        leg_ix(),
        transfer(T22, MINT, HOLDING, 500),
        settle(VAULT_STATE)
    ];
    assert_eq!(check(&ixs, 0), Err(VaultError::UnexpectedVaultInstruction));
    let mut ixs = good();
    ixs.push(settle(VAULT_STATE));
    assert_eq!(check(&ixs, 0), Err(VaultError::UnexpectedVaultInstruction));
    // A settle of another vault does not count.
    let ixs = std::vec![leg_ix(), transfer(T22, MINT, HOLDING, 500), settle([8; 32])];
    assert_eq!(check(&ixs, 0), Err(VaultError::UnexpectedVaultInstruction));
}

#[test]
fn rejects_forged_or_truncated_sysvar_bytes_without_reading_out_of_range() {
    let data = sysvar(&good(), 0);
    for len in 0..data.len() {
        assert!(
            check_leg_layout(&data[..len], &expected()).is_err(),
            "{len}"
        );
    }
    // Current index past the count.
    assert_eq!(check(&good(), 3), Err(VaultError::NotTopLevel));
    // An offset pointing past the end.
    let mut bad = data.clone();
    bad[4] = 0xff;
    bad[5] = 0xff;
    assert!(check_leg_layout(&bad, &expected()).is_err());
}
