//! The rewards program (instructions arrive with its issue).
#![no_std]

use pinocchio::address::declare_id;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint {
    use basket_common::CommonError;
    use pinocchio::{no_allocator, nostd_panic_handler, program_entrypoint, AccountView, Address, ProgramResult};

    program_entrypoint!(process_instruction, 16);
    no_allocator!();
    nostd_panic_handler!();

    pub fn process_instruction(_program_id: &Address, _accounts: &mut [AccountView], _data: &[u8]) -> ProgramResult {
        Err(CommonError::InvalidInstructionData.into())
    }
}

declare_id!("Cag41vF9wEy64VXVJuA5Ts8WiYewPrjuutdr59g23vhb");
