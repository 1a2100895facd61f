//! The ladder of difficulty levels: each level's name and the knobs behind it.

use super::eval::EvalKind;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A difficulty level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Looks one move ahead and often picks a merely decent move.
    Beginner,
    /// Looks two moves ahead, sometimes misjudges.
    Easy,
    /// Looks four moves ahead, rare slips.
    Medium,
    /// A real search with the plain mobility evaluation.
    Hard,
    /// Expert's search, evaluation and solver with a twentieth of its time: the step between
    /// Hard and Expert.
    Strong,
    /// Full strength: deep search, tuned evaluation, exact endgame solver.
    Expert,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 6] =
        [Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Strong, Level::Expert];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Strong => "strong",
            Level::Expert => "expert",
        }
    }

    /// The settings that make up this level.
    pub fn config(self) -> LevelConfig {
        let ms = Duration::from_millis;
        match self {
            Level::Beginner => LevelConfig {
                budget: ms(250),
                max_depth: 1,
                eval: EvalKind::Mobility,
                solver: false,
                temperature: 32.0,
                slip: 0.35,
                tt_bits: 12,
                solver_bits: 0,
            },
            Level::Easy => LevelConfig {
                budget: ms(400),
                max_depth: 2,
                eval: EvalKind::Mobility,
                solver: false,
                temperature: 8.0,
                slip: 0.08,
                tt_bits: 14,
                solver_bits: 0,
            },
            Level::Medium => LevelConfig {
                budget: ms(600),
                max_depth: 4,
                eval: EvalKind::Mobility,
                solver: false,
                temperature: 1.0,
                slip: 0.01,
                tt_bits: 16,
                solver_bits: 0,
            },
            Level::Hard => LevelConfig {
                budget: ms(800),
                max_depth: 7,
                eval: EvalKind::Mobility,
                solver: false,
                temperature: 0.0,
                slip: 0.0,
                tt_bits: 18,
                solver_bits: 0,
            },
            // Measured on 8×8: Expert beats it 80 % of 40 games, it beats Hard 90 % of 40.
            Level::Strong => LevelConfig { budget: ms(100), ..Level::Expert.config() },
            Level::Expert => LevelConfig {
                budget: ms(2000),
                max_depth: 200,
                eval: EvalKind::Full,
                solver: true,
                temperature: 0.0,
                slip: 0.0,
                tt_bits: 20,
                solver_bits: super::search::SOLVER_BITS,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            format!(
                "unknown level {}: expected beginner, easy, medium, hard, strong or expert",
                crate::rules::quote::quoted(s)
            )
        })
    }
}

/// The knobs behind a level.
#[derive(Clone, Copy, Debug)]
pub struct LevelConfig {
    /// Per-move wall-clock budget.
    pub budget: Duration,
    /// Deepest search iteration.
    pub max_depth: u32,
    /// Evaluation.
    pub eval: EvalKind,
    /// Whether the exact endgame solver is used.
    pub solver: bool,
    /// Softmax temperature over root scores (0 = always a best move).
    pub temperature: f64,
    /// Chance of a "slip": picking any move from the better half instead.
    pub slip: f64,
    /// Transposition-table size (log2 entries).
    pub tt_bits: u32,
    /// The endgame solver's table size (log2 entries), when it has the solver.
    pub solver_bits: u32,
}
