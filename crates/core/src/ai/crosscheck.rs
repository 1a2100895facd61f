//! The second prover: an exact solver written apart from the parallel prover
//! ([`super::bitsolve`] and [`super::prove`]), so that a result both reach was found twice by
//! different code. It shares nothing with them but the rules core ([`Position`],
//! [`Geometry`] and their symmetries); its move generation, table, move ordering, threading
//! and handling of the opening are its own.
//!
//! - **Boards of at most 56 cells**, packed into one `u64` per side without a guard column:
//!   cell `(row, col)` is bit `row × cols + col`, and a jump's direction is allowed only from
//!   the cells where its landing stays on the board (a mask per direction).
//! - **A boolean negamax**: a position is won when some jump leads to a lost one. Before
//!   searching, every child is generated with the opponent's number of replies (a child
//!   without replies wins at once) and looked up in the table (a child known lost wins, one
//!   known won is skipped). Children are searched fewest replies first; among equals, the one
//!   leaving the mover the most jumps first.
//! - **Exact table keys**: an entry holds the whole position (the mover's 56 bits and the
//!   other side's, with the result and the size of the proof in the spare high bits), so a
//!   stored result is never another position's. Buckets of four entries fill one cache line;
//!   a new result replaces the entry that cost the least to prove. An entry is written as two
//!   words, the first xor-ed with a hash of the second, so an entry torn by two threads reads
//!   as a miss.
//! - **Symmetry near the root**: while a position has few stones missing, it is looked up and
//!   stored as the smallest of its images under the board's symmetries.
//! - **Threads** search the same position in different orders (ties broken by a hash seeded
//!   per thread) over one table; the first to finish answers, the others stop.
//! - **The opening** (the two removals) is walked with the general rules; removals that are
//!   images of each other under a board symmetry are proven once.

use crate::rules::{Color, Geometry, Move, Phase, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Largest board, in cells: the table's entries keep the high 8 bits for themselves.
pub const MAX_CELLS: u32 = 56;

const WIN: u64 = 1 << 63;
const USED: u64 = 1 << 62;
const COST_SHIFT: u32 = 56;
const COST_MASK: u64 = 63 << COST_SHIFT;
const STONES: u64 = (1 << COST_SHIFT) - 1;
/// Positions with fewer stones are searched without the table.
const SMALL: u32 = 6;
/// Positions missing at most this many stones use symmetric keys.
const NEAR_ROOT: u32 = 6;

/// `v` moved so that bit `x` of the result is bit `x + off` of `v`.
#[inline(always)]
fn shifted(v: u64, off: i32) -> u64 {
    if off >= 0 { v >> off } else { v << -off }
}

/// A 64-bit hash finaliser (xor-shift-multiply).
#[inline(always)]
fn scramble(mut x: u64) -> u64 {
    x = (x ^ (x >> 31)).wrapping_mul(0x7FB5_D329_728E_A185);
    x = (x ^ (x >> 27)).wrapping_mul(0x81DA_DEF4_BC2D_D44D);
    x ^ (x >> 33)
}

/// A board of at most 56 cells as bit masks.
#[derive(Clone, Debug)]
pub struct Board {
    cols: u32,
    cells: u64,
    /// Per direction (right, left, down, up): the bit offset of one step, and the cells a jump
    /// in that direction may start from (its landing is on the board).
    steps: [i32; 4],
    starts: [u64; 4],
    /// The board's symmetries as bit maps (identity first).
    maps: Vec<Vec<u8>>,
}

impl Board {
    /// The board of `geo`, if it has at most [`MAX_CELLS`] cells.
    pub fn of(geo: &Geometry) -> Option<Board> {
        let (rows, cols) = (geo.rows() as u32, geo.cols() as u32);
        if rows * cols > MAX_CELLS {
            return None;
        }
        let bit = |r: u32, c: u32| 1u64 << (r * cols + c);
        let (mut cells, mut starts) = (0u64, [0u64; 4]);
        for r in 0..rows {
            for c in 0..cols {
                cells |= bit(r, c);
                let fits = [c + 2 < cols, c >= 2, r + 2 < rows, r >= 2];
                for (d, ok) in fits.into_iter().enumerate() {
                    if ok {
                        starts[d] |= bit(r, c);
                    }
                }
            }
        }
        let c = cols as i32;
        let maps = geo
            .symmetries()
            .iter()
            .map(|m| {
                let mut to = vec![0u8; (rows * cols) as usize];
                for r in 0..rows {
                    for col in 0..cols {
                        let image = geo.coord(m[geo.index(crate::rules::Coord::new(r as u8, col as u8))] as usize);
                        to[(r * cols + col) as usize] = (image.row as u32 * cols + image.col as u32) as u8;
                    }
                }
                to
            })
            .collect();
        Some(Board { cols, cells, steps: [1, -1, c, -c], starts, maps })
    }

    /// A jumping-phase position as (side to move's stones, other side's).
    pub fn sides(&self, p: &Position) -> (u64, u64) {
        let pack = |color: Color| {
            let geo = p.geometry();
            p.stones(color).iter().fold(0u64, |acc, i| {
                let at = geo.coord(i);
                acc | 1 << (at.row as u32 * self.cols + at.col as u32)
            })
        };
        (pack(p.to_move()), pack(p.to_move().opponent()))
    }

    /// Cells that can start a one-hop jump in direction `d` (whoever owns them).
    #[inline(always)]
    fn jumpable(&self, d: usize, enemy: u64, empty: u64) -> u64 {
        let s = self.steps[d];
        self.starts[d] & shifted(enemy, s) & shifted(empty, 2 * s)
    }

    /// The number of jumps the owner of `own` has.
    #[inline(always)]
    pub fn moves(&self, own: u64, enemy: u64) -> u32 {
        let empty = self.cells & !(own | enemy);
        let mut n = 0;
        for d in 0..4 {
            let chain = self.jumpable(d, enemy, empty);
            let two = 2 * self.steps[d];
            let (mut from, mut next) = (own & chain, chain);
            while from != 0 {
                n += from.count_ones();
                next = shifted(next, two);
                from &= next;
            }
        }
        n
    }

    /// Calls `visit(child_own, child_enemy)` for each jump of the owner of `own` (the position
    /// after it, seen by the other side); stops and returns true as soon as `visit` does.
    #[inline(always)]
    pub fn each_child(&self, own: u64, enemy: u64, mut visit: impl FnMut(u64, u64) -> bool) -> bool {
        let empty = self.cells & !(own | enemy);
        for d in 0..4 {
            let s = self.steps[d];
            let chain = self.jumpable(d, enemy, empty);
            let (mut from, mut next, mut hops) = (own & chain, chain, 1);
            while from != 0 {
                let mut left = from;
                while left != 0 {
                    let at = left.trailing_zeros() as i32;
                    left &= left - 1;
                    let mut taken = 0u64;
                    for h in 0..hops {
                        taken |= 1 << (at + (2 * h + 1) * s);
                    }
                    let to = at + 2 * hops * s;
                    if visit(enemy & !taken, own ^ (1 << at) ^ (1 << to)) {
                        return true;
                    }
                }
                next = shifted(next, 2 * s);
                from &= next;
                hops += 1;
            }
        }
        false
    }

    /// The smallest image of `(own, enemy)` under the board's symmetries.
    fn canonical(&self, own: u64, enemy: u64) -> (u64, u64) {
        let image = |map: &[u8], v: u64| {
            let (mut out, mut left) = (0u64, v);
            while left != 0 {
                out |= 1 << map[left.trailing_zeros() as usize];
                left &= left - 1;
            }
            out
        };
        let mut best = (own, enemy);
        for map in &self.maps[1..] {
            let cand = (image(map, own), image(map, enemy));
            if cand < best {
                best = cand;
            }
        }
        best
    }

    fn cell_count(&self) -> u32 {
        self.cells.count_ones()
    }
}

#[repr(C, align(64))]
struct Bucket([AtomicU64; 8]);

/// The table of proven positions, shared by the threads of one proof.
pub struct Table {
    buckets: Mapping,
    mask: u64,
}

/// Zeroed memory straight from the system (an anonymous mapping, untouched until used),
/// offered as huge pages: a proof touches its table all over, and with small pages it would
/// take a page fault per new entry.
struct Mapping {
    at: std::ptr::NonNull<Bucket>,
    count: usize,
    /// The whole mapping: start and length.
    span: (usize, usize),
}

// SAFETY: the buckets hold only atomics, shared by reference; the memory is owned.
unsafe impl Send for Mapping {}
// SAFETY: as above.
unsafe impl Sync for Mapping {}

impl Mapping {
    #[cfg(unix)]
    fn zeroed(count: usize) -> Option<Mapping> {
        const PAGE: usize = 2 << 20;
        let len = count.checked_mul(64)?.checked_add(PAGE)?;
        // SAFETY: a private anonymous mapping; failure is checked.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return None;
        }
        let start = (raw as usize).next_multiple_of(PAGE);
        #[cfg(target_os = "linux")]
        // SAFETY: advice about memory inside this mapping; a refusal is harmless.
        unsafe {
            libc::madvise(start as *mut libc::c_void, count * 64, libc::MADV_HUGEPAGE);
        }
        let at = std::ptr::NonNull::new(start as *mut Bucket)?;
        Some(Mapping { at, count, span: (raw as usize, len) })
    }

    #[cfg(not(unix))]
    fn zeroed(count: usize) -> Option<Mapping> {
        let layout = std::alloc::Layout::array::<Bucket>(count).ok()?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let at = std::ptr::NonNull::new(raw as *mut Bucket)?;
        Some(Mapping { at, count, span: (raw as usize, layout.size()) })
    }
}

impl std::ops::Deref for Mapping {
    type Target = [Bucket];
    fn deref(&self) -> &[Bucket] {
        // SAFETY: `count` zeroed buckets (all-zero atomics are valid) live at `at`.
        unsafe { std::slice::from_raw_parts(self.at.as_ptr(), self.count) }
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: the mapping made in `zeroed`.
        unsafe {
            libc::munmap(self.span.0 as *mut libc::c_void, self.span.1);
        }
        #[cfg(not(unix))]
        // SAFETY: allocated in `zeroed` with this layout.
        unsafe {
            std::alloc::dealloc(self.span.0 as *mut u8, std::alloc::Layout::array::<Bucket>(self.count).unwrap());
        }
    }
}

impl Table {
    /// A table of at most `bytes` bytes (a power of two of 64-byte buckets, at least 64), or
    /// `None` if the memory cannot be had.
    pub fn with_bytes(bytes: usize) -> Option<Table> {
        let count = (bytes / 64).max(64);
        let count = 1usize << count.ilog2();
        Some(Table { buckets: Mapping::zeroed(count)?, mask: count as u64 - 1 })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * 64
    }

    #[inline(always)]
    fn bucket(&self, own: u64, enemy: u64) -> &Bucket {
        let h = scramble(own.wrapping_mul(0x9FB2_1C65_1E98_DF25) ^ enemy);
        &self.buckets[(h & self.mask) as usize]
    }

    #[inline(always)]
    fn prefetch(&self, own: u64, enemy: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is a hint about memory inside the table.
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.bucket(own, enemy) as *const Bucket as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (own, enemy);
    }

    /// Whether the side owning `own` wins, if known.
    #[inline(always)]
    fn get(&self, own: u64, enemy: u64) -> Option<bool> {
        let b = self.bucket(own, enemy);
        for slot in 0..4 {
            let second = b.0[2 * slot + 1].load(Ordering::Relaxed);
            if second & STONES == enemy && second & USED != 0 {
                let first = b.0[2 * slot].load(Ordering::Relaxed);
                if first ^ scramble(second) == own {
                    return Some(second & WIN != 0);
                }
            }
        }
        None
    }

    /// Keeps a result whose proof took about `2^cost` nodes, in place of the cheapest one in
    /// its bucket.
    #[inline(always)]
    fn put(&self, own: u64, enemy: u64, win: bool, cost: u32) {
        let b = self.bucket(own, enemy);
        let (mut victim, mut least) = (0, u64::MAX);
        for slot in 0..4 {
            let second = b.0[2 * slot + 1].load(Ordering::Relaxed);
            let c = if second & USED == 0 { 0 } else { (second & COST_MASK) >> COST_SHIFT };
            if c < least {
                (victim, least) = (slot, c);
            }
        }
        let second = enemy | USED | (cost.min(63) as u64) << COST_SHIFT | if win { WIN } else { 0 };
        b.0[2 * victim].store(own ^ scramble(second), Ordering::Relaxed);
        b.0[2 * victim + 1].store(second, Ordering::Relaxed);
    }
}

/// One thread's search.
struct Searcher<'a> {
    board: &'a Board,
    table: &'a Table,
    halt: &'a AtomicBool,
    /// Set by the first thread to finish this proof.
    done: &'a AtomicBool,
    deadline: Option<Instant>,
    /// Nodes this search may spend.
    budget: u64,
    /// Nodes are added here as they are searched, for progress reports.
    counter: &'a AtomicU64,
    counted: u64,
    nodes: u64,
    stopped: bool,
    /// Breaks ties between equally good moves (0: by generation order).
    seed: u64,
    /// Per ply: (order key, child own, child enemy).
    lists: Vec<Vec<(u32, u64, u64)>>,
    full: u32,
}

const SKIP: u32 = u32::MAX;
/// With `winner_only`, each position's first try may spend this many nodes.
const FIRST_BUDGET: u64 = 1 << 22;

impl<'a> Searcher<'a> {
    fn new(prover: &'a Prover<'a>, done: &'a AtomicBool, budget: u64, seed: u64) -> Self {
        Searcher {
            board: &prover.board,
            table: &prover.table,
            halt: prover.halt,
            done,
            deadline: prover.options.deadline,
            budget,
            counter: &prover.options.counter,
            counted: 0,
            nodes: 0,
            stopped: false,
            seed,
            lists: Vec::new(),
            full: prover.board.cell_count(),
        }
    }

    fn count(&mut self) {
        self.counter.fetch_add(self.nodes - self.counted, Ordering::Relaxed);
        self.counted = self.nodes;
    }

    /// The key a position is kept under: itself, or near the root its smallest image.
    #[inline(always)]
    fn key(&self, own: u64, enemy: u64) -> (u64, u64) {
        if (own | enemy).count_ones() + NEAR_ROOT >= self.full {
            self.board.canonical(own, enemy)
        } else {
            (own, enemy)
        }
    }

    #[cold]
    fn poll(&mut self) {
        self.count();
        if self.nodes >= self.budget
            || self.halt.load(Ordering::Relaxed)
            || self.done.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
    }

    fn wins(&mut self, own: u64, enemy: u64, ply: usize) -> bool {
        self.nodes += 1;
        if self.nodes & 0x3FFF == 0 {
            self.poll();
        }
        if self.stopped {
            return false;
        }
        let tabled = (own | enemy).count_ones() >= SMALL;
        let (ko, ke) = self.key(own, enemy);
        if tabled && let Some(w) = self.table.get(ko, ke) {
            return w;
        }
        let before = self.nodes;
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, || Vec::with_capacity(40));
        }
        let mut kids = std::mem::take(&mut self.lists[ply]);
        kids.clear();
        let (board, table, seed) = (self.board, self.table, self.seed);
        let mut won = board.each_child(own, enemy, |o, e| {
            let replies = board.moves(o, e);
            if replies == 0 {
                return true;
            }
            table.prefetch(o, e);
            let left = board.moves(e, o).min(63);
            let tie = if seed == 0 { 0 } else { (scramble(o ^ e.rotate_left(17) ^ seed) >> 61) as u32 };
            // Fewest replies first; among equals, the most jumps left for the mover.
            let k = (replies << 6) | (63 - left);
            kids.push((k << 3 | tie, o, e));
            false
        });
        if !won && tabled && kids.len() > 1 {
            for kid in kids.iter_mut() {
                let (o, e) = self.key(kid.1, kid.2);
                match table.get(o, e) {
                    Some(false) => {
                        won = true;
                        break;
                    }
                    Some(true) => kid.0 = SKIP,
                    None => {}
                }
            }
        }
        if !won {
            kids.sort_unstable_by_key(|k| k.0);
            for &(k, o, e) in kids.iter() {
                if k == SKIP {
                    break;
                }
                if !self.wins(o, e, ply + 1) {
                    won = true;
                    break;
                }
                if self.stopped {
                    break;
                }
            }
        }
        self.lists[ply] = kids;
        if self.stopped {
            return false;
        }
        if tabled {
            self.table.put(ko, ke, won, 64 - (self.nodes - before).leading_zeros());
        }
        won
    }
}

/// How to run a proof.
#[derive(Clone, Debug)]
pub struct Options {
    /// Threads searching each position (at least 1).
    pub threads: usize,
    /// Bytes of table.
    pub table_bytes: usize,
    /// Give up at this time.
    pub deadline: Option<Instant>,
    /// Stop at the first winning first move instead of deciding every first move.
    pub winner_only: bool,
    /// Nodes are added here as they are searched (for progress reports).
    pub counter: std::sync::Arc<AtomicU64>,
}

/// What a proof found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every first move and whether it wins for the side to move (`None`: undecided, because
    /// the proof stopped or, with `winner_only`, was not needed).
    pub first_moves: Vec<(Move, Option<bool>)>,
    /// The winner, if known.
    pub winner: Option<Color>,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Jumping-phase positions proven (each by all threads together).
    pub positions: u64,
}

/// Why a proof cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The board has more than [`MAX_CELLS`] cells.
    TooLarge(u32),
    /// The table could not be allocated.
    NoMemory(usize),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::TooLarge(cells) => {
                write!(f, "the second prover takes boards of at most {MAX_CELLS} cells; this one has {cells}")
            }
            Refusal::NoMemory(bytes) => {
                write!(f, "cannot allocate {} MiB for the second prover's table", bytes.div_ceil(1 << 20))
            }
        }
    }
}

/// A proof over one board and table.
pub struct Prover<'a> {
    board: Board,
    table: Table,
    options: Options,
    halt: &'a AtomicBool,
    nodes: u64,
    positions: u64,
    /// Positions of the opening, and the first of the jumps, decided so far: by their
    /// smallest image and whether the jumps have begun (the side to move's stones first).
    opening: HashMap<(u64, u64, bool), bool>,
}

impl<'a> Prover<'a> {
    /// A prover for positions on `geo`; `halt` stops it from outside.
    pub fn new(geo: &Geometry, options: Options, halt: &'a AtomicBool) -> Result<Prover<'a>, Refusal> {
        let board = Board::of(geo).ok_or(Refusal::TooLarge(geo.rows() as u32 * geo.cols() as u32))?;
        let table = Table::with_bytes(options.table_bytes).ok_or(Refusal::NoMemory(options.table_bytes))?;
        Ok(Prover { board, table, options, halt, nodes: 0, positions: 0, opening: HashMap::new() })
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the proof was stopped from outside or ran out of time.
    fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed) || self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the side owning `own` (to move, jumping phase) wins; `None` if stopped or out
    /// of `budget` (nodes, all threads together).
    pub fn jumping(&mut self, own: u64, enemy: u64, budget: u64) -> Option<bool> {
        let done = AtomicBool::new(false);
        let answer = AtomicU64::new(0);
        let spent = AtomicU64::new(0);
        let threads = self.options.threads.max(1);
        let this = &*self;
        std::thread::scope(|scope| {
            for t in 0..threads {
                let (done, answer, spent) = (&done, &answer, &spent);
                scope.spawn(move || {
                    let seed = t as u64 * 0x5851_F42D_4C95_7F2D;
                    let mut s = Searcher::new(this, done, budget / threads as u64, seed);
                    let w = s.wins(own, enemy, 0);
                    if !s.stopped && !done.swap(true, Ordering::SeqCst) {
                        answer.store(1 + w as u64, Ordering::SeqCst);
                    }
                    s.count();
                    spent.fetch_add(s.nodes, Ordering::Relaxed);
                });
            }
        });
        self.nodes += spent.load(Ordering::Relaxed);
        match answer.load(Ordering::SeqCst) {
            0 => None,
            a => {
                self.positions += 1;
                Some(a == 2)
            }
        }
    }

    /// Whether the side to move at `p` wins; `None` if stopped.
    pub fn decide(&mut self, p: &Position, budget: u64) -> Option<bool> {
        let (own, enemy) = self.board.sides(p);
        let (co, ce) = self.board.canonical(own, enemy);
        let jumping = p.opening_phase() == Phase::Jumping;
        let key = (co, ce, jumping);
        if let Some(&w) = self.opening.get(&key) {
            return Some(w);
        }
        let won = if jumping {
            self.jumping(own, enemy, budget)?
        } else {
            let mut won = false;
            for m in p.legal_moves() {
                if !self.decide(&p.after(m), budget)? {
                    won = true;
                    break;
                }
            }
            won
        };
        self.opening.insert(key, won);
        Some(won)
    }

    /// Decides the first moves of `p`: every one, or with `winner_only` until one wins. Then
    /// the first moves are tried in rounds, each with four times the last one's budget of
    /// nodes per position (the table keeps what a stopped try proved), so that the first
    /// move with the shortest proof settles the game.
    pub fn prove(&mut self, p: &Position) -> Outcome {
        let moves = p.legal_moves();
        let mut first_moves: Vec<(Move, Option<bool>)> = moves.iter().map(|&m| (m, None)).collect();
        let mut budget = if self.options.winner_only { FIRST_BUDGET } else { u64::MAX };
        let mut stopped = false;
        'rounds: loop {
            for entry in first_moves.iter_mut().filter(|m| m.1.is_none()) {
                match self.decide(&p.after(entry.0), budget) {
                    Some(reply_wins) => entry.1 = Some(!reply_wins),
                    None if self.halted() => {
                        stopped = true;
                        break 'rounds;
                    }
                    None => {}
                }
                if self.options.winner_only && entry.1 == Some(true) {
                    break 'rounds;
                }
            }
            if first_moves.iter().all(|m| m.1.is_some()) {
                break;
            }
            budget = budget.saturating_mul(4);
        }
        let any_win = first_moves.iter().any(|m| m.1 == Some(true));
        let all_lose = first_moves.iter().all(|m| m.1 == Some(false));
        let winner = if any_win {
            Some(p.to_move())
        } else if all_lose && !stopped {
            Some(p.to_move().opponent())
        } else {
            None
        };
        Outcome { first_moves, winner, nodes: self.nodes, positions: self.positions }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(p: &Position) -> bool {
        p.legal_moves().into_iter().any(|m| !plain(&p.after(m)))
    }

    fn prover_for<'a>(geo: &Geometry, halt: &'a AtomicBool, threads: usize, winner_only: bool) -> Prover<'a> {
        let options = Options {
            threads,
            table_bytes: 1 << 16,
            deadline: None,
            winner_only,
            counter: std::sync::Arc::new(AtomicU64::new(0)),
        };
        Prover::new(geo, options, halt).unwrap()
    }

    #[test]
    fn moves_and_children_agree_with_the_rules() {
        let mut rng = 99u64;
        for (r, c) in [(5u8, 5u8), (4, 7), (7, 8), (8, 7), (1, 9), (4, 14), (3, 1)] {
            let geo = Geometry::new(r, c).unwrap();
            let board = Board::of(&geo).unwrap();
            for _ in 0..20 {
                let mut p = Position::start(geo);
                loop {
                    let moves = p.legal_moves();
                    if p.opening_phase() == Phase::Jumping {
                        let (own, enemy) = board.sides(&p);
                        assert_eq!(board.moves(own, enemy) as usize, moves.len(), "{r}x{c}");
                        let mut kids = Vec::new();
                        board.each_child(own, enemy, |o, e| {
                            kids.push((o, e));
                            false
                        });
                        let mut want: Vec<_> = moves.iter().map(|&m| board.sides(&p.after(m))).collect();
                        kids.sort_unstable();
                        want.sort_unstable();
                        assert_eq!(kids, want, "{r}x{c}");
                    }
                    if moves.is_empty() {
                        break;
                    }
                    rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    p = p.after(moves[(rng >> 33) as usize % moves.len()]);
                }
            }
        }
        assert!(Board::of(&Geometry::new(8, 8).unwrap()).is_none());
    }

    #[test]
    fn proofs_agree_with_a_plain_search_even_with_a_tiny_table_and_two_threads() {
        let halt = AtomicBool::new(false);
        for (r, c) in [(4u8, 5u8), (5, 4), (3, 6)] {
            let geo = Geometry::new(r, c).unwrap();
            for threads in [1, 2] {
                let mut prover = prover_for(&geo, &halt, threads, false);
                let start = Position::start(geo);
                for a in start.legal_moves() {
                    let p1 = start.after(a);
                    for b in p1.legal_moves() {
                        let p2 = p1.after(b);
                        assert_eq!(prover.decide(&p2, u64::MAX), Some(plain(&p2)), "{r}x{c}");
                        for m in p2.legal_moves() {
                            let p3 = p2.after(m);
                            assert_eq!(prover.decide(&p3, u64::MAX), Some(plain(&p3)), "{r}x{c}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn known_boards_come_out_right_and_a_halt_stops_the_proof() {
        let halt = AtomicBool::new(false);
        // Black wins 5x5 with every first move; White wins 6x6.
        let geo = Geometry::new(5, 5).unwrap();
        let out = prover_for(&geo, &halt, 2, false).prove(&Position::start(geo));
        assert_eq!(out.winner, Some(Color::Black));
        assert!(out.first_moves.iter().all(|m| m.1 == Some(true)));
        let geo = Geometry::new(6, 6).unwrap();
        let out = prover_for(&geo, &halt, 2, true).prove(&Position::start(geo));
        assert_eq!(out.winner, Some(Color::White));
        assert!(out.first_moves.iter().all(|m| m.1 == Some(false)));
        let stopped = AtomicBool::new(true);
        let out = prover_for(&geo, &stopped, 1, false).prove(&Position::start(geo));
        assert_eq!(out.winner, None);
    }
}
