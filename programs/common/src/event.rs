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
