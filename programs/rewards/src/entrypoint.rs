use crate::{error::RewardsError, instruction::discriminator, instructions};
use basket_common::CommonError;
use pinocchio::{
    no_allocator, nostd_panic_handler, program_entrypoint, AccountView, Address, ProgramResult,
};

// Up to the 64 accounts a transaction can lock: a 10-mint claim takes 45, a 10-mint sweep
// 43 plus the admin signers.
program_entrypoint!(process_instruction, 64);
no_allocator!();
// Pinocchio's handler, not `basket_common::fixed_panic_handler` (which cuts 4.8 KB of
// formatting here): with it the code moves and 17 bench rows rise by 1-3 CU (measured).
nostd_panic_handler!();

pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    data: &[u8],
) -> ProgramResult {
    // Word compare: `!=` on addresses links a byte loop here (~100 CU).
    if !instructions::shared::eq32(program_id.as_array(), crate::ID.as_array()) {
        return Err(RewardsError::WrongProgramId.into());
    }
    let [tag, rest @ ..] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    match *tag {
        discriminator::INITIALIZE => instructions::initialize::process(accounts, rest),
        discriminator::STAKE => instructions::stake::process(accounts, rest),
        discriminator::UNSTAKE => instructions::unstake::process(accounts, rest),
        discriminator::DISTRIBUTE_EPOCH => instructions::distribute_epoch::process(accounts, rest),
        discriminator::CLAIM => instructions::claim::process(accounts, rest),
        discriminator::ROTATE_KEEPERS => instructions::rotate_keepers::process(accounts, rest),
        discriminator::SET_PAUSED => instructions::set_paused::process(accounts, rest),
        discriminator::SET_REWARD_MINTS => instructions::set_reward_mints::process(accounts, rest),
        discriminator::SWEEP_EPOCH => instructions::sweep_epoch::process(accounts, rest),
        discriminator::RESET_LAST_EPOCH => instructions::reset_last_epoch::process(accounts, rest),
        _ => Err(CommonError::InvalidInstructionData.into()),
    }
}
