//! The upgradeable BPF loader as the gate calls it: the instructions' bincode tags and
//! account orders (`solana-loader-v3-interface`), and the Buffer account's header.
//!
//! Buffer account data (`UpgradeableLoaderState::Buffer`, bincode), then the ELF:
//! - `[0..4]` u32 LE tag, `1` for Buffer
//! - `[4]` option tag: `0` no authority, `1` an authority
//! - `[5..37]` the authority's key

pub use basket_common::upgrade_authority::BPF_LOADER_UPGRADEABLE_ID;

/// `UpgradeableLoaderInstruction::Upgrade`: programdata, program, buffer, spill, rent,
/// clock, authority.
pub const UPGRADE: [u8; 4] = 3u32.to_le_bytes();
/// `UpgradeableLoaderInstruction::SetAuthority`: the account (ProgramData or Buffer), its
/// present authority, the new authority.
pub const SET_AUTHORITY: [u8; 4] = 4u32.to_le_bytes();

/// `UpgradeableLoaderState::Buffer`'s tag.
pub const BUFFER_TAG: u32 = 1;
/// `UpgradeableLoaderState::ProgramData`'s tag.
pub const PROGRAM_DATA_TAG: u32 = 3;
/// Bytes before the ELF in a Buffer account.
pub const BUFFER_METADATA_LEN: usize = 37;

/// The authority of a Buffer account and the program bytes it holds, or `None` if `data` is
/// not a buffer with an authority (a buffer without one can never be deployed).
pub fn parse_buffer(data: &[u8]) -> Option<(&[u8; 32], &[u8])> {
    let (metadata, elf) = data.split_first_chunk::<BUFFER_METADATA_LEN>()?;
    let tag = u32::from_le_bytes([metadata[0], metadata[1], metadata[2], metadata[3]]);
    if tag != BUFFER_TAG || metadata[4] != 1 {
        return None;
    }
    Some((metadata[5..].first_chunk::<32>()?, elf))
}

/// The loader-state tag of account data (Buffer 1, ProgramData 3, ...), if any.
pub fn state_tag(data: &[u8]) -> Option<u32> {
    data.first_chunk::<4>().map(|t| u32::from_le_bytes(*t))
}

/// sha256 of the program bytes (`sol_sha256` on chain: about 1 CU per 2 bytes).
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    solana_sha256_hasher::hashv(&[bytes]).to_bytes()
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn buffer(tag: u32, option: u8, key: [u8; 32], elf: &[u8]) -> Vec<u8> {
        let mut d = Vec::new();
        d.extend_from_slice(&tag.to_le_bytes());
        d.push(option);
        d.extend_from_slice(&key);
        d.extend_from_slice(elf);
        d
    }

    #[test]
    fn reads_a_buffer_with_an_authority() {
        let d = buffer(1, 1, [7; 32], b"\x7fELF..");
        assert_eq!(parse_buffer(&d), Some((&[7u8; 32], &b"\x7fELF.."[..])));
    }

    #[test]
    fn refuses_other_states_no_authority_and_short_data() {
        assert_eq!(parse_buffer(&buffer(3, 1, [7; 32], b"x")), None);
        assert_eq!(parse_buffer(&buffer(1, 0, [7; 32], b"x")), None);
        assert_eq!(parse_buffer(&buffer(1, 1, [7; 32], b"")[..36]), None);
    }

    #[test]
    fn hashes_like_the_reference() {
        // sha256("abc"), FIPS 180-2 appendix B.1.
        assert_eq!(sha256(b"abc")[..4], [0xba, 0x78, 0x16, 0xbf],);
    }
}
