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
use tokio::io::{ReadHalf, WriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio_util::bytes::Bytes;
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

use super::clock::{Clock, ClockView, TimeControl, WallClock};
use super::code;
use super::postgres::{Note, NoteEv};
use super::protocol::{
    ClientMsg, Colour, EndReason, ErrorCode, GameView, MAX_CLIENT_FRAME, MAX_SERVER_FRAME, MIN_BOARD, Outcome,
    PROTOCOL_VERSION, SeatView, ServerMsg, codec, decode_client, encode,
};
use super::store::{Backend, Database, Op, Store, StoredGame};
use super::tls::{self, ServerTls, Stream};
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
    /// The SQLite log's size, in bytes, past which it is folded into the database and
    /// truncated at once.
    pub log_limit: u64,
    /// Where to serve the metrics and the health check over HTTP (none: not served).
    pub metrics: Option<SocketAddr>,
    /// PostgreSQL: writing connections (each game's changes always go through the same one).
    pub database_connections: usize,
    /// The certificate chain and private key (PEM files) of a server that takes TLS
    /// connections only (none: no encryption, for a local network).
    pub tls: Option<(PathBuf, PathBuf)>,
    /// Tests: the server's clock is the system's plus the milliseconds written in this file.
    pub clock_file: Option<PathBuf>,
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
            log_limit: super::store::LOG_LIMIT,
            metrics: None,
            database_connections: 4,
            tls: None,
            clock_file: None,
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

/// Connections and unfinished games of one address.
#[derive(Default)]
struct AddressUse {
    connections: usize,
}

struct Hub {
    games: HashMap<String, Live>,
    /// Private games' watch codes → their invite codes (an entry whose game left memory is
    /// passed over and swept).
    watch_codes: HashMap<String, String>,
    /// How to end each open connection from outside it (a seat taken over).
    kicks: HashMap<ConnId, Arc<tokio::sync::Notify>>,
    /// Wrong codes and tokens, by address.
    guesses: guesses::Guesses,
    addresses: HashMap<IpAddr, AddressUse>,
    connections: usize,
    next_conn: ConnId,
}

impl Hub {
    /// The game `typed` names, as its invite code or (a private game's) watch code, if it is in
    /// memory: its invite code, and whether `typed` was the watch code.
    fn resolve(&self, typed: &str) -> Option<(String, bool)> {
        if self.games.contains_key(typed) {
            return Some((typed.to_string(), false));
        }
        let code = self.watch_codes.get(typed)?;
        let live = self.games.get(code)?;
        (live.watch.as_deref() == Some(typed)).then(|| (code.clone(), true))
    }

    /// Takes a game into memory (one already there stays as it is).
    fn insert_game(&mut self, code: &str, live: Live) {
        if let Some(w) = &live.watch {
            self.watch_codes.insert(w.clone(), code.to_string());
        }
        self.games.entry(code.to_string()).or_insert(live);
    }
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
    /// What an operator watches (`--metrics`).
    metrics: metrics::Metrics,
    /// The certificate and key of a server that takes encrypted connections only.
    tls: Option<ServerTls>,
    /// The server's clock, for the games' clocks and claims.
    wall: WallClock,
}

fn unix_micros() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(0)
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
    /// The server's pings not answered yet: number, when sent.
    probes: Vec<(u64, Instant)>,
    next_probe: u64,
}

impl Shared {
    /// The game with `typed` as its invite code or its watch code in memory, loading it from
    /// the database if needed; its invite code, and whether `typed` was the watch code.
    fn ensure_loaded(&self, typed: &str) -> Result<Option<(String, bool)>, String> {
        if let Some(found) = self.hub.lock().unwrap().resolve(typed) {
            return Ok(Some(found));
        }
        let seen = self.changes_seen.load(std::sync::atomic::Ordering::SeqCst);
        let stored = self.reader.lock().unwrap().load_code(typed)?;
        let Some(stored) = stored else { return Ok(None) };
        let code = stored.code.clone();
        let by_watch = code != typed;
        let live = Live::from_stored(stored, Instant::now(), self.wall.clone())?;
        self.hub.lock().unwrap().insert_game(&code, live);
        let code = code.as_str();
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
        Ok(Some((code.to_string(), by_watch)))
    }

    /// Tells the other servers sharing the database (none alone) what happened to `code`,
    /// in order with the changes queued before.
    fn publish(&self, code: &str, ev: NoteEv) {
        if let Some(from) = self.cluster {
            let note = Note { from, code: code.to_string(), ev }.to_text();
            drop(self.store.queue(Op::Notify { game: code.to_string(), note }));
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
                    reply: vec![error(ErrorCode::Version, version_refusal(version))],
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
            ClientMsg::Host { rows, cols, colour, private, clock } => {
                self.host(conn, rows, cols, colour, private, clock)
            }
            ClientMsg::Pong { n } => self.measured(conn, n),
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
                let allowance = live.allowance(seat);
                self.in_game(&code, seat, live, other, allowance)
            }
        }
    }

    /// A round trip measured: the answer `n` to the server's ping, kept for the seat of the
    /// connection (the median of the last few is its allowance).
    fn measured(&self, conn: &mut Conn, n: u64) -> Decision {
        self.sample(conn, n);
        Decision::default()
    }

    fn sample(&self, conn: &mut Conn, n: u64) {
        let Some(at) = conn.probes.iter().position(|(k, _)| *k == n) else { return };
        let (_, sent) = conn.probes.remove(at);
        let rtt = sent.elapsed().as_millis() as u64;
        let Attached::Game { code } = &conn.attached else { return };
        let mut hub = self.hub.lock().unwrap();
        let Some(live) = hub.games.get_mut(code) else { return };
        let Some(seat) = live.conns.iter().find(|(id, _, _)| *id == conn.id).and_then(|(_, s, _)| *s) else { return };
        let samples = &mut live.rtt[seat.index()];
        samples.push(rtt);
        if samples.len() > crate::clock::RTT_SAMPLES {
            samples.remove(0);
        }
    }

    /// Rules on a message of a seated player, queues what changed to the store, and waits
    /// for its commit before the rest goes out.
    fn in_game(&self, code: &str, seat: Colour, live: &mut Live, msg: ClientMsg, allowance: u64) -> Decision {
        let now = Now { unix: unix_now(), ms: self.wall.now_ms(), allowance };
        let Ruling { mut decision, keep } = rule(code, seat, live, msg, now);
        if !keep.is_empty() {
            decision.commit = Some((code.to_string(), self.store.queue_all(keep)));
        }
        decision
    }
}

mod cluster;
mod connection;
mod entry;
pub mod guesses;
mod live;
pub mod metrics;
mod ruling;
mod sweep;

use connection::*;
use live::Live;
use ruling::*;
use sweep::sweep;

/// The connections here that hold seat `c`: each is told it was replaced and leaves the
/// game (it is then closed by its number, which this returns).
fn take_over(live: &mut Live, c: Colour) -> Vec<ConnId> {
    let replaced = error(
        ErrorCode::Replaced,
        "this seat was resumed on another connection with its token, which holds it now; this one is closed",
    );
    let bytes = Bytes::from(encode(&replaced));
    let mut gone = Vec::new();
    live.conns.retain(|(id, seat, out)| {
        let held = *seat == Some(c);
        if held {
            let _ = out.try_send(bytes.clone());
            gone.push(*id);
        }
        !held
    });
    gone
}

/// The refusal of a client that speaks another protocol version, saying who should update.
fn version_refusal(version: u32) -> String {
    if version < PROTOCOL_VERSION {
        format!(
            "this server speaks protocol {PROTOCOL_VERSION} and your game speaks {version}: update the game to play here \
             (games with clocks need the newer game)"
        )
    } else {
        format!(
            "this server speaks protocol {PROTOCOL_VERSION} and your game speaks {version}: the server is older than \
             the game; ask whoever runs it to update it"
        )
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A bound server, ready to run.
pub struct Server {
    shared: Arc<Shared>,
    listener: TcpListener,
    /// Follows the other servers' notes (PostgreSQL only).
    follower: Option<tokio::task::JoinHandle<()>>,
    /// Where the metrics and the health check are served (`--metrics`).
    metrics: Option<TcpListener>,
}

/// A handle that asks a running server whether it keeps a game (for LAN discovery).
#[derive(Clone)]
pub struct Lookup(Arc<Shared>);

impl Lookup {
    /// The server keeps a game with this code (in memory or on disk), asked from `from`: a
    /// discovery query is a guess like a `join`, counted and held back the same way (an
    /// address held back gets no answer).
    pub fn has(&self, from: IpAddr, code: &str) -> bool {
        self.0.find_game(from, code).is_ok()
    }
}

/// The games' store, the reading connection, and (PostgreSQL) this server's number and the
/// other servers' notes as they arrive.
type Opened = (Store, Box<dyn Backend>, Option<(u64, mpsc::UnboundedReceiver<String>)>);

/// Opens the database of `config`.
async fn open_store(config: &ServerConfig) -> Result<Opened, String> {
    Ok(match &config.database {
        Database::Sqlite(path) => {
            let conn = super::store::open(path)?;
            let reader = super::store::Sqlite::open(path)?;
            (Store::start(conn, path.clone(), config.log_limit), Box::new(reader), None)
        }
        Database::Postgres(url) => {
            let url = url.clone();
            let writers = config.database_connections.max(1);
            let id = rand::random::<u64>();
            // The postgres client runs its own runtime: open it off this one's threads.
            let (tx, rx) = mpsc::unbounded_channel::<String>();
            let deliver = move |text: String| if text.is_empty() { !tx.is_closed() } else { tx.send(text).is_ok() };
            let opened = tokio::task::spawn_blocking(move || {
                // The tables first (made if missing, the schema checked), then the writers.
                drop(super::postgres::Postgres::open(&url)?);
                let writers = (0..writers)
                    .map(|_| super::postgres::Writer::open(&url, id).map(|w| Box::new(w) as Box<dyn Backend>))
                    .collect::<Result<Vec<_>, String>>()?;
                let reader = super::postgres::Reader::start(&url)?;
                // Listening before the first player can arrive.
                super::postgres::listen(url.clone(), id, deliver)?;
                Ok::<_, String>((writers, reader, url))
            })
            .await
            .map_err(|e| e.to_string())??;
            let (writers, reader, url) = opened;
            let store = Store::start_pool(writers, super::store::hide_password(&url));
            (store, Box::new(reader), Some((id, rx)))
        }
    })
}

impl Server {
    /// Opens the database and binds the address (port 0: any free port).
    pub async fn bind(config: ServerConfig) -> Result<Server, String> {
        let tls = match &config.tls {
            Some((cert, key)) => Some(ServerTls::load(cert, key)?),
            None => None,
        };
        let (store, reader, cluster) = open_store(&config).await?;
        let listener =
            TcpListener::bind(config.listen).await.map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let metrics_listener = match config.metrics {
            Some(at) => {
                Some(TcpListener::bind(at).await.map_err(|e| format!("cannot serve the metrics on {at}: {e}"))?)
            }
            None => None,
        };
        let mut follower = None;
        let config_clock_file = config.clock_file.clone();
        let shared = Arc::new(Shared {
            config,
            hub: Mutex::new(Hub {
                games: HashMap::new(),
                watch_codes: HashMap::new(),
                kicks: HashMap::new(),
                guesses: guesses::Guesses::default(),
                addresses: HashMap::new(),
                connections: 0,
                next_conn: 1,
            }),
            store,
            reader: Mutex::new(reader),
            cluster: cluster.as_ref().map(|(id, _)| *id),
            changes_seen: std::sync::atomic::AtomicU64::new(0),
            metrics: metrics::Metrics::default(),
            tls,
            wall: WallClock { offset_file: config_clock_file },
        });
        if let Some((_, notes)) = cluster {
            follower = Some(tokio::spawn(cluster::follow_notes(shared.clone(), notes)));
        }
        Ok(Server { shared, listener, follower, metrics: metrics_listener })
    }

    /// The address the metrics and the health check are served on, if they are.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The fingerprint of the certificate it shows, if it takes encrypted connections.
    pub fn tls_fingerprint(&self) -> Option<tls::Fingerprint> {
        self.shared.tls.as_ref().map(|t| t.fingerprint)
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
        let Server { shared, listener, follower, metrics: metrics_listener } = self;
        let sweeper = tokio::spawn(sweep(shared.clone()));
        let watcher = metrics_listener.map(|l| tokio::spawn(metrics::serve_metrics(shared.clone(), l)));
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
        if let Some(w) = watcher {
            w.abort();
        }
        // Every change acknowledged so far is committed; SQLite's log is folded in and left
        // empty, so a stopped server leaves only its database file.
        if let Err(e) = shared.store.finish().await {
            metrics::log("error", "stop_unclean", &[("why", &e)]);
        }
    }
}

#[cfg(test)]
mod tests;
