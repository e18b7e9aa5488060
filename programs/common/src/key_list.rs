//! Fixed-capacity lists of keys stored as `count` + slots (keeper sets, reward mint lists).

/// Whether the first `count` keys (at least one) are non-zero and distinct and every slot past
/// the count is zero, so the stored bytes have exactly one meaning.
pub fn is_valid_key_list(list: &[[u8; 32]], count: u8) -> bool {
    let n = count as usize;
    if n == 0 || n > list.len() {
        return false;
    }
    let (used, unused) = list.split_at(n);
    used.iter()
        .enumerate()
        .all(|(i, k)| *k != [0u8; 32] && !used[..i].contains(k))
        && unused.iter().all(|k| *k == [0u8; 32])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_distinct_non_zero_keys_followed_by_zero_slots() {
        assert!(is_valid_key_list(&[[1; 32], [2; 32], [0; 32]], 2));
        assert!(is_valid_key_list(&[[1; 32], [2; 32], [3; 32]], 3));
    }

    #[test]
    fn rejects_empty_oversized_repeated_zero_and_dirty_lists() {
        assert!(!is_valid_key_list(&[[1; 32], [0; 32]], 0));
        assert!(!is_valid_key_list(&[[1; 32], [2; 32]], 3));
        assert!(!is_valid_key_list(&[[1; 32], [1; 32]], 2));
        assert!(!is_valid_key_list(&[[0; 32], [1; 32]], 2));
        assert!(!is_valid_key_list(&[[1; 32], [2; 32]], 1));
    }
}
