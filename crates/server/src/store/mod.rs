//! What the server keeps across restarts: games, seats and moves, in one SQLite file (WAL)
//! by default or in PostgreSQL (see [`super::postgres`]) when several servers share games.
//!
//! All writes go through one writer thread that commits whatever has queued up in one
//! transaction (group commit) and only then answers each change: the server acknowledges a
//! move to the players after its transaction is committed, so a killed server loses no move
//! it acknowledged. `synchronous = NORMAL` in WAL mode survives a killed process; a power
//! cut may lose the last transactions.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use super::protocol::{Colour, EndReason, Outcome};

mod sqlite;
pub use sqlite::*;

/// The schema's version, kept in `meta`: 2 added `watch_codes` (private games), 3 the column
/// `games.record` (a finished game's moves, compacted). A database of version 1 or 2 is brought
/// to 3 when opened: the table and the column are made and its finished games compacted. 4
/// added `games.clock` (a timed game's clocks), made when a database of 1 to 3 is opened.
pub(super) const SCHEMA_VERSION: i64 = 4;

/// The table of private games' watch codes (a game without a row is public).
pub(super) const WATCH_CODES: &str = "CREATE TABLE IF NOT EXISTS watch_codes (
        watch TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE REFERENCES games(code) ON DELETE CASCADE
     )";

/// What a schema version found in `meta` asks: write the version (a new database, or one of
/// version 1 whose new table was just made), nothing, or refuse.
pub(super) fn schema_step(found: Option<i64>, shown: &str) -> Result<bool, String> {
    match found {
        None | Some(1) | Some(2) | Some(3) => Ok(true),
        Some(SCHEMA_VERSION) => Ok(false),
        Some(v) => Err(format!("{shown} has schema version {v}; this server knows {SCHEMA_VERSION}")),
    }
}

/// Finished games are loaded again for this long after their end (for a late rematch or
/// a watcher), in seconds.
pub const KEEP_FINISHED_SECS: i64 = 24 * 3600;

/// One change to what is kept.
#[derive(Clone, Debug)]
pub enum Op {
    /// A new game.
    Create {
        /// Invite code.
        code: String,
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// Unix time.
        created: i64,
        /// Tokens of Black's and White's seats.
        tokens: [Option<String>; 2],
        /// A private game's watch code (none: anyone with the invite code may watch).
        watch: Option<String>,
    },
    /// A seat was taken.
    Seat {
        /// Invite code.
        code: String,
        /// Which seat.
        colour: Colour,
        /// Its token.
        token: String,
    },
    /// A move was played.
    Move {
        /// Invite code.
        code: String,
        /// Its number.
        ply: u32,
        /// Notation.
        mv: String,
    },
    /// Moves from `from_ply` on were taken back.
    Truncate {
        /// Invite code.
        code: String,
        /// First move removed.
        from_ply: u32,
    },
    /// The game ended.
    End {
        /// Invite code.
        code: String,
        /// The result.
        outcome: Outcome,
        /// Unix time.
        at: i64,
    },
    /// A rematch: colours swapped, no moves, no result, the round counted up.
    Rematch {
        /// Invite code.
        code: String,
        /// The new round.
        round: u32,
    },
    /// A timed game's clocks changed (kept with the move, end or round that changed them).
    Clock {
        /// Invite code.
        code: String,
        /// The clocks as text.
        clock: String,
    },
    /// A note to the other servers sharing the database (PostgreSQL's NOTIFY, sent when the
    /// transaction commits, in order with the changes before it); nothing is kept, and a
    /// store of its own (SQLite) ignores it.
    Notify {
        /// The game it is about (a note goes out in order with that game's changes).
        game: String,
        /// The note, as its JSON text.
        note: String,
    },
}

impl Op {
    /// The game it changes, if it changes one.
    pub fn code(&self) -> Option<&str> {
        match self {
            Op::Create { code, .. }
            | Op::Seat { code, .. }
            | Op::Move { code, .. }
            | Op::Truncate { code, .. }
            | Op::End { code, .. }
            | Op::Rematch { code, .. }
            | Op::Clock { code, .. } => Some(code),
            Op::Notify { .. } => None,
        }
    }
}

/// Where a server keeps its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created if missing (the embedded default).
    Sqlite(PathBuf),
    /// A PostgreSQL connection string (`postgres://user@host:port/dbname`), shared by
    /// several servers.
    Postgres(String),
}

impl Database {
    /// A `postgres://` or `postgresql://` address is PostgreSQL; anything else is a file.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_string())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }

    /// How messages name it: the file, or the address without its password.
    pub fn shown(&self) -> String {
        match self {
            Database::Sqlite(p) => konane_core::files::show_path(p),
            Database::Postgres(url) => hide_password(url),
        }
    }
}

/// `postgres://user:secret@host/db` as `postgres://user:…@host/db`.
pub fn hide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let Some((auth, host)) = rest.split_once('@') else { return url.to_string() };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:…@{host}"),
        None => url.to_string(),
    }
}

/// What a change that cannot be made says: another change (from this or another server)
/// came first.
pub const CONFLICT: &str = "another change to the game came first";

/// A database the store can keep games in.
pub trait Backend: Send + 'static {
    /// Makes all of `ops` in one transaction, or none of them: a change whose condition no
    /// longer holds (the seat was taken, the move number is not the next one, the game
    /// already ended or the round already moved on) fails the whole batch.
    fn apply(&mut self, ops: &[&Op]) -> Result<(), String>;
    /// The game with `code`, if the database has it.
    fn load_code(&mut self, code: &str) -> Result<Option<StoredGame>, String>;
    /// Every unfinished game and every game finished in the last [`KEEP_FINISHED_SECS`].
    fn load(&mut self, now: i64) -> Result<Vec<StoredGame>, String>;
    /// The server stops cleanly: leave nothing but the database (SQLite folds its log in and
    /// truncates it).
    fn finish(&mut self) -> Result<(), String> {
        Ok(())
    }
    /// After a batch is committed and answered: keep what the database needs beside it
    /// bounded (SQLite: a log past its limit is folded in and truncated).
    fn tidy(&mut self) {}
}

/// The SQL of each change, with `?N` parameters; `conditional` says whether it must change
/// exactly one row (else the change came too late: [`CONFLICT`]).
pub(super) const SEAT_BLACK: &str = "UPDATE games SET black_token = ?2 WHERE code = ?1 AND black_token IS NULL";
pub(super) const SEAT_WHITE: &str = "UPDATE games SET white_token = ?2 WHERE code = ?1 AND white_token IS NULL";
pub(super) const CREATE: &str =
    "INSERT INTO games (code, rows, cols, created, black_token, white_token) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
/// A move is kept only as the next one of a game that is not over.
pub(super) const MOVE: &str = "INSERT INTO moves (code, ply, mv) SELECT ?1, ?2, ?3
     WHERE EXISTS (SELECT 1 FROM games WHERE code = ?1 AND how IS NULL)
       AND (SELECT count(*) FROM moves WHERE code = ?1) = ?2";
pub(super) const TRUNCATE_MOVES: &str = "DELETE FROM moves WHERE code = ?1 AND ply >= ?2";
pub(super) const TRUNCATE_GAME: &str =
    "UPDATE games SET winner = NULL, how = NULL, ended = NULL, record = NULL WHERE code = ?1";
/// A game ends once.
pub(super) const END: &str = "UPDATE games SET winner = ?2, how = ?3, ended = ?4 WHERE code = ?1 AND how IS NULL";
/// Compaction, at a game's end (in the transaction of [`END`]): its moves become one text in
/// its row, the notations in order separated by spaces (about 6 bytes a move instead of a row
/// of ~50 with its key and index entry), and its move rows go.
pub(super) const COMPACT_GAME: &str = "UPDATE games
     SET record = (SELECT coalesce(string_agg(mv, ' ' ORDER BY ply), '') FROM moves WHERE moves.code = ?1)
     WHERE code = ?1";
/// The second half of [`COMPACT_GAME`] (also used by a rematch: a new round has no moves).
pub(super) const DELETE_MOVES: &str = "DELETE FROM moves WHERE code = ?1";
/// Every finished game not yet compacted, compacted (a database of an earlier schema).
pub(super) const COMPACT_FINISHED: &str = "UPDATE games
     SET record = (SELECT coalesce(string_agg(mv, ' ' ORDER BY ply), '') FROM moves WHERE moves.code = games.code)
     WHERE how IS NOT NULL AND record IS NULL;
     DELETE FROM moves WHERE code IN (SELECT code FROM games WHERE record IS NOT NULL);";
/// A take-back after the end (allowed when the game ended by no moves): the compacted moves
/// before `?2` become rows again, before [`TRUNCATE_MOVES`] and [`TRUNCATE_GAME`] (which
/// clears the record). Nothing for a game that is not compacted.
pub(super) const EXPAND: &str = "WITH RECURSIVE split(ply, mv, rest) AS (
        SELECT -1, '', record || ' ' FROM games WHERE code = ?1 AND record IS NOT NULL AND record <> ''
        UNION ALL
        SELECT ply + 1, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1)
        FROM split WHERE rest <> ''
     )
     INSERT INTO moves (code, ply, mv) SELECT ?1, ply, mv FROM split WHERE ply >= 0 AND ply < ?2";
/// A round starts once.
pub(super) const REMATCH_GAME: &str =
    "UPDATE games SET round = ?2, black_token = white_token, white_token = black_token,
     winner = NULL, how = NULL, ended = NULL, record = NULL WHERE code = ?1 AND round = ?2 - 1";
/// A timed game's clocks (see [`crate::clock::Clock::to_text`]).
pub(super) const CLOCK: &str = "UPDATE games SET clock = ?2 WHERE code = ?1";
/// A private game's watch code, kept beside it.
pub(super) const WATCH: &str = "INSERT INTO watch_codes (watch, code) VALUES (?1, ?2)";
/// The game with this invite code, or with this watch code.
pub(super) const SELECT_GAME: &str =
    "SELECT g.code, g.rows, g.cols, g.round, g.black_token, g.white_token, g.winner, g.how, g.created, w.watch,
        g.record, g.clock
     FROM games g LEFT JOIN watch_codes w ON w.code = g.code
     WHERE g.code = ?1 OR g.code = (SELECT code FROM watch_codes WHERE watch = ?1)";
pub(super) const SELECT_RECENT: &str =
    "SELECT g.code, g.rows, g.cols, g.round, g.black_token, g.white_token, g.winner, g.how, g.created, w.watch,
        g.record, g.clock
     FROM games g LEFT JOIN watch_codes w ON w.code = g.code WHERE g.ended IS NULL OR g.ended >= ?1";
pub(super) const SELECT_MOVES: &str = "SELECT mv FROM moves WHERE code = ?1 ORDER BY ply";

/// The moves of a compacted game's record (see [`COMPACT_GAME`]).
pub fn record_moves(record: &str) -> Vec<String> {
    record.split_whitespace().map(str::to_string).collect()
}

/// A game as loaded at start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Invite code.
    pub code: String,
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// Round.
    pub round: u32,
    /// Tokens of Black's and White's seats.
    pub tokens: [Option<String>; 2],
    /// The moves in order.
    pub moves: Vec<String>,
    /// The result if over.
    pub outcome: Option<Outcome>,
    /// Unix time of creation.
    pub created: i64,
    /// A private game's watch code.
    pub watch: Option<String>,
    /// A timed game's clocks, as text.
    pub clock: Option<String>,
}

type Reply = oneshot::Sender<Result<(), String>>;

/// A handle on the writer threads (one for SQLite; several for PostgreSQL, each writing its
/// share of the games, so one game's changes keep their order): send changes, await their
/// commit.
#[derive(Clone)]
pub struct Store {
    tx: Vec<mpsc::Sender<Job>>,
}

/// What the writer thread is asked to do.
enum Job {
    /// Keep these changes together, then answer.
    Keep(Vec<Op>, Reply),
    /// Everything before is committed: fold the log into the database and leave it empty
    /// (a clean stop), then answer; the writer takes nothing after this.
    Finish(Reply),
    /// Answer at once (the health check: the writer is there and not stuck).
    Ping(Reply),
}

pub(super) fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "black",
        Colour::White => "white",
    }
}

pub(super) fn how_name(h: EndReason) -> &'static str {
    match h {
        EndReason::NoMoves => "no_moves",
        EndReason::Resigned => "resigned",
        EndReason::Abandoned => "abandoned",
        EndReason::Time => "time",
        EndReason::Aborted => "aborted",
        EndReason::Claimed => "claimed",
    }
}

pub(super) fn how_from(s: &str) -> Option<EndReason> {
    Some(match s {
        "no_moves" => EndReason::NoMoves,
        "resigned" => EndReason::Resigned,
        "abandoned" => EndReason::Abandoned,
        "time" => EndReason::Time,
        "aborted" => EndReason::Aborted,
        "claimed" => EndReason::Claimed,
        _ => return None,
    })
}

/// The outcome kept as `winner` and `how`.
pub(super) fn outcome_from(winner: Option<&str>, how: Option<&str>) -> Option<Outcome> {
    how.and_then(how_from).map(|how| Outcome {
        winner: match winner {
            Some("black") => Some(Colour::Black),
            Some("white") => Some(Colour::White),
            _ => None,
        },
        how,
    })
}

/// A batch of changes: kept in one transaction, or (when that fails) each group alone so one
/// bad change costs the others nothing; every group's sender is answered.
fn keep_batch(backend: &mut dyn Backend, batch: Vec<(Vec<Op>, Reply)>, shown: &str) {
    let all: Vec<&Op> = batch.iter().flat_map(|(group, _)| group).collect();
    let results: Vec<Result<(), String>> = match backend.apply(&all) {
        Ok(()) => vec![Ok(()); batch.len()],
        // One bad change must not cost the others theirs: keep each group alone.
        Err(_) => batch.iter().map(|(group, _)| backend.apply(&group.iter().collect::<Vec<_>>())).collect(),
    };
    for ((_, reply), result) in batch.into_iter().zip(results) {
        let result = result.map_err(|e| format!("{shown}: {e}"));
        if let Err(e) = &result {
            crate::server::metrics::log("error", "change_not_kept", &[("why", e)]);
        }
        let _ = reply.send(result);
    }
}

/// Tells the checkpoint thread to end when the writer ends.
struct StopOnDrop(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(false, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Most changes committed in one transaction.
const BATCH: usize = 512;

impl Store {
    /// Starts the writer thread on an opened SQLite database, and a thread that checkpoints
    /// the log into the database every two seconds from a connection of its own: the writer
    /// never waits for a checkpoint's disk flush (automatic checkpoints are off for it), so a
    /// slow disk delays no acknowledgement.
    pub fn start(conn: Connection, path: PathBuf, log_limit: u64) -> Store {
        let _ = conn.pragma_update(None, "wal_autocheckpoint", 0);
        // A log that was reset is cut back to this size (else it keeps its largest size).
        let _ = conn.pragma_update(None, "journal_size_limit", log_limit as i64);
        let writing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        checkpoint_sqlite(&path, writing.clone());
        let shown = konane_core::files::show_path(&path);
        let log = Some((log_path(&path), log_limit));
        Store::start_on(Box::new(Sqlite { conn, log }), shown, Some(StopOnDrop(writing)))
    }

    /// Starts the writer thread on any backend; `shown` names it in messages.
    pub fn start_backend(backend: Box<dyn Backend>, shown: String) -> Store {
        Store::start_on(backend, shown, None)
    }

    /// Starts a writer thread on each backend (connections to one database); each game's
    /// changes always go to the same one.
    pub fn start_pool(backends: Vec<Box<dyn Backend>>, shown: String) -> Store {
        let tx = backends.into_iter().flat_map(|b| Store::start_on(b, shown.clone(), None).tx).collect();
        Store { tx }
    }

    /// The writer of the game `ops` change (the first one's game; a batch is one game's).
    fn writer(&self, ops: &[Op]) -> &mpsc::Sender<Job> {
        let game = ops.first().and_then(|op| match op {
            Op::Notify { game, .. } => Some(game.as_str()),
            op => op.code(),
        });
        let i = match (self.tx.len(), game) {
            (1, _) | (_, None) => 0,
            (n, Some(g)) => {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                g.hash(&mut h);
                (h.finish() % n as u64) as usize
            }
        };
        &self.tx[i]
    }

    fn start_on(mut backend: Box<dyn Backend>, shown: String, stop: Option<StopOnDrop>) -> Store {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("konane-store".into())
            .spawn(move || {
                let _stop_checkpoints = stop;
                let mut finish = None;
                while let Ok(first) = rx.recv() {
                    let mut batch = match first {
                        Job::Keep(ops, reply) => vec![(ops, reply)],
                        Job::Ping(reply) => {
                            let _ = reply.send(Ok(()));
                            continue;
                        }
                        job => {
                            finish = Some(job);
                            break;
                        }
                    };
                    let mut ops = batch[0].0.len();
                    while ops < BATCH {
                        match rx.try_recv() {
                            Ok(Job::Keep(group, reply)) => {
                                ops += group.len();
                                batch.push((group, reply));
                            }
                            Ok(Job::Ping(reply)) => {
                                let _ = reply.send(Ok(()));
                            }
                            Ok(job) => {
                                finish = Some(job);
                                break;
                            }
                            Err(_) => break,
                        }
                    }
                    keep_batch(backend.as_mut(), batch, &shown);
                    backend.tidy();
                    if finish.is_some() {
                        break;
                    }
                }
                if let Some(Job::Finish(reply)) = finish {
                    let _ = reply.send(backend.finish().map_err(|e| format!("{shown}: {e}")));
                }
            })
            .expect("the store thread starts");
        Store { tx: vec![tx] }
    }

    /// Keeps `op`; resolves once it is committed (or failed).
    pub async fn keep(&self, op: Op) -> Result<(), String> {
        let (reply, done) = oneshot::channel();
        let ops = vec![op];
        self.writer(&ops).send(Job::Keep(ops, reply)).map_err(|_| "the database writer has stopped".to_string())?;
        done.await.map_err(|_| "the database writer has stopped".to_string())?
    }

    /// Queues `op` and returns the receiver of its commit, so the caller can queue it in
    /// order while holding a lock and wait after releasing it.
    pub fn queue(&self, op: Op) -> oneshot::Receiver<Result<(), String>> {
        self.queue_all(vec![op])
    }

    /// Queues `ops` to be kept together, in one transaction (a last move and the end of the
    /// game it makes), and returns the receiver of their commit.
    pub fn queue_all(&self, ops: Vec<Op>) -> oneshot::Receiver<Result<(), String>> {
        let (reply, done) = oneshot::channel();
        let _ = self.writer(&ops).send(Job::Keep(ops, reply));
        done
    }

    /// Whether every writer answers within two seconds (the health check).
    pub async fn ping(&self) -> Result<(), String> {
        for tx in &self.tx {
            let (reply, done) = oneshot::channel();
            tx.send(Job::Ping(reply)).map_err(|_| "it has stopped".to_string())?;
            match tokio::time::timeout(std::time::Duration::from_secs(2), done).await {
                Ok(Ok(r)) => r?,
                Ok(Err(_)) => return Err("it has stopped".into()),
                Err(_) => return Err("it has not answered for two seconds".into()),
            }
        }
        Ok(())
    }

    /// A clean stop: waits until every change queued before is committed and the database
    /// has folded in its log (SQLite: the `-wal` file is left empty); changes queued after
    /// this fail.
    pub async fn finish(&self) -> Result<(), String> {
        let stopped = || "the database writer has stopped".to_string();
        let mut waits = Vec::new();
        for tx in &self.tx {
            let (reply, done) = oneshot::channel();
            tx.send(Job::Finish(reply)).map_err(|_| stopped())?;
            waits.push(done);
        }
        for done in waits {
            done.await.map_err(|_| stopped())??;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
