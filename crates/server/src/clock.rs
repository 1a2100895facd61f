//! Time controls and the server's clocks: what a game's time control is, how a move is charged
//! (from when the position was sent to when the move came, less an allowance for the round
//! trip), when a flag falls, and how long a player may be away before the opponent can claim
//! the game. Engine-free and without I/O except [`WallClock`], the server's time.

use serde::{Deserialize, Serialize};

use super::protocol::Colour;

/// The most of a round trip a move's time is not charged for, in milliseconds.
pub const MAX_ALLOWANCE_MS: u64 = 1_000;
/// Round-trip samples a seat's allowance is the median of.
pub const RTT_SAMPLES: usize = 5;
/// The clocks run from this ply on: the two opening removals are free (and may be aborted).
pub const CLOCK_FROM_PLY: usize = 2;
/// A milliseconds day.
pub const DAY_MS: u64 = 24 * 60 * 60 * 1000;
/// Real-time controls: the base time allowed, in seconds (10 s to 3 h).
pub const BASE_SECONDS: (u32, u32) = (10, 3 * 60 * 60);
/// Real-time controls: the increment allowed, in seconds.
pub const INCREMENT_SECONDS: (u32, u32) = (0, 180);
/// Correspondence: the days per move allowed.
pub const DAYS: (u8, u8) = (1, 14);

/// A game's time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clocks.
    #[default]
    Untimed,
    /// Each side has `base_s` seconds for the game, and gains `increment_s` after each move.
    RealTime {
        /// Seconds for the whole game.
        base_s: u32,
        /// Seconds added after each of one's moves.
        increment_s: u32,
    },
    /// Each move may take up to `days` days.
    Correspondence {
        /// Days per move.
        days: u8,
    },
}

impl TimeControl {
    /// The presets the game offers: untimed, 1+1, 3+2, 5+3, 10+5, 15+10, and 1, 3 and 7 days a move.
    pub const PRESETS: [TimeControl; 9] = [
        TimeControl::Untimed,
        TimeControl::RealTime { base_s: 60, increment_s: 1 },
        TimeControl::RealTime { base_s: 180, increment_s: 2 },
        TimeControl::RealTime { base_s: 300, increment_s: 3 },
        TimeControl::RealTime { base_s: 600, increment_s: 5 },
        TimeControl::RealTime { base_s: 900, increment_s: 10 },
        TimeControl::Correspondence { days: 1 },
        TimeControl::Correspondence { days: 3 },
        TimeControl::Correspondence { days: 7 },
    ];

    /// Whether the values are within the allowed ranges; the refusal in words if not.
    pub fn check(self) -> Result<(), String> {
        match self {
            TimeControl::Untimed => Ok(()),
            TimeControl::RealTime { base_s, increment_s } => {
                if !(BASE_SECONDS.0..=BASE_SECONDS.1).contains(&base_s) {
                    Err(format!("a game's time is {} s to {} s, not {base_s} s", BASE_SECONDS.0, BASE_SECONDS.1))
                } else if increment_s > INCREMENT_SECONDS.1 {
                    Err(format!("the increment is at most {} s, not {increment_s} s", INCREMENT_SECONDS.1))
                } else {
                    Ok(())
                }
            }
            TimeControl::Correspondence { days } if (DAYS.0..=DAYS.1).contains(&days) => Ok(()),
            TimeControl::Correspondence { days } => {
                Err(format!("a move may take {} to {} days, not {days}", DAYS.0, DAYS.1))
            }
        }
    }

    /// Each side's time at the start, in milliseconds (none untimed).
    pub fn start_ms(self) -> Option<u64> {
        match self {
            TimeControl::Untimed => None,
            TimeControl::RealTime { base_s, .. } => Some(u64::from(base_s) * 1000),
            TimeControl::Correspondence { days } => Some(u64::from(days) * DAY_MS),
        }
    }

    /// Short text: "untimed", "3+2", "3 days".
    pub fn label(self) -> String {
        match self {
            TimeControl::Untimed => "untimed".into(),
            TimeControl::RealTime { base_s, increment_s } if base_s % 60 == 0 => {
                format!("{}+{increment_s}", base_s / 60)
            }
            TimeControl::RealTime { base_s, increment_s } => format!("{base_s}s+{increment_s}"),
            TimeControl::Correspondence { days: 1 } => "1 day".into(),
            TimeControl::Correspondence { days } => format!("{days} days"),
        }
    }

    /// Parses the short text of [`label`](Self::label) ("5+3", "untimed", "3 days", "3d").
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let t = text.trim().to_ascii_lowercase();
        let bad =
            || format!("'{text}' is not a time control: say untimed, MINUTES+SECONDS (5+3) or DAYS days (3 days)");
        let control = if t == "untimed" || t == "none" {
            TimeControl::Untimed
        } else if let Some(days) = t.strip_suffix("days").or(t.strip_suffix("day")).or(t.strip_suffix('d')) {
            TimeControl::Correspondence { days: days.trim().parse().map_err(|_| bad())? }
        } else if let Some((base, inc)) = t.split_once('+') {
            let base_s = match base.trim().strip_suffix('s') {
                Some(secs) => secs.trim().parse::<u32>().map_err(|_| bad())?,
                None => base.trim().parse::<u32>().map_err(|_| bad())?.saturating_mul(60),
            };
            TimeControl::RealTime { base_s, increment_s: inc.trim().parse().map_err(|_| bad())? }
        } else {
            return Err(bad());
        };
        control.check()?;
        Ok(control)
    }

    /// How long a player must have been away before the opponent may claim the game, in
    /// milliseconds: none by correspondence (there the clock decides).
    pub fn claim_after_ms(self) -> Option<u64> {
        match self {
            TimeControl::Untimed => Some(120_000),
            // A tenth of the game's time, between 20 s and 60 s.
            TimeControl::RealTime { base_s, .. } => Some((u64::from(base_s) * 100).clamp(20_000, 60_000)),
            TimeControl::Correspondence { .. } => None,
        }
    }

    /// Whether the clocks run in real time (the server then measures round trips).
    pub fn real_time(self) -> bool {
        matches!(self, TimeControl::RealTime { .. })
    }
}

/// The clocks as sent to clients (in `game` and `moved`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Black's and White's time left, in milliseconds, when this was sent.
    pub left_ms: [u64; 2],
    /// The side whose clock runs (none before the clocks start and after the end).
    pub running: Option<Colour>,
}

/// A game's clocks as the server keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Black's and White's time left when the running side's turn began, in milliseconds.
    pub left_ms: [u64; 2],
    /// When the running side's turn began (Unix milliseconds, the server's clock); none while
    /// the clocks stand.
    pub since_ms: Option<i64>,
}

impl Clock {
    /// Fresh clocks for `control` (none untimed).
    pub fn new(control: TimeControl) -> Option<Clock> {
        let start = control.start_ms()?;
        Some(Clock { control, left_ms: [start; 2], since_ms: None })
    }

    /// The time `side` has left at `now` if its clock runs (never below zero).
    pub fn left_at(&self, side: Colour, running: Option<Colour>, now: i64) -> u64 {
        let left = self.left_ms[side.index()];
        match (running, self.since_ms) {
            (Some(r), Some(since)) if r == side => left.saturating_sub(now.saturating_sub(since).max(0) as u64),
            _ => left,
        }
    }

    /// The view sent to clients at `now`, `running` being the side to move while the clocks run.
    pub fn view(&self, running: Option<Colour>, now: i64) -> ClockView {
        let running = running.filter(|_| self.since_ms.is_some());
        ClockView {
            control: self.control,
            left_ms: [Colour::Black, Colour::White].map(|c| self.left_at(c, running, now)),
            running,
        }
    }

    /// The turn of the side to move begins at `now` (its clock starts), once `plies` moves
    /// have been played (before [`CLOCK_FROM_PLY`] the clocks stand).
    pub fn start_turn(&mut self, plies: usize, now: i64) {
        self.since_ms = (plies >= CLOCK_FROM_PLY).then_some(now);
    }

    /// Charges `mover` for the move that came at `now`, less `allowance_ms` (the round trip):
    /// its time left, or none when its flag had fallen before the move came. The clock of the
    /// next side starts when [`start_turn`](Self::start_turn) is called.
    pub fn charge(&mut self, mover: Colour, now: i64, allowance_ms: u64) -> Option<u64> {
        let Some(since) = self.since_ms else { return Some(self.left_ms[mover.index()]) };
        let spent = (now.saturating_sub(since).max(0) as u64).saturating_sub(allowance_ms);
        let left = &mut self.left_ms[mover.index()];
        if spent >= *left {
            *left = 0;
            return None;
        }
        *left -= spent;
        match self.control {
            TimeControl::RealTime { increment_s, .. } => *left += u64::from(increment_s) * 1000,
            // A fresh allowance of days for every move.
            TimeControl::Correspondence { days } => *left = u64::from(days) * DAY_MS,
            TimeControl::Untimed => {}
        }
        Some(*left)
    }

    /// Whether the running side's flag has fallen at `now`, with `allowance_ms` granted for a
    /// move still on its way.
    pub fn flag_fell(&self, running: Colour, now: i64, allowance_ms: u64) -> bool {
        self.since_ms.is_some_and(|since| {
            let spent = (now.saturating_sub(since).max(0) as u64).saturating_sub(allowance_ms);
            spent >= self.left_ms[running.index()]
        })
    }

    /// The clocks as one line of text for the database: `CONTROL;BLACK;WHITE;SINCE` with the
    /// control as JSON and `SINCE` empty while the clocks stand.
    pub fn to_text(&self) -> String {
        let since = self.since_ms.map(|s| s.to_string()).unwrap_or_default();
        let control = serde_json::to_string(&self.control).unwrap_or_default();
        format!("{};{};{};{}", control, self.left_ms[0], self.left_ms[1], since)
    }

    /// Reads [`to_text`](Self::to_text).
    pub fn from_text(text: &str) -> Result<Clock, String> {
        let bad = || format!("the clock '{text}' is not CONTROL;BLACK;WHITE;SINCE");
        let mut parts = text.rsplitn(4, ';');
        let since = parts.next().ok_or_else(bad)?;
        let white = parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let black = parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let control: TimeControl = serde_json::from_str(parts.next().ok_or_else(bad)?).map_err(|_| bad())?;
        let since_ms = if since.is_empty() { None } else { Some(since.parse().map_err(|_| bad())?) };
        Ok(Clock { control, left_ms: [black, white], since_ms })
    }
}

/// The allowance for a round trip: the median of the last samples, at most [`MAX_ALLOWANCE_MS`].
pub fn allowance(samples: &[u64]) -> u64 {
    if samples.is_empty() {
        return 0;
    }
    let mut s = samples.to_vec();
    s.sort_unstable();
    s[s.len() / 2].min(MAX_ALLOWANCE_MS)
}

/// The server's time in Unix milliseconds: the system's, plus (for tests) the number of
/// milliseconds written in a file, read afresh each time, so a test can move the clock on.
#[derive(Clone, Debug, Default)]
pub struct WallClock {
    /// The file holding the offset (none: the system's time as it is).
    pub offset_file: Option<std::path::PathBuf>,
}

impl WallClock {
    /// Now, in Unix milliseconds.
    pub fn now_ms(&self) -> i64 {
        let system = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0);
        let offset = self
            .offset_file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|t| t.trim().parse::<i64>().ok())
            .unwrap_or(0);
        system.saturating_add(offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_charged_from_the_turn_start_less_the_allowance_and_gains_the_increment() {
        let mut c = Clock::new(TimeControl::RealTime { base_s: 60, increment_s: 1 }).unwrap();
        c.start_turn(1, 0);
        assert_eq!(c.since_ms, None, "the opening removals are free");
        assert_eq!(c.charge(Colour::White, 50_000, 0), Some(60_000));
        c.start_turn(2, 1_000);
        assert_eq!(c.charge(Colour::Black, 6_000, 400), Some(60_000 - 4_600 + 1_000));
        c.start_turn(3, 6_000);
        assert_eq!(c.left_at(Colour::White, Some(Colour::White), 16_000), 50_000);
        assert!(!c.flag_fell(Colour::White, 65_999, 0));
        assert!(c.flag_fell(Colour::White, 66_000, 0));
        assert!(!c.flag_fell(Colour::White, 66_000, 500), "a move on its way is waited for");
        assert_eq!(c.charge(Colour::White, 66_500, 400), None);
    }

    #[test]
    fn correspondence_gives_each_move_its_days_and_the_text_round_trips() {
        let mut c = Clock::new(TimeControl::Correspondence { days: 3 }).unwrap();
        c.start_turn(2, 10);
        assert_eq!(c.charge(Colour::Black, 10 + 2 * DAY_MS as i64, 0), Some(3 * DAY_MS));
        c.start_turn(3, 99);
        assert_eq!(Clock::from_text(&c.to_text()), Ok(c));
        assert!(Clock::from_text("x;1;2;").is_err());
        assert!(Clock::new(TimeControl::Untimed).is_none());
        assert_eq!(TimeControl::Correspondence { days: 3 }.claim_after_ms(), None);
    }

    #[test]
    fn time_controls_are_read_from_their_labels_and_out_of_range_ones_are_refused_in_words() {
        for c in TimeControl::PRESETS {
            assert_eq!(TimeControl::parse(&c.label()), Ok(c));
        }
        assert_eq!(TimeControl::parse("30s+0"), Ok(TimeControl::RealTime { base_s: 30, increment_s: 0 }));
        assert!(TimeControl::parse("0+5").unwrap_err().contains("10 s to 10800 s"));
        assert!(TimeControl::parse("5+999").unwrap_err().contains("at most 180"));
        assert!(TimeControl::parse("30 days").unwrap_err().contains("1 to 14 days"));
        assert!(TimeControl::parse("soon").unwrap_err().contains("not a time control"));
        assert_eq!(allowance(&[]), 0);
        assert_eq!(allowance(&[30, 10, 20]), 20);
        assert_eq!(allowance(&[5_000, 5_000, 10]), MAX_ALLOWANCE_MS);
    }
}
