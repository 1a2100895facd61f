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
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;
use tokio_util::bytes::Bytes;
use tokio_util::codec::{FramedRead, FramedWrite, LengthDelimitedCodec};

use super::protocol::{
    ClientMsg, Colour, ErrorCode, GameView, MAX_CLIENT_FRAME, MAX_SERVER_FRAME, Outcome, PROTOCOL_VERSION, ServerMsg,
    codec, decode_server, encode,
};

/// Time to connect and be welcomed.
pub const CONNECT_TIME: Duration = Duration::from_secs(5);
/// A ping is sent when nothing was sent for this long.
pub const PING_EVERY: Duration = Duration::from_secs(10);
/// A connection that brings nothing (not even a pong) for this long is taken for dead.
pub const SILENCE: Duration = Duration::from_secs(25);

/// One connection to a server, welcomed.
pub struct Link {
    read: FramedRead<OwnedReadHalf, LengthDelimitedCodec>,
    write: FramedWrite<OwnedWriteHalf, LengthDelimitedCodec>,
}

impl Link {
    /// Connects to `server` (`host:port`) and says hello.
    pub async fn connect(server: &str) -> Result<Link, String> {
        Link::connect_from(server, None).await
    }

    /// Connects to `server` from the local address `from` (a loopback address such as
    /// 127.0.0.7, for tests of the per-address limits), or any, and says hello.
    pub async fn connect_from(server: &str, from: Option<std::net::IpAddr>) -> Result<Link, String> {
        let attempt = async {
            let reach = |e: std::io::Error| format!("cannot reach {server}: {e}");
            let stream = match from {
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
            let _ = stream.set_nodelay(true);
            let (r, w) = stream.into_split();
            let mut link = Link {
                read: FramedRead::new(r, codec(MAX_SERVER_FRAME)),
                write: FramedWrite::new(w, codec(MAX_CLIENT_FRAME)),
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
    },
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
    fn send(&self, event: Event) -> Result<(), std_mpsc::SendError<Event>> {
        let sent = self.events.send(event);
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
            Ok(l) => l,
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
        Start::Host { rows, cols, colour } => ClientMsg::Host { rows: *rows, cols: *cols, colour: *colour },
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
        ServerMsg::Seated { token, colour, game } => {
            let start = Start::Resume { code: game.code.clone(), token: token.clone() };
            let moves = game.moves.len();
            entered(memory, start, moves, Event::Seated { code: game.code.clone(), token, colour, game }, true)
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
        ServerMsg::Moved { ply, mv, outcome } => {
            memory.moves = memory.moves.max(ply as usize + 1);
            if memory.pending.as_ref().is_some_and(|(p, _)| *p == ply) {
                memory.pending = None;
            }
            Heard::tell(Event::Moved { ply, mv, outcome })
        }
        ServerMsg::Presence { colour, connected, taken } => Heard::tell(Event::Presence { colour, connected, taken }),
        ServerMsg::UndoAsked { by } => Heard::tell(Event::UndoAsked(by)),
        ServerMsg::UndoDeclined { by } => Heard::tell(Event::UndoDeclined(by)),
        ServerMsg::RematchAsked { by } => Heard::tell(Event::RematchAsked(by)),
        ServerMsg::Ended { outcome } => Heard::tell(Event::Ended(outcome)),
        ServerMsg::Error { code, message } => refused(memory, in_game, code, message),
        ServerMsg::Pong { .. } | ServerMsg::Welcome { .. } => Heard::nothing(),
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
mod tests {
    use super::*;
    use crate::protocol::SeatView;

    fn memory(start: Start) -> Memory {
        Memory { start, pending: None, queued: Vec::new(), moves: 0 }
    }

    fn view(moves: &[&str]) -> GameView {
        GameView {
            code: "ABC234".into(),
            rows: 6,
            cols: 6,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            seats: [SeatView::default(); 2],
            outcome: None,
            undo_asked: None,
            round: 0,
        }
    }

    #[test]
    fn a_seat_is_resumed_with_its_token_after_a_reconnect() {
        let mut m = memory(Start::Join { code: "ABC234".into() });
        let heard =
            hear(&mut m, false, ServerMsg::Seated { token: "t".into(), colour: Colour::White, game: view(&["a"]) });
        assert!(heard.entered && heard.catch_up && heard.end.is_none());
        assert_eq!(heard.tell[0], Event::Link(LinkState::Connected));
        assert!(matches!(&heard.tell[1], Event::Seated { token, colour: Colour::White, .. } if token == "t"));
        assert_eq!(m.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
        assert_eq!(entry_message(&m.start), ClientMsg::Resume { code: "ABC234".into(), token: "t".into() });
        assert_eq!(m.moves, 1);
    }

    #[test]
    fn a_watcher_does_not_catch_up_on_commands() {
        let mut m = memory(Start::Watch { code: "abc-234".into() });
        let heard = hear(&mut m, false, ServerMsg::Watching { game: view(&[]) });
        assert!(heard.entered && !heard.catch_up);
        assert_eq!(m.start, Start::Watch { code: "ABC234".into() });
    }

    #[test]
    fn a_move_stays_pending_until_acknowledged_or_refused() {
        let mut m = memory(Start::Join { code: "ABC234".into() });
        assert_eq!(outgoing(&mut m, false, Command::Resign), None, "waits for the game");
        assert_eq!(m.queued, vec![Command::Resign]);
        let mv = Command::Move { ply: 2, mv: "c3-c5".into() };
        assert_eq!(outgoing(&mut m, true, mv), Some(ClientMsg::Move { ply: 2, mv: "c3-c5".into() }));
        hear(&mut m, true, ServerMsg::Moved { ply: 1, mv: "x".into(), outcome: None });
        assert!(m.pending.is_some(), "another move's acknowledgement");
        hear(&mut m, true, ServerMsg::Moved { ply: 2, mv: "c3-c5".into(), outcome: None });
        assert!(m.pending.is_none());
        assert_eq!(m.moves, 3);
        outgoing(&mut m, true, Command::Move { ply: 3, mv: "d4-d2".into() });
        let heard = hear(&mut m, true, ServerMsg::Error { code: ErrorCode::NotYourTurn, message: "no".into() });
        assert!(m.pending.is_none() && heard.end.is_none(), "refused in game: the session goes on");
    }

    #[test]
    fn a_refusal_before_entering_ends_the_session_unless_only_slowed_down() {
        let mut m = memory(Start::Join { code: "ABC234".into() });
        let err = |code| ServerMsg::Error { code, message: "why".into() };
        let heard = hear(&mut m, false, err(ErrorCode::GameFull));
        assert_eq!(heard.tell, vec![Event::Refused(ErrorCode::GameFull, "why".into())]);
        assert_eq!(heard.end, Some(Ended::Refused));
        assert_eq!(hear(&mut m, false, err(ErrorCode::RateLimited)).end, None);
        assert!(matches!(hear(&mut m, true, err(ErrorCode::ServerError)).end, Some(Ended::Broken(_))));
        // A seat taken over elsewhere ends the session: no resume to take it back.
        let heard = hear(&mut m, true, err(ErrorCode::Replaced));
        assert_eq!(heard.end, Some(Ended::Refused));
        assert_eq!(heard.tell.last(), Some(&Event::Link(LinkState::Replaced)));
        assert_eq!(hear(&mut m, true, ServerMsg::Pong { n: 1 }), Heard::nothing());
    }
}
