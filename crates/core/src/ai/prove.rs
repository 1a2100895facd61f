//! Long proofs: the game tree's first plies are laid out as a plan (positions equal up to a
//! board symmetry share one node), its open leaves are proven by worker threads with the
//! `u128` [`Prover`] over one shared table, and the results are combined back up the plan.
//!
//! Leaves are handed out in the order a single search would visit them; a leaf whose answer
//! no longer matters (a sibling already decided its parent) is cancelled. Every finished leaf
//! is reported by its key, so a caller can keep them and resume later by passing them back as
//! `known`. [`verify`] checks a result independently of the prover: it plays the winner's
//! strategy against every defence with the general rules.

use super::bitsolve::{Prover, Stops, Table};
use super::solver::Solution;
use crate::rules::WideBoard;
use crate::rules::position::{zobrist_key, zobrist_side_key};
use crate::rules::{Color, Move, Phase, Position};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, mpsc};
use std::time::Instant;

/// How to run a proof.
#[derive(Clone, Debug)]
pub struct ProveOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Size of the shared table in bytes.
    pub table_bytes: usize,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// The plan grows ply by ply until it has at least this many open leaves. The plan and
    /// the leaves' keys depend only on the position and this number, so a checkpoint can be
    /// resumed with any number of threads.
    pub leaves: usize,
    /// Stop as soon as the winner is known (one winning first move found, or every first move
    /// refuted), instead of deciding every first move.
    pub winner_only: bool,
}

impl Default for ProveOptions {
    fn default() -> ProveOptions {
        ProveOptions { threads: 1, table_bytes: 256 << 20, deadline: None, leaves: 256, winner_only: false }
    }
}

/// Live counts for progress reports, updated by the workers.
#[derive(Default, Debug)]
pub struct ProveStatus {
    /// Nodes searched in this run.
    pub nodes: AtomicU64,
    /// Open leaves in the plan.
    pub leaves: AtomicUsize,
    /// Leaves proven (in this run or taken from `known`).
    pub proven: AtomicUsize,
    /// Leaves no longer needed, because the plan above them is decided.
    pub settled: AtomicUsize,
}

/// One leaf proven: its key (the smallest Zobrist hash over the board's symmetries), whether
/// its side to move wins, and the nodes it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeafResult {
    /// The leaf's key.
    pub key: u64,
    /// Whether the side to move at the leaf wins.
    pub win: bool,
    /// Nodes searched for it.
    pub nodes: u64,
}

/// What a proof produced.
#[derive(Clone, Debug)]
pub struct ProveOutcome {
    /// The result, if the proof finished: every first move decided, or with
    /// [`ProveOptions::winner_only`] the winner known (then `winning_moves` holds the winning
    /// first moves proven so far).
    pub result: Option<Solution>,
    /// The winner, if known, even when the proof did not finish.
    pub winner: Option<Color>,
    /// Every first move and whether it wins for the side to move (`None`: not decided yet).
    pub first_moves: Vec<(Move, Option<bool>)>,
    /// For every decided first move, the leaves its proof rests on: each a position and
    /// whether its side to move wins. Proving them again (one by one, by any means) checks the
    /// result without the plan's bookkeeping or the shared table.
    pub proof_leaves: Vec<(Move, Vec<(Position, bool)>)>,
    /// Nodes searched in this run.
    pub nodes: u64,
    /// Open leaves of the plan, and how many were proven in this run, taken from `known`, or
    /// left unproven because they no longer mattered.
    pub leaves: usize,
    /// Leaves proven in this run.
    pub proven: usize,
    /// Leaves whose result came from `known`.
    pub reused: usize,
    /// Plies the plan spans.
    pub depth: usize,
}

/// Why a proof cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProveError {
    /// The board does not fit in 128 bits.
    TooLarge,
    /// The shared table of this many bytes could not be allocated.
    NoMemory(usize),
}

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProveError::TooLarge => write!(f, "the board does not fit in 128 bits"),
            ProveError::NoMemory(bytes) => {
                write!(f, "cannot allocate {} MiB for the prover's table", bytes.div_ceil(1 << 20))
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
}

struct Node {
    pos: Position,
    key: u64,
    children: Vec<(Move, usize)>,
    leaf: bool,
    state: State,
    stones: u32,
    /// Workers are proving this leaf: their shared cancel flag.
    running: Option<Arc<AtomicBool>>,
    /// How many workers are on it (the first, and helpers with another move order).
    workers: u32,
}

/// The number of cells of `p`'s board.
fn cells(p: &Position) -> u32 {
    p.geometry().rows() as u32 * p.geometry().cols() as u32
}

/// The smallest hash of `p` over the board's symmetries.
fn canonical(p: &Position, maps: &[Vec<u16>]) -> u64 {
    maps.iter()
        .map(|map| {
            let mut h = if p.to_move() == Color::White { zobrist_side_key() } else { 0 };
            for color in [Color::Black, Color::White] {
                for i in p.stones(color).iter() {
                    h ^= zobrist_key(color, map[i] as usize);
                }
            }
            h
        })
        .min()
        .unwrap_or(0)
}

struct Plan {
    nodes: Vec<Node>,
    /// Whether the proof ends once the root is decided, rather than every first move.
    winner_only: bool,
    /// Node indices, fewest stones first (children before parents).
    order: Vec<usize>,
    depth: usize,
}

/// Ordering key of a move for the side to move at `p`: as the prover's (fewest replies first,
/// then most own moves left). Black's removals are the exception: the one leaving White the
/// most removals (a centre before a corner) comes first. The centre opens the board, so its
/// jumping games are shorter and its proofs smaller: on 7×7 d4's proof took 578 M nodes and
/// the corners' about 4 G, so `--winner-only` settles 7×7 through d4 about 7× sooner.
fn order_key(child: &Position) -> u32 {
    let replies = child.move_count();
    if child.opening_phase() == Phase::WhiteRemoves {
        return 64 - replies.min(64);
    }
    let own = if child.opening_phase() == Phase::Jumping { child.jump_count(child.to_move().opponent()) } else { 0 };
    replies * 64 + 63 - own.min(63)
}

impl Plan {
    fn build(root: &Position, target: usize, known: &HashMap<u64, bool>, winner_only: bool) -> Plan {
        let maps = root.geometry().symmetries();
        let mut nodes = Vec::new();
        let mut index = HashMap::new();
        let stones = |p: &Position| p.count(Color::Black) + p.count(Color::White);
        let key = canonical(root, &maps);
        index.insert(key, 0);
        nodes.push(Node {
            pos: *root,
            key,
            children: Vec::new(),
            leaf: true,
            state: State::Open,
            stones: stones(root),
            running: None,
            workers: 0,
        });
        let mut frontier = vec![0usize];
        let mut depth = 0;
        loop {
            // Terminal positions are lost for the side to move.
            frontier.retain(|&n| {
                let lost = nodes[n].pos.move_count() == 0;
                if lost {
                    nodes[n].state = State::Loss;
                }
                !lost
            });
            let opening = frontier.iter().any(|&n| nodes[n].pos.opening_phase() != Phase::Jumping);
            // The root is always expanded: the first moves are what the proof reports (which
            // win, and the leaves each rests on), so they must be nodes of the plan.
            if frontier.is_empty() || (depth > 0 && !opening && (frontier.len() >= target || depth >= 24)) {
                break;
            }
            let mut next = Vec::new();
            for &n in &frontier {
                let pos = nodes[n].pos;
                let mut kids: Vec<(u32, Move, Position)> =
                    pos.legal_moves().into_iter().map(|m| (0, m, pos.after(m))).collect();
                for k in kids.iter_mut() {
                    k.0 = order_key(&k.2);
                }
                kids.sort_by_key(|k| k.0);
                let mut children = Vec::with_capacity(kids.len());
                for (_, m, child) in kids {
                    let key = canonical(&child, &maps);
                    let id = *index.entry(key).or_insert_with(|| {
                        nodes.push(Node {
                            pos: child,
                            key,
                            children: Vec::new(),
                            leaf: true,
                            state: State::Open,
                            stones: stones(&child),
                            running: None,
                            workers: 0,
                        });
                        next.push(nodes.len() - 1);
                        nodes.len() - 1
                    });
                    children.push((m, id));
                }
                nodes[n].children = children;
                nodes[n].leaf = false;
            }
            frontier = next;
            depth += 1;
        }
        for n in nodes.iter_mut() {
            if n.leaf
                && n.state == State::Open
                && let Some(&win) = known.get(&n.key)
            {
                n.state = if win { State::Win } else { State::Loss };
            }
        }
        let mut order: Vec<usize> = (0..nodes.len()).collect();
        order.sort_by_key(|&n| nodes[n].stones);
        let mut plan = Plan { nodes, winner_only, order, depth };
        plan.evaluate();
        plan
    }

    /// Recomputes every inner node from its children.
    fn evaluate(&mut self) {
        for i in 0..self.order.len() {
            let n = self.order[i];
            if self.nodes[n].leaf {
                continue;
            }
            let mut state = State::Loss;
            for &(_, c) in &self.nodes[n].children {
                match self.nodes[c].state {
                    State::Loss => {
                        state = State::Win;
                        break;
                    }
                    State::Open => state = State::Open,
                    State::Win => {}
                }
            }
            self.nodes[n].state = state;
        }
    }

    /// Whether the proof is finished: every first move is decided (the root, if only the winner
    /// is asked).
    fn finished(&self) -> bool {
        let root = &self.nodes[0];
        if root.leaf || self.winner_only {
            root.state != State::Open
        } else {
            root.children.iter().all(|&(_, c)| self.nodes[c].state != State::Open)
        }
    }

    /// The open leaves that still matter, in the order a single search would visit them, each
    /// with whether it is *safe*: every elder brother of it and of its ancestors is decided
    /// (the eldest move is usually the best, so a younger one's leaves are often not needed
    /// once it is known: proving them early is speculation). The root's every first move
    /// matters (all winning first moves are listed) and counts as safe, unless only the winner
    /// is asked.
    fn needed(&self) -> Vec<(usize, bool)> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = vec![(0usize, true)];
        while let Some((n, safe)) = stack.pop() {
            let node = &self.nodes[n];
            let all_first_moves = n == 0 && !self.winner_only;
            if !seen.insert(n) || (!all_first_moves && node.state != State::Open) {
                continue;
            }
            if node.leaf {
                if node.state == State::Open {
                    out.push((n, safe));
                }
                continue;
            }
            let mut elders_done = true;
            let mut kids = Vec::with_capacity(node.children.len());
            for &(_, c) in &node.children {
                kids.push((c, safe && (all_first_moves || elders_done)));
                elders_done &= self.nodes[c].state != State::Open;
            }
            stack.extend(kids.into_iter().rev());
        }
        out
    }

    /// The leaf a free worker should take, and the move-order variant to prove it with: a safe
    /// leaf nobody proves; else a leaf others prove, helped with another move order; else any
    /// needed leaf nobody proves.
    fn pick(&self, threads: u32) -> Option<(usize, u32)> {
        let needed = self.needed();
        let free = |n: usize| self.nodes[n].running.is_none();
        needed
            .iter()
            .find(|&&(n, safe)| safe && free(n))
            .map(|&(n, _)| (n, 0))
            .or_else(|| {
                needed
                    .iter()
                    .find(|&&(n, _)| !free(n) && self.nodes[n].workers < threads)
                    .map(|&(n, _)| (n, self.nodes[n].workers))
            })
            .or_else(|| needed.iter().find(|&&(n, _)| free(n)).map(|&(n, _)| (n, 0)))
    }

    /// The winner, if the root is decided.
    fn winner(&self) -> Option<Color> {
        let me = self.nodes[0].pos.to_move();
        match self.nodes[0].state {
            State::Open => None,
            State::Win => Some(me),
            State::Loss => Some(me.opponent()),
        }
    }

    /// The root's children in the rules' move order (the plan tries them in its own order),
    /// so that what a proof reports does not depend on that order.
    fn root_children(&self) -> Vec<(Move, usize)> {
        let mut kids = self.nodes[0].children.clone();
        let legal = self.nodes[0].pos.legal_moves();
        kids.sort_by_key(|&(m, _)| legal.iter().position(|&l| l == m));
        kids
    }

    /// Every first move and whether it wins, if decided.
    fn first_moves(&self) -> Vec<(Move, Option<bool>)> {
        self.root_children()
            .into_iter()
            .map(|(m, c)| {
                (
                    m,
                    match self.nodes[c].state {
                        State::Open => None,
                        State::Win => Some(false),
                        State::Loss => Some(true),
                    },
                )
            })
            .collect()
    }

    /// The leaves under node `n`'s proof: at a won node one losing child (the first in the
    /// plan's order), at a lost node every child. Empty if `n` is undecided.
    fn proof_leaves(&self, n: usize) -> Vec<(Position, bool)> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut stack = vec![n];
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n];
            if !seen.insert(n) {
                continue;
            }
            match node.state {
                State::Open => return Vec::new(),
                _ if node.leaf => out.push((node.pos, node.state == State::Win)),
                State::Win => {
                    stack.extend(node.children.iter().map(|&(_, c)| c).find(|&c| self.nodes[c].state == State::Loss))
                }
                State::Loss => stack.extend(node.children.iter().rev().map(|&(_, c)| c)),
            }
        }
        out
    }

    fn solution(&self) -> Solution {
        let root = &self.nodes[0];
        let winning: Vec<Move> = self
            .root_children()
            .into_iter()
            .filter(|&(_, c)| self.nodes[c].state == State::Loss)
            .map(|(m, _)| m)
            .collect();
        let me = root.pos.to_move();
        let winner = self.winner().unwrap_or(if winning.is_empty() { me.opponent() } else { me });
        Solution { winner, winning_moves: winning }
    }
}

/// A table larger than a proof can fill only costs: its pages are touched at random, and
/// each first touch is a page fault. Proofs grow about twofold per stone (5×6: 0.3 M nodes,
/// 6×6: 6 M, 6×7: 260 M), so the table is capped at 16 bytes × 2^(⅔ × stones): 230 MiB for
/// the 36 stones of 6×6, 1.5 MiB for 5×5, 3.5 GiB for 42 stones.
pub fn useful_table_bytes(p: &Position) -> usize {
    let stones = p.count(Color::Black) + p.count(Color::White);
    let log = (stones as f64 * 2.0 / 3.0 + 4.0).min(usize::BITS as f64 - 2.0);
    2f64.powf(log).max(1.0 * (1 << 20) as f64) as usize
}

/// Whether [`prove`] can take a position of this board (it fits in 128 bits).
pub fn fits(p: &Position) -> bool {
    WideBoard::of(p.geometry()).is_some()
}

/// Proves again, one by one, the leaves with these `keys` of the plan [`prove`] builds for
/// `root` (with the same `leaves`, `winner_only` and `known`), each within `max_nodes`: for
/// checking a checkpoint's results before trusting it. Each key's result is `None` when its
/// proof did not finish within the budget or the key is no leaf of the plan.
pub fn reprove_leaves(
    root: &Position,
    opts: &ProveOptions,
    known: &HashMap<u64, bool>,
    keys: &[u64],
    max_nodes: u64,
    stop: &AtomicBool,
) -> Result<Vec<(u64, Option<bool>)>, ProveError> {
    let shape = WideBoard::of(root.geometry()).ok_or(ProveError::TooLarge)?;
    let plan = Plan::build(root, opts.leaves.max(1), known, opts.winner_only);
    let table_bytes = opts.table_bytes.min(useful_table_bytes(root));
    let table = Table::try_for_board(table_bytes, cells(root)).ok_or(ProveError::NoMemory(table_bytes))?;
    let flags = [stop];
    Ok(keys
        .iter()
        .map(|&key| {
            let node = plan.nodes.iter().find(|n| n.leaf && n.key == key);
            let result = node.and_then(|node| {
                let stops = Stops { flags: &flags, deadline: opts.deadline, max_nodes, counter: None };
                let (own, enemy) = shape.sides(&node.pos);
                Prover::new(shape, &table, stops).wins(own, enemy)
            });
            (key, result)
        })
        .collect())
}

/// Proves `root` with `opts.threads` workers. `known` holds leaf results from an earlier run
/// (a checkpoint); `on_leaf` is called on this thread for each leaf proven in this run.
/// `stop` stops the proof early (the outcome then has no result).
pub fn prove(
    root: &Position,
    opts: &ProveOptions,
    known: &HashMap<u64, bool>,
    stop: &AtomicBool,
    status: &ProveStatus,
    mut on_leaf: impl FnMut(LeafResult),
) -> Result<ProveOutcome, ProveError> {
    let shape = WideBoard::of(root.geometry()).ok_or(ProveError::TooLarge)?;
    let plan = Plan::build(root, opts.leaves.max(1), known, opts.winner_only);
    let leaves: Vec<usize> =
        (0..plan.nodes.len()).filter(|&n| plan.nodes[n].leaf && plan.nodes[n].pos.move_count() > 0).collect();
    let reused = leaves.iter().filter(|&&n| known.contains_key(&plan.nodes[n].key)).count();
    status.leaves.store(leaves.len(), Ordering::Relaxed);
    // The plan's own positions count as searched nodes.
    status.nodes.fetch_add(plan.nodes.len() as u64, Ordering::Relaxed);
    status.proven.store(reused, Ordering::Relaxed);
    let depth = plan.depth;
    let leaf_count = leaves.len();
    let table_bytes = opts.table_bytes.min(useful_table_bytes(root));
    let table = Table::try_for_board(table_bytes, cells(root)).ok_or(ProveError::NoMemory(table_bytes))?;
    let shared = Mutex::new(plan);
    let wake = Condvar::new();
    let (tx, rx) = mpsc::channel::<LeafResult>();
    let proven = AtomicUsize::new(0);
    let worker = |tx: mpsc::Sender<LeafResult>| {
        loop {
            let (n, pos, cancel, variant) = {
                let mut plan = shared.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    if stop.load(Ordering::Relaxed)
                        || plan.finished()
                        || opts.deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        wake.notify_all();
                        return;
                    }
                    if let Some((n, variant)) = plan.pick(opts.threads.max(1) as u32) {
                        let node = &mut plan.nodes[n];
                        let cancel = node.running.get_or_insert_with(|| Arc::new(AtomicBool::new(false))).clone();
                        node.workers += 1;
                        break (n, node.pos, cancel, variant);
                    }
                    if plan.nodes.iter().all(|n| n.running.is_none()) {
                        // Nothing to do and nobody working: the plan cannot finish.
                        wake.notify_all();
                        return;
                    }
                    plan = wake
                        .wait_timeout(plan, std::time::Duration::from_millis(200))
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            };
            let flags = [stop, &*cancel];
            let stops =
                Stops { flags: &flags, deadline: opts.deadline, max_nodes: u64::MAX, counter: Some(&status.nodes) };
            let mut prover = Prover::new(shape, &table, stops).with_variant(variant);
            let (own, enemy) = shape.sides(&pos);
            let result = prover.wins(own, enemy);
            let mut plan = shared.lock().unwrap_or_else(|e| e.into_inner());
            let node = &mut plan.nodes[n];
            node.workers -= 1;
            if node.workers == 0 {
                node.running = None;
            }
            if result.is_some() && node.state != State::Open {
                // A helper (or the first) got there first: nothing new.
            } else if let Some(win) = result {
                // The others on this leaf can stop.
                cancel.store(true, Ordering::Relaxed);
                plan.nodes[n].state = if win { State::Win } else { State::Loss };
                plan.evaluate();
                proven.fetch_add(1, Ordering::Relaxed);
                status.proven.fetch_add(1, Ordering::Relaxed);
                let needed: HashSet<usize> = plan.needed().into_iter().map(|(n, _)| n).collect();
                for (i, node) in plan.nodes.iter().enumerate() {
                    if let Some(flag) = &node.running
                        && !needed.contains(&i)
                    {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
                let open = needed.len();
                let done = status.proven.load(Ordering::Relaxed);
                status.settled.store(leaf_count.saturating_sub(open + done), Ordering::Relaxed);
                let _ = tx.send(LeafResult { key: plan.nodes[n].key, win, nodes: prover.nodes() });
            }
            wake.notify_all();
        }
    };
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..opts.threads.max(1) {
            let (tx, worker) = (tx.clone(), &worker);
            // Fewer threads than asked if the system has no more (each needs its stack).
            if std::thread::Builder::new().spawn_scoped(scope, move || worker(tx)).is_err() {
                break;
            }
            started += 1;
        }
        if started == 0 {
            worker(tx.clone());
        }
        drop(tx);
        for leaf in rx {
            on_leaf(leaf);
        }
    });
    let plan = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(ProveOutcome {
        result: plan.finished().then(|| plan.solution()),
        winner: plan.winner(),
        first_moves: plan.first_moves(),
        proof_leaves: plan.nodes[0]
            .children
            .iter()
            .filter(|&&(_, c)| plan.nodes[c].state != State::Open)
            .map(|&(m, c)| (m, plan.proof_leaves(c)))
            .collect(),
        nodes: status.nodes.load(Ordering::Relaxed),
        leaves: leaves.len(),
        proven: proven.load(Ordering::Relaxed),
        reused,
        depth,
    })
}

/// An exact oracle for [`verify`]: the prover for jumping positions, a plain search over the
/// opening's removals.
struct Oracle {
    shape: WideBoard,
    table: Table,
    /// The board's symmetries: the strategy is kept once per position up to symmetry.
    maps: Vec<Vec<u16>>,
}

/// A position up to symmetry, exactly: the smallest image of (Black's stones, White's stones)
/// over the board's symmetries, with the side to move.
type Canon = (u128, u128, Color);

impl Oracle {
    fn canon(&self, p: &Position) -> Canon {
        let wide = |b: crate::rules::bits::Bits| b.0[0] as u128 | (b.0[1] as u128) << 64;
        let (black, white) = (wide(p.stones(Color::Black)), wide(p.stones(Color::White)));
        let image = |set: u128, map: &[u16]| {
            let mut out = 0u128;
            let mut rest = set;
            while rest != 0 {
                out |= 1u128 << map[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            out
        };
        let best = self.maps.iter().map(|m| (image(black, m), image(white, m))).min().unwrap_or((black, white));
        (best.0, best.1, p.to_move())
    }
}

impl Oracle {
    fn wins(&self, p: &Position) -> bool {
        if p.opening_phase() == Phase::Jumping {
            let mut prover = Prover::new(
                self.shape,
                &self.table,
                Stops { flags: &[], deadline: None, max_nodes: u64::MAX, counter: None },
            );
            let (own, enemy) = self.shape.sides(p);
            prover.wins(own, enemy).unwrap_or(false)
        } else {
            p.legal_moves().into_iter().any(|m| !self.wins(&p.after(m)))
        }
    }
}

/// Most positions `verify` replays (kept up to symmetry, about 60 bytes each) before it gives up.
pub const MAX_STRATEGY_POSITIONS: usize = 20_000_000;

/// Checks a result by play: from every position where `winner` moves, one move the oracle
/// calls winning is played; from every position where the other side moves, *every* move is
/// tried; each line must end with the other side unable to move. Moves come from the general
/// rules, not the prover, so a wrong proof shows up as a position with no winning move.
/// Returns the number of distinct positions in the strategy, or where it failed.
pub fn verify(root: &Position, solution: &Solution, table_bytes: usize, stop: &AtomicBool) -> Result<usize, String> {
    let shape = WideBoard::of(root.geometry()).ok_or("the board does not fit the fast prover (at most 128 bits)")?;
    let table_bytes = table_bytes.min(useful_table_bytes(root));
    let table = Table::try_for_board(table_bytes, cells(root))
        .ok_or_else(|| format!("cannot allocate {} MiB for the check's table", table_bytes.div_ceil(1 << 20)))?;
    let oracle = Oracle { shape, table, maps: root.geometry().symmetries() };
    let mut seen = HashSet::new();
    let me = root.to_move();
    let moves = root.legal_moves();
    // Every first move: the listed ones must win for the side to move, the others lose.
    for m in moves {
        let winner = if solution.winning_moves.contains(&m) { me } else { me.opponent() };
        strategy(&root.after(m), winner, &oracle, &mut seen, stop)
            .map_err(|e| format!("after {}: {e}", root.geometry().move_name(m)))?;
    }
    if root.move_count() == 0 && solution.winner == me {
        return Err("the side to move has no move but is named the winner".into());
    }
    Ok(seen.len())
}

fn strategy(
    p: &Position,
    winner: Color,
    oracle: &Oracle,
    seen: &mut HashSet<(Canon, Color)>,
    stop: &AtomicBool,
) -> Result<(), String> {
    let key = (oracle.canon(p), winner);
    if seen.contains(&key) {
        return Ok(());
    }
    if stop.load(Ordering::Relaxed) {
        return Err("stopped".into());
    }
    if seen.len() >= MAX_STRATEGY_POSITIONS {
        return Err(format!(
            "the winner's strategy has more than {MAX_STRATEGY_POSITIONS} positions (up to symmetry): too large to replay"
        ));
    }
    let moves = p.legal_moves();
    if p.to_move() == winner {
        if moves.is_empty() {
            return Err(format!(
                "{} should win but has no move in {}",
                winner.name(),
                crate::rules::position_to_string(p)
            ));
        }
        // The quickest-looking win first (fewest replies), to keep the strategy small.
        let mut moves: Vec<(u32, Move)> = moves.into_iter().map(|m| (order_key(&p.after(m)), m)).collect();
        moves.sort_by_key(|k| k.0);
        let Some(&(_, m)) = moves.iter().find(|&&(_, m)| !oracle.wins(&p.after(m))) else {
            return Err(format!("{} has no winning move in {}", winner.name(), crate::rules::position_to_string(p)));
        };
        strategy(&p.after(m), winner, oracle, seen, stop)?;
    } else {
        for m in moves {
            strategy(&p.after(m), winner, oracle, seen, stop)?;
        }
    }
    seen.insert(key);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Geometry;

    fn run(p: &Position, opts: &ProveOptions, known: &HashMap<u64, bool>) -> (ProveOutcome, Vec<LeafResult>) {
        let stop = AtomicBool::new(false);
        let mut got = Vec::new();
        let out = prove(p, opts, known, &stop, &ProveStatus::default(), |l| got.push(l)).unwrap();
        (out, got)
    }

    #[test]
    fn asking_only_for_the_winner_stops_at_the_first_winning_move() {
        // 5×5: Black wins with every first move; 6×5: White refutes every first move.
        for (r, c) in [(5u8, 5u8), (6, 5), (1, 9)] {
            let p = Position::start(Geometry::new(r, c).unwrap());
            let full =
                ProveOptions { threads: 2, table_bytes: 16 << 20, deadline: None, leaves: 64, winner_only: false };
            let (all, _) = run(&p, &full, &HashMap::new());
            let (first, _) = run(&p, &ProveOptions { winner_only: true, ..full.clone() }, &HashMap::new());
            let all_sol = all.result.clone().unwrap();
            let sol = first.result.clone().unwrap();
            assert_eq!(sol.winner, all_sol.winner, "{r}x{c}");
            assert_eq!(first.winner, Some(sol.winner));
            assert!(all.first_moves.iter().all(|(_, w)| w.is_some()), "{r}x{c}");
            // Whatever was decided agrees with the full proof.
            for ((m, w), (m2, w2)) in first.first_moves.iter().zip(&all.first_moves) {
                assert_eq!(m, m2);
                assert!(w.is_none() || w == w2, "{r}x{c}");
            }
            for m in &sol.winning_moves {
                assert!(all_sol.winning_moves.contains(m), "{r}x{c}");
            }
            if sol.winner == p.to_move() {
                assert!(!sol.winning_moves.is_empty());
            } else {
                assert!(first.first_moves.iter().all(|(_, w)| *w == Some(false)), "{r}x{c}");
            }
        }
    }

    #[test]
    fn the_leaves_of_a_proof_prove_again_and_decide_the_first_moves() {
        for (r, c) in [(5u8, 5u8), (4, 5), (5, 4)] {
            let p = Position::start(Geometry::new(r, c).unwrap());
            let opts =
                ProveOptions { threads: 2, table_bytes: 4 << 20, deadline: None, leaves: 64, winner_only: false };
            let (out, _) = run(&p, &opts, &HashMap::new());
            assert_eq!(out.proof_leaves.len(), out.first_moves.len(), "{r}x{c}");
            let mut solver = crate::ai::Solver::new(16).general_only();
            for (m, leaves) in &out.proof_leaves {
                assert!(!leaves.is_empty(), "{r}x{c}");
                for (leaf, win) in leaves {
                    let sol = solver
                        .solve(leaf, crate::ai::SolveLimits::unlimited(), &AtomicBool::new(false))
                        .result
                        .unwrap();
                    assert_eq!(sol.winner == leaf.to_move(), *win, "{r}x{c} {m:?}");
                }
            }
        }
    }

    #[test]
    fn small_boards_match_the_published_winners_with_one_and_two_threads() {
        for (r, c, winner) in [(4, 4, Color::White), (5, 5, Color::Black), (1, 9, Color::Black), (1, 8, Color::White)] {
            let p = Position::start(Geometry::new(r, c).unwrap());
            for threads in [1, 2] {
                let opts =
                    ProveOptions { threads, table_bytes: 1 << 20, deadline: None, leaves: 16, winner_only: false };
                let (out, _) = run(&p, &opts, &HashMap::new());
                assert_eq!(out.result.unwrap().winner, winner, "{r}x{c} with {threads} threads");
            }
        }
    }

    #[test]
    fn more_threads_than_leaves_help_with_other_move_orders_and_agree() {
        // After the removals 5×6 has few leaves; four threads must share them.
        let p = Position::start(Geometry::new(5, 6).unwrap());
        let one = run(
            &p,
            &ProveOptions { threads: 1, table_bytes: 4 << 20, deadline: None, leaves: 1, winner_only: false },
            &HashMap::new(),
        )
        .0;
        let four = run(
            &p,
            &ProveOptions { threads: 4, table_bytes: 4 << 20, deadline: None, leaves: 1, winner_only: false },
            &HashMap::new(),
        )
        .0;
        assert_eq!(one.result.unwrap(), four.result.unwrap());
        assert_eq!(one.depth, 2);
    }

    #[test]
    fn leaves_from_an_earlier_run_are_not_proven_again_and_give_the_same_answer() {
        let p = Position::start(Geometry::new(5, 6).unwrap());
        let opts = ProveOptions { threads: 2, table_bytes: 4 << 20, deadline: None, leaves: 40, winner_only: false };
        let (first, leaves) = run(&p, &opts, &HashMap::new());
        assert!(first.proven > 3, "{first:?}");
        // Keep half of them, as if the run had been stopped there.
        let known: HashMap<u64, bool> = leaves.iter().take(leaves.len() / 2).map(|l| (l.key, l.win)).collect();
        let (second, _) = run(&p, &opts, &known);
        assert_eq!(second.reused, known.len());
        assert_eq!(second.result.as_ref().unwrap(), first.result.as_ref().unwrap());
        assert!(second.proven < first.proven + 2, "{second:?}");
    }

    #[test]
    fn a_stop_before_the_start_leaves_the_proof_unfinished() {
        let p = Position::start(Geometry::new(6, 6).unwrap());
        let stop = AtomicBool::new(true);
        let out = prove(&p, &ProveOptions::default(), &HashMap::new(), &stop, &ProveStatus::default(), |_| {}).unwrap();
        assert!(out.result.is_none());
        assert_eq!(out.proven, 0);
    }

    /// Positions for comparing the prover with the general solver: every start position of at
    /// most 16 cells, and positions of random games (mostly past the opening, where a plan of
    /// few leaves may have no plies at all).
    fn small_positions() -> Vec<Position> {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut out = Vec::new();
        for r in 1..=16u8 {
            for c in 1..=16u8 {
                if r as u32 * c as u32 <= 16 {
                    out.push(Position::start(Geometry::new(r, c).unwrap()));
                }
            }
        }
        let mut rng = SmallRng::seed_from_u64(22);
        for _ in 0..60 {
            let geo = Geometry::new(rng.random_range(2..=5), rng.random_range(2..=6)).unwrap();
            let mut p = Position::start(geo);
            for _ in 0..rng.random_range(2..12) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.after(moves[rng.random_range(0..moves.len())]);
            }
            out.push(p);
        }
        out
    }

    #[test]
    fn the_prover_agrees_with_the_general_solver_for_every_plan_size() {
        let stop = AtomicBool::new(false);
        let mut general = crate::ai::Solver::new(18).general_only();
        let mut truth = |p: &Position| general.solve(p, crate::ai::SolveLimits::unlimited(), &stop).result.unwrap();
        let mut plans = 0;
        for p in small_positions() {
            let expected = truth(&p);
            let name = crate::rules::position_to_string(&p);
            // Every plan size from 1 up, until the plan is the whole tree (a larger number of
            // leaves asks for the same plan); then a few larger ones.
            for leaves in (1..=40).chain([64, 256]) {
                let opts =
                    ProveOptions { threads: 1, table_bytes: 1 << 20, deadline: None, leaves, winner_only: false };
                let (out, _) = run(&p, &opts, &HashMap::new());
                plans += 1;
                let at = format!("{name} with --leaves {leaves}");
                let sol = out.result.clone().unwrap_or_else(|| panic!("{at}: unfinished"));
                assert_eq!(sol.winner, expected.winner, "{at}");
                assert_eq!(out.winner, Some(expected.winner), "{at}");
                let mut got = sol.winning_moves.clone();
                let mut want = expected.winning_moves.clone();
                got.sort_by_key(|m| format!("{m:?}"));
                want.sort_by_key(|m| format!("{m:?}"));
                assert_eq!(got, want, "{at}: winning first moves");
                // Every first move decided, each with the leaves its proof rests on, which prove
                // again (by the general solver) to what they are said to be.
                assert_eq!(out.first_moves.len(), p.move_count() as usize, "{at}");
                for (m, w) in &out.first_moves {
                    assert_eq!(*w, Some(expected.winning_moves.contains(m)), "{at}: {m:?}");
                }
                assert_eq!(out.proof_leaves.len(), p.move_count() as usize, "{at}");
                for (m, proof) in &out.proof_leaves {
                    assert!(!proof.is_empty(), "{at}: no leaves under {m:?}");
                    for (leaf, win) in proof {
                        assert_eq!(truth(leaf).winner == leaf.to_move(), *win, "{at}: leaf under {m:?}");
                    }
                }
                // Asking only for the winner names the same one.
                let (first, _) = run(&p, &ProveOptions { winner_only: true, ..opts }, &HashMap::new());
                assert_eq!(first.result.map(|s| s.winner), Some(expected.winner), "{at}: winner only");
                if out.leaves < leaves && leaves <= 40 {
                    break;
                }
            }
        }
        assert!(plans > 300, "{plans} plans");
    }

    #[test]
    fn verify_accepts_true_results_and_rejects_false_ones() {
        let stop = AtomicBool::new(false);
        let p = Position::start(Geometry::new(5, 5).unwrap());
        let (out, _) = run(&p, &ProveOptions { leaves: 8, ..ProveOptions::default() }, &HashMap::new());
        let sol = out.result.unwrap();
        assert!(verify(&p, &sol, 1 << 20, &stop).unwrap() > 10);
        // Claim the opposite: no first move wins.
        let wrong = Solution { winner: Color::White, winning_moves: Vec::new() };
        let err = verify(&p, &wrong, 1 << 20, &stop).unwrap_err();
        assert!(err.contains("no winning move"), "{err}");
    }
}
