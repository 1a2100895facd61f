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
use crate::online::protocol::{ClockView, Colour, DEFAULT_PORT, EndReason, GameView, Outcome, SeatView};
use crate::online::server::{Server, ServerConfig};
use crate::online::tls::{self, LineInfo};
use crate::rules::{Color as Side, Geometry, notation};

mod clocks;
mod code_entry;
mod embedded;
pub use code_entry::CodeEntry;
mod events;

use embedded::*;
use events::*;

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
    /// Claim the game of an opponent who stayed away too long.
    Claim,
    /// End the game before each side's first move.
    Abort,
    /// Put the invite code on the clipboard.
    CopyCode,
    /// Choose the code field: join (or watch) when the code is whole; on a pad, go on to
    /// the next symbol.
    CodeConfirm,
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
    /// Encrypted or not, as the last connection found (none before the first).
    pub line: Option<LineInfo>,
    /// A private game's watch code (those the players let watch need it; the invite code
    /// lets nobody watch).
    pub watch_code: Option<String>,
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
    /// The clocks as the server last told them, and when that was heard.
    pub clock: Option<(ClockView, std::time::Instant)>,
    /// When your opponent's absence lets you claim the game.
    pub claim_at: Option<std::time::Instant>,
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
            line: None,
            watch_code: None,
            seats: Default::default(),
            outcome: None,
            round: 0,
            entered: false,
            lan,
            resume: None,
            server,
            on_lan: false,
            clock: None,
            claim_at: None,
        }
    }

    /// The friend's seat is taken.
    pub fn friend_here(&self) -> bool {
        self.you.is_some_and(|y| self.seats[y.opponent().index()].taken)
    }

    /// A seat was given (or given back): what to resume it with, its colour, and a private
    /// game's watch code.
    fn took_seat(&mut self, token: String, colour: Colour, watch_code: Option<String>) {
        self.resume = Some((self.server.clone().unwrap_or_default(), token));
        self.you = Some(colour.into());
        self.watch_code = watch_code;
    }

    /// Whether the line is encrypted, in words, once connected: players of a server with a
    /// pinned certificate see its fingerprint to compare with what the server's owner says.
    pub fn line_words(&self) -> Option<Msg> {
        let line = self.line.as_ref()?;
        let pinned = self.server.as_deref().and_then(|s| tls::Endpoint::parse(s).ok()).map(|e| e.trust);
        Some(match (line.certificate, pinned) {
            (None, _) => Msg::new("online-line-plain"),
            (Some(fp), Some(tls::Trust::Pinned(_))) => {
                Msg::new("online-line-pinned").text("fingerprint", tls::grouped(&fp))
            }
            (Some(_), _) => Msg::new("online-line-encrypted"),
        })
    }

    /// The line as words for the HUD, when there is something to say about it.
    pub fn link_words(&self) -> Option<Msg> {
        let code = self.code.as_deref().map(code::display).unwrap_or_default();
        Some(match &self.link {
            LinkState::Connecting => Msg::new("link-connecting"),
            LinkState::Reconnecting(n, _) => Msg::new("link-reconnecting").num("n", *n as i64),
            LinkState::Unreachable(why) => Msg::new("link-unreachable").text("why", why.clone()),
            LinkState::Replaced => Msg::new("link-replaced"),
            LinkState::Connected if self.outcome.is_some_and(|o| o.how == EndReason::Abandoned) => {
                Msg::new("link-abandoned")
            }
            // How a clock, an absence or an abort ended it is the status line's (not said twice).
            LinkState::Connected if self.end_words().is_some() => return None,
            LinkState::Connected if self.watching => Msg::new("link-watching").text("code", code),
            LinkState::Connected if !self.friend_here() && self.you.is_some() => {
                Msg::new("link-waiting-friend").text("code", code)
            }
            LinkState::Connected => {
                let friend = self.you.map(|y| self.seats[y.opponent().index()]);
                match friend {
                    Some(s) if s.taken && !s.connected && self.outcome.is_none() => match self.claim_at {
                        Some(at) => match at.checked_duration_since(std::time::Instant::now()) {
                            Some(wait) if !wait.is_zero() => {
                                Msg::new("online-claim-soon").num("seconds", wait.as_secs_f64().ceil() as i64)
                            }
                            _ => Msg::new("online-claim-open"),
                        },
                        None => Msg::new("link-friend-away").num("minutes", KEEP_MINUTES as i64),
                    },
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

/// The side that resigned (or lost on time, or had the game claimed), from a result.
fn resigned_in(outcome: Option<Outcome>) -> Option<Side> {
    match outcome {
        // Out of time or claimed: the loser's side stops as if it had resigned; the words say how.
        Some(Outcome { winner: Some(w), how: EndReason::Resigned | EndReason::Time | EndReason::Claimed }) => {
            Some(Side::from(w).opponent())
        }
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
        .add_systems(Update, (forward, clocks::clock_ticks).in_set(GameSet::Presentation))
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
        OnlineStep::Claim => {
            if let Some(o) = online {
                o.session.send(Command::ClaimVictory);
            }
        }
        OnlineStep::Abort => {
            if let Some(o) = online {
                o.session.send(Command::Abort);
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
            let (rows, cols) = (settings.size.rows(), settings.size.cols());
            let start =
                Start::Host { rows, cols, colour, private: settings.online_private, clock: settings.online_clock };
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
            Event::Seated { code, token, colour, game, watch_code } => {
                keep_seat(dir.as_deref(), &online, &token, &code);
                online.took_seat(token, colour, watch_code);
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
            // Not when the server ended the game already (your clock ran out, the game was claimed).
            Intent::Resign(side) if Some(*side) == you && online.outcome.is_none() => {
                online.session.send(Command::Resign)
            }
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
mod tests;
