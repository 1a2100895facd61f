//! A fixed-size bitboard wide enough for a 20×20 board with a guard column.

/// Number of 64-bit words in a [`Bits`]: 448 bits ≥ 20 rows × 21 (20 columns + 1 guard).
pub const WORDS: usize = 7;
/// Number of addressable bits.
pub const BITS: usize = WORDS * 64;

/// A set of board cells, addressed by `row * stride + col`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; WORDS]);

    /// Whether no bit is set.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of set bits.
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether bit `i` is set.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Sets bit `i`.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Clears bit `i`.
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Bitwise and.
    #[inline]
    pub fn and(self, o: Bits) -> Bits {
        let mut r = self;
        for i in 0..WORDS {
            r.0[i] &= o.0[i];
        }
        r
    }

    /// Bitwise or.
    #[inline]
    pub fn or(self, o: Bits) -> Bits {
        let mut r = self;
        for i in 0..WORDS {
            r.0[i] |= o.0[i];
        }
        r
    }

    /// `self & !o`.
    #[inline]
    pub fn and_not(self, o: Bits) -> Bits {
        let mut r = self;
        for i in 0..WORDS {
            r.0[i] &= !o.0[i];
        }
        r
    }

    /// Moves every bit to a higher index by `n` (1..64).
    #[inline]
    fn shl(self, n: u32) -> Bits {
        debug_assert!(n > 0 && n < 64);
        let w = self.0;
        let mut r = [0u64; WORDS];
        r[0] = w[0] << n;
        for i in 1..WORDS {
            r[i] = (w[i] << n) | (w[i - 1] >> (64 - n));
        }
        Bits(r)
    }

    /// Moves every bit to a lower index by `n` (1..64).
    #[inline]
    fn shr(self, n: u32) -> Bits {
        debug_assert!(n > 0 && n < 64);
        let w = self.0;
        let mut r = [0u64; WORDS];
        for i in 0..WORDS - 1 {
            r[i] = (w[i] >> n) | (w[i + 1] << (64 - n));
        }
        r[WORDS - 1] = w[WORDS - 1] >> n;
        Bits(r)
    }

    /// The set whose bit `x` equals this set's bit `x + offset` (bits shifted out are lost,
    /// zeros are shifted in). `|offset|` must be below 64.
    #[inline]
    pub fn look(self, offset: i32) -> Bits {
        if offset > 0 { self.shr(offset as u32) } else { self.shl((-offset) as u32) }
    }

    /// Iterates over the indices of set bits, lowest first.
    pub fn iter(self) -> BitIter {
        BitIter { bits: self, word: 0 }
    }
}

/// Iterator over the set bits of a [`Bits`].
pub struct BitIter {
    bits: Bits,
    word: usize,
}

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let w = self.bits.0[self.word];
            if w != 0 {
                let t = w.trailing_zeros() as usize;
                self.bits.0[self.word] = w & (w - 1);
                return Some(self.word * 64 + t);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_crosses_word_boundaries() {
        let mut b = Bits::EMPTY;
        b.set(70);
        assert!(b.look(10).get(60));
        assert!(b.look(-10).get(80));
        assert_eq!(b.look(-10).count(), 1);
        let mut top = Bits::EMPTY;
        top.set(BITS - 1);
        assert!(top.look(-1).is_empty());
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![70]);
    }
}
