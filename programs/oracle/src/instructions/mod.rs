pub mod approve_deviation;
pub mod create_snapshot;
pub mod initialize_config;
pub mod push_snapshot;
pub mod rotate_keepers;
