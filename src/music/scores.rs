//! The three pieces, written out bar by bar: their tempo, tuning, chords and melodies.

use super::*;

/// A piece written out: the chords and melody bar by bar, and how it is played.
pub(super) struct Score {
    /// Samples per eighth note: a whole number, so every bar and the loop are whole samples.
    pub(super) eighth: usize,
    /// Quarter-note beats in a bar.
    pub(super) beats: usize,
    /// How late the off-beat eighths come, as a fraction of an eighth (a gentle lilt).
    pub(super) swing: f32,
    /// The key's tonic as a pitch class (0 = C), for checking the melody keeps to its scale.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) key: u8,
    /// What the thumb and the other fingers play on each beat: `R` the chord's root on the bass,
    /// `F` its fifth, `I` a soft dyad of inner chord tones, `U` a ukulele strum.
    pub(super) pattern: &'static [&'static str],
    /// How many melody notes may ring together (more lets the open strings shimmer).
    pub(super) ring: usize,
    /// The surf bed's loudness against the strings (0 for none).
    pub(super) surf: f32,
    /// Each bar: its chords (one, or two splitting the bar), and its melody, one token per
    /// eighth: a note (`f#4`; written as guitar music is, an octave above where it sounds),
    /// `-` to let it ring, `a+c` for two notes at once, a trailing `h` for a note hammered on
    /// (or pulled off) on the string that is still ringing, without a new pluck.
    pub(super) bars: &'static [(&'static str, &'static str)],
    /// Seeds the piece's small variations in timing, touch and pluck noise.
    pub(super) seed: u32,
}

impl Score {
    pub(super) fn bar_len(&self) -> usize {
        self.eighth * 2 * self.beats
    }

    pub(super) fn loop_len(&self) -> usize {
        self.bar_len() * self.bars.len()
    }
}

/// Samples per eighth note at `bpm` quarter notes a minute (tempos are chosen so it is whole).
pub(super) const fn eighth(bpm: usize) -> usize {
    RATE as usize * 30 / bpm
}

/// The written score of a piece.
pub(super) fn score(piece: Piece) -> &'static Score {
    match piece {
        Piece::Kaiao => &KAIAO,
        Piece::Ahiahi => &AHIAHI,
        Piece::Malie => &MALIE,
    }
}

/// G major, taro patch (D G D G B D): the thumb alternates root and fifth on every beat,
/// the fingers add a soft dyad on the back beats. A (8 bars), B (8) on the IV and vi, A'.
pub(super) const KAIAO: Score = Score {
    eighth: eighth(84),
    beats: 4,
    swing: 0.12,
    key: 7,
    pattern: &["R", "FI", "R", "FI"],
    ring: 2,
    surf: 0.0,
    seed: 1,
    bars: &[
        ("G", "d5 - b4 d5 e5 - d5 b4"),
        ("C", "e5 - g5 e5 d5 - c5 -"),
        ("G", "d5 - b4 - g4 a4h b4 d5"),
        ("D7", "a4 - f#4 a4 c5 - b4 a4"),
        ("G", "b4 - d5 - g5 - f#5 e5"),
        ("C", "e5 - c5 - g4 - a4 c5"),
        ("G D", "b4 g4 d5 b4 a4 - f#4 a4"),
        ("G", "g4 - - - b4 - d5 e5"),
        ("C", "g5 - e5 - c5 - e5 g5"),
        ("C", "g5 - a5 g5 e5 - d5 e5"),
        ("G", "d5 - b4 d5 g5 - d5 -"),
        ("Em", "e5 - b4 - g4 - a4h b4"),
        ("Am", "c5 - a4 c5 e5 - c5 a4"),
        ("D", "a4 - d5 - f#5 - e5 d5"),
        ("G", "b4 - g4 b4 d5 - e5 d5"),
        ("D7", "a4 - - - f#4 g4 a4 c5"),
        ("G", "b4+d5 - b4 d5 g5 - d5 b4"),
        ("C", "c5+e5 - g5 e5 d5 - c5 -"),
        ("G", "d5 - b4 - g4 a4h b4 d5"),
        ("D7", "c5 - a4 - f#4 - e4 f#4"),
        ("G", "g4 - b4 - d5 - g5 -"),
        ("C", "e5 - c5 e5 g5 e5 c5 a4"),
        ("G D", "b4 - g4 - f#4+a4 - d4 f#4"),
        ("G", "g4+b4 - - - - a4 b4 c5"),
    ],
};

/// D major, open D: a slower thumb (root and fifth on 1 and 3), a ukulele brushing the
/// chord on 2 and 4, a longer-breathed melody. Ends on A, which leads back to D.
pub(super) const AHIAHI: Score = Score {
    eighth: eighth(72),
    beats: 4,
    swing: 0.1,
    key: 2,
    pattern: &["R", "U", "F", "U"],
    ring: 2,
    surf: 0.0,
    seed: 2,
    bars: &[
        ("D", "f#5 - - e5 d5 - a4 -"),
        ("D", "a4 - b4 a4 f#4 - e4 f#4h"),
        ("G", "g4 - b4 - d5 - e5 d5"),
        ("D", "f#5 - - - e5 - d5 e5"),
        ("Bm", "f#5 - d5 - b4 - d5 f#5"),
        ("G", "g5 - f#5 e5 d5 - b4 d5"),
        ("A", "e5 - - - c#5 - a4 b4h"),
        ("A", "c#5 - b4 a4 e4 - - -"),
        ("D", "d5 - f#5 - a5 - f#5 e5"),
        ("D", "d5 - - - a4 - b4 d5"),
        ("G", "b4 - d5 g5 - f#5 e5 d5"),
        ("Em", "e5 - - d5 b4 - g4 -"),
        ("D Bm", "f#4 a4 d5 - d5 - c#5 b4"),
        ("G A", "b4 - g4 b4 c#5 - e5 -"),
        ("D", "d5+f#5 - - - - - a4 -"),
        ("A", "e5 - - - c#5 - d5 e5"),
    ],
};

/// C major, C wahine tuning: a waltz, the bass on 1 and a soft dyad on 2 and 3, the
/// melody mostly in long notes that ring into each other; a faint surf underneath.
pub(super) const MALIE: Score = Score {
    eighth: eighth(70),
    beats: 3,
    swing: 0.0,
    key: 0,
    pattern: &["R", "I", "I"],
    ring: 3,
    surf: 0.25,
    seed: 3,
    bars: &[
        ("C", "e5 - - - g5 -"),
        ("C", "e5 - d5 - c5 -"),
        ("F", "c5 - - - a4 -"),
        ("C", "g4 - - - - -"),
        ("Am", "a4 - c5 - e5 -"),
        ("F", "f5 - e5 - c5 -"),
        ("G", "d5 - - - b4 -"),
        ("G", "g4 - - - - -"),
        ("F", "a4 - c5 - f5 -"),
        ("F", "a5 - g5 - f5 -"),
        ("C", "e5 - - - c5 -"),
        ("C", "g4 - - - c5 d5h"),
        ("Dm", "f5 - - - e5 d5h"),
        ("G", "b4 - d5 - g5 -"),
        ("C", "e5 - - - - -"),
        ("Am", "e5 - c5 - a4 -"),
        ("C", "g5 - - - e5 -"),
        ("C", "c5 - d5 - e5 -"),
        ("F", "f5 - - - c5 -"),
        ("C", "e5 - - - - -"),
        ("Am", "c5 - - - a4 -"),
        ("F", "c5 - a4 - f4 -"),
        ("G", "g4 - b4 - d5 -"),
        ("G7", "d5 - - - - -"),
    ],
};
