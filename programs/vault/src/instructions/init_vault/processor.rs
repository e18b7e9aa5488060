use super::{InitVaultAccounts, InitVaultData};
use crate::create::{create_account, NewAccount};
use crate::mint_multiplier::mint_multiplier;
use crate::{
    error::VaultError,
    events::VaultInitializedEvent,
    issuer_mint,
    share_math::{MAX_ASSET_DECIMALS, PPS_SCALE, SHARE_DECIMALS, STABLE_DECIMALS},
    state::{
        AssetStatus, TokenProgramKind, VaultState, HOLDING_SEED, MAX_ASSETS, SHARE_SEED, VAULT_SEED,
    },
    token_cpi,
};
use basket_common::event::Event as _;
use basket_common::layout::PodU64;
use basket_common::{
    layout::AccountLayout,
    multiplier::decode_f64_bits,
    pda,
    signer_set::SignerSet,
    token2022::{self, extension, TOKEN_2022_PROGRAM_ID},
    validate, CommonError,
};
use oracle::state::{OracleConfig, CONFIG_SEED, SNAPSHOT_SEED};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// The stablecoin is valued at par, so it may not carry a multiplier either.
pub const STABLE_EXTENSIONS: [u16; 3] = [
    extension::METADATA_POINTER,
    extension::TOKEN_METADATA,
    extension::PAUSABLE,
];

/// A new vault's first event is its `VaultInitialized` (sequences start at 1).
const FIRST_EVENT_SEQUENCE: u64 = 1;

/// Share mint: base 165 + account type 1 + MetadataPointer TLV (4 + 64).
const SHARE_MINT_LEN: usize = 234;

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = InitVaultAccounts::try_from(accounts)?;
    let args = InitVaultData::parse(data)?;
    let n = args.asset_count as usize;
    let pairs = n.checked_mul(2).ok_or(VaultError::InvalidAssetCount)?;
    if accounts.rest.len() < pairs {
        return Err(VaultError::InvalidAssetCount.into());
    }
    let (asset_accounts, admin_signers) = accounts.rest.split_at(pairs);

    // 1. The new admin set is well formed and approves its own installation, and the
    //    platform admin set (the oracle configuration's) authorizes the new vault, so nobody
    //    else can claim a SKU by initializing its vault first.
    let admins = SignerSet::new(args.admins, args.threshold)?;
    admins.check_signed(admin_signers)?;
    check_platform_admins(accounts.oracle_config, admin_signers)?;

    // 2. The snapshot address is the oracle's PDA for this SKU.
    pda::find_canonical(
        accounts.nav_snapshot,
        &[SNAPSHOT_SEED, &args.sku_id],
        &oracle::ID,
    )
    .map_err(|_| VaultError::WrongSnapshot)?;

    // 3. Mints: the stablecoin, then every asset, before anything is created.
    let stable_kind = check_stable_mint(accounts.stable_mint)?;
    check_asset_mints(&args, asset_accounts, accounts.stable_mint.address())?;

    // The event before any CPI (decision 0100): 20 holdings' creation logs more than the
    // runtime keeps (10,000 bytes), which would cut an event logged after them.
    VaultInitializedEvent {
        sku_id: args.sku_id,
        share_mint: *accounts.share_mint.address().as_array(),
        asset_count: args.asset_count,
        event_sequence: PodU64::new(FIRST_EVENT_SEQUENCE),
    }
    .emit();

    // 4. The vault state at its canonical PDA.
    let sku: &[u8] = &args.sku_id;
    let vault_bump = pda::find_canonical(accounts.vault, &[VAULT_SEED, sku], &crate::ID)?;
    let vault_bump_seed = [vault_bump];
    let vault_seeds = [
        Seed::from(VAULT_SEED),
        Seed::from(sku),
        Seed::from(&vault_bump_seed),
    ];
    create_account(&NewAccount {
        payer: accounts.payer,
        account: accounts.vault,
        space: VaultState::LEN,
        owner: &crate::ID,
        signer: &[Signer::from(&vault_seeds)],
    })?;
    let vault_address = accounts.vault.address();

    // 5. The share mint: Token-2022 with a MetadataPointer to itself (metadata is written by a
    //    later instruction, signed by the vault), the vault as mint authority, no freeze authority.
    let share_bump = pda::find_canonical(accounts.share_mint, &[SHARE_SEED, sku], &crate::ID)?;
    let share_bump_seed = [share_bump];
    let share_seeds = [
        Seed::from(SHARE_SEED),
        Seed::from(sku),
        Seed::from(&share_bump_seed),
    ];
    create_account(&NewAccount {
        payer: accounts.payer,
        account: accounts.share_mint,
        space: SHARE_MINT_LEN,
        owner: &TOKEN_2022_PROGRAM_ID,
        signer: &[Signer::from(&share_seeds)],
    })?;
    token_cpi::initialize_metadata_pointer(
        &TOKEN_2022_PROGRAM_ID,
        accounts.share_mint,
        vault_address,
        accounts.share_mint.address(),
    )?;
    token_cpi::initialize_mint2(
        &TOKEN_2022_PROGRAM_ID,
        accounts.share_mint,
        SHARE_DECIMALS,
        vault_address,
    )?;

    // 6. Holding accounts owned by the vault: the cash buffer, then one per asset.
    // Holding sizes are asked of the token program once per distinct extension set (the
    // issuer's mints share one), so 20 holdings stay within the 64-entry instruction trace.
    let mut sizes = issuer_mint::AccountSizes::new();
    let cash_bump = create_holding(&mut Holding {
        payer: accounts.payer,
        account: accounts.cash_holding,
        mint: accounts.stable_mint,
        kind: stable_kind,
        sku,
        vault: vault_address,
        sizes: &mut sizes,
    })?;
    let mut holding_bumps = [0u8; MAX_ASSETS];
    for (i, pair) in asset_accounts.chunks_exact(2).enumerate() {
        let kind = TokenProgramKind::from_tag(args.token_programs[i])?;
        holding_bumps[i] = create_holding(&mut Holding {
            payer: accounts.payer,
            account: &pair[1],
            mint: &pair[0],
            kind,
            sku,
            vault: vault_address,
            sizes: &mut sizes,
        })?;
    }

    // 7. The state.
    let now = Clock::get()?.unix_timestamp;
    let mut vault_account = *accounts.vault;
    // SAFETY: the account was created above by this instruction; nothing else borrows it.
    let state = VaultState::init(unsafe { vault_account.borrow_unchecked_mut() })?;
    state.bump = vault_bump;
    state.share_mint_bump = share_bump;
    state.cash_holding_bump = cash_bump;
    state.asset_count = args.asset_count;
    state.paused.set(false);
    state.stable_token_program = stable_kind as u8;
    state.sku_id = args.sku_id;
    state.admins = admins;
    state.keeper = args.keeper;
    state.treasury = args.treasury;
    state.trade_authority = args.trade_authority;
    state.nav_snapshot = *accounts.nav_snapshot.address().as_array();
    state.stable_mint = *accounts.stable_mint.address().as_array();
    state.share_mint = *accounts.share_mint.address().as_array();
    state.cash_holding = *accounts.cash_holding.address().as_array();
    state.mgmt_fee_bps.set(args.mgmt_fee_bps);
    state.perf_fee_bps.set(args.perf_fee_bps);
    state.withdraw_fee_bps.set(args.withdraw_fee_bps);
    state.cash_buffer_bps.set(args.cash_buffer_bps);
    state.max_slip_bps.set(args.max_slip_bps);
    state.high_water_mark_pps.set(PPS_SCALE);
    state.last_mgmt_fee_time.set(now);
    state.last_perf_fee_time.set(now);
    state.deposit_cap_usd.set(args.deposit_cap_usd);
    state.min_deposit_raw.set(args.min_deposit_raw);
    for (i, pair) in asset_accounts.chunks_exact(2).enumerate() {
        let asset = &mut state.assets[i];
        asset.mint = *pair[0].address().as_array();
        asset.target_weight_bps.set(args.weights[i]);
        asset.token_program = args.token_programs[i];
        // SAFETY: read-only view of a mint no one borrows mutably here.
        asset.decimals = token2022::mint_decimals(unsafe { pair[0].borrow_unchecked() })?;
        asset.status = AssetStatus::Active as u8;
        asset.holding_bump = holding_bumps[i];
        asset.holding = *pair[1].address().as_array();
        // SAFETY: as above.
        let traits = issuer_mint::inspect(unsafe { pair[0].borrow_unchecked() })?;
        asset.permanent_delegate = traits.delegate;
        asset.delegate_offset.set(traits.delegate_offset);
        asset.mint_flags = traits.flags();
        // The multiplier in force now, decoded once: the first full pricing then re-decodes
        // it only if the mint's bits changed (`AssetEntry::record_verified`). A mint whose
        // multiplier does not decode records nothing; pricing refuses it as before.
        if asset.token_program == TokenProgramKind::Token2022 as u8 {
            // SAFETY: as above.
            let data = unsafe { pair[0].borrow_unchecked() };
            if let Ok(m) = mint_multiplier(data, TokenProgramKind::Token2022, now) {
                asset.record_verified(m.bits, m.offset, m.num);
            }
        }
    }
    // The event above was the vault's first.
    state.event_sequence.set(FIRST_EVENT_SEQUENCE);
    Ok(())
}

/// The oracle configuration (the platform's admin set) must be the real one and its
/// threshold must be met by the same signers.
fn check_platform_admins(
    oracle_config: &AccountView,
    signers: &[AccountView],
) -> Result<(), ProgramError> {
    validate::check_owner(oracle_config, &oracle::ID)?;
    // SAFETY: read-only view of an account this instruction never writes.
    let config = OracleConfig::load(unsafe { oracle_config.borrow_unchecked() })?;
    pda::check_pda(oracle_config, &[CONFIG_SEED], config.bump, &oracle::ID)?;
    config.admins.check_signed(signers)?;
    Ok(())
}

/// Which token program owns `mint` (it must be one of the two).
fn kind_of(mint: &AccountView) -> Result<TokenProgramKind, CommonError> {
    if mint.owned_by(&token2022::TOKEN_PROGRAM_ID) {
        Ok(TokenProgramKind::SplToken)
    } else if mint.owned_by(&TOKEN_2022_PROGRAM_ID) {
        Ok(TokenProgramKind::Token2022)
    } else {
        Err(CommonError::InvalidTokenProgram)
    }
}

fn check_stable_mint(mint: &AccountView) -> Result<TokenProgramKind, ProgramError> {
    let kind = kind_of(mint)?;
    // SAFETY: read-only view of a mint no one borrows mutably here.
    let data = unsafe { mint.borrow_unchecked() };
    if token2022::mint_decimals(data)? != STABLE_DECIMALS {
        return Err(VaultError::UnsupportedDecimals.into());
    }
    token2022::check_mint_extensions(data, &STABLE_EXTENSIONS)?;
    Ok(kind)
}

fn check_asset_mints(
    args: &InitVaultData,
    pairs: &[AccountView],
    stable: &Address,
) -> Result<(), ProgramError> {
    for (i, pair) in pairs.chunks_exact(2).enumerate() {
        let mint = &pair[0];
        let declared = TokenProgramKind::from_tag(args.token_programs[i])?;
        if kind_of(mint)? != declared {
            return Err(VaultError::TokenProgramMismatch.into());
        }
        if mint.address() == stable
            || pairs
                .chunks_exact(2)
                .take(i)
                .any(|p| p[0].address() == mint.address())
        {
            return Err(VaultError::DuplicateMint.into());
        }
        // SAFETY: read-only view of a mint no one borrows mutably here.
        let data = unsafe { mint.borrow_unchecked() };
        if token2022::mint_decimals(data)? > MAX_ASSET_DECIMALS {
            return Err(VaultError::UnsupportedDecimals.into());
        }
        issuer_mint::inspect(data)?;
        // Both multipliers (current and scheduled) must be usable by the NAV math.
        if let Some(scaled) = token2022::scaled_ui_amount(data)? {
            decode_f64_bits(scaled.multiplier_bits)?;
            decode_f64_bits(scaled.new_multiplier_bits)?;
        }
    }
    Ok(())
}

/// A holding account to create (one struct: the BPF backend takes at most five arguments).
struct Holding<'a> {
    payer: &'a AccountView,
    account: &'a AccountView,
    mint: &'a AccountView,
    kind: TokenProgramKind,
    sku: &'a [u8],
    vault: &'a Address,
    sizes: &'a mut issuer_mint::AccountSizes,
}

/// Creates the vault's token account for `mint` at `["holding", sku, mint]` and returns its bump.
#[inline(never)]
fn create_holding(h: &mut Holding) -> Result<u8, ProgramError> {
    let (payer, holding, mint, kind, sku, vault) =
        (h.payer, h.account, h.mint, h.kind, h.sku, h.vault);
    validate::check_writable(holding)?;
    if !holding.is_data_empty() || !holding.owned_by(&validate::SYSTEM_PROGRAM_ID) {
        return Err(CommonError::AlreadyInitialized.into());
    }
    let mint_key: &[u8] = mint.address().as_ref();
    let bump = pda::find_canonical(holding, &[HOLDING_SEED, sku, mint_key], &crate::ID)?;
    // Every account extension the mint requires (PausableAccount, TransferHookAccount, ...),
    // as the token program sizes it.
    let program = kind.address();
    let space = h.sizes.size_for(kind, mint)?;
    let bump_seed = [bump];
    let seeds = [
        Seed::from(HOLDING_SEED),
        Seed::from(sku),
        Seed::from(mint_key),
        Seed::from(&bump_seed),
    ];
    create_account(&NewAccount {
        payer,
        account: holding,
        space,
        owner: program,
        signer: &[Signer::from(&seeds)],
    })?;
    token_cpi::initialize_account3(program, holding, mint, vault)?;
    Ok(bump)
}
