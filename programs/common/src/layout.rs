//! Zero-copy account layouts.
//!
//! Every account type is a `#[repr(C)]` struct of byte arrays (alignment 1), so it can be
//! viewed in place over account data at any address. Its first two bytes are a type
//! discriminator and a layout version; `load` checks both and the exact length, which makes
//! type confusion between accounts of one program impossible.

use crate::error::CommonError;

/// Implemented by every account type stored by the programs.
///
/// # Safety
/// Implementors must be `#[repr(C)]`, have alignment 1, no padding, and be valid for any
/// byte pattern (only `u8` and `[u8; N]` fields, booleans checked at use).
pub unsafe trait AccountLayout: Sized {
    /// First byte of the account data.
    const DISCRIMINATOR: u8;
    /// Second byte of the account data.
    const VERSION: u8;
    /// Exact size of the account data.
    const LEN: usize = core::mem::size_of::<Self>();

    /// Views initialized account data as `Self` after checking length, type and version.
    #[inline]
    fn load(data: &[u8]) -> Result<&Self, CommonError> {
        check_header::<Self>(data)?;
        // SAFETY: length checked; alignment 1 and any byte pattern valid per the trait contract.
        Ok(unsafe { &*(data.as_ptr() as *const Self) })
    }

    /// Mutable variant of [`AccountLayout::load`].
    #[inline]
    fn load_mut(data: &mut [u8]) -> Result<&mut Self, CommonError> {
        check_header::<Self>(data)?;
        // SAFETY: as in `load`; the caller holds the only mutable borrow of `data`.
        Ok(unsafe { &mut *(data.as_mut_ptr() as *mut Self) })
    }

    /// Writes the header into zeroed data of the right length and returns the view.
    /// Fails with `AlreadyInitialized` if the data is not all zero.
    #[inline]
    fn init(data: &mut [u8]) -> Result<&mut Self, CommonError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidAccountLength);
        }
        if data.iter().any(|b| *b != 0) {
            return Err(CommonError::AlreadyInitialized);
        }
        data[0] = Self::DISCRIMINATOR;
        data[1] = Self::VERSION;
        // SAFETY: as in `load`.
        Ok(unsafe { &mut *(data.as_mut_ptr() as *mut Self) })
    }
}

#[inline(always)]
fn check_header<T: AccountLayout>(data: &[u8]) -> Result<(), CommonError> {
    if data.len() != T::LEN {
        return Err(CommonError::InvalidAccountLength);
    }
    if data[0] != T::DISCRIMINATOR {
        return Err(CommonError::InvalidDiscriminator);
    }
    if data[1] != T::VERSION {
        return Err(CommonError::UnsupportedVersion);
    }
    Ok(())
}

macro_rules! pod_int {
    ($name:ident, $ty:ty, $n:literal) => {
        /// A little-endian integer stored as bytes so the containing struct has alignment 1.
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, Eq, PartialEq)]
        pub struct $name(pub [u8; $n]);

        impl $name {
            #[inline(always)]
            pub const fn get(&self) -> $ty {
                <$ty>::from_le_bytes(self.0)
            }
            #[inline(always)]
            pub fn set(&mut self, v: $ty) {
                self.0 = v.to_le_bytes();
            }
            #[inline(always)]
            pub const fn new(v: $ty) -> Self {
                Self(v.to_le_bytes())
            }
        }
    };
}

pod_int!(PodU16, u16, 2);
pod_int!(PodU32, u32, 4);
pod_int!(PodU64, u64, 8);
pod_int!(PodI64, i64, 8);
pod_int!(PodU128, u128, 16);

/// A boolean stored as one byte; any value other than 0 or 1 is rejected, never cast.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, Eq, PartialEq)]
pub struct PodBool(pub u8);

impl PodBool {
    #[inline(always)]
    pub fn get(&self) -> Result<bool, CommonError> {
        match self.0 {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(CommonError::InvalidInstructionData),
        }
    }
    #[inline(always)]
    pub fn set(&mut self, v: bool) {
        self.0 = v as u8;
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[repr(C)]
    struct Demo {
        discriminator: u8,
        version: u8,
        value: PodU64,
    }
    unsafe impl AccountLayout for Demo {
        const DISCRIMINATOR: u8 = 9;
        const VERSION: u8 = 1;
    }
    const _: () = assert!(core::mem::align_of::<Demo>() == 1 && Demo::LEN == 10);

    #[test]
    fn init_then_load_round_trips_and_refuses_a_second_init() {
        let mut d = [0u8; 10];
        Demo::init(&mut d).unwrap().value.set(77);
        assert_eq!(Demo::load(&d).unwrap().value.get(), 77);
        assert_eq!(
            Demo::init(&mut d).err(),
            Some(CommonError::AlreadyInitialized)
        );
    }

    #[test]
    fn load_rejects_wrong_type_version_and_length() {
        let mut d = [0u8; 10];
        Demo::init(&mut d).unwrap();
        let mut other = d;
        other[0] = 8;
        assert_eq!(
            Demo::load(&other).err(),
            Some(CommonError::InvalidDiscriminator)
        );
        other = d;
        other[1] = 2;
        assert_eq!(
            Demo::load(&other).err(),
            Some(CommonError::UnsupportedVersion)
        );
        assert_eq!(
            Demo::load(&d[..9]).err(),
            Some(CommonError::InvalidAccountLength)
        );
    }

    #[test]
    fn pod_bool_rejects_values_other_than_zero_and_one() {
        assert_eq!(PodBool(0).get(), Ok(false));
        assert_eq!(PodBool(1).get(), Ok(true));
        assert!(PodBool(2).get().is_err());
    }
}
