//! The game's background music, synthesised from scratch like its sounds (see [`crate::synth`]):
//! slack-key guitar pieces played by plucked-string models (Karplus–Strong) through a small
//! guitar body and room. Each piece is written out note by note (`scores.rs`), in the style of kī hōʻalu:
//! an open tuning, the thumb alternating on the bass strings while the fingers play the melody
//! on top, with hammer-ons and pull-offs. Every piece is a seamless loop of a whole number of bars.
//! Engine-free: the game plays these, a tool can write them as WAV with [`crate::synth::wav`].

mod scores;
mod strings;

use scores::*;
use strings::*;

use crate::synth::{BandPass, LowPass, Noise, RATE, room, samples};

/// One piece of background music.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// Dawn: G major in taro patch tuning, an alternating thumb under a lilting melody.
    Kaiao,
    /// Evening: D major in open D, with a soft ukulele on the back beats.
    Ahiahi,
    /// Calm: a slow, sparse waltz in C over a faint surf, for the menus.
    Malie,
}

impl Piece {
    /// Every piece, in the order a listing shows them.
    pub fn all() -> Vec<Piece> {
        vec![Piece::Kaiao, Piece::Ahiahi, Piece::Malie]
    }

    /// Its file name without extension (`music-kaiao`).
    pub fn name(self) -> &'static str {
        match self {
            Piece::Kaiao => "music-kaiao",
            Piece::Ahiahi => "music-ahiahi",
            Piece::Malie => "music-malie",
        }
    }

    /// What it is, in a line.
    pub fn description(self) -> &'static str {
        match self {
            Piece::Kaiao => {
                "slack-key guitar in G (taro patch), 84 bpm: alternating thumb bass, lilting melody, 24 bars"
            }
            Piece::Ahiahi => "slack-key guitar in D with a soft ukulele on the back beats, 72 bpm, 16 bars",
            Piece::Malie => "a slow, sparse waltz in C for the menus, 70 bpm, over a faint surf, 24 bars",
        }
    }
}

/// Renders a piece as mono samples in -1..1 at [`RATE`], one loop long: played on repeat it
/// has no seam, because whatever still rings at the loop's end is already added into its start.
pub fn render(piece: Piece) -> Vec<f32> {
    let score = score(piece);
    let len = score.loop_len();
    let mut out = fold(&strings(score, 1), len);
    if score.surf > 0.0 {
        // A swell every two bars, so the sea breathes with the music.
        let bed = surf(len, score.bars.len() / 2, score.seed ^ 0x5eed);
        let gain = score.surf * rms(&out) / rms(&bed).max(1e-9);
        for (o, b) in out.iter_mut().zip(&bed) {
            *o += b * gain;
        }
    }
    // A bed under the game's effects, not a sound of its own: a fixed loudness (-22 dBFS RMS),
    // the loudest plucks turned down and anything left rounded off below 0.5.
    level(&mut out);
    tame(&mut out);
    level(&mut out);
    out.into_iter().map(clip).collect()
}

/// Scales to [`TARGET_RMS`].
fn level(s: &mut [f32]) {
    let gain = TARGET_RMS / rms(s).max(1e-9);
    for x in s {
        *x *= gain;
    }
}

/// The loudness every piece is brought to (-22 dBFS).
const TARGET_RMS: f32 = 0.0794;

/// Where the limiter starts to act (before the loudness is set right again, which lifts it by
/// well under 1 dB).
const KNEE: f32 = 0.36;

/// A peak limiter for a loop: where a pluck (or a few together) would rise above [`KNEE`], the
/// gain dips for a moment, 2 ms ahead of it, and comes back over 150 ms. It runs twice round
/// the loop, the first time only to settle, so the gain at the start carries on from the end
/// (and looks ahead across the seam too): no seam.
fn tame(s: &mut [f32]) {
    let n = s.len();
    let ahead = samples(0.002);
    let release = (-1.0 / (0.15 * RATE as f32)).exp();
    let attack = 1.0 - (-1.0 / (0.0005 * RATE as f32)).exp();
    let (mut env, mut gain) = (0.0f32, 1.0f32);
    let mut gains = vec![1.0f32; n];
    for pass in 0..2 {
        for (i, g) in gains.iter_mut().enumerate() {
            let j = if i + ahead < n { i + ahead } else { i + ahead - n };
            env = s[j].abs().max(env * release);
            let want = (KNEE / env.max(1e-9)).min(1.0);
            // Falls quickly, recovers as the envelope releases.
            gain += (want - gain) * if want < gain { attack } else { 1.0 };
            if pass == 1 {
                *g = gain;
            }
        }
    }
    for (x, g) in s.iter_mut().zip(gains) {
        *x *= g;
    }
}

/// A soft clipper for the little the limiter lets through: unchanged below 0.42, then
/// bending smoothly towards 0.48, never above it.
fn clip(x: f32) -> f32 {
    const BEND: f32 = 0.42;
    const CEILING: f32 = 0.48;
    let a = x.abs();
    if a <= BEND { x } else { x.signum() * (BEND + (CEILING - BEND) * ((a - BEND) / (CEILING - BEND)).tanh()) }
}

fn rms(s: &[f32]) -> f32 {
    (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt()
}

/// A note name (`c4`, `f#3`, `bb4`) as a MIDI number (middle C, `c4`, is 60).
fn midi(name: &str) -> u8 {
    let b = name.as_bytes();
    let pc: i32 = match b[0] {
        b'c' => 0,
        b'd' => 2,
        b'e' => 4,
        b'f' => 5,
        b'g' => 7,
        b'a' => 9,
        b'b' => 11,
        _ => panic!("bad note {name}"),
    };
    let (shift, rest) = match b.get(1) {
        Some(b'#') => (1, &name[2..]),
        Some(b'b') => (-1, &name[2..]),
        _ => (0, &name[1..]),
    };
    let octave: i32 = rest.parse().unwrap_or_else(|_| panic!("bad note {name}"));
    (12 * (octave + 1) + pc + shift) as u8
}

fn hz(midi: f32) -> f32 {
    440.0 * 2f32.powf((midi - 69.0) / 12.0)
}

/// A chord symbol (`G`, `Em`, `D7`, `F#m`): its root's pitch class and its tones.
struct Chord {
    root: u8,
    third: u8,
    fifth: u8,
    seventh: Option<u8>,
}

impl Chord {
    fn parse(name: &str) -> Chord {
        let b = name.as_bytes();
        let mut root = (midi(&format!("{}0", (b[0] as char).to_ascii_lowercase())) % 12) as i32;
        let mut rest = &name[1..];
        if let Some(r) = rest.strip_prefix('#') {
            root += 1;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('b') {
            root -= 1;
            rest = r;
        }
        let root = root.rem_euclid(12) as u8;
        let minor = rest.starts_with('m');
        let seventh = rest.ends_with('7');
        Chord {
            root,
            third: (root + if minor { 3 } else { 4 }) % 12,
            fifth: (root + 7) % 12,
            seventh: seventh.then_some((root + 10) % 12),
        }
    }

    /// The bass note: the root between D2 and C♯3, the range of the open tunings' low strings.
    fn bass(&self) -> u8 {
        38 + (self.root + 10) % 12
    }

    /// Two inner tones (the third, and the seventh or else the fifth) on the middle strings,
    /// F3 to E4.
    fn inner(&self) -> [u8; 2] {
        let at = |pc: u8| 53 + (pc + 7) % 12;
        let (a, b) = (at(self.third), at(self.seventh.unwrap_or(self.fifth)));
        [a.min(b), a.max(b)]
    }

    /// The triad on a ukulele, C4 to B4, lowest first.
    fn ukulele(&self) -> [u8; 3] {
        let mut t = [self.root, self.third, self.fifth].map(|pc| 60 + pc);
        t.sort_unstable();
        t
    }
}

/// Who plays a note: it sets the string's sound and which notes stop which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Voice {
    /// The thumb on the low strings.
    Bass,
    /// The fingers' soft chord tones on the middle strings.
    Inner,
    /// The tune.
    Melody,
    /// A ukulele's brushed chord.
    Ukulele,
}

/// How a string sounds.
#[derive(Clone, Copy)]
struct Tone {
    /// Seconds for a 220 Hz fundamental to die away by 60 dB (lower strings ring longer).
    ring: f32,
    /// The loss filter's side taps: 0 rings bright like steel, 0.25 dull like old nylon.
    damp: f32,
    /// The pluck's low-pass (Hz): a thumb's flesh is softer than a fingernail.
    pluck_hz: f32,
    /// Where the string is plucked, as a fraction of its length from the bridge: it cancels
    /// the harmonics with a node there, the hollow sound of a pluck near the middle.
    position: f32,
    /// Level in the mix.
    gain: f32,
    /// Seconds a finger takes to damp the string when the next note stops it.
    release: f32,
    /// The longest a note rings before the player's hand stops it anyway.
    longest: f32,
}

impl Voice {
    fn tone(self) -> Tone {
        match self {
            Voice::Bass => {
                Tone { ring: 5.0, damp: 0.2, pluck_hz: 900.0, position: 0.21, gain: 0.8, release: 0.12, longest: 5.0 }
            }
            Voice::Inner => {
                Tone { ring: 3.5, damp: 0.18, pluck_hz: 1600.0, position: 0.19, gain: 0.38, release: 0.1, longest: 4.0 }
            }
            Voice::Melody => {
                Tone { ring: 4.5, damp: 0.14, pluck_hz: 2200.0, position: 0.17, gain: 1.0, release: 0.08, longest: 5.0 }
            }
            Voice::Ukulele => Tone {
                ring: 1.0,
                damp: 0.22,
                pluck_hz: 2000.0,
                position: 0.25,
                gain: 0.55,
                release: 0.06,
                longest: 1.2,
            },
        }
    }
}

/// One plucked note of a loop, in samples from the loop's start.
#[derive(Clone, Copy, Debug)]
struct Note {
    start: usize,
    /// When it is damped (may run past the loop's end, into the next repeat).
    end: usize,
    midi: u8,
    voice: Voice,
    /// How hard it is plucked, about 0.3 to 1.
    vel: f32,
    /// A hammer-on or pull-off: this many samples after the pluck the string sounds this note.
    slur: Option<(usize, u8)>,
}

impl Note {
    /// The pitch it sounds last (after any slur).
    fn last(&self) -> u8 {
        self.slur.map_or(self.midi, |(_, m)| m)
    }
}

/// The notes of one loop of a score, with when each is stopped.
fn notes(score: &Score) -> Vec<Note> {
    let mut player = Player {
        score,
        noise: Noise(score.seed.wrapping_mul(2_654_435_761).max(1)),
        notes: Vec::new(),
        slur_from: None,
    };
    for (b, &(chords, melody)) in score.bars.iter().enumerate() {
        player.accompany(b, chords);
        player.melody(b, melody);
    }
    let mut notes = player.notes;
    stop(&mut notes, score);
    notes
}

/// Reads a score bar by bar into notes.
struct Player<'a> {
    score: &'a Score,
    noise: Noise,
    notes: Vec<Note>,
    /// The last melody note if it was a single one: a hammer-on continues it.
    slur_from: Option<usize>,
}

impl Player<'_> {
    /// Plays a note up to `late_ms` late and a little softer or harder than written: players
    /// are not machines.
    fn play(&mut self, at: usize, late_ms: f32, midi: u8, voice: Voice, vel: f32) {
        let start = at + samples(self.noise.next().abs() * late_ms / 1000.0);
        let vel = vel * (1.0 + 0.07 * self.noise.next());
        self.notes.push(Note { start, end: 0, midi, voice, vel, slur: None });
    }

    /// Bar `b`'s accompaniment, beat by beat as the pattern says, over `chords` (one, or two
    /// splitting the bar).
    fn accompany(&mut self, b: usize, chords: &str) {
        let sc = self.score;
        let chords: Vec<Chord> = chords.split_whitespace().map(Chord::parse).collect();
        let chord_at = |beat: usize| beat * chords.len() / sc.beats;
        for (beat, what) in sc.pattern.iter().enumerate() {
            let chord = &chords[chord_at(beat)];
            // Where the chord changes, the thumb plays its root, not a fifth.
            let change = beat > 0 && chord_at(beat) != chord_at(beat - 1);
            let at = b * sc.bar_len() + beat * 2 * sc.eighth;
            let accent = if beat == 0 { 1.0 } else { 0.85 };
            for c in what.chars() {
                match c {
                    'R' => self.play(at, 4.0, chord.bass(), Voice::Bass, 0.9 * accent),
                    'F' if change => self.play(at, 4.0, chord.bass(), Voice::Bass, 0.85 * accent),
                    'F' => self.play(at, 4.0, chord.bass() + 7, Voice::Bass, 0.75 * accent),
                    'I' => {
                        for m in chord.inner() {
                            self.play(at, 4.0, m, Voice::Inner, 0.8 * accent);
                        }
                    }
                    // A downward brush across the strings, a dozen milliseconds between them.
                    'U' => {
                        for (k, m) in chord.ukulele().into_iter().enumerate() {
                            self.play(at + samples(0.012) * k, 3.0, m, Voice::Ukulele, 0.8 * accent);
                        }
                    }
                    _ => panic!("bad pattern {what}"),
                }
            }
        }
    }

    /// Bar `b`'s melody, one token per eighth note.
    fn melody(&mut self, b: usize, melody: &str) {
        let sc = self.score;
        let tokens: Vec<&str> = melody.split_whitespace().collect();
        assert_eq!(tokens.len(), 2 * sc.beats, "bar {} of the melody", b + 1);
        for (k, token) in tokens.into_iter().enumerate().filter(|(_, t)| *t != "-") {
            let swing = if k % 2 == 1 { sc.swing * sc.eighth as f32 } else { 0.0 };
            let at = b * sc.bar_len() + k * sc.eighth + swing as usize;
            // The bar's first note leans a little, the off-beats are lighter.
            let vel = match k {
                0 => 1.0,
                k if k % 2 == 0 => 0.9,
                _ => 0.78,
            };
            // Written an octave above where it sounds, as guitar music is.
            if let Some(name) = token.strip_suffix('h') {
                let i = self.slur_from.expect("a hammer-on needs a single note before it");
                self.notes[i].slur = Some((at - self.notes[i].start, midi(name) - 12));
                continue;
            }
            let heads: Vec<&str> = token.split('+').collect();
            for name in &heads {
                self.play(at, 6.0, midi(name) - 12, Voice::Melody, vel);
            }
            self.slur_from = (heads.len() == 1).then_some(self.notes.len() - 1);
        }
    }
}

/// Decides when each note is stopped, as the loop repeats: by the next note played on the same
/// string (a note within a whole tone of it), or once `ring` newer notes of its voice have
/// sounded (a hand only has so many strings under it), or after the voice's longest ring.
/// The last notes of the loop are stopped by the first ones of the next repeat.
fn stop(notes: &mut [Note], score: &Score) {
    let len = score.loop_len();
    for voice in [Voice::Bass, Voice::Inner, Voice::Melody, Voice::Ukulele] {
        let ring = match voice {
            Voice::Bass | Voice::Inner => 2,
            Voice::Melody => score.ring,
            Voice::Ukulele => 3,
        };
        let longest = samples(voice.tone().longest);
        let idx: Vec<usize> = (0..notes.len()).filter(|&i| notes[i].voice == voice).collect();
        let n = idx.len();
        for (k, &i) in idx.iter().enumerate() {
            let me = notes[i];
            let mut end = me.start + longest;
            for step in 1..=n {
                let other = notes[idx[(k + step) % n]];
                let start = other.start + if k + step >= n { len } else { 0 };
                // Notes of one brush or one pinch do not stop each other.
                let later = start > me.start + score.eighth / 2;
                let same_string = (other.midi as i32 - me.last() as i32).abs() <= 2;
                if step >= ring || (later && same_string) {
                    end = end.min(start);
                    break;
                }
            }
            notes[i].end = end;
        }
    }
}

/// A faint surf, `len` samples and periodic in them, with `swells` swells: low-passed noise
/// rising and breaking, a little hiss on each wash. The noise is filtered twice round, the
/// first time only to settle the filters, so the end runs into the start without a seam.
fn surf(len: usize, swells: usize, seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed.max(1));
    let white: Vec<f32> = (0..len).map(|_| noise.next()).collect();
    let (mut lp1, mut lp2) = (LowPass::new(400.0), LowPass::new(400.0));
    let mut hiss = BandPass::new(3500.0, 0.6);
    for &x in &white {
        lp2.run(lp1.run(x));
        hiss.run(x);
    }
    let swells = swells.max(1);
    // The same shape as the ambience's: a slow rise, a break, a long wash, each starting
    // where the last one ended.
    let floor = (-0.45f32 / 0.18).exp();
    (0..len)
        .map(|i| {
            let x = white[i];
            let phase = ((i * swells) % len) as f32 / len as f32;
            let swell = if phase < 0.55 {
                floor + (1.0 - floor) * (phase / 0.55).powi(2)
            } else {
                (-(phase - 0.55) / 0.18).exp()
            };
            let after = (phase - 0.5).max(0.0);
            // The wash, less what is left of it at the swell's end, so that it ends at nothing.
            let wash = |after: f32| (after / 0.08).min(1.0).powi(2) * (-after / 0.12).exp();
            let wash = wash(after) - wash(0.5) * after / 0.5;
            lp2.run(lp1.run(x)) * (0.3 + 0.7 * swell) * 3.0 + hiss.run(x) * wash * 0.25
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::synth::{dbfs, stats};

    /// Every piece, rendered once for all the tests.
    fn rendered() -> &'static [(Piece, Vec<f32>)] {
        static ALL: std::sync::OnceLock<Vec<(Piece, Vec<f32>)>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| Piece::all().into_iter().map(|p| (p, render(p))).collect())
    }

    fn window_rms(s: &[f32], from: isize, n: usize) -> f32 {
        let len = s.len() as isize;
        let sum: f32 = (0..n as isize).map(|k| s[(from + k).rem_euclid(len) as usize].powi(2)).sum();
        (sum / n as f32).sqrt()
    }

    #[test]
    fn every_piece_is_audible_unclipped_and_a_quiet_bed() {
        for (p, s) in rendered() {
            let st = stats(s);
            assert!(s.iter().all(|x| x.is_finite()), "{}", p.name());
            assert!(st.peak < 0.5, "{} peaks at {st:?}", p.name());
            let db = dbfs(st.rms);
            assert!((-24.0..=-20.0).contains(&db), "{} at {db:.1} dBFS RMS", p.name());
            // Never silent for long: every second has something in it.
            for sec in s.chunks(RATE as usize) {
                assert!(dbfs(rms(sec)) > -45.0, "{} has a silent second", p.name());
            }
        }
    }

    #[test]
    fn every_piece_is_a_whole_number_of_bars_and_a_sensible_length() {
        for (p, s) in rendered() {
            let sc = score(*p);
            assert_eq!(RATE as usize * 30 % sc.eighth, 0, "{}: tempo not whole samples", p.name());
            assert_eq!(s.len() % sc.bar_len(), 0, "{}", p.name());
            assert_eq!(s.len() / sc.bar_len(), sc.bars.len(), "{}", p.name());
            let seconds = s.len() as f32 / RATE as f32;
            assert!((40.0..=90.0).contains(&seconds), "{} is {seconds} s", p.name());
        }
    }

    #[test]
    fn the_loop_has_no_seam() {
        for (p, s) in rendered() {
            let n = s.len();
            let at = |i: isize| s[i.rem_euclid(n as isize) as usize];
            // The step across the loop point is like any other step.
            let typical = s.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f32>() / n as f32;
            let seam = (at(0) - at(-1)).abs();
            assert!(seam < typical * 8.0, "{}: seam step {seam} vs typical {typical}", p.name());
            // And it bends like the rest: a jump, even one no bigger than a steep stretch of
            // waveform, shows as a spike in the second difference (the music is smooth there,
            // its highs rolled off; cutting off the ringing notes instead of folding them in
            // gives 12 to 30 times the typical value).
            let bend = |i: isize| (at(i + 1) - 2.0 * at(i) + at(i - 1)).abs();
            let typical = (0..n as isize).map(bend).sum::<f32>() / n as f32;
            for i in [-1, 0] {
                assert!(bend(i) < typical * 5.0, "{}: bend {} at the seam vs typical {typical}", p.name(), bend(i));
            }
            // No dip or bump in loudness: a 100 ms window straddling the seam is within 3 dB
            // of the windows either side of it.
            let w = samples(0.1);
            let across = window_rms(s, -(w as isize) / 2, w);
            let before = window_rms(s, -(w as isize) * 3 / 2, w);
            let after = window_rms(s, w as isize / 2, w);
            let neighbours = ((before * before + after * after) / 2.0).sqrt();
            let bump = dbfs(across) - dbfs(neighbours);
            assert!(bump.abs() < 3.0, "{}: {bump:.2} dB across the seam", p.name());
        }
    }

    #[test]
    fn the_loop_is_what_an_endless_performance_would_be() {
        // Two repeats played straight through: the second has the first's tail ringing into
        // it, as every repeat in the game will. The folded loop must match it.
        for p in Piece::all() {
            let sc = score(p);
            let len = sc.loop_len();
            let once = strings(sc, 1);
            let folded = fold(&once, len);
            let twice = strings(sc, 2);
            let steady = &twice[len..2 * len];
            let err = folded.iter().zip(steady).map(|(a, b)| (a - b).abs()).fold(0.0f32, f32::max);
            let peak = folded.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(err < peak * 1e-3, "{}: differs by {err} (peak {peak})", p.name());
            // And it matters: the start without the tail would be audibly different.
            let head = samples(0.5);
            let tail_rms = rms(&folded[..head].iter().zip(&once[..head]).map(|(a, b)| a - b).collect::<Vec<_>>());
            assert!(tail_rms > rms(&folded[..head]) * 0.02, "{}: nothing rings across the seam?", p.name());
        }
    }

    #[test]
    fn rendering_is_deterministic() {
        for (p, s) in rendered() {
            assert!(render(*p) == *s, "{}", p.name());
        }
    }

    #[test]
    fn the_pieces_differ() {
        let names: std::collections::HashSet<_> = Piece::all().into_iter().map(Piece::name).collect();
        let lines: std::collections::HashSet<_> = Piece::all().into_iter().map(Piece::description).collect();
        assert_eq!((names.len(), lines.len()), (Piece::all().len(), Piece::all().len()));
        assert!(names.iter().all(|n| n.starts_with("music-") && n.is_ascii()));
        let all = rendered();
        for (i, (p, a)) in all.iter().enumerate() {
            for (q, b) in &all[i + 1..] {
                let n = a.len().min(b.len());
                let dot: f32 = a[..n].iter().zip(&b[..n]).map(|(x, y)| x * y).sum();
                let corr = dot / (rms(&a[..n]) * rms(&b[..n]) * n as f32);
                assert!(corr.abs() < 0.2, "{} and {} correlate {corr}", p.name(), q.name());
            }
        }
    }

    /// The fundamental of `s` (Hz) from its autocorrelation: the shortest lag, 40 Hz to 2 kHz,
    /// that correlates nearly as well as the best, refined between samples by a parabola.
    fn pitch(s: &[f32]) -> f32 {
        let r = |lag: usize| {
            let (mut xy, mut xx, mut yy) = (0.0f64, 0.0f64, 0.0f64);
            for i in 0..s.len() - lag {
                let (x, y) = (s[i] as f64, s[i + lag] as f64);
                xy += x * y;
                xx += x * x;
                yy += y * y;
            }
            xy / (xx * yy).sqrt().max(1e-12)
        };
        let lags = (RATE as usize / 2000)..=(RATE as usize / 40);
        let rs: Vec<f64> = lags.clone().map(r).collect();
        let best = rs.iter().cloned().fold(f64::MIN, f64::max);
        let k = (1..rs.len() - 1)
            .find(|&k| rs[k] >= 0.9 * best && rs[k] >= rs[k - 1] && rs[k] >= rs[k + 1])
            .expect("a peak");
        let (a, b, c) = (rs[k - 1], rs[k], rs[k + 1]);
        let shift = 0.5 * (a - c) / (a - 2.0 * b + c);
        RATE as f32 / ((lags.start() + k) as f64 + shift) as f32
    }

    #[test]
    fn plucked_notes_are_in_tune() {
        for (voice, m) in
            [(Voice::Bass, 38u8), (Voice::Bass, 45), (Voice::Melody, 55), (Voice::Melody, 71), (Voice::Ukulele, 69)]
        {
            let s = pluck(m, voice.tone(), 0.9, samples(1.0), None, 7);
            let want = hz(m as f32);
            let got = pitch(&s[samples(0.1)..samples(0.5)]);
            assert!((got / want - 1.0).abs() < 0.01, "{voice:?} {m}: {got} Hz, want {want}");
        }
        // A hammer-on: G3, then A3 a quarter second later.
        let s = pluck(55, Voice::Melody.tone(), 0.9, samples(1.0), Some((samples(0.25), 57)), 8);
        let before = pitch(&s[samples(0.05)..samples(0.24)]);
        let after = pitch(&s[samples(0.3)..samples(0.6)]);
        assert!((before / hz(55.0) - 1.0).abs() < 0.01, "before the hammer-on: {before}");
        assert!((after / hz(57.0) - 1.0).abs() < 0.01, "after the hammer-on: {after}");
    }

    #[test]
    fn the_music_keeps_to_its_key_and_chords() {
        const MAJOR: [u8; 7] = [0, 2, 4, 5, 7, 9, 11];
        for p in Piece::all() {
            let sc = score(p);
            for (b, &(chords, melody)) in sc.bars.iter().enumerate() {
                let first = Chord::parse(chords.split_whitespace().next().unwrap());
                for (k, token) in melody.split_whitespace().enumerate() {
                    for name in token.trim_end_matches('h').split('+').filter(|t| *t != "-") {
                        let pc = midi(name) % 12;
                        assert!(
                            MAJOR.contains(&((pc + 12 - sc.key) % 12)),
                            "{} bar {}: {name} off the key",
                            p.name(),
                            b + 1
                        );
                        // The melody lands on a chord tone at the start of every bar.
                        if k == 0 {
                            let tones = [first.root, first.third, first.fifth];
                            assert!(
                                tones.contains(&pc) || first.seventh == Some(pc),
                                "{} bar {}: {name} not in {chords}",
                                p.name(),
                                b + 1
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn chords_are_voiced_where_the_strings_are() {
        let g = Chord::parse("G");
        assert_eq!((g.bass(), g.inner(), g.ukulele()), (43, [59, 62], [62, 67, 71]));
        let d7 = Chord::parse("D7");
        assert_eq!((d7.bass(), d7.inner()), (38, [54, 60]));
        let fsm = Chord::parse("F#m");
        assert_eq!((fsm.root, fsm.third, fsm.fifth), (6, 9, 1));
        assert_eq!(midi("c4"), 60);
        assert_eq!(midi("bb3"), 58);
        assert_eq!(midi("f#5"), 78);
    }

    /// Every bar has its bass on the downbeat and some of the tune, every note is stopped after
    /// it starts and starts within the loop. With `--nocapture` it prints the notes bar by bar.
    #[test]
    fn every_bar_has_a_bass_and_a_tune() {
        const NAMES: [&str; 12] = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
        let name = |m: u8| format!("{}{}", NAMES[m as usize % 12], m as i32 / 12 - 1);
        for p in Piece::all() {
            let sc = score(p);
            let notes = notes(sc);
            assert!(notes.iter().all(|n| n.start < sc.loop_len() && n.end > n.start), "{}", p.name());
            println!("{} ({} bars of {} beats)", p.name(), sc.bars.len(), sc.beats);
            for (b, bar) in sc.bars.iter().enumerate() {
                let (from, to) = (b * sc.bar_len(), (b + 1) * sc.bar_len());
                let of = |v: Voice| notes.iter().filter(move |n| n.voice == v && (from..to).contains(&n.start));
                let show = |v: Voice| {
                    let name = |n: &Note| match n.slur {
                        Some((_, m)) => format!("{}~{}", name(n.midi), name(m)),
                        None => name(n.midi),
                    };
                    of(v).map(name).collect::<Vec<_>>().join(" ")
                };
                println!("  {:>2} {:<5} melody: {:<40} bass: {}", b + 1, bar.0, show(Voice::Melody), show(Voice::Bass));
                let downbeat = of(Voice::Bass).any(|n| n.start - from < samples(0.01));
                assert!(downbeat, "{} bar {}: no bass on the downbeat", p.name(), b + 1);
                assert!(of(Voice::Melody).count() > 0, "{} bar {}: no tune", p.name(), b + 1);
            }
        }
    }
}
