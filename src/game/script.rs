//! A scripted driver for end-to-end runs in a real window: intents, waits and screenshots,
//! read from a file, one command per line (`#` comments).
//!
//! Commands: `wait FRAMES`, `wait-idle` (a human's turn or game over, nothing animating),
//! `wait-plies N`, `wait-over`, `wait-file NAME` (until NAME exists in the screenshot directory,
//! for syncing with an outside pointer driver), `click CELL`, `play MOVE`, `undo`, `redo`, `new`,
//! `hint`, `menu`, `screenshot NAME`, `quit`.

use super::input::CellActivated;
use super::rules::{AnimationsRunning, Intent, Rules};
use super::{GameSet, Screen, Turn};
use crate::rules::{parse_coord_public, parse_move};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One script command.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// Let frames pass.
    Wait(u32),
    /// Until a human is to move (or the game is over) and nothing animates.
    WaitIdle,
    /// Until at least this many plies are played.
    WaitPlies(usize),
    /// Until the game is over.
    WaitOver,
    /// Until a file of that name exists in the screenshot directory (written by whatever
    /// drives the pointer beside the game, e.g. xdotool in the end-to-end test).
    WaitFile(String),
    /// Activate a cell, as a click would.
    Click(String),
    /// Play a move in notation.
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
    /// Save a screenshot as NAME.png in the screenshot directory.
    Screenshot(String),
    /// Exit once screenshots are written.
    Quit,
}

/// A loaded script and where it is.
#[derive(Resource, Debug)]
pub struct Script {
    steps: Vec<Step>,
    next: usize,
    waited: u32,
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
        for (i, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            if code.is_empty() {
                continue;
            }
            let mut parts = code.split_whitespace();
            let cmd = parts.next().unwrap_or("");
            let arg = parts.next();
            let need = |what: &str| {
                arg.map(str::to_string).ok_or_else(|| format!("script line {}: '{cmd}' needs {what}", i + 1))
            };
            let num = |what: &str| -> Result<u64, String> {
                need(what)?.parse().map_err(|_| format!("script line {}: '{cmd}' needs a number", i + 1))
            };
            steps.push(match cmd {
                "wait" => Step::Wait(num("a frame count")? as u32),
                "wait-idle" => Step::WaitIdle,
                "wait-plies" => Step::WaitPlies(num("a ply count")? as usize),
                "wait-over" => Step::WaitOver,
                "wait-file" => Step::WaitFile(need("a file name")?),
                "click" => Step::Click(need("a cell")?),
                "play" => Step::Play(need("a move")?),
                "undo" => Step::Undo,
                "redo" => Step::Redo,
                "new" => Step::New,
                "hint" => Step::Hint,
                "menu" => Step::Menu,
                "screenshot" => Step::Screenshot(need("a name")?),
                "quit" => Step::Quit,
                other => return Err(format!("script line {}: unknown command '{other}'", i + 1)),
            });
        }
        Ok(Script { steps, next: 0, waited: 0 })
    }

    /// Reads and parses a script file.
    pub fn load(path: &std::path::Path) -> Result<Script, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read script {}: {e}", path.display()))?;
        Script::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PendingShots>().add_systems(Update, run_script.in_set(GameSet::Input));
}

#[allow(clippy::too_many_arguments)]
fn run_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    dir: Res<ScreenshotDir>,
    pending: Res<PendingShots>,
    rules: Option<Res<Rules>>,
    turn: Option<Res<State<Turn>>>,
    anims: Res<AnimationsRunning>,
    mut intents: MessageWriter<Intent>,
    mut clicks: MessageWriter<CellActivated>,
    mut hints: MessageWriter<super::ai_task::HintRequest>,
    mut exit: MessageWriter<AppExit>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(rules) = rules else { return };
    let geo = *rules.game.geometry();
    let turn = turn.map(|t| *t.get()).unwrap_or(Turn::Human);
    while let Some(step) = script.steps.get(script.next).cloned() {
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
            Step::WaitFile(name) => dir.0.join(name).exists(),
            Step::WaitPlies(n) => rules.game.ply() >= *n && anims.0 == 0,
            Step::WaitOver => turn == Turn::Over && anims.0 == 0,
            Step::Click(c) => {
                match parse_coord_public(&geo, c) {
                    Ok(at) => {
                        clicks.write(CellActivated(at));
                    }
                    Err(e) => error!("script: bad cell '{c}': {e}"),
                }
                true
            }
            Step::Play(m) => {
                match parse_move(&geo, m) {
                    Ok(mv) => {
                        intents.write(Intent::Play { mv, generation: None });
                    }
                    Err(e) => error!("script: bad move '{m}': {e}"),
                }
                true
            }
            Step::Undo => {
                intents.write(Intent::Undo);
                true
            }
            Step::Redo => {
                intents.write(Intent::Redo);
                true
            }
            Step::New => {
                intents.write(Intent::NewGame);
                true
            }
            Step::Hint => {
                hints.write(super::ai_task::HintRequest);
                true
            }
            Step::Menu => {
                next_screen.set(Screen::Title);
                true
            }
            Step::Screenshot(name) => {
                let _ = std::fs::create_dir_all(&dir.0);
                let path = dir.0.join(format!("{name}.png"));
                let counter = pending.0.clone();
                counter.fetch_add(1, Ordering::SeqCst);
                commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path)).observe(
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
                    exit.write(AppExit::Success);
                }
                false
            }
        };
        if !done {
            break;
        }
        script.next += 1;
        // One action per frame so each reaches the rules before the next.
        if !matches!(step, Step::Wait(_) | Step::WaitIdle | Step::WaitPlies(_) | Step::WaitOver | Step::WaitFile(_)) {
            break;
        }
    }
}

/// Main-thread frame times, written when the app exits.
#[derive(Resource)]
pub struct FrameLog {
    path: PathBuf,
    ms: Vec<f32>,
}

impl FrameLog {
    /// A log that will be written to `path`.
    pub fn new(path: PathBuf) -> FrameLog {
        FrameLog { path, ms: Vec::new() }
    }
}

pub(super) fn frame_log_plugin(app: &mut App) {
    app.add_systems(Last, record_frame);
}

fn record_frame(
    time: Res<Time<Real>>,
    mut log: ResMut<FrameLog>,
    mut exits: MessageReader<AppExit>,
    ai: Option<Res<super::ai_task::AiState>>,
) {
    // A frame counts as "thinking" while a search is in flight on the task pool.
    let thinking = ai.is_some_and(|a| a.thinking());
    log.ms.push(time.delta_secs() * 1000.0 * if thinking { -1.0 } else { 1.0 });
    if exits.read().count() > 0 {
        // Negative values mark frames while the AI was thinking.
        let text: String = log.ms.iter().skip(3).map(|v| format!("{v:.3}\n")).collect();
        if crate::files::write_atomically(&log.path, text.as_bytes()).is_err() {
            error!("could not write frame log {}", log.path.display());
        }
    }
}
