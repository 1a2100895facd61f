//! The player's history (engine-free): every finished game, the rating against the computer's
//! levels, puzzle attempts and milestones, in one SQLite file in the data directory.
//!
//! - WAL journal, `synchronous = FULL`: a finished game is one transaction, so a crash or a
//!   `kill -9` at any moment leaves a readable file that lacks at most the game being written.
//! - One schema, grown by numbered migrations (`PRAGMA user_version`), stamped with the game's
//!   `application_id` so a foreign SQLite file is never taken for ours.
//! - A damaged or foreign file is reported and set aside (renamed, never deleted), the games
//!   that can still be read from it are carried over, and a fresh file takes its place. A file
//!   written by a newer version is only read. A directory that cannot be written gives a
//!   history that is only read (or none), never a failed start.

pub mod legacy_puzzles;
pub mod milestones;
pub mod puzzles;
mod schema;
pub mod stats;

use crate::ai::Level;
use crate::rating::{self, Rating};
use crate::rules::{Color as Side, Game};
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
pub use schema::SCHEMA_VERSION;
#[cfg(test)]
use schema::{APPLICATION_ID, MIGRATIONS};
use schema::{Verdict, migrate, verdict};
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const FILE_NAME: &str = "history.sqlite";

/// Who played a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this screen.
    Person,
    /// The computer at a level.
    Computer(Level),
    /// A friend online.
    Friend,
}

impl Player {
    /// The word stored for it: `person`, `friend` or the level's name in lower case.
    pub fn word(self) -> String {
        match self {
            Player::Person => "person".into(),
            Player::Friend => "friend".into(),
            Player::Computer(l) => l.name().to_lowercase(),
        }
    }

    /// Reads [`Player::word`] back.
    pub fn from_word(word: &str) -> Option<Player> {
        match word {
            "person" => Some(Player::Person),
            "friend" => Some(Player::Friend),
            other => other.parse().ok().map(Player::Computer),
        }
    }
}

/// A finished game, as the history keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// When it ended (Unix seconds).
    pub finished_at: i64,
    /// Who played Black and White.
    pub players: [Player; 2],
    /// The side of the one person at this screen, if exactly one played.
    pub you: Option<Side>,
    /// Who won.
    pub winner: Side,
    /// Whether the loser resigned (else it had no jump left).
    pub resigned: bool,
    /// Whether a move was taken back during the game (it is then unrated).
    pub took_back: bool,
    /// The game with its moves.
    pub game: Game,
}

impl FinishedGame {
    /// The level of the computer you played, if this was you against the computer.
    pub fn opponent_level(&self) -> Option<Level> {
        match self.players[self.you?.opponent().index()] {
            Player::Computer(l) => Some(l),
            _ => None,
        }
    }

    /// Whether the game moves your rating: you against the computer, no take-back, on a board
    /// of at least 6 by 6 (smaller boards are decided in a few moves).
    pub fn is_rated(&self) -> bool {
        self.opponent_level().is_some() && !self.took_back && rated_board(self.game.geometry())
    }

    /// Whether you won (`None` without exactly one person).
    pub fn you_won(&self) -> Option<bool> {
        self.you.map(|y| y == self.winner)
    }

    /// The most stones one of your moves took.
    pub fn longest_jump(&self) -> u32 {
        let Some(you) = self.you else { return 0 };
        let mut game = Game::from_position(*self.game.start());
        let mut longest = 0;
        for mv in self.game.moves() {
            if game.to_move() == you && !mv.is_removal() {
                longest = longest.max(mv.hops() as u32);
            }
            if game.play(mv).is_err() {
                break;
            }
        }
        longest
    }
}

/// Whether games on this board are rated: at least 6 by 6 (smaller boards are decided in a
/// few moves, and the levels were calibrated on 8×8).
pub fn rated_board(geo: &crate::rules::Geometry) -> bool {
    geo.rows() >= 6 && geo.cols() >= 6
}

/// A rating before and after a game or a puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// Before.
    pub before: Rating,
    /// After.
    pub after: Rating,
}

impl RatingChange {
    /// The change in whole points, as shown (`+12`, `-7`).
    pub fn points(&self) -> i64 {
        self.after.rating.round() as i64 - self.before.rating.round() as i64
    }
}

/// What recording a game did.
#[derive(Clone, Debug, PartialEq)]
pub struct Recorded {
    /// Its number in the history.
    pub id: i64,
    /// The rating change, if it was rated.
    pub rating: Option<RatingChange>,
    /// Milestones it earned (each is earned once).
    pub milestones: Vec<&'static milestones::Milestone>,
}

/// The fixed rating of each computer level, calibrated with `konane match` on 8×8 (see
/// docs/ratings.md for the matches behind each number). A new player starts at 1500, between
/// Easy and Medium.
pub fn level_rating(level: Level) -> Rating {
    let r = match level {
        Level::Beginner => 1000.0,
        Level::Easy => 1380.0,
        Level::Medium => 1620.0,
        Level::Hard => 1890.0,
        Level::Strong => 2400.0,
        Level::Expert => 2700.0,
    };
    Rating { rating: r, deviation: 60.0, volatility: 0.06 }
}

/// The level that gives a player of `rating` the most even chances.
pub fn even_level(rating: &Rating) -> Level {
    let off = |l: Level| (rating.expected_score(&level_rating(l)) - 0.5).abs();
    // Weakest first, and a later level only when clearly nearer: a tie goes to the weaker.
    Level::ALL.into_iter().fold(Level::Beginner, |best, l| if off(l) < off(best) - 1e-9 { l } else { best })
}

/// As [`even_level`], but a tie goes to `chosen` (the level the player has picked), so the
/// advice never contradicts the level on the button when both are as even.
pub fn even_level_or(rating: &Rating, chosen: Level) -> Level {
    let off = |l: Level| (rating.expected_score(&level_rating(l)) - 0.5).abs();
    let even = even_level(rating);
    if (off(chosen) - off(even)).abs() <= 1e-9 { chosen } else { even }
}

/// Why the history could not be used as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file was damaged: set aside under `set_aside`, with `recovered` games carried over.
    Damaged {
        /// What was wrong.
        reason: String,
        /// Where the file is now.
        set_aside: PathBuf,
        /// Games read from it into the fresh file.
        recovered: usize,
    },
    /// The file is some other program's SQLite database: set aside.
    Foreign {
        /// Where the file is now.
        set_aside: PathBuf,
    },
    /// A newer version of the game wrote it: it is read, never written.
    Newer {
        /// Its schema version.
        version: i64,
    },
    /// It cannot be written (a read-only directory or file): read only, if at all.
    ReadOnly {
        /// What the system said.
        reason: String,
    },
    /// There is no history this time (the file could not be opened or made).
    Unavailable {
        /// What the system said.
        reason: String,
    },
}

impl std::fmt::Display for Problem {
    /// One line: what the system said and the paths are shown with control characters
    /// escaped (a path may hold any bytes).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let said = |reason: &str| crate::rules::quote::escaped(reason);
        let path = |p: &Path| crate::files::show_path(p);
        match self {
            Problem::Damaged { reason, set_aside, recovered } => write!(
                f,
                "the history was damaged ({}); it was set aside as {} and {recovered} games were recovered",
                said(reason),
                path(set_aside)
            ),
            Problem::Foreign { set_aside } => {
                write!(f, "the history file belonged to another program; it was set aside as {}", path(set_aside))
            }
            Problem::Newer { version } => {
                write!(f, "the history was written by a newer version (schema {version}); it is only read")
            }
            Problem::ReadOnly { reason } => {
                write!(f, "the history cannot be written ({}); it is only read", said(reason))
            }
            Problem::Unavailable { reason } => write!(f, "no history is kept this time ({})", said(reason)),
        }
    }
}

/// An error from the history, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryError(pub String);

impl std::fmt::Display for HistoryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::rules::quote::escaped(&self.0))
    }
}

impl std::error::Error for HistoryError {}

impl From<rusqlite::Error> for HistoryError {
    fn from(e: rusqlite::Error) -> Self {
        HistoryError(e.to_string())
    }
}

/// The player's history, open.
pub struct History {
    conn: Connection,
    path: PathBuf,
    writable: bool,
}

impl std::fmt::Debug for History {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History").field("path", &self.path).field("writable", &self.writable).finish()
    }
}

/// Whether an SQLite error says the file is not (or no longer) a sound database.
fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase))
}

/// Whether an SQLite error says the file or its directory cannot be written.
fn is_read_only(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::PermissionDenied)
    )
}

/// Unix seconds now.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl History {
    /// Opens (or makes) the history at `path`. Never fails: what went wrong is the problem
    /// beside the history, and without a history the game plays on and keeps nothing.
    pub fn open(path: &Path) -> (Option<History>, Option<Problem>) {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            let _ = std::fs::create_dir_all(dir);
        }
        match History::open_writable(path) {
            Ok((h, problem)) => (Some(h), problem),
            Err(e) if is_read_only(&e) || path_is_read_only(path) => {
                let reason = e.to_string();
                match History::open_read_only(path) {
                    Ok(h) => (Some(h), Some(Problem::ReadOnly { reason })),
                    Err(_) => (None, Some(Problem::Unavailable { reason })),
                }
            }
            Err(e) if is_damage(&e) => match set_aside(path) {
                Ok(set_aside) => {
                    let recovered = salvage(&set_aside, path);
                    let problem = Problem::Damaged { reason: e.to_string(), set_aside, recovered: recovered.1 };
                    match recovered.0 {
                        Some(h) => (Some(h), Some(problem)),
                        None => (None, Some(problem)),
                    }
                }
                Err(reason) => (None, Some(Problem::Unavailable { reason })),
            },
            Err(e) => (None, Some(Problem::Unavailable { reason: e.to_string() })),
        }
    }

    /// Opens for writing; a foreign file is set aside here, a newer one opened read-only.
    fn open_writable(path: &Path) -> rusqlite::Result<(History, Option<Problem>)> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        match verdict(&conn)? {
            Verdict::Foreign => {
                drop(conn);
                let set_aside = set_aside(path).map_err(|e| rusqlite::Error::InvalidPath(PathBuf::from(e)))?;
                let (h, _) = History::open_writable(path)?;
                return Ok((h, Some(Problem::Foreign { set_aside })));
            }
            Verdict::Newer(version) => {
                drop(conn);
                return Ok((History::open_read_only(path)?, Some(Problem::Newer { version })));
            }
            Verdict::Ours => {}
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&conn)?;
        // Reads every game row, so a truncated or scrambled file shows now, not mid-game.
        conn.query_row("PRAGMA quick_check", [], |r| r.get::<_, String>(0)).and_then(|s| {
            if s == "ok" {
                Ok(())
            } else {
                Err(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CORRUPT), Some(s)))
            }
        })?;
        Ok((History { conn, path: path.to_path_buf(), writable: true }, None))
    }

    /// Opens for reading only (a read-only directory, or a newer version's file).
    fn open_read_only(path: &Path) -> rusqlite::Result<History> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = match Connection::open_with_flags(path, flags) {
            Ok(c) if c.query_row("SELECT COUNT(*) FROM games", [], |_| Ok(())).is_ok() => c,
            // Without write access to the directory a WAL file cannot be shared: read it as
            // an unchanging file.
            _ => Connection::open_with_flags(format!("file:{}?immutable=1", uri_path(path)), flags)?,
        };
        conn.query_row("SELECT COUNT(*) FROM games", [], |_| Ok(()))?;
        Ok(History { conn, path: path.to_path_buf(), writable: false })
    }

    /// Whether games can be recorded.
    pub fn writable(&self) -> bool {
        self.writable
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The connection, for the statistics' queries.
    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    fn check_writable(&self) -> Result<(), HistoryError> {
        if self.writable {
            Ok(())
        } else {
            Err(HistoryError(format!("{} is only read", crate::files::show_path(&self.path))))
        }
    }

    /// Your rating now: after your last rated game (a new player's before any).
    pub fn rating(&self) -> Result<Rating, HistoryError> {
        Ok(last_rating(&self.conn)?)
    }

    /// Number of rated games.
    pub fn rated_games(&self) -> Result<u64, HistoryError> {
        Ok(self.conn.query_row("SELECT COUNT(*) FROM games WHERE rated = 1", [], |r| r.get::<_, i64>(0))? as u64)
    }

    /// Records a finished game in one transaction, with its rating change when rated, and the
    /// milestones it earned.
    pub fn record(&mut self, game: &FinishedGame) -> Result<Recorded, HistoryError> {
        self.check_writable()?;
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let recorded = insert_game(&tx, game)?;
        let earned = milestones::award(&tx, game.finished_at)?;
        tx.commit()?;
        Ok(Recorded { milestones: earned, ..recorded })
    }

    /// Records many games in one transaction (for tests and the benchmark): no milestones.
    pub fn record_many(&mut self, games: &[FinishedGame]) -> Result<(), HistoryError> {
        self.check_writable()?;
        let tx = self.conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        for g in games {
            insert_game(&tx, g)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The record text of game `id`.
    pub fn record_text(&self, id: i64) -> Result<String, HistoryError> {
        self.conn
            .query_row("SELECT text FROM records WHERE game = ?1", [id], |r| r.get(0))
            .optional()?
            .ok_or_else(|| HistoryError(format!("no game {id} in the history")))
    }
}

/// Inserts one game and its record; computes the rating change from the last rated game.
fn insert_game(tx: &Connection, game: &FinishedGame) -> Result<Recorded, HistoryError> {
    let rating = if game.is_rated() {
        let before = last_rating(tx)?;
        let level = game.opponent_level().map(level_rating).unwrap_or(rating::START);
        let score = if game.you_won() == Some(true) { 1.0 } else { 0.0 };
        let after = before.after(&[rating::Game { opponent: level, score }], rating::TAU);
        Some(RatingChange { before, after })
    } else {
        None
    };
    let side = |s: Option<Side>| s.map(|s| s.name().to_lowercase());
    let geo = game.game.geometry();
    tx.execute(
        "INSERT INTO games(finished_at, rows, cols, black, white, you, winner, resigned, moves, took_back,
                           longest_jump, rated, rating, deviation, volatility)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            game.finished_at,
            geo.rows(),
            geo.cols(),
            game.players[0].word(),
            game.players[1].word(),
            side(game.you),
            side(Some(game.winner)),
            game.resigned,
            game.game.ply() as i64,
            game.took_back,
            game.longest_jump(),
            rating.is_some(),
            rating.map(|r| r.after.rating),
            rating.map(|r| r.after.deviation),
            rating.map(|r| r.after.volatility),
        ],
    )?;
    let id = tx.last_insert_rowid();
    let text = crate::rules::Record::of_game(&game.game).to_text();
    tx.execute("INSERT INTO records(game, text) VALUES (?1, ?2)", params![id, text])?;
    Ok(Recorded { id, rating, milestones: Vec::new() })
}

/// The rating after the last rated game whose rating can be read (a damaged or edited row is
/// passed over for the one before it); a new player's without one.
pub(super) fn last_rating(conn: &Connection) -> rusqlite::Result<Rating> {
    Ok(conn
        .query_row(
            "SELECT rating, deviation, volatility FROM games
             WHERE rated = 1 AND typeof(rating) IN ('real', 'integer') AND typeof(deviation) IN ('real', 'integer')
               AND typeof(volatility) IN ('real', 'integer')
               AND deviation > 0 AND deviation <= 1000 AND volatility > 0 AND volatility < 1
               AND rating BETWEEN -10000 AND 10000
             ORDER BY id DESC LIMIT 1",
            [],
            |r| Ok(Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? }),
        )
        .optional()?
        .unwrap_or(rating::START))
}

/// Whether the file (or, if it does not exist, its directory) cannot be written by us.
fn path_is_read_only(path: &Path) -> bool {
    let probe = if path.exists() { path.to_path_buf() } else { path.parent().unwrap_or(Path::new(".")).to_path_buf() };
    let Ok(c) = std::ffi::CString::new(probe.as_os_str().as_encoded_bytes()) else { return false };
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) != 0 }
}

/// A path for an SQLite URI (`?`, `#` and `%` escaped).
fn uri_path(path: &Path) -> String {
    let s = path.to_string_lossy();
    s.replace('%', "%25").replace('?', "%3f").replace('#', "%23")
}

/// Renames the file and its WAL and shared-memory files to `NAME.damaged-STAMP` (a number
/// added if that exists); returns the new name of the file.
fn set_aside(path: &Path) -> Result<PathBuf, String> {
    let stamp = now();
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| FILE_NAME.into());
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut target = dir.join(format!("{name}.damaged-{stamp}"));
    let mut n = 1;
    while target.exists() {
        target = dir.join(format!("{name}.damaged-{stamp}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target).map_err(|e| format!("cannot set {} aside: {e}", path.display()))?;
    for ext in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{ext}", path.display()));
        if side.exists() {
            let _ = std::fs::rename(&side, PathBuf::from(format!("{}{ext}", target.display())));
        }
    }
    Ok(target)
}

/// Opens a fresh history at `path` and copies into it every game (with its record and
/// rating) that can still be read from the damaged file `from`: a row or a page that cannot
/// be read costs only the games on it. Returns the history and the number of games carried
/// over.
fn salvage(from: &Path, path: &Path) -> (Option<History>, usize) {
    let Ok((mut fresh, _)) = History::open_writable(path) else { return (None, 0) };
    remove_stale_salvage(path.parent().unwrap_or(Path::new(".")));
    // Read from a copy extended with zeroed pages towards the length its header gives: a file
    // cut short otherwise fails as a whole (its schema names pages past the end), while a
    // zeroed page costs only what was on it.
    let copy = PathBuf::from(format!("{}{SALVAGE}", from.display()));
    let rows = padded_copy(from, &copy).ok().and_then(|_| read_games(&copy));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", copy.display()));
    }
    let Some(rows) = rows else { return (Some(fresh), 0) };
    let copied = copy_games(&mut fresh.conn, rows);
    (Some(fresh), copied)
}

/// The ending of a salvage's temporary copy (beside the file set aside).
const SALVAGE: &str = ".salvage";

/// Removes salvage copies a run stopped in the middle left in `dir` (killed, or out of disk).
fn remove_stale_salvage(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let ours = name.starts_with(FILE_NAME) && name.contains(".damaged-");
        if ours && ["", "-wal", "-shm"].iter().any(|ext| name.ends_with(&format!("{SALVAGE}{ext}"))) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Copies salvaged rows into a fresh history in one transaction, each game on its own (a row
/// the fresh schema refuses is passed over); returns how many were carried.
fn copy_games(conn: &mut Connection, rows: Vec<(Vec<rusqlite::types::Value>, String)>) -> usize {
    let Ok(mut tx) = conn.transaction() else { return 0 };
    let mut copied = 0;
    for (cols, text) in rows {
        let Ok(sp) = tx.savepoint() else { break };
        let ok = sp
            .execute(
                "INSERT INTO games(id, finished_at, rows, cols, black, white, you, winner, resigned, moves, took_back,
                                   longest_jump, rated, rating, deviation, volatility)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
                rusqlite::params_from_iter(cols.iter()),
            )
            .and_then(|_| sp.execute("INSERT INTO records(game, text) VALUES (?1, ?2)", params![cols[0], text]));
        // Dropping the savepoint uncommitted rolls that game back.
        if ok.is_ok() && sp.commit().is_ok() {
            copied += 1;
        }
    }
    if tx.commit().is_ok() { copied } else { 0 }
}

/// Copies `from` to `to` and, when its SQLite header gives more pages than the file holds,
/// extends the copy with zeroed pages towards that count: by at most three times the file's
/// own length (a header that lies costs nothing), as a sparse extension (nothing is allocated
/// or written for it).
fn padded_copy(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::io::Read;
    std::fs::copy(from, to)?;
    let mut file = std::fs::OpenOptions::new().read(true).write(true).open(to)?;
    let len = file.metadata()?.len();
    let mut head = [0u8; 100];
    if len < 100 || file.read_exact(&mut head).is_err() || !head.starts_with(b"SQLite format 3\0") {
        return Ok(());
    }
    let page = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n => u64::from(n),
    };
    let pages = u64::from(u32::from_be_bytes([head[28], head[29], head[30], head[31]]));
    let want = page.saturating_mul(pages).min(len.saturating_mul(4));
    if want > len {
        file.set_len(want)?;
    }
    Ok(())
}

/// The games rows (16 columns) readable from a damaged file, in order, each with its record
/// (empty when the record cannot be read: the game then still counts in the statistics and
/// the rating, but cannot be opened for review). When the walk over the table meets a page it
/// cannot read, the games after it are looked up one by one.
fn read_games(from: &Path) -> Option<Vec<(Vec<rusqlite::types::Value>, String)>> {
    const COLUMNS: &str = "SELECT id, finished_at, rows, cols, black, white, you, winner, resigned, moves, took_back,
                                  longest_jump, rated, rating, deviation, volatility FROM games";
    let conn = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    let whole = |row: &rusqlite::Row| (0..16).map(|i| row.get(i).ok()).collect::<Option<Vec<rusqlite::types::Value>>>();
    let mut games = Vec::new();
    let mut last: Option<i64> = None;
    let mut broken = false;
    {
        let mut stmt = conn.prepare(&format!("{COLUMNS} ORDER BY id")).ok()?;
        let mut rows = stmt.query([]).ok()?;
        loop {
            match rows.next() {
                Ok(Some(row)) => {
                    if let Some(cols) = whole(row) {
                        last = row.get(0).ok().or(last);
                        games.push(cols);
                    }
                }
                Ok(None) => break,
                Err(_) => {
                    broken = true;
                    break;
                }
            }
        }
    }
    if broken {
        // Past the page that broke the walk: each id up to the largest one still readable.
        let top: Option<i64> = conn.query_row("SELECT MAX(id) FROM games", [], |r| r.get(0)).ok().flatten();
        let mut one = conn.prepare(&format!("{COLUMNS} WHERE id = ?1")).ok()?;
        let from_id = last.map_or(1, |l| l.saturating_add(1));
        for id in from_id..=top.unwrap_or(0).min(from_id.saturating_add(1 << 20)) {
            if let Ok(Some(cols)) = one.query_row([id], |r| Ok(whole(r))) {
                games.push(cols);
            }
        }
    }
    // Each record on its own: a lost page costs only the records on it.
    let mut record = conn.prepare("SELECT text FROM records WHERE game = ?1").ok()?;
    Some(
        games
            .into_iter()
            .map(|cols| {
                let text = record.query_row([&cols[0]], |r| r.get::<_, String>(0)).unwrap_or_default();
                (cols, text)
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests;
