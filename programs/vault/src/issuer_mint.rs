//! The issuer's tokenized-stock mints as the vault accepts them (docs/decisions/0044-the-vault-accepts-the-issuer-s-full-extension-set.md, "Issuer
//! mints in the vault"). Every extension of the live mints is handled on purpose:
//!
//! - ScaledUiAmount: the multiplier every NAV compares with the snapshot (`nav`);
//! - PermanentDelegate: recorded at init_vault; holdings are valued at their real balance
//!   (`holdings`); `refresh_nav` reports a changed delegate;
//! - DefaultAccountState: a holding created Frozen is valued but never traded until thawed;
//! - Pausable: holdings carry PausableAccount; a paused mint's slice does not move;
//! - ConfidentialTransferMint: accepted; the vault never configures its accounts for
//!   confidential balances (ConfigureAccount needs the owner's signature, which the vault
//!   never gives), so every balance it reads is the public one;
//! - TransferHook: transfers pass the hook's extra accounts through;
//! - MetadataPointer, TokenMetadata, group member: descriptive only.
//!
//! Refused (`UnsupportedMintExtension`): transfer fees (a transfer would deliver less than
//! the books move), non-transferable, interest-bearing (a second, unpriced multiplier),
//! mint close authority, anything unknown.

use crate::{
    events::PermanentDelegateChangedEvent,
    state::{mint_flags, TokenProgramKind, VaultState},
    words::key_eq,
};
use basket_common::{
    event::Event as _, layout::PodU64, token2022, token2022::extension, CommonError,
};
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address,
};

/// Token-2022 `ConfidentialTransferMint` (not among `basket_common`'s named types).
pub const CONFIDENTIAL_TRANSFER_MINT: u16 = 4;

/// Token-2022 extensions an asset mint may carry: the issuer's full set.
pub const ASSET_EXTENSIONS: [u16; 10] = [
    extension::METADATA_POINTER,
    extension::TOKEN_METADATA,
    extension::GROUP_MEMBER_POINTER,
    extension::TOKEN_GROUP_MEMBER,
    extension::SCALED_UI_AMOUNT,
    extension::PAUSABLE,
    extension::PERMANENT_DELEGATE,
    extension::DEFAULT_ACCOUNT_STATE,
    CONFIDENTIAL_TRANSFER_MINT,
    extension::TRANSFER_HOOK,
];

/// Offset of the account-type byte of a Token-2022 mint with extensions; TLV entries follow.
const TLV_START: usize = token2022::TOKEN_ACCOUNT_LEN + 1;
const DEFAULT_STATE_FROZEN: u8 = 2;

/// What init_vault records of an asset mint.
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq)]
pub struct MintTraits {
    /// The permanent delegate (zero = none set) and the offset of its value (0 = no extension).
    pub delegate: [u8; 32],
    pub delegate_offset: u16,
    pub transfer_hook: bool,
    pub default_frozen: bool,
    pub pausable: bool,
}

impl MintTraits {
    /// The `AssetEntry::mint_flags` byte.
    pub fn flags(&self) -> u8 {
        let mut flags = 0;
        if self.transfer_hook {
            flags |= mint_flags::TRANSFER_HOOK;
        }
        if self.delegate_offset != 0 {
            flags |= mint_flags::PERMANENT_DELEGATE;
        }
        if self.default_frozen {
            flags |= mint_flags::DEFAULT_FROZEN;
        }
        if self.pausable {
            flags |= mint_flags::PAUSABLE;
        }
        flags
    }
}

/// Checks an asset mint's extensions against [`ASSET_EXTENSIONS`] and reads what the vault
/// records, in one pass. An SPL Token mint (or a Token-2022 mint without extensions) has
/// none of them.
#[inline(never)]
pub fn inspect(data: &[u8]) -> Result<MintTraits, CommonError> {
    let mut traits = MintTraits::default();
    let mut pos = TLV_START;
    for entry in token2022::mint_extensions(data)? {
        let (ty, value) = entry?;
        if !ASSET_EXTENSIONS.contains(&ty) {
            return Err(CommonError::UnsupportedMintExtension);
        }
        let start = pos
            .checked_add(4)
            .ok_or(CommonError::InvalidMintExtensions)?;
        match ty {
            extension::PERMANENT_DELEGATE => {
                traits.delegate = value
                    .try_into()
                    .map_err(|_| CommonError::InvalidMintExtensions)?;
                traits.delegate_offset =
                    u16::try_from(start).map_err(|_| CommonError::InvalidMintExtensions)?;
            }
            extension::TRANSFER_HOOK => traits.transfer_hook = true,
            extension::PAUSABLE => traits.pausable = true,
            extension::DEFAULT_ACCOUNT_STATE => {
                traits.default_frozen = value.first() == Some(&DEFAULT_STATE_FROZEN);
            }
            _ => {}
        }
        pos = start
            .checked_add(value.len())
            .ok_or(CommonError::InvalidMintExtensions)?;
    }
    Ok(traits)
}

/// The permanent delegate at `offset` (behind a check of its TLV header), or `None` if the
/// extension is not there any more (the caller then re-inspects the mint).
#[inline(always)]
pub fn delegate_at(data: &[u8], offset: u16) -> Option<&[u8; 32]> {
    let start = usize::from(offset);
    let header = data.get(start.checked_sub(4)?..start)?;
    if header != [12, 0, 32, 0] {
        return None;
    }
    data.get(start..start.checked_add(32)?)?.try_into().ok()
}

/// Compares each asset mint's permanent delegate with the one recorded (at init_vault or the
/// last change); a different one is recorded and reported (`PermanentDelegateChanged`), so
/// the keeper learns who can now take from the holdings. `pairs` are (mint, holding) per
/// asset, the mints already checked to be the assets'. `refresh_nav` runs it (the keeper
/// pays the cost once per push, not every deposit).
pub fn report_delegate_changes(
    vault: &mut VaultState,
    pairs: &[AccountView],
) -> Result<(), ProgramError> {
    let n = vault.assets().len();
    for (index, pair) in pairs.chunks_exact(2).take(n).enumerate() {
        let asset = &vault.assets[index];
        if asset.mint_flags & mint_flags::PERMANENT_DELEGATE == 0 {
            continue;
        }
        // SAFETY: read-only view of a mint no one borrows mutably here.
        let data = unsafe { pair[0].borrow_unchecked() };
        let (current, offset) = match delegate_at(data, asset.delegate_offset.get()) {
            Some(key) => (*key, asset.delegate_offset.get()),
            None => {
                let traits = inspect(data)?;
                (traits.delegate, traits.delegate_offset)
            }
        };
        if key_eq(&current, &asset.permanent_delegate) && offset == asset.delegate_offset.get() {
            continue;
        }
        let previous = asset.permanent_delegate;
        let mint = asset.mint;
        let changed = !key_eq(&current, &previous);
        let entry = &mut vault.assets[index];
        entry.permanent_delegate = current;
        entry.delegate_offset.set(offset);
        if changed {
            let seq = vault.next_event_sequence();
            PermanentDelegateChangedEvent {
                sku_id: vault.sku_id,
                asset_index: u8::try_from(index).unwrap_or(u8::MAX),
                mint,
                previous,
                current,
                event_sequence: PodU64::new(seq),
            }
            .emit();
        }
    }
    Ok(())
}

/// Token-account sizes asked of the token program, remembered per extension set: the size
/// depends only on which extensions the mint has, and each ask is one more entry in the
/// instruction trace (64 at most), which 20 holdings would otherwise exceed.
pub struct AccountSizes {
    /// (extension-type bitmask, size) pairs asked so far.
    known: [(u64, usize); 4],
    count: usize,
}

impl AccountSizes {
    pub fn new() -> Self {
        Self {
            known: [(0, 0); 4],
            count: 0,
        }
    }

    /// The size of a new token account of `mint`: SPL Token accounts are 165 bytes (that
    /// program has no extensions); a Token-2022 mint's is asked with `GetAccountDataSize`,
    /// once per distinct set of extension types.
    pub fn size_for(
        &mut self,
        kind: TokenProgramKind,
        mint: &AccountView,
    ) -> Result<usize, ProgramError> {
        if kind == TokenProgramKind::SplToken {
            return Ok(token2022::TOKEN_ACCOUNT_LEN);
        }
        // SAFETY: read-only view of a mint no one borrows mutably here.
        let mask = extension_mask(unsafe { mint.borrow_unchecked() })?;
        if let Some(&(_, size)) = self.known[..self.count].iter().find(|(m, _)| *m == mask) {
            return Ok(size);
        }
        let size = account_data_size(kind.address(), mint)?;
        if let Some(slot) = self.known.get_mut(self.count) {
            *slot = (mask, size);
            self.count = self.count.saturating_add(1);
        }
        Ok(size)
    }
}

impl Default for AccountSizes {
    fn default() -> Self {
        Self::new()
    }
}

/// One bit per extension type of the mint (every accepted type is below 64).
fn extension_mask(data: &[u8]) -> Result<u64, CommonError> {
    let mut mask = 0u64;
    for entry in token2022::mint_extensions(data)? {
        let (ty, _) = entry?;
        mask |= 1u64
            .checked_shl(u32::from(ty))
            .ok_or(CommonError::UnsupportedMintExtension)?;
    }
    Ok(mask)
}

/// `GetAccountDataSize` (instruction 21 on both token programs): the size of a token account
/// of `mint` with every account extension the mint requires, as the token program answers
/// through return data. Asked rather than computed so an extension the vault does not know
/// the account side of still gets a correct account.
pub fn account_data_size(program: &Address, mint: &AccountView) -> Result<usize, ProgramError> {
    let data = [21u8];
    let metas = [InstructionAccount::readonly(mint.address())];
    let ix = InstructionView {
        program_id: program,
        accounts: &metas,
        data: &data,
    };
    // SAFETY: one meta built from the very view passed with it; no borrow of the mint is alive.
    unsafe { invoke_signed_unchecked(&ix, &[CpiAccount::from(mint)], &[]) };
    let size = return_data_u64(program)?;
    usize::try_from(size).map_err(|_| ProgramError::InvalidAccountData)
}

/// The `u64` the token program just returned (from `program`, exactly 8 bytes).
fn return_data_u64(program: &Address) -> Result<u64, ProgramError> {
    #[cfg_attr(not(any(target_os = "solana", target_arch = "bpf")), allow(unused_mut))]
    let mut buf = [0u8; 8];
    #[cfg_attr(not(any(target_os = "solana", target_arch = "bpf")), allow(unused_mut))]
    let mut from = [0u8; 32];
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: both buffers are writable for the lengths given.
    let len =
        unsafe { pinocchio::syscalls::sol_get_return_data(buf.as_mut_ptr(), 8, from.as_mut_ptr()) };
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let len = 0u64;
    if len != 8 || !crate::words::key_eq(&from, program.as_array()) {
        return Err(ProgramError::InvalidAccountData);
    }
    Ok(u64::from_le_bytes(buf))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn mint_with(exts: &[(u16, Vec<u8>)]) -> Vec<u8> {
        let mut d = std::vec![0u8; TLV_START - 1];
        d[44] = 8;
        d[45] = 1;
        d.push(1);
        for (ty, v) in exts {
            d.extend_from_slice(&ty.to_le_bytes());
            d.extend_from_slice(&(v.len() as u16).to_le_bytes());
            d.extend_from_slice(v);
        }
        d
    }

    fn issuer_set(default_state: u8) -> Vec<u8> {
        mint_with(&[
            (extension::SCALED_UI_AMOUNT, std::vec![0; 56]),
            (extension::PERMANENT_DELEGATE, std::vec![7; 32]),
            (extension::PAUSABLE, std::vec![0; 33]),
            (extension::DEFAULT_ACCOUNT_STATE, std::vec![default_state]),
            (CONFIDENTIAL_TRANSFER_MINT, std::vec![0; 65]),
            (extension::TRANSFER_HOOK, std::vec![0; 64]),
            (extension::METADATA_POINTER, std::vec![0; 64]),
            (extension::TOKEN_METADATA, std::vec![0; 90]),
        ])
    }

    #[test]
    fn the_issuers_full_set_is_accepted_and_read() {
        let d = issuer_set(1);
        let t = inspect(&d).unwrap();
        assert_eq!(t.delegate, [7; 32]);
        assert!(t.transfer_hook && t.pausable && !t.default_frozen);
        assert_eq!(delegate_at(&d, t.delegate_offset), Some(&[7u8; 32]));
        assert!(inspect(&issuer_set(2)).unwrap().default_frozen);
    }

    #[test]
    fn what_a_vault_cannot_live_with_is_refused() {
        for ty in [
            extension::TRANSFER_FEE_CONFIG,
            extension::NON_TRANSFERABLE,
            extension::INTEREST_BEARING_CONFIG,
            extension::MINT_CLOSE_AUTHORITY,
            999,
        ] {
            assert_eq!(
                inspect(&mint_with(&[(ty, std::vec![0; 8])])),
                Err(CommonError::UnsupportedMintExtension),
                "{ty}"
            );
        }
    }

    #[test]
    fn a_moved_delegate_is_not_read_at_the_old_offset() {
        let d = issuer_set(1);
        let t = inspect(&d).unwrap();
        assert_eq!(delegate_at(&d, t.delegate_offset - 4), None);
        assert_eq!(delegate_at(&d, 2), None);
        let spl = std::vec![0u8; 82];
        assert_eq!(inspect(&spl), Ok(MintTraits::default()));
    }
}
