use crate::{
    error::RewardsError, instructions::shared::read_u64, merkle::MAX_PROOF_LEN,
    state::MAX_REWARD_MINTS,
};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `claim` (after the discriminator), 10 + 8n + 32m bytes:
/// - `[0..8]` epoch id
/// - `[8]` amount count n (the epoch's mint count), then n raw amounts, u64 LE each
/// - then proof length m (0..=32), then m 32-byte sibling hashes, bottom up
pub struct ClaimData<'a> {
    pub epoch_id: u64,
    pub amount_count: usize,
    /// The `amount_count` raw amounts as sent, u64 LE each: hashed into the leaf and copied
    /// into the event in place (one amount is read where it is paid).
    pub amounts_le: &'a [u8],
    pub proof: &'a [u8],
}

impl ClaimData<'_> {
    /// Amount `i` (below `amount_count`).
    #[inline(always)]
    pub fn amount(&self, i: usize) -> u64 {
        read_u64(self.amounts_le, i.saturating_mul(8))
    }
}

impl<'a> ClaimData<'a> {
    pub fn parse(data: &'a [u8]) -> Result<Self, ProgramError> {
        let bad = || ProgramError::from(CommonError::InvalidInstructionData);
        if data.len() < 9 {
            return Err(bad());
        }
        let n = data[8] as usize;
        if n > MAX_REWARD_MINTS {
            return Err(RewardsError::AmountsCountMismatch.into());
        }
        let proof_len_at = 9usize.saturating_add(n.saturating_mul(8));
        let m = *data.get(proof_len_at).ok_or_else(bad)? as usize;
        if m > MAX_PROOF_LEN {
            return Err(RewardsError::ProofTooLong.into());
        }
        let proof_at = proof_len_at.saturating_add(1);
        if data.len() != proof_at.saturating_add(m.saturating_mul(32)) {
            return Err(bad());
        }
        Ok(Self {
            epoch_id: read_u64(data, 0),
            amount_count: n,
            amounts_le: &data[9..proof_len_at],
            proof: &data[proof_at..],
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(amounts: &[u64], proof: &[[u8; 32]]) -> std::vec::Vec<u8> {
        let mut d = std::vec![];
        d.extend_from_slice(&9u64.to_le_bytes());
        d.push(u8::try_from(amounts.len()).unwrap());
        for a in amounts {
            d.extend_from_slice(&a.to_le_bytes());
        }
        d.push(u8::try_from(proof.len()).unwrap());
        for p in proof {
            d.extend_from_slice(p);
        }
        d
    }

    #[test]
    fn parses_amounts_and_proof() {
        let raw = bytes(&[3, 4], &[[1; 32], [2; 32]]);
        let d = ClaimData::parse(&raw).ok().unwrap();
        assert_eq!(
            (d.epoch_id, d.amount_count, d.amount(0), d.amount(1)),
            (9, 2, 3, 4)
        );
        assert_eq!(d.amounts_le.len(), 16);
        assert_eq!(d.proof.len(), 64);
        assert_eq!(d.proof[32], 2);
    }

    #[test]
    fn parses_ten_amounts() {
        let list: std::vec::Vec<u64> = (1..=10).collect();
        let raw = bytes(&list, &[[1; 32]]);
        let d = ClaimData::parse(&raw).ok().unwrap();
        assert_eq!((d.amount_count, d.amount(9), d.proof.len()), (10, 10, 32));
    }

    #[test]
    fn rejects_long_proofs_too_many_amounts_and_bad_lengths() {
        assert_eq!(
            ClaimData::parse(&bytes(&[1], &[[0; 32]; 33])).err(),
            Some(RewardsError::ProofTooLong.into())
        );
        assert_eq!(
            ClaimData::parse(&bytes(&[1; 11], &[])).err(),
            Some(RewardsError::AmountsCountMismatch.into())
        );
        let mut raw = bytes(&[1], &[[1; 32]]);
        raw.pop();
        assert!(ClaimData::parse(&raw).is_err());
        assert!(ClaimData::parse(&raw[..8]).is_err());
        assert!(ClaimData::parse(&raw[..9]).is_err());
    }
}
