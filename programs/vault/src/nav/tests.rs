//! The snapshot guards: freshness and each asset's status, price, flags and multiplier.

extern crate std;
use super::*;
use basket_common::layout::AccountLayout;
use basket_common::layout::{PodU32, PodU64};
use oracle::state::entry_flags;
use std::vec;

fn snapshot_with(entry: NavEntry) -> std::boxed::Box<[u8]> {
    let mut data = vec![0u8; NavSnapshot::LEN].into_boxed_slice();
    data[0] = 2;
    data[1] = 1;
    data[3] = 1;
    let at = 80;
    // SAFETY: NavEntry is 64 plain bytes.
    let bytes = unsafe { core::slice::from_raw_parts(&entry as *const NavEntry as *const u8, 64) };
    data[at..at + 64].copy_from_slice(bytes);
    data
}

fn entry(mint: [u8; 32], price: u64, mult: u64, flags: u32) -> NavEntry {
    NavEntry {
        mint,
        price_usd_1e8: PodU64::new(price),
        multiplier_num: PodU64::new(mult),
        updated_slot: PodU64::new(1),
        flags: PodU32::new(flags),
        reserved: [0; 4],
    }
}

fn asset(mint: [u8; 32], status: AssetStatus) -> AssetEntry {
    AssetEntry {
        mint,
        holdings_raw: PodU64::new(5),
        target_weight_bps: Default::default(),
        token_program: 1,
        decimals: 8,
        status: status as u8,
        holding_bump: 255,
        prev_unit_1e8: PodU64::new(0),
        seen_unit_1e8: PodU64::new(0),
        unit_inexact: 0,
        reserved: [0; 1],
        verified_bits: Default::default(),
        ext_offset: Default::default(),
        reserved2: [0; 6],
        holding: [0; 32],
        permanent_delegate: [0; 32],
        claims_owed_raw: Default::default(),
        delegate_offset: Default::default(),
        mint_flags: 0,
        reserved3: [0; 5],
    }
}

const M: u64 = 1_050_000_000_000;

#[test]
fn a_snapshot_is_fresh_up_to_the_limit_and_never_from_the_future() {
    let mut data = snapshot_with(entry([7; 32], 100, M, 0));
    let saturday_noon = 1_795_392_000i64 - 2 * 86_400 + 12 * 3600;
    data[36..44].copy_from_slice(&saturday_noon.to_le_bytes());
    let snap = NavSnapshot::load(&data).unwrap();
    assert_eq!(check_fresh(snap, saturday_noon), Ok(()));
    assert_eq!(check_fresh(snap, saturday_noon + 300), Ok(()));
    assert_eq!(
        check_fresh(snap, saturday_noon + 301),
        Err(VaultError::StaleNav)
    );
    assert_eq!(
        check_fresh(snap, saturday_noon - 1),
        Err(VaultError::StaleNav)
    );
    let monday_15h = 1_795_392_000i64 + 15 * 3600;
    data[36..44].copy_from_slice(&monday_15h.to_le_bytes());
    let snap = NavSnapshot::load(&data).unwrap();
    assert_eq!(check_fresh(snap, monday_15h + 60), Ok(()));
    assert_eq!(
        check_fresh(snap, monday_15h + 61),
        Err(VaultError::StaleNav)
    );
}

#[test]
fn an_active_priced_asset_with_the_same_multiplier_passes() {
    let data = snapshot_with(entry(
        [7; 32],
        100,
        M,
        entry_flags::MARKET_OPEN | entry_flags::FALLBACK_PRICE,
    ));
    let snap = NavSnapshot::load(&data).unwrap();
    assert!(check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).is_ok());
}

#[test]
fn each_guard_has_its_own_error() {
    let data = snapshot_with(entry([7; 32], 100, M, 0));
    let snap = NavSnapshot::load(&data).unwrap();
    assert_eq!(
        check_asset(&asset([7; 32], AssetStatus::Frozen), 0, snap, M).err(),
        Some(VaultError::AssetNotActive)
    );
    assert_eq!(
        check_asset(&asset([8; 32], AssetStatus::Active), 0, snap, M).err(),
        Some(VaultError::AssetNotPriced)
    );
    assert_eq!(
        check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M + 1).err(),
        Some(VaultError::MultiplierMismatch)
    );
    let mut bad = asset([7; 32], AssetStatus::Active);
    bad.status = 0;
    assert_eq!(
        check_asset(&bad, 0, snap, M).err(),
        Some(VaultError::CorruptState)
    );
    for flag in [
        entry_flags::CORPORATE_ACTION_FREEZE,
        entry_flags::TRADING_HALTED,
    ] {
        let data = snapshot_with(entry([7; 32], 100, M, flag));
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).err(),
            Some(VaultError::AssetFrozen)
        );
    }
    let data = snapshot_with(entry([7; 32], 0, M, 0));
    let snap = NavSnapshot::load(&data).unwrap();
    assert_eq!(
        check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).err(),
        Some(VaultError::AssetNotPriced)
    );
}
