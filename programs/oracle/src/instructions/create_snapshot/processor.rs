use super::{CreateSnapshotAccounts, CreateSnapshotData};
use crate::events::SnapshotCreatedEvent;
use crate::state::{NavSnapshot, OracleConfig, SNAPSHOT_SEED};
use basket_common::{create::create_pda_account, event::Event as _, layout::AccountLayout, pda};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = CreateSnapshotAccounts::try_from(accounts)?;
    let args = CreateSnapshotData::parse(data)?;

    // SAFETY: the config is only read, and nothing in this instruction writes it.
    let config = OracleConfig::load(unsafe { accounts.config.borrow_unchecked() })?;
    config.admins.check_signed(accounts.admin_signers)?;

    let bump = pda::find_canonical(accounts.snapshot, &[SNAPSHOT_SEED, args.sku_id], &crate::ID)?;
    let bump_seed = [bump];
    let seeds = [
        Seed::from(SNAPSHOT_SEED),
        Seed::from(&args.sku_id[..]),
        Seed::from(&bump_seed),
    ];
    create_pda_account(
        accounts.payer,
        accounts.snapshot,
        NavSnapshot::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;

    let mut snapshot_account = *accounts.snapshot;
    // SAFETY: the account was created above by this instruction; nothing else borrows it.
    let snapshot = NavSnapshot::init(unsafe { snapshot_account.borrow_unchecked_mut() })?;
    snapshot.bump = bump;
    snapshot.entry_count = args.mint_count;
    snapshot.sku_id = *args.sku_id;
    for (i, entry) in snapshot
        .entries
        .iter_mut()
        .take(args.mint_count as usize)
        .enumerate()
    {
        entry.mint.copy_from_slice(args.mint(i));
    }

    SnapshotCreatedEvent {
        sku_id: *args.sku_id,
        mint_count: args.mint_count,
    }
    .emit();
    Ok(())
}
