//! Merkle leaves and proof verification for reward claims.
//!
//! - leaf = sha256(0x00 || program id || epoch id u64 LE || claimant || amount_0 u64 LE || ...)
//!   with one amount per reward mint, in the epoch's mint order.
//! - inner node = sha256(0x01 || min(a, b) || max(a, b)), the pair sorted bytewise, so a
//!   proof is just the sibling hashes, bottom up, without position bits.
//!
//! The different one-byte prefixes keep a leaf from ever equalling an inner node (second
//! preimage through a shortened proof); binding the program id and epoch id keeps a leaf
//! from being valid in another deployment or epoch.

use crate::state::MAX_REWARD_MINTS;
use solana_sha256_hasher::hashv;

/// Prefix of leaf hashes.
pub const LEAF_PREFIX: u8 = 0x00;
/// Prefix of inner-node hashes.
pub const NODE_PREFIX: u8 = 0x01;
/// Most proof nodes accepted: 2^32 leaves is more stakers than any epoch will have.
pub const MAX_PROOF_LEN: usize = 32;

/// The leaf a claimant proves for an epoch: the first `n` of `amounts` are hashed.
pub fn leaf(
    program_id: &[u8; 32],
    epoch_id: u64,
    claimant: &[u8; 32],
    amounts: &[u64; MAX_REWARD_MINTS],
    n: usize,
) -> [u8; 32] {
    let encoded = encode_amounts(amounts);
    let len = n.min(MAX_REWARD_MINTS).saturating_mul(8);
    leaf_le(program_id, epoch_id, claimant, &encoded[..len])
}

/// [`leaf`] over amounts already encoded as u64 LE (the claim's instruction data, hashed in
/// place).
#[inline(always)]
pub fn leaf_le(
    program_id: &[u8; 32],
    epoch_id: u64,
    claimant: &[u8; 32],
    amounts_le: &[u8],
) -> [u8; 32] {
    let epoch = epoch_id.to_le_bytes();
    hashv(&[&[LEAF_PREFIX], program_id, &epoch, claimant, amounts_le]).to_bytes()
}

/// All ten amounts as u64 LE. A loop over a variable count would be turned into a
/// variable-length `memcpy`, which the BPF toolchain here cannot link; this one has a fixed
/// trip count of 8-byte stores.
#[inline(always)]
pub fn encode_amounts(amounts: &[u64; MAX_REWARD_MINTS]) -> [u8; 8 * MAX_REWARD_MINTS] {
    let mut out = [0u8; 8 * MAX_REWARD_MINTS];
    for (chunk, amount) in out.chunks_exact_mut(8).zip(amounts) {
        chunk.copy_from_slice(&amount.to_le_bytes());
    }
    out
}

/// A 32-byte hash as four big-endian words: comparing the tuples compares the bytes
/// lexicographically, with four loads instead of a byte loop or a `memcmp` call.
#[inline(always)]
pub fn words(h: &[u8; 32]) -> [u64; 4] {
    let p = h.as_ptr() as *const u64;
    // SAFETY: `h` is 32 readable bytes; unaligned reads are allowed on the target and host.
    unsafe {
        [
            u64::from_be(core::ptr::read_unaligned(p)),
            u64::from_be(core::ptr::read_unaligned(p.add(1))),
            u64::from_be(core::ptr::read_unaligned(p.add(2))),
            u64::from_be(core::ptr::read_unaligned(p.add(3))),
        ]
    }
}

pub use basket_common::bytes::eq32;

/// The parent of two nodes.
#[inline(always)]
pub fn node(a: &[u8; 32], b: &[u8; 32]) -> [u8; 32] {
    let mut buf = [0u8; 65];
    buf[0] = NODE_PREFIX;
    let (lo, hi) = if words(a) <= words(b) { (a, b) } else { (b, a) };
    buf[1..33].copy_from_slice(lo);
    buf[33..65].copy_from_slice(hi);
    // One contiguous input: the sha256 syscall charges a minimum per slice.
    hashv(&[&buf]).to_bytes()
}

/// Whether `proof` (a sequence of 32-byte siblings, bottom up) leads from `leaf` to `root`.
/// `proof` must be a whole number of 32-byte nodes.
///
/// Hot path of `claim` (one sha256 per level): each node is hashed from three input slices
/// pointing at the prefix byte, the running hash and the sibling in place (no copies), into
/// the other half of a double buffer; the sorted order is decided with big-endian word
/// compares.
pub fn verify(leaf: [u8; 32], proof: &[u8], root: &[u8; 32]) -> bool {
    if !proof.len().is_multiple_of(32) {
        return false;
    }
    let prefix = [NODE_PREFIX];
    let [mut first, mut second] = [leaf, [0u8; 32]];
    let (mut current, mut next) = (&mut first, &mut second);
    // The syscall's input: three (pointer, length) pairs. Prefix and lengths are written
    // once; each level only stores the two pointers.
    let mut inputs: [(*const u8, usize); 3] = [
        (prefix.as_ptr(), 1),
        (core::ptr::null(), 32),
        (core::ptr::null(), 32),
    ];
    for sibling in proof.chunks_exact(32) {
        // `chunks_exact(32)` yields 32-byte slices only.
        let sibling: &[u8; 32] = sibling.try_into().unwrap_or(&[0u8; 32]);
        let (lo, hi): (&[u8; 32], &[u8; 32]) = if words(current) <= words(sibling) {
            (current, sibling)
        } else {
            (sibling, current)
        };
        inputs[1].0 = lo.as_ptr();
        inputs[2].0 = hi.as_ptr();
        sha256_slices(&inputs, next);
        core::mem::swap(&mut current, &mut next);
    }
    eq32(current, root)
}

/// sha256 of the concatenated inputs (valid `(pointer, length)` pairs) into `out`, which
/// must not overlap them.
#[inline(always)]
fn sha256_slices(inputs: &[(*const u8, usize); 3], out: &mut [u8; 32]) {
    #[cfg(target_arch = "bpf")]
    // SAFETY: each pair describes readable bytes (see `verify`), laid out as the syscall's
    // slice descriptors; `out` is 32 writable bytes distinct from every input.
    unsafe {
        pinocchio::syscalls::sol_sha256(inputs.as_ptr() as *const u8, 3, out.as_mut_ptr());
    }
    #[cfg(not(target_arch = "bpf"))]
    {
        // SAFETY: as above; the host path rebuilds slices from the same descriptors.
        let part = |(p, n): (*const u8, usize)| unsafe { core::slice::from_raw_parts(p, n) };
        *out = hashv(&[part(inputs[0]), part(inputs[1]), part(inputs[2])]).to_bytes();
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn a_two_leaf_tree_verifies_either_leaf_and_nothing_else() {
        let pid = [7u8; 32];
        let a = leaf(&pid, 3, &[1; 32], &amounts(&[10, 20]), 2);
        let b = leaf(&pid, 3, &[2; 32], &amounts(&[5]), 2);
        let root = node(&a, &b);
        assert!(verify(a, &b, &root));
        assert!(verify(b, &a, &root));
        assert!(!verify(
            leaf(&pid, 3, &[1; 32], &amounts(&[11, 20]), 2),
            &b,
            &root
        ));
        assert!(!verify(
            leaf(&pid, 4, &[1; 32], &amounts(&[10, 20]), 2),
            &b,
            &root
        ));
        assert!(!verify(a, &b[..31], &root));
        // An inner node is never a leaf: the root itself with an empty proof only matches
        // when the node is presented as the root, never through `leaf`.
        assert_ne!(leaf(&pid, 3, &[1; 32], &[0; MAX_REWARD_MINTS], 0), root);
    }

    fn amounts(list: &[u64]) -> [u64; MAX_REWARD_MINTS] {
        let mut out = [0; MAX_REWARD_MINTS];
        out[..list.len()].copy_from_slice(list);
        out
    }

    #[test]
    fn a_ten_mint_leaf_hashes_every_amount_in_order() {
        let list: std::vec::Vec<u64> = (1..=10).map(|i| i * 1_000 + 7).collect();
        let mut pre = std::vec![LEAF_PREFIX];
        pre.extend_from_slice(&[7; 32]);
        pre.extend_from_slice(&5u64.to_le_bytes());
        pre.extend_from_slice(&[3; 32]);
        for a in &list {
            pre.extend_from_slice(&a.to_le_bytes());
        }
        let l = leaf(&[7; 32], 5, &[3; 32], &amounts(&list), 10);
        assert_eq!(l, hashv(&[&pre]).to_bytes());
        assert_ne!(l, leaf(&[7; 32], 5, &[3; 32], &amounts(&list), 9));
    }

    #[test]
    fn node_hash_is_order_independent_and_prefixed() {
        let (a, b) = ([1u8; 32], [2u8; 32]);
        assert_eq!(node(&a, &b), node(&b, &a));
        let mut pre = std::vec![NODE_PREFIX];
        pre.extend_from_slice(&a);
        pre.extend_from_slice(&b);
        assert_eq!(node(&a, &b), hashv(&[&pre]).to_bytes());
    }

    /// Shared test vector with packages/merkle (test/vectors.test.ts).
    #[test]
    fn matches_the_shared_vector() {
        let l = leaf(&[1; 32], 7, &[2; 32], &amounts(&[1000, 5]), 2);
        assert_eq!(hex(&l), VECTOR_LEAF);
    }

    pub const VECTOR_LEAF: &str =
        "47b8e13b1d1df1fbbc18456d2569eb6a53dd878be8a046b1a5444ce6321b206b";

    fn hex(b: &[u8]) -> std::string::String {
        b.iter().map(|x| std::format!("{x:02x}")).collect()
    }
}
