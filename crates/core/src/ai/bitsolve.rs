//! The exact solver's fast path: jumping-phase positions on boards that fit in 128 bits (up to
//! about 11×10 with the guard column), as pairs of `u128` stone sets, with a transposition
//! table that several threads can share.
//!
//! A position is `(own, enemy)`: the side to move's stones and the other side's. A jump turns
//! it into `(enemy − captured, own − from + to)`, the other side to move. The search is a
//! boolean negamax: a position is won when some move leads to a lost one. Moves are tried in
//! order of the opponent's number of replies (fewest first), and before searching any of them
//! every child is looked up in the table (an enhanced transposition cutoff).
//!
//! Table entries are two 64-bit words. On boards of at most 56 bits (7×7 is 7 rows × 8 with
//! the guard column) the key *is* the position, so a stored result can never belong to another
//! position; larger boards use a 120-bit hash. The second word also holds the result and the
//! size of the subtree that proved it (for replacement); the first is xor-ed with a mix of the
//! second, so an entry torn by two threads writing at once reads as a miss, not a wrong result.

use crate::rules::WideBoard;
use crate::rules::wide::{fingerprint, mix};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Boards of at most this many bits are their own table keys.
const EXACT_BITS: u32 = 56;
const KEY_BITS: u64 = (1 << EXACT_BITS) - 1;
const WIN_BIT: u64 = 1 << 63;
const WORK_SHIFT: u32 = 56;
/// The smallest table: 128 buckets of 32 bytes.
const MIN_TABLE_BYTES: usize = 4096;
/// Tables larger than this get a near region for small positions ([`Table::try_for_board`]).
pub const NEAR_FROM_BYTES: usize = 512 << 20;
/// The largest near region.
pub const NEAR_MAX_BYTES: usize = 1 << 30;

/// A transposition table of proven results, shared by reference between threads. Buckets of
/// two entries: the first keeps the result of the larger proof, the second the newest. A large
/// table keeps small positions in a near region of its own ([`Table::try_for_board`]).
pub struct Table {
    words: Words,
    /// Buckets in all.
    buckets: usize,
    /// Buckets of the near region (a power of two, or 0): positions of at most `near_stones`
    /// stones are kept there, the rest in the far region after it.
    near: usize,
    near_stones: u32,
}

/// Zeroed words from a fresh anonymous mapping, aligned to 2 MiB and offered to the system as
/// huge pages when the table is large. Memory is zeroed when first touched, and a table's
/// accesses are random, so a proof touches pages all over it: with 4 KiB pages that is one
/// page fault per new entry (a 5×6 proof with a 1 GiB table spent 3.8 s of its 4 s in them);
/// with 2 MiB pages at most 512 faults per GiB.
struct Words {
    ptr: std::ptr::NonNull<AtomicU64>,
    len: usize,
    /// The allocation: its start and length in bytes.
    base: usize,
    mapped: usize,
}

// SAFETY: the words are atomics, shared as `&[AtomicU64]`; the allocation is owned.
unsafe impl Send for Words {}
// SAFETY: as above: only atomic operations go through a shared reference.
unsafe impl Sync for Words {}

impl Words {
    /// `len` zeroed words, or `None` if the memory cannot be had.
    #[cfg(unix)]
    fn zeroed(len: usize) -> Option<Words> {
        const HUGE: usize = 2 << 20;
        let bytes = len.checked_mul(8)?;
        let mapped = bytes.checked_add(HUGE)?;
        // SAFETY: an anonymous private mapping; the result is checked.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return None;
        }
        let skip = (HUGE - raw as usize % HUGE) % HUGE;
        // SAFETY: `skip < HUGE`, so the aligned start and `bytes` after it are in the mapping.
        let start = unsafe { (raw as *mut u8).add(skip) };
        #[cfg(target_os = "linux")]
        if bytes >= 8 * HUGE {
            // SAFETY: advice on memory this mapping owns; failure is harmless.
            unsafe {
                libc::madvise(start as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
            }
        }
        let ptr = std::ptr::NonNull::new(start as *mut AtomicU64)?;
        Some(Words { ptr, len, base: raw as usize, mapped })
    }

    /// `len` zeroed words, or `None` if the memory cannot be had.
    #[cfg(not(unix))]
    fn zeroed(len: usize) -> Option<Words> {
        let layout = std::alloc::Layout::array::<AtomicU64>(len).ok()?;
        // SAFETY: the layout has a non-zero size (at least one bucket).
        let raw = unsafe { std::alloc::alloc_zeroed(layout) };
        let ptr = std::ptr::NonNull::new(raw as *mut AtomicU64)?;
        Some(Words { ptr, len, base: raw as usize, mapped: layout.size() })
    }
}

impl std::ops::Deref for Words {
    type Target = [AtomicU64];
    fn deref(&self) -> &[AtomicU64] {
        // SAFETY: `len` zero-initialised `AtomicU64`s live at `ptr` for as long as `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Words {
    fn drop(&mut self) {
        // SAFETY: `base` and `mapped` are exactly what `zeroed` allocated.
        #[cfg(unix)]
        unsafe {
            libc::munmap(self.base as *mut libc::c_void, self.mapped);
        }
        #[cfg(not(unix))]
        unsafe {
            let layout = std::alloc::Layout::array::<AtomicU64>(self.len).expect("the layout it was made with");
            std::alloc::dealloc(self.base as *mut u8, layout);
        }
    }
}

impl Table {
    /// The largest table of at most about `bytes` bytes (rounded down to a power of two, at
    /// least 4 KiB) that the memory left can hold: halved until it fits. For tables whose
    /// size nobody asked for (the search's endgame solver); a size given on the command line
    /// goes through [`crate::memory::check`] and [`Table::try_new`] instead, so that too
    /// large a size is an error naming its flag.
    ///
    /// # Panics
    /// Only if not even 4 KiB can be had.
    pub fn new(bytes: usize) -> Table {
        let mut bytes = match crate::memory::available() {
            // Never more than a quarter of the memory left (the game runs beside it).
            Some(free) => bytes.min((free / 4).min(usize::MAX as u64) as usize),
            None => bytes,
        };
        loop {
            if let Some(t) = Table::try_new(bytes) {
                return t;
            }
            assert!(bytes > MIN_TABLE_BYTES, "no memory left for even a 4 KiB table");
            bytes /= 2;
        }
    }

    /// A table of about `bytes` bytes, or `None` if that much memory cannot be had.
    pub fn try_new(bytes: usize) -> Option<Table> {
        Table::try_split(bytes, 0, 0)
    }

    /// A table of about `bytes` bytes for proofs on a board of `cells` cells. A table larger
    /// than [`NEAR_FROM_BYTES`] keeps positions of at most half the board's stones in a near
    /// region of its first quarter, at most [`NEAR_MAX_BYTES`]; the rest go to the far
    /// region. Most nodes are such small positions, and a proof's table accesses are random:
    /// over 8 GiB every one of them missed the processor's address caches, and 7×7 with
    /// `--winner-only` ran at 2.9 M nodes/s on both cores; with 1 GiB near, at 5.5 M nodes/s
    /// for 9 % more nodes (small positions share less room): 119 s became 69–82 s.
    pub fn try_for_board(bytes: usize, cells: u32) -> Option<Table> {
        let near = if bytes > NEAR_FROM_BYTES { (bytes / 4).min(NEAR_MAX_BYTES) } else { 0 };
        Table::try_split(bytes, near, cells / 2)
    }

    /// A table of about `bytes` bytes whose first `near_bytes` (rounded down to a power of two;
    /// 0: none) keep the positions of at most `near_stones` stones.
    pub fn try_split(bytes: usize, near_bytes: usize, near_stones: u32) -> Option<Table> {
        let buckets = (bytes / 32).max(MIN_TABLE_BYTES / 32);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let near = match (near_bytes / 32).min(buckets / 2) {
            0 => 0,
            n => 1usize << (usize::BITS - 1 - n.leading_zeros()),
        };
        Some(Table { words: Words::zeroed(buckets * 4)?, buckets, near, near_stones })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for w in self.words.iter() {
            w.store(0, Ordering::Relaxed);
        }
    }

    /// The key of a position: the stones themselves when they fit in 56 bits, else a hash.
    #[inline(always)]
    fn key(shape: &WideBoard, own: u128, enemy: u128) -> (u64, u64) {
        if shape.bits() <= EXACT_BITS {
            (own as u64, enemy as u64)
        } else {
            let (k1, k2) = fingerprint(own, enemy);
            (k1, k2 & KEY_BITS)
        }
    }

    /// The first word of a position's bucket: in the near region (by the key's low bits) if
    /// the position is small, else in the far one (by its high bits; the far region's size
    /// need not be a power of two).
    #[inline(always)]
    fn bucket(&self, k1: u64, k2: u64, stones: u32) -> usize {
        let h = mix(k1 ^ k2.rotate_left(29).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        if stones <= self.near_stones && self.near > 0 {
            (h as usize & (self.near - 1)) * 4
        } else {
            (self.near + ((h as u128 * (self.buckets - self.near) as u128) >> 64) as usize) * 4
        }
    }

    /// The entry `(word1, word2)` at `slot` of a bucket if it holds `(k1, k2)`.
    #[inline(always)]
    fn read(&self, at: usize, k1: u64, k2: u64) -> Option<u64> {
        let w2 = self.words[at + 1].load(Ordering::Relaxed);
        if w2 & KEY_BITS != k2 || w2 == 0 {
            return None;
        }
        let w1 = self.words[at].load(Ordering::Relaxed);
        (w1 ^ mix(w2) == k1).then_some(w2)
    }

    /// The stored result for a key, if any.
    #[inline(always)]
    fn probe(&self, k1: u64, k2: u64, stones: u32) -> Option<bool> {
        let b = self.bucket(k1, k2, stones);
        self.read(b, k1, k2).or_else(|| self.read(b + 2, k1, k2)).map(|w2| w2 & WIN_BIT != 0)
    }

    #[inline(always)]
    fn write(&self, at: usize, k1: u64, w2: u64) {
        self.words[at].store(k1 ^ mix(w2), Ordering::Relaxed);
        self.words[at + 1].store(w2, Ordering::Relaxed);
    }

    /// Stores a result proven with a subtree of about `2^work` nodes.
    #[inline(always)]
    fn store(&self, k1: u64, k2: u64, stones: u32, win: bool, work: u32) {
        let w2 = k2 | (work.min(127) as u64) << WORK_SHIFT | if win { WIN_BIT } else { 0 };
        let b = self.bucket(k1, k2, stones);
        if self.read(b, k1, k2).is_some() {
            return;
        }
        let first = self.words[b + 1].load(Ordering::Relaxed);
        let first_work = ((first >> WORK_SHIFT) & 127) as u32;
        if first == 0 || work >= first_work {
            // The first slot's old result moves to the second.
            if first != 0 {
                let w1 = self.words[b].load(Ordering::Relaxed);
                self.words[b + 2].store(w1, Ordering::Relaxed);
                self.words[b + 3].store(first, Ordering::Relaxed);
            }
            self.write(b, k1, w2);
        } else {
            self.write(b + 2, k1, w2);
        }
    }

    /// Asks the processor to bring a position's bucket into the cache.
    #[inline(always)]
    fn prefetch(&self, shape: &WideBoard, own: u128, enemy: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            let (k1, k2) = Self::key(shape, own, enemy);
            let at = self.bucket(k1, k2, (own | enemy).count_ones());
            // SAFETY: a prefetch is only a hint; the pointer is inside the table.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(self.words.as_ptr().add(at) as *const i8);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (shape, own, enemy);
    }

    /// The stored result of a position, if any.
    pub fn lookup(&self, shape: &WideBoard, own: u128, enemy: u128) -> Option<bool> {
        let (k1, k2) = Self::key(shape, own, enemy);
        self.probe(k1, k2, (own | enemy).count_ones())
    }
}

/// When a proof must give up: any of the flags set, the deadline passed or the node budget
/// spent.
pub struct Stops<'a> {
    /// Flags checked every few thousand nodes.
    pub flags: &'a [&'a AtomicBool],
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Node budget for this prover.
    pub max_nodes: u64,
    /// Nodes are added here as they are searched (for progress reports), if given.
    pub counter: Option<&'a AtomicU64>,
}

/// One thread's search over a shared [`Table`].
pub struct Prover<'a> {
    shape: WideBoard,
    table: &'a Table,
    stops: Stops<'a>,
    nodes: u64,
    counted: u64,
    stopped: bool,
    /// 0: the usual move order; others break ties between equally good moves differently
    /// (a helper proving the same position as another thread explores elsewhere first).
    variant: u32,
    bufs: Vec<Vec<(u32, u128, u128)>>,
    /// Per depth, the last two moves (as `from | to`) that won there: tried first among moves
    /// with equally few replies (on one thread: 6×6 5.49 M → 4.86 M nodes, 4×10 31.2 M →
    /// 27.1 M, 5×8 51.1 M → 45.0 M; put before every other move instead, they double the nodes).
    killers: Vec<(u128, u128)>,
}

impl<'a> Prover<'a> {
    /// A prover for positions of `shape`.
    pub fn new(shape: WideBoard, table: &'a Table, stops: Stops<'a>) -> Prover<'a> {
        Prover {
            shape,
            table,
            stops,
            nodes: 0,
            counted: 0,
            stopped: false,
            variant: 0,
            bufs: Vec::new(),
            killers: Vec::new(),
        }
    }

    /// The same prover with move-order variant `variant` (0 is the usual order).
    pub fn with_variant(mut self, variant: u32) -> Prover<'a> {
        self.variant = variant;
        self
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side owning `own`, to move, wins; `None` if a stop came first.
    pub fn wins(&mut self, own: u128, enemy: u128) -> Option<bool> {
        if self.stopped {
            return None;
        }
        let w = self.win(own, enemy, 0);
        self.flush();
        (!self.stopped).then_some(w)
    }

    fn flush(&mut self) {
        if let Some(c) = self.stops.counter {
            c.fetch_add(self.nodes - self.counted, Ordering::Relaxed);
        }
        self.counted = self.nodes;
    }

    #[cold]
    fn check_stops(&mut self) {
        self.flush();
        if self.stops.flags.iter().any(|f| f.load(Ordering::Relaxed))
            || self.nodes >= self.stops.max_nodes
            || self.stops.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
    }

    fn win(&mut self, own: u128, enemy: u128, depth: usize) -> bool {
        self.nodes += 1;
        if self.nodes & 4095 == 0 {
            self.check_stops();
        }
        if self.stopped {
            return false;
        }
        let stones = (own | enemy).count_ones();
        let use_tt = stones >= TABLE_MIN_STONES;
        let (k1, k2) = Table::key(&self.shape, own, enemy);
        if use_tt && let Some(w) = self.table.probe(k1, k2, stones) {
            return w;
        }
        let start = self.nodes;
        if self.bufs.len() <= depth {
            self.bufs.resize_with(depth + 1, || Vec::with_capacity(32));
            self.killers.resize(depth + 1, (0, 0));
        }
        let killer = self.killers[depth];
        let mut kids = std::mem::take(&mut self.bufs[depth]);
        kids.clear();
        let shape = self.shape;
        let mut immediate = false;
        let table = self.table;
        let variant = self.variant;
        shape.for_each_child(own, enemy, |o, e| {
            table.prefetch(&shape, o, e);
            let n = shape.count_moves(o, e);
            immediate = n == 0;
            // Fewest replies first; among equals, the most moves left for the mover.
            let key = (n * 64 + 63 - shape.count_moves(e, o).min(63)) * 8
                + if variant == 0 {
                    0
                } else {
                    (mix(o as u64 ^ (e as u64).rotate_left(variant) ^ variant as u64) >> 61) as u32
                };
            let key = if own ^ e == killer.0 {
                n * 64 * 8
            } else if own ^ e == killer.1 {
                n * 64 * 8 + 1
            } else {
                key
            };
            kids.push((key, o, e));
            immediate
        });
        let mut win = immediate;
        if !win {
            kids.sort_unstable_by_key(|&(n, ..)| n);
        }
        if !win && kids.len() >= ETC_MIN_CHILDREN && use_tt {
            // A child already known lost wins at once; one known won needs no search.
            for k in kids.iter_mut() {
                match self.table.lookup(&shape, k.1, k.2) {
                    Some(false) => {
                        win = true;
                        break;
                    }
                    Some(true) => k.0 = u32::MAX,
                    None => {}
                }
            }
        }
        if !win {
            for &(n, o, e) in &kids {
                if n != u32::MAX && !self.win(o, e, depth + 1) {
                    win = true;
                    let k = &mut self.killers[depth];
                    if k.0 != own ^ e {
                        *k = (own ^ e, k.0);
                    }
                    break;
                }
                if self.stopped {
                    break;
                }
            }
        }
        self.bufs[depth] = kids;
        if self.stopped {
            return false;
        }
        if use_tt {
            let work = 64 - (self.nodes - start).leading_zeros();
            self.table.store(k1, k2, stones, win, work);
        }
        win
    }
}

/// Children looked up in the table before any is searched only when there are at least this
/// many (with fewer, the lookups cost more than they save: measured on 6×6).
const ETC_MIN_CHILDREN: usize = 3;
/// Positions with fewer stones are searched without the table (their subtrees are tiny).
const TABLE_MIN_STONES: u32 = 6;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Geometry, Position};

    fn plain_wins(p: &Position) -> bool {
        p.legal_moves().into_iter().any(|m| !plain_wins(&p.after(m)))
    }

    #[test]
    fn proofs_agree_with_a_plain_search_with_one_table_for_many_positions() {
        let geo = Geometry::new(4, 5).unwrap();
        let shape = WideBoard::of(&geo).unwrap();
        let table = Table::new(1 << 16);
        let stop = AtomicBool::new(false);
        let flags = [&stop];
        let mut prover =
            Prover::new(shape, &table, Stops { flags: &flags, deadline: None, max_nodes: u64::MAX, counter: None });
        let start = Position::start(geo);
        let mut checked = 0;
        for a in start.legal_moves() {
            let p1 = start.after(a);
            for b in p1.legal_moves() {
                let p2 = p1.after(b);
                let (own, enemy) = shape.sides(&p2);
                assert_eq!(prover.wins(own, enemy), Some(plain_wins(&p2)));
                for m in p2.legal_moves() {
                    let p3 = p2.after(m);
                    let (own, enemy) = shape.sides(&p3);
                    assert_eq!(prover.wins(own, enemy), Some(plain_wins(&p3)));
                    checked += 1;
                }
            }
        }
        assert!(checked > 10);
        // A tiny table must still give the right answers (entries replaced all the time).
        let small = Table::new(1);
        let mut prover =
            Prover::new(shape, &small, Stops { flags: &[], deadline: None, max_nodes: u64::MAX, counter: None });
        let p = start.after(start.legal_moves()[0]);
        let p = p.after(p.legal_moves()[0]);
        let (own, enemy) = shape.sides(&p);
        assert_eq!(prover.wins(own, enemy), Some(plain_wins(&p)));
        assert_eq!(p.to_move(), Color::Black);
    }

    #[test]
    fn a_table_with_a_near_region_keeps_small_and_large_positions_apart_and_right() {
        let geo = Geometry::new(4, 5).unwrap();
        let shape = WideBoard::of(&geo).unwrap();
        // 64 buckets near for positions of at most 12 stones, 448 far for the rest.
        let table = Table::try_split(16 << 10, 2 << 10, 12).unwrap();
        assert_eq!((table.buckets, table.near, table.near_stones), (512, 64, 12));
        let mut prover =
            Prover::new(shape, &table, Stops { flags: &[], deadline: None, max_nodes: u64::MAX, counter: None });
        let start = Position::start(geo);
        let mut checked = 0;
        for a in start.legal_moves() {
            let p1 = start.after(a);
            for b in p1.legal_moves() {
                let p2 = p1.after(b);
                let (own, enemy) = shape.sides(&p2);
                assert_eq!(prover.wins(own, enemy), Some(plain_wins(&p2)));
                assert_eq!(table.lookup(&shape, own, enemy), Some(plain_wins(&p2)), "the root is kept");
                checked += 1;
            }
        }
        assert!(checked > 4);
        // Small positions sit in the near region's words, large ones after it.
        let (near, far) = table
            .words
            .chunks(4)
            .enumerate()
            .filter(|(_, b)| b[1].load(Ordering::Relaxed) != 0)
            .fold((0, 0), |(n, f), (i, _)| if i < 64 { (n + 1, f) } else { (n, f + 1) });
        assert!(near > 0 && far > 0, "both regions used: {near} near, {far} far");
        // Only a table larger than the threshold is split, never beyond its cap.
        assert_eq!(Table::try_for_board(1 << 20, 20).unwrap().near, 0);
        let bytes = NEAR_FROM_BYTES * 2;
        let big = Table::try_for_board(bytes, 49).unwrap();
        assert_eq!((big.near * 32, big.near_stones), ((bytes / 4).min(NEAR_MAX_BYTES), 24));
    }

    #[test]
    fn a_set_flag_or_spent_budget_stops_the_proof() {
        let geo = Geometry::new(6, 6).unwrap();
        let shape = WideBoard::of(&geo).unwrap();
        let table = Table::new(1 << 20);
        let start = Position::start(geo);
        let p = start.after(start.legal_moves()[0]);
        let p = p.after(p.legal_moves()[0]);
        let (own, enemy) = shape.sides(&p);
        let stop = AtomicBool::new(true);
        let flags = [&stop];
        let mut prover =
            Prover::new(shape, &table, Stops { flags: &flags, deadline: None, max_nodes: u64::MAX, counter: None });
        // The flag is looked at every 4096 nodes: a 6×6 proof is far longer than that.
        assert_eq!(prover.wins(own, enemy), None);
        let mut prover =
            Prover::new(shape, &table, Stops { flags: &[], deadline: None, max_nodes: 10_000, counter: None });
        assert_eq!(prover.wins(own, enemy), None);
        assert!(prover.nodes() < 20_000);
    }
}
