//! The writing connections to PostgreSQL: each keeps its batches in one transaction whose
//! statements go out together (pipelined, one round trip for the whole batch instead of three
//! per change), and several of them write at once, each for its share of the games.
//!
//! A change that must change one row (a seat taken, the next move, the end, a new round) is
//! written so that changing none is an error (`1 / count` of the rows it changed), which
//! aborts the transaction: the statements after it fail, and its `COMMIT` rolls back. The
//! game's row is locked by a statement of its own before each change, so the change after
//! it reads what the other servers committed meanwhile.

use std::future::Future;
use std::pin::Pin;

use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, NoTls, Statement};

use super::{CHANNEL, Note, NoteEv, pg};
use crate::protocol::Colour;
use crate::store::{self, Backend, CONFLICT, Op, StoredGame};

/// One parameter, owned until the batch is sent.
type Param = Box<dyn ToSql + Sync + Send>;

/// The statements a writing connection prepares once.
struct Prepared {
    lock: Statement,
    create: Statement,
    watch: Statement,
    seat: [Statement; 2],
    mv: Statement,
    expand: Statement,
    truncate_moves: Statement,
    truncate_game: Statement,
    end: Statement,
    compact: Statement,
    delete_moves: Statement,
    rematch_game: Statement,
    clock: Statement,
    notify: Statement,
}

/// `sql`, which changes rows and returns one for each, as a statement that fails unless it
/// changed exactly one (a division by zero when it changed none).
fn exactly_one(sql: &str) -> String {
    format!("WITH changed AS ({sql} RETURNING 1) SELECT 1 / (SELECT count(*)::int FROM changed)")
}

impl Prepared {
    async fn new(client: &Client) -> Result<Prepared, tokio_postgres::Error> {
        let p = |sql: String| async move { client.prepare(&sql).await };
        Ok(Prepared {
            lock: p("SELECT 1 FROM games WHERE code = $1 FOR UPDATE".into()).await?,
            create: p(pg(store::CREATE)).await?,
            watch: p(pg(store::WATCH)).await?,
            seat: [p(exactly_one(&pg(store::SEAT_BLACK))).await?, p(exactly_one(&pg(store::SEAT_WHITE))).await?],
            mv: p(exactly_one(super::MOVE)).await?,
            expand: p(super::EXPAND.into()).await?,
            truncate_moves: p(pg(store::TRUNCATE_MOVES)).await?,
            truncate_game: p(pg(store::TRUNCATE_GAME)).await?,
            end: p(exactly_one(&pg(store::END))).await?,
            compact: p(pg(store::COMPACT_GAME)).await?,
            delete_moves: p(pg(store::DELETE_MOVES)).await?,
            rematch_game: p(exactly_one(&pg(store::REMATCH_GAME))).await?,
            clock: p(exactly_one(&pg(store::CLOCK))).await?,
            notify: p("SELECT pg_notify($1, $2)".into()).await?,
        })
    }
}

/// A connection that writes games, and tells the other servers of each change.
pub struct Writer {
    runtime: tokio::runtime::Runtime,
    /// The connection and its statements (none after it was lost, until it is made again).
    client: Option<(Client, Prepared)>,
    url: String,
    /// This server, for the notes it sends.
    server: u64,
}

impl Writer {
    /// Connects (the tables were made by [`super::Postgres::open`]).
    pub fn open(url: &str, server: u64) -> Result<Writer, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the database writer: {e}"))?;
        let mut w = Writer { runtime, client: None, url: url.to_string(), server };
        w.connected()?;
        Ok(w)
    }

    /// Makes the tables if they are missing (see [`super::Postgres::open`]), then connects.
    pub fn open_with_tables(url: &str, server: u64) -> Result<Writer, String> {
        drop(super::Postgres::open(url)?);
        Writer::open(url, server)
    }

    /// The connection, made again if it was lost.
    fn connected(&mut self) -> Result<&(Client, Prepared), String> {
        if self.client.as_ref().is_some_and(|(c, _)| c.is_closed()) {
            self.client = None;
        }
        if self.client.is_none() {
            let url = self.url.clone();
            let made = self.runtime.block_on(async move {
                let (client, connection) = tokio_postgres::connect(&url, NoTls).await?;
                tokio::spawn(async move {
                    let _ = connection.await;
                });
                let prepared = Prepared::new(&client).await?;
                Ok::<_, tokio_postgres::Error>((client, prepared))
            });
            let made =
                made.map_err(|e| format!("cannot connect to the database {}: {e}", store::hide_password(&self.url)))?;
            self.client = Some(made);
        }
        Ok(self.client.as_ref().expect("connected"))
    }
}

/// The statements of one change, in order, with their parameters.
fn statements<'a>(p: &'a Prepared, op: &Op, server: u64, out: &mut Vec<(&'a Statement, Vec<Param>)>) {
    let code = |c: &str| -> Param { Box::new(c.to_string()) };
    if let Some(c) = op.code()
        && !matches!(op, Op::Create { .. })
    {
        // Changes to one game from several servers take turns.
        out.push((&p.lock, vec![code(c)]));
    }
    match op {
        Op::Create { code: c, rows, cols, created, tokens, watch } => {
            let params: Vec<Param> = vec![
                code(c),
                Box::new(*rows as i32),
                Box::new(*cols as i32),
                Box::new(*created),
                Box::new(tokens[0].clone()),
                Box::new(tokens[1].clone()),
            ];
            out.push((&p.create, params));
            if let Some(w) = watch {
                out.push((&p.watch, vec![code(w), code(c)]));
            }
        }
        Op::Seat { code: c, colour, token } => {
            let i = match colour {
                Colour::Black => 0,
                Colour::White => 1,
            };
            out.push((&p.seat[i], vec![code(c), code(token)]));
        }
        Op::Move { code: c, ply, mv } => out.push((&p.mv, vec![code(c), Box::new(*ply as i32), code(mv)])),
        Op::Truncate { code: c, from_ply } => {
            out.push((&p.expand, vec![code(c), Box::new(*from_ply as i32)]));
            out.push((&p.truncate_moves, vec![code(c), Box::new(*from_ply as i32)]));
            out.push((&p.truncate_game, vec![code(c)]));
        }
        Op::End { code: c, outcome, at } => {
            let winner: Option<String> = outcome.winner.map(|w| store::colour_name(w).to_string());
            let how = store::how_name(outcome.how);
            out.push((&p.end, vec![code(c), Box::new(winner), code(how), Box::new(*at)]));
            out.push((&p.compact, vec![code(c)]));
            out.push((&p.delete_moves, vec![code(c)]));
        }
        Op::Rematch { code: c, round } => {
            out.push((&p.delete_moves, vec![code(c)]));
            out.push((&p.rematch_game, vec![code(c), Box::new(*round as i32)]));
        }
        Op::Clock { code: c, clock } => out.push((&p.clock, vec![code(c), code(clock)])),
        Op::Notify { note, .. } => out.push((&p.notify, vec![code(CHANNEL), code(note)])),
    }
    if let Some(c) = op.code() {
        let changed = Note { from: server, code: c.to_string(), ev: NoteEv::Changed }.to_text();
        // Delivered at the commit; the same text twice in one transaction is delivered once.
        out.push((&p.notify, vec![code(CHANNEL), code(&changed)]));
    }
}

/// What a failed statement says: a change whose condition no longer holds (none changed, or
/// the move's number taken meanwhile) is a [`CONFLICT`].
fn failure(e: &tokio_postgres::Error) -> String {
    use tokio_postgres::error::SqlState;
    match e.code() {
        Some(c) if *c == SqlState::DIVISION_BY_ZERO || *c == SqlState::UNIQUE_VIOLATION => CONFLICT.to_string(),
        _ => e.to_string(),
    }
}

type Pending<'a> = Pin<Box<dyn Future<Output = Result<u64, tokio_postgres::Error>> + 'a>>;

impl Backend for Writer {
    fn apply(&mut self, ops: &[&Op]) -> Result<(), String> {
        let server = self.server;
        self.connected()?;
        let Writer { runtime, client: held, .. } = self;
        let (client, prepared) = held.as_ref().expect("connected");
        let mut list = Vec::new();
        for op in ops {
            statements(prepared, op, server, &mut list);
        }
        let params: Vec<Vec<&(dyn ToSql + Sync)>> =
            list.iter().map(|(_, ps)| ps.iter().map(|b| b.as_ref() as &(dyn ToSql + Sync)).collect()).collect();
        let result = runtime.block_on(async {
            // Everything goes out at once: BEGIN, every statement, COMMIT.
            let begin = client.batch_execute("BEGIN");
            let mut pending: Vec<Pending> = Vec::with_capacity(list.len());
            for ((statement, _), ps) in list.iter().zip(&params) {
                pending.push(Box::pin(client.execute(*statement, ps)));
            }
            let commit = client.batch_execute("COMMIT");
            let (began, done, committed) =
                futures_util::future::join3(begin, futures_util::future::join_all(pending), commit).await;
            began.map_err(|e| e.to_string())?;
            // The first failure is the cause; the ones after it only say the transaction was
            // aborted (and its COMMIT rolled back).
            if let Some(e) = done.iter().find_map(|r| r.as_ref().err()) {
                return Err(failure(e));
            }
            committed.map_err(|e| failure(&e))
        });
        let lost = result.is_err() && client.is_closed();
        if lost {
            *held = None;
        }
        result
    }

    fn load_code(&mut self, _code: &str) -> Result<Option<StoredGame>, String> {
        Err("the writer reads nothing".into())
    }

    fn load(&mut self, _now: i64) -> Result<Vec<StoredGame>, String> {
        Err("the writer reads nothing".into())
    }
}
