use crate::processor;
use basket_common::{bytes::address_eq, CommonError};
use pinocchio::{
    error::ProgramError, no_allocator, nostd_panic_handler, program_entrypoint, AccountView,
    Address, ProgramResult,
};

program_entrypoint!(process_instruction, 16);
no_allocator!();
nostd_panic_handler!();

pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    data: &[u8],
) -> ProgramResult {
    if !address_eq(program_id, &crate::ID) {
        return Err(ProgramError::IncorrectProgramId);
    }
    let Some((tag, rest)) = data.split_first_chunk::<8>() else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    match *tag {
        crate::EXECUTE => processor::execute(accounts, rest),
        crate::INITIALIZE_EXTRA_ACCOUNT_META_LIST => processor::initialize(accounts),
        crate::SET_MODE => processor::set_mode(accounts, rest),
        _ => Err(CommonError::InvalidInstructionData.into()),
    }
}
