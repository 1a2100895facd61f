//! Difficulty levels and the `Ai` player that applies them.

use super::eval::{EvalKind, WIN, WIN_THRESHOLD, evaluate};
pub use super::ladder::{Level, LevelConfig};
use super::persona::{Persona, Rival, Style, styled_choice};
use super::search::{SearchLimits, SearchReport, Searcher};
use crate::rules::{Move, Position};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// An AI player: a level, a searcher that keeps its tables, a seeded random source, and
/// the character it plays with, if any.
pub struct Ai {
    config: LevelConfig,
    searcher: Searcher,
    rng: SmallRng,
    mind: Mind,
}

/// How an [`Ai`] picks among the moves its search scored.
#[derive(Clone, Copy, Debug)]
enum Mind {
    /// Its level's way (the best move, or its level's noise).
    Plain,
    /// A personality's style.
    Styled(Persona),
    /// The friendly rival, with what it has learned of its opponent.
    Rival(Rival),
}

/// The move an AI chose, with the search behind it.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The chosen move (None when there is no legal move).
    pub mv: Option<Move>,
    /// The search report.
    pub report: SearchReport,
}

impl Ai {
    /// A player of `level`, deterministic for a given `seed`.
    pub fn new(level: Level, seed: u64) -> Ai {
        Ai::with_config(level.config(), seed)
    }

    /// A player with explicit settings.
    pub fn with_config(config: LevelConfig, seed: u64) -> Ai {
        Ai {
            config,
            searcher: Searcher::with_tables(config.eval, config.tt_bits, config.solver.then_some(config.solver_bits)),
            rng: SmallRng::seed_from_u64(seed),
            mind: Mind::Plain,
        }
    }

    /// `persona` playing at `level` (a level outside its range is brought into it). The rival
    /// searches like Strong and adapts; its first guess at the opponent's error per move is
    /// `rival_prior` (see [`Rival::prior_for_rating`]).
    pub fn persona(persona: Persona, level: Level, seed: u64, rival_prior: f64) -> Ai {
        let (lo, hi) = persona.levels();
        if persona.style() == Style::Rival {
            let mut ai = Ai::with_config(Level::Strong.config(), seed);
            ai.mind = Mind::Rival(Rival::new(rival_prior));
            return ai;
        }
        Ai::persona_at(persona, level.clamp(lo, hi), seed)
    }

    /// `persona`'s style on `level`'s search, even outside its range (to compare the styles at
    /// one strength); the rival's way is its own and not made here.
    pub fn persona_at(persona: Persona, level: Level, seed: u64) -> Ai {
        let mut config = level.config();
        config.budget = config.budget.mul_f64(persona.time_share());
        let mut ai = Ai::with_config(config, seed);
        if persona.style() != Style::Rival {
            ai.mind = Mind::Styled(persona);
        }
        ai
    }

    /// The rival's estimate of its opponent's error per move and its handicap (None for
    /// other players).
    pub fn rival_estimate(&self) -> Option<(f64, f64)> {
        match self.mind {
            Mind::Rival(r) => Some((r.error, r.handicap)),
            _ => None,
        }
    }

    /// The rival's memory, to keep between sessions (None for other players).
    pub fn rival(&self) -> Option<Rival> {
        match self.mind {
            Mind::Rival(r) => Some(r),
            _ => None,
        }
    }

    /// Tells the player how its game ended (the rival learns from it; others ignore it).
    pub fn game_over(&mut self, won: bool) {
        if let Mind::Rival(r) = &mut self.mind {
            r.game_over(won);
        }
    }

    /// The plain baseline of the issue: alpha-beta without table or ordering, mobility
    /// evaluation, iterative deepening under `budget`.
    pub fn baseline(budget: Duration) -> Ai {
        let config = LevelConfig {
            budget,
            max_depth: 200,
            eval: EvalKind::Mobility,
            solver: false,
            temperature: 0.0,
            slip: 0.0,
            tt_bits: 0,
            solver_bits: 0,
        };
        Ai::with_config(config, 0)
    }

    /// The same baseline searching to a fixed depth with no clock (its budget is an hour,
    /// only so that time accounting has a number).
    pub fn baseline_depth(depth: u32) -> Ai {
        let mut ai = Ai::baseline(Duration::from_secs(3600));
        ai.config.max_depth = depth;
        ai
    }

    /// This player's settings.
    pub fn config(&self) -> &LevelConfig {
        &self.config
    }

    /// Overrides the per-move budget.
    pub fn set_budget(&mut self, budget: Duration) {
        self.config.budget = budget;
    }

    /// Forgets learned tables (call between games); the rival keeps what it learned of its
    /// opponent.
    pub fn new_game(&mut self) {
        self.searcher.clear();
        if let Mind::Rival(r) = &mut self.mind {
            r.new_game();
        }
    }

    /// Picks a move for the side to move. Returns promptly once `cancel` is set.
    pub fn choose(&mut self, p: &Position, cancel: Arc<AtomicBool>) -> Choice {
        let noisy = self.config.temperature > 0.0 || self.config.slip > 0.0;
        let all_scores = match &self.mind {
            Mind::Plain => noisy,
            Mind::Styled(_) => true,
            Mind::Rival(r) => r.needs_scores(),
        };
        let limits = SearchLimits { max_depth: self.config.max_depth, time: Some(self.config.budget), nodes: None };
        let report = self.searcher.search(p, limits, cancel, all_scores);
        let many = report.root_scores.len() > 1;
        let mv = match self.mind {
            Mind::Plain if noisy && many => Some(self.pick(&report.root_scores)),
            Mind::Plain => report.best,
            Mind::Styled(persona) => {
                // The level's own noise first (a weaker level slips), then the style among the
                // moves near what it would have played.
                let anchor = if noisy && many { Some(self.pick(&report.root_scores)) } else { report.best };
                let anchor_score = report.root_scores.iter().find(|(m, _)| Some(*m) == anchor).map(|&(_, s)| s);
                let scored: Vec<(Move, i32)> = match anchor_score {
                    Some(a) => report.root_scores.iter().copied().filter(|&(_, s)| s <= a).collect(),
                    None => report.root_scores.clone(),
                };
                styled_choice(persona.style(), persona.margin(), p, &scored).or(anchor)
            }
            Mind::Rival(_) => {
                let scored = with_alternatives(p, &report);
                let (roll, pick) = (self.rng.random::<f64>(), self.rng.random::<f64>());
                let Mind::Rival(r) = &mut self.mind else { unreachable!() };
                r.choose_from(&scored, report.best, roll, pick).or(report.best)
            }
        };
        Choice { mv, report }
    }

    /// Chooses among scored root moves the way a player of this level would.
    fn pick(&mut self, scored: &[(Move, i32)]) -> Move {
        let mut sorted = scored.to_vec();
        sorted.sort_by_key(|&(_, s)| -s);
        let best = sorted[0].1;
        // Never miss a proven win, never walk into a proven loss when there is a way out.
        if best > WIN_THRESHOLD {
            return sorted[0].0;
        }
        let safe: Vec<(Move, i32)> = sorted.iter().copied().filter(|&(_, s)| s > -WIN_THRESHOLD).collect();
        let pool = if safe.is_empty() { sorted } else { safe };
        if self.rng.random_bool(self.config.slip) {
            let half = pool.len().div_ceil(2);
            return pool[self.rng.random_range(0..half)].0;
        }
        let t = self.config.temperature.max(1e-6);
        let weights: Vec<f64> = pool.iter().map(|&(_, s)| (((s - best) as f64) / t).max(-50.0).exp()).collect();
        let total: f64 = weights.iter().sum();
        let mut x = self.rng.random::<f64>() * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return pool[i].0;
            }
            x -= w;
        }
        pool[0].0
    }
}

/// The root scores of `report`, and when the solver proved a win (it then scores only its
/// winning move) every other move too, valued by what the opponent could do next: a move
/// that lets the opponent leave it without a move at once is a loss in two plies, any other
/// is worth minus the opponent's best static value after it.
fn with_alternatives(p: &Position, report: &super::search::SearchReport) -> Vec<(Move, i32)> {
    let mut scored = report.root_scores.clone();
    if scored.len() != 1 || report.solved != Some(p.to_move()) {
        return scored;
    }
    for m in p.legal_moves() {
        if m == scored[0].0 {
            continue;
        }
        let next = p.after(m);
        let replies = next.legal_moves();
        let value = if replies.is_empty() {
            WIN - 1
        } else if replies.iter().any(|&r| next.after(r).move_count() == 0) {
            -WIN + 2
        } else {
            -replies.iter().map(|&r| -evaluate(&next.after(r), EvalKind::Full, 2)).max().unwrap_or(0)
        };
        scored.push((m, value));
    }
    scored
}
