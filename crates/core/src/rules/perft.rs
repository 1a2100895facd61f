//! Perft: counting the move sequences of a given length, the standard check of a move
//! generator. Jumping-phase positions on boards of up to 128 bits are counted on
//! [`WideBoard`]s, the rest with [`Position::legal_moves`].

use super::position::{Move, Phase, Position};
use super::wide::{WideBoard, fingerprint, mix};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Counts leaf move sequences of length `depth` (bulk-counting the last ply).
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return p.move_count() as u64;
    }
    // Past the opening, boards of up to 128 bits (8×8 is 72 with its guard column) are
    // counted on 128-bit boards, without building moves or positions.
    if p.opening_phase() == Phase::Jumping
        && let Some(board) = WideBoard::of(p.geometry())
    {
        let (own, enemy) = board.sides(p);
        return board.perft(own, enemy, depth);
    }
    let mut moves = Vec::with_capacity(64);
    p.legal_moves_into(&mut moves);
    moves.iter().map(|&m| perft(&p.after(m), depth - 1)).sum()
}

/// Per-root-move perft counts (none at depth 0, where the count is 1 with no move).
pub fn perft_divide(p: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    p.legal_moves().into_iter().map(|m| (m, perft(&p.after(m), depth - 1))).collect()
}

/// Subtrees at most this deep are counted by [`perft`] in one go by [`perft_until`].
const PERFT_CHUNK: u32 = 3;

/// [`perft`] that can be stopped: gives up with `None` soon after `stop` is set, and adds the
/// count of every finished subtree to `progress` as it goes.
pub fn perft_until(p: &Position, depth: u32, stop: &AtomicBool, progress: &AtomicU64) -> Option<u64> {
    until(p, depth, None, stop, progress)
}

/// [`perft_until`] with a transposition table: a subtree counted once (the same position and
/// depth, reached by other move orders) is not counted again. Only jumping-phase positions on
/// boards of up to 128 bits are kept in the table; the others are counted as by [`perft`].
pub fn perft_until_hashed(
    p: &Position,
    depth: u32,
    table: &PerftTable,
    stop: &AtomicBool,
    progress: &AtomicU64,
) -> Option<u64> {
    until(p, depth, Some(table), stop, progress)
}

fn until(p: &Position, depth: u32, table: Option<&PerftTable>, stop: &AtomicBool, progress: &AtomicU64) -> Option<u64> {
    let wide = (p.opening_phase() == Phase::Jumping).then(|| WideBoard::of(p.geometry())).flatten();
    if depth <= PERFT_CHUNK {
        let n = match (table, wide) {
            (Some(t), Some(board)) => {
                let (own, enemy) = board.sides(p);
                t.perft(&board, own, enemy, depth)
            }
            (Some(_), None) if depth > 1 => p
                .legal_moves()
                .into_iter()
                .map(|m| until(&p.after(m), depth - 1, table, stop, progress))
                .sum::<Option<u64>>()?,
            _ => perft(p, depth),
        };
        if table.is_none() || wide.is_some() || depth <= 1 {
            progress.fetch_add(n, Ordering::Relaxed);
        }
        return Some(n);
    }
    let key = match (table, wide) {
        (Some(t), Some(board)) => {
            let (own, enemy) = board.sides(p);
            let key = PerftTable::key(own, enemy, depth);
            if let Some(n) = t.probe(key) {
                progress.fetch_add(n, Ordering::Relaxed);
                return Some(n);
            }
            Some(key)
        }
        _ => None,
    };
    let mut total = 0;
    for m in p.legal_moves() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        total += until(&p.after(m), depth - 1, table, stop, progress)?;
    }
    if let (Some(t), Some(key)) = (table, key) {
        t.store(key, total);
    }
    Some(total)
}

/// Subtrees at most this deep are counted without the table (cheaper than a lookup).
const HASH_MIN_DEPTH: u32 = 3;
const DEPTH_SHIFT: u32 = 58;

/// A perft transposition table that threads can share: buckets of two entries of three
/// 64-bit words (a 122-bit fingerprint of the position and depth, and the count). The first
/// entry of a bucket keeps the deeper subtree, the second the newest. The first word is
/// xor-ed with a mix of the other two, so an entry torn by two threads writing at once reads as
/// a miss.
pub struct PerftTable {
    words: Vec<AtomicU64>,
    buckets: usize,
}

/// A position's table key: two fingerprint words, the second with the depth in its top bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key(u64, u64);

impl PerftTable {
    /// A table of at most `bytes` bytes (at least one bucket), or why there is not that much
    /// memory.
    pub fn new(bytes: usize) -> Result<PerftTable, String> {
        let buckets = (bytes / 48).max(1);
        let words = buckets
            .checked_mul(6)
            .and_then(crate::memory::zeroed_atomics)
            .ok_or_else(|| format!("cannot allocate {} MiB for the perft table", bytes >> 20))?;
        Ok(PerftTable { words, buckets })
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.words.len() * 8
    }

    fn key(own: u128, enemy: u128, depth: u32) -> Key {
        let (k1, k2) = fingerprint(own, enemy);
        Key(k1, (k2 >> 6) | (depth as u64) << DEPTH_SHIFT)
    }

    fn bucket(&self, key: Key) -> usize {
        (mix(key.0 ^ key.1.rotate_left(17)) as usize % self.buckets) * 6
    }

    fn read(&self, at: usize, key: Key) -> Option<u64> {
        if self.words[at + 1].load(Ordering::Relaxed) != key.1 {
            return None;
        }
        let count = self.words[at + 2].load(Ordering::Relaxed);
        (self.words[at].load(Ordering::Relaxed) ^ mix(count ^ key.1) == key.0).then_some(count)
    }

    fn probe(&self, key: Key) -> Option<u64> {
        let b = self.bucket(key);
        self.read(b, key).or_else(|| self.read(b + 3, key))
    }

    fn write(&self, at: usize, key: Key, count: u64) {
        self.words[at].store(key.0 ^ mix(count ^ key.1), Ordering::Relaxed);
        self.words[at + 1].store(key.1, Ordering::Relaxed);
        self.words[at + 2].store(count, Ordering::Relaxed);
    }

    fn store(&self, key: Key, count: u64) {
        let b = self.bucket(key);
        let first = self.words[b + 1].load(Ordering::Relaxed);
        if first == 0 || key.1 >> DEPTH_SHIFT >= first >> DEPTH_SHIFT {
            if first != 0 && first != key.1 {
                for i in 0..3 {
                    self.words[b + 3 + i].store(self.words[b + i].load(Ordering::Relaxed), Ordering::Relaxed);
                }
            }
            self.write(b, key, count);
        } else {
            self.write(b + 3, key, count);
        }
    }

    /// Perft of `(own, enemy)` on `board` through the table.
    fn perft(&self, board: &WideBoard, own: u128, enemy: u128, depth: u32) -> u64 {
        if depth < HASH_MIN_DEPTH {
            return board.perft(own, enemy, depth);
        }
        let key = Self::key(own, enemy, depth);
        if let Some(n) = self.probe(key) {
            return n;
        }
        let mut total = 0;
        board.for_each_child(own, enemy, |o, e| {
            total += self.perft(board, o, e, depth - 1);
            false
        });
        self.store(key, total);
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Geometry;

    #[test]
    fn hashed_counts_equal_plain_ones_even_in_a_tiny_table() {
        let stop = AtomicBool::new(false);
        for (r, c, depth) in [(8u8, 8u8, 7u32), (6, 6, 8), (5, 7, 9), (12, 12, 5)] {
            let p = Position::start(Geometry::new(r, c).unwrap());
            let plain = perft(&p, depth);
            for bytes in [48, 1 << 20] {
                let table = PerftTable::new(bytes).unwrap();
                let progress = AtomicU64::new(0);
                let n = perft_until_hashed(&p, depth, &table, &stop, &progress);
                assert_eq!(n, Some(plain), "{r}x{c} depth {depth}, {bytes} bytes");
                // A second count reads from the table and agrees.
                assert_eq!(perft_until_hashed(&p, depth, &table, &stop, &progress), Some(plain));
            }
        }
    }

    #[test]
    fn the_reference_count_with_a_table() {
        let stop = AtomicBool::new(false);
        let table = PerftTable::new(1 << 22).unwrap();
        let p = Position::start(Geometry::new(8, 8).unwrap());
        assert_eq!(perft_until_hashed(&p, 9, &table, &stop, &AtomicU64::new(0)), Some(4_633_660));
    }
}
