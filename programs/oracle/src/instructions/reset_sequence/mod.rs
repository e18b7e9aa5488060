//! `reset_sequence`: the admin threshold's recovery path for a snapshot whose sequence its
//! keepers cannot follow (driven far ahead by a stolen keeper key before sequences were
//! bounded, or left where a replaced keeper's counter does not reach).

mod processor;

pub use processor::process;
