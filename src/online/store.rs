//! What the server keeps across restarts: games, seats and moves in one SQLite file (WAL).
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

/// The schema's version, kept in `meta`.
const SCHEMA_VERSION: i64 = 1;

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
}

type Reply = oneshot::Sender<Result<(), String>>;

/// A handle on the writer thread: send changes, await their commit.
#[derive(Clone)]
pub struct Store {
    tx: mpsc::Sender<(Op, Reply)>,
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Black => "black",
        Colour::White => "white",
    }
}

fn how_name(h: EndReason) -> &'static str {
    match h {
        EndReason::NoMoves => "no_moves",
        EndReason::Resigned => "resigned",
        EndReason::Abandoned => "abandoned",
    }
}

fn how_from(s: &str) -> Option<EndReason> {
    Some(match s {
        "no_moves" => EndReason::NoMoves,
        "resigned" => EndReason::Resigned,
        "abandoned" => EndReason::Abandoned,
        _ => return None,
    })
}

/// Opens (creating if needed) the database at `path` and checks its schema.
pub fn open(path: &Path) -> Result<Connection, String> {
    let shown = crate::files::show_path(path);
    let conn = Connection::open(path).map_err(|e| format!("cannot open the database {shown}: {e}"))?;
    let setup = || -> rusqlite::Result<()> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS games (
                code TEXT PRIMARY KEY,
                rows INTEGER NOT NULL,
                cols INTEGER NOT NULL,
                round INTEGER NOT NULL DEFAULT 0,
                created INTEGER NOT NULL,
                black_token TEXT,
                white_token TEXT,
                winner TEXT,
                how TEXT,
                ended INTEGER
             );
             CREATE TABLE IF NOT EXISTS moves (
                code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
                ply INTEGER NOT NULL,
                mv TEXT NOT NULL,
                PRIMARY KEY (code, ply)
             ) WITHOUT ROWID;
             CREATE INDEX IF NOT EXISTS games_ended ON games(ended);",
        )?;
        Ok(())
    };
    setup().map_err(|e| format!("{shown} is not a Kōnane server database: {e}"))?;
    let version: Option<i64> = conn
        .query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| r.get(0))
        .optional()
        .map_err(|e| format!("{shown}: {e}"))?;
    match version {
        None => {
            conn.execute("INSERT INTO meta (key, value) VALUES ('schema', ?1)", [SCHEMA_VERSION])
                .map_err(|e| format!("{shown}: {e}"))?;
        }
        Some(SCHEMA_VERSION) => {}
        Some(v) => return Err(format!("{shown} has schema version {v}; this server knows {SCHEMA_VERSION}")),
    }
    Ok(conn)
}

/// Every unfinished game and every game finished in the last [`KEEP_FINISHED_SECS`].
pub fn load(conn: &Connection, now: i64) -> Result<Vec<StoredGame>, String> {
    let run = || -> rusqlite::Result<Vec<StoredGame>> {
        let mut games = Vec::new();
        let mut stmt = conn.prepare(
            "SELECT code, rows, cols, round, black_token, white_token, winner, how, created FROM games
             WHERE ended IS NULL OR ended >= ?1",
        )?;
        let rows = stmt.query_map([now - KEEP_FINISHED_SECS], stored_game)?;
        for g in rows {
            games.push(g?);
        }
        let mut moves = conn.prepare("SELECT mv FROM moves WHERE code = ?1 ORDER BY ply")?;
        for g in &mut games {
            g.moves = moves.query_map([&g.code], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
        }
        Ok(games)
    };
    run().map_err(|e| format!("cannot read the games: {e}"))
}

/// The game with `code`, if the database has it.
pub fn load_code(conn: &Connection, code: &str) -> Result<Option<StoredGame>, String> {
    let run = || -> rusqlite::Result<Option<StoredGame>> {
        let game = conn
            .query_row(
                "SELECT code, rows, cols, round, black_token, white_token, winner, how, created FROM games WHERE code = ?1",
                [code],
                stored_game,
            )
            .optional()?;
        let Some(mut game) = game else { return Ok(None) };
        let mut moves = conn.prepare_cached("SELECT mv FROM moves WHERE code = ?1 ORDER BY ply")?;
        game.moves = moves.query_map([code], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(Some(game))
    };
    run().map_err(|e| format!("cannot read game {code}: {e}"))
}

fn stored_game(r: &rusqlite::Row) -> rusqlite::Result<StoredGame> {
    let winner: Option<String> = r.get(6)?;
    let how: Option<String> = r.get(7)?;
    let outcome = how.as_deref().and_then(how_from).map(|how| Outcome {
        winner: match winner.as_deref() {
            Some("black") => Some(Colour::Black),
            Some("white") => Some(Colour::White),
            _ => None,
        },
        how,
    });
    Ok(StoredGame {
        code: r.get(0)?,
        rows: r.get(1)?,
        cols: r.get(2)?,
        round: r.get(3)?,
        tokens: [r.get(4)?, r.get(5)?],
        moves: Vec::new(),
        outcome,
        created: r.get(8)?,
    })
}

fn apply(tx: &rusqlite::Transaction, op: &Op) -> rusqlite::Result<()> {
    match op {
        Op::Create { code, rows, cols, created, tokens } => {
            tx.execute(
                "INSERT INTO games (code, rows, cols, created, black_token, white_token) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![code, rows, cols, created, tokens[0], tokens[1]],
            )?;
        }
        Op::Seat { code, colour, token } => {
            let sql = match colour {
                Colour::Black => "UPDATE games SET black_token = ?2 WHERE code = ?1",
                Colour::White => "UPDATE games SET white_token = ?2 WHERE code = ?1",
            };
            tx.execute(sql, params![code, token])?;
        }
        Op::Move { code, ply, mv } => {
            tx.execute("INSERT INTO moves (code, ply, mv) VALUES (?1, ?2, ?3)", params![code, ply, mv])?;
        }
        Op::Truncate { code, from_ply } => {
            tx.execute("DELETE FROM moves WHERE code = ?1 AND ply >= ?2", params![code, from_ply])?;
            tx.execute("UPDATE games SET winner = NULL, how = NULL, ended = NULL WHERE code = ?1", [code])?;
        }
        Op::End { code, outcome, at } => {
            tx.execute(
                "UPDATE games SET winner = ?2, how = ?3, ended = ?4 WHERE code = ?1",
                params![code, outcome.winner.map(colour_name), how_name(outcome.how), at],
            )?;
        }
        Op::Rematch { code, round } => {
            tx.execute("DELETE FROM moves WHERE code = ?1", [code])?;
            tx.execute(
                "UPDATE games SET round = ?2, black_token = white_token, white_token = black_token,
                 winner = NULL, how = NULL, ended = NULL WHERE code = ?1",
                params![code, round],
            )?;
        }
    }
    Ok(())
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
    /// Starts the writer thread on an opened database, and a thread that checkpoints the
    /// log into the database every two seconds from a connection of its own: the writer
    /// never waits for a checkpoint's disk flush (automatic checkpoints are off for it), so a
    /// slow disk delays no acknowledgement.
    pub fn start(mut conn: Connection, path: PathBuf) -> Store {
        let (tx, rx) = mpsc::channel::<(Op, Reply)>();
        let _ = conn.pragma_update(None, "wal_autocheckpoint", 0);
        let writing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        if let Ok(checkpoints) = Connection::open(&path) {
            let writing = writing.clone();
            let _ = std::thread::Builder::new().name("konane-checkpoint".into()).spawn(move || {
                let _ = checkpoints.busy_timeout(std::time::Duration::from_secs(5));
                while writing.load(std::sync::atomic::Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_secs(2));
                    let _ = checkpoints.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
            });
        }
        std::thread::Builder::new()
            .name("konane-store".into())
            .spawn(move || {
                let _stop_checkpoints = StopOnDrop(writing);
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match rx.try_recv() {
                            Ok(op) => batch.push(op),
                            Err(_) => break,
                        }
                    }
                    let run = |conn: &mut Connection, ops: &[&Op]| -> rusqlite::Result<()> {
                        let t = conn.transaction()?;
                        for op in ops {
                            apply(&t, op)?;
                        }
                        t.commit()
                    };
                    let all: Vec<&Op> = batch.iter().map(|(op, _)| op).collect();
                    let results: Vec<Result<(), String>> = match run(&mut conn, &all) {
                        Ok(()) => vec![Ok(()); batch.len()],
                        // One bad change must not cost the others theirs: keep each alone.
                        Err(_) => all.iter().map(|op| run(&mut conn, &[op]).map_err(|e| e.to_string())).collect(),
                    };
                    for ((_, reply), result) in batch.into_iter().zip(results) {
                        let result = result.map_err(|e| format!("{}: {e}", crate::files::show_path(&path)));
                        if let Err(e) = &result {
                            eprintln!("konane serve: a change was not kept: {e}");
                        }
                        let _ = reply.send(result);
                    }
                }
            })
            .expect("the store thread starts");
        Store { tx }
    }

    /// Keeps `op`; resolves once it is committed (or failed).
    pub async fn keep(&self, op: Op) -> Result<(), String> {
        let (reply, done) = oneshot::channel();
        self.tx.send((op, reply)).map_err(|_| "the database writer has stopped".to_string())?;
        done.await.map_err(|_| "the database writer has stopped".to_string())?
    }

    /// Queues `op` and returns the receiver of its commit, so the caller can queue it in
    /// order while holding a lock and wait after releasing it.
    pub fn queue(&self, op: Op) -> oneshot::Receiver<Result<(), String>> {
        let (reply, done) = oneshot::channel();
        let _ = self.tx.send((op, reply));
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("konane-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games.sqlite")
    }

    #[tokio::test]
    async fn games_moves_take_backs_and_rematches_survive_a_reopen() {
        let path = temp_db("reopen");
        let store = Store::start(open(&path).unwrap(), path.clone());
        let tokens = [Some("t-black".to_string()), None];
        store.keep(Op::Create { code: "ABC234".into(), rows: 6, cols: 6, created: 100, tokens }).await.unwrap();
        store.keep(Op::Seat { code: "ABC234".into(), colour: Colour::White, token: "t-white".into() }).await.unwrap();
        for (ply, mv) in ["d3", "d4", "b3-d3"].iter().enumerate() {
            store.keep(Op::Move { code: "ABC234".into(), ply: ply as u32, mv: mv.to_string() }).await.unwrap();
        }
        store.keep(Op::Truncate { code: "ABC234".into(), from_ply: 2 }).await.unwrap();
        // A move with a number already kept is refused, and nothing else in its batch is kept.
        assert!(store.keep(Op::Move { code: "ABC234".into(), ply: 1, mv: "c3".into() }).await.is_err());
        let games = load(&open(&path).unwrap(), 200).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves, ["d3", "d4"]);
        assert_eq!(games[0].tokens, [Some("t-black".into()), Some("t-white".into())]);
        let outcome = Outcome { winner: Some(Colour::White), how: EndReason::Resigned };
        store.keep(Op::End { code: "ABC234".into(), outcome, at: 300 }).await.unwrap();
        let games = load(&open(&path).unwrap(), 300).unwrap();
        assert_eq!(games[0].outcome, Some(outcome));
        assert!(load(&open(&path).unwrap(), 300 + KEEP_FINISHED_SECS + 1).unwrap().is_empty());
        store.keep(Op::Rematch { code: "ABC234".into(), round: 1 }).await.unwrap();
        let games = load(&open(&path).unwrap(), 300).unwrap();
        assert_eq!(games[0].tokens, [Some("t-white".into()), Some("t-black".into())]);
        assert_eq!((games[0].round, games[0].moves.len(), games[0].outcome), (1, 0, None));
    }

    #[test]
    fn a_file_that_is_not_a_database_is_named_and_left_alone() {
        let path = temp_db("foreign");
        std::fs::write(&path, b"these are not the pages of a database, just some words").unwrap();
        let err = open(&path).unwrap_err();
        assert!(err.contains("games.sqlite") && err.contains("not a Kōnane server database"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"these are not the pages of a database, just some words");
    }
}
