pub mod approve_deviation;
pub mod create_snapshot;
pub mod initialize_config;
pub mod push_snapshot;
pub mod reference;
pub mod reset_sequence;
pub mod rotate_keepers;
