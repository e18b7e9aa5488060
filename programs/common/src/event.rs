//! Events through `sol_log_data`, decodable from the transaction's log messages alone.
//!
//! Each event is one `sol_log_data` call with one field: `[event discriminator u8]`
//! `[event version u8][payload, fixed layout]`. The emitting program is known from the
//! log context (`Program <id> invoke`), so discriminators are unique per program.

/// Emits one event. `bytes` must already start with the discriminator and version.
#[inline(always)]
pub fn emit(bytes: &[u8]) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        let fields: [&[u8]; 1] = [bytes];
        // SAFETY: `fields` is a valid array of one slice that outlives the call.
        unsafe { pinocchio::syscalls::sol_log_data(fields.as_ptr() as *const u8, 1) };
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = bytes;
}

/// Largest event payload any program may define (each event asserts it at compile time).
pub const MAX_EVENT_PAYLOAD: usize = 512;

/// Implements [`Event`] for a payload struct after checking its layout at compile time:
/// exactly `len` bytes, alignment 1 (so no padding), at most [`MAX_EVENT_PAYLOAD`]. A
/// payload ending in a counted array names its slots and count field (`trailing = [item
/// bytes; slots], count = field`); an optional block adds any other items.
///
/// The struct must be `#[repr(C)]` with only `u8`, `[u8; N]` and `Pod*` fields (the trait's
/// safety contract); its field offsets are pinned by each program's layout tests.
///
/// ```ignore
/// basket_common::impl_event!(DepositEvent, VaultEventKind::Deposit, version = 1, len = 104);
/// ```
#[macro_export]
macro_rules! impl_event {
    // A payload ending in a counted array: `items` slots of `item` bytes, of which the `u8`
    // field `count` says how many are used; only those are emitted.
    ($ty:ident, $kind:expr, version = $version:literal, len = $len:literal,
     trailing = [$item:literal; $slots:literal], count = $count:ident) => {
        $crate::impl_event!($ty, $kind, version = $version, len = $len, {
            const TRAILING_ITEM_LEN: usize = $item;
            const TRAILING_ITEMS: usize = $slots;
            const COUNT_OFFSET: Option<usize> = Some(::core::mem::offset_of!($ty, $count));

            #[inline(always)]
            fn emitted_len(&self) -> usize {
                // `LEN - item * (slots - count)`; at most `LEN`, so it cannot wrap.
                Self::MIN_LEN
                    .wrapping_add(($item as usize).wrapping_mul(usize::from(self.$count).min($slots)))
            }
        });
    };
    ($ty:ident, $kind:expr, version = $version:literal, len = $len:literal $(, { $($items:tt)* })?) => {
        const _: () = assert!(
            ::core::mem::size_of::<$ty>() == $len
                && ::core::mem::align_of::<$ty>() == 1
                && $len <= $crate::event::MAX_EVENT_PAYLOAD
        );

        // SAFETY: `#[repr(C)]` of alignment-1 fields (asserted above, so no padding), `$len`
        // bytes, at most `MAX_EVENT_PAYLOAD`.
        unsafe impl $crate::event::Event for $ty {
            const DISCRIMINATOR: u8 = $kind as u8;
            const VERSION: u8 = $version;
            $($($items)*)?
        }
    };
}

/// An event payload: a zero-copy struct whose bytes follow the `[discriminator][version]`
/// header. The struct is the single definition of the event: the program emits its bytes,
/// the IDL lists it as a defined type (`#[derive(CodamaType)]`) and the generated
/// TypeScript decoders read it.
///
/// # Safety
/// Implementors must be `#[repr(C)]`, have alignment 1 and no padding (only `u8`, `[u8; N]`
/// and `Pod*` fields), and be at most `MAX_EVENT_PAYLOAD` bytes.
pub unsafe trait Event: Sized {
    /// First byte: the program's `<Program>EventKind` value.
    const DISCRIMINATOR: u8;
    /// Second byte: the payload layout version.
    const VERSION: u8;
    /// Payload size in bytes.
    const LEN: usize = core::mem::size_of::<Self>();
    /// Size of one item of the payload's trailing counted array, or 0 when the payload does
    /// not end in one. Such an event emits only the used items (`emitted_len`).
    const TRAILING_ITEM_LEN: usize = 0;
    /// Capacity of the trailing array (items).
    const TRAILING_ITEMS: usize = 0;
    /// Byte offset in the payload of the `u8` count of used trailing items, if there is one.
    const COUNT_OFFSET: Option<usize> = None;
    /// Shortest payload ever emitted: `LEN` without any trailing item.
    const MIN_LEN: usize = Self::LEN - Self::TRAILING_ITEM_LEN * Self::TRAILING_ITEMS;

    /// Payload bytes emitted: `LEN`, or for a trailing array only the used items
    /// (`LEN - TRAILING_ITEM_LEN * unused`). Must be between `MIN_LEN` and `LEN`.
    #[inline(always)]
    fn emitted_len(&self) -> usize {
        Self::LEN
    }

    /// The payload bytes, exactly `LEN` of them.
    #[inline(always)]
    fn payload(&self) -> &[u8] {
        // SAFETY: alignment 1, no padding (trait contract), `LEN` is the struct's size.
        unsafe { core::slice::from_raw_parts(self as *const Self as *const u8, Self::LEN) }
    }

    /// Calls `f` with the event exactly as emitted: `[discriminator][version]` and the first
    /// `emitted_len()` payload bytes. The header and payload are laid out in one sized struct,
    /// so the copy has a size known at compile time (the SBF backend inlines it; a copy of
    /// run-time length would need a `memcpy` the programs do not link); only the slice
    /// handed to `f` is shortened.
    #[inline(always)]
    fn framed<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R
    where
        Self: Copy,
    {
        let framed = Framed {
            header: [Self::DISCRIMINATOR, Self::VERSION],
            payload: *self,
        };
        // SAFETY: `Framed` is `#[repr(C)]` of a byte array and an alignment-1 payload without
        // padding (trait contract), so all its bytes are initialized.
        let bytes = unsafe {
            core::slice::from_raw_parts(
                &framed as *const Framed<Self> as *const u8,
                core::mem::size_of::<Framed<Self>>(),
            )
        };
        // At most 2 + `MAX_EVENT_PAYLOAD`: cannot wrap.
        let len = self
            .emitted_len()
            .clamp(Self::MIN_LEN, Self::LEN)
            .wrapping_add(2);
        f(&bytes[..len])
    }

    /// Emits the event as one `sol_log_data` field.
    #[inline(always)]
    fn emit(&self)
    where
        Self: Copy,
    {
        self.framed(emit)
    }
}

/// `[discriminator][version]` followed by the payload, as emitted.
#[repr(C)]
struct Framed<E> {
    header: [u8; 2],
    payload: E,
}

/// What off-chain code needs to know of one event beyond its Codama type: read by
/// `scripts/idl-gen` from each program's `events::EVENTS` and written to
/// `idl/events/<program>.json`, from which the clients get their event tables.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct EventInfo {
    /// Name of the payload struct (its Codama defined type).
    pub name: &'static str,
    pub discriminator: u8,
    pub version: u8,
    /// Payload size in bytes (the largest emitted).
    pub len: usize,
    /// Shortest payload emitted: `len` without any trailing item (`len` when the payload does
    /// not end in a counted array).
    pub min_len: usize,
    /// Size of one trailing item (0: none); emitted payloads are `min_len + k * item_len`.
    pub item_len: usize,
    /// Byte offset of the `u8` count of trailing items, if any.
    pub count_offset: Option<usize>,
}

impl EventInfo {
    pub const fn of<E: Event>(name: &'static str) -> Self {
        Self {
            name,
            discriminator: E::DISCRIMINATOR,
            version: E::VERSION,
            len: E::LEN,
            min_len: E::MIN_LEN,
            item_len: E::TRAILING_ITEM_LEN,
            count_offset: E::COUNT_OFFSET,
        }
    }
}

/// Logs a short UTF-8 message (`Program log: ...`), for human readers of the logs.
#[inline(always)]
pub fn log(message: &str) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: pointer and length describe a valid UTF-8 string.
    unsafe {
        pinocchio::syscalls::sol_log_(message.as_ptr(), message.len() as u64)
    };
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = message;
}
