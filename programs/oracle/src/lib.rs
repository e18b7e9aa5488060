#![no_std]
use pinocchio::{program_entrypoint, no_allocator, nostd_panic_handler, AccountView, Address, ProgramResult};
program_entrypoint!(process_instruction);
no_allocator!();
nostd_panic_handler!();
pub fn process_instruction(_program_id: &Address, accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let msg = b"hello";
    #[cfg(target_arch = "bpf")]
    unsafe { pinocchio::syscalls::sol_log_(msg.as_ptr(), msg.len() as u64) };
    let _ = (msg, basket_common::add(accounts.len() as u64, data.len() as u64));
    if data.first() == Some(&7) { return Err(pinocchio::error::ProgramError::Custom(6001)); }
    Ok(())
}
