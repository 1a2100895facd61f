//! The game's standing across its moves, for the graph after a game and in review: every
//! position searched at full strength on an engine thread, one after another (never on the
//! frame), and stopped when the player goes back to playing.

use crate::ai::analyse_nodes;
use crate::ai::review::{Standing, Verdict, judge};
use crate::game::platform::redraw::Wake;
use crate::game::play::authority::Rules;
use crate::game::play::engine_job::{EngineJob, YieldToRenderer};
use crate::game::play::screen::{Overlay, Review, Screen};
use crate::rules::{Move, Position};
use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Nodes searched per position: a budget, not a time, so the same game gets the same
/// analysis every time it is looked at (about 0.1 to 0.2 s a position on a desktop core).
const PER_POSITION: u64 = 300_000;

/// One analysed position: what is known, and the engine's best move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// From Black's side.
    pub standing: Standing,
    /// The best move found (none at the end).
    pub best: Option<Move>,
}

/// The analysis of the game on the board.
#[derive(Resource, Default)]
pub struct GameAnalysis {
    /// The game analysed (its start and moves); a different game starts again.
    game: Option<(Position, Vec<Move>)>,
    found: Arc<Mutex<Vec<Point>>>,
    cancel: Arc<AtomicBool>,
    task: Option<EngineJob<()>>,
}

impl GameAnalysis {
    /// The positions analysed so far, from the start.
    pub fn points(&self) -> Vec<Point> {
        self.found.lock().map(|f| f.clone()).unwrap_or_default()
    }

    /// Whether it is about this game (running, or stopped with what it had found).
    pub fn covers(&self, game: &crate::rules::Game) -> bool {
        self.game.as_ref().is_some_and(|(start, moves)| start == game.start() && *moves == game.moves())
    }

    /// Whether the search is running.
    pub fn running(&self) -> bool {
        self.task.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Stops the search, keeping what it found (it goes on from there if asked again).
    fn pause(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.task = None;
    }
}

/// What the analysis says about a move: index `ply` (0-based) of `moves`, between points
/// `ply` and `ply + 1`.
pub fn judged(points: &[Point], moves: &[Move], start: &Position) -> Vec<(usize, Verdict)> {
    let mut p = *start;
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if let (Some(a), Some(b)) = (points.get(i), points.get(i + 1)) {
            let v = judge(p.to_move(), a.standing, b.standing, *m, a.best);
            if v != Verdict::Fine {
                out.push((i, v));
            }
        }
        p = p.after(*m);
    }
    out
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<GameAnalysis>()
        .add_systems(
            Update,
            drive.in_set(crate::game::play::screen::GameSet::Presentation).run_if(in_state(Screen::Game)),
        )
        // Leaving the game (for the title) stops it too; coming back goes on where it was.
        .add_systems(OnExit(Screen::Game), |mut analysis: ResMut<GameAnalysis>| analysis.pause());
}

/// Runs while a finished game's panel is open or an earlier position is reviewed; otherwise
/// (back to playing, a new game) it stops.
fn drive(
    mut analysis: ResMut<GameAnalysis>,
    rules: Option<Res<Rules>>,
    overlay: Res<Overlay>,
    review: Res<Review>,
    yield_to_renderer: Option<Res<YieldToRenderer>>,
    wake: Res<Wake>,
) {
    let Some(rules) = rules else { return };
    let wanted = !rules.setup.is_practice() && (review.0.is_some() || overlay.is_game_over());
    if !wanted {
        if analysis.task.is_some() {
            analysis.pause();
        }
        return;
    }
    if analysis.task.is_some() && analysis.covers(&rules.game) {
        return;
    }
    analysis.pause();
    // Another game starts afresh; the same game goes on from the positions already done.
    // (A copy: a stopped search may still add its last point to the old list.)
    let found = Arc::new(Mutex::new(if analysis.covers(&rules.game) { analysis.points() } else { Vec::new() }));
    let game = (*rules.game.start(), rules.game.moves());
    let done = found.lock().map(|f| f.len()).unwrap_or(0);
    if done > game.1.len() {
        analysis.game = Some(game);
        analysis.found = found;
        return;
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let mut positions = vec![game.0];
    for m in &game.1 {
        positions.push(positions[positions.len() - 1].after(*m));
    }
    positions.drain(..done);
    let idle = yield_to_renderer.is_some();
    let (task_cancel, task_found) = (cancel.clone(), found.clone());
    // Each position analysed is drawn on the graph as it comes.
    let point_done = wake.notifier();
    let task = EngineJob::spawn(idle, &wake, move || {
        for p in positions {
            if task_cancel.load(Ordering::Relaxed) {
                return;
            }
            let a = analyse_nodes(&p, PER_POSITION, task_cancel.clone());
            if task_cancel.load(Ordering::Relaxed) {
                return;
            }
            if let Ok(mut f) = task_found.lock() {
                f.push(Point { standing: Standing::of(a.outlook, p.to_move()), best: a.best });
            }
            if let Some(notify) = &point_done {
                notify();
            }
        }
    });
    *analysis = GameAnalysis { game: Some(game), found, cancel, task: Some(task) };
}
