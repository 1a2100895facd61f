//! Milestones a casual player can reach: each is measured from the history, earned once (a
//! row in `milestones`), and shown once when earned.

use super::Player;
use super::stats::{Feats, Stats};
use crate::ai::Level;
use rusqlite::{Connection, params};

/// A milestone: its key (its words are `milestone-KEY` and `milestone-KEY-about`), how far
/// it goes, and how far the player is.
pub struct Milestone {
    /// The key.
    pub key: &'static str,
    /// The message key of its name (`milestone-KEY`).
    pub name: &'static str,
    /// The message key of what earns it (`milestone-KEY-about`).
    pub about: &'static str,
    /// The count that earns it.
    pub target: u32,
    measure: fn(&Facts) -> u32,
}

impl std::fmt::Debug for Milestone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Milestone({})", self.key)
    }
}

impl PartialEq for Milestone {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

/// What the milestones are measured from: the statistics, what one pass over the games
/// found, and the puzzle attempts.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// The statistics.
    pub stats: Stats,
    /// The games' feats.
    pub feats: Feats,
    /// Puzzles solved (any, counting repeats).
    pub puzzles_solved: u32,
    /// Daily puzzles solved, each date once.
    pub dailies: u32,
    /// The best puzzle streak.
    pub puzzle_streak: u32,
}

impl Facts {
    /// Reads them (one pass over the games, three small queries on the puzzle attempts).
    pub fn read(conn: &Connection) -> rusqlite::Result<Facts> {
        let (stats, feats) = super::stats::stats_and_feats(conn)?;
        let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, Option<u32>>(0)).map(|n| n.unwrap_or(0));
        Ok(Facts {
            stats,
            feats,
            puzzles_solved: count("SELECT COUNT(*) FROM puzzle_attempts WHERE solved = 1")?,
            dailies: count("SELECT COUNT(DISTINCT daily) FROM puzzle_attempts WHERE solved = 1 AND daily IS NOT NULL")?,
            puzzle_streak: count("SELECT MAX(streak) FROM puzzle_attempts WHERE solved = 1")?,
        })
    }

    /// Whether you have beaten the computer at `level`.
    fn beat(&self, level: Level) -> u32 {
        self.stats.tallies.iter().any(|t| t.opponent == Player::Computer(level) && t.wins > 0) as u32
    }
}

/// A milestone from its key, the count that earns it and how far the player is.
macro_rules! milestone {
    ($key:literal, $target:expr, $measure:expr) => {
        Milestone {
            key: $key,
            name: concat!("milestone-", $key),
            about: concat!("milestone-", $key, "-about"),
            target: $target,
            measure: $measure,
        }
    };
}

/// Every milestone, in the order the statistics screen lists them.
pub static ALL: [Milestone; 16] = [
    milestone!("first-game", 1, |f| f.stats.games.min(u32::MAX as u64) as u32),
    milestone!("beat-beginner", 1, |f| f.beat(Level::Beginner)),
    milestone!("beat-easy", 1, |f| f.beat(Level::Easy)),
    milestone!("beat-medium", 1, |f| f.beat(Level::Medium)),
    milestone!("beat-hard", 1, |f| f.beat(Level::Hard)),
    milestone!("beat-strong", 1, |f| f.beat(Level::Strong)),
    milestone!("beat-expert", 1, |f| f.beat(Level::Expert)),
    milestone!("triple-jump", 3, |f| f.feats.longest_jump),
    milestone!("win-as-white", 1, |f| f.feats.won_as_white as u32),
    milestone!("clean-win", 1, |f| f.feats.clean_win as u32),
    milestone!("streak-5", 5, |f| f.stats.longest_streak),
    milestone!("games-25", 25, |f| f.stats.games.min(u32::MAX as u64) as u32),
    milestone!("big-board", 1, |f| f.feats.big_board_win as u32),
    milestone!("first-puzzle", 1, |f| f.puzzles_solved),
    milestone!("daily-10", 10, |f| f.dailies),
    milestone!("puzzle-streak-5", 5, |f| f.puzzle_streak),
];

/// A milestone's standing: how far the player is (at most its target) and when it was
/// earned (Unix seconds), if it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The milestone.
    pub milestone: &'static Milestone,
    /// How far, up to the target.
    pub done: u32,
    /// When it was earned.
    pub earned_at: Option<i64>,
}

/// The milestones earned so far, with when.
fn earned(conn: &Connection) -> rusqlite::Result<Vec<(String, i64)>> {
    let mut stmt = conn.prepare_cached("SELECT key, earned_at FROM milestones")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Earns every milestone now reached and not earned before; returns those (each once, ever).
/// Reads nothing more once all are earned.
pub(super) fn award(conn: &Connection, now: i64) -> rusqlite::Result<Vec<&'static Milestone>> {
    let done = earned(conn)?;
    if done.len() >= ALL.len() {
        return Ok(Vec::new());
    }
    let facts = Facts::read(conn)?;
    let mut new = Vec::new();
    for m in &ALL {
        if done.iter().any(|(k, _)| k == m.key) || (m.measure)(&facts) < m.target {
            continue;
        }
        conn.execute("INSERT INTO milestones(key, earned_at) VALUES (?1, ?2)", params![m.key, now])?;
        new.push(m);
    }
    Ok(new)
}

impl super::History {
    /// Every milestone with the player's progress.
    pub fn milestones(&self) -> Result<Vec<Progress>, super::HistoryError> {
        Ok(progress(&Facts::read(self.conn())?, &earned(self.conn())?))
    }

    /// The statistics and every milestone's progress, from one pass over the games.
    pub fn stats_and_milestones(&self) -> Result<(Stats, Vec<Progress>), super::HistoryError> {
        let facts = Facts::read(self.conn())?;
        let progress = progress(&facts, &earned(self.conn())?);
        Ok((facts.stats, progress))
    }
}

/// Each milestone's standing from the facts and the earned list.
fn progress(facts: &Facts, earned: &[(String, i64)]) -> Vec<Progress> {
    ALL.iter()
        .map(|m| {
            let earned_at = earned.iter().find(|(k, _)| k == m.key).map(|(_, t)| *t);
            let done = if earned_at.is_some() { m.target } else { (m.measure)(facts).min(m.target) };
            Progress { milestone: m, done, earned_at }
        })
        .collect()
}
