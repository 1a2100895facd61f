//! Iterative-deepening principal-variation search with a transposition table, killer and
//! history move ordering, a wall-clock budget and cooperative cancellation.

use super::eval::{EvalKind, WIN, WIN_THRESHOLD, evaluate};
use super::solver::{SolveLimits, Solver};
use crate::rules::{Color, Coord, Move, Phase, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const INF: i32 = WIN + 1;
const MAX_PLY: usize = 256;

/// How long and how deep to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Deepest iteration (in plies).
    pub max_depth: u32,
    /// Wall-clock budget for the whole call.
    pub time: Option<Duration>,
    /// Nodes the whole call may visit: a budget that gives the same answer on any machine
    /// and at any load, as a clock cannot.
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// Depth-limited, no clock.
    pub fn depth(d: u32) -> SearchLimits {
        SearchLimits { max_depth: d, time: None, nodes: None }
    }

    /// Clock-limited, any depth.
    pub fn time(t: Duration) -> SearchLimits {
        SearchLimits { max_depth: MAX_PLY as u32 - 8, time: Some(t), nodes: None }
    }

    /// Node-limited, any depth, no clock: the same position gives the same answer every time.
    pub fn nodes(n: u64) -> SearchLimits {
        SearchLimits { max_depth: MAX_PLY as u32 - 8, time: None, nodes: Some(n) }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// Best move found (None only when the side to move has no move).
    pub best: Option<Move>,
    /// Score of `best` for the side to move (±`WIN` range means proven).
    pub score: i32,
    /// Deepest fully completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Principal variation from the transposition table.
    pub pv: Vec<Move>,
    /// Score of every root move at `depth` (only when requested).
    pub root_scores: Vec<(Move, i32)>,
    /// Time spent.
    pub elapsed: Duration,
    /// The winner, when the exact solver proved it (without a move count).
    pub solved: Option<crate::rules::Color>,
}

impl SearchReport {
    /// What is known about the outcome for the side to move.
    pub fn outlook(&self, side_to_move: crate::rules::Color) -> Outlook {
        if self.score > WIN_THRESHOLD {
            Outlook::Win { plies: Some((WIN - self.score) as u32) }
        } else if self.score < -WIN_THRESHOLD {
            Outlook::Loss { plies: Some((WIN + self.score) as u32) }
        } else if let Some(w) = self.solved {
            if w == side_to_move { Outlook::Win { plies: None } } else { Outlook::Loss { plies: None } }
        } else {
            Outlook::Score(self.score)
        }
    }
}

/// The outcome as far as the search knows it, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outlook {
    /// Heuristic score (positive is good for the side to move).
    Score(i32),
    /// Proven win, in that many plies when the search counted them.
    Win {
        /// Plies to the end with best play, if counted.
        plies: Option<u32>,
    },
    /// Proven loss.
    Loss {
        /// Plies to the end with best resistance, if counted.
        plies: Option<u32>,
    },
}

/// One slot of the search table, 16 bytes: the position's key with its lowest bits (which
/// the slot's index already holds) replaced by the depth and the bound, the best move and the
/// score. All zero is an empty slot (no bound).
#[derive(Clone, Copy, Default)]
struct TtEntry {
    tag: u64,
    mv: u32,
    score: i32,
}

/// The low bits of a tag: the depth (8 bits) and the bound (2 bits).
const TAG_LOW: u64 = 0x3FF;

impl TtEntry {
    fn new(key: u64, mv: u32, score: i32, depth: i32, bound: u8) -> TtEntry {
        TtEntry { tag: (key & !TAG_LOW) | ((depth.clamp(0, 255) as u64) << 2) | (bound as u64 & 3), mv, score }
    }

    /// Whether the slot holds a result for the position with this key.
    fn holds(&self, key: u64) -> bool {
        self.bound() != 0 && self.tag & !TAG_LOW == key & !TAG_LOW
    }

    fn depth(&self) -> i32 {
        ((self.tag >> 2) & 0xFF) as i32
    }

    fn bound(&self) -> u8 {
        (self.tag & 3) as u8
    }
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
const NO_MOVE: u32 = u32::MAX;

fn pack(m: Move) -> u32 {
    u32::from_le_bytes([m.from.row, m.from.col, m.to.row, m.to.col])
}

fn unpack(x: u32) -> Option<Move> {
    (x != NO_MOVE).then(|| {
        let b = x.to_le_bytes();
        Move::jump(Coord::new(b[0], b[1]), Coord::new(b[2], b[3]))
    })
}

fn history_index(m: Move) -> usize {
    let (dr, dc) = m.step();
    let dir = match (dr, dc) {
        (-1, _) => 0,
        (1, _) => 1,
        (_, -1) => 2,
        _ => 3,
    };
    ((m.from.row as usize * 20 + m.from.col as usize) * 4 + dir) * 10 + (m.hops() as usize).min(9)
}

/// Scores stored in the table are relative to the node, not the root.
fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply
    } else if score < -WIN_THRESHOLD {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply
    } else if score < -WIN_THRESHOLD {
        score + ply
    } else {
        score
    }
}

/// The most stones on the board for which the search tries its endgame solver first (every
/// position of boards up to 8×8).
const SOLVER_MAX_STONES: u32 = 64;

/// The endgame solver's table of a searcher made with [`Searcher::new`] (log2 entries, 8 bytes
/// each: 32 MiB).
pub const SOLVER_BITS: u32 = 22;

/// When iterative deepening under a clock stops: after each iteration, the next one is
/// predicted from how much longer this one took than the one before, and started only if it
/// is likely to finish. An unfinished iteration is mostly thrown away, so time not spent on
/// one is time saved. When the best move has just changed the search is less sure, and the
/// next iteration is started on a bolder prediction.
struct IterationClock {
    start: Instant,
    last_end: Duration,
    last_length: Duration,
}

impl IterationClock {
    fn new(start: Instant) -> IterationClock {
        IterationClock { start, last_end: start.elapsed(), last_length: Duration::ZERO }
    }

    /// Called after a completed iteration: whether the next fits in the budget `t`.
    fn next_fits(&mut self, t: Duration, best_changed: bool) -> bool {
        let end = self.start.elapsed();
        let length = end - self.last_end;
        let before = self.last_length;
        self.last_end = end;
        self.last_length = length;
        // Iterations of under a millisecond say little about the next one's growth.
        let growth = if before >= Duration::from_millis(1) {
            (length.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 8.0)
        } else {
            4.0
        };
        let boldness = if best_changed { 0.6 } else { 1.0 };
        end.as_secs_f64() + length.as_secs_f64() * growth * boldness <= t.as_secs_f64()
    }
}

/// A reusable searcher; keeps its transposition table between calls.
pub struct Searcher {
    tt: Vec<TtEntry>,
    tt_mask: usize,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    move_bufs: Vec<Vec<Move>>,
    order_buf: Vec<(i32, Move)>,
    nodes: u64,
    deadline: Option<Instant>,
    /// The node budget of the running call, if any.
    node_limit: Option<u64>,
    cancel: Arc<AtomicBool>,
    stopped: bool,
    eval: EvalKind,
    use_tt: bool,
    /// Endgame solver, used when the position is small enough.
    solver: Option<Solver>,
    /// Hashes of the positions that every reply to the last move the solver proved winning
    /// leads to. There a win is known to exist, so the solver gets as long as it needs (its
    /// proof is part of the last one, mostly still in its table) instead of a share of the
    /// clock: a proven win is never given away because the machine got busy.
    proven_replies: Vec<u64>,
}

impl Searcher {
    /// A searcher with `2^tt_bits` table entries (0 disables the table and move ordering,
    /// giving plain alpha-beta).
    pub fn new(eval: EvalKind, tt_bits: u32, with_solver: bool) -> Searcher {
        Searcher::with_tables(eval, tt_bits, with_solver.then_some(SOLVER_BITS))
    }

    /// A searcher with `2^tt_bits` table entries and, if `solver_bits` is given, an endgame
    /// solver with `2^solver_bits` entries (8 bytes each).
    pub fn with_tables(eval: EvalKind, tt_bits: u32, solver_bits: Option<u32>) -> Searcher {
        // The table is allocated fallibly: if the memory left cannot hold it, a smaller one.
        let mut bits = tt_bits.min(usize::BITS - 8);
        if let Some(free) = crate::memory::available() {
            while bits > 10 && ((std::mem::size_of::<TtEntry>() as u64) << bits) > free / 4 {
                bits -= 1;
            }
        }
        let tt = loop {
            let size = if tt_bits == 0 { 1 } else { 1usize << bits };
            // SAFETY: a TtEntry is integers only; all zero is its default (an empty slot).
            match unsafe { crate::memory::zeroed_table::<TtEntry>(size) } {
                Some(tt) => break tt,
                None if bits > 0 => bits -= 1,
                None => panic!("no memory left for a one-entry search table"),
            }
        };
        Searcher {
            tt_mask: tt.len() - 1,
            tt,
            killers: vec![[NO_MOVE; 2]; MAX_PLY],
            history: vec![0; 400 * 4 * 10],
            move_bufs: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            order_buf: Vec::with_capacity(64),
            nodes: 0,
            deadline: None,
            node_limit: None,
            cancel: Arc::new(AtomicBool::new(false)),
            stopped: false,
            eval,
            use_tt: tt_bits > 0,
            solver: solver_bits.map(Solver::new),
            proven_replies: Vec::new(),
        }
    }

    /// Clears learned tables (a new game).
    pub fn clear(&mut self) {
        // A fresh zeroed table (its pages cost nothing until written) rather than writing
        // every entry of the old one.
        // SAFETY: a TtEntry is integers only; all zero is its default (an empty slot).
        match unsafe { crate::memory::zeroed_table::<TtEntry>(self.tt.len()) } {
            Some(fresh) => self.tt = fresh,
            None => self.tt.iter_mut().for_each(|e| *e = TtEntry::default()),
        }
        self.history.iter_mut().for_each(|h| *h = 0);
        self.proven_replies.clear();
        if let Some(s) = &mut self.solver {
            s.clear();
        }
    }

    #[inline]
    fn check_clock(&mut self) {
        if self.nodes & 1023 == 0
            && (self.cancel.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.node_limit.is_some_and(|n| self.nodes >= n))
        {
            self.stopped = true;
        }
    }

    fn order(&mut self, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        if !self.use_tt {
            return;
        }
        let killers = self.killers[ply];
        // Keys computed once into a reused buffer, then a stable sort (no allocation).
        let mut keyed = std::mem::take(&mut self.order_buf);
        keyed.clear();
        keyed.extend(moves.iter().map(|&m| {
            let key = if Some(m) == tt_move {
                1 << 30
            } else if pack(m) == killers[0] {
                1 << 29
            } else if pack(m) == killers[1] {
                1 << 28
            } else {
                self.history[history_index(m)] + m.hops() as i32
            };
            (-key, m)
        }));
        keyed.sort_by_key(|&(k, _)| k);
        for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
            *slot = m;
        }
        self.order_buf = keyed;
    }

    fn negamax(&mut self, p: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        self.check_clock();
        if self.stopped {
            return 0;
        }
        let iply = ply as i32;
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return evaluate(p, self.eval, iply);
        }
        let key = p.hash();
        let slot = (key as usize) & self.tt_mask;
        let mut tt_move = None;
        if self.use_tt {
            let e = self.tt[slot];
            if e.holds(key) {
                tt_move = unpack(e.mv);
                if e.depth() >= depth {
                    let s = from_tt(e.score, iply);
                    match e.bound() {
                        EXACT => return s,
                        LOWER if s >= beta => return s,
                        UPPER if s <= alpha => return s,
                        _ => {}
                    }
                }
            }
        }
        let mut moves = std::mem::take(&mut self.move_bufs[ply]);
        moves.clear();
        p.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.move_bufs[ply] = moves;
            return -WIN + iply;
        }
        self.order(&mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let child = p.after(m);
            let score = if i == 0 || !self.use_tt {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if self.use_tt {
                    let k = &mut self.killers[ply];
                    if k[0] != pack(m) {
                        k[1] = k[0];
                        k[0] = pack(m);
                    }
                    let h = &mut self.history[history_index(m)];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        self.move_bufs[ply] = moves;
        if self.stopped {
            return 0;
        }
        if self.use_tt {
            let bound = if best <= alpha0 {
                UPPER
            } else if best >= beta {
                LOWER
            } else {
                EXACT
            };
            let e = &mut self.tt[slot];
            if !e.holds(key) || depth >= e.depth() || bound == EXACT {
                *e = TtEntry::new(key, pack(best_move), to_tt(best, iply), depth, bound);
            }
        }
        best
    }

    fn principal_variation(&self, p: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = p.after(first);
        while pv.len() < 32 && self.use_tt {
            let e = self.tt[(pos.hash() as usize) & self.tt_mask];
            match unpack(e.mv).filter(|&m| e.holds(pos.hash()) && pos.is_legal(m)) {
                Some(m) => {
                    pv.push(m);
                    pos = pos.after(m);
                }
                None => break,
            }
        }
        pv
    }

    /// Searches `p` within `limits`. `cancel` stops it promptly from another thread.
    /// With `all_scores`, every root move gets an exact score (slower; for weaker levels
    /// that choose among good moves).
    pub fn search(
        &mut self,
        p: &Position,
        limits: SearchLimits,
        cancel: Arc<AtomicBool>,
        all_scores: bool,
    ) -> SearchReport {
        let start = Instant::now();
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        self.cancel = cancel;
        self.stopped = false;
        self.nodes = 0;
        let mut report = SearchReport {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            root_scores: Vec::new(),
            elapsed: Duration::ZERO,
            solved: None,
        };
        let mut root = p.legal_moves();
        if root.is_empty() {
            report.score = -WIN;
            return report;
        }
        report.best = Some(root[0]);
        // A forced move needs no deep thought, only enough to report the outlook.
        let max_depth = if root.len() == 1 { limits.max_depth.min(6) } else { limits.max_depth };
        // Try to prove the game in the remaining budget's first third when it is small, and
        // without a clock where the last proof says the side to move wins.
        let known_won = p.opening_phase() == Phase::Jumping && self.proven_replies.contains(&p.hash());
        self.proven_replies.clear();
        if let Some(mut solver) = self.solver.take() {
            // Few moves, and few stones: on a big board the first jumps are few too, but a
            // proof of a board that full is out of reach (and would only fill the table).
            let stones = p.count(Color::Black) + p.count(Color::White);
            let small = p.opening_phase() == Phase::Jumping
                && p.move_count() + p.jump_count(p.to_move().opponent()) <= 40
                && stones <= SOLVER_MAX_STONES;
            if small || known_won {
                let budget = if known_won { None } else { limits.time.map(|t| t / 3) };
                let max_nodes = match (limits.nodes, budget.is_some() || known_won) {
                    // Under a node budget the proof may take a third of it.
                    (Some(n), false) => (n / 3).max(1),
                    (_, true) => u64::MAX,
                    (None, false) => 5_000_000,
                };
                let lim = SolveLimits { deadline: budget.map(|b| start + b), max_nodes };
                let out = solver.solve_one(p, lim, &self.cancel);
                self.nodes += out.nodes;
                self.solver = Some(solver);
                if let Some(res) = out.result {
                    report.solved = Some(res.winner);
                    report.nodes = self.nodes;
                    report.elapsed = start.elapsed();
                    if let Some(&m) = res.winning_moves.first() {
                        let next = p.after(m);
                        self.proven_replies = next.legal_moves().into_iter().map(|r| next.after(r).hash()).collect();
                        report.best = Some(m);
                        report.score = WIN_THRESHOLD / 2;
                        report.pv = vec![m];
                        report.root_scores = vec![(m, report.score)];
                        return report;
                    }
                    // Proven lost: fall through and search for the longest resistance.
                }
            } else {
                self.solver = Some(solver);
            }
        }
        let mut scores: Vec<(Move, i32)> = Vec::new();
        let mut clock = IterationClock::new(start);
        for depth in 1..=max_depth.max(1) as i32 {
            let tt_move = if self.use_tt {
                let e = self.tt[(p.hash() as usize) & self.tt_mask];
                unpack(e.mv).filter(|_| e.holds(p.hash()))
            } else {
                None
            };
            if let Some(b) = report.best {
                // Search the previous best first.
                if let Some(i) = root.iter().position(|&m| m == b) {
                    root[..=i].rotate_right(1);
                }
            } else if let Some(t) = tt_move
                && let Some(i) = root.iter().position(|&m| m == t)
            {
                root[..=i].rotate_right(1);
            }
            let mut alpha = -INF;
            let mut best = None;
            let mut best_score = -INF;
            let mut this_scores = Vec::with_capacity(root.len());
            for (i, &m) in root.iter().enumerate() {
                let child = p.after(m);
                self.nodes += 1;
                let s = if all_scores || i == 0 || !self.use_tt {
                    -self.negamax(&child, depth - 1, -INF, if all_scores { INF } else { -alpha }, 1)
                } else {
                    let s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                    if s > alpha && !self.stopped { -self.negamax(&child, depth - 1, -INF, -alpha, 1) } else { s }
                };
                if self.stopped {
                    break;
                }
                this_scores.push((m, s));
                if s > best_score {
                    best_score = s;
                    best = Some(m);
                }
                alpha = alpha.max(s);
            }
            let complete = !self.stopped;
            let changed = complete && depth > 1 && best != report.best;
            // A partly searched iteration still improves the choice if its first (previous
            // best) move was searched and something beat it.
            if let Some(b) = best
                && (complete || (this_scores.len() > 1 && b != root[0]))
            {
                report.best = Some(b);
                report.score = best_score;
            }
            if complete {
                report.depth = depth as u32;
                scores = this_scores;
                if self.use_tt {
                    let slot = (p.hash() as usize) & self.tt_mask;
                    self.tt[slot] = TtEntry::new(p.hash(), pack(best.unwrap()), best_score, depth, EXACT);
                }
            } else {
                break;
            }
            if best_score.abs() > WIN_THRESHOLD && !all_scores {
                break; // proven
            }
            if let Some(t) = limits.time
                && !clock.next_fits(t, changed)
            {
                break; // the next iteration would not finish
            }
        }
        report.nodes = self.nodes;
        report.root_scores = scores;
        if let Some(b) = report.best {
            report.pv = self.principal_variation(p, b);
        }
        report.elapsed = start.elapsed();
        report
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    #[test]
    fn a_table_slot_is_16_bytes_and_gives_back_what_it_was_given() {
        assert_eq!(std::mem::size_of::<TtEntry>(), 16);
        let key = 0xDEAD_BEEF_1234_5678u64;
        let e = TtEntry::new(key, 77, -1234, 200, LOWER);
        assert!(e.holds(key) && e.holds(key ^ 0x3FF), "the low bits are the slot's");
        assert!(!e.holds(key ^ (1 << 40)));
        assert_eq!((e.mv, e.score, e.depth(), e.bound()), (77, -1234, 200, LOWER));
        assert!(!TtEntry::default().holds(0), "an empty slot holds nothing");
    }
}
