//! `withdraw_usdc(shares, max_slip_bps, quoted_out)`: burns shares and pays their value at
//! the oracle NAV (rounded down) from the cash buffer, less the stablecoin withdrawal fee
//! (rounded up), which goes to the treasury.

mod accounts;
mod data;
mod processor;

pub use accounts::WithdrawUsdcAccounts;
pub use data::WithdrawUsdcData;
pub use processor::process;
