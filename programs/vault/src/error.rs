//! Vault error codes: 3000-3199 (codes 100-199 are the shared checks of `basket-common`).

use codama_macros::CodamaErrors;
use pinocchio::error::ProgramError;

/// A failure specific to the vault program. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaErrors)]
pub enum VaultError {
    /// The program was invoked under an address other than its declared id.
    #[codama(error(message = "The program was invoked under an unexpected address"))]
    WrongProgramId = 3000,
    /// The vault is paused by its admins.
    #[codama(error(message = "The vault is paused"))]
    VaultPaused = 3001,
    /// The NAV snapshot is older than MAX_STALE_SECS (or published in the future).
    #[codama(error(message = "The NAV snapshot is stale"))]
    StaleNav = 3002,
    /// An asset the instruction depends on does not have status Active.
    #[codama(error(message = "An asset the instruction depends on is not Active"))]
    AssetNotActive = 3003,
    /// The mint's current ScaledUiAmount multiplier differs from the snapshot's.
    #[codama(error(message = "The asset multiplier differs from the NAV snapshot's multiplier"))]
    MultiplierMismatch = 3004,
    /// The snapshot entry flags a corporate-action freeze or a trading halt for the asset.
    #[codama(error(
        message = "The asset is frozen by a pending corporate action or a trading halt"
    ))]
    AssetFrozen = 3005,
    /// The snapshot has no entry (or a zero price) for an asset of the vault.
    #[codama(error(message = "The NAV snapshot does not price an asset of the vault"))]
    AssetNotPriced = 3006,
    /// The snapshot account is not the vault's snapshot or belongs to another SKU.
    #[codama(error(message = "The NAV snapshot account is not this vault's snapshot"))]
    WrongSnapshot = 3007,
    /// The deposit is smaller than the vault's minimum deposit.
    #[codama(error(message = "The deposit is below the vault's minimum deposit"))]
    DepositBelowMinimum = 3008,
    /// The deposit would take the NAV above the vault's deposit cap.
    #[codama(error(message = "The deposit would exceed the vault's deposit cap"))]
    DepositCapExceeded = 3009,
    /// Fewer shares (or tokens) would be paid than the caller's minimum.
    #[codama(error(message = "The result is below the minimum the caller accepts"))]
    SlippageExceeded = 3010,
    /// The amount would mint or pay nothing.
    #[codama(error(message = "The amount is too small to mint or pay anything"))]
    AmountTooSmall = 3011,
    /// Target weights do not sum to 10,000 bps or are set past the asset count.
    #[codama(error(
        message = "Target weights must sum to 10,000 basis points over the vault's assets"
    ))]
    InvalidWeights = 3012,
    /// The asset count is zero or above 20, or the accounts do not match it.
    #[codama(error(message = "The asset count must be between 1 and 20 and match the accounts"))]
    InvalidAssetCount = 3013,
    /// The same mint is listed twice (or the stablecoin is also listed as an asset).
    #[codama(error(message = "A mint is listed more than once"))]
    DuplicateMint = 3014,
    /// A fee or buffer parameter is outside its allowed range.
    #[codama(error(message = "A fee or limit parameter is out of range"))]
    InvalidConfig = 3015,
    /// The stablecoin does not have 6 decimals, or an asset has more than 12.
    #[codama(error(message = "The mint's decimals are not supported"))]
    UnsupportedDecimals = 3016,
    /// The declared token program of an asset is not the program that owns its mint.
    #[codama(error(message = "The declared token program does not own the mint"))]
    TokenProgramMismatch = 3017,
    /// A mint account is not the mint the vault has configured at that position.
    #[codama(error(message = "The mint is not the one the vault configured"))]
    WrongMint = 3018,
    /// A token account is not the vault's holding account for that mint.
    #[codama(error(message = "The token account is not the vault's holding account"))]
    WrongHolding = 3019,
    /// A 48 h timelock (weight change or keeper/trade-authority rotation) has not elapsed yet.
    #[codama(error(message = "The 48 h timelock (weight change or rotation) has not elapsed"))]
    TimelockNotElapsed = 3020,
    /// There is no pending weight change to apply or cancel.
    #[codama(error(message = "There is no pending weight change"))]
    NoPendingWeights = 3021,
    /// A weight change is already pending; cancel it first.
    #[codama(error(message = "A weight change is already pending"))]
    WeightsAlreadyPending = 3022,
    /// The share mint account is not the vault's share mint.
    #[codama(error(message = "The share mint is not this vault's share mint"))]
    WrongShareMint = 3023,
    /// The vault state holds an unknown asset status or token program tag.
    #[codama(error(message = "The vault state holds an invalid value"))]
    CorruptState = 3024,
    /// The pending weight change being applied or cancelled is not the one the caller named.
    #[codama(error(message = "The pending weight change does not match the expected one"))]
    PendingWeightsMismatch = 3025,
    /// There are no fee shares to mint.
    #[codama(error(message = "There is no fee to collect"))]
    NothingToCollect = 3026,
    /// The cash buffer's book is smaller than the stablecoin withdrawal.
    #[codama(error(message = "The cash buffer cannot pay this withdrawal"))]
    InsufficientCash = 3027,
    /// A fee destination is not a token account of the treasury for the expected mint.
    #[codama(error(message = "The fee account does not belong to the vault's treasury"))]
    WrongTreasury = 3028,
    /// No performance-fee period end is open: the next is still ahead, or the last one's
    /// window (`PERF_FEE_WINDOW_SECS`) has passed and the next has not come.
    #[codama(error(message = "The performance fee is not due yet"))]
    PerfFeeNotDue = 3029,
    /// The asset status change is not an allowed transition.
    #[codama(error(message = "The asset status change is not allowed"))]
    InvalidStatusTransition = 3030,
    /// The signer of a keeper instruction is not the vault's keeper.
    #[codama(error(message = "The signer is not the vault's keeper"))]
    NotKeeper = 3031,
    /// `rebalance_leg` was reached through a CPI instead of as a top-level instruction.
    #[codama(error(message = "rebalance_leg must be a top-level instruction, not a CPI"))]
    NotTopLevel = 3032,
    /// An instruction other than a compute-budget one precedes `rebalance_leg`.
    #[codama(error(message = "Only compute-budget instructions may precede rebalance_leg"))]
    RebalanceNotFirst = 3033,
    /// No token instruction follows `rebalance_leg` to deliver the incoming leg.
    #[codama(error(message = "No incoming transfer follows rebalance_leg"))]
    LegMissing = 3034,
    /// The token instruction after `rebalance_leg` is not a `TransferChecked`.
    #[codama(error(message = "The incoming leg is not a TransferChecked"))]
    LegNotTransferChecked = 3035,
    /// The incoming transfer runs on another token program than the one owning the mint.
    #[codama(error(message = "The incoming leg uses another token program than the mint's"))]
    LegWrongTokenProgram = 3036,
    /// The incoming transfer moves another mint than the quoted one.
    #[codama(error(message = "The incoming leg moves another mint than the quoted one"))]
    LegWrongMint = 3037,
    /// The incoming transfer does not credit the vault's holding of the quoted mint.
    #[codama(error(message = "The incoming leg does not credit the vault's holding"))]
    LegWrongDestination = 3038,
    /// The incoming transfer's raw amount differs from the quoted raw amount.
    #[codama(error(message = "The incoming leg's raw amount differs from the quoted amount"))]
    LegWrongAmount = 3039,
    /// More than one token instruction follows `rebalance_leg`.
    #[codama(error(message = "More than one token instruction follows rebalance_leg"))]
    ExtraTokenInstruction = 3040,
    /// The rebalance transaction holds a vault instruction other than its one settle.
    #[codama(error(
        message = "The rebalance transaction holds another vault instruction than its settle"
    ))]
    UnexpectedVaultInstruction = 3041,
    /// No `rebalance_settle` of this vault follows the incoming transfer.
    #[codama(error(message = "rebalance_settle does not follow the incoming leg"))]
    SettleMissing = 3042,
    /// The incoming value is below the outgoing value less the vault's `max_slip_bps`.
    #[codama(error(
        message = "The incoming leg is worth less than the outgoing leg less max_slip_bps"
    ))]
    RebalanceSlippage = 3043,
    /// The receiving holding's balance grew by less than the quoted amount.
    #[codama(error(message = "The holding received less than the quoted amount"))]
    LegShortfall = 3044,
    /// `rebalance_settle` found no leg to settle.
    #[codama(error(message = "There is no rebalance leg to settle"))]
    NoPendingLeg = 3045,
    /// The book of the paying asset is smaller than the outgoing amount.
    #[codama(error(message = "The vault's book of the paying asset is too small"))]
    InsufficientHolding = 3046,
    /// The leg pays and receives the same mint.
    #[codama(error(message = "A rebalance leg must exchange two different mints"))]
    SameMint = 3047,
    /// The redemption claim does not belong to this vault or to the given owner.
    #[codama(error(message = "The redemption claim is not this vault's or this owner's"))]
    WrongClaim = 3048,
    /// A slot named for payment has nothing owed (already paid, or zero).
    #[codama(error(message = "Nothing is owed for a slot named for payment"))]
    NothingOwed = 3049,
    /// A payment destination is not a token account of the claim's owner.
    #[codama(error(message = "The destination is not a token account of the claim's owner"))]
    WrongDestination = 3050,
    /// A share metadata field is empty (name, symbol), not printable ASCII, or not
    /// zero-padded.
    #[codama(error(message = "The share metadata is not printable, zero-padded text"))]
    InvalidMetadata = 3051,
    /// Today's rebalance legs would lose more than `max_slip_bps` of NAV in total.
    #[codama(error(message = "The daily rebalance loss budget is exhausted"))]
    RebalanceBudgetExceeded = 3052,
    /// The issuer froze a holding this instruction must move (valued, never traded until
    /// thawed).
    #[codama(error(message = "The issuer froze the vault's holding of this asset"))]
    HoldingFrozen = 3053,
    /// More transfer-hook accounts than one transfer passes through (8).
    #[codama(error(message = "Too many transfer-hook accounts (at most 8)"))]
    TooManyHookAccounts = 3054,
    /// A token account an in-kind withdrawal would pay is frozen (a new account of a mint
    /// whose accounts start frozen, before the issuer thaws it, or one the issuer froze):
    /// nothing is burned; `begin_redemption` keeps that slot owed until the thaw.
    #[codama(error(
        message = "A receiving token account is frozen: use begin_redemption, paid after the thaw"
    ))]
    DestinationFrozen = 3055,
    /// A vault instruction ran while a rebalance leg is pending (re-entrancy lock): only the
    /// leg's `rebalance_settle` may run until then, top level or by CPI.
    #[codama(error(message = "A rebalance leg is pending: only its settle may run"))]
    LegPending = 3070,
    /// The account the leg pays into is not a token account of the vault's trade authority.
    #[codama(error(message = "The leg's payee is not a token account of the trade authority"))]
    WrongTradeAccount = 3071,
    /// The withdrawal request does not belong to this vault or to the given owner.
    #[codama(error(message = "The withdrawal request is not this vault's or this owner's"))]
    WrongRequest = 3072,
    /// The snapshot was published before the request: forward pricing needs a later one.
    #[codama(error(message = "The NAV snapshot predates the withdrawal request"))]
    SnapshotBeforeRequest = 3073,
    /// Only the request's owner may cancel it before the keeper's deadline.
    #[codama(error(message = "Only the owner may cancel the request before its deadline"))]
    RequestNotExpired = 3074,
    /// A rotation of this kind is already queued; cancel it first.
    #[codama(error(message = "A rotation of this kind is already pending"))]
    RotationAlreadyPending = 3075,
    /// No rotation of this kind is queued, or not the one the caller named.
    #[codama(error(message = "There is no such pending rotation"))]
    NoPendingRotation = 3076,
    /// The rotation kind is unknown or the new key is zero.
    #[codama(error(message = "The rotation kind or key is invalid"))]
    InvalidRotation = 3077,
    /// An in-kind slice cannot be paid now (frozen holding, paused mint) and the owner's
    /// instruction did not accept leaving it to the other holders.
    #[codama(error(
        message = "An in-kind slice cannot be paid and the owner did not accept forfeiting it"
    ))]
    UnpaidNotAccepted = 3078,
    /// The performance fee's period ended but the snapshot in force was published before its
    /// end: the fee is valued at the period end, by a snapshot published after it.
    #[codama(error(message = "The NAV snapshot predates the performance-fee period end"))]
    SnapshotBeforePeriodEnd = 3079,
}

impl From<VaultError> for ProgramError {
    #[inline(always)]
    fn from(e: VaultError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
