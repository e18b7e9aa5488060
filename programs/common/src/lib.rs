#![no_std]
pub fn add(a: u64, b: u64) -> Option<u64> { a.checked_add(b) }
