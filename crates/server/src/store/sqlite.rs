//! The SQLite file of the embedded default: opening it (refusing what is not the server's own),
//! applying changes, loading games, and keeping its log bounded.

use super::*;

/// `PRAGMA application_id` of a server database: "KNSV". Stamped when the file is made; a
/// file with another stamp, or with tables and none, is another program's.
pub(super) const APPLICATION_ID: i64 = 0x4B4E_5356;

/// Whether `path` keeps nothing once the server stops (SQLite's in-memory database).
pub fn keeps_nothing(path: &Path) -> bool {
    path.as_os_str().is_empty() || path.as_os_str() == ":memory:"
}

/// Refuses, before anything is written, a path that is not a regular file (a FIFO would hang
/// the open, and SQLite would make `-journal` files beside a device) and an SQLite file that
/// is not ours.
pub(super) fn check_ours(path: &Path, conn: &Connection, shown: &str) -> Result<(), String> {
    let theirs = |why: &str| format!("{shown} is not a Kōnane server database ({why}): nothing was written to it");
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(|e| theirs(&e.to_string()))?;
    if keeps_nothing(path) || app == APPLICATION_ID {
        return Ok(());
    }
    if app != 0 {
        return Err(theirs(&format!("its application id is {app:#x}")));
    }
    // No stamp: a new file, or one made before the stamp came in (exactly our three tables).
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(|e| theirs(&e.to_string()))?;
    if tables.is_empty() || tables == ["games", "meta", "moves"] || tables == ["games", "meta", "moves", "watch_codes"]
    {
        Ok(())
    } else {
        Err(theirs(&format!("it has the tables {}", tables.join(", "))))
    }
}

/// Opens (creating if needed) the database at `path` and checks its schema. A path that is
/// not a regular file, and an SQLite file of another program, are refused untouched.
pub fn open(path: &Path) -> Result<Connection, String> {
    let shown = konane_core::files::show_path(path);
    if !keeps_nothing(path)
        && let Ok(meta) = std::fs::metadata(path)
        && !meta.file_type().is_file()
    {
        return Err(format!("{shown} is not a regular file: give the path of a database file"));
    }
    let conn = Connection::open(path).map_err(|e| format!("cannot open the database {shown}: {e}"))?;
    check_ours(path, &conn, &shown)?;
    let setup = || -> rusqlite::Result<()> {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
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
                ended INTEGER,
                record TEXT,
                clock TEXT
             );
             CREATE TABLE IF NOT EXISTS moves (
                code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
                ply INTEGER NOT NULL,
                mv TEXT NOT NULL,
                PRIMARY KEY (code, ply)
             ) WITHOUT ROWID;
             CREATE INDEX IF NOT EXISTS games_ended ON games(ended);",
        )?;
        conn.execute_batch(WATCH_CODES)?;
        add_columns(&conn)
    };
    setup().map_err(|e| format!("{shown} is not a Kōnane server database: {e}"))?;
    let version: Option<i64> = conn
        .query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| r.get(0))
        .optional()
        .map_err(|e| format!("{shown}: {e}"))?;
    if schema_step(version, &shown)? {
        conn.execute_batch(COMPACT_FINISHED).map_err(|e| format!("{shown}: cannot compact its finished games: {e}"))?;
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?1)", [SCHEMA_VERSION])
            .map_err(|e| format!("{shown}: {e}"))?;
    }
    Ok(conn)
}

/// The columns later schemas added to `games` (3: `record`, 4: `clock`), made if missing.
fn add_columns(conn: &Connection) -> rusqlite::Result<()> {
    for column in ["record", "clock"] {
        let sql = format!("SELECT 1 FROM pragma_table_info('games') WHERE name = '{column}'");
        if !conn.prepare(&sql)?.exists([])? {
            conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} TEXT"))?;
        }
    }
    Ok(())
}

/// The SQLite file of [`open`] as a [`Backend`].
pub struct Sqlite {
    pub(super) conn: Connection,
    /// The log's path and the size past which the writer folds it in and truncates it.
    pub(super) log: Option<(PathBuf, u64)>,
}

impl Sqlite {
    /// Opens (creating if needed) the file at `path`.
    pub fn open(path: &Path) -> Result<Sqlite, String> {
        Ok(Sqlite { conn: open(path)?, log: None })
    }
}

/// Runs a change that must change exactly one row.
pub(super) fn one_row(n: usize) -> rusqlite::Result<()> {
    if n == 1 { Ok(()) } else { Err(rusqlite::Error::ToSqlConversionFailure(CONFLICT.into())) }
}

pub(super) fn apply_sqlite(tx: &rusqlite::Transaction, op: &Op) -> rusqlite::Result<()> {
    match op {
        Op::Create { code, rows, cols, created, tokens, watch } => {
            tx.execute(CREATE, params![code, rows, cols, created, tokens[0], tokens[1]])?;
            if let Some(watch) = watch {
                tx.execute(WATCH, params![watch, code])?;
            }
        }
        Op::Seat { code, colour, token } => {
            let sql = match colour {
                Colour::Black => SEAT_BLACK,
                Colour::White => SEAT_WHITE,
            };
            one_row(tx.execute(sql, params![code, token])?)?;
        }
        Op::Move { code, ply, mv } => one_row(tx.execute(MOVE, params![code, ply, mv])?)?,
        Op::Truncate { code, from_ply } => {
            tx.execute(EXPAND, params![code, from_ply])?;
            tx.execute(TRUNCATE_MOVES, params![code, from_ply])?;
            tx.execute(TRUNCATE_GAME, [code])?;
        }
        Op::End { code, outcome, at } => {
            let n = tx.execute(END, params![code, outcome.winner.map(colour_name), how_name(outcome.how), at])?;
            one_row(n)?;
            tx.execute(COMPACT_GAME, [code])?;
            tx.execute(DELETE_MOVES, [code])?;
        }
        Op::Rematch { code, round } => {
            tx.execute(DELETE_MOVES, [code])?;
            one_row(tx.execute(REMATCH_GAME, params![code, round])?)?;
        }
        Op::Clock { code, clock } => one_row(tx.execute(CLOCK, params![code, clock])?)?,
        Op::Notify { .. } => {}
    }
    Ok(())
}

impl Backend for Sqlite {
    fn apply(&mut self, ops: &[&Op]) -> Result<(), String> {
        let run = |conn: &mut Connection| -> rusqlite::Result<()> {
            let t = conn.transaction()?;
            for op in ops {
                apply_sqlite(&t, op)?;
            }
            t.commit()
        };
        run(&mut self.conn).map_err(|e| match e {
            rusqlite::Error::ToSqlConversionFailure(why) => why.to_string(),
            e => e.to_string(),
        })
    }

    fn load_code(&mut self, code: &str) -> Result<Option<StoredGame>, String> {
        load_code(&self.conn, code)
    }

    fn load(&mut self, now: i64) -> Result<Vec<StoredGame>, String> {
        load(&self.conn, now)
    }

    fn tidy(&mut self) {
        if let Some((wal, limit)) = &self.log
            && std::fs::metadata(wal).is_ok_and(|m| m.len() > *limit)
        {
            // The checkpoint thread has copied most of the log already: this folds in the rest,
            // with no other writer to wait for, and starts the log again from nothing.
            let _ = self.conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        }
    }

    fn finish(&mut self) -> Result<(), String> {
        let (busy, _, _): (i64, i64, i64) = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(|e| e.to_string())?;
        if busy != 0 { Err("the log could not be folded in: the database is busy".into()) } else { Ok(()) }
    }
}

/// Every unfinished game and every game finished in the last [`KEEP_FINISHED_SECS`].
pub fn load(conn: &Connection, now: i64) -> Result<Vec<StoredGame>, String> {
    let run = || -> rusqlite::Result<Vec<StoredGame>> {
        let mut stmt = conn.prepare(SELECT_RECENT)?;
        let found = stmt.query_map([now - KEEP_FINISHED_SECS], stored_game)?.collect::<rusqlite::Result<Vec<_>>>()?;
        found.into_iter().map(|(game, compacted)| with_moves(conn, game, compacted)).collect()
    };
    run().map_err(|e| format!("cannot read the games: {e}"))
}

/// The game with `code`, if the database has it.
pub fn load_code(conn: &Connection, code: &str) -> Result<Option<StoredGame>, String> {
    let run = || -> rusqlite::Result<Option<StoredGame>> {
        match conn.query_row(SELECT_GAME, [code], stored_game).optional()? {
            Some((game, compacted)) => with_moves(conn, game, compacted).map(Some),
            None => Ok(None),
        }
    };
    run().map_err(|e| format!("cannot read game {code}: {e}"))
}

/// `game` with its moves read from their rows (a compacted game has them already).
fn with_moves(conn: &Connection, mut game: StoredGame, compacted: bool) -> rusqlite::Result<StoredGame> {
    if !compacted {
        let mut moves = conn.prepare_cached(SELECT_MOVES)?;
        game.moves = moves.query_map([&game.code], |r| r.get(0))?.collect::<rusqlite::Result<Vec<String>>>()?;
    }
    Ok(game)
}

/// A game's row, with its moves when it is compacted (and whether it is).
pub(super) fn stored_game(r: &rusqlite::Row) -> rusqlite::Result<(StoredGame, bool)> {
    let winner: Option<String> = r.get(6)?;
    let how: Option<String> = r.get(7)?;
    let record: Option<String> = r.get(10)?;
    let game = StoredGame {
        code: r.get(0)?,
        rows: r.get(1)?,
        cols: r.get(2)?,
        round: r.get(3)?,
        tokens: [r.get(4)?, r.get(5)?],
        moves: record.as_deref().map(record_moves).unwrap_or_default(),
        outcome: outcome_from(winner.as_deref(), how.as_deref()),
        created: r.get(8)?,
        watch: r.get(9)?,
        clock: r.get(11)?,
    };
    Ok((game, record.is_some()))
}

/// The log (write-ahead log) of the SQLite database at `path`.
pub fn log_path(path: &Path) -> PathBuf {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    PathBuf::from(wal)
}

/// How often the checkpoint thread folds the log into the database, passively.
pub(super) const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Checkpoints the SQLite log at `path` into the database from a connection of its own, while
/// `writing` holds, passively: it never makes the writer wait, so no acknowledgement waits for
/// it. Under a steady load a passive checkpoint never catches up with the writer, and the log
/// only grows; so the writer itself folds in the rest and truncates the log whenever it passes
/// its limit (see `Sqlite::tidy`), a short step since this thread has copied most of it.
pub(super) fn checkpoint_sqlite(path: &Path, writing: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    let Ok(checkpoints) = Connection::open(path) else { return };
    let _ = std::thread::Builder::new().name("konane-checkpoint".into()).spawn(move || {
        let _ = checkpoints.busy_timeout(std::time::Duration::from_secs(5));
        while writing.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(CHECKPOINT_EVERY);
            let _ = checkpoints.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
        }
    });
}

/// The log's size past which it is folded in and truncated at once, by default.
pub const LOG_LIMIT: u64 = 16 << 20;
