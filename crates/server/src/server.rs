//! `konane serve`: the authority of online games. It keeps every game with the rules core,
//! checks every move, and answers each connection in the protocol of [`super::protocol`].
//!
//! The hub (games in memory, who is connected) sits behind one mutex that is never held
//! across an `.await`. A change is applied to the hub and queued to the store while the lock
//! is held (so the store sees changes in the order the hub made them), and the players are
//! told only after the store has committed it. If the store fails, the game is dropped from
//! memory and its players are told: they resume from what the database kept.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_util::bytes::Bytes;
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

use super::code;
use super::postgres::{Note, NoteEv};
use super::protocol::{
    ClientMsg, Colour, EndReason, ErrorCode, GameView, MAX_CLIENT_FRAME, MAX_SERVER_FRAME, MIN_BOARD, Outcome,
    PROTOCOL_VERSION, SeatView, ServerMsg, codec, decode_client, encode,
};
use super::store::{Backend, Database, Op, Store, StoredGame};
use konane_core::rules::{Game, Geometry, Phase, notation};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// Where the games are kept: a SQLite file, or PostgreSQL shared with other servers.
    pub database: Database,
    /// A game whose seat holder has been away this long ends as abandoned.
    pub keep: Duration,
    /// A connection that sends nothing for this long is closed (clients ping every 10 s).
    pub idle: Duration,
    /// Most connections open at once from one address.
    pub max_connections_per_address: usize,
    /// Most unfinished games hosted by one address.
    pub max_games_per_address: usize,
    /// Most connections open at once in all.
    pub max_connections: usize,
    /// Messages a connection may send per second, on average.
    pub rate_per_second: f64,
    /// Messages a connection may send in a burst.
    pub rate_burst: f64,
}

impl ServerConfig {
    /// The defaults for `listen` and `database`.
    pub fn new(listen: SocketAddr, database: PathBuf) -> ServerConfig {
        ServerConfig {
            listen,
            database: Database::Sqlite(database),
            keep: Duration::from_secs(30 * 60),
            idle: Duration::from_secs(60),
            max_connections_per_address: 64,
            max_games_per_address: 32,
            max_connections: 20_000,
            rate_per_second: 20.0,
            rate_burst: 40.0,
        }
    }
}

/// Time a client has to say `hello`.
const HELLO_TIME: Duration = Duration::from_secs(10);
/// Time a frame may take to be written before the connection counts as gone.
const WRITE_TIME: Duration = Duration::from_secs(10);
/// Frames queued for one connection; a reader that falls this far behind is closed.
const OUTBOX: usize = 256;
/// Refused messages (rate) after which a connection is closed.
const MAX_REFUSED: u32 = 50;
/// Finished games with nobody connected leave memory after this long (they stay on disk).
const FORGET_FINISHED: Duration = Duration::from_secs(10 * 60);

type ConnId = u64;
type Outbox = mpsc::Sender<Bytes>;

/// One game in memory.
struct Live {
    rows: u8,
    cols: u8,
    game: Game,
    moves: Vec<String>,
    round: u32,
    tokens: [Option<String>; 2],
    outcome: Option<Outcome>,
    undo_asked: Option<Colour>,
    rematch: [bool; 2],
    /// Everyone following the game: connection, seat (none for a watcher), outbox.
    conns: Vec<(ConnId, Option<Colour>, Outbox)>,
    /// Since when each taken seat has had no connection.
    away_since: [Option<Instant>; 2],
    /// The address that hosted it (for the per-address cap), while unfinished.
    host: Option<IpAddr>,
    /// When it last had nobody connected.
    empty_since: Option<Instant>,
    /// Other servers sharing the database that hold each seat, and when they last said so.
    remote: [HashMap<u64, Instant>; 2],
}

impl Live {
    fn from_stored(g: StoredGame, now: Instant) -> Result<Live, String> {
        let geo = Geometry::new(g.rows, g.cols)?;
        let mut game = Game::new(geo);
        for (i, text) in g.moves.iter().enumerate() {
            let mv = notation::parse_move(&geo, text).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
            game.try_play(mv).map_err(|e| format!("game {}: move {}: {e}", g.code, i + 1))?;
        }
        let away = |t: &Option<String>| t.as_ref().map(|_| now);
        Ok(Live {
            rows: g.rows,
            cols: g.cols,
            game,
            moves: g.moves,
            round: g.round,
            away_since: [away(&g.tokens[0]), away(&g.tokens[1])],
            tokens: g.tokens,
            outcome: g.outcome,
            undo_asked: None,
            rematch: [false; 2],
            conns: Vec::new(),
            host: None,
            empty_since: Some(now),
            remote: Default::default(),
        })
    }

    /// The seat has a connection here or on another server sharing the database.
    fn seat_connected(&self, c: Colour) -> bool {
        self.seat_connected_here(c) || !self.remote[c.index()].is_empty()
    }

    fn seat_connected_here(&self, c: Colour) -> bool {
        self.conns.iter().any(|(_, s, _)| *s == Some(c))
    }

    fn view(&self, code: &str) -> GameView {
        let seat = |c: Colour| SeatView {
            taken: self.tokens[c.index()].is_some(),
            connected: self.seat_connected(c),
            rematch: self.rematch[c.index()],
        };
        GameView {
            code: code.to_string(),
            rows: self.rows,
            cols: self.cols,
            moves: self.moves.clone(),
            seats: [seat(Colour::Black), seat(Colour::White)],
            outcome: self.outcome,
            undo_asked: self.undo_asked,
            round: self.round,
        }
    }

    fn send_all(&self, msg: &ServerMsg) {
        let bytes = Bytes::from(encode(msg));
        for (_, _, out) in &self.conns {
            let _ = out.try_send(bytes.clone());
        }
    }

    /// The whole game to each connection, with its seat's colour.
    fn send_state(&self, code: &str) {
        let view = self.view(code);
        for (_, seat, out) in &self.conns {
            let msg = ServerMsg::State { game: view.clone(), colour: *seat };
            let _ = out.try_send(Bytes::from(encode(&msg)));
        }
    }

    fn send_others(&self, me: ConnId, msg: &ServerMsg) {
        let bytes = Bytes::from(encode(msg));
        for (id, _, out) in &self.conns {
            if *id != me {
                let _ = out.try_send(bytes.clone());
            }
        }
    }

    fn finished_by_rules(&self) -> Option<Outcome> {
        match self.game.phase() {
            Phase::Over { winner } => Some(Outcome { winner: Some(winner.into()), how: EndReason::NoMoves }),
            _ => None,
        }
    }
}

/// Connections and unfinished games of one address.
#[derive(Default)]
struct AddressUse {
    connections: usize,
}

struct Hub {
    games: HashMap<String, Live>,
    addresses: HashMap<IpAddr, AddressUse>,
    connections: usize,
    next_conn: ConnId,
}

/// What the server shares between its tasks.
struct Shared {
    config: ServerConfig,
    hub: Mutex<Hub>,
    store: Store,
    /// A reading connection, for games not in memory.
    reader: Mutex<Box<dyn Backend>>,
    /// This server's number among the servers sharing a PostgreSQL database (none alone).
    cluster: Option<u64>,
    /// Notes of changes made by other servers taken in so far (PostgreSQL only).
    changes_seen: std::sync::atomic::AtomicU64,
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn error(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
    ServerMsg::Error { code, message: message.into() }
}

/// What a connection follows.
#[derive(Clone, Debug, PartialEq)]
enum Attached {
    Nothing,
    Game { code: String },
}

/// The work of one message once the hub has decided it.
#[derive(Default)]
struct Decision {
    /// Sent to this connection now.
    reply: Vec<ServerMsg>,
    /// Wait for this commit, then send `after` (to this connection) and `broadcast` (to the game).
    commit: Option<(String, oneshot::Receiver<Result<(), String>>)>,
    after: Vec<ServerMsg>,
    broadcast: Vec<ServerMsg>,
    /// After the commit, the whole state to everyone in the game, each with their colour.
    state_to_all: bool,
    /// Broadcast to everyone else in the game right away (nothing to keep).
    others: Vec<ServerMsg>,
    /// Told to the other servers sharing the database, after the commit if there is one.
    notes: Vec<NoteEv>,
    /// Close the connection after the replies.
    close: bool,
}

impl Decision {
    fn refuse(code: ErrorCode, message: impl Into<String>) -> Decision {
        Decision { reply: vec![error(code, message)], ..Default::default() }
    }
}

struct Conn {
    id: ConnId,
    peer: IpAddr,
    hello: bool,
    attached: Attached,
    out: Outbox,
    tokens: f64,
    last_refill: Instant,
    refused: u32,
}

impl Shared {
    /// The game with `code` in memory, loading it from the database if needed.
    fn ensure_loaded(&self, code: &str) -> Result<bool, String> {
        if self.hub.lock().unwrap().games.contains_key(code) {
            return Ok(true);
        }
        let seen = self.changes_seen.load(std::sync::atomic::Ordering::SeqCst);
        let stored = self.reader.lock().unwrap().load_code(code)?;
        let Some(stored) = stored else { return Ok(false) };
        let live = Live::from_stored(stored, Instant::now())?;
        self.hub.lock().unwrap().games.entry(code.to_string()).or_insert(live);
        if self.changes_seen.load(std::sync::atomic::Ordering::SeqCst) != seen {
            // Another server changed a game while this one was read, and its note found the
            // game not yet here: read it once more.
            if let Some(again) = self.reader.lock().unwrap().load_code(code)?
                && let Some(live) = self.hub.lock().unwrap().games.get_mut(code)
            {
                cluster::catch_up(live, code, again);
            }
        }
        // Who holds the seats on the other servers?
        self.publish(code, NoteEv::Ask);
        Ok(true)
    }

    /// Tells the other servers sharing the database (none alone) what happened to `code`,
    /// in order with the changes queued before.
    fn publish(&self, code: &str, ev: NoteEv) {
        if let Some(from) = self.cluster {
            let note = Note { from, code: code.to_string(), ev }.to_text();
            drop(self.store.queue(Op::Notify { note }));
        }
    }

    fn decide(&self, conn: &mut Conn, msg: ClientMsg) -> Decision {
        if !conn.hello {
            return match msg {
                ClientMsg::Hello { version } if version == PROTOCOL_VERSION => {
                    conn.hello = true;
                    Decision {
                        reply: vec![ServerMsg::Welcome {
                            version: PROTOCOL_VERSION,
                            server: format!("konane {}", env!("CARGO_PKG_VERSION")),
                        }],
                        ..Default::default()
                    }
                }
                ClientMsg::Hello { version } => Decision {
                    reply: vec![error(
                        ErrorCode::Version,
                        format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}"),
                    )],
                    close: true,
                    ..Default::default()
                },
                _ => Decision {
                    reply: vec![error(ErrorCode::Order, "say hello first")],
                    close: true,
                    ..Default::default()
                },
            };
        }
        match msg {
            ClientMsg::Hello { .. } => Decision::refuse(ErrorCode::Order, "hello was already said"),
            ClientMsg::Ping { n } => Decision { reply: vec![ServerMsg::Pong { n }], ..Default::default() },
            ClientMsg::Host { rows, cols, colour } => self.host(conn, rows, cols, colour),
            ClientMsg::Join { code } | ClientMsg::Watch { code } | ClientMsg::Resume { code, .. }
                if conn.attached != Attached::Nothing =>
            {
                let _ = code;
                Decision::refuse(ErrorCode::AlreadyInGame, "this connection already follows a game")
            }
            ClientMsg::Join { code } => self.enter(conn, &code, Entry::Join),
            ClientMsg::Watch { code } => self.enter(conn, &code, Entry::Watch),
            ClientMsg::Resume { code, token } => self.enter(conn, &code, Entry::Resume(token)),
            other => {
                let Attached::Game { code } = conn.attached.clone() else {
                    return Decision::refuse(ErrorCode::NotInGame, "host, join, watch or resume a game first");
                };
                let mut hub = self.hub.lock().unwrap();
                let Some(live) = hub.games.get_mut(&code) else {
                    return Decision::refuse(ErrorCode::NoSuchGame, "the game is no longer kept");
                };
                // The seat's colour is the one of this round (a rematch swaps them).
                let Some(seat) = live.conns.iter().find(|(id, _, _)| *id == conn.id).and_then(|(_, s, _)| *s) else {
                    return Decision::refuse(ErrorCode::NotSeated, "watchers cannot play");
                };
                self.in_game(&code, seat, live, other)
            }
        }
    }

    fn host(&self, conn: &mut Conn, rows: u8, cols: u8, colour: Colour) -> Decision {
        if conn.attached != Attached::Nothing {
            return Decision::refuse(ErrorCode::AlreadyInGame, "this connection already follows a game");
        }
        let geo = match Geometry::new(rows, cols) {
            Ok(g) if g.rows() >= MIN_BOARD && g.cols() >= MIN_BOARD => g,
            Ok(_) => {
                return Decision::refuse(ErrorCode::BadSize, format!("boards are at least {0}×{0}", MIN_BOARD));
            }
            Err(e) => return Decision::refuse(ErrorCode::BadSize, e),
        };
        let mut hub = self.hub.lock().unwrap();
        let hosted = hub.games.values().filter(|g| g.host == Some(conn.peer) && g.outcome.is_none()).count();
        if hosted >= self.config.max_games_per_address {
            return Decision::refuse(
                ErrorCode::TooMany,
                format!("this address already hosts {hosted} unfinished games"),
            );
        }
        let code = loop {
            let c = code::new_code();
            if !hub.games.contains_key(&c) {
                break c;
            }
        };
        let token = code::new_token();
        let mut tokens = [None, None];
        tokens[colour.index()] = Some(token.clone());
        let live = Live {
            rows,
            cols,
            game: Game::new(geo),
            moves: Vec::new(),
            round: 0,
            tokens: tokens.clone(),
            outcome: None,
            undo_asked: None,
            rematch: [false; 2],
            conns: vec![(conn.id, Some(colour), conn.out.clone())],
            away_since: [None; 2],
            host: Some(conn.peer),
            empty_since: None,
            remote: Default::default(),
        };
        let view = live.view(&code);
        hub.games.insert(code.clone(), live);
        let done = self.store.queue(Op::Create { code: code.clone(), rows, cols, created: unix_now(), tokens });
        conn.attached = Attached::Game { code: code.clone() };
        Decision {
            commit: Some((code, done)),
            after: vec![ServerMsg::Seated { token, colour, game: view }],
            ..Default::default()
        }
    }

    fn enter(&self, conn: &mut Conn, typed: &str, entry: Entry) -> Decision {
        let code = match code::normalise(typed) {
            Ok(c) => c,
            Err(e) => return Decision::refuse(ErrorCode::NoSuchGame, e),
        };
        match self.ensure_loaded(&code) {
            Ok(true) => {}
            Ok(false) => {
                return Decision::refuse(
                    ErrorCode::NoSuchGame,
                    format!("no game has the code {}", code::display(&code)),
                );
            }
            Err(e) => return Decision::refuse(ErrorCode::ServerError, e),
        }
        let mut hub = self.hub.lock().unwrap();
        let Some(live) = hub.games.get_mut(&code) else {
            return Decision::refuse(ErrorCode::NoSuchGame, "the game is no longer kept");
        };
        let (seat, token, op) = match take_seat(live, &code, entry) {
            Ok(taken) => taken,
            Err(refused) => return refused,
        };
        let was_connected = seat.map(|c| live.seat_connected(c));
        live.conns.push((conn.id, seat, conn.out.clone()));
        live.empty_since = None;
        conn.attached = Attached::Game { code: code.clone() };
        let mut d = Decision::default();
        if let Some(c) = seat {
            live.away_since[c.index()] = None;
            d.notes.push(NoteEv::Presence { colour: c, connected: true });
            if was_connected == Some(false) {
                d.others.push(ServerMsg::Presence { colour: c, connected: true, taken: true });
            }
        }
        let view = live.view(&code);
        let first = match (seat, token) {
            (Some(colour), Some(token)) => ServerMsg::Seated { token, colour, game: view },
            _ => ServerMsg::Watching { game: view },
        };
        match op {
            Some(op) => {
                d.commit = Some((code.clone(), self.store.queue(op)));
                d.after.push(first);
            }
            None => d.reply.push(first),
        }
        d
    }

    /// Rules on a message of a seated player, queues what changed to the store, and waits
    /// for its commit before the rest goes out.
    fn in_game(&self, code: &str, seat: Colour, live: &mut Live, msg: ClientMsg) -> Decision {
        let Ruling { mut decision, keep } = rule(code, seat, live, msg, unix_now());
        if !keep.is_empty() {
            decision.commit = Some((code.to_string(), self.store.queue_all(keep)));
        }
        decision
    }
}

/// What a message of a seated player was ruled to do: the replies, and the changes to keep
/// (together, in one transaction), committed before `after`, `broadcast` and `state_to_all`
/// go out.
struct Ruling {
    decision: Decision,
    keep: Vec<Op>,
}

impl Ruling {
    /// Replies with nothing to keep.
    fn now(decision: Decision) -> Ruling {
        Ruling { decision, keep: Vec::new() }
    }

    fn refuse(code: ErrorCode, message: impl Into<String>) -> Ruling {
        Ruling::now(Decision::refuse(code, message))
    }

    /// Keep `op`, then the whole game to everyone, each told their (possibly new) colour.
    fn state_to_all(op: Op) -> Ruling {
        Ruling { decision: Decision { state_to_all: true, ..Default::default() }, keep: vec![op] }
    }
}

/// Rules on a message of the player in `seat` of the game `code`, changing the game in
/// memory (nothing else); `at` is the Unix time, for a game that ends.
fn rule(code: &str, seat: Colour, live: &mut Live, msg: ClientMsg, at: i64) -> Ruling {
    match msg {
        ClientMsg::Move { ply, mv } => on_move(code, seat, live, ply, mv, at),
        ClientMsg::Resign {} => on_resign(code, seat, live, at),
        ClientMsg::UndoRequest {} => on_undo_request(seat, live),
        ClientMsg::UndoAnswer { accept } => on_undo_answer(code, seat, live, accept),
        ClientMsg::Rematch {} => on_rematch(code, seat, live),
        _ => Ruling::refuse(ErrorCode::Order, "not now"),
    }
}

/// A move: played and kept when it is the next one, legal and the mover's; a move sent
/// again after a reconnect is acknowledged, not played twice.
fn on_move(code: &str, seat: Colour, live: &mut Live, ply: u32, mv: String, at: i64) -> Ruling {
    if let Some(answer) = out_of_sequence(code, seat, live, ply, &mv) {
        return answer;
    }
    if live.outcome.is_some() {
        return Ruling::refuse(ErrorCode::GameOver, "the game is over");
    }
    if Colour::from(live.game.to_move()) != seat {
        return Ruling::refuse(ErrorCode::NotYourTurn, "it is your opponent's turn");
    }
    if live.tokens[seat.other().index()].is_none() {
        return Ruling::refuse(ErrorCode::NotYourTurn, "the game starts when your friend has joined");
    }
    let geo = *live.game.geometry();
    let parsed = match notation::parse_move(&geo, &mv) {
        Ok(m) => m,
        Err(e) => return Ruling::refuse(ErrorCode::IllegalMove, e.to_string()),
    };
    if let Err(e) = live.game.try_play(parsed) {
        return Ruling::refuse(ErrorCode::IllegalMove, e.to_string());
    }
    let text = notation::move_to_string(&geo, parsed);
    live.moves.push(text.clone());
    live.undo_asked = None;
    let outcome = live.finished_by_rules();
    live.outcome = outcome;
    let mut keep = vec![Op::Move { code: code.to_string(), ply, mv: text.clone() }];
    if let Some(outcome) = outcome {
        keep.push(Op::End { code: code.to_string(), outcome, at });
    }
    let decision = Decision { broadcast: vec![ServerMsg::Moved { ply, mv: text, outcome }], ..Default::default() };
    Ruling { decision, keep }
}

/// The answer to a move that is not the next one (none when it is): the same move again is
/// acknowledged; another, or one from the future, is stale and the whole game is sent.
fn out_of_sequence(code: &str, seat: Colour, live: &Live, ply: u32, mv: &str) -> Option<Ruling> {
    let len = live.moves.len() as u32;
    let why = if ply < len {
        // Sent again after a reconnect: acknowledged, not played twice.
        if live.moves[ply as usize] == mv && live.game.moves().len() > ply as usize {
            let outcome = if ply + 1 == len { live.outcome } else { None };
            let reply = vec![ServerMsg::Moved { ply, mv: mv.to_string(), outcome }];
            return Some(Ruling::now(Decision { reply, ..Default::default() }));
        }
        format!("move {} was already played", ply + 1)
    } else if ply > len {
        format!("the next move is number {}, not {}", len + 1, ply + 1)
    } else {
        return None;
    };
    let reply = vec![error(ErrorCode::StaleMove, why), ServerMsg::State { game: live.view(code), colour: Some(seat) }];
    Some(Ruling::now(Decision { reply, ..Default::default() }))
}

/// Resigning: the other seat wins.
fn on_resign(code: &str, seat: Colour, live: &mut Live, at: i64) -> Ruling {
    if live.outcome.is_some() {
        return Ruling::refuse(ErrorCode::GameOver, "the game is over");
    }
    let outcome = Outcome { winner: Some(seat.other()), how: EndReason::Resigned };
    live.outcome = Some(outcome);
    live.undo_asked = None;
    Ruling {
        decision: Decision { broadcast: vec![ServerMsg::Ended { outcome }], ..Default::default() },
        keep: vec![Op::End { code: code.to_string(), outcome, at }],
    }
}

/// Asking to take back one's last move: the opponent is asked (nothing is kept yet).
fn on_undo_request(seat: Colour, live: &mut Live) -> Ruling {
    if matches!(live.outcome, Some(o) if o.how != EndReason::NoMoves) {
        return Ruling::refuse(ErrorCode::GameOver, "a resigned or abandoned game cannot be taken back");
    }
    if take_back_to(&live.game, seat).is_none() {
        return Ruling::refuse(ErrorCode::NoUndo, "you have no move to take back");
    }
    if live.undo_asked.is_some() {
        return Ruling::refuse(ErrorCode::NoUndo, "a take-back is already asked for");
    }
    live.undo_asked = Some(seat);
    let msg = ServerMsg::UndoAsked { by: seat };
    let notes = vec![NoteEv::UndoAsked { by: seat }];
    Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() })
}

/// Answering the opponent's take-back request: declined is said to both; allowed takes the
/// moves back to the asker's last turn and sends everyone the whole game.
fn on_undo_answer(code: &str, seat: Colour, live: &mut Live, accept: bool) -> Ruling {
    let Some(asker) = live.undo_asked.filter(|a| *a != seat) else {
        return Ruling::refuse(ErrorCode::NoUndo, "your opponent has not asked to take back a move");
    };
    live.undo_asked = None;
    if !accept {
        let msg = ServerMsg::UndoDeclined { by: seat };
        let notes = vec![NoteEv::UndoDeclined { by: seat }];
        return Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() });
    }
    let Some(to) = take_back_to(&live.game, asker) else {
        return Ruling::refuse(ErrorCode::NoUndo, "there is no move to take back");
    };
    while live.game.ply() > to {
        live.game.undo();
    }
    live.moves.truncate(to);
    live.outcome = None;
    Ruling::state_to_all(Op::Truncate { code: code.to_string(), from_ply: to as u32 })
}

/// Asking for a rematch once the game is over: when both asked, a new round starts with the
/// seats' colours swapped.
fn on_rematch(code: &str, seat: Colour, live: &mut Live) -> Ruling {
    if live.outcome.is_none() {
        return Ruling::refuse(ErrorCode::NotOver, "the game is not over");
    }
    live.rematch[seat.index()] = true;
    if live.rematch != [true, true] {
        let msg = ServerMsg::RematchAsked { by: seat };
        let notes = vec![NoteEv::RematchAsked { by: seat }];
        return Ruling::now(Decision { reply: vec![msg.clone()], others: vec![msg], notes, ..Default::default() });
    }
    live.round += 1;
    live.rematch = [false; 2];
    live.tokens.swap(0, 1);
    live.away_since.swap(0, 1);
    live.remote.swap(0, 1);
    for (_, s, _) in live.conns.iter_mut() {
        *s = s.map(Colour::other);
    }
    live.game = Game::new(*live.game.geometry());
    live.moves.clear();
    live.outcome = None;
    live.undo_asked = None;
    Ruling::state_to_all(Op::Rematch { code: code.to_string(), round: live.round })
}

/// The seat an entry gets (none for a watcher), its token, and the change to keep when a free
/// seat was given.
type Seating = (Option<Colour>, Option<String>, Option<Op>);

/// The seat `entry` gets in `live`, or the refusal.
// A refusal is rare and handed straight to the caller: boxing it would buy nothing.
#[allow(clippy::result_large_err)]
fn take_seat(live: &mut Live, code: &str, entry: Entry) -> Result<Seating, Decision> {
    match entry {
        Entry::Watch => Ok((None, None, None)),
        Entry::Resume(token) => {
            let found = [Colour::Black, Colour::White].into_iter().find(|c| {
                live.tokens[c.index()].as_deref().is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes()))
            });
            match found {
                Some(c) => Ok((Some(c), Some(token), None)),
                None => Err(Decision::refuse(ErrorCode::WrongToken, "that token holds no seat in this game")),
            }
        }
        Entry::Join if live.outcome.is_some() => {
            Err(Decision::refuse(ErrorCode::GameOver, "that game is over; you can watch it"))
        }
        Entry::Join => {
            let free = [Colour::Black, Colour::White].into_iter().find(|c| live.tokens[c.index()].is_none());
            let Some(c) = free else {
                return Err(Decision::refuse(ErrorCode::GameFull, "both seats are taken; you can watch"));
            };
            let token = code::new_token();
            live.tokens[c.index()] = Some(token.clone());
            let op = Op::Seat { code: code.to_string(), colour: c, token: token.clone() };
            Ok((Some(c), Some(token), Some(op)))
        }
    }
}

enum Entry {
    Join,
    Watch,
    Resume(String),
}

/// The ply to go back to so that `asker` is to move before their last move, or `None` if
/// they have not moved.
fn take_back_to(game: &Game, asker: Colour) -> Option<usize> {
    let moves = game.ply();
    // Plies alternate from Black: ply i was played by Black when i is even.
    let last = (0..moves).rev().find(|i| (if i % 2 == 0 { Colour::Black } else { Colour::White }) == asker)?;
    Some(last)
}

mod cluster;

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A bound server, ready to run.
pub struct Server {
    shared: Arc<Shared>,
    listener: TcpListener,
    /// Follows the other servers' notes (PostgreSQL only).
    follower: Option<tokio::task::JoinHandle<()>>,
}

/// A handle that asks a running server whether it keeps a game (for LAN discovery).
#[derive(Clone)]
pub struct Lookup(Arc<Shared>);

impl Lookup {
    /// The server keeps a game with this code (in memory or on disk).
    pub fn has(&self, code: &str) -> bool {
        self.0.ensure_loaded(code).unwrap_or(false)
    }
}

impl Server {
    /// Opens the database and binds the address (port 0: any free port).
    pub async fn bind(config: ServerConfig) -> Result<Server, String> {
        let (store, reader, cluster): (Store, Box<dyn Backend>, _) = match &config.database {
            Database::Sqlite(path) => {
                let conn = super::store::open(path)?;
                let reader = super::store::Sqlite::open(path)?;
                (Store::start(conn, path.clone()), Box::new(reader), None)
            }
            Database::Postgres(url) => {
                let url = url.clone();
                let id = rand::random::<u64>();
                // The postgres client runs its own runtime: open it off this one's threads.
                let (tx, rx) = mpsc::unbounded_channel::<String>();
                let deliver = move |text: String| if text.is_empty() { !tx.is_closed() } else { tx.send(text).is_ok() };
                let opened = tokio::task::spawn_blocking(move || {
                    let writer = super::postgres::Postgres::open(&url, id)?;
                    let reader = super::postgres::Reader::start(&url, id)?;
                    // Listening before the first player can arrive.
                    super::postgres::listen(url.clone(), id, deliver)?;
                    Ok::<_, String>((writer, reader, url))
                })
                .await
                .map_err(|e| e.to_string())??;
                let (writer, reader, url) = opened;
                let store = Store::start_backend(Box::new(writer), super::store::hide_password(&url));
                (store, Box::new(reader), Some((id, rx)))
            }
        };
        let listener =
            TcpListener::bind(config.listen).await.map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let mut follower = None;
        let shared = Arc::new(Shared {
            config,
            hub: Mutex::new(Hub { games: HashMap::new(), addresses: HashMap::new(), connections: 0, next_conn: 1 }),
            store,
            reader: Mutex::new(reader),
            cluster: cluster.as_ref().map(|(id, _)| *id),
            changes_seen: std::sync::atomic::AtomicU64::new(0),
        });
        if let Some((_, notes)) = cluster {
            follower = Some(tokio::spawn(cluster::follow_notes(shared.clone(), notes)));
        }
        Ok(Server { shared, listener, follower })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> Result<SocketAddr, String> {
        self.listener.local_addr().map_err(|e| e.to_string())
    }

    /// A handle for LAN discovery.
    pub fn lookup(&self) -> Lookup {
        Lookup(self.shared.clone())
    }

    /// Serves until `stop` resolves.
    pub async fn run(self, stop: impl std::future::Future<Output = ()>) {
        let Server { shared, listener, follower } = self;
        let sweeper = tokio::spawn(sweep(shared.clone()));
        tokio::pin!(stop);
        loop {
            tokio::select! {
                _ = &mut stop => break,
                accepted = listener.accept() => {
                    let (stream, peer) = match accepted {
                        Ok(a) => a,
                        // Out of descriptors or a connection reset before accept: go on.
                        Err(_) => { tokio::time::sleep(Duration::from_millis(50)).await; continue }
                    };
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(connection(shared.clone(), stream, peer));
                }
            }
        }
        sweeper.abort();
        if let Some(f) = follower {
            f.abort();
        }
    }
}

async fn connection(shared: Arc<Shared>, stream: TcpStream, peer: SocketAddr) {
    let ip = peer.ip();
    let (id, admitted) = admit(&shared, ip);
    let (read, write) = stream.into_split();
    let mut frames = FramedRead::new(read, codec(MAX_CLIENT_FRAME));
    let mut sink = FramedWrite::new(write, codec(MAX_SERVER_FRAME));
    if let Err(why) = admitted {
        eprintln!("{}: refused a connection from {ip}: {why}", crate::program());
        let _ = tokio::time::timeout(WRITE_TIME, sink.send(Bytes::from(encode(&error(ErrorCode::TooMany, why))))).await;
        return;
    }
    let (out, outbox) = mpsc::channel::<Bytes>(OUTBOX);
    let writer = tokio::spawn(write_frames(sink, outbox));
    let burst = shared.config.rate_burst;
    let mut conn = Conn {
        id,
        peer: ip,
        hello: false,
        attached: Attached::Nothing,
        out,
        tokens: burst,
        last_refill: Instant::now(),
        refused: 0,
    };
    loop {
        let wait = if conn.hello { shared.config.idle } else { HELLO_TIME };
        let frame = match tokio::time::timeout(wait, frames.next()).await {
            Err(_) | Ok(None) => break,
            Ok(Some(Err(e))) => {
                let _ = conn.out.try_send(Bytes::from(encode(&unreadable(&e))));
                break;
            }
            Ok(Some(Ok(body))) => body,
        };
        if !take_token(&shared.config, &mut conn) {
            conn.refused += 1;
            let _ =
                conn.out.try_send(Bytes::from(encode(&error(ErrorCode::RateLimited, "too many messages; slow down"))));
            if conn.refused >= MAX_REFUSED {
                break;
            }
            continue;
        }
        let decision = match decode_client(&frame) {
            Ok(msg) => shared.decide(&mut conn, msg),
            Err(why) => Decision::refuse(ErrorCode::BadMessage, why),
        };
        if !carry_out(&shared, &conn, decision).await {
            break;
        }
    }
    detach(&shared, &conn);
    release(&shared, ip);
    drop(conn);
    let _ = writer.await;
}

/// A number for a new connection from `ip`, and whether it is let in (counted) or why not.
fn admit(shared: &Shared, ip: IpAddr) -> (ConnId, Result<(), String>) {
    let mut hub = shared.hub.lock().unwrap();
    let id = hub.next_conn;
    hub.next_conn += 1;
    let per = hub.addresses.entry(ip).or_default();
    let admitted = if per.connections >= shared.config.max_connections_per_address {
        Err(format!("this address already has {} connections", per.connections))
    } else if hub.connections >= shared.config.max_connections {
        Err("the server is full".to_string())
    } else {
        hub.addresses.get_mut(&ip).unwrap().connections += 1;
        hub.connections += 1;
        Ok(())
    };
    (id, admitted)
}

/// A connection from `ip` that was let in has closed: it no longer counts.
fn release(shared: &Shared, ip: IpAddr) {
    let mut hub = shared.hub.lock().unwrap();
    hub.connections -= 1;
    if let Some(per) = hub.addresses.get_mut(&ip) {
        per.connections -= 1;
        if per.connections == 0 {
            hub.addresses.remove(&ip);
        }
    }
}

/// Writes the queued frames until the queue closes or a write takes too long, then closes.
async fn write_frames(mut sink: FramedWrite<OwnedWriteHalf, LengthDelimitedCodec>, mut outbox: mpsc::Receiver<Bytes>) {
    while let Some(frame) = outbox.recv().await {
        match tokio::time::timeout(WRITE_TIME, sink.send(frame)).await {
            Ok(Ok(())) => {}
            _ => break,
        }
    }
    let _ = tokio::time::timeout(WRITE_TIME, SinkExt::<Bytes>::close(&mut sink)).await;
}

/// The error told to a client whose frame could not be read: too large, or broken.
fn unreadable(e: &std::io::Error) -> ServerMsg {
    if e.kind() == std::io::ErrorKind::InvalidData {
        error(ErrorCode::TooLarge, format!("frames are at most {MAX_CLIENT_FRAME} bytes"))
    } else {
        error(ErrorCode::BadMessage, e.to_string())
    }
}

fn take_token(config: &ServerConfig, conn: &mut Conn) -> bool {
    let now = Instant::now();
    let dt = now.duration_since(conn.last_refill).as_secs_f64();
    conn.last_refill = now;
    conn.tokens = (conn.tokens + dt * config.rate_per_second).min(config.rate_burst);
    if conn.tokens >= 1.0 {
        conn.tokens -= 1.0;
        true
    } else {
        false
    }
}

/// Sends what was decided, waiting for the store where needed. False: close the connection.
async fn carry_out(shared: &Shared, conn: &Conn, d: Decision) -> bool {
    let send = |m: &ServerMsg| conn.out.try_send(Bytes::from(encode(m))).is_ok();
    if let Attached::Game { code } = &conn.attached {
        // Queued after the decision's changes, so told after their commit.
        for ev in &d.notes {
            shared.publish(code, ev.clone());
        }
    }
    for m in &d.reply {
        if !send(m) {
            return false;
        }
    }
    if !d.others.is_empty()
        && let Attached::Game { code, .. } = &conn.attached
    {
        let hub = shared.hub.lock().unwrap();
        if let Some(live) = hub.games.get(code) {
            for m in &d.others {
                live.send_others(conn.id, m);
            }
        }
    }
    if let Some((code, done)) = d.commit {
        let kept = done.await.unwrap_or_else(|_| Err("the database writer has stopped".into()));
        let mut hub = shared.hub.lock().unwrap();
        if let Err(e) = kept {
            // Memory is ahead of the disk: forget the game; everyone resumes from the disk.
            if let Some(live) = hub.games.remove(&code) {
                live.send_all(&error(ErrorCode::ServerError, format!("the server could not keep the change: {e}")));
            }
            return false;
        }
        for m in &d.after {
            if !send(m) {
                return false;
            }
        }
        if let Some(live) = hub.games.get(&code) {
            for m in &d.broadcast {
                live.send_all(m);
            }
            if d.state_to_all {
                live.send_state(&code);
            }
        }
    }
    !d.close
}

/// The connection leaves its game: its seat's presence is told to the others.
fn detach(shared: &Shared, conn: &Conn) {
    let Attached::Game { code } = &conn.attached else { return };
    let mut hub = shared.hub.lock().unwrap();
    let Some(live) = hub.games.get_mut(code) else { return };
    let held: Vec<Colour> =
        [Colour::Black, Colour::White].into_iter().filter(|c| live.seat_connected_here(*c)).collect();
    live.conns.retain(|(id, _, _)| *id != conn.id);
    for c in held {
        if !live.seat_connected_here(c) {
            shared.publish(code, NoteEv::Presence { colour: c, connected: false });
        }
    }
    let now = Instant::now();
    for c in [Colour::Black, Colour::White] {
        if live.tokens[c.index()].is_some() && !live.seat_connected(c) && live.away_since[c.index()].is_none() {
            live.away_since[c.index()] = Some(now);
            live.send_all(&ServerMsg::Presence { colour: c, connected: false, taken: true });
        }
    }
    if live.conns.is_empty() {
        live.empty_since = Some(now);
    }
}

/// Every second: games whose seat holder stayed away too long end as abandoned; finished
/// games nobody follows leave memory.
async fn sweep(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut said = Instant::now();
    loop {
        tick.tick().await;
        let now = Instant::now();
        if shared.cluster.is_some() {
            let say = now.duration_since(said) >= cluster::PRESENCE_EVERY;
            if say {
                said = now;
            }
            cluster::renew_presence(&shared, now, say);
        }
        let mut ended = Vec::new();
        {
            let mut hub = shared.hub.lock().unwrap();
            let keep = shared.config.keep;
            hub.games.retain(|_, live| {
                !(live.outcome.is_some() && live.empty_since.is_some_and(|t| now.duration_since(t) > FORGET_FINISHED))
            });
            for (code, live) in hub.games.iter_mut() {
                if live.outcome.is_some() {
                    continue;
                }
                if live.away_since.iter().flatten().any(|t| now.duration_since(*t) > keep) {
                    let outcome = Outcome { winner: None, how: EndReason::Abandoned };
                    live.outcome = Some(outcome);
                    live.undo_asked = None;
                    live.host = None;
                    let done = shared.store.queue(Op::End { code: code.clone(), outcome, at: unix_now() });
                    ended.push((code.clone(), outcome, done));
                }
            }
        }
        for (code, outcome, done) in ended {
            if done.await.is_ok_and(|r| r.is_ok())
                && let Some(live) = shared.hub.lock().unwrap().games.get(&code)
            {
                live.send_all(&ServerMsg::Ended { outcome });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_take_back_returns_to_the_asker_s_last_turn() {
        let mut g = Game::new(Geometry::new(6, 6).unwrap());
        assert_eq!(take_back_to(&g, Colour::Black), None);
        let first = g.legal_moves()[0];
        g.try_play(first).unwrap();
        assert_eq!(take_back_to(&g, Colour::Black), Some(0));
        assert_eq!(take_back_to(&g, Colour::White), None);
        let second = g.legal_moves()[0];
        g.try_play(second).unwrap();
        // Black asks after White replied: both moves go.
        assert_eq!(take_back_to(&g, Colour::Black), Some(0));
        assert_eq!(take_back_to(&g, Colour::White), Some(1));
    }

    /// A 6×6 game in memory with both seats taken, one connection in each.
    pub(super) fn two_seats() -> Live {
        let out = || mpsc::channel::<Bytes>(8).0;
        Live {
            rows: 6,
            cols: 6,
            game: Game::new(Geometry::new(6, 6).unwrap()),
            moves: Vec::new(),
            round: 0,
            tokens: [Some("black-token".into()), Some("white-token".into())],
            outcome: None,
            undo_asked: None,
            rematch: [false; 2],
            conns: vec![(1, Some(Colour::Black), out()), (2, Some(Colour::White), out())],
            away_since: [None; 2],
            host: None,
            empty_since: None,
            remote: Default::default(),
        }
    }

    fn first_move(live: &Live) -> String {
        notation::move_to_string(live.game.geometry(), live.game.legal_moves()[0])
    }

    fn refused_with(r: &Ruling) -> Option<ErrorCode> {
        match r.decision.reply.first() {
            Some(ServerMsg::Error { code, .. }) => Some(*code),
            _ => None,
        }
    }

    pub(super) fn play(live: &mut Live, seat: Colour) -> String {
        let mv = first_move(live);
        let ply = live.moves.len() as u32;
        let r = rule("ABC234", seat, live, ClientMsg::Move { ply, mv: mv.clone() }, 0);
        assert_eq!(refused_with(&r), None);
        mv
    }

    #[test]
    fn a_move_out_of_turn_is_refused_and_nothing_is_kept() {
        let mut live = two_seats();
        let mv = first_move(&live);
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Move { ply: 0, mv }, 0);
        assert_eq!(refused_with(&r), Some(ErrorCode::NotYourTurn));
        assert!(r.keep.is_empty() && live.moves.is_empty());
    }

    #[test]
    fn the_next_move_is_kept_and_told_to_everyone_after_the_commit() {
        let mut live = two_seats();
        let mv = first_move(&live);
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Move { ply: 0, mv: mv.clone() }, 0);
        assert!(r.decision.reply.is_empty());
        assert_eq!(r.decision.broadcast, vec![ServerMsg::Moved { ply: 0, mv: mv.clone(), outcome: None }]);
        assert!(matches!(&r.keep[..], [Op::Move { ply: 0, mv: kept, .. }] if *kept == mv));
        assert_eq!(live.moves, vec![mv]);
    }

    #[test]
    fn a_move_sent_again_is_acknowledged_not_played_twice() {
        let mut live = two_seats();
        let mv = play(&mut live, Colour::Black);
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Move { ply: 0, mv: mv.clone() }, 0);
        assert_eq!(r.decision.reply, vec![ServerMsg::Moved { ply: 0, mv, outcome: None }]);
        assert!(r.keep.is_empty() && r.decision.broadcast.is_empty());
        assert_eq!(live.moves.len(), 1);
        assert_eq!(live.game.ply(), 1);
    }

    #[test]
    fn a_stale_or_future_move_gets_the_whole_game() {
        let mut live = two_seats();
        play(&mut live, Colour::Black);
        let other = notation::move_to_string(live.game.geometry(), live.game.legal_moves()[0]);
        for ply in [0, 5] {
            let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Move { ply, mv: other.clone() }, 0);
            assert_eq!(refused_with(&r), Some(ErrorCode::StaleMove), "ply {ply}");
            assert!(matches!(r.decision.reply[1], ServerMsg::State { colour: Some(Colour::White), .. }));
            assert!(r.keep.is_empty());
        }
        assert_eq!(live.moves.len(), 1);
    }

    #[test]
    fn resigning_gives_the_game_to_the_other_seat_once() {
        let mut live = two_seats();
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Resign {}, 42);
        let outcome = Outcome { winner: Some(Colour::Black), how: EndReason::Resigned };
        assert_eq!(r.decision.broadcast, vec![ServerMsg::Ended { outcome }]);
        assert!(matches!(&r.keep[..], [Op::End { at: 42, .. }]));
        let again = rule("ABC234", Colour::Black, &mut live, ClientMsg::Resign {}, 43);
        assert_eq!(refused_with(&again), Some(ErrorCode::GameOver));
    }

    #[test]
    fn a_take_back_is_asked_then_allowed_or_declined() {
        let mut live = two_seats();
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, 0);
        assert_eq!(refused_with(&r), Some(ErrorCode::NoUndo), "nothing to take back yet");
        play(&mut live, Colour::Black);
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, 0);
        assert_eq!(r.decision.others, vec![ServerMsg::UndoAsked { by: Colour::Black }]);
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoAnswer { accept: true }, 0);
        assert_eq!(refused_with(&r), Some(ErrorCode::NoUndo), "the asker cannot answer");
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::UndoAnswer { accept: false }, 0);
        assert_eq!(r.decision.others, vec![ServerMsg::UndoDeclined { by: Colour::White }]);
        assert_eq!(live.moves.len(), 1);
        rule("ABC234", Colour::Black, &mut live, ClientMsg::UndoRequest {}, 0);
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::UndoAnswer { accept: true }, 0);
        assert!(r.decision.state_to_all);
        assert!(matches!(&r.keep[..], [Op::Truncate { from_ply: 0, .. }]));
        assert!(live.moves.is_empty() && live.game.ply() == 0 && live.undo_asked.is_none());
    }

    #[test]
    fn a_rematch_needs_both_and_swaps_the_seats() {
        let mut live = two_seats();
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Rematch {}, 0);
        assert_eq!(refused_with(&r), Some(ErrorCode::NotOver));
        rule("ABC234", Colour::White, &mut live, ClientMsg::Resign {}, 0);
        let r = rule("ABC234", Colour::Black, &mut live, ClientMsg::Rematch {}, 0);
        assert_eq!(r.decision.others, vec![ServerMsg::RematchAsked { by: Colour::Black }]);
        assert!(r.keep.is_empty() && live.round == 0);
        let r = rule("ABC234", Colour::White, &mut live, ClientMsg::Rematch {}, 0);
        assert!(r.decision.state_to_all);
        assert!(matches!(&r.keep[..], [Op::Rematch { round: 1, .. }]));
        assert_eq!(live.tokens, [Some("white-token".into()), Some("black-token".into())]);
        let seats: Vec<_> = live.conns.iter().map(|(id, s, _)| (*id, *s)).collect();
        assert_eq!(seats, vec![(1, Some(Colour::White)), (2, Some(Colour::Black))]);
        assert!(live.outcome.is_none() && live.moves.is_empty() && live.rematch == [false; 2]);
    }

    #[test]
    fn seats_are_given_once_and_kept_by_their_token() {
        let mut live = two_seats();
        live.tokens[1] = None;
        let (seat, token, op) = take_seat(&mut live, "ABC234", Entry::Join).ok().unwrap();
        assert_eq!(seat, Some(Colour::White));
        assert!(matches!(op, Some(Op::Seat { colour: Colour::White, .. })));
        let refused = |r: Result<Seating, Decision>| match r {
            Err(d) => match d.reply.first() {
                Some(ServerMsg::Error { code, .. }) => Some(*code),
                _ => None,
            },
            Ok(_) => None,
        };
        assert_eq!(refused(take_seat(&mut live, "ABC234", Entry::Join)), Some(ErrorCode::GameFull));
        let back = take_seat(&mut live, "ABC234", Entry::Resume(token.unwrap())).ok().unwrap();
        assert_eq!((back.0, back.2.is_none()), (Some(Colour::White), true), "a resume keeps nothing new");
        let wrong = take_seat(&mut live, "ABC234", Entry::Resume("0".repeat(32)));
        assert_eq!(refused(wrong), Some(ErrorCode::WrongToken));
        assert!(matches!(take_seat(&mut live, "ABC234", Entry::Watch), Ok((None, None, None))));
        live.tokens[1] = None;
        live.outcome = Some(Outcome { winner: None, how: EndReason::Abandoned });
        assert_eq!(refused(take_seat(&mut live, "ABC234", Entry::Join)), Some(ErrorCode::GameOver));
    }

    #[test]
    fn an_oversized_frame_is_told_apart_from_a_broken_one() {
        let big = std::io::Error::new(std::io::ErrorKind::InvalidData, "frame size too big");
        assert!(matches!(unreadable(&big), ServerMsg::Error { code: ErrorCode::TooLarge, .. }));
        let broken = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset");
        assert!(matches!(unreadable(&broken), ServerMsg::Error { code: ErrorCode::BadMessage, .. }));
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }
}
