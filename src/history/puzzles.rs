//! Puzzle attempts: the puzzle rating (Glicko-2 against each puzzle's difficulty rating), the
//! daily puzzle's result for each date, and the streaks of puzzles of rising difficulty.

use super::{History, HistoryError, RatingChange, milestones};
use crate::rating::{self, Rating};
use rusqlite::{OptionalExtension, params};

/// One try at a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleAttempt {
    /// When (Unix seconds).
    pub at: i64,
    /// The puzzle's name in the book (`8x8-017`).
    pub puzzle: String,
    /// The puzzle's difficulty rating.
    pub difficulty: f64,
    /// Whether it was solved.
    pub solved: bool,
    /// The date (`2026-12-02`) when this was that day's daily puzzle.
    pub daily: Option<String>,
    /// Its place in a streak (1 for the first), when played in one.
    pub streak: Option<u32>,
    /// Hints taken before it was solved (0 to [`HINT_STEPS`]); a hint pays part of a solve.
    pub hints: u8,
}

/// The hints a puzzle gives, one at a time: a nudge, then the stone, then the move.
pub const HINT_STEPS: u8 = 3;

/// Where a new player's puzzle rating starts: below the games' 1500 and less uncertain, so the
/// first easy puzzles (about 700 to 1100) move it by tens of points, not hundreds.
pub const PUZZLE_START: Rating = Rating { rating: 1000.0, deviation: 200.0, volatility: 0.06 };

/// What a puzzle's result counts for in the puzzle rating (as a game's score): a solve 1, less
/// for each hint taken before it (the move itself given away: nothing either way, `None`), a
/// miss 0.
pub fn puzzle_score(solved: bool, hints: u8) -> Option<f64> {
    match (solved, hints) {
        (_, h) if h >= HINT_STEPS => None,
        (true, h) => Some([1.0, 0.75, 0.5][h as usize]),
        (false, _) => Some(0.0),
    }
}

/// What recording an attempt did.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRecorded {
    /// The puzzle rating before and after.
    pub rating: RatingChange,
    /// Milestones earned.
    pub milestones: Vec<&'static milestones::Milestone>,
}

/// A puzzle's rating as an opponent: its difficulty, known to about ±80.
pub fn puzzle_opponent(difficulty: f64) -> Rating {
    Rating { rating: difficulty, deviation: 80.0, volatility: 0.06 }
}

impl History {
    /// Your puzzle rating now.
    pub fn puzzle_rating(&self) -> Result<Rating, HistoryError> {
        Ok(self
            .conn()
            .query_row("SELECT rating, deviation, volatility FROM puzzle_attempts ORDER BY id DESC LIMIT 1", [], |r| {
                Ok(Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? })
            })
            .optional()?
            .unwrap_or(PUZZLE_START))
    }

    /// Records an attempt in one transaction, with the new puzzle rating and the milestones
    /// it earned.
    pub fn record_puzzle(&mut self, a: &PuzzleAttempt) -> Result<PuzzleRecorded, HistoryError> {
        self.check_writable()?;
        let before = self.puzzle_rating()?;
        // A puzzle whose move was given away leaves the rating as it was.
        let after = match puzzle_score(a.solved, a.hints) {
            Some(score) => {
                before.after(&[rating::Game { opponent: puzzle_opponent(a.difficulty), score }], rating::TAU)
            }
            None => before,
        };
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO puzzle_attempts(at, puzzle, difficulty, solved, daily, streak, rating, deviation, volatility)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                a.at,
                a.puzzle,
                a.difficulty,
                a.solved,
                a.daily,
                a.streak,
                after.rating,
                after.deviation,
                after.volatility
            ],
        )?;
        let earned = milestones::award(&tx, a.at)?;
        tx.commit()?;
        Ok(PuzzleRecorded { rating: RatingChange { before, after }, milestones: earned })
    }

    /// The daily puzzle of `date`: `None` if not tried, else whether it was solved (at any try).
    pub fn daily_result(&self, date: &str) -> Result<Option<bool>, HistoryError> {
        Ok(self.conn().query_row("SELECT MAX(solved) FROM puzzle_attempts WHERE daily = ?1", [date], |r| {
            r.get::<_, Option<bool>>(0)
        })?)
    }

    /// Daily puzzles solved, counting each date once.
    pub fn dailies_solved(&self) -> Result<u32, HistoryError> {
        Ok(self.conn().query_row(
            "SELECT COUNT(DISTINCT daily) FROM puzzle_attempts WHERE solved = 1 AND daily IS NOT NULL",
            [],
            |r| r.get(0),
        )?)
    }

    /// The longest puzzle streak: most puzzles solved in one run of rising difficulty.
    pub fn best_puzzle_streak(&self) -> Result<u32, HistoryError> {
        Ok(self
            .conn()
            .query_row("SELECT MAX(streak) FROM puzzle_attempts WHERE solved = 1", [], |r| r.get::<_, Option<u32>>(0))?
            .unwrap_or(0))
    }

    /// Names of the puzzles solved at least once.
    pub fn puzzles_solved(&self) -> Result<std::collections::BTreeSet<String>, HistoryError> {
        let mut stmt = self.conn().prepare("SELECT DISTINCT puzzle FROM puzzle_attempts WHERE solved = 1")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// The date of Unix time `secs` in UTC, as `YYYY-MM-DD`.
pub fn date_of(secs: i64) -> String {
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + (month <= 2) as i64, month, day)
}
