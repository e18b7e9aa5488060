//! Events of the vault program: one `sol_log_data` field each, `[kind u8][version u8][payload]`
//! with a fixed little-endian payload (see docs/vault.md, "Events").

/// Event kinds. Append-only.
pub mod kind {
    pub const VAULT_INITIALIZED: u8 = 1;
    pub const DEPOSIT: u8 = 2;
    pub const PAUSE_SET: u8 = 3;
    pub const WEIGHTS_QUEUED: u8 = 4;
    pub const WEIGHTS_APPLIED: u8 = 5;
    pub const WEIGHTS_CANCELLED: u8 = 6;
    pub const WITHDRAW_IN_KIND: u8 = 7;
    pub const MGMT_FEE_COLLECTED: u8 = 8;
    pub const WITHDRAW_STABLE: u8 = 9;
    pub const PERF_FEE_CRYSTALLIZED: u8 = 10;
    pub const ASSET_STATUS_SET: u8 = 11;
    pub const REBALANCE_LEG: u8 = 12;
    pub const REDEMPTION_BEGUN: u8 = 13;
    pub const REDEMPTION_PAID: u8 = 14;
    pub const SHARE_METADATA_SET: u8 = 15;
}

/// Version of every payload layout below.
pub const EVENT_VERSION: u8 = 1;

/// A fixed-size event buffer written field by field.
pub struct EventWriter<const N: usize> {
    buf: [u8; N],
    at: usize,
}

impl<const N: usize> EventWriter<N> {
    pub fn new(kind: u8) -> Self {
        let mut buf = [0u8; N];
        buf[0] = kind;
        buf[1] = EVENT_VERSION;
        Self { buf, at: 2 }
    }

    /// Appends bytes; the sizes are fixed per event, so an overrun is a programming error
    /// caught by the unit tests (the write is skipped rather than panicking on-chain).
    pub fn bytes(mut self, b: &[u8]) -> Self {
        if let Some(dst) = self
            .at
            .checked_add(b.len())
            .and_then(|end| self.buf.get_mut(self.at..end))
        {
            dst.copy_from_slice(b);
            self.at = self.at.saturating_add(b.len());
        }
        self
    }

    pub fn u64(self, v: u64) -> Self {
        self.bytes(&v.to_le_bytes())
    }

    pub fn i64(self, v: i64) -> Self {
        self.bytes(&v.to_le_bytes())
    }

    /// Emits the event; `at == N` is asserted by the tests of each event.
    pub fn emit(self) {
        basket_common::event::emit(&self.buf[..self.at]);
    }

    pub fn len(&self) -> usize {
        self.at
    }

    pub fn is_empty(&self) -> bool {
        self.at == 0
    }
}
