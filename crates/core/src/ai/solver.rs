//! Exact win/loss solver: a boolean negamax with a transposition table and move ordering by
//! the opponent's reply count (fewest replies first, as in proof-number style search).
//! Jumping-phase positions on boards of up to 128 bits go to the `u128` fast path in
//! [`super::bitsolve`]; the opening's removals and larger boards use the general positions.

use super::bitsolve::{Prover, Stops, Table};
use crate::rules::WideBoard;
use crate::rules::position::{zobrist_key, zobrist_side_key};
use crate::rules::{Color, Geometry, Move, Phase, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// When to give up.
#[derive(Clone, Copy, Debug)]
pub struct SolveLimits {
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Node budget.
    pub max_nodes: u64,
}

impl SolveLimits {
    /// No limit at all.
    pub fn unlimited() -> SolveLimits {
        SolveLimits { deadline: None, max_nodes: u64::MAX }
    }
}

/// A proven result for the root position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Who wins with perfect play.
    pub winner: Color,
    /// Every first move that wins for the side to move (empty when it loses).
    pub winning_moves: Vec<Move>,
}

/// What a solve call produced.
#[derive(Clone, Debug)]
pub struct SolveOutcome {
    /// The proof, if it finished within the limits.
    pub result: Option<Solution>,
    /// Nodes visited.
    pub nodes: u64,
}

/// A reusable solver with its own table.
pub struct Solver {
    /// Each entry: position hash with the low bit replaced by "side to move wins".
    table: Vec<u64>,
    mask: usize,
    nodes: u64,
    limits: SolveLimits,
    stopped: bool,
    /// Per-depth move buffers: (opponent's reply count, move).
    bufs: Vec<Vec<(u32, Move)>>,
    scratch: Vec<Move>,
    /// Symmetry maps in use for the current root: positions equal up to one of them share
    /// one table entry.
    symmetry: Vec<Vec<u16>>,
    /// The board the table holds positions of, with all its symmetries.
    geometry: Option<(Geometry, Vec<Vec<u16>>)>,
    /// The fast path's table and board shape, when the board fits in 128 bits.
    fast: Option<(WideBoard, Table)>,
    /// Whether the fast path is never used (see [`Solver::general_only`]).
    general_only: bool,
}

impl Solver {
    /// The same solver without its fast path: every position is searched with the general
    /// rules ([`Position::legal_moves`]) and this solver's own table, sharing no search code
    /// with the `u128` prover. Slower; a second opinion on the prover's results.
    pub fn general_only(mut self) -> Solver {
        self.general_only = true;
        self.fast = None;
        self
    }

    /// A solver with `2^bits` table entries, or fewer if the memory left cannot hold them (see
    /// [`Solver::try_new`] for a size that must be had).
    pub fn new(bits: u32) -> Solver {
        let mut bits = bits.min(usize::BITS - 4);
        if let Some(free) = crate::memory::available() {
            while bits > 10 && (8u64 << bits) > free / 4 {
                bits -= 1;
            }
        }
        loop {
            match Solver::try_new(bits) {
                Some(s) => return s,
                None if bits > 4 => bits -= 1,
                None => panic!("no memory left for even a tiny solver table"),
            }
        }
    }

    /// A solver with `2^bits` table entries (8 bytes each), or `None` if the memory cannot be
    /// allocated.
    pub fn try_new(bits: u32) -> Option<Solver> {
        let len = 1usize.checked_shl(bits).filter(|l| l.checked_mul(8).is_some())?;
        Some(Solver {
            table: crate::memory::zeroed_words(len)?,
            mask: len - 1,
            nodes: 0,
            limits: SolveLimits::unlimited(),
            stopped: false,
            bufs: Vec::new(),
            scratch: Vec::new(),
            symmetry: Vec::new(),
            geometry: None,
            fast: None,
            general_only: false,
        })
    }

    /// Forgets every stored result.
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
        if let Some((_, t)) = &self.fast {
            t.clear();
        }
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<bool> {
        let e = self.table[(key >> 20) as usize & self.mask];
        (e != 0 && (e | 1) == (key | 1)).then_some(e & 1 == 1)
    }

    #[inline]
    fn store(&mut self, key: u64, win: bool) {
        self.table[(key >> 20) as usize & self.mask] = (key & !1) | win as u64;
    }

    fn ordered_moves(&self, p: &Position) -> Vec<(u32, Move, Position)> {
        let mut v: Vec<(u32, Move, Position)> = p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let c = p.after(m);
                (c.move_count(), m, c)
            })
            .collect();
        v.sort_by_key(|&(n, ..)| n);
        v
    }

    /// The hash of `p` under one cell map.
    fn mapped_hash(p: &Position, map: &[u16]) -> u64 {
        let mut h = if p.to_move() == Color::White { zobrist_side_key() } else { 0 };
        for color in [Color::Black, Color::White] {
            for i in p.stones(color).iter() {
                h ^= zobrist_key(color, map[i] as usize);
            }
        }
        h
    }

    /// The table key of `p`: the smallest hash over the symmetries in use. Any set of
    /// symmetries is sound (equal keys mean positions that are images of each other), so
    /// entries stay valid when the set changes between calls.
    fn key(&self, p: &Position) -> u64 {
        if self.symmetry.len() > 1 {
            self.symmetry.iter().map(|m| Self::mapped_hash(p, m)).min().unwrap_or(0)
        } else {
            p.hash()
        }
    }

    /// Uses the board symmetries that map `root` onto itself: those are the ones under which
    /// positions reachable from it are routinely images of each other (others only by rare
    /// accident). On an unsymmetric middle game that leaves the identity, and the plain hash
    /// is used, which is much cheaper than hashing eight images.
    fn prepare(&mut self, root: &Position) {
        let geo = *root.geometry();
        let all = match &self.geometry {
            Some((g, maps)) if *g == geo => maps.clone(),
            _ => {
                // Keys of another board size would collide with this one's.
                if self.geometry.is_some() {
                    self.clear();
                }
                let maps = geo.symmetries();
                self.geometry = Some((geo, maps.clone()));
                maps
            }
        };
        if !self.general_only && self.fast.as_ref().is_none_or(|(s, _)| Some(*s) != WideBoard::of(&geo)) {
            // As much memory as the general table.
            self.fast = WideBoard::of(&geo).map(|s| (s, Table::new(self.table.len() * 8)));
        }
        let here = root.hash();
        self.symmetry = all.into_iter().filter(|m| Self::mapped_hash(root, m) == here).collect();
    }

    /// Whether the side to move wins `p` (meaningless once `stopped`).
    fn wins(&mut self, p: &Position, cancel: &AtomicBool, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes & 4095 == 0
            && (cancel.load(Ordering::Relaxed)
                || self.nodes >= self.limits.max_nodes
                || self.limits.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        if self.stopped {
            return false;
        }
        if let Some((shape, table)) = &self.fast
            && p.opening_phase() == Phase::Jumping
        {
            let flags = [cancel];
            let stops = Stops {
                flags: &flags,
                deadline: self.limits.deadline,
                max_nodes: self.limits.max_nodes.saturating_sub(self.nodes),
                counter: None,
            };
            let mut prover = Prover::new(*shape, table, stops);
            let (own, enemy) = shape.sides(p);
            let result = prover.wins(own, enemy);
            // This position was counted above, and is the prover's first node too.
            self.nodes += prover.nodes().saturating_sub(1);
            return result.unwrap_or_else(|| {
                self.stopped = true;
                false
            });
        }
        let key = self.key(p);
        if let Some(w) = self.probe(key) {
            return w;
        }
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.bufs[depth]);
        moves.clear();
        let mut list = Vec::new();
        std::mem::swap(&mut list, &mut self.scratch);
        list.clear();
        p.legal_moves_into(&mut list);
        for &m in &list {
            let n = p.after(m).move_count();
            if n == 0 {
                moves.clear();
                moves.push((0, m));
                break;
            }
            moves.push((n, m));
        }
        self.scratch = list;
        moves.sort_unstable_by_key(|&(n, _)| n);
        let mut win = false;
        for &(replies, m) in &moves {
            if replies == 0 || !self.wins(&p.after(m), cancel, depth + 1) {
                win = true;
                break;
            }
            if self.stopped {
                break;
            }
        }
        self.bufs[depth] = moves;
        if self.stopped {
            return false;
        }
        self.store(key, win);
        win
    }

    /// Solves `p`, listing every winning first move.
    pub fn solve(&mut self, p: &Position, limits: SolveLimits, cancel: &AtomicBool) -> SolveOutcome {
        self.nodes = 0;
        self.limits = limits;
        self.stopped = false;
        self.prepare(p);
        let mut winning = Vec::new();
        for (replies, m, child) in self.ordered_moves(p) {
            let child_wins = replies > 0 && self.wins(&child, cancel, 0);
            if self.stopped {
                return SolveOutcome { result: None, nodes: self.nodes };
            }
            if !child_wins {
                winning.push(m);
            }
        }
        let me = p.to_move();
        let winner = if winning.is_empty() { me.opponent() } else { me };
        SolveOutcome { result: Some(Solution { winner, winning_moves: winning }), nodes: self.nodes }
    }

    /// Solves `p` but stops at the first winning move (faster than [`Solver::solve`]).
    pub fn solve_one(&mut self, p: &Position, limits: SolveLimits, cancel: &AtomicBool) -> SolveOutcome {
        self.nodes = 0;
        self.limits = limits;
        self.stopped = false;
        self.prepare(p);
        for (replies, m, child) in self.ordered_moves(p) {
            let child_wins = replies > 0 && self.wins(&child, cancel, 0);
            if self.stopped {
                return SolveOutcome { result: None, nodes: self.nodes };
            }
            if !child_wins {
                let s = Solution { winner: p.to_move(), winning_moves: vec![m] };
                return SolveOutcome { result: Some(s), nodes: self.nodes };
            }
        }
        let s = Solution { winner: p.to_move().opponent(), winning_moves: Vec::new() };
        SolveOutcome { result: Some(s), nodes: self.nodes }
    }
}
