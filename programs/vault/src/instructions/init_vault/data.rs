#![allow(clippy::arithmetic_side_effects)] // constant offsets below LEN, checked before any read

use crate::{
    error::VaultError,
    share_math::BPS,
    state::{MAX_ASSETS, SKU_ID_LEN},
};
use basket_common::{signer_set::MAX_ADMINS, CommonError};
use pinocchio::error::ProgramError;

/// Largest management fee accepted, bps per year (the spec's rate is 20).
pub const MAX_MGMT_FEE_BPS: u16 = 200;
/// Largest performance fee accepted, bps of the gain (the spec leaves the rate open).
pub const MAX_PERF_FEE_BPS: u16 = 3_000;
/// Largest stablecoin withdrawal fee accepted (the spec's fee is 5 bps).
pub const MAX_WITHDRAW_FEE_BPS: u16 = 100;
/// Largest rebalance slippage bound accepted.
pub const MAX_SLIP_BPS: u16 = 1_000;
/// Smallest admin threshold the vault accepts: the spec's admin multisig is 3 of 5.
pub const MIN_VAULT_ADMIN_THRESHOLD: u8 = 3;

/// Instruction data of `init_vault` (after the discriminator), 360 bytes:
/// - `[0..16]` SKU id (ASCII, zero-padded on the right)
/// - `[16..176]` five admin keys, `[176]` admin threshold (3..=5)
/// - `[177..209]` keeper, `[209..241]` treasury
/// - `[241..243]` management fee bps/year, `[243..245]` performance fee bps,
///   `[245..247]` stablecoin withdrawal fee bps, `[247..249]` cash buffer target bps,
///   `[249..251]` rebalance max slippage bps
/// - `[251..259]` deposit cap (1e-6 USD of NAV), `[259..267]` minimum deposit (raw stablecoin)
/// - `[267]` asset count (1..=20)
/// - `[268..288]` token program per asset (0 = SPL Token, 1 = Token-2022; zero past the count)
/// - `[288..328]` target weight per asset, u16 bps (sum 10,000; zero past the count)
/// - `[328..360]` trade authority (the wallet rebalance legs pay into; non-zero)
pub struct InitVaultData {
    pub sku_id: [u8; SKU_ID_LEN],
    pub admins: [[u8; 32]; MAX_ADMINS],
    pub threshold: u8,
    pub keeper: [u8; 32],
    pub treasury: [u8; 32],
    pub mgmt_fee_bps: u16,
    pub perf_fee_bps: u16,
    pub withdraw_fee_bps: u16,
    pub cash_buffer_bps: u16,
    pub max_slip_bps: u16,
    pub deposit_cap_usd: u64,
    pub min_deposit_raw: u64,
    pub asset_count: u8,
    pub token_programs: [u8; MAX_ASSETS],
    pub weights: [u16; MAX_ASSETS],
    pub trade_authority: [u8; 32],
}

fn u16_at(d: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([d[at], d[at + 1]])
}

fn u64_at(d: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&d[at..at + 8]);
    u64::from_le_bytes(b)
}

fn key_at(d: &[u8], at: usize) -> [u8; 32] {
    let mut k = [0u8; 32];
    k.copy_from_slice(&d[at..at + 32]);
    k
}

/// A SKU id is 1..=16 printable ASCII bytes followed by zero padding.
pub fn validate_sku_id(sku: &[u8; SKU_ID_LEN]) -> Result<(), VaultError> {
    let len = sku.iter().position(|b| *b == 0).unwrap_or(SKU_ID_LEN);
    let printable = sku[..len].iter().all(|b| (0x21..=0x7e).contains(b));
    if len == 0 || !printable || sku[len..].iter().any(|b| *b != 0) {
        return Err(VaultError::InvalidConfig);
    }
    Ok(())
}

/// Weights of the first `count` assets sum to exactly 10,000 bps; slots past it are zero.
pub fn validate_weights(weights: &[u16; MAX_ASSETS], count: usize) -> Result<(), VaultError> {
    if count == 0 || count > MAX_ASSETS {
        return Err(VaultError::InvalidAssetCount);
    }
    let (used, unused) = weights.split_at(count);
    let sum: u32 = used.iter().map(|w| *w as u32).sum();
    if u64::from(sum) != BPS || unused.iter().any(|w| *w != 0) {
        return Err(VaultError::InvalidWeights);
    }
    Ok(())
}

impl InitVaultData {
    pub const LEN: usize = 360;

    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut sku_id = [0u8; SKU_ID_LEN];
        sku_id.copy_from_slice(&data[0..16]);
        let mut admins = [[0u8; 32]; MAX_ADMINS];
        for (i, key) in admins.iter_mut().enumerate() {
            *key = key_at(data, 16 + i * 32);
        }
        let mut token_programs = [0u8; MAX_ASSETS];
        token_programs.copy_from_slice(&data[268..288]);
        let mut weights = [0u16; MAX_ASSETS];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = u16_at(data, 288 + i * 2);
        }
        let parsed = Self {
            sku_id,
            admins,
            threshold: data[176],
            keeper: key_at(data, 177),
            treasury: key_at(data, 209),
            mgmt_fee_bps: u16_at(data, 241),
            perf_fee_bps: u16_at(data, 243),
            withdraw_fee_bps: u16_at(data, 245),
            cash_buffer_bps: u16_at(data, 247),
            max_slip_bps: u16_at(data, 249),
            deposit_cap_usd: u64_at(data, 251),
            min_deposit_raw: u64_at(data, 259),
            asset_count: data[267],
            token_programs,
            weights,
            trade_authority: key_at(data, 328),
        };
        parsed.validate()?;
        Ok(parsed)
    }

    fn validate(&self) -> Result<(), ProgramError> {
        validate_sku_id(&self.sku_id)?;
        if self.threshold < MIN_VAULT_ADMIN_THRESHOLD {
            return Err(CommonError::InvalidSignerSet.into());
        }
        if self.keeper == [0; 32] || self.treasury == [0; 32] || self.trade_authority == [0; 32] {
            return Err(VaultError::InvalidConfig.into());
        }
        if self.mgmt_fee_bps > MAX_MGMT_FEE_BPS
            || self.perf_fee_bps > MAX_PERF_FEE_BPS
            || self.withdraw_fee_bps > MAX_WITHDRAW_FEE_BPS
            || self.cash_buffer_bps as u64 > BPS
            || self.max_slip_bps == 0
            || self.max_slip_bps > MAX_SLIP_BPS
            || self.min_deposit_raw == 0
            || self.deposit_cap_usd < self.min_deposit_raw
        {
            return Err(VaultError::InvalidConfig.into());
        }
        let n = self.asset_count as usize;
        validate_weights(&self.weights, n)?;
        let (used, unused) = self.token_programs.split_at(n);
        if used.iter().any(|t| *t > 1) || unused.iter().any(|t| *t != 0) {
            return Err(VaultError::InvalidConfig.into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    pub(crate) struct Args {
        pub sku: [u8; 16],
        pub threshold: u8,
        pub fees: [u16; 5],
        pub cap: u64,
        pub min: u64,
        pub count: u8,
        pub programs: [u8; 20],
        pub weights: [u16; 20],
    }

    fn good() -> Args {
        let mut sku = [0u8; 16];
        sku[..7].copy_from_slice(b"TECH-01");
        let mut weights = [0u16; 20];
        weights[..3].copy_from_slice(&[5_000, 3_000, 2_000]);
        let mut programs = [0u8; 20];
        programs[..3].copy_from_slice(&[1, 0, 1]);
        Args {
            sku,
            threshold: 3,
            fees: [20, 1_000, 5, 500, 50],
            cap: 1 << 50,
            min: 1_000_000,
            count: 3,
            programs,
            weights,
        }
    }

    fn bytes(a: &Args) -> Vec<u8> {
        let mut d = Vec::new();
        d.extend_from_slice(&a.sku);
        for i in 1..=5u8 {
            d.extend_from_slice(&[i; 32]);
        }
        d.push(a.threshold);
        d.extend_from_slice(&[9; 32]);
        d.extend_from_slice(&[8; 32]);
        for f in a.fees {
            d.extend_from_slice(&f.to_le_bytes());
        }
        d.extend_from_slice(&a.cap.to_le_bytes());
        d.extend_from_slice(&a.min.to_le_bytes());
        d.push(a.count);
        d.extend_from_slice(&a.programs);
        for w in a.weights {
            d.extend_from_slice(&w.to_le_bytes());
        }
        d.extend_from_slice(&[7; 32]);
        d
    }

    #[test]
    fn parses_a_valid_payload_at_the_documented_offsets() {
        let d = bytes(&good());
        assert_eq!(d.len(), InitVaultData::LEN);
        let p = InitVaultData::parse(&d).ok().unwrap();
        assert_eq!(&p.sku_id[..7], b"TECH-01");
        assert_eq!((p.threshold, p.keeper, p.treasury), (3, [9; 32], [8; 32]));
        assert_eq!(
            (
                p.mgmt_fee_bps,
                p.perf_fee_bps,
                p.withdraw_fee_bps,
                p.cash_buffer_bps,
                p.max_slip_bps
            ),
            (20, 1_000, 5, 500, 50)
        );
        assert_eq!(
            (p.deposit_cap_usd, p.min_deposit_raw, p.asset_count),
            (1 << 50, 1_000_000, 3)
        );
        assert_eq!(&p.token_programs[..4], &[1, 0, 1, 0]);
        assert_eq!(&p.weights[..4], &[5_000, 3_000, 2_000, 0]);
        assert_eq!(p.admins[4], [5; 32]);
        assert_eq!(p.trade_authority, [7; 32]);
    }

    #[test]
    fn rejects_a_zero_trade_authority() {
        let mut d = bytes(&good());
        d[328..360].fill(0);
        assert_eq!(
            InitVaultData::parse(&d).err().unwrap(),
            VaultError::InvalidConfig.into()
        );
    }

    #[test]
    fn rejects_wrong_lengths() {
        let d = bytes(&good());
        assert!(InitVaultData::parse(&d[..359]).is_err());
        let mut long = d.clone();
        long.push(0);
        assert!(InitVaultData::parse(&long).is_err());
    }

    fn err(a: &Args) -> ProgramError {
        InitVaultData::parse(&bytes(a)).err().unwrap()
    }

    #[test]
    fn rejects_weights_not_summing_to_10000_or_set_past_the_count() {
        let mut a = good();
        a.weights[0] = 4_999;
        assert_eq!(err(&a), VaultError::InvalidWeights.into());
        let mut a = good();
        a.weights[3] = 1;
        a.weights[0] = 4_999;
        assert_eq!(err(&a), VaultError::InvalidWeights.into());
    }

    #[test]
    fn rejects_asset_counts_outside_1_to_20() {
        for count in [0u8, 21, 255] {
            let mut a = good();
            a.count = count;
            assert_eq!(err(&a), VaultError::InvalidAssetCount.into(), "{count}");
        }
    }

    #[test]
    fn rejects_fees_and_limits_out_of_range() {
        let cases: [fn(&mut Args); 8] = [
            |a| a.fees[0] = MAX_MGMT_FEE_BPS + 1,
            |a| a.fees[1] = MAX_PERF_FEE_BPS + 1,
            |a| a.fees[2] = MAX_WITHDRAW_FEE_BPS + 1,
            |a| a.fees[3] = 10_001,
            |a| a.fees[4] = 0,
            |a| a.fees[4] = MAX_SLIP_BPS + 1,
            |a| a.min = 0,
            |a| a.cap = a.min - 1,
        ];
        for (i, case) in cases.iter().enumerate() {
            let mut a = good();
            case(&mut a);
            assert_eq!(err(&a), VaultError::InvalidConfig.into(), "case {i}");
        }
    }

    #[test]
    fn rejects_a_threshold_below_three() {
        for t in [0u8, 1, 2] {
            let mut a = good();
            a.threshold = t;
            assert_eq!(err(&a), CommonError::InvalidSignerSet.into());
        }
    }

    #[test]
    fn rejects_unknown_token_program_tags_and_tags_past_the_count() {
        let mut a = good();
        a.programs[1] = 2;
        assert_eq!(err(&a), VaultError::InvalidConfig.into());
        let mut a = good();
        a.programs[5] = 1;
        assert_eq!(err(&a), VaultError::InvalidConfig.into());
    }

    #[test]
    fn sku_ids_are_printable_ascii_then_zero_padding() {
        assert!(validate_sku_id(&[0; 16]).is_err());
        let mut s = [0u8; 16];
        s[0] = b'A';
        assert!(validate_sku_id(&s).is_ok());
        s[2] = b'B';
        assert!(validate_sku_id(&s).is_err(), "a gap inside the id");
        let mut s = [b'Z'; 16];
        assert!(validate_sku_id(&s).is_ok());
        s[3] = b' ';
        assert!(validate_sku_id(&s).is_err());
    }
}
