pub mod admin;
pub mod deposit;
pub mod init_vault;
pub mod set_paused;
pub mod shared;
pub mod weights;
pub mod withdraw_in_kind;
