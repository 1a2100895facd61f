//! Runs the AI on threads of its own ([`EngineJob`]); the main thread only polls.

use crate::ai::{Ai, Analysis, Choice, Level, Persona, Rival, Style, analyse};
use crate::game::platform::redraw::Wake;
use crate::game::platform::settings::{Controller, Settings};
use crate::game::play::authority::{Intent, Rules};
use crate::game::play::engine_job::{EngineJob, YieldToRenderer};
use crate::game::play::screen::{GameSet, Overlay, Screen, Turn};
use crate::rules::Position;
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A search in flight. Dropping it cancels the search.
pub struct PendingSearch {
    task: EngineJob<(Ai, Choice)>,
    /// The rules generation the search started from.
    pub generation: u64,
    cancel: Arc<AtomicBool>,
    /// Real time since the search started (the reply is shown no sooner than `min_delay`).
    waited: f32,
    /// How long the reply takes at least: decided when the search answers ([`thinking_pause`]).
    min_delay: f32,
    /// The search's answer, held until the pause is over.
    ready: Option<(Ai, Choice)>,
    /// Who is thinking.
    player: Player,
}

/// How long the computer seems to think before its move shows, once its search has answered:
/// nothing for a forced move (or with the thinking pause off, or at instant speed); otherwise
/// the settings' minimum `base`, longer the harder the choice was — more moves to weigh, and
/// more of them scoring close to the best (a sharp position) — up to four times the minimum,
/// all divided by the animation speed (faster animations, shorter pauses) and never past two
/// seconds. A proven result (the solver knows) halves it: there was nothing left to weigh.
pub fn thinking_pause(base: f32, speed: f32, on: bool, scores: &[(crate::rules::Move, i32)], legal: usize) -> f32 {
    if !on || legal <= 1 || speed <= 0.0 || base <= 0.0 {
        return 0.0;
    }
    let best = scores.iter().map(|&(_, s)| s).max().unwrap_or(0);
    let close = scores.iter().filter(|&&(_, s)| s >= best - 16).count().max(1);
    let breadth = ((legal as f32).ln() / 20f32.ln()).min(1.0);
    let sharpness = ((close - 1) as f32 / 4.0).min(1.0);
    let mut hardness = 0.5 * breadth + 0.5 * sharpness;
    if best.abs() >= crate::ai::persona::PROVEN {
        hardness *= 0.5;
    }
    (base * (1.0 + 3.0 * hardness) / speed.max(0.25)).min(MOST_PAUSE.max(base))
}

/// The longest thinking pause, in seconds (a longer minimum, as tests use, is kept).
const MOST_PAUSE: f32 = 2.0;

impl Drop for PendingSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
    }
}

/// The player's rating, once their history is open (the rival's first guess at their
/// strength); written by the history.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct PlayerRating(pub Option<f64>);

/// A reason for the computer to wait before it answers the position of this rules generation:
/// the coach is looking at the move that made it, or showing advice on it (written by the
/// coach).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hold(pub Option<u64>);

/// Who the computer plays as: a level, and the named opponent if any.
type Player = (Level, Option<Persona>);

/// The AI side of the game: the search in flight and the idle AI players (kept between moves
/// so their tables carry over).
#[derive(Resource, Default)]
pub struct AiState {
    /// The current search, if any.
    pub pending: Option<PendingSearch>,
    idle: Vec<(Player, Ai)>,
    searches_started: u64,
}

impl AiState {
    /// Whether a search is running.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Cancels the running search, if any.
    pub fn cancel(&mut self) {
        self.pending = None;
    }

    /// Whether the running search has its answer (held back until the pause is over).
    pub fn search_finished(&self) -> bool {
        self.pending.as_ref().is_some_and(|p| p.ready.is_some() || p.task.is_finished())
    }

    /// Number of searches started so far.
    pub fn searches_started(&self) -> u64 {
        self.searches_started
    }

    /// Starts `level`'s search of the position of `rules` (with its idle player, so its tables
    /// carry over). The reply shows no sooner than its delay: a frame is asked for then (the
    /// search's end asks for one too).
    fn start(
        &mut self,
        player: Player,
        rules: &Rules,
        settings: &Settings,
        rating: Option<f64>,
        wake: &Wake,
        idle: bool,
    ) {
        let ai = self.idle.iter().position(|(p, _)| *p == player).map(|i| self.idle.swap_remove(i).1);
        let seed = settings.seed.wrapping_add(self.searches_started);
        self.searches_started += 1;
        let ai = ai.unwrap_or_else(|| match player {
            (level, Some(persona)) => Ai::persona(persona, level, seed, rival_handicap(settings, rating)),
            (level, None) => Ai::new(level, seed),
        });
        let position = *rules.game.position();
        self.pending = Some(spawn_search(player, ai, position, rules.generation, idle, wake));
    }
}

/// What the rival holds back at the start of a game: what it learned of this player in earlier
/// games, or before the first a guess from the player's rating (a new player's without one).
pub fn rival_handicap(settings: &Settings, rating: Option<f64>) -> f64 {
    if settings.rival_handicap >= 0.0 {
        settings.rival_handicap
    } else {
        Rival::prior_for_rating(rating.unwrap_or(1500.0))
    }
}

/// A game against the rival ended: it holds back more after a win and less after a loss, and
/// the settings keep that for the next game (and the next run of the game).
fn rival_learns(
    rules: Option<Res<Rules>>,
    mut settings: ResMut<Settings>,
    mut state: ResMut<AiState>,
    rating: Res<PlayerRating>,
    mut learned: Local<Option<u64>>,
) {
    let Some(rules) = rules else { return };
    let (Some(persona), Some(you), Some(winner)) = (rules.setup.persona, rules.setup.one_human(), rules.winner())
    else {
        return;
    };
    if persona.style() != Style::Rival || *learned == Some(rules.game_id) {
        return;
    }
    *learned = Some(rules.game_id);
    let mut rival = Rival::new(rival_handicap(&settings, rating.0));
    rival.game_over(winner != you);
    settings.rival_handicap = (rival.handicap * 10.0).round() / 10.0;
    // The next game's rival starts from the new handicap.
    state.idle.retain(|((_, p), _)| *p != Some(persona));
}

/// Ask for a hint for the side to move.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// The hint being computed or shown; it belongs to one rules generation.
#[derive(Resource, Default)]
pub struct HintState {
    pending: Option<(EngineJob<Analysis>, u64, Arc<AtomicBool>)>,
    /// The latest hint and the generation it is for.
    pub shown: Option<(u64, Analysis)>,
}

impl HintState {
    /// Whether a hint is being computed.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// The hint for this generation, if any.
    pub fn for_generation(&self, generation: u64) -> Option<&Analysis> {
        self.shown.as_ref().filter(|(g, _)| *g == generation).map(|(_, a)| a)
    }
}

impl Drop for HintState {
    fn drop(&mut self) {
        if let Some((_, _, cancel)) = &self.pending {
            cancel.store(true, Ordering::SeqCst);
        }
    }
}

/// A hint belongs to one game: leaving or starting a game drops it (and cancels its search).
fn forget_hint(mut hints: ResMut<HintState>) {
    *hints = HintState::default();
}

/// How long a hint may think.
const HINT_BUDGET_MS: u64 = 1500;

fn drive_hints(
    mut requests: MessageReader<HintRequest>,
    mut hints: ResMut<HintState>,
    rules: Option<Res<Rules>>,
    wake: Res<Wake>,
) {
    let Some(rules) = rules else { return };
    if hints.pending.as_ref().is_some_and(|(_, g, _)| *g != rules.generation)
        && let Some((_, _, cancel)) = hints.pending.take()
    {
        cancel.store(true, Ordering::SeqCst);
    }
    if requests.read().count() > 0 && hints.pending.is_none() && rules.game.winner().is_none() {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let position = *rules.game.position();
        let task = EngineJob::spawn(false, &wake, move || {
            analyse(&position, std::time::Duration::from_millis(HINT_BUDGET_MS), flag)
        });
        hints.pending = Some((task, rules.generation, cancel));
    }
    let finished = match hints.pending.as_mut() {
        Some((task, generation, _)) => task.poll().map(|a| (*generation, a)),
        None => None,
    };
    if let Some(result) = finished {
        hints.pending = None;
        hints.shown = Some(result);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AiState>()
        .init_resource::<PlayerRating>()
        .init_resource::<Hold>()
        .init_resource::<HintState>()
        .add_message::<HintRequest>()
        .add_systems(
            Update,
            (drive_ai, drive_hints, rival_learns).in_set(GameSet::Input).run_if(in_state(Screen::Game)),
        )
        .add_systems(OnEnter(Screen::Game), forget_hint)
        .add_systems(OnExit(Screen::Game), (|mut ai: ResMut<AiState>| ai.cancel(), forget_hint));
}

fn spawn_search(player: Player, ai: Ai, position: Position, generation: u64, idle: bool, wake: &Wake) -> PendingSearch {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let task = EngineJob::spawn(idle, wake, move || {
        let mut ai = ai;
        let choice = ai.choose(&position, flag);
        (ai, choice)
    });
    PendingSearch { task, generation, cancel, waited: 0.0, min_delay: 0.0, ready: None, player }
}

/// Takes the search's answer when it comes, and decides how long it is held back.
fn hold_for_pause(pending: &mut PendingSearch, rules: &Rules, settings: &Settings) {
    if pending.ready.is_none()
        && let Some((ai, choice)) = pending.task.poll()
    {
        let legal = rules.game.position().move_count() as usize;
        let on = settings.thinking_pause;
        pending.min_delay =
            thinking_pause(settings.ai_min_delay, settings.anim_speed, on, &choice.report.root_scores, legal);
        pending.ready = Some((ai, choice));
    }
}

/// Starts, restarts, polls and cancels searches.
fn drive_ai(
    mut state: ResMut<AiState>,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    turn: Res<State<Turn>>,
    time: Res<Time<Real>>,
    mut intents: MessageWriter<Intent>,
    yield_to_renderer: Option<Res<YieldToRenderer>>,
    wake: Res<Wake>,
    overlay: Res<Overlay>,
    (rating, hold): (Res<PlayerRating>, Res<Hold>),
) {
    let Some(rules) = rules else { return };
    let side = rules.game.to_move();
    let level = match rules.controller(side) {
        Controller::Ai(l) if *turn.get() == Turn::AiThinking => l,
        _ => {
            // Not the AI's turn (undo, new game, human to move): stop any search.
            state.cancel();
            return;
        }
    };
    if state.pending.as_ref().is_some_and(|p| p.generation != rules.generation) {
        state.cancel();
    }
    if state.pending.is_none() {
        let player = (level, rules.setup.persona);
        state.start(player, &rules, &settings, rating.0, &wake, yield_to_renderer.is_some());
        return;
    }
    let pending = state.pending.as_mut().expect("checked above");
    pending.waited += time.delta_secs();
    // A menu over the game (the pause menu, the settings) pauses it: the computer's move waits
    // until the menu closes (its search may go on).
    if *overlay != Overlay::None {
        return;
    }
    hold_for_pause(pending, &rules, &settings);
    if pending.ready.is_none() {
        return;
    }
    // (Turning the pause off in the settings ends a pause under way.)
    if settings.thinking_pause && pending.waited < pending.min_delay {
        wake.after_secs(pending.min_delay - pending.waited);
        return;
    }
    // The coach is looking at the move just played, or has just marked a better one (only
    // where the computer pauses at all: not with the pause off, nor in scripted runs).
    if settings.thinking_pause && settings.ai_min_delay > 0.0 && hold.0 == Some(rules.generation) {
        return;
    }
    if let Some((ai, choice)) = pending.ready.take() {
        let (generation, player) = (pending.generation, pending.player);
        state.pending = None;
        state.idle.push((player, ai));
        if let Some(mv) = choice.mv {
            intents.write(Intent::Play { mv, generation: Some(generation) });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Engine work never occupies Bevy's task pool: a job that holds its thread leaves the
    /// pool free, the caller's priority untouched, and its result arrives once.
    #[test]
    fn an_engine_job_runs_beside_the_task_pool_at_its_own_priority() {
        use bevy::tasks::{AsyncComputeTaskPool, TaskPool, block_on};
        let pool = AsyncComputeTaskPool::get_or_init(TaskPool::new);
        #[cfg(target_os = "linux")]
        // SAFETY: reads the calling thread's nice value.
        let nice = || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::syscall(libc::SYS_gettid) as libc::id_t) };
        #[cfg(target_os = "linux")]
        let before = nice();
        let (release, held) = std::sync::mpsc::channel::<()>();
        let mut job = EngineJob::spawn(true, &Wake::default(), move || {
            let _ = held.recv();
            #[cfg(target_os = "linux")]
            return nice();
            #[cfg(not(target_os = "linux"))]
            0
        });
        // The pool answers while the job still holds its thread.
        assert_eq!(block_on(pool.spawn(async { 6 * 7 })), 42);
        assert!(!job.is_finished() && job.poll().is_none());
        release.send(()).unwrap();
        let mut got = None;
        while got.is_none() {
            got = job.poll();
            std::thread::yield_now();
        }
        assert!(job.is_finished() && job.poll().is_none(), "the result comes once");
        #[cfg(target_os = "linux")]
        {
            assert_eq!(got, Some(19), "the job's thread runs at nice 19");
            assert_eq!(nice(), before, "the caller's priority is untouched");
        }
    }

    #[test]
    fn a_forced_move_never_waits_and_a_sharp_choice_waits_longer_than_an_obvious_one() {
        use crate::rules::{Coord, Move};
        let m = |c: u8| Move::jump(Coord::new(0, c), Coord::new(0, c + 2));
        let obvious = [(m(0), 100), (m(1), 10), (m(2), -50), (m(3), -80)];
        let sharp = [(m(0), 100), (m(1), 98), (m(2), 95), (m(3), 90)];
        assert_eq!(thinking_pause(0.35, 1.0, true, &obvious[..1], 1), 0.0, "forced: no pause");
        assert_eq!(thinking_pause(1000.0, 1.0, true, &obvious[..1], 1), 0.0, "whatever the minimum");
        let easy = thinking_pause(0.35, 1.0, true, &obvious, 4);
        let hard = thinking_pause(0.35, 1.0, true, &sharp, 4);
        assert!(easy >= 0.35 && hard > easy + 0.2, "{easy} {hard}");
        // More moves to weigh: longer; never past two seconds.
        assert!(thinking_pause(0.35, 1.0, true, &obvious, 20) > easy);
        assert!(thinking_pause(0.9, 1.0, true, &sharp, 40) <= 2.0);
        // Faster animations shorten it; instant speed and the setting turned off remove it.
        assert!(thinking_pause(0.35, 2.0, true, &sharp, 4) < hard);
        assert_eq!(thinking_pause(0.35, 0.0, true, &sharp, 4), 0.0);
        assert_eq!(thinking_pause(0.35, 1.0, false, &sharp, 4), 0.0);
        // Scripted and headless runs use no minimum, so no pause.
        assert_eq!(thinking_pause(0.0, 1.0, true, &sharp, 4), 0.0);
        // A minimum longer than the cap (tests hold replies back with one) stays.
        assert_eq!(thinking_pause(1000.0, 1.0, true, &sharp, 4), 1000.0);
    }
}
