//! The history file's schema: the numbered migrations that build it, and the check that a file
//! is ours before any of them runs.

use super::legacy_puzzles;
use rusqlite::Connection;

/// `PRAGMA application_id`: "KONA".
pub(super) const APPLICATION_ID: i64 = 0x4B4F_4E41;

/// The migrations, in order: the schema after migration `i` is version `i + 1`.
pub(super) const MIGRATIONS: [&str; 2] = [
    // 1: finished games, their records apart (so the list and the statistics read narrow rows).
    "CREATE TABLE games(
        id INTEGER PRIMARY KEY,
        finished_at INTEGER NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        black TEXT NOT NULL,
        white TEXT NOT NULL,
        you TEXT CHECK (you IN ('black', 'white')),
        winner TEXT NOT NULL CHECK (winner IN ('black', 'white')),
        resigned INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        took_back INTEGER NOT NULL,
        longest_jump INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        rating REAL,
        deviation REAL,
        volatility REAL
     );
     CREATE INDEX games_rated ON games(rated, id);
     CREATE TABLE records(game INTEGER PRIMARY KEY REFERENCES games(id), text TEXT NOT NULL);",
    // 2: puzzle attempts (with the puzzle rating after each) and milestones earned.
    "CREATE TABLE puzzle_attempts(
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        puzzle TEXT NOT NULL,
        difficulty REAL NOT NULL,
        solved INTEGER NOT NULL,
        daily TEXT,
        streak INTEGER,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL
     );
     CREATE INDEX puzzle_daily ON puzzle_attempts(daily);
     CREATE TABLE milestones(key TEXT PRIMARY KEY, earned_at INTEGER NOT NULL);",
];

/// The schema version this build writes: the fixed migrations, then 3, which names puzzle
/// attempts by the puzzle's stable identifier instead of its place in the 0.1.0 book (its SQL
/// is made from that book's frozen list: [`legacy_puzzles::rename_attempts_sql`]).
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64 + 1;

/// The SQL that brings the schema from `version` to the next one; `None` at the latest.
pub(super) fn migration(version: i64) -> Option<std::borrow::Cow<'static, str>> {
    match usize::try_from(version).unwrap_or(0) {
        v if v < MIGRATIONS.len() => Some(MIGRATIONS[v].into()),
        v if v == MIGRATIONS.len() => Some(legacy_puzzles::rename_attempts_sql().into()),
        _ => None,
    }
}

/// What checking a file found.
pub(super) enum Verdict {
    Ours,
    Foreign,
    Newer(i64),
}

/// Whether the file is ours (or new), another program's, or from a newer version.
pub(super) fn verdict(conn: &Connection) -> rusqlite::Result<Verdict> {
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let tables: i64 = conn.query_row("SELECT COUNT(*) FROM sqlite_master", [], |r| r.get(0))?;
    Ok(match (app, version) {
        (APPLICATION_ID, v) if v > SCHEMA_VERSION => Verdict::Newer(v),
        (APPLICATION_ID, _) => Verdict::Ours,
        (0, 0) if tables == 0 => Verdict::Ours,
        _ => Verdict::Foreign,
    })
}

/// Brings the schema up to [`SCHEMA_VERSION`], each migration in its own transaction.
pub(super) fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    loop {
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let Some(step) = migration(version) else {
            conn.execute_batch("COMMIT")?;
            return Ok(());
        };
        let result = conn.execute_batch(&step).and_then(|_| {
            conn.execute_batch(&format!(
                "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {}; COMMIT",
                version + 1
            ))
        });
        if let Err(e) = result {
            let _ = conn.execute_batch("ROLLBACK");
            return Err(e);
        }
    }
}
