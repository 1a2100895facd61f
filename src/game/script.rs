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
//! game clock), `unfreeze`, `click CELL`, `play MOVE` (or `play A|B|…`: the first legal one), `undo`, `redo`, `new`, `hint`, `menu` (the title screen), `start` (a game from the title), `pause`, `settings`, `moves` (the move list), `review N|off`, `close-menu`, `open setup|load|pause|settings|over|rules`, `press up|down|left|right|confirm|cancel|delete`, `save`, `resign`, `dump NAME` (position, ply and moves),
//! `screenshot NAME`, `quit`.

use crate::game::board::anim::Motion;
use crate::game::board::input::{Action, CellActivated, Selection};
use crate::game::board::view::cell_pos;
use crate::game::play::ai_task::{AiState, HintRequest};
use crate::game::play::authority::{AnimationsRunning, Intent, Rules};
use crate::game::play::screen::{Overlay, Screen, Turn};
use crate::rules::quote::quoted;
use crate::rules::{move_to_string, parse_coord_public, parse_move, position_to_string};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One script command.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
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
    /// Exit once screenshots are written.
    Quit,
}

impl Step {
    /// Waits pass straight on to the next step; actions take a frame each.
    fn is_wait(&self) -> bool {
        matches!(
            self,
            Step::Wait(_)
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

/// Whether the render world has every requested pipeline ready, as of its last frame.
#[derive(Resource, Default, Clone)]
struct RenderReady(Arc<AtomicBool>);

/// Frames in a row the renderer must report ready before `wait-rendered` passes (the board's
/// pipelines are only requested once its sprites are first drawn, a frame or two in).
const READY_FRAMES: u32 = 10;

/// Render world: notes whether any pipeline is still queued or being compiled.
fn report_render_ready(ready: Res<RenderReady>, cache: Res<bevy::render::render_resource::PipelineCache>) {
    use bevy::render::render_resource::CachedPipelineState;
    let busy = cache.waiting_pipelines().next().is_some()
        || cache.pipelines().any(|p| matches!(p.state, CachedPipelineState::Queued | CachedPipelineState::Creating(_)));
    ready.0.store(!busy, Ordering::SeqCst);
}

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
            let arg = parts.next();
            let shown = quoted(cmd);
            let need = |what: &str| {
                arg.map(str::to_string).ok_or_else(|| format!("script line {}: {shown} needs {what}", i + 1))
            };
            let num = |what: &str| -> Result<u64, String> {
                need(what)?.parse().map_err(|_| format!("script line {}: {shown} needs a number", i + 1))
            };
            let fraction = |what: &str| -> Result<f32, String> {
                match need(what)?.parse::<f32>() {
                    Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
                    _ => Err(format!("script line {}: {shown} needs a number from 0 to 1", i + 1)),
                }
            };
            lines.push(i + 1);
            steps.push(match cmd {
                "wait" => Step::Wait(num("a frame count")? as u32),
                "wait-idle" => Step::WaitIdle,
                "wait-plies" => Step::WaitPlies(num("a ply count")? as usize),
                "wait-rendered" => Step::WaitRendered,
                "wait-over" => Step::WaitOver,
                "wait-thinking" => Step::WaitThinking,
                "wait-file" => Step::WaitFile(need("a file name")?),
                "signal" => Step::Signal(need("a file name")?),
                "wait-hover" => Step::WaitHover(need("a cell")?),
                "wait-mouse-down" => Step::WaitMouseDown,
                "wait-mouse-up" => Step::WaitMouseUp,
                "wait-held" => Step::WaitHeld(need("a cell")?),
                "wait-not-held" => Step::WaitNotHeld,
                "freeze-hop" => Step::FreezeHop(fraction("a fraction of a hop")?),
                "unfreeze" => Step::Unfreeze,
                "click" => Step::Click(need("a cell")?),
                "play" => Step::Play(need("a move")?),
                "undo" => Step::Undo,
                "redo" => Step::Redo,
                "new" => Step::New,
                "hint" => Step::Hint,
                "menu" => Step::Menu,
                "expect-menu-fits" => Step::ExpectMenuFits,
                "pause" => Step::Pause,
                "settings" => Step::Settings,
                "moves" => Step::Moves,
                "save" => Step::Save,
                "resign" => Step::Resign,
                "open" => Step::Open(match need("a screen")?.as_str() {
                    "setup" => Overlay::Setup,
                    "load" => Overlay::Load,
                    "pause" => Overlay::Pause,
                    "settings" => Overlay::Settings,
                    "over" => Overlay::GameOver,
                    "rules" => Overlay::HowToPlay,
                    "more" => Overlay::MoreGames,
                    "lessons" => Overlay::Lessons,
                    "puzzles" => Overlay::Puzzles,
                    other => {
                        return Err(format!(
                            "script line {}: 'open' needs setup, load, pause, settings, over, rules, more, lessons \
                             or puzzles, not {}",
                            i + 1,
                            quoted(other)
                        ));
                    }
                }),
                "press" => Step::Press(match need("a key")?.as_str() {
                    "up" => Action::Step(IVec2::NEG_Y),
                    "down" => Action::Step(IVec2::Y),
                    "left" => Action::Step(IVec2::NEG_X),
                    "right" => Action::Step(IVec2::X),
                    "confirm" => Action::Confirm,
                    "cancel" => Action::Cancel,
                    "delete" => Action::Delete,
                    other => {
                        return Err(format!(
                            "script line {}: 'press' needs up, down, left, right, confirm, cancel or delete, not {}",
                            i + 1,
                            quoted(other)
                        ));
                    }
                }),
                "review" => Step::Review(match need("a ply count or off")?.as_str() {
                    "off" => None,
                    n => Some(n.parse().map_err(|_| format!("script line {}: 'review' needs a number or off", i + 1))?),
                }),
                "start" => Step::Start,
                "close-menu" => Step::CloseMenu,
                "dump" => Step::Dump(need("a file name")?),
                "screenshot" => Step::Screenshot(need("a name")?),
                "quit" => Step::Quit,
                other => return Err(format!("script line {}: unknown command {}", i + 1, quoted(other))),
            });
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

/// Longest step of the game clock in a scripted run: a slow frame slows the game down
/// instead of skipping ahead, so a script sees every stage of an animation.
const MAX_SCRIPT_STEP: std::time::Duration = std::time::Duration::from_millis(33);

/// The script driver: runs the [`Script`] resource, writing screenshots to [`ScreenshotDir`].
pub fn plugin(app: &mut App) {
    let ready = RenderReady::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(ready.clone()).add_systems(bevy::render::Render, report_render_ready);
    }
    app.insert_resource(ready)
        .init_resource::<PendingShots>()
        .add_systems(Startup, |mut clock: ResMut<Time<Virtual>>| clock.set_max_delta(MAX_SCRIPT_STEP))
        .add_systems(Update, run_script.in_set(crate::game::board::input::InputStage::Record));
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
}

fn run_script(
    mut script: ResMut<Script>,
    dir: Res<ScreenshotDir>,
    pending: Res<PendingShots>,
    render_ready: Res<RenderReady>,
    mut ready_frames: Local<u32>,
    seen: Observed,
    mut act: Actions,
) {
    let Observed { rules, turn, anims, motion, selection, mouse, fade, real, fits } = seen;
    let fading = fade.is_some_and(|f| f.0 > 0.0);
    let Some(rules) = rules else { return };
    let geo = *rules.game.geometry();
    let turn = turn.map(|t| *t.get()).unwrap_or(Turn::Human);
    *ready_frames = if render_ready.0.load(Ordering::SeqCst) { *ready_frames + 1 } else { 0 };
    let motion = motion.map(|m| *m).unwrap_or_default();
    let hover = selection.and_then(|s| s.hover);
    let left_down = mouse.is_some_and(|m| m.pressed(MouseButton::Left));
    let now = real.elapsed_secs_f64();
    let cell = |text: &str| parse_coord_public(&geo, text).map_err(|e| format!("bad cell {}: {e}", quoted(text)));
    // Why the script cannot go on, if it cannot: the run then ends with an error at once
    // instead of waiting for a state that will never come.
    let mut failure: Option<String> = None;
    while let Some(step) = script.steps.get(script.next).cloned() {
        let line = script.lines.get(script.next).copied().unwrap_or(0);
        if script.announced.map(|(n, _)| n) != Some(script.next) {
            info!("script line {line}: {step:?} (at {now:.1} s)");
            script.announced = Some((script.next, now));
            script.reported = now;
        }
        let done = match &step {
            Step::Wait(n) => {
                script.waited += 1;
                if script.waited > *n {
                    script.waited = 0;
                    true
                } else {
                    false
                }
            }
            Step::WaitIdle => matches!(turn, Turn::Human | Turn::Over) && anims.0 == 0,
            Step::WaitRendered => *ready_frames >= READY_FRAMES && !fading,
            Step::WaitThinking => turn == Turn::AiThinking,
            Step::WaitFile(name) => dir.0.join(name).exists(),
            Step::Signal(name) => {
                let _ = std::fs::create_dir_all(&dir.0);
                if let Err(e) = std::fs::write(dir.0.join(name), b"") {
                    error!("script: cannot signal {name}: {e}");
                }
                true
            }
            Step::WaitHover(c) => match cell(c) {
                Ok(at) => hover == Some(at),
                Err(e) => {
                    failure = Some(e);
                    false
                }
            },
            Step::WaitMouseDown => left_down,
            Step::WaitMouseUp => !left_down,
            Step::WaitHeld(c) => match cell(c) {
                Ok(at) => motion.held_at.is_some_and(|p| p.distance(cell_pos(&geo, at)) < 0.35),
                Err(e) => {
                    failure = Some(e);
                    false
                }
            },
            Step::WaitNotHeld => motion.held_at.is_none(),
            Step::FreezeHop(f) => {
                let reached = motion.hop_progress.is_some_and(|p| p >= *f);
                if reached {
                    act.clock.pause();
                }
                reached
            }
            Step::Unfreeze => {
                act.clock.unpause();
                true
            }
            Step::WaitPlies(n) => rules.game.ply() >= *n && anims.0 == 0,
            Step::WaitOver => turn == Turn::Over && anims.0 == 0,
            Step::Click(c) => {
                match cell(c) {
                    Ok(at) => {
                        act.clicks.write(CellActivated(at));
                    }
                    Err(e) => failure = Some(e),
                }
                true
            }
            Step::Play(m) => {
                match first_legal(&rules.game, m) {
                    Ok(mv) => {
                        act.intents.write(Intent::Play { mv, generation: None });
                    }
                    Err(e) => failure = Some(e),
                }
                true
            }
            Step::Undo => {
                act.intents.write(Intent::Undo);
                true
            }
            Step::Redo => {
                act.intents.write(Intent::Redo);
                true
            }
            Step::New => {
                act.intents.write(Intent::NewGame(rules.setup));
                true
            }
            Step::Hint => {
                act.hints.write(HintRequest);
                true
            }
            Step::Menu => {
                act.goto.write(crate::game::play::screen::GoTo(Screen::Title));
                true
            }
            Step::ExpectMenuFits => {
                if !fits.as_ref().is_some_and(|f| f.0) {
                    failure = Some("the menu does not fit its window: it scrolls".into());
                }
                true
            }
            Step::Start => {
                act.goto.write(crate::game::play::screen::GoTo(Screen::Game));
                true
            }
            Step::Dump(name) => {
                let game = &rules.game;
                let moves: Vec<String> = game.moves().iter().map(|m| move_to_string(&geo, *m)).collect();
                let text = format!(
                    "position {}\nply {}\nmoves {}\n",
                    position_to_string(game.position()),
                    game.ply(),
                    moves.join(" ")
                );
                let _ = std::fs::create_dir_all(&dir.0);
                if let Err(e) = crate::files::write_atomically(&dir.0.join(name), text.as_bytes()) {
                    error!("script: cannot dump {name}: {e}");
                }
                true
            }
            Step::CloseMenu => {
                act.nav.write(crate::game::play::screen::Navigate::To(Overlay::None));
                true
            }
            Step::Open(o) => {
                act.nav.write(crate::game::play::screen::Navigate::To(*o));
                true
            }
            Step::Press(a) => {
                act.actions.write(*a);
                true
            }
            Step::Save => {
                act.saves.write(crate::game::modes::saves::SaveGame);
                true
            }
            Step::Resign => {
                act.intents.write(Intent::Resign(rules.game.to_move()));
                true
            }
            Step::Moves => {
                act.move_list.0 = !act.move_list.0;
                true
            }
            Step::Review(k) => {
                act.review.0 = *k;
                true
            }
            Step::Settings => {
                act.nav.write(crate::game::play::screen::Navigate::To(Overlay::Settings));
                true
            }
            Step::Pause => {
                act.nav.write(crate::game::play::screen::Navigate::To(Overlay::Pause));
                true
            }
            Step::Screenshot(name) => {
                let _ = std::fs::create_dir_all(&dir.0);
                let path = dir.0.join(format!("{name}.png"));
                let counter = pending.0.clone();
                counter.fetch_add(1, Ordering::SeqCst);
                act.commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path)).observe(
                    move |_: On<bevy::render::view::screenshot::ScreenshotCaptured>| {
                        counter.fetch_sub(1, Ordering::SeqCst);
                    },
                );
                true
            }
            Step::Quit => {
                script.waited += 1;
                // Give the last screenshots time to reach the disk.
                if pending.0.load(Ordering::SeqCst) == 0 && script.waited > 5 {
                    act.exit.write(AppExit::Success);
                }
                false
            }
        };
        if let Some(why) = failure {
            error!("script line {line}: {why}; the run stops here");
            act.exit.write(AppExit::from_code(SCRIPT_FAILED));
            script.next = script.steps.len();
            return;
        }
        if !done {
            if now - script.reported >= REPORT_EVERY {
                let since = script.announced.map_or(0.0, |(_, t)| now - t);
                info!(
                    "script line {line}: still at {step:?} after {since:.0} s: turn {turn:?}, ply {}, animations {}, \
                     rendered frames {}, fading {fading}, screenshots pending {}",
                    rules.game.ply(),
                    anims.0,
                    *ready_frames,
                    pending.0.load(Ordering::SeqCst)
                );
                script.reported = now;
            }
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
    ms: Vec<(f32, bool)>,
}

impl FrameLog {
    /// A log that will be written to `path`.
    pub fn new(path: PathBuf) -> FrameLog {
        FrameLog { path, ms: Vec::new() }
    }
}

pub(crate) fn frame_log_plugin(app: &mut App) {
    app.add_systems(Last, record_frame);
}

fn record_frame(
    time: Res<Time<Real>>,
    mut log: ResMut<FrameLog>,
    mut exits: MessageReader<AppExit>,
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
    log.ms.push((ms, since_move.1 < 3));
    if exits.read().count() > 0 {
        // Negative values mark frames while the AI was thinking; " move" marks move frames.
        let text: String =
            log.ms.iter().skip(3).map(|(v, moved)| format!("{v:.3}{}\n", if *moved { " move" } else { "" })).collect();
        if crate::files::write_atomically(&log.path, text.as_bytes()).is_err() {
            error!("could not write frame log {}", log.path.display());
        }
    }
}
