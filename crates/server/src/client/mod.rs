//! The client side of the online protocol.
//!
//! [`Link`] is one connection (async). [`Session`] is what the game uses: a thread of its own
//! with a small runtime that keeps one seat (or one watch) alive — it reconnects with the seat's
//! token whenever the line drops, resends a move the server had not acknowledged exactly once,
//! pings, and gives up on nothing until it is stopped. The game only polls its events, so the
//! frame loop never waits on the network.

use std::sync::mpsc as std_mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{ReadHalf, WriteHalf};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_util::bytes::Bytes;
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

use super::protocol::{
    ClientMsg, ClockView, Colour, ErrorCode, GameView, MAX_CLIENT_FRAME, MAX_SERVER_FRAME, Outcome, PROTOCOL_VERSION,
    ServerMsg, TimeControl, codec, decode_server, encode,
};
use super::tls::{self, Endpoint, LineInfo, Stream};

/// Time to connect and be welcomed.
pub const CONNECT_TIME: Duration = Duration::from_secs(5);
/// A ping is sent when nothing was sent for this long.
pub const PING_EVERY: Duration = Duration::from_secs(10);
/// A connection that brings nothing (not even a pong) for this long is taken for dead.
pub const SILENCE: Duration = Duration::from_secs(25);

/// One connection to a server, welcomed.
pub struct Link {
    read: FramedRead<ReadHalf<Stream>, LengthDelimitedCodec>,
    write: FramedWrite<WriteHalf<Stream>, LengthDelimitedCodec>,
    /// Encrypted or not, and with which certificate.
    pub line: LineInfo,
}

impl Link {
    /// Connects to `server` (`host:port`, `tls://host:port` or `tls://host:port#FINGERPRINT`:
    /// see [`tls`]) and says hello.
    pub async fn connect(server: &str) -> Result<Link, String> {
        Link::connect_from(server, None).await
    }

    /// Connects to `server` from the local address `from` (a loopback address such as
    /// 127.0.0.7, for tests of the per-address limits), or any, and says hello.
    pub async fn connect_from(server: &str, from: Option<std::net::IpAddr>) -> Result<Link, String> {
        let endpoint = Endpoint::parse(server)?;
        let address = endpoint.address();
        let server = address.as_str();
        let attempt = async {
            let reach = |e: std::io::Error| format!("cannot reach {server}: {e}");
            let tcp = match from {
                None => TcpStream::connect(server).await.map_err(reach)?,
                Some(ip) => {
                    let to = tokio::net::lookup_host(server)
                        .await
                        .map_err(reach)?
                        .next()
                        .ok_or(format!("cannot reach {server}: no address"))?;
                    let socket =
                        if ip.is_ipv4() { tokio::net::TcpSocket::new_v4() } else { tokio::net::TcpSocket::new_v6() };
                    let socket = socket.map_err(reach)?;
                    socket.bind(std::net::SocketAddr::new(ip, 0)).map_err(reach)?;
                    socket.connect(to).await.map_err(reach)?
                }
            };
            let _ = tcp.set_nodelay(true);
            let (stream, line) = tls::client_stream(&endpoint, tcp).await?;
            let (r, w) = tokio::io::split(stream);
            let mut link = Link {
                read: FramedRead::new(r, codec(MAX_SERVER_FRAME)),
                write: FramedWrite::new(w, codec(MAX_CLIENT_FRAME)),
                line,
            };
            link.send(&ClientMsg::Hello { version: PROTOCOL_VERSION }).await?;
            match link.recv().await? {
                ServerMsg::Welcome { .. } => Ok(link),
                ServerMsg::Error { message, .. } => Err(format!("{server} refused: {message}")),
                other => Err(format!("{server} answered {other:?} to hello")),
            }
        };
        tokio::time::timeout(CONNECT_TIME, attempt).await.map_err(|_| format!("{server} did not answer in time"))?
    }

    /// Sends one message.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.write.send(Bytes::from(encode(msg))).await.map_err(|e| format!("the connection broke: {e}"))
    }

    /// Sends raw bytes as one frame (tests of hostile input).
    pub async fn send_raw(&mut self, body: &[u8]) -> Result<(), String> {
        self.write.send(Bytes::copy_from_slice(body)).await.map_err(|e| format!("the connection broke: {e}"))
    }

    /// The next message; an error when the connection closed or sent something unreadable.
    pub async fn recv(&mut self) -> Result<ServerMsg, String> {
        match self.read.next().await {
            Some(Ok(body)) => decode_server(&body),
            Some(Err(e)) => Err(format!("the connection broke: {e}")),
            None => Err("the server closed the connection".into()),
        }
    }
}

/// How a session enters its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Create a game.
    Host {
        /// Rows.
        rows: u8,
        /// Columns.
        cols: u8,
        /// The host's colour.
        colour: Colour,
        /// Watchers need a separate watch code.
        private: bool,
        /// The time control.
        clock: TimeControl,
    },
    /// Take the free seat.
    Join {
        /// Invite code.
        code: String,
    },
    /// Follow without a seat.
    Watch {
        /// Invite code.
        code: String,
    },
    /// Take back one's seat.
    Resume {
        /// Invite code.
        code: String,
        /// The seat's token.
        token: String,
    },
}

/// What the game asks of its session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play this move, the game's `ply`-th.
    Move {
        /// Its number.
        ply: u32,
        /// Notation.
        mv: String,
    },
    /// Give up.
    Resign,
    /// Ask to take back one's last move.
    UndoRequest,
    /// Answer the opponent's request.
    UndoAnswer(bool),
    /// Ask for a rematch.
    Rematch,
    /// End the game in its first two plies (it counts for nobody).
    Abort,
    /// Win the game of an opponent who stayed away too long.
    ClaimVictory,
}

/// The line as the player should hear of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// The first connection is being made.
    Connecting,
    /// Connected and in the game.
    Connected,
    /// The line dropped; trying again (attempt number, last error).
    Reconnecting(u32, String),
    /// The server could not be reached at all (it is retried).
    Unreachable(String),
    /// Another connection resumed this seat with its token (the game opened again in another
    /// window or on another computer): this session has stopped and does not come back.
    Replaced,
}

/// What the session tells the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The line changed.
    Link(LinkState),
    /// A connection was made: encrypted or not, and with which certificate (said after each
    /// connect, before anything of the game).
    Line(LineInfo),
    /// A seat is held (after host, join or a resume): keep `token`.
    Seated {
        /// Invite code.
        code: String,
        /// The seat's token.
        token: String,
        /// Your colour.
        colour: Colour,
        /// The game.
        game: GameView,
        /// A private game's watch code, for those the players let watch.
        watch_code: Option<String>,
    },
    /// Watching.
    Watching {
        /// The game.
        game: GameView,
    },
    /// The whole game again (take-back, rematch, resync); `colour` is yours in it.
    State {
        /// The game.
        game: GameView,
        /// Your colour.
        colour: Option<Colour>,
    },
    /// A move was kept by the server (yours or theirs).
    Moved {
        /// Its number.
        ply: u32,
        /// Notation.
        mv: String,
        /// Result if it ended the game.
        outcome: Option<Outcome>,
    },
    /// A seat's holder came or went.
    Presence {
        /// Which seat.
        colour: Colour,
        /// Connected now.
        connected: bool,
        /// Held by someone.
        taken: bool,
        /// Gone from a game that can be claimed: milliseconds until it may be claimed.
        claim_in_ms: Option<u64>,
    },
    /// The clocks as the server had them when it sent them (after a move or at the end).
    Clock(ClockView),
    /// A take-back was asked.
    UndoAsked(Colour),
    /// A take-back was declined.
    UndoDeclined(Colour),
    /// A rematch was asked.
    RematchAsked(Colour),
    /// The game ended other than by a move.
    Ended(Outcome),
    /// The server refused something (the session goes on).
    Refused(ErrorCode, String),
    /// The session ended: the game could not be entered (the reason was sent as `Refused`).
    Closed,
}

/// A callback for news from a session's thread.
pub type Notify = std::sync::Arc<dyn Fn() + Send + Sync>;

/// The session thread's side of the events: each one sent is followed by the notification.
struct Teller {
    events: std_mpsc::Sender<Event>,
    notify: Option<Notify>,
}

impl Teller {
    /// Sends `event`; false when the game no longer listens (the session is being dropped).
    fn send(&self, event: Event) -> bool {
        let sent = self.events.send(event).is_ok();
        if let Some(notify) = &self.notify {
            notify();
        }
        sent
    }
}

enum Control {
    Do(Command),
    Stop,
}

/// A session running on a thread of its own.
pub struct Session {
    control: mpsc::UnboundedSender<Control>,
    events: std::sync::Mutex<std_mpsc::Receiver<Event>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Session {
    /// Starts a session with `server` (`host:port`).
    pub fn start(server: String, start: Start) -> Session {
        Session::start_at(Some(server), start)
    }

    /// Starts a session; with no server, the game's code is looked for on the local network
    /// first (LAN discovery, on the default port) and the session connects where it was found.
    pub fn start_at(server: Option<String>, start: Start) -> Session {
        Session::start_notifying(server, start, None)
    }

    /// As [`Session::start_at`], calling `notify` after each event it has to tell (a game that
    /// draws only when something changes is woken by it).
    pub fn start_notifying(server: Option<String>, start: Start, notify: Option<Notify>) -> Session {
        let (control, commands) = mpsc::unbounded_channel();
        let (events_in, events) = std_mpsc::channel();
        let tell = Teller { events: events_in, notify };
        let thread = std::thread::Builder::new()
            .name("konane-online".into())
            .spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build();
                match rt {
                    Ok(rt) => rt.block_on(async move {
                        let server = match server {
                            Some(s) => s,
                            None => match locate(&start).await {
                                Ok(s) => s,
                                Err(e) => {
                                    let _ = tell.send(Event::Refused(ErrorCode::NoSuchGame, e));
                                    let _ = tell.send(Event::Closed);
                                    return;
                                }
                            },
                        };
                        run(server, start, commands, tell).await
                    }),
                    Err(e) => {
                        let _ = tell.send(Event::Refused(ErrorCode::ServerError, format!("no network runtime: {e}")));
                        let _ = tell.send(Event::Closed);
                    }
                }
            })
            .ok();
        Session { control, events: std::sync::Mutex::new(events), thread }
    }

    /// Asks for something; sent at once or after the next reconnect.
    pub fn send(&self, command: Command) {
        let _ = self.control.send(Control::Do(command));
    }

    /// Everything that happened since the last poll (never waits).
    pub fn poll(&self) -> Vec<Event> {
        self.events.lock().map(|e| e.try_iter().collect()).unwrap_or_default()
    }

    /// Waits up to `time` for the next event (tests and tools, not the frame loop).
    pub fn wait(&self, time: Duration) -> Option<Event> {
        self.events.lock().ok()?.recv_timeout(time).ok()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.control.send(Control::Stop);
        if let Some(t) = self.thread.take() {
            // The thread ends at its next await (at most one connect attempt's time).
            let _ = t.join();
        }
    }
}

/// Where on the local network the game of `start` is.
async fn locate(start: &Start) -> Result<String, String> {
    let code = match start {
        Start::Join { code } | Start::Watch { code } | Start::Resume { code, .. } => code.clone(),
        Start::Host { .. } => return Err("hosting needs a server address".into()),
    };
    let port = super::protocol::DEFAULT_PORT;
    let shown = super::code::display(&super::code::normalise(&code)?);
    let wanted = code.clone();
    let found = tokio::task::spawn_blocking(move || {
        super::discovery::find(&wanted, &super::discovery::default_targets(port), Duration::from_secs(2))
    })
    .await
    .ok()
    .flatten();
    found.map(|a| a.to_string()).ok_or_else(|| format!("no game with the code {shown} was found on this network"))
}

/// What a session remembers across reconnects.
struct Memory {
    start: Start,
    /// A move sent and not yet acknowledged: resent once after a reconnect if still missing.
    pending: Option<(u32, String)>,
    /// Commands to send once connected.
    queued: Vec<Command>,
    /// Moves the game has, to decide about `pending`.
    moves: usize,
}

fn backoff(attempt: u32) -> Duration {
    Duration::from_millis((250u64 << attempt.min(5)).min(5000))
}

async fn run(server: String, start: Start, mut commands: mpsc::UnboundedReceiver<Control>, tell: Teller) {
    let mut memory = Memory { start, pending: None, queued: Vec::new(), moves: 0 };
    let mut entered = false;
    let mut attempt = 0u32;
    let _ = tell.send(Event::Link(LinkState::Connecting));
    loop {
        let linked = tokio::select! {
            l = Link::connect(&server) => l,
            c = commands.recv() => match c {
                Some(Control::Do(cmd)) => { queue(&mut memory, cmd); continue }
                _ => return,
            },
        };
        let mut link = match linked {
            Ok(l) => {
                let _ = tell.send(Event::Line(l.line.clone()));
                l
            }
            Err(e) => {
                attempt += 1;
                let state = if entered { LinkState::Reconnecting(attempt, e) } else { LinkState::Unreachable(e) };
                let _ = tell.send(Event::Link(state));
                if !pause(backoff(attempt), &mut commands, &mut memory).await {
                    return;
                }
                continue;
            }
        };
        match play(&mut link, &mut memory, &mut commands, &tell, &mut entered).await {
            Ended::Stop => return,
            Ended::Refused => {
                let _ = tell.send(Event::Closed);
                // Stay until told to stop, so the game reads the reason first.
                while let Some(Control::Do(_)) = commands.recv().await {}
                return;
            }
            Ended::Broken(e) => {
                attempt = 1;
                let _ = tell.send(Event::Link(LinkState::Reconnecting(attempt, e)));
                if !pause(backoff(0), &mut commands, &mut memory).await {
                    return;
                }
            }
        }
    }
}

fn queue(memory: &mut Memory, cmd: Command) {
    match cmd {
        Command::Move { ply, mv } => memory.pending = Some((ply, mv)),
        other => memory.queued.push(other),
    }
}

/// Waits `time`, taking commands meanwhile; false if told to stop.
async fn pause(time: Duration, commands: &mut mpsc::UnboundedReceiver<Control>, memory: &mut Memory) -> bool {
    let sleep = tokio::time::sleep(time);
    tokio::pin!(sleep);
    loop {
        tokio::select! {
            _ = &mut sleep => return true,
            c = commands.recv() => match c {
                Some(Control::Do(cmd)) => queue(memory, cmd),
                _ => return false,
            },
        }
    }
}

#[derive(Debug, PartialEq)]
enum Ended {
    Stop,
    Refused,
    Broken(String),
}

fn to_message(cmd: &Command) -> ClientMsg {
    match cmd {
        Command::Move { ply, mv } => ClientMsg::Move { ply: *ply, mv: mv.clone() },
        Command::Resign => ClientMsg::Resign {},
        Command::UndoRequest => ClientMsg::UndoRequest {},
        Command::UndoAnswer(a) => ClientMsg::UndoAnswer { accept: *a },
        Command::Rematch => ClientMsg::Rematch {},
        Command::Abort => ClientMsg::Abort {},
        Command::ClaimVictory => ClientMsg::ClaimVictory {},
    }
}

/// One connection's life: enter the game, then pass messages both ways.
async fn play(
    link: &mut Link,
    memory: &mut Memory,
    commands: &mut mpsc::UnboundedReceiver<Control>,
    tell: &Teller,
    entered: &mut bool,
) -> Ended {
    if let Err(e) = link.send(&entry_message(&memory.start)).await {
        return Ended::Broken(e);
    }
    let mut in_game = false;
    let mut ping = 0u64;
    let mut last_heard = tokio::time::Instant::now();
    let mut ticker = tokio::time::interval(PING_EVERY);
    ticker.tick().await;
    loop {
        tokio::select! {
            msg = link.recv() => {
                let msg = match msg { Ok(m) => m, Err(e) => return Ended::Broken(e) };
                last_heard = tokio::time::Instant::now();
                // The server measures the round trip: answered at once.
                if let ServerMsg::Ping { n } = msg {
                    if let Err(e) = link.send(&ClientMsg::Pong { n }).await { return Ended::Broken(e) }
                    continue;
                }
                let heard = hear(memory, in_game, msg);
                if heard.entered {
                    in_game = true;
                    *entered = true;
                }
                for event in heard.tell {
                    let _ = tell.send(event);
                }
                if let Some(end) = heard.end {
                    return end;
                }
                if heard.catch_up && let Err(e) = after_entering(link, memory).await { return Ended::Broken(e) }
            }
            c = commands.recv() => match c {
                Some(Control::Do(cmd)) => {
                    let Some(msg) = outgoing(memory, in_game, cmd) else { continue };
                    if let Err(e) = link.send(&msg).await { return Ended::Broken(e) }
                }
                _ => return Ended::Stop,
            },
            _ = ticker.tick() => {
                if last_heard.elapsed() > SILENCE {
                    return Ended::Broken("the server stopped answering".into());
                }
                ping += 1;
                if let Err(e) = link.send(&ClientMsg::Ping { n: ping }).await { return Ended::Broken(e) }
            }
        }
    }
}

/// The first message of a connection: how it enters its game.
fn entry_message(start: &Start) -> ClientMsg {
    match start {
        Start::Host { rows, cols, colour, private, clock } => {
            ClientMsg::Host { rows: *rows, cols: *cols, colour: *colour, private: *private, clock: *clock }
        }
        Start::Join { code } => ClientMsg::Join { code: code.clone() },
        Start::Watch { code } => ClientMsg::Watch { code: code.clone() },
        Start::Resume { code, token } => ClientMsg::Resume { code: code.clone(), token: token.clone() },
    }
}

/// A command of the game: the message to send now, or none when the game is not entered yet
/// (it waits in `memory`). A move sent is remembered until the server acknowledges it.
fn outgoing(memory: &mut Memory, in_game: bool, cmd: Command) -> Option<ClientMsg> {
    if !in_game {
        queue(memory, cmd);
        return None;
    }
    if let Command::Move { ply, mv } = &cmd {
        memory.pending = Some((*ply, mv.clone()));
    }
    Some(to_message(&cmd))
}

/// What one message from the server means for the session.
#[derive(Debug, PartialEq)]
struct Heard {
    /// Told to the game, in this order.
    tell: Vec<Event>,
    /// The game was entered (a seat or a watch was granted).
    entered: bool,
    /// A seat was granted: resend the unacknowledged move and the waiting commands.
    catch_up: bool,
    /// The connection ends.
    end: Option<Ended>,
}

impl Heard {
    /// Nothing to tell, and the connection goes on.
    fn nothing() -> Heard {
        Heard { tell: Vec::new(), entered: false, catch_up: false, end: None }
    }

    fn tell(event: Event) -> Heard {
        Heard { tell: vec![event], ..Heard::nothing() }
    }
}

/// Takes one message from the server into `memory` (what to resume with, the moves, the
/// pending move); `in_game`: the game was entered on this connection.
fn hear(memory: &mut Memory, in_game: bool, msg: ServerMsg) -> Heard {
    let entered = |memory: &mut Memory, start: Start, moves: usize, event: Event, catch_up: bool| {
        memory.start = start;
        memory.moves = moves;
        Heard { tell: vec![Event::Link(LinkState::Connected), event], entered: true, catch_up, end: None }
    };
    match msg {
        ServerMsg::Seated { token, colour, game, watch_code } => {
            let start = Start::Resume { code: game.code.clone(), token: token.clone() };
            let moves = game.moves.len();
            let event = Event::Seated { code: game.code.clone(), token, colour, game, watch_code };
            entered(memory, start, moves, event, true)
        }
        ServerMsg::Watching { game } => {
            let start = Start::Watch { code: game.code.clone() };
            let moves = game.moves.len();
            entered(memory, start, moves, Event::Watching { game }, false)
        }
        ServerMsg::State { game, colour } => {
            memory.moves = game.moves.len();
            if memory.pending.as_ref().is_some_and(|(p, _)| (*p as usize) < memory.moves) {
                memory.pending = None;
            }
            Heard::tell(Event::State { game, colour })
        }
        ServerMsg::Moved { ply, mv, outcome, clock } => {
            memory.moves = memory.moves.max(ply as usize + 1);
            if memory.pending.as_ref().is_some_and(|(p, _)| *p == ply) {
                memory.pending = None;
            }
            let mut heard = Heard::tell(Event::Moved { ply, mv, outcome });
            heard.tell.extend(clock.map(Event::Clock));
            heard
        }
        ServerMsg::Presence { colour, connected, taken, claim_in_ms } => {
            Heard::tell(Event::Presence { colour, connected, taken, claim_in_ms })
        }
        ServerMsg::UndoAsked { by } => Heard::tell(Event::UndoAsked(by)),
        ServerMsg::UndoDeclined { by } => Heard::tell(Event::UndoDeclined(by)),
        ServerMsg::RematchAsked { by } => Heard::tell(Event::RematchAsked(by)),
        ServerMsg::Ended { outcome, clock } => {
            let mut heard = Heard::tell(Event::Ended(outcome));
            heard.tell.extend(clock.map(Event::Clock));
            heard
        }
        ServerMsg::Error { code, message } => refused(memory, in_game, code, message),
        ServerMsg::Pong { .. } | ServerMsg::Welcome { .. } | ServerMsg::Ping { .. } => Heard::nothing(),
    }
}

/// The server refused something: a refused move is no longer pending; before the game was
/// entered the session ends (unless it was only slowed down); a lost change reconnects.
fn refused(memory: &mut Memory, in_game: bool, code: ErrorCode, message: String) -> Heard {
    if code == ErrorCode::StaleMove || code == ErrorCode::IllegalMove || code == ErrorCode::NotYourTurn {
        memory.pending = None;
    }
    let mut heard = Heard::tell(Event::Refused(code, message));
    if (!in_game && code != ErrorCode::RateLimited) || code == ErrorCode::Replaced {
        // Taken over by the same seat opened elsewhere: resuming would only take it back.
        heard.end = Some(Ended::Refused);
        if code == ErrorCode::Replaced {
            heard.tell.push(Event::Link(LinkState::Replaced));
        }
    } else if code == ErrorCode::ServerError {
        heard.end = Some(Ended::Broken("the server lost the game's last change".into()));
    }
    heard
}

/// After (re)entering: resend the unacknowledged move once if the server lacks it, then the
/// commands that waited for the line.
async fn after_entering(link: &mut Link, memory: &mut Memory) -> Result<(), String> {
    if let Some((ply, mv)) = memory.pending.clone() {
        if (ply as usize) == memory.moves {
            link.send(&ClientMsg::Move { ply, mv }).await?;
        } else {
            memory.pending = None;
        }
    }
    for cmd in std::mem::take(&mut memory.queued) {
        link.send(&to_message(&cmd)).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
