//! The upgrade authority of an upgradeable program, read from its ProgramData account.
//!
//! One-shot set-up instructions (the oracle's `initialize_config`, later the rewards
//! program's) must not be callable first by a stranger who installs an admin set of their
//! own. The one key that provably belongs to the deployer is the program's upgrade
//! authority, stored by the upgradeable BPF loader in the program's ProgramData account:
//! - address: the PDA of `[program_id]` under `BPFLoaderUpgradeab1e11111111111111111111111`
//! - owner: that loader
//! - data (`UpgradeableLoaderState::ProgramData`, bincode), then the ELF:
//!   - `[0..4]` u32 LE tag, `3` for ProgramData
//!   - `[4..12]` u64 LE slot of the last deployment
//!   - `[12]` option tag: `0` no authority (the program is immutable), `1` an authority
//!   - `[13..45]` the authority's key (meaningful only when `[12]` is `1`)

use crate::error::CommonError;
use pinocchio::{AccountView, Address};
use solana_address::address_eq;

/// The upgradeable BPF loader, owner of every ProgramData account.
pub const BPF_LOADER_UPGRADEABLE_ID: Address =
    Address::from_str_const("BPFLoaderUpgradeab1e11111111111111111111111");

/// `UpgradeableLoaderState::ProgramData`'s tag.
pub const PROGRAM_DATA_TAG: u32 = 3;

/// Bytes before the ELF in a ProgramData account.
pub const PROGRAM_DATA_METADATA_LEN: usize = 45;

/// Why the upgrade-authority check failed. Each program maps these to its own error codes
/// (`Common` carries a shared code as is).
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum UpgradeAuthorityError {
    /// A shared check: the ProgramData address is not the program's (`InvalidPda`), it is
    /// not owned by the upgradeable loader (`InvalidOwner`), it is not a ProgramData
    /// account (`InvalidDiscriminator`, `InvalidAccountLength`), or the upgrade authority
    /// did not sign (`MissingSigner`).
    Common(CommonError),
    /// The program has no upgrade authority: it is immutable, nobody can act as deployer.
    ImmutableProgram,
    /// The account passed as the upgrade authority is not the program's upgrade authority.
    NotUpgradeAuthority,
}

impl From<CommonError> for UpgradeAuthorityError {
    fn from(e: CommonError) -> Self {
        Self::Common(e)
    }
}

/// The upgrade authority stored in ProgramData account data, or `None` for an immutable
/// program. Fails unless the data is a ProgramData account's (tag 3, an option tag of 0 or
/// 1, at least the 45 metadata bytes).
pub fn parse_program_data(data: &[u8]) -> Result<Option<&[u8; 32]>, UpgradeAuthorityError> {
    let Some(metadata) = data.first_chunk::<PROGRAM_DATA_METADATA_LEN>() else {
        return Err(CommonError::InvalidAccountLength.into());
    };
    let tag = u32::from_le_bytes([metadata[0], metadata[1], metadata[2], metadata[3]]);
    if tag != PROGRAM_DATA_TAG {
        return Err(CommonError::InvalidDiscriminator.into());
    }
    match metadata[12] {
        0 => Ok(None),
        1 => Ok(metadata[13..].first_chunk::<32>()),
        _ => Err(CommonError::InvalidDiscriminator.into()),
    }
}

/// Checks that `authority` is the upgrade authority of `program_id` and signed:
/// 1. `program_data` is the canonical PDA of `[program_id]` under the upgradeable loader
///    (found with `find_program_address`: up to 1,500 CU per bump tried, fine for a one-off
///    instruction; no client-provided bump is trusted);
/// 2. it is owned by the upgradeable loader and is a ProgramData account;
/// 3. the program has an upgrade authority (an immutable program is refused);
/// 4. `authority` is that key and signed the transaction.
pub fn check_upgrade_authority(
    program_id: &Address,
    program_data: &AccountView,
    authority: &AccountView,
) -> Result<(), UpgradeAuthorityError> {
    let (expected, _) =
        Address::try_find_program_address(&[program_id.as_ref()], &BPF_LOADER_UPGRADEABLE_ID)
            .ok_or(CommonError::InvalidPda)?;
    let owner = program_data.owner();
    // SAFETY: read-only access; the loader's account is never borrowed mutably by a program.
    let data = unsafe { program_data.borrow_unchecked() };
    verify(
        &expected,
        &ProgramDataFacts {
            address: program_data.address(),
            owner: &owner,
            data,
        },
        authority.address(),
        authority.is_signer(),
    )
}

/// What the check reads from the ProgramData account (so the rules run on the host too).
struct ProgramDataFacts<'a> {
    address: &'a Address,
    owner: &'a Address,
    data: &'a [u8],
}

/// Steps 1-4 of `check_upgrade_authority`, given the derived ProgramData address.
fn verify(
    expected_program_data: &Address,
    program_data: &ProgramDataFacts,
    authority: &Address,
    authority_signed: bool,
) -> Result<(), UpgradeAuthorityError> {
    if !address_eq(program_data.address, expected_program_data) {
        return Err(CommonError::InvalidPda.into());
    }
    if !address_eq(program_data.owner, &BPF_LOADER_UPGRADEABLE_ID) {
        return Err(CommonError::InvalidOwner.into());
    }
    let Some(key) = parse_program_data(program_data.data)? else {
        return Err(UpgradeAuthorityError::ImmutableProgram);
    };
    if !address_eq(authority, &Address::new_from_array(*key)) {
        return Err(UpgradeAuthorityError::NotUpgradeAuthority);
    }
    if !authority_signed {
        return Err(CommonError::MissingSigner.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn program_data(tag: u32, option: u8, key: [u8; 32], elf: &[u8]) -> Vec<u8> {
        let mut d = Vec::new();
        d.extend_from_slice(&tag.to_le_bytes());
        d.extend_from_slice(&123_456u64.to_le_bytes());
        d.push(option);
        d.extend_from_slice(&key);
        d.extend_from_slice(elf);
        d
    }

    #[test]
    fn reads_the_authority_of_an_upgradeable_program() {
        let d = program_data(3, 1, [7; 32], b"\x7fELF...");
        assert_eq!(parse_program_data(&d), Ok(Some(&[7u8; 32])));
        // Metadata alone (an empty program) is still a ProgramData account.
        assert_eq!(
            parse_program_data(&d[..PROGRAM_DATA_METADATA_LEN]),
            Ok(Some(&[7u8; 32]))
        );
    }

    #[test]
    fn reads_no_authority_for_an_immutable_program() {
        // The loader leaves the key bytes as they were; they must be ignored.
        let d = program_data(3, 0, [9; 32], b"elf");
        assert_eq!(parse_program_data(&d), Ok(None));
    }

    #[test]
    fn rejects_other_loader_states_and_malformed_data() {
        // Given the tags of Uninitialized (0), Buffer (1) and Program (2), a bad option tag
        // and truncated metadata
        for tag in [0u32, 1, 2, 4, 0x0300_0000] {
            assert_eq!(
                parse_program_data(&program_data(tag, 1, [7; 32], b"")),
                Err(UpgradeAuthorityError::Common(
                    CommonError::InvalidDiscriminator
                )),
                "{tag}"
            );
        }
        assert_eq!(
            parse_program_data(&program_data(3, 2, [7; 32], b"")),
            Err(UpgradeAuthorityError::Common(
                CommonError::InvalidDiscriminator
            ))
        );
        let d = program_data(3, 1, [7; 32], b"");
        assert_eq!(
            parse_program_data(&d[..PROGRAM_DATA_METADATA_LEN - 1]),
            Err(UpgradeAuthorityError::Common(
                CommonError::InvalidAccountLength
            ))
        );
        assert_eq!(
            parse_program_data(&[]),
            Err(UpgradeAuthorityError::Common(
                CommonError::InvalidAccountLength
            ))
        );
    }

    /// Given a program, its ProgramData address and an authority key.
    fn world() -> (Address, Address, Address, Vec<u8>) {
        let program = Address::new_from_array([42; 32]);
        let (address, _) =
            Address::find_program_address(&[program.as_ref()], &BPF_LOADER_UPGRADEABLE_ID);
        let authority = Address::new_from_array([7; 32]);
        let data = program_data(3, 1, *authority.as_array(), b"elf");
        (address, authority, Address::new_from_array([5; 32]), data)
    }

    fn run(
        expected: &Address,
        (address, owner, data): (&Address, &Address, &[u8]),
        (authority, is_signer): (&Address, bool),
    ) -> Result<(), UpgradeAuthorityError> {
        let pd = ProgramDataFacts {
            address,
            owner,
            data,
        };
        verify(expected, &pd, authority, is_signer)
    }

    const SYSTEM: Address = Address::new_from_array([0; 32]);
    const LOADER: Address = BPF_LOADER_UPGRADEABLE_ID;

    #[test]
    fn accepts_the_upgrade_authority_signing() {
        let (pd, authority, _, data) = world();
        assert_eq!(run(&pd, (&pd, &LOADER, &data), (&authority, true)), Ok(()));
    }

    #[test]
    fn rejects_a_stranger_signing_and_the_authority_not_signing() {
        let (pd, authority, stranger, data) = world();
        assert_eq!(
            run(&pd, (&pd, &LOADER, &data), (&stranger, true)),
            Err(UpgradeAuthorityError::NotUpgradeAuthority)
        );
        assert_eq!(
            run(&pd, (&pd, &LOADER, &data), (&authority, false)),
            Err(UpgradeAuthorityError::Common(CommonError::MissingSigner))
        );
    }

    #[test]
    fn rejects_another_address_a_copy_under_another_owner_and_an_immutable_program() {
        let (pd, authority, stranger, data) = world();
        // Given the stranger's own ProgramData-shaped account at another address
        assert_eq!(
            run(&pd, (&stranger, &LOADER, &data), (&authority, true)),
            Err(UpgradeAuthorityError::Common(CommonError::InvalidPda))
        );
        // Given a byte-identical copy at the right address but owned by another program
        // (cannot happen on-chain for a PDA of the loader; checked all the same)
        assert_eq!(
            run(&pd, (&pd, &SYSTEM, &data), (&authority, true)),
            Err(UpgradeAuthorityError::Common(CommonError::InvalidOwner))
        );
        // Given an immutable program (no authority), even its former authority is refused
        let immutable = program_data(3, 0, *authority.as_array(), b"elf");
        assert_eq!(
            run(&pd, (&pd, &LOADER, &immutable), (&authority, true)),
            Err(UpgradeAuthorityError::ImmutableProgram)
        );
        // Given the program account's state (tag 2) instead of ProgramData
        let program_state = program_data(2, 1, *authority.as_array(), b"");
        assert_eq!(
            run(&pd, (&pd, &LOADER, &program_state), (&authority, true)),
            Err(UpgradeAuthorityError::Common(
                CommonError::InvalidDiscriminator
            ))
        );
    }

    #[test]
    fn the_loader_id_decodes_to_its_known_bytes() {
        // base58 "BPFLoaderUpgradeab1e11111111111111111111111", decoded at run time too
        let known = [
            2, 168, 246, 145, 78, 136, 161, 176, 226, 16, 21, 62, 247, 99, 174, 43, 0, 194, 185,
            61, 22, 193, 36, 210, 192, 83, 122, 16, 4, 128, 0, 0,
        ];
        assert_eq!(BPF_LOADER_UPGRADEABLE_ID.as_array(), &known);
        let parsed: Address = "BPFLoaderUpgradeab1e11111111111111111111111"
            .parse()
            .unwrap();
        assert_eq!(parsed, BPF_LOADER_UPGRADEABLE_ID);
    }
}
