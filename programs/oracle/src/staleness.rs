//! How old a NAV snapshot may be before NAV-sensitive instructions refuse it.
//!
//! MAX_STALE_SECS is 60 s in market hours and 300 s off-hours. The chain does not trust any
//! party to say whether the market is open (a compromised keeper would claim "closed" to
//! widen the window five-fold). Instead the window is derived from the Clock's unix time
//! with a conservative rule: every instant that is inside US equity market hours under
//! either daylight-saving offset (Monday-Friday 13:30-21:00 UTC) counts as market hours.
//! Holidays are treated as market hours, which only ever shortens the window.

use crate::{error::OracleError, state::NavSnapshot};

/// Maximum snapshot age during (conservatively defined) market hours, in seconds.
pub const MAX_STALE_SECS_MARKET: i64 = 60;
/// Maximum snapshot age outside market hours, in seconds.
pub const MAX_STALE_SECS_OFF_HOURS: i64 = 300;

const SECS_PER_DAY: u64 = 86_400;
/// 13:30 UTC = 09:30 EDT, the earliest open under either offset.
const WINDOW_OPEN_UTC: u64 = 13 * 3600 + 30 * 60;
/// 21:00 UTC = 16:00 EST, the latest close under either offset.
const WINDOW_CLOSE_UTC: u64 = 21 * 3600;

/// Whether `unix_time` falls in the conservative market-hours window.
///
/// Unsigned arithmetic only: the BPF backend cannot lower signed division by a variable or
/// `div_euclid`. A clock before 1970 counts as market hours (the short limit).
pub fn in_market_window(unix_time: i64) -> bool {
    let Ok(t) = u64::try_from(unix_time) else {
        return true;
    };
    // 1970-01-01 was a Thursday: day 0 -> weekday 3 when Monday = 0.
    #[allow(clippy::arithmetic_side_effects)] // division by non-zero constants; t / DAY + 3 < 2^64
    let (weekday, second_of_day) = ((t / SECS_PER_DAY + 3) % 7, t % SECS_PER_DAY);
    weekday < 5 && (WINDOW_OPEN_UTC..WINDOW_CLOSE_UTC).contains(&second_of_day)
}

/// MAX_STALE_SECS at `unix_time`.
pub fn max_stale_secs(unix_time: i64) -> i64 {
    if in_market_window(unix_time) {
        MAX_STALE_SECS_MARKET
    } else {
        MAX_STALE_SECS_OFF_HOURS
    }
}

/// Fails with `StaleNav` unless the snapshot was published at most MAX_STALE_SECS before
/// `now`. A snapshot "published" after `now` is also refused.
pub fn check_fresh(snapshot: &NavSnapshot, now: i64) -> Result<(), OracleError> {
    let published = snapshot.publish_unix_time.get();
    let age = now.checked_sub(published).ok_or(OracleError::StaleNav)?;
    if age < 0 || age > max_stale_secs(now) {
        return Err(OracleError::StaleNav);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-11-23 is a Monday.
    const MONDAY_MIDNIGHT_UTC: i64 = 1_795_392_000;

    #[test]
    fn monday_afternoon_utc_is_market_hours() {
        assert!(in_market_window(MONDAY_MIDNIGHT_UTC + 13 * 3600 + 30 * 60));
        assert!(in_market_window(
            MONDAY_MIDNIGHT_UTC + 20 * 3600 + 59 * 60 + 59
        ));
        assert!(!in_market_window(MONDAY_MIDNIGHT_UTC + 21 * 3600));
        assert!(!in_market_window(
            MONDAY_MIDNIGHT_UTC + 13 * 3600 + 29 * 60 + 59
        ));
    }

    #[test]
    fn weekends_are_off_hours() {
        let saturday_noon = MONDAY_MIDNIGHT_UTC - 2 * 86_400 + 15 * 3600;
        assert_eq!(max_stale_secs(saturday_noon), MAX_STALE_SECS_OFF_HOURS);
        assert_eq!(
            max_stale_secs(MONDAY_MIDNIGHT_UTC + 15 * 3600),
            MAX_STALE_SECS_MARKET
        );
    }

    fn published_at(t: i64) -> [u8; 1360] {
        use basket_common::layout::AccountLayout;
        let mut data = [0u8; 1360];
        NavSnapshot::init(&mut data)
            .unwrap()
            .publish_unix_time
            .set(t);
        data
    }

    fn fresh(published: i64, now: i64) -> Result<(), OracleError> {
        use basket_common::layout::AccountLayout;
        let data = published_at(published);
        check_fresh(NavSnapshot::load(&data).unwrap(), now)
    }

    #[test]
    fn market_hours_accept_59_and_60_seconds_and_refuse_61() {
        let now = MONDAY_MIDNIGHT_UTC + 15 * 3600;
        assert_eq!(fresh(now - 59, now), Ok(()));
        assert_eq!(fresh(now - 60, now), Ok(()));
        assert_eq!(fresh(now - 61, now), Err(OracleError::StaleNav));
    }

    #[test]
    fn off_hours_accept_299_and_300_seconds_and_refuse_301() {
        let now = MONDAY_MIDNIGHT_UTC + 22 * 3600;
        assert_eq!(fresh(now - 299, now), Ok(()));
        assert_eq!(fresh(now - 300, now), Ok(()));
        assert_eq!(fresh(now - 301, now), Err(OracleError::StaleNav));
    }

    #[test]
    fn the_window_is_judged_at_read_time_so_a_snapshot_from_before_the_open_expires_at_60_s() {
        // Published 100 s before the 13:30 UTC open, read 1 s after it: off-hours at publish,
        // market hours at read, and 101 s > 60 s.
        let open = MONDAY_MIDNIGHT_UTC + 13 * 3600 + 30 * 60;
        assert_eq!(fresh(open - 100, open + 1), Err(OracleError::StaleNav));
        assert_eq!(fresh(open - 100, open - 1), Ok(()));
    }

    #[test]
    fn refuses_a_snapshot_from_the_future_and_a_never_pushed_one() {
        let now = MONDAY_MIDNIGHT_UTC + 15 * 3600;
        assert_eq!(fresh(now + 1, now), Err(OracleError::StaleNav));
        assert_eq!(fresh(0, now), Err(OracleError::StaleNav));
        assert_eq!(fresh(i64::MIN, i64::MAX), Err(OracleError::StaleNav));
    }

    #[test]
    fn matches_a_signed_euclid_reference_and_treats_pre_1970_as_market_hours() {
        let reference = |t: i64| {
            let weekday = (t.div_euclid(86_400) + 3).rem_euclid(7);
            let second = t.rem_euclid(86_400);
            weekday < 5 && (48_600..75_600).contains(&second)
        };
        let mut t = 0i64;
        while t < 4_102_444_800 {
            assert_eq!(in_market_window(t), reference(t), "{t}");
            t += 7_919;
        }
        for t in (MONDAY_MIDNIGHT_UTC - 7 * 86_400..MONDAY_MIDNIGHT_UTC + 7 * 86_400).step_by(60) {
            assert_eq!(in_market_window(t), reference(t), "{t}");
        }
        assert_eq!(max_stale_secs(-1), MAX_STALE_SECS_MARKET);
    }
}
