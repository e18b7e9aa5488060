use crate::error::VaultError;
use basket_common::{
    layout::{PodU16, PodU64},
    token2022::{TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID},
};
use codama_macros::CodamaType;
use pinocchio::Address;

/// Maximum number of assets in one vault (one NAV snapshot holds as many entries).
pub const MAX_ASSETS: usize = 20;

/// Lifecycle of one asset of the basket.
///
/// - `Active`: every path is open (deposits price it, withdrawals pay it, rebalances trade it).
/// - `Frozen`: set by the admin multisig (corporate action, issuer pause, incident). Every
///   instruction that prices or moves the asset refuses; the rest of the vault keeps working
///   only where the asset's book is zero.
/// - `Retired`: weight 0 and book 0; the slot stays for history and is skipped everywhere.
///
/// Moves: Active <-> Frozen (admin multisig, immediate); Active -> Retired (admin multisig,
/// only with weight 0 and book 0). `init_vault` creates every asset Active. Zero is not a
/// status, so zeroed bytes never read as Active.
#[repr(u8)]
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum AssetStatus {
    Active = 1,
    Frozen = 2,
    Retired = 3,
}

impl TryFrom<u8> for AssetStatus {
    type Error = VaultError;
    fn try_from(v: u8) -> Result<Self, VaultError> {
        match v {
            1 => Ok(Self::Active),
            2 => Ok(Self::Frozen),
            3 => Ok(Self::Retired),
            _ => Err(VaultError::CorruptState),
        }
    }
}

/// Which token program holds a mint: stored as one byte (0 = SPL Token, 1 = Token-2022).
#[repr(u8)]
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum TokenProgramKind {
    SplToken = 0,
    Token2022 = 1,
}

impl TokenProgramKind {
    pub fn from_tag(tag: u8) -> Result<Self, VaultError> {
        match tag {
            0 => Ok(Self::SplToken),
            1 => Ok(Self::Token2022),
            _ => Err(VaultError::CorruptState),
        }
    }

    pub fn address(self) -> &'static Address {
        match self {
            Self::SplToken => &TOKEN_PROGRAM_ID,
            Self::Token2022 => &TOKEN_2022_PROGRAM_ID,
        }
    }
}

/// `AssetEntry::mint_flags` bits: what init_vault found on the mint.
pub mod mint_flags {
    /// The mint carries the TransferHook extension (a program may be set later).
    pub const TRANSFER_HOOK: u8 = 1;
    /// The mint carries the PermanentDelegate extension.
    pub const PERMANENT_DELEGATE: u8 = 2;
    /// New accounts of the mint start frozen (DefaultAccountState Frozen at init).
    pub const DEFAULT_FROZEN: u8 = 4;
    /// The mint carries the Pausable extension (the issuer can stop every transfer).
    pub const PAUSABLE: u8 = 8;
}

/// One asset of the basket (160 bytes).
///
/// - `[0..32]` mint
/// - `[32..40]` holdings_raw: the vault's book of raw (unscaled) units, reconciled down to the
///   holding's real balance (less what open claims are owed) wherever it is read, never up,
///   so a seizure is priced at once and a donation to the holding changes nothing
/// - `[40..42]` target weight, basis points of the asset part of NAV
/// - `[42]` token program (0 = SPL Token, 1 = Token-2022), `[43]` mint decimals
/// - `[44]` status ([`AssetStatus`]), `[45]` canonical bump of the holding account
/// - `[46..54]` prev_unit_1e8, `[54..62]` seen_unit_1e8: value of one whole raw token
///   (`price_usd_1e8 x multiplier_num / 1e12`, rounded down) at the snapshot before the
///   last one the vault priced, and at that last one (0 = not known); see `price_memo`
/// - `[62]` unit_inexact: bit 0 = prev, bit 1 = seen was rounded down from a larger value
/// - `[63]` reserved (zero)
/// - `[64..72]` verified_bits: the f64 bits of the mint's ScaledUiAmount multiplier in force
///   when NAV was last priced in full, which equalled the snapshot entry's multiplier then
///   (0 = none: zero is never a valid multiplier); see `nav`'s cached path
/// - `[72..74]` ext_offset: offset in the mint's data of that extension's value (0 = the
///   mint has none: SPL Token, or Token-2022 without ScaledUiAmount)
/// - `[74..80]` (named `reserved2` in the IDL) the fixed form of `verified_bits`
///   (`floor(multiplier x 1e12)`, 48 bits little-endian; 0 = not cached: never priced, an
///   SPL Token mint, or a multiplier of 2^48 / 1e12 (~281) or more), so full pricing re-decodes a multiplier only
///   when the mint's bits in force changed; see `nav::price_assets`
/// - `[80..112]` holding: the address of the vault's holding PDA `["holding", sku_id, mint]`,
///   recorded by init_vault when it created it (a 4-word compare instead of a PDA hash)
/// - `[112..144]` permanent_delegate: the mint's permanent delegate recorded at init_vault
///   (zero = none); `refresh_nav` reports a change (`PermanentDelegateChanged`) and records it
/// - `[144..152]` claims_owed_raw: raw units of this asset owed to open redemption claims,
///   still in the holding (the holding backs book + claims; see `holdings`)
/// - `[152..154]` delegate_offset: offset in the mint's data of the PermanentDelegate value
///   (0 = none), so the delegate is re-read without walking the extensions
/// - `[154]` mint_flags ([`mint_flags`]), `[155..160]` reserved (zero)
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct AssetEntry {
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    #[codama(type = number(u64))]
    pub holdings_raw: PodU64,
    #[codama(type = number(u16))]
    pub target_weight_bps: PodU16,
    pub token_program: u8,
    pub decimals: u8,
    pub status: u8,
    pub holding_bump: u8,
    #[codama(type = number(u64))]
    pub prev_unit_1e8: PodU64,
    #[codama(type = number(u64))]
    pub seen_unit_1e8: PodU64,
    pub unit_inexact: u8,
    pub reserved: [u8; 1],
    #[codama(type = number(u64))]
    pub verified_bits: PodU64,
    #[codama(type = number(u16))]
    pub ext_offset: PodU16,
    pub reserved2: [u8; 6],
    #[codama(type = public_key)]
    pub holding: [u8; 32],
    #[codama(type = public_key)]
    pub permanent_delegate: [u8; 32],
    #[codama(type = number(u64))]
    pub claims_owed_raw: PodU64,
    #[codama(type = number(u16))]
    pub delegate_offset: PodU16,
    pub mint_flags: u8,
    pub reserved3: [u8; 5],
}

const _: () =
    assert!(core::mem::size_of::<AssetEntry>() == 160 && core::mem::align_of::<AssetEntry>() == 1);

/// Offset of `ext_offset` in the entry: with the 6 bytes after it, one little-endian word
/// (offset in the low 16 bits, the cached fixed multiplier in the high 48).
const EXT_WORD_OFFSET: usize = 72;
const _: () = assert!(core::mem::offset_of!(AssetEntry, ext_offset) == EXT_WORD_OFFSET);
const _: () = assert!(core::mem::offset_of!(AssetEntry, reserved2) == EXT_WORD_OFFSET + 2);

impl AssetEntry {
    /// The fixed form of `verified_bits` cached at the last full pricing (0 = none).
    #[inline(always)]
    pub fn verified_num(&self) -> u64 {
        // SAFETY: bytes 72..80 of this 160-byte, align-1 entry (asserted above); an unaligned
        // load is allowed on the target and the host. One load instead of six byte loads.
        let word = unsafe {
            core::ptr::read_unaligned(
                (self as *const Self as *const u8).add(EXT_WORD_OFFSET) as *const u64
            )
        };
        u64::from_le(word) >> 16
    }

    /// Records the multiplier a full pricing verified: its bits, extension offset and fixed
    /// form (cached when it fits 48 bits, else 0: never used). A Token-2022 mint without
    /// ScaledUiAmount caches the unit (offset 0): a mint's extensions are fixed at its init.
    #[inline(always)]
    pub fn record_verified(&mut self, bits: u64, offset: u16, num: u64) {
        self.verified_bits.set(bits);
        let cached = if num >> 48 == 0 { num << 16 } else { 0 };
        let word = cached | u64::from(offset);
        // SAFETY: as in `verified_num`; the entry is borrowed mutably. One store.
        unsafe {
            core::ptr::write_unaligned(
                (self as *mut Self as *mut u8).add(EXT_WORD_OFFSET) as *mut u64,
                word.to_le(),
            );
        }
    }

    pub fn status(&self) -> Result<AssetStatus, VaultError> {
        AssetStatus::try_from(self.status)
    }

    pub fn token_program(&self) -> Result<TokenProgramKind, VaultError> {
        TokenProgramKind::from_tag(self.token_program)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cached_fixed_multiplier_keeps_the_offset_and_is_set_only_when_it_fits() {
        // SAFETY: every field of the entry is plain bytes; all-zero is a valid entry.
        let mut a: AssetEntry = unsafe { core::mem::zeroed() };
        a.record_verified(2.5f64.to_bits(), 301, 2_500_000_000_000);
        assert_eq!(
            (a.verified_bits.get(), a.ext_offset.get(), a.verified_num()),
            (2.5f64.to_bits(), 301, 2_500_000_000_000)
        );
        assert_eq!(a.holding, [0; 32]);
        // Too large for 48 bits: nothing cached (full decoding each time).
        a.record_verified(1, 301, 1 << 48);
        assert_eq!((a.ext_offset.get(), a.verified_num()), (301, 0));
        // No extension: the unit, at offset 0.
        a.record_verified(0, 0, 1_000_000_000_000);
        assert_eq!(
            (a.ext_offset.get(), a.verified_num()),
            (0, 1_000_000_000_000)
        );
        a.record_verified(1, 7, (1 << 48) - 1);
        assert_eq!((a.ext_offset.get(), a.verified_num()), (7, (1 << 48) - 1));
    }
}
