use super::{parse, NAME_LEN, SYMBOL_LEN, URI_LEN};
use crate::{
    error::VaultError,
    events::ShareMetadataSetEvent,
    instructions::admin::load_vault_as_admin,
    words::{address_is, check_address, copy_prefix},
};
use basket_common::event::Event as _;
use basket_common::layout::PodU64;
use basket_common::{token2022::TOKEN_2022_PROGRAM_ID, validate, CommonError};
use pinocchio::{
    cpi::{invoke_signed, Signer},
    instruction::{InstructionAccount, InstructionView},
    sysvars::{rent::Rent, Sysvar},
    AccountView, ProgramResult,
};
use pinocchio_system::instructions::Transfer;

/// `spl_token_metadata_interface:initialize_account`, first 8 bytes of its sha256.
const INITIALIZE_METADATA: [u8; 8] = [210, 225, 30, 162, 88, 184, 77, 141];
/// TokenMetadata extension type in a Token-2022 TLV list.
const TOKEN_METADATA: u16 = 19;
/// Account-type byte offset of a Token-2022 mint with extensions; TLV entries follow.
const TLV_START: usize = 166;

/// Whether the mint's extension list already holds TokenMetadata.
fn has_metadata(data: &[u8]) -> bool {
    let mut pos = TLV_START;
    while let Some(h) = data.get(pos..pos.saturating_add(4)) {
        let ty = u16::from_le_bytes([h[0], h[1]]);
        let len = usize::from(u16::from_le_bytes([h[2], h[3]]));
        if ty == TOKEN_METADATA {
            return true;
        }
        if ty == 0 && len == 0 {
            return false;
        }
        pos = pos.saturating_add(4).saturating_add(len);
    }
    false
}

/// Accounts:
/// 0. `[WRITE, SIGNER]` payer (tops the share mint up to its new rent)
/// 1. `[WRITE]` vault state
/// 2. `[WRITE]` share mint
/// 3. `[]` system program
/// 4. `[]` Token-2022 program
/// 5. onwards: `[SIGNER]` admin signers (the vault's threshold)
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [payer, vault, share_mint, system_program, token2022_program, signers @ ..] = accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let meta = parse(data)?;
    validate::check_signer(payer)?;
    validate::check_writable(payer)?;
    validate::check_writable(share_mint)?;
    validate::check_system_program(system_program)?;
    check_address(
        token2022_program,
        &TOKEN_2022_PROGRAM_ID,
        CommonError::InvalidTokenProgram,
    )?;
    let state = load_vault_as_admin(vault, signers)?;
    if !address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    // SAFETY: read-only view; the CPIs below start after this borrow ends.
    if has_metadata(unsafe { share_mint.borrow_unchecked() }) {
        return Err(CommonError::AlreadyInitialized.into());
    }

    // The event first: ShareMetadataSet, before the two CPIs (decision 0100).
    let seq = state.next_event_sequence();
    ShareMetadataSetEvent {
        sku_id: state.sku_id,
        event_sequence: PodU64::new(seq),
    }
    .emit();

    // 1. Rent for the grown mint: TLV header (4) + update authority (32) + mint (32) +
    //    three length-prefixed strings + an empty additional-metadata vector (4).
    let (n, s, u) = (meta.name.len(), meta.symbol.len(), meta.uri.len());
    let grown = share_mint
        .data_len()
        .checked_add(4 + 32 + 32 + 4 + 4 + 4 + 4)
        .and_then(|v| v.checked_add(n))
        .and_then(|v| v.checked_add(s))
        .and_then(|v| v.checked_add(u))
        .ok_or(CommonError::MathOverflow)?;
    let needed = Rent::get()?.try_minimum_balance(grown)?;
    let current = share_mint.lamports();
    if needed > current {
        Transfer {
            from: payer,
            to: share_mint,
            lamports: needed.saturating_sub(current),
        }
        .invoke()?;
    }

    // 2. TokenMetadata::Initialize: [metadata = mint (w), update authority = vault,
    //    mint, mint authority = vault (signs)]; data: discriminator, then name, symbol and
    //    uri as u32-length-prefixed strings.
    let mut buf = [0u8; 8 + 4 + NAME_LEN + 4 + SYMBOL_LEN + 4 + URI_LEN];
    buf[..8].copy_from_slice(&INITIALIZE_METADATA);
    let mut at = 8usize;
    for field in [meta.name, meta.symbol, meta.uri] {
        let len = u32::try_from(field.len()).map_err(|_| CommonError::MathOverflow)?;
        let end = at.checked_add(4).ok_or(CommonError::MathOverflow)?;
        buf[at..end].copy_from_slice(&len.to_le_bytes());
        let stop = end
            .checked_add(field.len())
            .ok_or(CommonError::MathOverflow)?;
        copy_prefix(&mut buf[end..stop], field);
        at = stop;
    }
    let metas = [
        InstructionAccount::writable(share_mint.address()),
        InstructionAccount::readonly(vault.address()),
        InstructionAccount::readonly(share_mint.address()),
        InstructionAccount::readonly_signer(vault.address()),
    ];
    let ix = InstructionView {
        program_id: &TOKEN_2022_PROGRAM_ID,
        accounts: &metas,
        data: &buf[..at],
    };
    let seeds = state.signer_seeds();
    invoke_signed(
        &ix,
        &[share_mint, vault, share_mint, vault],
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
