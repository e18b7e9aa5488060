use crate::{error::SwapError, instructions};
use basket_common::{bytes::address_eq, CommonError};
use pinocchio::{
    no_allocator, nostd_panic_handler, program_entrypoint, AccountView, Address, ProgramResult,
};

// A swap takes 10 fixed accounts plus the stock's transfer-hook extra accounts.
program_entrypoint!(process_instruction, 32);
no_allocator!();
nostd_panic_handler!();

pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    data: &[u8],
) -> ProgramResult {
    if !address_eq(program_id, &crate::ID) {
        return Err(SwapError::WrongProgramId.into());
    }
    let [tag, rest @ ..] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    match *tag {
        instructions::INITIALIZE_POOL => instructions::initialize_pool::process(accounts, rest),
        instructions::ADD_LIQUIDITY => instructions::add_liquidity::process(accounts, rest),
        instructions::SWAP => instructions::swap::process(accounts, rest),
        instructions::RELAY => instructions::relay::process(accounts, rest),
        _ => Err(CommonError::InvalidInstructionData.into()),
    }
}
