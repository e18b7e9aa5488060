use super::{CreateSnapshotAccounts, CreateSnapshotData};
use crate::events::SnapshotCreatedEvent;
use crate::state::{NavReference, NavSnapshot, OracleConfig, REFERENCE_SEED, SNAPSHOT_SEED};
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
    let reference_bump = pda::find_canonical(
        accounts.reference,
        &[REFERENCE_SEED, args.sku_id],
        &crate::ID,
    )?;

    // Emitted before the first CPI, so no log of the calls below can push it past the
    // runtime's log limit (docs/decisions/0100); a failure after it fails the transaction,
    // and a failed transaction's events are never read.
    SnapshotCreatedEvent {
        sku_id: *args.sku_id,
        mint_count: args.mint_count,
    }
    .emit();

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
    let reference_bump_seed = [reference_bump];
    let reference_seeds = [
        Seed::from(REFERENCE_SEED),
        Seed::from(&args.sku_id[..]),
        Seed::from(&reference_bump_seed),
    ];
    create_pda_account(
        accounts.payer,
        accounts.reference,
        NavReference::LEN,
        &crate::ID,
        &[Signer::from(&reference_seeds)],
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
    let mut reference_account = *accounts.reference;
    // SAFETY: created above by this instruction; nothing else borrows it.
    let reference = NavReference::init(unsafe { reference_account.borrow_unchecked_mut() })?;
    reference.bump = reference_bump;
    reference.sku_id = *args.sku_id;
    Ok(())
}
