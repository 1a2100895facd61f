//! Games kept in PostgreSQL, shared by several `konane serve` processes.
//!
//! The tables are the SQLite store's (same names, columns and conditions; BIGINT for the
//! Unix times). Changes are written by [`Writer`]s (several connections, each game always
//! through the same one, each batch's statements pipelined in one transaction); each change
//! first locks its game's row, so two servers changing one game take turns, and a change
//! whose condition no longer holds (the move is not the next one, the game already ended, the
//! seat was taken) fails as a conflict. Every committed change is told to the other servers with `NOTIFY konane`
//! ([`Note`]), in the same transaction; each server `LISTEN`s on a connection of its own and
//! brings the games it holds in memory up to date (see the server's `follow_notes`).
//!
//! The postgres client is synchronous: it runs on threads of its own, never on the async
//! runtime's threads.

use std::sync::mpsc;
use std::time::Duration;

use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::{Client, NoTls};
use serde::{Deserialize, Serialize};

use super::protocol::Colour;
use super::store::{self, Backend, Op, StoredGame};

mod writer;
pub use writer::Writer;

/// The channel every note goes out on.
pub const CHANNEL: &str = "konane";

/// What one server tells the others about a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// The server that sent it (a random number per process).
    pub from: u64,
    /// The game.
    pub code: String,
    /// What happened.
    pub ev: NoteEv,
}

/// What happened to a game, as told between servers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoteEv {
    /// Something kept changed (a seat, a move, a take-back, the end, a new round): read it.
    Changed,
    /// A seated player asked to take back a move.
    UndoAsked {
        /// Who asked.
        by: Colour,
    },
    /// The take-back was declined.
    UndoDeclined {
        /// Who declined.
        by: Colour,
    },
    /// A seated player asked for a rematch.
    RematchAsked {
        /// Who asked.
        by: Colour,
    },
    /// The sender has (or no longer has) a connection holding this seat; said again every
    /// few seconds while it lasts.
    Presence {
        /// The seat.
        colour: Colour,
        /// Connected to the sender.
        connected: bool,
    },
    /// The sender has just taken the game into memory: who holds its seats?
    Ask,
    /// A player resumed this seat with its token on the sender (at this Unix time, in
    /// microseconds): a server whose connection took the seat earlier closes it (`replaced`).
    SeatTaken {
        /// The seat.
        colour: Colour,
        /// When it was taken.
        at: u64,
    },
    /// The listening connection was lost and is back: notes may have been missed, so every
    /// game in memory is read again (sent by a server to itself).
    Resync,
}

impl Note {
    /// The note as sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A note as received, if it is one.
    pub fn parse(text: &str) -> Option<Note> {
        serde_json::from_str(text).ok()
    }
}

/// `?N` parameters as PostgreSQL's `$N`.
fn pg(sql: &str) -> String {
    sql.replace('?', "$")
}

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
     CREATE TABLE IF NOT EXISTS games (
        code TEXT PRIMARY KEY,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        created BIGINT NOT NULL,
        black_token TEXT,
        white_token TEXT,
        winner TEXT,
        how TEXT,
        ended BIGINT,
        record TEXT,
        clock TEXT
     );
     CREATE TABLE IF NOT EXISTS moves (
        code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        PRIMARY KEY (code, ply)
     );
     CREATE INDEX IF NOT EXISTS games_ended ON games(ended);
     CREATE TABLE IF NOT EXISTS watch_codes (
        watch TEXT PRIMARY KEY,
        code TEXT NOT NULL UNIQUE REFERENCES games(code) ON DELETE CASCADE
     );
     ALTER TABLE games ADD COLUMN IF NOT EXISTS record TEXT;
     ALTER TABLE games ADD COLUMN IF NOT EXISTS clock TEXT;";

/// The store's `MOVE` with the parameters' types spelled out (PostgreSQL cannot infer them
/// in an `INSERT … SELECT`).
const MOVE: &str = "INSERT INTO moves (code, ply, mv) SELECT $1::TEXT, $2::INTEGER, $3::TEXT
     WHERE EXISTS (SELECT 1 FROM games WHERE code = $1::TEXT AND how IS NULL)
       AND (SELECT count(*) FROM moves WHERE code = $1::TEXT) = $2::INTEGER";

/// The store's `EXPAND` in PostgreSQL's words: a compacted game's moves before `$2` as rows.
const EXPAND: &str = "INSERT INTO moves (code, ply, mv)
     SELECT $1::TEXT, (t.n - 1)::INTEGER, t.mv
     FROM games g, unnest(string_to_array(g.record, ' ')) WITH ORDINALITY AS t(mv, n)
     WHERE g.code = $1::TEXT AND g.record <> '' AND t.n - 1 < $2::INTEGER";

/// Connects, naming the database (without its password) when that fails.
pub fn connect(url: &str) -> Result<Client, String> {
    Client::connect(url, NoTls)
        .map_err(|e| format!("cannot connect to the database {}: {e}", store::hide_password(url)))
}

/// A connection that makes the tables and reads games (changes go through [`Writer`]s).
pub struct Postgres {
    client: Client,
}

impl Postgres {
    /// Connects and makes the tables if they are missing (two servers starting at once are
    /// told apart by an advisory lock); checks the schema's version.
    pub fn open(url: &str) -> Result<Postgres, String> {
        let mut client = connect(url)?;
        let shown = store::hide_password(url);
        let mut setup = || -> Result<Option<i64>, ::postgres::Error> {
            let mut t = client.transaction()?;
            t.execute("SELECT pg_advisory_xact_lock(7411)", &[])?;
            t.batch_execute(SCHEMA)?;
            let version: Option<i64> =
                t.query_opt("SELECT value FROM meta WHERE key = 'schema'", &[])?.map(|r| r.get(0));
            if store::schema_step(version, &shown).unwrap_or(false) {
                t.batch_execute(store::COMPACT_FINISHED)?;
                t.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema', $1)
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                    &[&store::SCHEMA_VERSION],
                )?;
            }
            t.commit()?;
            Ok(version)
        };
        let version = setup().map_err(|e| format!("{shown}: cannot set up the tables: {e}"))?;
        store::schema_step(version, &shown)?;
        Ok(Postgres { client })
    }
}

/// A game's row, with its moves when it is compacted (and whether it is).
fn stored_game(row: &::postgres::Row) -> (StoredGame, bool) {
    let winner: Option<String> = row.get(6);
    let how: Option<String> = row.get(7);
    let record: Option<String> = row.get(10);
    let game = StoredGame {
        code: row.get(0),
        rows: row.get::<_, i32>(1) as u8,
        cols: row.get::<_, i32>(2) as u8,
        round: row.get::<_, i32>(3) as u32,
        tokens: [row.get(4), row.get(5)],
        moves: record.as_deref().map(store::record_moves).unwrap_or_default(),
        outcome: store::outcome_from(winner.as_deref(), how.as_deref()),
        created: row.get(8),
        watch: row.get(9),
        clock: row.get(11),
    };
    (game, record.is_some())
}

impl Postgres {
    /// `game` with its moves read from their rows (a compacted game has them already).
    fn with_moves(&mut self, (mut game, compacted): (StoredGame, bool)) -> Result<StoredGame, ::postgres::Error> {
        if !compacted {
            let moves = self.client.query(&pg(store::SELECT_MOVES), &[&game.code])?;
            game.moves = moves.iter().map(|r| r.get(0)).collect();
        }
        Ok(game)
    }
}

impl Backend for Postgres {
    fn apply(&mut self, _ops: &[&Op]) -> Result<(), String> {
        Err("changes are written through the writers (see writer.rs)".into())
    }

    fn load_code(&mut self, code: &str) -> Result<Option<StoredGame>, String> {
        let e = |e: ::postgres::Error| format!("cannot read game {code}: {e}");
        let Some(row) = self.client.query_opt(&pg(store::SELECT_GAME), &[&code]).map_err(e)? else {
            return Ok(None);
        };
        self.with_moves(stored_game(&row)).map(Some).map_err(e)
    }

    fn load(&mut self, now: i64) -> Result<Vec<StoredGame>, String> {
        let since = now - store::KEEP_FINISHED_SECS;
        let rows = self.client.query(&pg(store::SELECT_RECENT), &[&since]).map_err(|e| e.to_string())?;
        rows.iter().map(|row| self.with_moves(stored_game(row)).map_err(|e| e.to_string())).collect()
    }
}

type LoadReply = mpsc::Sender<Result<Option<StoredGame>, String>>;

/// A [`Backend`] that reads on a thread of its own (the postgres client must not run on the
/// async runtime's threads); only [`Backend::load_code`] is used through it.
pub struct Reader {
    ask: mpsc::Sender<(String, LoadReply)>,
}

impl Reader {
    /// Starts the reading thread on its own connection.
    pub fn start(url: &str) -> Result<Reader, String> {
        let mut db = Postgres::open(url)?;
        let (ask, asked) = mpsc::channel::<(String, LoadReply)>();
        std::thread::Builder::new()
            .name("konane-pg-reader".into())
            .spawn(move || {
                while let Ok((code, reply)) = asked.recv() {
                    let _ = reply.send(db.load_code(&code));
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(Reader { ask })
    }
}

impl Backend for Reader {
    fn apply(&mut self, _ops: &[&Op]) -> Result<(), String> {
        Err("the reader keeps nothing".into())
    }

    fn load_code(&mut self, code: &str) -> Result<Option<StoredGame>, String> {
        let (reply, answer) = mpsc::channel();
        self.ask.send((code.to_string(), reply)).map_err(|_| "the database reader has stopped".to_string())?;
        answer.recv().map_err(|_| "the database reader has stopped".to_string())?
    }

    fn load(&mut self, _now: i64) -> Result<Vec<StoredGame>, String> {
        Err("not read through the reader".into())
    }
}

/// Connects for listening: `LISTEN konane` on a connection of its own.
fn listening(url: &str) -> Result<Client, String> {
    let mut c = connect(url)?;
    c.batch_execute(&format!("LISTEN {CHANNEL}")).map_err(|e| e.to_string())?;
    Ok(c)
}

/// Listens for the other servers' notes on a connection of its own, made before it returns
/// (so no note committed after that is missed), and hands each one's text to `deliver` on a
/// thread until it returns false. An empty text now and then asks whether anyone still
/// listens. A lost connection is made again (every second) and followed by a
/// [`NoteEv::Resync`] note from `server` to itself.
pub fn listen(
    url: String,
    server: u64,
    mut deliver: impl FnMut(String) -> bool + Send + 'static,
) -> Result<(), String> {
    let first = listening(&url)?;
    std::thread::Builder::new()
        .name("konane-pg-listen".into())
        .spawn(move || {
            let mut client = Some(first);
            loop {
                let mut c = match client.take().map_or_else(|| listening(&url), Ok) {
                    Ok(c) => c,
                    Err(e) => {
                        eprintln!("{}: not listening to the other servers: {e}", crate::program());
                        std::thread::sleep(Duration::from_secs(1));
                        continue;
                    }
                };
                if !follow(&mut c, &mut deliver) {
                    return;
                }
                // Back after a lost connection: notes may have been missed.
                if !deliver(Note { from: server, code: String::new(), ev: NoteEv::Resync }.to_text()) {
                    return;
                }
            }
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Hands on the notes of one listening connection until it is lost (true) or `deliver`
/// says to stop (false).
fn follow(client: &mut Client, deliver: &mut impl FnMut(String) -> bool) -> bool {
    loop {
        let next = client.notifications().timeout_iter(Duration::from_secs(1)).next();
        let text = match next {
            Ok(Some(n)) => n.payload().to_string(),
            Ok(None) if client.is_closed() => return true,
            // A heartbeat to the caller: is anyone still listening?
            Ok(None) => String::new(),
            Err(_) => return true,
        };
        if !deliver(text) {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_sent_and_anything_else_is_no_note() {
        let n =
            Note { from: 7, code: "ABC234".into(), ev: NoteEv::Presence { colour: Colour::White, connected: true } };
        assert_eq!(Note::parse(&n.to_text()), Some(n));
        assert_eq!(Note::parse("{\"from\":1}"), None);
        assert_eq!(Note::parse(""), None);
    }

    #[test]
    fn parameters_are_numbered_the_postgres_way() {
        assert_eq!(pg("SELECT ?1, ?2"), "SELECT $1, $2");
        assert!(!pg(store::MOVE).contains('?'));
    }
}
