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
use crate::game::play::authority::{AnimationsRunning, GameChange, Intent, Rules};
use crate::game::play::screen::{Overlay, Screen, Turn};
use crate::rules::quote::quoted;
use crate::rules::{Coord, Move, move_to_string, parse_coord_public, parse_move, position_to_string};
use bevy::app::AppExit;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

mod log;
mod steps;

pub use log::*;
pub use steps::*;

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
    nothing: Option<Res<'w, crate::game::modes::saves::NothingToContinue>>,
}

/// What the script's actions write to.
#[derive(bevy::ecs::system::SystemParam)]
struct Actions<'w, 's> {
    commands: Commands<'w, 's>,
    intents: MessageWriter<'w, Intent>,
    clicks: MessageWriter<'w, CellActivated>,
    hints: MessageWriter<'w, HintRequest>,
    exit: MessageWriter<'w, AppExit>,
    games: MessageWriter<'w, GameChange>,
    settings: Res<'w, crate::game::platform::settings::Settings>,
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
    /// Start, restart or leave a game.
    Change(GameChange),
    /// Start the custom game the settings describe.
    StartCustom,
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
        Step::New => Act::Change(GameChange::fresh(rules.setup)),
        Step::Resign => Act::Intent(Intent::Resign(rules.game.to_move())),
        Step::Hint => Act::Hint,
        Step::Menu => Act::Change(GameChange::Leave),
        Step::Start => Act::StartCustom,
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
        Act::Change(c) => _ = out.games.write(c),
        Act::StartCustom => _ = out.games.write(GameChange::fresh(out.settings.custom_setup())),
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

    /// Says in the log, every [`REPORT_EVERY`] seconds, that no game has started yet.
    fn report_no_game(&mut self, now: f64) {
        if now - self.reported >= REPORT_EVERY {
            let line = self.lines.get(self.next).copied().unwrap_or(0);
            info!("script line {line}: waiting for a game to start (none has yet)");
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
    if let Some(why) = observed.nothing.as_deref().filter(|_| script.next < script.steps.len()) {
        // `--continue` with nothing to continue: no game will come for the steps to wait on.
        error!("script: --continue found no game to continue ({}); the run stops here", why.0);
        out.exit.write(AppExit::from_code(SCRIPT_FAILED));
        script.next = script.steps.len();
        return;
    }
    let Some(rules) = observed.rules.as_deref() else {
        script.report_no_game(observed.real.elapsed_secs_f64());
        return;
    };
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
