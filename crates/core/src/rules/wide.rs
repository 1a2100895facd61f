//! Jumping-phase move generation on boards that fit in 128 bits (8×8 is 72 bits with its guard
//! column; up to about 11×10), on pairs of `u128` stone sets. Perft and the exact prover both
//! count and play jumps here, without building [`Move`](super::Move)s or
//! [`Position`](super::Position)s.
//!
//! A position is `(own, enemy)`: the side to move's stones and the other side's, bit
//! `row * stride + col` (as [`Geometry::index`]). A jump turns it into
//! `(enemy − captured, own − from + to)`, with the other side to move.

use super::bits::Bits;
use super::position::{Geometry, Position};

/// A board that fits in 128 bits: its cells and its row stride (columns + 1: the guard column
/// keeps sideways shifts from wrapping into the next row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideBoard {
    valid: u128,
    stride: i32,
    bits: u32,
}

/// `v` seen from `off`: bit `x` of the result is bit `x + off` of `v`.
#[inline(always)]
fn look(v: u128, off: i32) -> u128 {
    if off >= 0 { v >> off } else { v << -off }
}

/// A 64-bit mixing function (a strong finaliser: every input bit affects every output bit).
#[inline(always)]
pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 32;
    x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^= x >> 32;
    x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^ (x >> 32)
}

/// A 128-bit fingerprint of a position `(own, enemy)`, as two independent 64-bit hashes (for
/// tables whose keys must not be the position itself).
#[inline(always)]
pub fn fingerprint(own: u128, enemy: u128) -> (u64, u64) {
    let (a, b, c, d) = (own as u64, (own >> 64) as u64, enemy as u64, (enemy >> 64) as u64);
    let k1 = mix(mix(a ^ 0x243F_6A88_85A3_08D3) ^ b) ^ mix(mix(c ^ 0x1319_8A2E_0370_7344) ^ d).rotate_left(1);
    let k2 = mix(mix(c ^ 0xA409_3822_299F_31D0) ^ a) ^ mix(mix(d ^ 0x082E_FA98_EC4E_6C89) ^ b).rotate_left(7);
    (k1, k2)
}

/// A 448-bit set as a `u128` (the caller knows the upper bits are clear).
#[inline]
fn narrow(b: Bits) -> u128 {
    b.0[0] as u128 | (b.0[1] as u128) << 64
}

impl WideBoard {
    /// The board of `geo`, if it fits in 128 bits.
    pub fn of(geo: &Geometry) -> Option<WideBoard> {
        let stride = geo.cols() as u32 + 1;
        let bits = geo.rows() as u32 * stride;
        (bits <= 128).then(|| WideBoard { valid: narrow(geo.cells()), stride: stride as i32, bits })
    }

    /// Bits the board spans, guard column included (`rows × (cols + 1)`).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// A position's stones as `(side to move, other side)`. Only meaningful for a position on
    /// this board.
    pub fn sides(&self, p: &Position) -> (u128, u128) {
        (narrow(p.stones(p.to_move())), narrow(p.stones(p.to_move().opponent())))
    }

    /// Calls `f(from, offset, hops)` for each set `from` of the side owning `own`'s stones that
    /// can jump `hops` enemy stones in direction `offset` (±1 sideways, ±stride up or down).
    /// Stops early when `f` returns true.
    #[inline(always)]
    pub fn for_each_group(&self, own: u128, enemy: u128, mut f: impl FnMut(u128, i32, i32) -> bool) {
        let empty = self.valid & !own & !enemy;
        for off in [1, -1, self.stride, -self.stride] {
            let pattern = look(enemy, off) & look(empty, 2 * off);
            let mut from = own & pattern;
            let mut ahead = pattern;
            let mut hops = 1;
            while from != 0 {
                if f(from, off, hops) {
                    return;
                }
                ahead = look(ahead, 2 * off);
                from &= ahead;
                hops += 1;
            }
        }
    }

    /// Number of jumps the side owning `own` has.
    #[inline(always)]
    pub fn count_moves(&self, own: u128, enemy: u128) -> u32 {
        let mut n = 0;
        self.for_each_group(own, enemy, |from, _, _| {
            n += from.count_ones();
            false
        });
        n
    }

    /// Calls `f(child_own, child_enemy)` for every jump of the side owning `own`: the position
    /// after it, from the other side's point of view. Stops early when `f` returns true.
    #[inline(always)]
    pub fn for_each_child(&self, own: u128, enemy: u128, mut f: impl FnMut(u128, u128) -> bool) {
        self.for_each_group(own, enemy, |mut group, off, hops| {
            while group != 0 {
                let i = group.trailing_zeros() as i32;
                group &= group - 1;
                let mut captured = 0u128;
                for k in 0..hops {
                    captured |= 1u128 << (i + (2 * k + 1) * off);
                }
                let to = i + 2 * hops * off;
                if f(enemy & !captured, own ^ (1u128 << i) ^ (1u128 << to)) {
                    return true;
                }
            }
            false
        });
    }

    /// Leaf move sequences of length `depth` from `(own, enemy)`, the last ply bulk-counted.
    pub fn perft(&self, own: u128, enemy: u128, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves(own, enemy) as u64,
            _ => {
                let mut total = 0;
                self.for_each_child(own, enemy, |o, e| {
                    total += self.perft(o, e, depth - 1);
                    false
                });
                total
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Phase;

    #[test]
    fn children_and_counts_agree_with_the_rules() {
        let mut rng = 12345u64;
        for (r, c) in [(5u8, 5u8), (4, 7), (8, 8), (1, 9), (10, 11), (6, 6), (3, 1)] {
            let geo = Geometry::new(r, c).unwrap();
            let board = WideBoard::of(&geo).unwrap();
            assert_eq!(board.bits(), r as u32 * (c as u32 + 1));
            for _ in 0..20 {
                let mut p = Position::start(geo);
                loop {
                    let moves = p.legal_moves();
                    if p.opening_phase() == Phase::Jumping {
                        let (own, enemy) = board.sides(&p);
                        assert_eq!(board.count_moves(own, enemy) as usize, moves.len(), "{r}x{c}");
                        let mut kids = Vec::new();
                        board.for_each_child(own, enemy, |o, e| {
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
    }

    #[test]
    fn boards_over_128_bits_do_not_fit() {
        assert!(WideBoard::of(&Geometry::new(11, 10).unwrap()).is_some());
        assert!(WideBoard::of(&Geometry::new(12, 10).unwrap()).is_none());
        assert!(WideBoard::of(&Geometry::new(20, 20).unwrap()).is_none());
    }

    #[test]
    fn an_early_stop_ends_the_walk() {
        let geo = Geometry::new(6, 6).unwrap();
        let board = WideBoard::of(&geo).unwrap();
        let mut p = Position::start(geo);
        while p.opening_phase() != Phase::Jumping || p.legal_moves().len() < 2 {
            p = p.after(p.legal_moves()[0]);
        }
        let (own, enemy) = board.sides(&p);
        assert!(board.count_moves(own, enemy) > 1);
        let mut seen = 0;
        board.for_each_child(own, enemy, |_, _| {
            seen += 1;
            true
        });
        assert_eq!(seen, 1);
    }
}
