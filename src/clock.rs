//! Local time for what a player reads. Times are kept in UTC (in files and the history, so
//! they mean the same on any machine) and shown in the machine's time zone, read through the C
//! library.

use crate::history::puzzles::civil_from_days;

/// Seconds east of UTC of the local time zone at Unix time `secs` (0 where it cannot be known).
pub fn local_offset(secs: i64) -> i64 {
    #[cfg(unix)]
    // SAFETY: localtime_r writes only into the `tm` given to it; a zeroed `tm` is a valid value.
    unsafe {
        let t = secs as libc::time_t;
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            return 0;
        }
        tm.tm_gmtoff as i64
    }
    #[cfg(not(unix))]
    {
        let _ = secs;
        0
    }
}

/// Days since 1970-01-01 of a civil date (the inverse of [`civil_from_days`]).
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Unix time `secs` as `YYYY-MM-DD HH:MM`, shifted by `offset` seconds (a time zone's).
pub fn stamp(secs: i64, offset: i64) -> String {
    let t = secs + offset;
    let (y, m, d) = civil_from_days(t.div_euclid(86_400));
    let rest = t.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", rest / 3600, rest / 60 % 60)
}

/// Unix time `secs` as a date, `YYYY-MM-DD`, shifted by `offset` seconds.
pub fn date(secs: i64, offset: i64) -> String {
    let (y, m, d) = civil_from_days((secs + offset).div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// Unix time `secs` as a local date, `YYYY-MM-DD`.
pub fn local_date(secs: i64) -> String {
    date(secs, local_offset(secs))
}

/// A stored `YYYY-MM-DD HH:MM UTC` as the local time `YYYY-MM-DD HH:MM` (by `offset`, which
/// gives the zone's offset at a Unix time); anything else as it is.
pub fn shown_stamp(stored: &str, offset: impl Fn(i64) -> i64) -> String {
    match parse_utc_stamp(stored) {
        Some(secs) => stamp(secs, offset(secs)),
        None => stored.to_string(),
    }
}

/// The Unix time of `YYYY-MM-DD HH:MM UTC`.
fn parse_utc_stamp(text: &str) -> Option<i64> {
    let text = text.trim().strip_suffix("UTC")?.trim();
    let (date, time) = text.split_once(' ')?;
    let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
    let (year, month, day) = (d.next()??, d.next()??, d.next()??);
    let (h, m) = time.split_once(':')?;
    let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
    let valid = (1..=12).contains(&month) && (1..=31).contains(&day) && (0..24).contains(&h) && (0..60).contains(&m);
    valid.then(|| days_from_civil(year, month as u32, day as u32) * 86_400 + h * 3600 + m * 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_civil_dates_round_trip() {
        for days in [-800_000, -1, 0, 59, 60, 365, 11_016, 20_788, 2_000_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
    }

    #[test]
    fn a_stored_utc_time_is_shown_in_the_local_zone_across_midnight() {
        let plus_one = |_| 3600;
        assert_eq!(shown_stamp("2026-11-30 23:30 UTC", plus_one), "2026-12-01 00:30");
        assert_eq!(shown_stamp("2026-03-01 00:10 UTC", |_| -3600), "2026-02-28 23:10");
        assert_eq!(shown_stamp("2026-12-31 23:59 UTC", |_| 0), "2026-12-31 23:59");
        // Anything else (an older file's words, a damaged line) is shown as it is.
        assert_eq!(shown_stamp("yesterday", plus_one), "yesterday");
        assert_eq!(shown_stamp("2026-13-01 10:00 UTC", plus_one), "2026-13-01 10:00 UTC");
        assert_eq!(date(1_796_169_600 + 86_399, 0), "2026-12-02");
        assert_eq!(date(1_796_169_600 + 86_399, 3600), "2026-12-03");
    }

    #[test]
    fn the_machine_s_zone_is_read() {
        // Whatever the zone, its offset is whole minutes within ±14 hours.
        let off = local_offset(1_796_169_600);
        assert!(off.abs() <= 14 * 3600 && off % 60 == 0, "{off}");
    }
}
