//! Exact game values with their distance: who wins, and in how many plies when the winner
//! finishes as fast as it can and the loser holds out as long as it can. The boolean
//! [`super::Solver`] is much faster at *who* wins; this gives *how long*, for "win in N"
//! puzzles and for a defence that resists longest. It visits the whole game graph below a
//! position (each position once), so it is for small boards and late positions, within a
//! node budget. One solver serves one board size (its table is keyed by position hash).

use crate::rules::{Move, Position};
use std::collections::HashMap;

/// A position's value for the side to move: the plies until the game ends with best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins; the game ends after this many plies (odd).
    Win(u16),
    /// The side to move loses; the game ends after this many plies (even; 0 = no move now).
    Loss(u16),
}

impl Value {
    /// The value one ply earlier, for the player who moved into this position.
    pub fn before(self) -> Value {
        match self {
            Value::Win(k) => Value::Loss(k + 1),
            Value::Loss(k) => Value::Win(k + 1),
        }
    }

    /// Whether `self` is better than `other` for the side to move: any win beats any loss, a
    /// shorter win a longer one, a longer loss a shorter one.
    pub fn better_than(self, other: Value) -> bool {
        match (self, other) {
            (Value::Win(a), Value::Win(b)) => a < b,
            (Value::Win(_), Value::Loss(_)) => true,
            (Value::Loss(_), Value::Win(_)) => false,
            (Value::Loss(a), Value::Loss(b)) => a > b,
        }
    }

    /// Moves of the winner until the end (a win in 5 plies is a win in 3 moves).
    pub fn winner_moves(self) -> u16 {
        match self {
            Value::Win(k) => k.div_ceil(2),
            Value::Loss(k) => k / 2,
        }
    }
}

/// Computes [`Value`]s, remembering every position it has valued.
pub struct DistanceSolver {
    /// Values by position hash (as the boolean solver's table: 64 bits make a collision
    /// vanishingly unlikely at the sizes this is used for).
    memo: HashMap<u64, Value>,
    nodes: u64,
    max_nodes: u64,
    /// The memo could not grow: the solver gave up for want of memory, not of budget.
    out_of_memory: bool,
}

/// Bytes of memory the memo may take per position valued (a hash map entry of a key and a
/// value, its control byte, its load factor, and the old table beside the new while it grows).
pub const BYTES_PER_NODE: u64 = 64;

impl DistanceSolver {
    /// A solver that gives up after valuing `max_nodes` new positions (over all calls).
    pub fn new(max_nodes: u64) -> DistanceSolver {
        DistanceSolver { memo: HashMap::new(), nodes: 0, max_nodes, out_of_memory: false }
    }

    /// Whether the last `None` came from a memo that could not grow (rather than the budget).
    pub fn out_of_memory(&self) -> bool {
        self.out_of_memory
    }

    /// Positions valued so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `p`, or `None` when the node budget ran out.
    pub fn value(&mut self, p: &Position) -> Option<Value> {
        if let Some(v) = self.memo.get(&p.hash()) {
            return Some(*v);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        let mut best: Option<Value> = None;
        for m in p.legal_moves() {
            let mine = self.value(&p.after(m))?.before();
            if best.is_none_or(|b| mine.better_than(b)) {
                best = Some(mine);
            }
        }
        let v = best.unwrap_or(Value::Loss(0));
        // The memo grows fallibly: a budget too large for the memory ends the proof instead of
        // the process.
        if self.memo.len() == self.memo.capacity() && self.memo.try_reserve(self.memo.len().max(1024)).is_err() {
            self.out_of_memory = true;
            return None;
        }
        self.memo.insert(p.hash(), v);
        Some(v)
    }

    /// Every legal move of `p` with its value for the side to move (best first), or `None`
    /// when the budget ran out.
    pub fn moves(&mut self, p: &Position) -> Option<Vec<(Move, Value)>> {
        let mut out = Vec::new();
        for m in p.legal_moves() {
            out.push((m, self.value(&p.after(m))?.before()));
        }
        out.sort_by(|a, b| {
            if a.1.better_than(b.1) {
                std::cmp::Ordering::Less
            } else if b.1.better_than(a.1) {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        });
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{SolveLimits, Solver};
    use crate::rules::Geometry;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn values_agree_with_the_boolean_solver_and_are_consistent() {
        let mut rng = SmallRng::seed_from_u64(7);
        let mut solver = Solver::new(16);
        let cancel = AtomicBool::new(false);
        let mut checked = 0;
        for (rows, cols) in [(4, 4), (4, 5), (5, 5), (5, 6)] {
            // Late enough in the game that the whole graph below is small.
            for _ in 0..12 {
                let mut p = Position::start(Geometry::new(rows, cols).unwrap());
                let plies = rng.random_range(4..12);
                for _ in 0..plies {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p = p.after(moves[rng.random_range(0..moves.len())]);
                }
                let mut distance = DistanceSolver::new(200_000);
                let Some(v) = distance.value(&p) else { continue };
                let proof = solver.solve(&p, SolveLimits::unlimited(), &cancel).result.unwrap();
                let wins = proof.winner == p.to_move();
                assert_eq!(matches!(v, Value::Win(_)), wins, "{rows}x{cols}: {v:?}");
                match v {
                    Value::Win(k) => assert_eq!(k % 2, 1, "a win ends on an odd ply"),
                    Value::Loss(k) => assert_eq!(k % 2, 0, "a loss ends on an even ply"),
                }
                // The moves that keep the win are exactly the solver's winning moves, and the
                // best of them has the position's value.
                let moves = distance.moves(&p).unwrap();
                let mut keeping: Vec<Move> =
                    moves.iter().filter(|(_, mv)| matches!(mv, Value::Win(_))).map(|(m, _)| *m).collect();
                let mut expected = proof.winning_moves.clone();
                keeping.sort_by_key(|m| format!("{m:?}"));
                expected.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(keeping, expected);
                if let Some((_, best)) = moves.first() {
                    assert_eq!(*best, v);
                }
                checked += 1;
            }
        }
        assert!(checked >= 24, "only {checked} positions were valued");
    }

    #[test]
    fn a_position_one_jump_from_the_end_is_a_win_in_one() {
        let p = crate::rules::parse_position("B...../W...../....../W...../....../...... b").unwrap();
        let mut d = DistanceSolver::new(1000);
        // a6-a2 takes both white stones and White has no move: one ply.
        assert_eq!(d.value(&p), Some(Value::Win(1)));
        assert_eq!(Value::Win(1).winner_moves(), 1);
        let moves = d.moves(&p).unwrap();
        assert_eq!(moves[0].1, Value::Win(1));
        // a6-a4 lets White jump back: 3 plies... or it loses; either way it is worse.
        assert!(moves[0].1.better_than(moves[1].1));
    }
}
