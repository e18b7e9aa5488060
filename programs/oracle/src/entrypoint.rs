use crate::{error::OracleError, instruction::discriminator, instructions};
use basket_common::CommonError;
use pinocchio::{no_allocator, program_entrypoint, AccountView, Address, ProgramResult};

// The largest oracle instructions (initialize_config, create_snapshot) take 5 fixed accounts
// plus up to 5 admin signers.
program_entrypoint!(process_instruction, 16);
no_allocator!();
// Panics log one fixed line and abort (why: `basket_common::fixed_panic_handler`).
basket_common::fixed_panic_handler!("oracle: panicked");

pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    data: &[u8],
) -> ProgramResult {
    if !crate::bytes::address_eq(program_id, &crate::ID) {
        return Err(OracleError::WrongProgramId.into());
    }
    let [tag, rest @ ..] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    match *tag {
        discriminator::INITIALIZE_CONFIG => {
            instructions::initialize_config::process(accounts, rest)
        }
        discriminator::ROTATE_KEEPERS => instructions::rotate_keepers::process(accounts, rest),
        discriminator::CREATE_SNAPSHOT => instructions::create_snapshot::process(accounts, rest),
        discriminator::PUSH_SNAPSHOT => instructions::push_snapshot::process(accounts, rest),
        discriminator::APPROVE_DEVIATION => {
            instructions::approve_deviation::process(accounts, rest)
        }
        discriminator::RESET_SEQUENCE => instructions::reset_sequence::process(accounts, rest),
        _ => Err(CommonError::InvalidInstructionData.into()),
    }
}
