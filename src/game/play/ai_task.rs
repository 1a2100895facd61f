//! Runs the AI on threads of its own ([`EngineJob`]); the main thread only polls.

use crate::ai::{Ai, Analysis, Choice, Level, analyse};
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
    /// How long the reply takes at least: longer when there are more moves to weigh.
    min_delay: f32,
}

/// The least time a reply takes, so it reads as a move being considered: the settings' minimum
/// with one or two legal moves, growing with the number of moves to about three times that,
/// but never past the level's own time budget (or the minimum itself, if that is longer).
pub fn reply_delay(base: f32, legal_moves: usize, level: Level) -> f32 {
    let weigh = 1.0 + (legal_moves.saturating_sub(2) as f32 / 10.0).min(2.0);
    (base * weigh).min(level.config().budget.as_secs_f32().max(base))
}

impl Drop for PendingSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
    }
}

/// The AI side of the game: the search in flight and the idle AI players (kept between moves
/// so their tables carry over).
#[derive(Resource, Default)]
pub struct AiState {
    /// The current search, if any.
    pub pending: Option<PendingSearch>,
    idle: Vec<(Level, Ai)>,
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

    /// Whether the running search has its answer (held back until the minimum delay passes).
    pub fn search_finished(&self) -> bool {
        self.pending.as_ref().is_some_and(|p| p.task.is_finished())
    }

    /// Number of searches started so far.
    pub fn searches_started(&self) -> u64 {
        self.searches_started
    }

    /// Starts `level`'s search of the position of `rules` (with its idle player, so its tables
    /// carry over). The reply shows no sooner than its delay: a frame is asked for then (the
    /// search's end asks for one too).
    fn start(&mut self, level: Level, rules: &Rules, settings: &Settings, idle: bool, wake: &Wake) {
        let ai = self.idle.iter().position(|(l, _)| *l == level).map(|i| self.idle.swap_remove(i).1);
        let seed = settings.seed.wrapping_add(self.searches_started);
        self.searches_started += 1;
        let min_delay = reply_delay(settings.ai_min_delay, rules.game.position().move_count() as usize, level);
        let position = *rules.game.position();
        self.pending = Some(spawn_search(level, ai, seed, position, rules.generation, min_delay, idle, wake));
        wake.after_secs(min_delay);
    }
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
        .init_resource::<HintState>()
        .add_message::<HintRequest>()
        .add_systems(Update, (drive_ai, drive_hints).in_set(GameSet::Input).run_if(in_state(Screen::Game)))
        .add_systems(OnEnter(Screen::Game), forget_hint)
        .add_systems(OnExit(Screen::Game), (|mut ai: ResMut<AiState>| ai.cancel(), forget_hint));
}

fn spawn_search(
    level: Level,
    ai: Option<Ai>,
    seed: u64,
    position: Position,
    generation: u64,
    min_delay: f32,
    idle: bool,
    wake: &Wake,
) -> PendingSearch {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let task = EngineJob::spawn(idle, wake, move || {
        let mut ai = ai.unwrap_or_else(|| Ai::new(level, seed));
        let choice = ai.choose(&position, flag);
        (ai, choice)
    });
    PendingSearch { task, generation, cancel, waited: 0.0, min_delay }
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
        state.start(level, &rules, &settings, yield_to_renderer.is_some(), &wake);
        return;
    }
    let pending = state.pending.as_mut().expect("checked above");
    pending.waited += time.delta_secs();
    // A menu over the game (the pause menu, the settings) pauses it: the computer's move waits
    // until the menu closes (its search may go on).
    if *overlay != Overlay::None {
        return;
    }
    if pending.waited < pending.min_delay {
        if pending.task.is_finished() {
            wake.after_secs(pending.min_delay - pending.waited);
        }
        return;
    }
    if let Some((ai, choice)) = pending.task.poll() {
        let generation = pending.generation;
        state.pending = None;
        state.idle.push((level, ai));
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
    fn a_reply_waits_longer_with_more_moves_to_weigh_but_never_beyond_the_budget() {
        let quick = reply_delay(0.35, 1, Level::Expert);
        let busy = reply_delay(0.35, 30, Level::Expert);
        assert!((quick - 0.35).abs() < 1e-6, "{quick}");
        assert!(busy > 0.9 && busy <= 1.05 + 1e-6, "{busy}");
        assert!(reply_delay(0.35, 8, Level::Expert) > quick);
        // Easy's budget is 0.4 s, so its busiest pause stops there.
        assert!((reply_delay(0.35, 30, Level::Easy) - 0.4).abs() < 1e-6);
        // Beginner's budget (0.25 s) is below the minimum: it keeps the minimum.
        assert!((reply_delay(0.35, 30, Level::Beginner) - 0.35).abs() < 1e-6);
        // A minimum longer than every budget (tests hold replies back with one) stays.
        assert_eq!(reply_delay(1000.0, 30, Level::Expert), 1000.0);
        // Scripted and headless runs use no delay at all.
        assert_eq!(reply_delay(0.0, 30, Level::Expert), 0.0);
    }
}
