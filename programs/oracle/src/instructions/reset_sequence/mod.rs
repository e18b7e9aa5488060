//! `reset_sequence`: the admin threshold's recovery path that raises a snapshot's sequence,
//! to void signed payloads that leaked or to skip past a stuck approval. It never lowers or
//! repeats it (decision 0995): the vault prices by the sequence, which must only rise.

mod processor;

pub use processor::process;
