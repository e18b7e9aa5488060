//! The vault's instruction set: the single definition the IDL (and so the TypeScript client)
//! is generated from. Instruction data is `[discriminator u8][fields, packed LE]`; each
//! instruction's `data.rs` parses exactly these fields.
//!
//! The enum stays one item (Codama's derive reads the whole instruction set from it), so its
//! attributes are kept one a line (`rustfmt::skip`) to fit the 450-line limit; the
//! discriminator bytes and the tests live beside it.

use codama_macros::CodamaInstructions;

pub mod discriminator;

// One attribute per line, however long: rustfmt would split each over four or five lines and
// take the file past the 450-line limit; the enum cannot be split (see above).
#[rustfmt::skip]
#[repr(C, u8)]
#[derive(CodamaInstructions)]
#[allow(dead_code)] // only read by the IDL generator and the drift test
#[allow(clippy::large_enum_variant)] // never built on-chain: it describes the wire format
pub enum VaultInstruction {
    /// One-shot creation of a SKU's vault: state, share mint, stablecoin cash buffer and one
    /// holding account per asset. The new admin set and the oracle configuration's admin set
    /// must each be satisfied by the admin signers.
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the new accounts"))]
    #[codama(account(name = "vault", writable, docs = "Vault state PDA [\"vault\", sku_id], created here"))]
    #[codama(account(name = "share_mint", writable, docs = "Share mint PDA [\"share\", sku_id] (Token-2022), created here"))]
    #[codama(account(name = "oracle_config", docs = "The oracle's configuration PDA [\"oracle_config\"] (platform admin set)"))]
    #[codama(account(name = "nav_snapshot", docs = "The oracle's snapshot PDA [\"nav_snapshot\", sku_id]; may not exist yet"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint (6 decimals)"))]
    #[codama(account(name = "cash_holding", writable, docs = "Cash buffer PDA [\"holding\", sku_id, stable_mint], created here"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(account(name = "token_program", docs = "SPL Token program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("assetAccounts"), writable, docs = "Per asset, in order: its mint, then its holding PDA [\"holding\", sku_id, mint] (created here)"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers (threshold of both admin sets)"))]
    InitVault {
        #[codama(type = fixed_size(bytes, 16))]
        sku_id: [u8; 16],
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
        #[codama(type = public_key)]
        keeper: [u8; 32],
        #[codama(type = public_key)]
        treasury: [u8; 32],
        mgmt_fee_bps: u16,
        perf_fee_bps: u16,
        withdraw_fee_bps: u16,
        cash_buffer_bps: u16,
        max_slip_bps: u16,
        deposit_cap_usd: u64,
        min_deposit_raw: u64,
        asset_count: u8,
        #[codama(type = array(number(u8), 20))]
        token_programs: [u8; 20],
        #[codama(type = array(number(u16), 20))]
        weights: [u16; 20],
        /// The wallet rebalance legs pay into (whitelisted with the RFQ provider, the
        /// aggregator route's signer); rotated behind the 48 h timelock.
        #[codama(type = public_key)]
        trade_authority: [u8; 32],
    } = 0,

    /// Takes `raw_amount` stablecoin into the cash buffer and mints shares priced from the
    /// oracle NAV (rounded against the depositor); fails below `min_shares_out`.
    #[codama(account(name = "depositor", signer, docs = "Owner of the stablecoin source account"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "source", writable, docs = "Depositor's stablecoin token account"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "destination", writable, docs = "Share token account receiving the shares"))]
    #[codama(account(name = "stable_token_program", docs = "Token program of the stablecoin"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program (share mint)"))]
    #[codama(account(
        name = "clock",
        docs = "Clock sysvar (its time read from the account)",
        default_value = public_key("SysvarC1ock11111111111111111111111111111111")
    ))]
    #[codama(remaining_accounts(argument("assetAccounts"), docs = "Per asset in the vault's order: its mint, then its holding (real balances)"))]
    Deposit {
        raw_amount: u64,
        min_shares_out: u64,
    } = 1,

    /// Sets the pause flag (immediate). Admin multisig.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    SetPaused { paused: bool } = 2,

    /// Queues new target weights, applicable 48 h later. Admin multisig.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    UpdateWeights {
        #[codama(type = array(number(u16), 20))]
        new_weights: [u16; 20],
    } = 3,

    /// Applies the queued weights once the timelock has elapsed. Permissionless: it can
    /// only install what the admins queued 48 h before.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    ApplyWeights { nonce: u64 } = 4,

    /// Cancels the queued weights. Admin multisig.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    CancelWeights { nonce: u64 } = 5,

    /// Burns `shares` and pays the pro-rata raw amount (rounded down) of every asset holding
    /// and of the cash buffer. Guards: not paused, fresh snapshot, and for each asset paid:
    /// Active, not flagged, multiplier equal to the mint's. A slice that cannot move (frozen
    /// holding, paused mint) stays with the other holders only if bit `i` of
    /// `accept_unpaid_mask` (slot `i`) says the owner accepts that; else `UnpaidNotAccepted`.
    #[codama(account(name = "owner", signer, docs = "Owner of the share account"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "share_source", writable, docs = "Share account the shares are burned from"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "stable_destination", writable, docs = "Stablecoin account receiving the cash part"))]
    #[codama(account(name = "token_program", docs = "SPL Token program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("assetAccounts"), writable, docs = "Per asset, in the vault's order: mint, vault holding, receiving token account; then the transfer hooks' accounts (hook program, extra-account-meta list, extra accounts), at most 8"))]
    WithdrawInKind {
        shares: u64,
        accept_unpaid_mask: u32,
    } = 6,

    /// Burns `shares` and pays their value at the oracle NAV (rounded down) from the cash
    /// buffer, less the withdrawal fee (rounded up, kept in the buffer as owed to the
    /// treasury until `collect_withdraw_fees`). Fails if the net
    /// payout is more than `max_slip_bps` below `quoted_out`.
    #[codama(account(name = "owner", signer, docs = "Owner of the share account"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "share_source", writable, docs = "Share account the shares are burned from"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "destination", writable, docs = "Stablecoin account receiving the payout"))]
    #[codama(account(name = "treasury_stable", docs = "Unused: the fee stays in the cash buffer until collect_withdraw_fees (kept so the account layout does not change)"))]
    #[codama(account(name = "stable_token_program", docs = "Token program of the stablecoin"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program (share mint)"))]
    #[codama(remaining_accounts(argument("assetAccounts"), docs = "Per asset in the vault's order: its mint, then its holding (real balances)"))]
    WithdrawUsdc {
        shares: u64,
        max_slip_bps: u16,
        quoted_out: u64,
    } = 7,

    /// Permissionless: accrues the management fee and mints every owed fee share to the
    /// treasury's share account.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "treasury_shares", writable, docs = "Treasury's share token account"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    CollectMgmtFee = 8,

    /// Permissionless, at most once per 90-day period: crystallizes the performance fee on
    /// the gain of NAV per share (NAV rounded down) above the high-water mark, minted as
    /// shares to the treasury; the mark becomes the post-fee NAV per share.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "treasury_shares", writable, docs = "Treasury's share token account"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("assetAccounts"), docs = "Per asset in the vault's order: its mint, then its holding (real balances)"))]
    CollectPerfFee = 9,

    /// Sets one asset's status (immediate). Admin multisig. Active <-> Frozen at any time;
    /// Retired only from weight 0 and book 0, and never left.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    SetAssetStatus { asset_index: u8, status: u8 } = 10,

    /// Keeper, top level, route-agnostic: checks that `expected_amount_raw` of
    /// `expected_mint` is worth at least the oracle value of `pay_amount_raw` (rounded up)
    /// less `max_slip_bps` and that `rebalance_settle` of this vault follows at top level,
    /// pays `pay_amount_raw` by CPI (the vault signs) to a token account of the registered
    /// trade authority, records the receiving holding's balance and locks the vault until
    /// the settle. Any route may run in between.
    #[codama(account(name = "keeper", signer, docs = "The vault's keeper"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "instructions_sysvar", docs = "Instructions sysvar (Sysvar1nstructions1111111111111111111111111)"))]
    #[codama(account(name = "pay_mint", docs = "Mint the vault pays (an asset or the stablecoin)"))]
    #[codama(account(name = "pay_holding", writable, docs = "The vault's holding of the paying mint (or its cash buffer)"))]
    #[codama(account(name = "trade_account", writable, docs = "The trade authority's token account of the paying mint (receives the outgoing leg)"))]
    #[codama(account(name = "pay_token_program", docs = "Token program of the paying mint"))]
    #[codama(account(name = "receive_mint", docs = "Mint the vault receives (expected_mint)"))]
    #[codama(account(name = "receive_holding", docs = "The vault's holding of the receiving mint (or its cash buffer)"))]
    RebalanceLeg {
        #[codama(type = public_key)]
        expected_mint: [u8; 32],
        expected_amount_raw: u64,
        pay_amount_raw: u64,
    } = 11,

    /// Last vault instruction of a swap transaction, the only one allowed while a leg is
    /// pending: the receiving holding's balance grew by at least the quoted amount; books
    /// the real increase and releases the lock.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "receive_holding", docs = "The vault's holding that received the incoming leg"))]
    RebalanceSettle = 12,

    /// First half of a batched in-kind redemption: burns `shares` and records the pro-rata
    /// raw amount of every holding and of the cash buffer (rounded down) in a new claim
    /// `["claim", vault, owner, nonce]`; the books drop by those amounts now. Each book is
    /// first reconciled with its holding's balance (`HoldingBelowBook` when short).
    #[codama(account(name = "owner", signer, writable, docs = "Owner of the share account; pays the claim's rent"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "share_source", writable, docs = "Share account the shares are burned from"))]
    #[codama(account(name = "claim", writable, docs = "Redemption claim PDA [\"claim\", vault, owner, nonce], created here"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("holdings"), docs = "Per asset in the vault's order: its holding (real balances, reconciled before the claim is fixed)"))]
    BeginRedemption { shares: u64, nonce: u64 } = 13,

    /// Pays the slots named in `slots` (bit i = asset i, bit 20 = cash) of a redemption
    /// claim to its owner's token accounts; permissionless. Each paid asset passes the
    /// guards at payment time. Closes the claim (rent to the owner) once nothing is owed.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "claim", writable, docs = "Redemption claim"))]
    #[codama(account(name = "owner", writable, docs = "The claim's owner (receives the rent on close)"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "stable_destination", writable, docs = "Owner's stablecoin account (used with the cash bit)"))]
    #[codama(account(name = "token_program", docs = "SPL Token program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("slotAccounts"), writable, docs = "Per named asset slot, ascending: mint, vault holding, owner's token account; then the transfer hooks' accounts, at most 8"))]
    PayRedemption { slots: u32 } = 14,

    /// Admin multisig, once: writes the share mint's TokenMetadata (name, symbol, uri;
    /// printable ASCII, zero-padded) with the vault as update authority; the payer funds
    /// the mint's grown rent.
    #[codama(account(name = "payer", signer, writable, docs = "Pays the share mint's additional rent"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    SetShareMetadata {
        #[codama(type = fixed_size(bytes, 32))]
        name: [u8; 32],
        #[codama(type = fixed_size(bytes, 10))]
        symbol: [u8; 10],
        #[codama(type = fixed_size(bytes, 128))]
        uri: [u8; 128],
    } = 15,

    /// Permissionless: prices every held asset at the current snapshot with every guard and
    /// caches the assets' value, so the deposits and withdrawals that follow at this snapshot
    /// re-verify only the mints' multipliers. The keeper sends it after each push. Also sets
    /// `last_nav_usd` (rounded down), the base of the daily rebalance-loss budget.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(remaining_accounts(argument("assetAccounts"), docs = "Per asset in the vault's order: its mint, then its holding (real balances)"))]
    RefreshNav = 16,

    /// Share owner: burns `shares` into the vault's escrow (still counted in the supply) and
    /// opens a request `["wreq", vault, owner, nonce]` that the keeper fulfils at a snapshot
    /// published later, paying at least `min_out` net. For withdrawals the cash buffer cannot
    /// pay at once; small ones use `withdraw_usdc`.
    #[codama(account(name = "owner", signer, writable, docs = "Owner of the share account; pays the request's rent"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "share_source", writable, docs = "Share account the shares are burned from"))]
    #[codama(account(name = "request", writable, docs = "Withdrawal request PDA [\"wreq\", vault, owner, nonce], created here"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    RequestWithdrawUsdc {
        shares: u64,
        min_out: u64,
        nonce: u64,
    } = 17,

    /// Keeper: pays an open request at the NAV (rounded down) of a fresh snapshot published
    /// after the request, less the withdrawal fee (rounded up, owed to the treasury), from the cash buffer; refuses
    /// below the request's `min_out`. Closes the request (rent to its owner).
    #[codama(account(name = "keeper", signer, docs = "The vault's keeper"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "nav_snapshot", docs = "The vault's NAV snapshot (oracle)"))]
    #[codama(account(name = "request", writable, docs = "The withdrawal request"))]
    #[codama(account(name = "owner", writable, docs = "The request's owner (receives the rent)"))]
    #[codama(account(name = "share_mint", docs = "Vault's share mint"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "destination", writable, docs = "The owner's stablecoin account receiving the payout"))]
    #[codama(account(name = "treasury_stable", docs = "Unused: the fee stays in the cash buffer until collect_withdraw_fees (kept so the account layout does not change)"))]
    #[codama(account(name = "stable_token_program", docs = "Token program of the stablecoin"))]
    #[codama(remaining_accounts(argument("assetAccounts"), docs = "Per asset in the vault's order: its mint, then its holding (real balances)"))]
    FulfilWithdrawal = 18,

    /// Returns an open request's exact shares to its owner (re-minted) and closes it. The
    /// owner may cancel at any time; anyone may 72 h after the request. Not blocked by the
    /// pause.
    #[codama(account(name = "caller", signer, docs = "The owner, or anyone past the deadline"))]
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "request", writable, docs = "The withdrawal request"))]
    #[codama(account(name = "owner", writable, docs = "The request's owner (receives the rent)"))]
    #[codama(account(name = "share_mint", writable, docs = "Vault's share mint"))]
    #[codama(account(name = "share_destination", writable, docs = "The owner's share account receiving the shares"))]
    #[codama(account(name = "token2022_program", docs = "Token-2022 program"))]
    CancelWithdrawal = 19,

    /// Queues a new keeper (`kind` 1) or trade authority (`kind` 2), applicable 48 h later.
    /// Admin multisig; one pending change per kind.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    QueueRotation {
        kind: u8,
        #[codama(type = public_key)]
        new_key: [u8; 32],
    } = 20,

    /// Installs the queued key of `kind` once the timelock has elapsed. Permissionless.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    ApplyRotation { kind: u8, nonce: u64 } = 21,

    /// Drops the queued key of `kind`. Admin multisig.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers"))]
    CancelRotation { kind: u8, nonce: u64 } = 22,

    /// Permissionless: pays the withdrawal fees owed to the treasury (kept in the cash buffer
    /// by `withdraw_usdc` and `fulfil_withdrawal`) to the treasury's stablecoin account.
    /// Fails with `NothingToCollect` when none is owed.
    #[codama(account(name = "vault", writable, docs = "Vault state"))]
    #[codama(account(name = "stable_mint", docs = "Stablecoin mint"))]
    #[codama(account(name = "cash_holding", writable, docs = "Vault's cash buffer"))]
    #[codama(account(name = "treasury_stable", writable, docs = "Treasury's stablecoin account"))]
    #[codama(account(name = "stable_token_program", docs = "Token program of the stablecoin"))]
    CollectWithdrawFees = 23,
}

#[cfg(test)]
mod tests;
