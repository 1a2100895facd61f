//! Static evaluation of Kōnane positions, from the side to move's point of view.

use crate::rules::{Color, Phase, Position};

/// Score of a won game at the root; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this magnitude are proven results.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;

/// Which evaluation a player uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EvalKind {
    /// Own legal moves minus the opponent's (the classic Kōnane heuristic).
    Mobility,
    /// Mobility plus the number of stones that can move and a penalty on the opponent's
    /// mobility; tuned by matches (see the issue notes).
    Full,
    /// A weighted sum of [`features`], the weights fitted to game results (`konane tune`).
    Linear(Weights),
}

/// How many numbers [`features`] gives.
pub const FEATURES: usize = 8;

/// Names of the features, in order (for reports).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "own moves",
    "opponent's moves",
    "own movable stones",
    "opponent's movable stones",
    "opponent's stones under attack",
    "own stones under attack",
    "own multiple jumps",
    "opponent's multiple jumps",
];

/// The weights of a linear evaluation, one per feature.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights(pub [i32; FEATURES]);

/// The features of a jumping-phase position, the side to move's first: moves, movable stones,
/// enemy stones a jump could capture, and jumps of two hops or more, for each side.
#[inline]
pub fn features(p: &Position) -> [i32; FEATURES] {
    let me = p.jump_features(p.to_move());
    let op = p.jump_features(p.to_move().opponent());
    [
        me.moves as i32,
        op.moves as i32,
        me.movers as i32,
        op.movers as i32,
        me.captures as i32,
        op.captures as i32,
        me.multi as i32,
        op.multi as i32,
    ]
}

/// Jump moves and distinct movable stones for one side.
#[inline]
fn mobility(p: &Position, side: Color) -> (i32, i32) {
    let (moves, movers) = p.jump_stats(side);
    (moves as i32, movers as i32)
}

/// Evaluates `p` for the side to move. Positions in the opening removal phase score 0.
/// A side to move without moves is a loss (`-WIN + ply`).
#[inline]
pub fn evaluate(p: &Position, kind: EvalKind, ply: i32) -> i32 {
    if p.opening_phase() != Phase::Jumping {
        return if p.move_count() == 0 { -WIN + ply } else { 0 };
    }
    if let EvalKind::Linear(w) = kind {
        let f = features(p);
        if f[0] == 0 {
            return -WIN + ply;
        }
        return f.iter().zip(w.0.iter()).map(|(x, w)| x * w).sum();
    }
    let me = p.to_move();
    let (my_moves, my_movers) = mobility(p, me);
    if my_moves == 0 {
        return -WIN + ply;
    }
    let (op_moves, op_movers) = mobility(p, me.opponent());
    if kind == EvalKind::Mobility {
        16 * (my_moves - op_moves)
    } else {
        12 * my_moves - 16 * op_moves + 6 * (my_movers - op_movers)
    }
}
