//! The programs' panic handler.

/// Declares a panic handler that logs one fixed line and aborts. Pinocchio's
/// `nostd_panic_handler!` reads the panic's location, which keeps every panic's message
/// arguments alive and with them core's integer formatting (~2-6 KB of each binary, never
/// run: a panic aborts the instruction either way). A handler that never reads its argument
/// lets the compiler drop all of it. On the host (tests, the IDL generator) std's handler is
/// used.
///
/// ```ignore
/// basket_common::fixed_panic_handler!("vault: panicked");
/// ```
#[macro_export]
macro_rules! fixed_panic_handler {
    ($message:literal) => {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        #[panic_handler]
        fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
            const PANICKED: &str = $message;
            // SAFETY: the syscall reads `PANICKED.len()` bytes of a static string, then aborts.
            unsafe {
                pinocchio::syscalls::sol_panic_(PANICKED.as_ptr(), PANICKED.len() as u64, 0, 0)
            }
        }

        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        mod host_panic_handler {
            // Host builds (tests, the IDL generator) use std's handler.
            extern crate std;
        }
    };
}
