//! Account creation is shared with the other programs (`basket_common::create`).

pub use basket_common::create::{create_account, NewAccount};
