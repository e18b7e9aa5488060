//! The few token-program instructions the vault invokes, encoded from the token programs'
//! stable wire layouts (identical on SPL Token and Token-2022 for these instructions).
//!
//! Written here rather than taken from pinocchio-token so the vault adds no crate to the
//! workspace lock file; each helper invokes exactly the program address it is given, which
//! the caller has checked against the vault's configuration.

use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

const INITIALIZE_MINT2: u8 = 20;
const INITIALIZE_ACCOUNT3: u8 = 18;
const TRANSFER_CHECKED: u8 = 12;
const MINT_TO_CHECKED: u8 = 14;
const BURN_CHECKED: u8 = 15;
const METADATA_POINTER_EXTENSION: u8 = 39;
const METADATA_POINTER_INITIALIZE: u8 = 0;

/// Invokes `ix` with the account views its metas were built from, in the same order.
///
/// pinocchio's checked `invoke_signed` compares every meta's address with its view's again,
/// a byte loop of about 100 CU per account on this target (roughly 400 CU per transfer);
/// here each meta is built from the very view passed with it, so that comparison cannot
/// fail. Its borrow check is not needed either: the vault holds no borrow of a token
/// account's or mint's data across a CPI, and its own state (borrowed for the whole
/// instruction) is only ever passed read-only, as the signing authority, which no token
/// program writes.
#[inline(always)]
fn invoke<const N: usize>(
    ix: &InstructionView,
    accounts: [&AccountView; N],
    signers: &[Signer],
) -> ProgramResult {
    let cpi_accounts = accounts.map(CpiAccount::from);
    // SAFETY: see above: metas and views correspond one to one, and no conflicting borrow is
    // alive. A failing callee aborts the whole transaction.
    unsafe { invoke_signed_unchecked(ix, &cpi_accounts, signers) };
    Ok(())
}

/// A raw token amount with the mint's decimals (the `*Checked` instructions verify both).
/// One argument, so no helper exceeds the five register arguments of the BPF backend.
#[derive(Clone, Copy)]
pub struct Amount {
    pub raw: u64,
    pub decimals: u8,
}

#[inline(always)]
fn checked_data(tag: u8, amount: &Amount) -> [u8; 10] {
    let mut data = [0u8; 10];
    data[0] = tag;
    data[1..9].copy_from_slice(&amount.raw.to_le_bytes());
    data[9] = amount.decimals;
    data
}

/// `TransferChecked`: `amount` raw units of `mint` from `from` to `to`, signed by `authority`
/// (or by the vault through `signers`). A thin wrapper: the CPI itself is one real call
/// (`checked_cpi`), so the binary carries one copy instead of one per call site (the 150 KB
/// budget); the call costs a few CU against the ~1,000 of the invoke.
#[inline(always)]
pub fn transfer_checked(
    program: &Address,
    accounts: &[&AccountView; 4],
    amount: &Amount,
    signers: &[Signer],
) -> ProgramResult {
    let [from, mint, to, authority] = *accounts;
    checked_cpi(
        &CheckedCpi {
            program,
            tag: TRANSFER_CHECKED,
            accounts: [from, mint, to, authority],
            roles: [true, false, true, false],
            count: 4,
            amount,
        },
        signers,
    )
}

/// One `*Checked` token instruction: up to four accounts (`roles`: writable or not; the
/// last used account is the signing authority), the amount and decimals.
struct CheckedCpi<'a> {
    program: &'a Address,
    tag: u8,
    accounts: [&'a AccountView; 4],
    roles: [bool; 4],
    count: usize,
    amount: &'a Amount,
}

#[inline(always)]
fn meta(account: &AccountView, writable: bool, signer: bool) -> InstructionAccount<'_> {
    InstructionAccount::new(account.address(), writable, signer)
}

#[inline(never)]
fn checked_cpi(c: &CheckedCpi, signers: &[Signer]) -> ProgramResult {
    let data = checked_data(c.tag, c.amount);
    let [a, b, d, e] = c.accounts;
    if c.count == 4 {
        let metas = [
            meta(a, c.roles[0], false),
            meta(b, c.roles[1], false),
            meta(d, c.roles[2], false),
            meta(e, false, true),
        ];
        let ix = InstructionView {
            program_id: c.program,
            accounts: &metas,
            data: &data,
        };
        invoke(&ix, [a, b, d, e], signers)
    } else {
        let metas = [
            meta(a, c.roles[0], false),
            meta(b, c.roles[1], false),
            meta(d, false, true),
        ];
        let ix = InstructionView {
            program_id: c.program,
            accounts: &metas,
            data: &data,
        };
        invoke(&ix, [a, b, d], signers)
    }
}

/// Most transfer-hook accounts one transfer passes through (the hook program, its
/// extra-account-meta list and the extra accounts it names).
pub const MAX_HOOK_ACCOUNTS: usize = 8;

/// A `TransferChecked` of a tokenized stock whose mint may have a transfer hook set: the
/// four accounts, then `hook`, the instruction's shared tail of hook accounts, passed through
/// as given (Token-2022 finds the hook program, its validation account and each extra
/// account among them by address; a mint without a hook program ignores them).
pub struct HookedTransfer<'a> {
    pub program: &'a Address,
    pub accounts: [&'a AccountView; 4],
    pub amount: Amount,
    pub hook: &'a [AccountView],
}

/// Performs a [`HookedTransfer`] signed through `signers`. One struct argument: kept as a
/// real call, so the several call sites share one copy of the code.
#[inline(never)]
pub fn transfer_checked_hooked(t: &HookedTransfer, signers: &[Signer]) -> ProgramResult {
    let extra = t.hook.len();
    if extra == 0 {
        // No hook accounts: the plain four-account transfer (no arrays to build).
        return transfer_checked(t.program, &t.accounts, &t.amount, signers);
    }
    if extra > MAX_HOOK_ACCOUNTS {
        return Err(crate::error::VaultError::TooManyHookAccounts.into());
    }
    let [from, mint, to, authority] = t.accounts;
    let data = checked_data(TRANSFER_CHECKED, &t.amount);
    let metas: [InstructionAccount; 4 + MAX_HOOK_ACCOUNTS] = core::array::from_fn(|i| match i {
        0 => InstructionAccount::writable(from.address()),
        1 => InstructionAccount::readonly(mint.address()),
        2 => InstructionAccount::writable(to.address()),
        3 => InstructionAccount::readonly_signer(authority.address()),
        _ => t.hook.get(i.wrapping_sub(4)).map_or(
            InstructionAccount::readonly(mint.address()),
            InstructionAccount::from,
        ),
    });
    let views: [CpiAccount; 4 + MAX_HOOK_ACCOUNTS] = core::array::from_fn(|i| match i {
        0 => CpiAccount::from(from),
        1 => CpiAccount::from(mint),
        2 => CpiAccount::from(to),
        3 => CpiAccount::from(authority),
        _ => t
            .hook
            .get(i.wrapping_sub(4))
            .map_or(CpiAccount::from(mint), CpiAccount::from),
    });
    let n = extra.saturating_add(4);
    let ix = InstructionView {
        program_id: t.program,
        accounts: &metas[..n],
        data: &data,
    };
    // SAFETY: metas and views are built from the same views, in the same order; no borrow of
    // a token account or mint is alive across the call (see `invoke`).
    unsafe { invoke_signed_unchecked(&ix, &views[..n], signers) };
    Ok(())
}

/// `MintToChecked`: mints `amount` raw units of `mint` to `to`; `authority` signs through
/// `signers` (the vault PDA).
#[inline(always)]
pub fn mint_to_checked(
    program: &Address,
    accounts: &[&AccountView; 3],
    amount: &Amount,
    signers: &[Signer],
) -> ProgramResult {
    let [mint, to, authority] = *accounts;
    checked_cpi(
        &CheckedCpi {
            program,
            tag: MINT_TO_CHECKED,
            accounts: [mint, to, authority, authority],
            roles: [true, true, false, false],
            count: 3,
            amount,
        },
        signers,
    )
}

/// `BurnChecked`: burns `amount` raw units of `mint` from `from`, signed by its owner.
#[inline(always)]
pub fn burn_checked(
    program: &Address,
    accounts: &[&AccountView; 3],
    amount: &Amount,
) -> ProgramResult {
    let [from, mint, authority] = *accounts;
    checked_cpi(
        &CheckedCpi {
            program,
            tag: BURN_CHECKED,
            accounts: [from, mint, authority, authority],
            roles: [true, true, false, false],
            count: 3,
            amount,
        },
        &[],
    )
}

/// `InitializeAccount3`: `account` becomes a token account of `mint` owned by `owner`.
pub fn initialize_account3(
    program: &Address,
    account: &AccountView,
    mint: &AccountView,
    owner: &Address,
) -> ProgramResult {
    let mut data = [0u8; 33];
    data[0] = INITIALIZE_ACCOUNT3;
    data[1..33].copy_from_slice(owner.as_array());
    let metas = [
        InstructionAccount::writable(account.address()),
        InstructionAccount::readonly(mint.address()),
    ];
    let ix = InstructionView {
        program_id: program,
        accounts: &metas,
        data: &data,
    };
    invoke(&ix, [account, mint], &[])
}

/// `InitializeMint2` without a freeze authority.
pub fn initialize_mint2(
    program: &Address,
    mint: &AccountView,
    decimals: u8,
    mint_authority: &Address,
) -> ProgramResult {
    let mut data = [0u8; 67];
    data[0] = INITIALIZE_MINT2;
    data[1] = decimals;
    data[2..34].copy_from_slice(mint_authority.as_array());
    // [34] = 0: no freeze authority (COption::None); [35..67] stay zero.
    let metas = [InstructionAccount::writable(mint.address())];
    let ix = InstructionView {
        program_id: program,
        accounts: &metas,
        data: &data,
    };
    invoke(&ix, [mint], &[])
}

/// Token-2022 `MetadataPointer::Initialize`, before `InitializeMint2`.
pub fn initialize_metadata_pointer(
    program: &Address,
    mint: &AccountView,
    authority: &Address,
    metadata: &Address,
) -> ProgramResult {
    let mut data = [0u8; 66];
    data[0] = METADATA_POINTER_EXTENSION;
    data[1] = METADATA_POINTER_INITIALIZE;
    data[2..34].copy_from_slice(authority.as_array());
    data[34..66].copy_from_slice(metadata.as_array());
    let metas = [InstructionAccount::writable(mint.address())];
    let ix = InstructionView {
        program_id: program,
        accounts: &metas,
        data: &data,
    };
    invoke(&ix, [mint], &[])
}
