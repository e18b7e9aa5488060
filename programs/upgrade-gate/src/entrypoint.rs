use crate::{error::GateError, instruction::discriminator, processor};
use basket_common::{bytes::address_eq, CommonError};
use pinocchio::{no_allocator, program_entrypoint, AccountView, Address, ProgramResult};

// The largest instruction (upgrade) takes 9 fixed accounts plus the admin signers.
program_entrypoint!(process_instruction, 20);
no_allocator!();
// Panics log one fixed line and abort (why: `basket_common::fixed_panic_handler`).
basket_common::fixed_panic_handler!("upgrade-gate: panicked");

pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    data: &[u8],
) -> ProgramResult {
    if !address_eq(program_id, &crate::ID) {
        return Err(GateError::WrongProgramId.into());
    }
    let [tag, rest @ ..] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    match *tag {
        discriminator::INITIALIZE => processor::initialize(accounts, rest),
        discriminator::UPGRADE => processor::upgrade(accounts, rest),
        discriminator::SET_AUTHORITY => processor::set_authority(accounts, rest),
        discriminator::SET_ADMINS => processor::set_admins(accounts, rest),
        _ => Err(CommonError::InvalidInstructionData.into()),
    }
}
