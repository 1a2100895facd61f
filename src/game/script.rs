//! A scripted driver for end-to-end runs in a real window: intents, waits and screenshots,
//! read from a file, one command per line (`#` comments). Every wait is for a state of the
//! game, never for a time, so a script runs the same on a busy machine. Each step is logged
//! as it starts, and a wait that has not passed says every 30 s what it sees; a move or cell
//! the script cannot play ends the run at once (exit status 3) rather than leave it waiting.
//!
//! Commands: `wait FRAMES` (let frames be drawn), `wait-rendered` (every render pipeline
//! compiled, for several frames in a row, and no fade between screens running), `wait-idle` (a human's turn or game over,
//! nothing animating), `wait-plies N`, `wait-over`, `wait-thinking`, `wait-file NAME` (until NAME exists in the
//! screenshot directory: written by an outside pointer driver), `signal NAME` (create NAME
//! there, for that driver), `wait-hover CELL` (the pointer is over CELL), `wait-mouse-down`,
//! `wait-mouse-up`, `wait-held CELL` (a stone held by the pointer is drawn over CELL),
//! `wait-not-held`, `freeze-hop FRACTION` (until a hop is that far along, then pause the
//! game clock), `unfreeze`, `click CELL`, `play MOVE` (or `play A|B|…`: the first legal one), `undo`, `redo`, `new`, `hint`, `play-hint` (the hint's move, once known), `menu` (the title screen), `start` (a game from the title), `pause`, `settings`, `moves` (the move list), `review N|off`, `close-menu`, `open setup|load|pause|settings|over|after|rules|puzzles|stats|recorded|…` (`after`: the game-over card's other actions), `press up|down|left|right|confirm|cancel|delete`, `save`, `resign`, `dump NAME` (position, ply and moves),
//! `screenshot NAME`, `layout NAME` (the interface's rectangles, for the layout test), `quit`.

use crate::game::board::anim::Motion;
use crate::game::board::input::{Action, CellActivated, Selection};
use crate::game::board::view::cell_pos;
use crate::game::platform::window::RenderReady;
use crate::game::play::ai_task::{AiState, HintRequest};
use crate::game::play::authority::{AnimationsRunning, Intent, Rules};
use crate::game::play::screen::{Overlay, Screen, Turn};
use crate::rules::quote::quoted;
use crate::rules::{Coord, Move, move_to_string, parse_coord_public, parse_move, position_to_string};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One script command.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Online: host a game (board and colour of the settings).
    Host,
    /// Online: join the game of this code (`@name`: the code written by `wait-code name`).
    Join(String),
    /// Online: until a seat (or a watch) is held and the code is known; then write the
    /// code to this file in the screenshot directory.
    SaveCode(String),
    /// Online: until the friend's seat is taken and connected.
    WaitFriend,
    /// Let frames pass.
    Wait(u32),
    /// Until a human is to move (or the game is over) and nothing animates.
    WaitIdle,
    /// Until at least this many plies are played.
    WaitPlies(usize),
    /// Until the renderer has compiled every pipeline it was asked for (it does so in the
    /// background, so the first frames of a run may lack the board), for several frames.
    WaitRendered,
    /// Until the game is over.
    WaitOver,
    /// Until the computer is thinking about its move.
    WaitThinking,
    /// Until a file of that name exists in the screenshot directory (written by whatever
    /// drives the pointer beside the game, e.g. xdotool in the end-to-end test).
    WaitFile(String),
    /// Create an empty file of that name in the screenshot directory.
    Signal(String),
    /// Until the pointer is over this cell.
    WaitHover(String),
    /// Until the left mouse button is down.
    WaitMouseDown,
    /// Until the left mouse button is up.
    WaitMouseUp,
    /// Until a stone held by the pointer is drawn over this cell.
    WaitHeld(String),
    /// Until the stone on this cell is selected (by a click, say).
    WaitSelected(String),
    /// Until no stone is held by the pointer.
    WaitNotHeld,
    /// Until a hop is at least this far along (in hops), then pause the game clock.
    FreezeHop(f32),
    /// Run the game clock again.
    Unfreeze,
    /// Activate a cell, as a click would.
    Click(String),
    /// Play a move in notation; `a|b|c` plays the first of them that is legal (for scripts
    /// that answer a computer whose reply may vary). None legal ends the run with an error.
    Play(String),
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// New game.
    New,
    /// Ask for a hint.
    Hint,
    /// Play the hint's move once the hint for this position is known (after `hint`).
    PlayHint,
    /// Go to the title screen.
    Menu,
    /// Check that the menu on screen fits its window without scrolling (else the run fails).
    ExpectMenuFits,
    /// Open the pause menu over the game.
    Pause,
    /// Open the settings (over the title or the game).
    Settings,
    /// Open or close the move list.
    Moves,
    /// Show the position after N plies (read-only), or the game again with `review off`.
    Review(Option<usize>),
    /// Go from the title screen to a game with the current settings.
    Start,
    /// Close the menu over the game (the game-over panel, the pause menu).
    CloseMenu,
    /// Open a screen over the title or the game: setup, load, pause, settings, over or rules.
    Open(Overlay),
    /// Press a key or button: up, down, left, right, confirm, cancel or delete.
    Press(Action),
    /// Save the game into the saved games.
    Save,
    /// The side to move resigns.
    Resign,
    /// Write the position, the ply and the moves to NAME in the screenshot directory.
    Dump(String),
    /// Save a screenshot as NAME.png in the screenshot directory.
    Screenshot(String),
    /// Write the interface's rectangles of the last frame to NAME.layout (see
    /// [`crate::game::ui::probe`]).
    Layout(String),
    /// Exit once screenshots are written.
    Quit,
}

impl Step {
    /// Waits pass straight on to the next step; actions take a frame each.
    fn is_wait(&self) -> bool {
        matches!(
            self,
            Step::Wait(_)
                | Step::SaveCode(_)
                | Step::WaitFriend
                | Step::WaitIdle
                | Step::WaitPlies(_)
                | Step::WaitRendered
                | Step::WaitOver
                | Step::WaitThinking
                | Step::WaitFile(_)
                | Step::WaitHover(_)
                | Step::WaitMouseDown
                | Step::WaitMouseUp
                | Step::WaitHeld(_)
                | Step::WaitSelected(_)
                | Step::WaitNotHeld
        )
    }
}

/// A loaded script and where it is.
#[derive(Resource, Debug)]
pub struct Script {
    steps: Vec<Step>,
    /// The script line of each step, for messages.
    lines: Vec<usize>,
    next: usize,
    waited: u32,
    /// The step last announced in the log, and when (real seconds since start) it began.
    announced: Option<(usize, f64)>,
    /// When (real seconds) the log last said what a long wait is waiting for.
    reported: f64,
}

/// Largest script file read.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// Exit code of a run whose script cannot go on (a bad cell, a move that is not legal).
const SCRIPT_FAILED: u8 = 3;

/// How often (real seconds) a wait that has not passed says in the log what it sees.
const REPORT_EVERY: f64 = 30.0;

/// Frames in a row the renderer must report ready before `wait-rendered` passes (the board's
/// pipelines are only requested once its sprites are first drawn, a frame or two in).
const READY_FRAMES: u32 = 10;

/// Where screenshots go.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotDir(pub PathBuf);

/// Screenshots requested but not yet written.
#[derive(Resource, Default, Clone)]
struct PendingShots(Arc<AtomicUsize>);

impl Script {
    /// Parses script text; errors name the line.
    pub fn parse(text: &str) -> Result<Script, String> {
        let mut steps = Vec::new();
        let mut lines = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            if code.is_empty() {
                continue;
            }
            let mut parts = code.split_whitespace();
            let cmd = parts.next().unwrap_or("");
            steps.push(parse_step(cmd, parts.next(), i + 1)?);
            lines.push(i + 1);
        }
        Ok(Script { steps, lines, next: 0, waited: 0, announced: None, reported: 0.0 })
    }

    /// Reads and parses a script file, with the checks of records and settings: a regular
    /// file (a FIFO or device is refused at once) of at most [`MAX_SCRIPT_BYTES`].
    pub fn load(path: &std::path::Path) -> Result<Script, String> {
        let text = crate::files::read_regular_file(path, MAX_SCRIPT_BYTES).map_err(|e| format!("script: {e}"))?;
        Script::parse(&text).map_err(|e| format!("{}: {e}", crate::files::show_path(path)))
    }
}

/// A command that takes no argument (anything after it on the line is ignored).
fn bare_step(cmd: &str) -> Option<Step> {
    Some(match cmd {
        "wait-idle" => Step::WaitIdle,
        "host" => Step::Host,
        "wait-friend" => Step::WaitFriend,
        "wait-rendered" => Step::WaitRendered,
        "wait-over" => Step::WaitOver,
        "wait-thinking" => Step::WaitThinking,
        "wait-mouse-down" => Step::WaitMouseDown,
        "wait-mouse-up" => Step::WaitMouseUp,
        "wait-not-held" => Step::WaitNotHeld,
        "unfreeze" => Step::Unfreeze,
        "undo" => Step::Undo,
        "redo" => Step::Redo,
        "new" => Step::New,
        "hint" => Step::Hint,
        "play-hint" => Step::PlayHint,
        "menu" => Step::Menu,
        "expect-menu-fits" => Step::ExpectMenuFits,
        "pause" => Step::Pause,
        "settings" => Step::Settings,
        "moves" => Step::Moves,
        "save" => Step::Save,
        "resign" => Step::Resign,
        "start" => Step::Start,
        "close-menu" => Step::CloseMenu,
        "quit" => Step::Quit,
        _ => return None,
    })
}

/// One command with its argument, if it has one; errors name the script `line`.
fn parse_step(cmd: &str, arg: Option<&str>, line: usize) -> Result<Step, String> {
    if let Some(step) = bare_step(cmd) {
        return Ok(step);
    }
    let shown = quoted(cmd);
    let need = |what: &str| arg.map(str::to_string).ok_or_else(|| format!("script line {line}: {shown} needs {what}"));
    let num = |what: &str| -> Result<u64, String> {
        need(what)?.parse().map_err(|_| format!("script line {line}: {shown} needs a number"))
    };
    let fraction = |what: &str| -> Result<f32, String> {
        match need(what)?.parse::<f32>() {
            Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
            _ => Err(format!("script line {line}: {shown} needs a number from 0 to 1")),
        }
    };
    Ok(match cmd {
        "wait" => Step::Wait(num("a frame count")? as u32),
        "wait-plies" => Step::WaitPlies(num("a ply count")? as usize),
        "wait-file" => Step::WaitFile(need("a file name")?),
        "signal" => Step::Signal(need("a file name")?),
        "wait-hover" => Step::WaitHover(need("a cell")?),
        "wait-held" => Step::WaitHeld(need("a cell")?),
        "wait-selected" => Step::WaitSelected(need("a cell")?),
        "freeze-hop" => Step::FreezeHop(fraction("a fraction of a hop")?),
        "click" => Step::Click(need("a cell")?),
        "play" => Step::Play(need("a move")?),
        "open" => Step::Open(overlay_named(&need("a screen")?, line)?),
        "press" => Step::Press(action_named(&need("a key")?, line)?),
        "review" => Step::Review(match need("a ply count or off")?.as_str() {
            "off" => None,
            n => Some(n.parse().map_err(|_| format!("script line {line}: 'review' needs a number or off"))?),
        }),
        "dump" => Step::Dump(need("a file name")?),
        "screenshot" => Step::Screenshot(need("a name")?),
        "layout" => Step::Layout(need("a name")?),
        "join" => Step::Join(need("a code or @file")?),
        "wait-code" => Step::SaveCode(need("a file name")?),
        other => return Err(format!("script line {line}: unknown command {}", quoted(other))),
    })
}

/// The screen `open NAME` opens.
fn overlay_named(name: &str, line: usize) -> Result<Overlay, String> {
    Ok(match name {
        "setup" => Overlay::Setup,
        "load" => Overlay::Load,
        "pause" => Overlay::Pause,
        "settings" => Overlay::Settings,
        "over" => Overlay::GameOver,
        "after" => Overlay::GameOverMore,
        "rules" => Overlay::HowToPlay,
        "more" => Overlay::MoreGames,
        "lessons" => Overlay::Lessons,
        "puzzles" => Overlay::Puzzles,
        "online" => Overlay::Online,
        "online-host" => Overlay::OnlineHost,
        "online-join" => Overlay::OnlineJoin,
        "online-code" => Overlay::OnlineCode,
        "about" => Overlay::About,
        "access" => Overlay::Access,
        "access-guide" => Overlay::AccessGuide,
        "controls" => Overlay::Controls,
        "stats" => Overlay::Stats,
        "recorded" => Overlay::Recorded,
        other => {
            return Err(format!(
                "script line {line}: 'open' needs setup, load, pause, settings, over, rules, more, lessons, \
                 puzzles, online, online-host, online-join, online-code, about, stats or recorded, not {}",
                quoted(other)
            ));
        }
    })
}

/// The key or button `press NAME` presses.
fn action_named(name: &str, line: usize) -> Result<Action, String> {
    Ok(match name {
        "up" => Action::Step(IVec2::NEG_Y),
        "down" => Action::Step(IVec2::Y),
        "left" => Action::Step(IVec2::NEG_X),
        "right" => Action::Step(IVec2::X),
        "confirm" => Action::Confirm,
        "cancel" => Action::Cancel,
        "delete" => Action::Delete,
        other => {
            return Err(format!(
                "script line {line}: 'press' needs up, down, left, right, confirm, cancel or delete, not {}",
                quoted(other)
            ));
        }
    })
}

/// Longest step of the game clock in a scripted run: a slow frame slows the game down
/// instead of skipping ahead, so a script sees every stage of an animation.
const MAX_SCRIPT_STEP: std::time::Duration = std::time::Duration::from_millis(33);

/// The script driver: runs the [`Script`] resource, writing screenshots to [`ScreenshotDir`].
pub fn plugin(app: &mut App) {
    // A headless app has no render world (and never finishes a `wait-rendered`).
    crate::game::platform::window::watch_renderer(app);
    // A script may ask for the interface's rectangles (`layout NAME`): note them each frame.
    crate::game::ui::probe::enable();
    app.init_resource::<PendingShots>()
        .add_systems(Startup, |mut clock: ResMut<Time<Virtual>>| clock.set_max_delta(MAX_SCRIPT_STEP))
        .add_systems(Update, run_script.in_set(crate::game::board::input::InputStage::Record))
        .add_systems(Last, drive_frames);
}

/// A script drives frames while it has steps left or screenshots to write; a script that ends
/// without `quit` leaves the game to run as a player's would (drawing only when something
/// changes), which is how the idle measurement (`tools/idle-cpu.sh`) reaches a state.
fn drive_frames(
    script: Res<Script>,
    pending: Res<PendingShots>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if script.next < script.steps.len() || pending.0.load(Ordering::SeqCst) > 0 {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// What the script's waits look at.
#[derive(bevy::ecs::system::SystemParam)]
struct Observed<'w> {
    rules: Option<Res<'w, Rules>>,
    turn: Option<Res<'w, State<Turn>>>,
    anims: Res<'w, AnimationsRunning>,
    motion: Option<Res<'w, Motion>>,
    selection: Option<Res<'w, Selection>>,
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    fade: Option<Res<'w, crate::game::play::screen::ScreenFade>>,
    real: Res<'w, Time<Real>>,
    fits: Option<Res<'w, crate::game::play::screen::MenuFits>>,
    online: Option<Res<'w, crate::game::modes::online::OnlineGame>>,
    hint: Option<Res<'w, crate::game::play::ai_task::HintState>>,
}

/// What the script's actions write to.
#[derive(bevy::ecs::system::SystemParam)]
struct Actions<'w, 's> {
    commands: Commands<'w, 's>,
    intents: MessageWriter<'w, Intent>,
    clicks: MessageWriter<'w, CellActivated>,
    hints: MessageWriter<'w, HintRequest>,
    exit: MessageWriter<'w, AppExit>,
    goto: MessageWriter<'w, crate::game::play::screen::GoTo>,
    clock: ResMut<'w, Time<Virtual>>,
    nav: MessageWriter<'w, crate::game::play::screen::Navigate>,
    review: ResMut<'w, crate::game::play::screen::Review>,
    move_list: ResMut<'w, crate::game::play::screen::MoveListOpen>,
    actions: MessageWriter<'w, Action>,
    saves: MessageWriter<'w, crate::game::modes::saves::SaveGame>,
    online_steps: MessageWriter<'w, crate::game::modes::online::OnlineStep>,
    code: ResMut<'w, crate::game::modes::online::CodeEntry>,
    online: Option<Res<'w, crate::game::modes::online::OnlineGame>>,
}

impl Observed<'_> {
    /// What the waits look at this frame, as plain values.
    fn seen(&self, ready_frames: u32, shots_pending: usize) -> Seen {
        Seen {
            turn: self.turn.as_ref().map(|t| *t.get()).unwrap_or(Turn::Human),
            animations: self.anims.0,
            ready_frames,
            fading: self.fade.as_ref().is_some_and(|f| f.0 > 0.0),
            hover: self.selection.as_ref().and_then(|s| s.hover),
            selected: self.selection.as_ref().and_then(|s| s.selected),
            left_down: self.mouse.as_ref().is_some_and(|m| m.pressed(MouseButton::Left)),
            motion: self.motion.as_deref().copied().unwrap_or_default(),
            menu_fits: self.fits.as_ref().is_some_and(|f| f.0),
            hint: self.rules.as_ref().and_then(|r| self.hint.as_ref()?.for_generation(r.generation)?.best),
            shots_pending,
            online_entered: self.online.as_ref().is_some_and(|o| o.entered && o.code.is_some()),
            friend_here: self.online.as_ref().is_some_and(|o| {
                o.you.is_some_and(|y| o.seats[y.opponent().index()].taken && o.seats[y.opponent().index()].connected)
            }),
        }
    }
}

/// What a script step sees of the game this frame (besides the rules).
#[derive(Debug, Clone, Copy)]
struct Seen {
    turn: Turn,
    animations: usize,
    /// Frames in a row the renderer has had every pipeline ready.
    ready_frames: u32,
    fading: bool,
    hover: Option<Coord>,
    selected: Option<Coord>,
    left_down: bool,
    motion: Motion,
    menu_fits: bool,
    /// The hint's move for the position on the board, once it is known.
    hint: Option<Move>,
    shots_pending: usize,
    /// Online: a seat or a watch is held and the code known.
    online_entered: bool,
    /// Online: the friend's seat is taken and connected.
    friend_here: bool,
}

/// What a step does to the game or on disk; [`carry_out`] does it.
#[derive(Debug, Clone, PartialEq)]
enum Act {
    Intent(Intent),
    Click(Coord),
    Hint,
    GoTo(Screen),
    Navigate(Overlay),
    Press(Action),
    Save,
    ToggleMoveList,
    Review(Option<usize>),
    PauseClock,
    RunClock,
    /// Create an empty file of this name in the screenshot directory.
    Signal(String),
    /// Write `text` to `name` in the screenshot directory.
    Dump {
        name: String,
        text: String,
    },
    Screenshot(String),
    Exit,
    /// Online: a step of online play.
    Online(crate::game::modes::online::OnlineStep),
    /// Online: join this code (or the code in this file).
    Join(String),
    /// Online: write the invite code to this file.
    SaveCode(String),
}

/// What one step does this frame: whether it is done (the script goes on), and what it does.
#[derive(Debug, Clone, PartialEq)]
struct Outcome {
    done: bool,
    act: Option<Act>,
}

/// Decides what `step` does, from what is seen; `waited` counts the frames a `wait` or `quit`
/// has waited, `file_exists` looks in the screenshot directory. An error says why the script
/// cannot go on (a bad cell, no legal move, a menu that scrolls). Pure but for `file_exists`.
fn decide(
    step: &Step,
    seen: &Seen,
    rules: &Rules,
    waited: &mut u32,
    file_exists: &dyn Fn(&str) -> bool,
) -> Result<Outcome, String> {
    match step_act(step, rules) {
        Some(act) => Ok(Outcome { done: true, act: Some(act?) }),
        None => wait_outcome(step, seen, rules, waited, file_exists),
    }
}

/// A cell named in a script.
fn script_cell(geo: &crate::rules::Geometry, text: &str) -> Result<Coord, String> {
    parse_coord_public(geo, text).map_err(|e| format!("bad cell {}: {e}", quoted(text)))
}

/// What a step that acts at once does; `None` for a step that waits for something.
fn step_act(step: &Step, rules: &Rules) -> Option<Result<Act, String>> {
    let act = match step {
        Step::Click(c) => return Some(script_cell(rules.game.geometry(), c).map(Act::Click)),
        Step::Play(m) => {
            return Some(first_legal(&rules.game, m).map(|mv| Act::Intent(Intent::Play { mv, generation: None })));
        }
        Step::Unfreeze => Act::RunClock,
        Step::Signal(name) => Act::Signal(name.clone()),
        Step::Undo => Act::Intent(Intent::Undo),
        Step::Redo => Act::Intent(Intent::Redo),
        Step::New => Act::Intent(Intent::NewGame(rules.setup)),
        Step::Resign => Act::Intent(Intent::Resign(rules.game.to_move())),
        Step::Hint => Act::Hint,
        Step::Menu => Act::GoTo(Screen::Title),
        Step::Start => Act::GoTo(Screen::Game),
        Step::CloseMenu => Act::Navigate(Overlay::None),
        Step::Open(o) => Act::Navigate(*o),
        Step::Settings => Act::Navigate(Overlay::Settings),
        Step::Pause => Act::Navigate(Overlay::Pause),
        Step::Press(a) => Act::Press(*a),
        Step::Save => Act::Save,
        Step::Moves => Act::ToggleMoveList,
        Step::Review(k) => Act::Review(*k),
        Step::Dump(name) => Act::Dump { name: name.clone(), text: dump_text(&rules.game) },
        Step::Screenshot(name) => Act::Screenshot(name.clone()),
        Step::Layout(name) => Act::Dump {
            name: format!("{name}.layout"),
            text: crate::game::ui::probe::to_text(&crate::game::ui::probe::last_frame()),
        },
        Step::Host => Act::Online(crate::game::modes::online::OnlineStep::Host),
        Step::Join(code) => Act::Join(code.clone()),
        _ => return None,
    };
    Some(Ok(act))
}

/// Whether a step that waits is done, and what it does once it is (see [`decide`]).
fn wait_outcome(
    step: &Step,
    seen: &Seen,
    rules: &Rules,
    waited: &mut u32,
    file_exists: &dyn Fn(&str) -> bool,
) -> Result<Outcome, String> {
    let geo = rules.game.geometry();
    let still = seen.animations == 0;
    let done = match step {
        Step::Wait(n) => {
            *waited += 1;
            let done = *waited > *n;
            if done {
                *waited = 0;
            }
            done
        }
        Step::WaitIdle => matches!(seen.turn, Turn::Human | Turn::Over) && still,
        Step::WaitFriend => seen.friend_here,
        Step::SaveCode(name) if seen.online_entered => {
            return Ok(Outcome { done: true, act: Some(Act::SaveCode(name.clone())) });
        }
        Step::SaveCode(_) => false,
        Step::WaitPlies(n) => rules.game.ply() >= *n && still,
        Step::WaitOver => seen.turn == Turn::Over && still,
        Step::WaitRendered => seen.ready_frames >= READY_FRAMES && !seen.fading,
        Step::WaitThinking => seen.turn == Turn::AiThinking,
        Step::WaitFile(name) => file_exists(name),
        Step::WaitHover(c) => seen.hover == Some(script_cell(geo, c)?),
        Step::WaitMouseDown => seen.left_down,
        Step::WaitMouseUp => !seen.left_down,
        Step::WaitHeld(c) => {
            let at = cell_pos(geo, script_cell(geo, c)?);
            seen.motion.held_at.is_some_and(|p| p.distance(at) < 0.35)
        }
        Step::WaitSelected(c) => seen.selected == Some(script_cell(geo, c)?),
        Step::PlayHint => {
            let act = seen.hint.map(|mv| Act::Intent(Intent::Play { mv, generation: Some(rules.generation) }));
            return Ok(Outcome { done: act.is_some(), act });
        }
        Step::WaitNotHeld => seen.motion.held_at.is_none(),
        Step::ExpectMenuFits if !seen.menu_fits => return Err("the menu does not fit its window: it scrolls".into()),
        Step::FreezeHop(f) => {
            let reached = seen.motion.hop_progress.is_some_and(|p| p >= *f);
            return Ok(Outcome { done: reached, act: reached.then_some(Act::PauseClock) });
        }
        Step::Quit => {
            *waited += 1;
            // Give the last screenshots time to reach the disk.
            let go = seen.shots_pending == 0 && *waited > 5;
            return Ok(Outcome { done: false, act: go.then_some(Act::Exit) });
        }
        // The menu fits; every other step acts at once (see `step_act`).
        _ => true,
    };
    Ok(Outcome { done, act: None })
}

/// What `dump` writes: the position, the ply and the moves.
fn dump_text(game: &crate::rules::Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|m| move_to_string(game.geometry(), *m)).collect();
    format!("position {}\nply {}\nmoves {}\n", position_to_string(game.position()), game.ply(), moves.join(" "))
}

/// Does what a step decided.
fn carry_out(act: Act, out: &mut Actions, dir: &ScreenshotDir, pending: &PendingShots) {
    match act {
        Act::Intent(i) => _ = out.intents.write(i),
        Act::Click(at) => _ = out.clicks.write(CellActivated(at)),
        Act::Hint => _ = out.hints.write(HintRequest),
        Act::GoTo(s) => _ = out.goto.write(crate::game::play::screen::GoTo(s)),
        Act::Navigate(o) => _ = out.nav.write(crate::game::play::screen::Navigate::To(o)),
        Act::Press(a) => _ = out.actions.write(a),
        Act::Save => _ = out.saves.write(crate::game::modes::saves::SaveGame),
        Act::ToggleMoveList => out.move_list.0 = !out.move_list.0,
        Act::Review(k) => out.review.0 = k,
        Act::PauseClock => out.clock.pause(),
        Act::RunClock => out.clock.unpause(),
        Act::Exit => _ = out.exit.write(AppExit::Success),
        Act::Online(step) => _ = out.online_steps.write(step),
        Act::Join(code) => {
            let code = match code.strip_prefix('@') {
                Some(file) => std::fs::read_to_string(dir.0.join(file)).unwrap_or_default(),
                None => code,
            };
            out.code.paste(code.trim());
            out.code.watch = false;
            out.online_steps.write(crate::game::modes::online::OnlineStep::Join);
        }
        Act::SaveCode(name) => {
            let code = out.online.as_ref().and_then(|o| o.code.clone()).unwrap_or_default();
            let _ = std::fs::create_dir_all(&dir.0);
            if let Err(e) = crate::files::write_atomically(&dir.0.join(&name), code.as_bytes()) {
                error!("script: cannot write the code to {name}: {e}");
            }
        }
        Act::Signal(name) => {
            let _ = std::fs::create_dir_all(&dir.0);
            if let Err(e) = std::fs::write(dir.0.join(&name), b"") {
                error!("script: cannot signal {name}: {e}");
            }
        }
        Act::Dump { name, text } => {
            let _ = std::fs::create_dir_all(&dir.0);
            if let Err(e) = crate::files::write_atomically(&dir.0.join(&name), text.as_bytes()) {
                error!("script: cannot dump {name}: {e}");
            }
        }
        Act::Screenshot(name) => {
            let _ = std::fs::create_dir_all(&dir.0);
            let path = dir.0.join(format!("{name}.png"));
            let counter = pending.0.clone();
            counter.fetch_add(1, Ordering::SeqCst);
            out.commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path)).observe(
                move |_: On<bevy::render::view::screenshot::ScreenshotCaptured>| {
                    counter.fetch_sub(1, Ordering::SeqCst);
                },
            );
        }
    }
}

impl Script {
    /// Logs a step as it starts.
    fn announce(&mut self, line: usize, step: &Step, now: f64) {
        if self.announced.map(|(n, _)| n) != Some(self.next) {
            info!("script line {line}: {step:?} (at {now:.1} s)");
            self.announced = Some((self.next, now));
            self.reported = now;
        }
    }

    /// Says in the log, every [`REPORT_EVERY`] seconds, what a wait that has not passed sees.
    fn report_waiting(&mut self, line: usize, step: &Step, now: f64, seen: &Seen, ply: usize) {
        if now - self.reported < REPORT_EVERY {
            return;
        }
        let since = self.announced.map_or(0.0, |(_, t)| now - t);
        info!(
            "script line {line}: still at {step:?} after {since:.0} s: turn {:?}, ply {ply}, animations {}, \
             rendered frames {}, fading {}, screenshots pending {}",
            seen.turn, seen.animations, seen.ready_frames, seen.fading, seen.shots_pending
        );
        self.reported = now;
    }
}

/// Runs the script's steps: waits until what each waits for is seen, one action per frame.
fn run_script(
    mut script: ResMut<Script>,
    dir: Res<ScreenshotDir>,
    pending: Res<PendingShots>,
    render_ready: Res<RenderReady>,
    mut ready_frames: Local<u32>,
    observed: Observed,
    mut out: Actions,
) {
    let Some(rules) = observed.rules.as_deref() else { return };
    *ready_frames = if render_ready.0.load(Ordering::SeqCst) { *ready_frames + 1 } else { 0 };
    let seen = observed.seen(*ready_frames, pending.0.load(Ordering::SeqCst));
    let now = observed.real.elapsed_secs_f64();
    let file_exists = |name: &str| dir.0.join(name).exists();
    while let Some(step) = script.steps.get(script.next).cloned() {
        let line = script.lines.get(script.next).copied().unwrap_or(0);
        script.announce(line, &step, now);
        let outcome = decide(&step, &seen, rules, &mut script.waited, &file_exists);
        let Outcome { done, act } = match outcome {
            Ok(o) => o,
            Err(why) => {
                // The run ends at once instead of waiting for a state that will never come.
                error!("script line {line}: {why}; the run stops here");
                out.exit.write(AppExit::from_code(SCRIPT_FAILED));
                script.next = script.steps.len();
                return;
            }
        };
        if let Some(act) = act {
            carry_out(act, &mut out, &dir, &pending);
        }
        if !done {
            script.report_waiting(line, &step, now, &seen, rules.game.ply());
            break;
        }
        script.next += 1;
        // One action per frame so each reaches the rules before the next.
        if !step.is_wait() {
            break;
        }
    }
}

/// The first move of `alternatives` (moves in notation separated by `|`) that is legal in
/// `game`, or why there is none.
fn first_legal(game: &crate::rules::Game, alternatives: &str) -> Result<crate::rules::Move, String> {
    let mut why = Vec::new();
    for text in alternatives.split('|') {
        match parse_move(game.geometry(), text) {
            Ok(mv) if game.position().is_legal(mv) => return Ok(mv),
            Ok(_) => why.push(format!("{text} is not legal here")),
            Err(e) => why.push(format!("bad move {}: {e}", quoted(text))),
        }
    }
    Err(format!("cannot play {alternatives}: {}", why.join("; ")))
}

/// Main-thread frame times, written when the app exits.
#[derive(Resource)]
pub struct FrameLog {
    path: PathBuf,
    /// The log, opened at the first frame; each frame's line is written as it ends, so a
    /// tool can count frames while the game runs (`tools/idle-cpu.sh`).
    file: Option<std::io::BufWriter<std::fs::File>>,
    frames: u64,
    failed: bool,
}

impl FrameLog {
    /// A log that will be written to `path`.
    pub fn new(path: PathBuf) -> FrameLog {
        FrameLog { path, file: None, frames: 0, failed: false }
    }

    /// Adds a frame's line (the first three frames, start-up, are left out).
    fn write(&mut self, line: std::fmt::Arguments) {
        use std::io::Write;
        self.frames += 1;
        if self.frames <= 3 || self.failed {
            return;
        }
        if self.file.is_none() {
            match std::fs::File::create(&self.path) {
                Ok(f) => self.file = Some(std::io::BufWriter::new(f)),
                Err(e) => {
                    error!("could not write frame log {}: {e}", self.path.display());
                    self.failed = true;
                    return;
                }
            }
        }
        if let Some(f) = &mut self.file
            && (f.write_fmt(line).is_err() || f.flush().is_err())
        {
            error!("could not write frame log {}", self.path.display());
            self.failed = true;
        }
    }
}

pub(crate) fn frame_log_plugin(app: &mut App) {
    app.add_systems(Last, record_frame);
}

fn record_frame(
    time: Res<Time<Real>>,
    mut log: ResMut<FrameLog>,
    ai: Option<Res<AiState>>,
    rules: Option<Res<Rules>>,
    mut since_move: Local<(Option<u64>, u32)>,
) {
    // A frame counts as "thinking" while a search is in flight on its engine thread; the frame
    // that applies a move and the two after it (the board and its marks are rebuilt) are
    // marked as move frames.
    let thinking = ai.is_some_and(|a| a.thinking());
    let generation = rules.map(|r| r.generation);
    if generation != since_move.0 {
        *since_move = (generation, 0);
    } else {
        since_move.1 += 1;
    }
    let ms = time.delta_secs() * 1000.0 * if thinking { -1.0 } else { 1.0 };
    // Negative values mark frames while the AI was thinking; " move" marks move frames.
    let moved = if since_move.1 < 3 { " move" } else { "" };
    log.write(format_args!("{ms:.3}{moved}\n"));
}

/// When this process was started, as an [`Instant`](std::time::Instant): from the kernel's
/// start time of the process (`/proc/self/stat`, in clock ticks since boot) against the time
/// since boot now, so the loading of the binary counts too; now, where that cannot be read.
pub fn launch_instant() -> std::time::Instant {
    let now = std::time::Instant::now();
    let since_launch = || -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // Field 22, counted after the command name's closing parenthesis (it may hold spaces).
        let after = &stat[stat.rfind(')')? + 2..];
        let ticks: f64 = after.split_whitespace().nth(19)?.parse().ok()?;
        // SAFETY: sysconf only reads a configuration value.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
        let uptime: f64 = std::fs::read_to_string("/proc/uptime").ok()?.split_whitespace().next()?.parse().ok()?;
        (per_second > 0.0).then(|| (uptime - ticks / per_second).max(0.0))
    };
    since_launch().and_then(|s| now.checked_sub(std::time::Duration::from_secs_f64(s))).unwrap_or(now)
}

/// `--startup-log`: when the title was first drawn whole and when the game first answered at
/// once, counted from the launch.
#[derive(Resource, Debug)]
pub struct StartupLog {
    path: PathBuf,
    launched: std::time::Instant,
    first_frame: Option<f64>,
    quick_frames: u32,
    written: bool,
}

impl StartupLog {
    /// A log for a process launched at `launched`, to be written to `path`.
    pub fn new(path: PathBuf, launched: std::time::Instant) -> StartupLog {
        StartupLog { path, launched, first_frame: None, quick_frames: 0, written: false }
    }
}

/// Frames in a row, each under [`QUICK_FRAME`], after which the game counts as answering input.
const QUICK_FRAMES: u32 = 3;
/// A frame this short answers input without a delay anyone notices.
const QUICK_FRAME: f32 = 0.1;

pub(crate) fn startup_log_plugin(app: &mut App) {
    crate::game::platform::window::watch_renderer(app);
    app.add_systems(Last, record_startup);
}

/// The first frame with the window shown, the title's menu drawn over the board and every
/// pipeline the renderer asked for ready two frames running (so nothing is drawn blank), then
/// the first run of quick frames. (What is on the screen lags a frame or two behind.)
fn record_startup(
    mut log: ResMut<StartupLog>,
    ready: Res<RenderReady>,
    screen: Option<Res<State<Screen>>>,
    fits: Option<Res<crate::game::play::screen::MenuFits>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    art: Query<(), With<crate::game::board::title_art::ArtRoot>>,
    time: Res<Time<Real>>,
    mut ready_frames: Local<u32>,
) {
    if log.written {
        return;
    }
    let shown = windows.single().is_ok_and(|w| w.visible);
    // The menu drawn this frame over the board behind it.
    let title =
        screen.is_some_and(|s| *s.get() == Screen::Title) && fits.is_some_and(|f| f.is_changed()) && !art.is_empty();
    // Two frames in a row with every pipeline ready: the board's sprites are drawn, not pending.
    *ready_frames = if shown && title && ready.ready() { *ready_frames + 1 } else { 0 };
    let since = log.launched.elapsed().as_secs_f64() * 1000.0;
    match log.first_frame {
        None if *ready_frames >= 2 => log.first_frame = Some(since),
        None => {}
        Some(first) => {
            log.quick_frames = if time.delta_secs() < QUICK_FRAME { log.quick_frames + 1 } else { 0 };
            if log.quick_frames >= QUICK_FRAMES {
                let text = format!("first_frame_ms {first:.0}\ninteractive_ms {since:.0}\n");
                if crate::files::write_atomically(&log.path, text.as_bytes()).is_err() {
                    error!("could not write the startup log {}", log.path.display());
                }
                log.written = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup::GameSetup;

    fn seen() -> Seen {
        Seen {
            turn: Turn::Human,
            animations: 0,
            ready_frames: 0,
            fading: false,
            hover: None,
            selected: None,
            left_down: false,
            motion: Motion::default(),
            menu_fits: true,
            hint: None,
            shots_pending: 0,
            online_entered: false,
            friend_here: false,
        }
    }

    fn run(step: &Step, seen: &Seen, rules: &Rules) -> Result<Outcome, String> {
        decide(step, seen, rules, &mut 0, &|_| false)
    }

    #[test]
    fn the_launch_is_before_now_and_not_long_ago_for_a_test_process() {
        let launched = launch_instant();
        let ago = launched.elapsed();
        assert!(ago.as_secs_f64() < 3600.0, "launched {ago:?} ago");
    }

    #[test]
    fn every_command_parses_and_a_mistake_names_its_line() {
        let script =
            Script::parse("# a comment\nwait 3\nopen rules\npress left\nreview off\nplay d5|e4\nquit\n").unwrap();
        assert_eq!(
            script.steps,
            vec![
                Step::Wait(3),
                Step::Open(Overlay::HowToPlay),
                Step::Press(Action::Step(IVec2::NEG_X)),
                Step::Review(None),
                Step::Play("d5|e4".into()),
                Step::Quit
            ]
        );
        assert_eq!(script.lines, vec![2, 3, 4, 5, 6, 7]);
        let err = |text: &str| Script::parse(text).unwrap_err();
        assert_eq!(err("wait 1\n\nwait"), "script line 3: 'wait' needs a frame count");
        assert_eq!(err("freeze-hop 2"), "script line 1: 'freeze-hop' needs a number from 0 to 1");
        assert!(err("open nowhere").starts_with("script line 1: 'open' needs setup, load,"));
        assert!(err("press jump").contains("not 'jump'"));
        assert_eq!(err("dance"), "script line 1: unknown command 'dance'");
    }

    #[test]
    fn waiting_for_idle_passes_only_on_a_persons_turn_with_nothing_moving() {
        let rules = Rules::new(GameSetup::default(), None);
        let idle = |turn, animations| run(&Step::WaitIdle, &Seen { turn, animations, ..seen() }, &rules).unwrap().done;
        assert!(idle(Turn::Human, 0));
        assert!(idle(Turn::Over, 0));
        assert!(!idle(Turn::Human, 1));
        assert!(!idle(Turn::AiThinking, 0));
    }

    #[test]
    fn play_takes_the_first_legal_alternative_and_no_legal_one_stops_the_run() {
        let rules = Rules::new(GameSetup::default(), None);
        let geo = *rules.game.geometry();
        let legal = rules.legal_moves()[0];
        let text = format!("c3-c5|{}", move_to_string(&geo, legal));
        let outcome = run(&Step::Play(text), &seen(), &rules).unwrap();
        assert_eq!(outcome.act, Some(Act::Intent(Intent::Play { mv: legal, generation: None })));
        assert!(run(&Step::Play("c3-c5".into()), &seen(), &rules).unwrap_err().contains("not legal"));
        // A cell off the board stops the run rather than leave a wait waiting for ever.
        assert!(run(&Step::WaitHover("z99".into()), &seen(), &rules).is_err());
        assert!(run(&Step::Click("z99".into()), &seen(), &rules).is_err());
    }

    #[test]
    fn wait_lets_its_frames_pass_and_quit_waits_for_the_screenshots() {
        let rules = Rules::new(GameSetup::default(), None);
        let mut waited = 0;
        let frames: Vec<bool> =
            (0..4).map(|_| decide(&Step::Wait(2), &seen(), &rules, &mut waited, &|_| false).unwrap().done).collect();
        assert_eq!(frames, [false, false, true, false]);
        let mut waited = 10;
        let busy = Seen { shots_pending: 1, ..seen() };
        assert_eq!(decide(&Step::Quit, &busy, &rules, &mut waited, &|_| false).unwrap().act, None);
        assert_eq!(decide(&Step::Quit, &seen(), &rules, &mut waited, &|_| false).unwrap().act, Some(Act::Exit));
    }

    #[test]
    fn a_menu_that_scrolls_fails_the_check_and_a_hop_far_enough_freezes_the_clock() {
        let rules = Rules::new(GameSetup::default(), None);
        assert!(run(&Step::ExpectMenuFits, &Seen { menu_fits: false, ..seen() }, &rules).is_err());
        let hop = |p| Seen { motion: Motion { hop_progress: Some(p), held_at: None }, ..seen() };
        assert_eq!(run(&Step::FreezeHop(0.5), &hop(0.4), &rules).unwrap(), Outcome { done: false, act: None });
        assert_eq!(
            run(&Step::FreezeHop(0.5), &hop(0.6), &rules).unwrap(),
            Outcome { done: true, act: Some(Act::PauseClock) }
        );
    }
}
