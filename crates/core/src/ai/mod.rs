//! The Kōnane AI: evaluation, search, exact solver and difficulty levels. Plain Rust: no
//! engine, no I/O; the game runs it on engine threads of its own, the CLI on threads.

pub mod bitsolve;
pub mod crosscheck;
pub mod distance;
pub mod eval;
pub mod ladder;
pub mod level;
pub mod persona;
pub mod prove;
pub mod puzzle;
pub mod review;
pub mod search;
pub mod solver;
pub mod tune;

pub use distance::{DistanceSolver, Value};
pub use eval::{EvalKind, WIN, evaluate};
pub use level::{Ai, Choice, Level, LevelConfig};
pub use persona::{Persona, Rival, Style};
pub use search::{Outlook, SearchLimits, SearchReport, Searcher};
pub use solver::{Solution, SolveLimits, SolveOutcome, Solver};

use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A hint for the side to move: the best move found and what is known about the outcome.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Best move (None when there is none).
    pub best: Option<Move>,
    /// Evaluation or proof for the side to move.
    pub outlook: Outlook,
    /// Expected continuation.
    pub pv: Vec<Move>,
    /// Iteration depth reached.
    pub depth: u32,
}

/// Analyses `p` at full strength within `budget`; `cancel` stops it early.
pub fn analyse(p: &Position, budget: Duration, cancel: Arc<AtomicBool>) -> Analysis {
    analyse_within(p, SearchLimits::time(budget), cancel)
}

/// Analyses `p` at full strength within `nodes` visited: the same position gives the same
/// answer on any machine and at any load (a game's review must not change between looks).
pub fn analyse_nodes(p: &Position, nodes: u64, cancel: Arc<AtomicBool>) -> Analysis {
    analyse_within(p, SearchLimits::nodes(nodes), cancel)
}

fn analyse_within(p: &Position, limits: SearchLimits, cancel: Arc<AtomicBool>) -> Analysis {
    let mut s = Searcher::new(EvalKind::Full, 18, true);
    let r = s.search(p, limits, cancel, false);
    Analysis { best: r.best, outlook: r.outlook(p.to_move()), pv: r.pv.clone(), depth: r.depth }
}
