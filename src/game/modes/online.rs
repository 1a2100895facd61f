//! Playing a friend online: hosting (with a server inside the game when no server is set, so a
//! LAN needs no setup), joining or watching by invite code, and a game whose other side moves
//! over the network.
//!
//! The network runs on the session's own thread ([`crate::online::client::Session`]); this
//! module only polls its events each frame. The server is the authority: a move from the
//! friend arrives as a `Moved` event and becomes an ordinary [`Intent::Play`], and a whole
//! state (after a take-back, a rematch, or a reconnect) becomes an [`Intent::Replace`]. Your
//! own move is applied at once and sent; the server's acknowledgement needs nothing more.

use std::net::SocketAddr;
use std::path::PathBuf;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

use crate::game::modes::saves::{ContinueOnline, DataDir};
use crate::game::platform::clipboard::Clipboard;
use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Settings;
use crate::game::play::authority::{GameChange, Intent, MoveApplied, NextGame, Rules};
use crate::game::play::screen::{Discard, GameSet, Navigate, Notice, Overlay, Screen};
use crate::game::setup::{GameMode, GameSetup};
use crate::online::client::{Command, Event, LinkState, Notify, Session, Start};
use crate::online::code;
use crate::online::discovery::{self, Responder};
use crate::online::protocol::{Colour, DEFAULT_PORT, EndReason, GameView, Outcome, SeatView};
use crate::online::server::{Server, ServerConfig};
use crate::rules::{Color as Side, Geometry, notation};

/// What the menus ask of online play.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineStep {
    /// Host a game on the board size and colour of the settings.
    Host,
    /// Join the game whose code was typed.
    Join,
    /// Watch the game whose code was typed.
    Watch,
    /// Take back the seat of the last online game.
    Resume,
    /// Answer the friend's take-back request.
    AnswerUndo(bool),
    /// Ask for (or agree to) a rematch.
    Rematch,
    /// Put the invite code on the clipboard.
    CopyCode,
    /// Choose the code field: join (or watch) when the code is whole; on a pad, go on to
    /// the next symbol.
    CodeConfirm,
}

/// The invite code being typed (keys, paste, or a pad stepping each symbol).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CodeEntry {
    /// The symbols so far, canonical (upper case, no dash), at most six.
    pub text: String,
    /// The code is for watching rather than joining.
    pub watch: bool,
    /// Why the last try with this code failed (no such game, both seats taken…): said in the
    /// panel until the code is changed or tried again.
    pub refused: Option<Msg>,
}

impl CodeEntry {
    /// Adds a typed character if it belongs in a code (lower case is raised); false if not.
    pub fn push(&mut self, ch: char) -> bool {
        let up = ch.to_ascii_uppercase();
        if self.text.len() >= code::CODE_LEN || !up.is_ascii() || !code::ALPHABET.contains(&(up as u8)) {
            return false;
        }
        self.text.push(up);
        self.refused = None;
        true
    }

    /// Removes the last symbol.
    pub fn pop(&mut self) {
        self.text.pop();
        self.refused = None;
    }

    /// Takes a pasted text: its code symbols, ignoring dashes and spaces, up to six.
    pub fn paste(&mut self, text: &str) {
        self.text.clear();
        self.refused = None;
        for ch in text.chars().filter(|c| !matches!(c, '-' | ' ')) {
            if !self.push(ch) {
                break;
            }
        }
    }

    /// The symbol in `slot`, if typed.
    pub fn symbol(&self, slot: usize) -> Option<char> {
        self.text.chars().nth(slot)
    }

    /// Steps the symbol in `slot` through the alphabet (a pad's left/right); the slot must be
    /// typed already or the next one.
    pub fn step(&mut self, slot: usize, dir: i32) -> bool {
        let n = code::ALPHABET.len() as i32;
        let len = self.text.len();
        if slot > len || slot >= code::CODE_LEN {
            return false;
        }
        let next = match self.symbol(slot) {
            Some(c) => {
                let i = code::ALPHABET.iter().position(|a| *a as char == c).unwrap_or(0) as i32;
                code::ALPHABET[(i + dir).rem_euclid(n) as usize] as char
            }
            None => code::ALPHABET[if dir > 0 { 0 } else { n as usize - 1 }] as char,
        };
        let mut chars: Vec<char> = self.text.chars().collect();
        if slot == len {
            chars.push(next);
        } else {
            chars[slot] = next;
        }
        self.text = chars.into_iter().collect();
        self.refused = None;
        true
    }

    /// All six symbols are there.
    pub fn complete(&self) -> bool {
        self.text.len() == code::CODE_LEN
    }
}

/// A server running inside the game while it hosts without a server of the settings.
struct Embedded {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    addr: SocketAddr,
    _responder: Option<Responder>,
}

impl Embedded {
    /// Starts `konane serve`'s code on the game port (any free port if that is taken) with
    /// the database `db`, and answers LAN discovery.
    fn start(db: PathBuf) -> Result<Embedded, String> {
        let (ready, bound) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("konane-host".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build() {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready.send(Err(e.to_string()));
                        return;
                    }
                };
                rt.block_on(async move {
                    let mut server = None;
                    for port in [DEFAULT_PORT, 0] {
                        let config = ServerConfig::new(SocketAddr::from(([0, 0, 0, 0], port)), db.clone());
                        match Server::bind(config).await {
                            Ok(s) => {
                                server = Some(s);
                                break;
                            }
                            Err(e) if port == 0 => {
                                let _ = ready.send(Err(e));
                                return;
                            }
                            Err(_) => {}
                        }
                    }
                    let Some(server) = server else { return };
                    let addr = match server.local_addr() {
                        Ok(a) => a,
                        Err(e) => {
                            let _ = ready.send(Err(e));
                            return;
                        }
                    };
                    let _ = ready.send(Ok((addr, server.lookup())));
                    server
                        .run(async {
                            let _ = stopped.await;
                        })
                        .await;
                });
            })
            .map_err(|e| e.to_string())?;
        let (addr, lookup) = bound
            .recv_timeout(std::time::Duration::from_secs(20))
            .map_err(|_| "the game's own server did not start".to_string())??;
        // Another game on this machine may answer discovery already; the game can still be
        // joined by address and code.
        let responder = Responder::start(DEFAULT_PORT, addr.port(), move |c| lookup.has(c)).ok();
        Ok(Embedded { stop: Some(stop), thread: Some(thread), addr, _responder: responder })
    }
}

impl Drop for Embedded {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The online game: its session, and what the server said of the seats and the line.
#[derive(Resource)]
pub struct OnlineGame {
    session: Session,
    _embedded: Option<Embedded>,
    /// The invite code, once known.
    pub code: Option<String>,
    /// Your colour (none when watching, or before the seat is given).
    pub you: Option<Side>,
    /// Watching rather than playing.
    pub watching: bool,
    /// The line.
    pub link: LinkState,
    /// The seats as the server last said.
    pub seats: [SeatView; 2],
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Which game between the two seats (a rematch adds one).
    pub round: u32,
    /// The game was entered (a seat or a watch was granted).
    pub entered: bool,
    /// Hosting: where friends on this network reach the game.
    pub lan: Option<String>,
    /// Hosting.
    pub hosting: bool,
    /// What to resume with: server address and the seat's token.
    resume: Option<(String, String)>,
    /// The server address as configured (none: this network).
    server: Option<String>,
    /// Joined on the local network (found by its code, not hosted here).
    on_lan: bool,
}

/// How long a server keeps a game for a player who went away, as the HUD says it.
pub const KEEP_MINUTES: u64 = 30;

impl OnlineGame {
    fn new(session: Session, embedded: Option<Embedded>, server: Option<String>, watching: bool) -> OnlineGame {
        let lan = embedded.as_ref().map(|e| {
            format!("{}:{}", discovery::lan_address().map_or("127.0.0.1".into(), |ip| ip.to_string()), e.addr.port())
        });
        OnlineGame {
            session,
            hosting: embedded.is_some(),
            _embedded: embedded,
            code: None,
            you: None,
            watching,
            link: LinkState::Connecting,
            seats: Default::default(),
            outcome: None,
            round: 0,
            entered: false,
            lan,
            resume: None,
            server,
            on_lan: false,
        }
    }

    /// The friend's seat is taken.
    pub fn friend_here(&self) -> bool {
        self.you.is_some_and(|y| self.seats[y.opponent().index()].taken)
    }

    /// The line as words for the HUD, when there is something to say about it.
    pub fn link_words(&self) -> Option<Msg> {
        let code = self.code.as_deref().map(code::display).unwrap_or_default();
        Some(match &self.link {
            LinkState::Connecting => Msg::new("link-connecting"),
            LinkState::Reconnecting(n, _) => Msg::new("link-reconnecting").num("n", *n as i64),
            LinkState::Unreachable(why) => Msg::new("link-unreachable").text("why", why.clone()),
            LinkState::Connected if self.outcome.is_some_and(|o| o.how == EndReason::Abandoned) => {
                Msg::new("link-abandoned")
            }
            LinkState::Connected if self.watching => Msg::new("link-watching").text("code", code),
            LinkState::Connected if !self.friend_here() && self.you.is_some() => {
                Msg::new("link-waiting-friend").text("code", code)
            }
            LinkState::Connected => {
                let friend = self.you.map(|y| self.seats[y.opponent().index()]);
                match friend {
                    Some(s) if s.taken && !s.connected && self.outcome.is_none() => {
                        Msg::new("link-friend-away").num("minutes", KEEP_MINUTES as i64)
                    }
                    _ => return None,
                }
            }
        })
    }
}

/// The setup of an online game of `view`, you playing `you` (none: watching).
pub fn online_setup(view: &GameView, you: Option<Side>) -> Result<GameSetup, String> {
    Ok(GameSetup::online(Geometry::new(view.rows, view.cols)?, you))
}

/// The side that resigned, from a result.
fn resigned_in(outcome: Option<Outcome>) -> Option<Side> {
    match outcome {
        Some(Outcome { winner: Some(w), how: EndReason::Resigned }) => Some(Side::from(w).opponent()),
        _ => None,
    }
}

/// What taking a seat says, and the menu it opens: whoever joins is told their colour (the
/// host chose it); hosting from the game screen, the host panel gives way to the code.
fn seated(online: &OnlineGame, you: Side, in_game: bool, notice: &mut Notice) -> Option<Overlay> {
    forget_connecting(notice);
    if !online.hosting {
        notice.say(you_play(you), false);
        notice.left = notice.left.max(8.0);
    }
    (in_game && online.hosting && !online.friend_here()).then_some(Overlay::OnlineCode)
}

/// What a player who joins is told of their colour.
fn you_play(side: Side) -> Msg {
    Msg::new("notice-you-play").sub("side", crate::game::platform::i18n::side_name(side))
}

/// Where an online game lives when it is not on the server of the settings.
fn seat_file(dir: &DataDir) -> PathBuf {
    dir.online_seat()
}

/// The last online seat: server address (or `here` for the game's own), code and token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedSeat {
    /// `host:port`, or `here` when the game hosted it itself.
    pub server: String,
    /// Invite code.
    pub code: String,
    /// The seat's token.
    pub token: String,
}

impl SavedSeat {
    /// The file's text.
    pub fn to_text(&self) -> String {
        format!(
            "# Kōnane: the last online game's seat (keep it private)\nserver {}\ncode {}\ntoken {}\n",
            self.server, self.code, self.token
        )
    }

    /// Reads the file's text; an error names the line.
    pub fn parse(text: &str) -> Result<SavedSeat, String> {
        let (mut server, mut code_, mut token) = (None, None, None);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) =
                line.split_once(' ').ok_or_else(|| format!("line {}: expected a key and a value", i + 1))?;
            match key {
                "server" => server = Some(value.trim().to_string()),
                "code" => code_ = Some(code::normalise(value).map_err(|e| format!("line {}: {e}", i + 1))?),
                "token" if value.len() == 32 && value.chars().all(|c| c.is_ascii_hexdigit()) => {
                    token = Some(value.to_string())
                }
                "token" => return Err(format!("line {}: a token is 32 hexadecimal digits", i + 1)),
                other => return Err(format!("line {}: unknown key {}", i + 1, crate::rules::quote::quoted(other))),
            }
        }
        match (server, code_, token) {
            (Some(server), Some(code), Some(token)) => Ok(SavedSeat { server, code, token }),
            _ => Err("the seat file needs server, code and token".into()),
        }
    }
}

/// The saved seat, if there is one and it can be read.
pub fn saved_seat(dir: Option<&DataDir>) -> Option<SavedSeat> {
    let text = crate::files::read_regular_file(&seat_file(dir?), 4096).ok()?;
    SavedSeat::parse(&text).ok()
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<OnlineStep>()
        // Typed codes come as keyboard messages (registered here too for headless runs).
        .add_message::<KeyboardInput>()
        .init_resource::<CodeEntry>()
        .add_systems(Update, (type_code, start_online, pump).chain().in_set(GameSet::Input))
        .add_systems(Update, forward.in_set(GameSet::Presentation))
        .add_systems(OnEnter(Screen::Game), show_code_while_waiting)
        .add_systems(OnEnter(Screen::Title), leave);
}

/// The server address of the settings, if one is set.
fn configured_server(settings: &Settings) -> Option<String> {
    let s = settings.server.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn database(dir: Option<&DataDir>) -> PathBuf {
    match dir {
        Some(d) => d.0.join("online-host.sqlite"),
        None => std::env::temp_dir().join(format!("konane-host-{}.sqlite", std::process::id())),
    }
}

/// Starts hosting, joining, watching or resuming.
fn start_online(
    mut steps: MessageReader<OnlineStep>,
    mut continued: MessageReader<ContinueOnline>,
    settings: Res<Settings>,
    dir: Option<Res<DataDir>>,
    mut entry: ResMut<CodeEntry>,
    online: Option<Res<OnlineGame>>,
    device: Res<crate::game::platform::device::LastDevice>,
    mut clipboard: ResMut<Clipboard>,
    mut notice: ResMut<Notice>,
    mut commands: Commands,
    wake: Res<crate::game::platform::redraw::Wake>,
) {
    let resume = continued.read().count() > 0;
    let steps: Vec<OnlineStep> = steps.read().copied().chain(resume.then_some(OnlineStep::Resume)).collect();
    for step in &steps {
        let Some(begin) = in_session(*step, online.as_deref(), &mut entry, *device, &mut clipboard, &mut notice) else {
            continue;
        };
        // The seat kept from before: what Continue takes back, and what a join with the same
        // code takes back (the seat is yours; joining anew would find it taken).
        let saved = saved_seat(dir.as_deref());
        match plan(begin, &settings, &entry, saved).and_then(|p| launch(p, dir.as_deref(), wake.notifier())) {
            Ok(game) => {
                entry.refused = None;
                notice.say(Msg::new("link-connecting"), false);
                commands.insert_resource(game);
            }
            Err(e) => {
                let why = Msg::new("online-refused").text("why", e);
                entry.refused = Some(why.clone());
                notice.say(why, true);
            }
        }
    }
}

/// Does a step that needs no new session (answers, rematch, the code field, copying the
/// code); returns the step that starts one (hosting, joining, watching or resuming).
fn in_session(
    step: OnlineStep,
    online: Option<&OnlineGame>,
    entry: &mut CodeEntry,
    device: crate::game::platform::device::LastDevice,
    clipboard: &mut Clipboard,
    notice: &mut Notice,
) -> Option<OnlineStep> {
    match step {
        OnlineStep::AnswerUndo(yes) => {
            if let Some(o) = online {
                o.session.send(Command::UndoAnswer(yes));
            }
        }
        OnlineStep::Rematch => {
            if let Some(o) = online {
                o.session.send(Command::Rematch);
                notice.say(Msg::new("notice-rematch-asked"), false);
            }
        }
        OnlineStep::CodeConfirm if !entry.complete() => {
            if device == crate::game::platform::device::LastDevice::Pad {
                let next = entry.text.len();
                entry.step(next, 1);
            } else {
                notice.say(Msg::new("notice-code-incomplete"), true);
            }
        }
        OnlineStep::CodeConfirm => return Some(OnlineStep::Join),
        OnlineStep::CopyCode => {
            if let Some(code) = online.and_then(|o| o.code.clone()) {
                match clipboard.set(&code::display(&code)) {
                    Ok(()) => notice.say(Msg::new("notice-code-copied"), false),
                    Err(e) => notice.say(Msg::plain(e), true),
                }
            }
        }
        other => return Some(other),
    }
    None
}

/// The seat file's word for a game found on the local network by its code (a guest's seat:
/// the host's address may change between runs, the code does not).
pub const SEAT_ON_LAN: &str = "lan";
/// The seat file's word for the game's own server (the host's seat).
pub const SEAT_HERE: &str = "here";

/// Where a session connects.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Via {
    /// The server at this address.
    Server(String),
    /// The game's own server, started for it.
    Embedded,
    /// Wherever the game's code is found on the local network.
    Lan,
}

/// The session a step starts: how it enters its game, where, and as what.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Plan {
    start: Start,
    via: Via,
    watching: bool,
    hosting: bool,
}

/// The session that hosting, joining, watching or resuming (`saved`: the seat kept) starts,
/// or why none can start.
fn plan(step: OnlineStep, settings: &Settings, entry: &CodeEntry, saved: Option<SavedSeat>) -> Result<Plan, String> {
    let server = configured_server(settings);
    match step {
        OnlineStep::Host => {
            let colour = Colour::from(settings.colour);
            let start = Start::Host { rows: settings.size.rows(), cols: settings.size.cols(), colour };
            Ok(Plan { start, via: server.map_or(Via::Embedded, Via::Server), watching: false, hosting: true })
        }
        OnlineStep::Join | OnlineStep::Watch => {
            let code = code::normalise(&entry.text)?;
            let watching = step == OnlineStep::Watch || entry.watch;
            let via = server.map_or(Via::Lan, Via::Server);
            // Joining the game whose seat is kept here takes that seat back.
            if let Some(seat) = saved.filter(|s| !watching && s.code == code) {
                let start = Start::Resume { code: seat.code.clone(), token: seat.token.clone() };
                return Ok(Plan { start, via: seat_via(&seat).unwrap_or(via), watching: false, hosting: false });
            }
            let start = if watching { Start::Watch { code } } else { Start::Join { code } };
            Ok(Plan { start, via, watching, hosting: false })
        }
        _ => {
            let seat = saved.ok_or("there is no online game to continue")?;
            let start = Start::Resume { code: seat.code.clone(), token: seat.token.clone() };
            let via = seat_via(&seat).unwrap_or(Via::Lan);
            Ok(Plan { start, via, watching: false, hosting: false })
        }
    }
}

/// Where a kept seat's game is: the game's own server, the local network, or a server.
fn seat_via(seat: &SavedSeat) -> Option<Via> {
    match seat.server.as_str() {
        SEAT_HERE => Some(Via::Embedded),
        SEAT_ON_LAN => Some(Via::Lan),
        "" => None,
        addr => Some(Via::Server(addr.to_string())),
    }
}

/// Starts the session of `plan` (and the game's own server when it needs one); `notify` is
/// called when the session has news.
fn launch(plan: Plan, dir: Option<&DataDir>, notify: Option<Notify>) -> Result<OnlineGame, String> {
    let Plan { start, via, watching, hosting } = plan;
    let mut game = match via {
        Via::Server(addr) => {
            OnlineGame::new(Session::start_notifying(Some(addr.clone()), start, notify), None, Some(addr), watching)
        }
        Via::Lan => {
            let mut game = OnlineGame::new(Session::start_notifying(None, start, notify), None, None, watching);
            game.on_lan = true;
            game
        }
        Via::Embedded => {
            let e = Embedded::start(database(dir))?;
            let addr = format!("127.0.0.1:{}", e.addr.port());
            OnlineGame::new(Session::start_notifying(Some(addr), start, notify), Some(e), None, watching)
        }
    };
    game.hosting |= hosting;
    Ok(game)
}

/// Typing a code while the join (or watch) screen is open: letters and digits, Backspace,
/// and Ctrl+V to paste.
fn type_code(
    overlay: Res<Overlay>,
    mut keys: MessageReader<KeyboardInput>,
    held: Option<Res<ButtonInput<KeyCode>>>,
    mut entry: ResMut<CodeEntry>,
    mut clipboard: ResMut<Clipboard>,
    mut typing: ResMut<crate::game::platform::device::TypingText>,
) {
    let open = *overlay == Overlay::OnlineJoin;
    if typing.0 != open {
        typing.0 = open;
    }
    if !open {
        keys.clear();
        return;
    }
    let ctrl = held.is_some_and(|k| k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]));
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        match &k.logical_key {
            Key::Backspace => entry.pop(),
            Key::Character(c) if ctrl && c.eq_ignore_ascii_case("v") => {
                if let Ok(text) = clipboard.get() {
                    entry.paste(&text);
                }
            }
            Key::Character(c) if !ctrl => {
                for ch in c.chars() {
                    entry.push(ch);
                }
            }
            _ => {}
        }
    }
}

/// Where the kept seat says its game is: a guest on the local network finds the host again by
/// the code; the host runs the game's own server again; else the server's address.
fn seat_server(online: &OnlineGame) -> String {
    match &online.server {
        Some(addr) => addr.clone(),
        None if online.on_lan => SEAT_ON_LAN.into(),
        None => SEAT_HERE.into(),
    }
}

/// Remembers the seat so the game can be continued (also after the window closed).
fn keep_seat(dir: Option<&DataDir>, online: &OnlineGame, token: &str, code: &str) {
    let Some(dir) = dir else { return };
    let server = seat_server(online);
    let seat = SavedSeat { server, code: code.to_string(), token: token.to_string() };
    if let Err(e) = crate::files::write_atomically(&seat_file(dir), seat.to_text().as_bytes()) {
        warn!("the online seat could not be kept: {e}");
    }
}

/// What the server said, turned into intents, menus and words.
fn pump(
    online: Option<ResMut<OnlineGame>>,
    rules: Option<Res<Rules>>,
    screen: Res<State<Screen>>,
    overlay: Res<Overlay>,
    dir: Option<Res<DataDir>>,
    mut intents: MessageWriter<Intent>,
    mut nav: MessageWriter<Navigate>,
    mut games: MessageWriter<GameChange>,
    (mut notice, mut entry): (ResMut<Notice>, ResMut<CodeEntry>),
    mut commands: Commands,
) {
    let Some(mut online) = online else { return };
    let in_game = *screen.get() == Screen::Game;
    for ev in online.session.poll() {
        match ev {
            Event::Seated { code, token, colour, game } => {
                keep_seat(dir.as_deref(), &online, &token, &code);
                online.resume = Some((online.server.clone().unwrap_or_default(), token));
                online.you = Some(colour.into());
                enter(&mut online, &game, in_game, rules.as_deref(), &mut games);
                if let Some(o) = seated(&online, colour.into(), in_game, &mut notice) {
                    nav.write(Navigate::To(o));
                }
            }
            Event::Watching { game } => {
                online.you = None;
                enter(&mut online, &game, in_game, rules.as_deref(), &mut games);
            }
            Event::State { game, colour } => {
                online.you = colour.map(Side::from);
                enter(&mut online, &game, true, rules.as_deref(), &mut games);
                if overlay.is_game_over() && game.outcome.is_none() {
                    nav.write(Navigate::To(Overlay::None));
                }
            }
            Event::Refused(_, why) if !online.entered => {
                // Not in: the reason stays in the join panel until the code changes.
                entry.refused = Some(Msg::new("online-refused").text("why", why));
                notice.say(entry.refused.clone().unwrap_or_default(), true);
            }
            Event::Closed if !online.entered => {
                commands.remove_resource::<OnlineGame>();
                return;
            }
            Event::Closed => {}
            other => {
                let reaction = react(&mut online, other, rules.as_deref(), *overlay);
                games.write_batch(reaction.change);
                intents.write_batch(reaction.intents);
                if let Some(o) = reaction.overlay {
                    nav.write(Navigate::To(o));
                }
                if let Some((words, warning)) = reaction.notice {
                    notice.say(words, warning);
                }
            }
        }
    }
}

/// What an event asks of the game besides the changes to [`OnlineGame`].
#[derive(Debug, Default, PartialEq)]
struct Reaction {
    intents: Vec<Intent>,
    /// The board becomes this game (before the intents).
    change: Option<GameChange>,
    overlay: Option<Overlay>,
    notice: Option<(Msg, bool)>,
}

impl Reaction {
    fn say(words: Msg, warning: bool) -> Reaction {
        Reaction { notice: Some((words, warning)), ..Default::default() }
    }
}

/// Takes an event of the session into `online` and says what the game should do about it.
/// Seats, watches, whole states and the session's end change the board or the screen:
/// [`pump`] applies them, and they ask nothing here.
fn react(online: &mut OnlineGame, ev: Event, rules: Option<&Rules>, overlay: Overlay) -> Reaction {
    match ev {
        Event::Link(l) => {
            online.link = l;
            Reaction::default()
        }
        Event::Moved { ply, mv, outcome } => moved(online, rules, ply, &mv, outcome),
        Event::Presence { colour, connected, taken } => presence(online, rules, overlay, colour, connected, taken),
        Event::UndoAsked(by) if online.you != Some(by.into()) && online.you.is_some() => {
            Reaction { overlay: Some(Overlay::Confirm(Discard::AllowUndo)), ..Default::default() }
        }
        Event::UndoAsked(_) => Reaction::say(Msg::new("notice-undo-asked"), false),
        Event::UndoDeclined(by) if online.you != Some(by.into()) => {
            Reaction::say(Msg::new("notice-undo-declined"), true)
        }
        Event::RematchAsked(by) => {
            online.seats[by.index()].rematch = true;
            if online.you.is_some_and(|y| y != Side::from(by)) {
                Reaction::say(Msg::new("notice-friend-rematch"), false)
            } else {
                Reaction::default()
            }
        }
        Event::Ended(outcome) => ended(online, rules, outcome),
        Event::Refused(_, why) => Reaction::say(Msg::new("online-refused").text("why", why), true),
        Event::UndoDeclined(_)
        | Event::Seated { .. }
        | Event::Watching { .. }
        | Event::State { .. }
        | Event::Closed => Reaction::default(),
    }
}

/// A move kept by the server: the friend's (the next one on the board) is played; your own
/// was played already.
fn moved(online: &mut OnlineGame, rules: Option<&Rules>, ply: u32, mv: &str, outcome: Option<Outcome>) -> Reaction {
    online.outcome = outcome;
    let mut reaction = Reaction::default();
    if let Some(r) = rules
        && ply as usize == r.game.ply()
        && let Ok(m) = notation::parse_move(r.game.geometry(), mv)
    {
        reaction.intents.push(Intent::Play { mv: m, generation: None });
    }
    reaction
}

/// A seat's holder came or went: the friend joining (which closes the invite code) or
/// coming back is said.
fn presence(
    online: &mut OnlineGame,
    rules: Option<&Rules>,
    overlay: Overlay,
    colour: Colour,
    connected: bool,
    taken: bool,
) -> Reaction {
    let was = online.seats[colour.index()];
    online.seats[colour.index()] = SeatView { connected, taken, ..was };
    let friend = online.you.is_some_and(|y| y != Side::from(colour));
    if friend && taken && !was.taken {
        let close = (overlay == Overlay::OnlineCode).then_some(Overlay::None);
        // Until now the host could only look (nobody to play against): now they play.
        let seated =
            rules.map(|r| GameChange::at(GameSetup::online(*r.game.geometry(), online.you), r.game.clone(), None));
        Reaction { overlay: close, change: seated, ..Reaction::say(Msg::new("notice-friend-joined"), false) }
    } else if friend && connected && !was.connected && was.taken {
        Reaction::say(Msg::new("notice-friend-back"), false)
    } else {
        Reaction::default()
    }
}

/// The game ended other than by a move: a resignation the board has not seen is applied; an
/// abandoned game is said.
fn ended(online: &mut OnlineGame, rules: Option<&Rules>, outcome: Outcome) -> Reaction {
    online.outcome = Some(outcome);
    let mut reaction = Reaction::default();
    if let Some(loser) = resigned_in(Some(outcome))
        && rules.is_some_and(|r| r.resigned.is_none())
    {
        reaction.intents.push(Intent::Resign(loser));
    }
    if outcome.how == EndReason::Abandoned {
        reaction.notice = Some((Msg::new("link-abandoned"), true));
    }
    reaction
}

/// Connected: a "Connecting…" notice is no longer true.
fn forget_connecting(notice: &mut Notice) {
    if notice.text.key == "link-connecting" {
        notice.left = 0.0;
    }
}

/// A seat, a watch or a whole state: the game on the board becomes the server's.
fn enter(
    online: &mut OnlineGame,
    view: &GameView,
    in_game: bool,
    rules: Option<&Rules>,
    games: &mut MessageWriter<GameChange>,
) {
    online.code = Some(view.code.clone());
    online.seats = view.seats;
    online.outcome = view.outcome;
    online.round = view.round;
    online.entered = true;
    // A seat without a friend yet only looks: the game starts when the friend has joined.
    let friend_here = online.you.is_none_or(|y| view.seats[y.opponent().index()].taken);
    let plays = if friend_here { online.you } else { None };
    let (Ok(game), Ok(setup)) = (view.replay(), online_setup(view, plays)) else { return };
    let resigned = resigned_in(view.outcome);
    let same = rules.is_some_and(|r| r.game.moves() == game.moves() && r.setup == setup && r.resigned == resigned);
    if !in_game || !same {
        games.write(GameChange::start(NextGame {
            setup,
            from: Some((game, resigned)),
            allowed: None,
            took_back: false,
        }));
    }
}

/// Your moves, take-back requests and resignation, sent to the server.
fn forward(
    online: Option<Res<OnlineGame>>,
    rules: Option<Res<Rules>>,
    mut applied: MessageReader<MoveApplied>,
    mut intents: MessageReader<Intent>,
    mut notice: ResMut<Notice>,
) {
    let (Some(online), Some(rules)) = (online, rules) else {
        applied.clear();
        intents.clear();
        return;
    };
    if rules.setup.mode != GameMode::Online {
        applied.clear();
        intents.clear();
        return;
    }
    let you = online.you;
    for a in applied.read() {
        if Some(a.mover) == you {
            let ply = rules.game.moves().iter().rposition(|m| *m == a.mv).unwrap_or(rules.game.ply() - 1);
            let mv = notation::move_to_string(rules.game.geometry(), a.mv);
            online.session.send(Command::Move { ply: ply as u32, mv });
        }
    }
    for intent in intents.read() {
        match intent {
            Intent::Undo if you.is_some() => {
                online.session.send(Command::UndoRequest);
                notice.say(Msg::new("notice-undo-asked"), false);
            }
            Intent::Resign(side) if Some(*side) == you => online.session.send(Command::Resign),
            _ => {}
        }
    }
}

/// The host sees the code until the friend has joined.
fn show_code_while_waiting(online: Option<Res<OnlineGame>>, mut nav: MessageWriter<Navigate>) {
    if let Some(o) = online
        && o.hosting
        && !o.friend_here()
        && o.you.is_some()
    {
        nav.write(Navigate::To(Overlay::OnlineCode));
    }
}

/// Back on the title, the online game is left: its seat stays kept for Continue while the
/// game is unfinished, and is forgotten once it is over.
fn leave(mut commands: Commands, online: Option<Res<OnlineGame>>, dir: Option<Res<DataDir>>) {
    if let Some(o) = online
        && o.entered
    {
        if o.outcome.is_some()
            && let Some(dir) = dir
        {
            let _ = std::fs::remove_file(seat_file(&dir));
        }
        commands.remove_resource::<OnlineGame>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_typed_pasted_and_stepped_with_a_pad() {
        let mut e = CodeEntry::default();
        for ch in "ab-c2x4z".chars() {
            e.push(ch);
        }
        assert_eq!(e.text, "ABC2X4");
        assert!(e.complete() && !e.push('Q'));
        e.pop();
        assert!(!e.push('0') && !e.push('O') && !e.push('l'));
        e.paste(" qrs-tuv ");
        assert_eq!(e.text, "QRSTUV");
        let mut pad = CodeEntry::default();
        assert!(pad.step(0, 1));
        assert_eq!(pad.text, "A");
        assert!(pad.step(0, -1));
        assert_eq!(pad.text, "9", "left from A wraps to the last symbol");
        assert!(!pad.step(2, 1), "a slot after a gap cannot be stepped");
        assert!(pad.step(1, -1));
        assert_eq!(pad.text, "99");
    }

    #[test]
    fn a_seat_file_round_trips_and_bad_lines_are_named() {
        let seat = SavedSeat {
            server: "here".into(),
            code: "ABC234".into(),
            token: "0123456789abcdef0123456789abcdef".into(),
        };
        assert_eq!(SavedSeat::parse(&seat.to_text()).unwrap(), seat);
        assert!(SavedSeat::parse("server here\ncode ABO234\ntoken 00\n").unwrap_err().starts_with("line 2"));
        assert!(SavedSeat::parse("server here\ncode ABC234\ntoken xyz\n").unwrap_err().starts_with("line 3"));
        assert!(SavedSeat::parse("server here\n").unwrap_err().contains("needs"));
    }

    #[test]
    fn hosting_uses_the_server_of_the_settings_or_the_game_s_own() {
        let mut settings = Settings { colour: Side::White, ..Settings::default() };
        let host = plan(OnlineStep::Host, &settings, &CodeEntry::default(), None).unwrap();
        assert_eq!(host.via, Via::Embedded);
        assert!(host.hosting && !host.watching);
        assert!(matches!(host.start, Start::Host { colour: Colour::White, .. }));
        settings.server = " play.example:7411 ".into();
        let host = plan(OnlineStep::Host, &settings, &CodeEntry::default(), None).unwrap();
        assert_eq!(host.via, Via::Server("play.example:7411".into()));
    }

    #[test]
    fn a_typed_code_joins_or_watches_on_this_network_and_a_bad_one_is_refused() {
        let settings = Settings::default();
        let entry = CodeEntry { text: "ABC234".into(), ..CodeEntry::default() };
        let join = plan(OnlineStep::Join, &settings, &entry, None).unwrap();
        assert_eq!((join.start, join.via, join.watching), (Start::Join { code: "ABC234".into() }, Via::Lan, false));
        let watch_entry = CodeEntry { watch: true, ..entry.clone() };
        let watch = plan(OnlineStep::Join, &settings, &watch_entry, None).unwrap();
        assert_eq!((watch.start, watch.watching), (Start::Watch { code: "ABC234".into() }, true));
        let short = CodeEntry { text: "ABC".into(), ..CodeEntry::default() };
        assert!(plan(OnlineStep::Join, &settings, &short, None).is_err());
    }

    #[test]
    fn continuing_takes_the_kept_seat_back_where_it_was_played() {
        let settings = Settings::default();
        let entry = CodeEntry::default();
        let refused = plan(OnlineStep::Resume, &settings, &entry, None).unwrap_err();
        assert_eq!(refused, "there is no online game to continue");
        let seat = |server: &str| SavedSeat { server: server.into(), code: "ABC234".into(), token: "t".into() };
        let here = plan(OnlineStep::Resume, &settings, &entry, Some(seat("here"))).unwrap();
        assert_eq!(here.via, Via::Embedded);
        assert_eq!(here.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
        assert!(!here.hosting, "the host's panel shows only for a new game");
        let there = plan(OnlineStep::Resume, &settings, &entry, Some(seat("10.0.0.2:7411"))).unwrap();
        assert_eq!(there.via, Via::Server("10.0.0.2:7411".into()));
        // A guest on the local network looks for the host again by the code (the guest's own
        // server would not have the game).
        let lan = plan(OnlineStep::Resume, &settings, &entry, Some(seat("lan"))).unwrap();
        assert_eq!(lan.via, Via::Lan);
        assert_eq!(lan.start, Start::Resume { code: "ABC234".into(), token: "t".into() });
    }

    #[test]
    fn joining_with_the_code_of_the_kept_seat_takes_the_seat_back() {
        let settings = Settings::default();
        let seat = |server: &str| SavedSeat { server: server.into(), code: "ABC234".into(), token: "t".into() };
        let entry = CodeEntry { text: "abc-234".into(), ..CodeEntry::default() };
        let back = plan(OnlineStep::Join, &settings, &entry, Some(seat("lan"))).unwrap();
        assert_eq!((back.start, back.via), (Start::Resume { code: "ABC234".into(), token: "t".into() }, Via::Lan));
        // Another code joins anew; watching with the same code only watches.
        let other = CodeEntry { text: "XYZ234".into(), ..CodeEntry::default() };
        let join = plan(OnlineStep::Join, &settings, &other, Some(seat("lan"))).unwrap();
        assert_eq!(join.start, Start::Join { code: "XYZ234".into() });
        let watch = plan(OnlineStep::Watch, &settings, &entry, Some(seat("lan"))).unwrap();
        assert_eq!(watch.start, Start::Watch { code: "ABC234".into() });
    }

    #[test]
    fn a_guest_on_the_network_keeps_its_seat_as_found_by_code_and_the_host_as_its_own() {
        let guest = launch(
            Plan { start: Start::Watch { code: "ABC234".into() }, via: Via::Lan, watching: false, hosting: false },
            None,
            None,
        )
        .unwrap();
        assert_eq!(seat_server(&guest), SEAT_ON_LAN);
        let remote = launch(
            Plan {
                start: Start::Watch { code: "ABC234".into() },
                via: Via::Server("127.0.0.1:9".into()),
                watching: false,
                hosting: false,
            },
            None,
            None,
        )
        .unwrap();
        assert_eq!(seat_server(&remote), "127.0.0.1:9");
    }

    fn playing_black() -> OnlineGame {
        let session = Session::start("127.0.0.1:9".into(), Start::Watch { code: "ABC234".into() });
        let mut o = OnlineGame::new(session, None, None, false);
        o.you = Some(Side::Black);
        o
    }

    #[test]
    fn the_friend_s_move_is_played_and_your_own_echo_is_not() {
        let mut o = playing_black();
        let setup = GameSetup::online(Geometry::new(6, 6).unwrap(), Some(Side::Black));
        let mut rules = Rules::new(setup, None);
        let first = rules.game.legal_moves()[0];
        let text = notation::move_to_string(rules.game.geometry(), first);
        let r = react(&mut o, Event::Moved { ply: 0, mv: text.clone(), outcome: None }, Some(&rules), Overlay::None);
        assert_eq!(r.intents, vec![Intent::Play { mv: first, generation: None }]);
        rules.game.try_play(first).unwrap();
        let r = react(&mut o, Event::Moved { ply: 0, mv: text, outcome: None }, Some(&rules), Overlay::None);
        assert!(r.intents.is_empty(), "already on the board");
    }

    #[test]
    fn the_friend_joining_closes_the_code_and_coming_back_is_said() {
        let mut o = playing_black();
        let joined = Event::Presence { colour: Colour::White, connected: true, taken: true };
        let r = react(&mut o, joined, None, Overlay::OnlineCode);
        assert_eq!(r.notice.unwrap().0.key, "notice-friend-joined");
        assert_eq!(r.overlay, Some(Overlay::None));
        let gone = Event::Presence { colour: Colour::White, connected: false, taken: true };
        assert_eq!(react(&mut o, gone, None, Overlay::None), Reaction::default());
        let back = Event::Presence { colour: Colour::White, connected: true, taken: true };
        let r = react(&mut o, back, None, Overlay::None);
        assert_eq!((r.notice.unwrap().0.key, r.overlay), ("notice-friend-back".into(), None));
    }

    #[test]
    fn a_take_back_asked_by_the_friend_is_a_question_and_a_resignation_ends_the_board() {
        let mut o = playing_black();
        let r = react(&mut o, Event::UndoAsked(Colour::White), None, Overlay::None);
        assert_eq!(r.overlay, Some(Overlay::Confirm(Discard::AllowUndo)));
        let r = react(&mut o, Event::UndoAsked(Colour::Black), None, Overlay::None);
        assert_eq!(r.notice.unwrap().0.key, "notice-undo-asked");
        let rules = Rules::new(GameSetup::online(Geometry::new(6, 6).unwrap(), Some(Side::Black)), None);
        let resigned = Outcome { winner: Some(Colour::Black), how: EndReason::Resigned };
        let r = react(&mut o, Event::Ended(resigned), Some(&rules), Overlay::None);
        assert_eq!(r.intents, vec![Intent::Resign(Side::White)]);
        assert_eq!(o.outcome, Some(resigned));
        let abandoned = Outcome { winner: None, how: EndReason::Abandoned };
        let r = react(&mut o, Event::Ended(abandoned), Some(&rules), Overlay::None);
        assert_eq!(r.notice, Some((Msg::new("link-abandoned"), true)));
    }

    #[test]
    fn the_line_is_put_into_words_for_every_state() {
        let session = Session::start("127.0.0.1:9".into(), Start::Watch { code: "ABC234".into() });
        let mut o = OnlineGame::new(session, None, None, false);
        assert_eq!(o.link_words().unwrap().key, "link-connecting");
        o.link = LinkState::Connected;
        o.you = Some(Side::Black);
        o.code = Some("ABC234".into());
        assert_eq!(o.link_words().unwrap().key, "link-waiting-friend");
        o.seats[1] = SeatView { taken: true, connected: true, rematch: false };
        assert!(o.link_words().is_none(), "both here: the status line says it all");
        o.seats[1].connected = false;
        assert_eq!(o.link_words().unwrap().key, "link-friend-away");
        o.link = LinkState::Reconnecting(2, "reset".into());
        assert_eq!(o.link_words().unwrap().key, "link-reconnecting");
        o.link = LinkState::Unreachable("refused".into());
        assert_eq!(o.link_words().unwrap().key, "link-unreachable");
        o.link = LinkState::Connected;
        o.outcome = Some(Outcome { winner: None, how: EndReason::Abandoned });
        assert_eq!(o.link_words().unwrap().key, "link-abandoned");
    }
}
