//! The game's sounds, synthesised from scratch (no recordings): stones are modelled as a few
//! decaying, slightly inharmonic resonances excited by a short filtered-noise strike, the board
//! as a low thump, the stingers as struck wooden bars, and the ambience as shaped noise (surf
//! and wind). Engine-free: the game plays these, `konane sounds --out DIR` writes them as WAV.

use std::f32::consts::TAU;

/// Sample rate of every sound.
pub const RATE: u32 = 44_100;

/// Variants of the landing clack, so a multi-jump does not repeat one sample.
pub const LAND_VARIANTS: u8 = 4;

/// One sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A stone lifted out of its cup.
    Lift,
    /// A stone landing after a hop: stone on stone in the cup (variant 0..LAND_VARIANTS).
    Land(u8),
    /// A captured stone knocked out and dropped into the tray.
    Capture,
    /// A stone taken off the board in the opening.
    Remove,
    /// A stone picked as the one to move.
    Select,
    /// A refused move: a muffled double knock.
    Deny,
    /// The menu focus moved.
    UiFocus,
    /// A menu item was chosen.
    UiClick,
    /// You won (or, between two people or computers, the game was won).
    Win,
    /// You lost.
    Loss,
    /// A milestone was earned.
    Milestone,
    /// Surf and wind, a seamless loop.
    Ambient,
}

impl Effect {
    /// Every effect, in the order `konane sounds` lists them.
    pub fn all() -> Vec<Effect> {
        let mut all = vec![Effect::Lift];
        all.extend((0..LAND_VARIANTS).map(Effect::Land));
        all.extend([
            Effect::Capture,
            Effect::Remove,
            Effect::Select,
            Effect::Deny,
            Effect::UiFocus,
            Effect::UiClick,
            Effect::Win,
            Effect::Loss,
            Effect::Milestone,
            Effect::Ambient,
        ]);
        all
    }

    /// Its file name without extension (`land-2`).
    pub fn name(self) -> String {
        match self {
            Effect::Lift => "lift".into(),
            Effect::Land(v) => format!("land-{}", v + 1),
            Effect::Capture => "capture".into(),
            Effect::Remove => "remove".into(),
            Effect::Select => "select".into(),
            Effect::Deny => "deny".into(),
            Effect::UiFocus => "ui-focus".into(),
            Effect::UiClick => "ui-click".into(),
            Effect::Win => "win".into(),
            Effect::Loss => "loss".into(),
            Effect::Milestone => "milestone".into(),
            Effect::Ambient => "ambient".into(),
        }
    }

    /// What it is made of, in a line.
    pub fn description(self) -> &'static str {
        match self {
            Effect::Lift => "band-passed noise scrape (1.4 kHz) with a small stone tick as it leaves the cup",
            Effect::Land(_) => {
                "stone-on-stone clack: 3 ms noise strike, four inharmonic modes near 2.4 kHz, 200 Hz board thump"
            }
            Effect::Capture => {
                "high clack of the two stones, then the captured stone dropping into the tray (lower modes, thump)"
            }
            Effect::Remove => "short scrape, then a dull drop into the tray",
            Effect::Select => "light high tick (modes near 3.8 kHz, 6 ms decay)",
            Effect::Deny => "two muffled wooden knocks (150 and 128 Hz) 90 ms apart",
            Effect::UiFocus => "very short soft bead tick",
            Effect::UiClick => "soft click with a little body",
            Effect::Win => "four struck wooden bars rising G–B–D–G, with a small room",
            Effect::Loss => "two struck bars falling E♭–B♭, softer, with a small room",
            Effect::Milestone => "two quick high bars (D–A) and a soft octave above, brighter than a win, with a room",
            Effect::Ambient => {
                "surf (low-passed noise in two 5 s swells with a hiss on each wash) and a soft wandering wind, 10 s loop"
            }
        }
    }
}

/// A small, fast, reproducible noise source.
pub(crate) struct Noise(pub(crate) u32);

impl Noise {
    pub(crate) fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x as f32 / u32::MAX as f32 * 2.0 - 1.0
    }
}

/// A two-pole band-pass filter (constant 0 dB peak), after the audio EQ cookbook.
#[derive(Clone, Copy)]
pub(crate) struct BandPass {
    b0: f32,
    b2: f32,
    a1: f32,
    a2: f32,
    x1: f32,
    x2: f32,
    y1: f32,
    y2: f32,
}

impl BandPass {
    pub(crate) fn new(freq: f32, q: f32) -> BandPass {
        let w = TAU * freq / RATE as f32;
        let alpha = w.sin() / (2.0 * q);
        let a0 = 1.0 + alpha;
        BandPass {
            b0: alpha / a0,
            b2: -alpha / a0,
            a1: -2.0 * w.cos() / a0,
            a2: (1.0 - alpha) / a0,
            x1: 0.0,
            x2: 0.0,
            y1: 0.0,
            y2: 0.0,
        }
    }

    fn set(&mut self, freq: f32, q: f32) {
        let fresh = BandPass::new(freq, q);
        (self.b0, self.b2, self.a1, self.a2) = (fresh.b0, fresh.b2, fresh.a1, fresh.a2);
    }

    pub(crate) fn run(&mut self, x: f32) -> f32 {
        let y = self.b0 * x + self.b2 * self.x2 - self.a1 * self.y1 - self.a2 * self.y2;
        (self.x2, self.x1, self.y2, self.y1) = (self.x1, x, self.y1, y);
        y
    }
}

/// A one-pole low-pass filter.
pub(crate) struct LowPass {
    k: f32,
    y: f32,
}

impl LowPass {
    pub(crate) fn new(freq: f32) -> LowPass {
        LowPass { k: 1.0 - (-TAU * freq / RATE as f32).exp(), y: 0.0 }
    }

    pub(crate) fn run(&mut self, x: f32) -> f32 {
        self.y += (x - self.y) * self.k;
        self.y
    }
}

pub(crate) fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// Adds `src` into `dst` from `at` seconds on, scaled by `gain`.
fn mix(dst: &mut Vec<f32>, at: f32, gain: f32, src: &[f32]) {
    let start = samples(at);
    if dst.len() < start + src.len() {
        dst.resize(start + src.len(), 0.0);
    }
    for (d, s) in dst[start..].iter_mut().zip(src) {
        *d += s * gain;
    }
}

/// A struck hard body: a noise strike through a band-pass at `strike_hz` lasting about
/// `strike_s`, exciting decaying modes `(Hz, decay s, gain)`; a slight random detune per mode
/// (from `seed`) keeps two strikes from sounding identical.
fn strike(
    seconds: f32,
    strike_hz: f32,
    strike_s: f32,
    strike_gain: f32,
    modes: &[(f32, f32, f32)],
    seed: u32,
) -> Vec<f32> {
    let mut noise = Noise(seed.wrapping_mul(2_654_435_761).max(1));
    let mut band = BandPass::new(strike_hz, 0.9);
    // The strike's very top is damped: real stones do not hiss.
    let mut soften = LowPass::new(9000.0);
    let detune: Vec<f32> = modes.iter().map(|_| 1.0 + noise.next() * 0.012).collect();
    let phase: Vec<f32> = modes.iter().map(|_| noise.next().abs() * TAU).collect();
    let n = samples(seconds);
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            // A 0.4 ms attack keeps the strike from clicking digitally.
            let attack = (t / 0.0004).min(1.0);
            let mut s = soften.run(band.run(noise.next())) * strike_gain * (-t / strike_s).exp();
            for (k, &(f, d, g)) in modes.iter().enumerate() {
                s += (TAU * f * detune[k] * t + phase[k]).sin() * g * (-t / d).exp();
            }
            s * attack * tail(i, n)
        })
        .collect()
}

/// A low thump (the board or tray taking a stone's weight): a sine gliding down a little.
fn thump(seconds: f32, hz: f32, decay: f32) -> Vec<f32> {
    let mut phase = 0.0f32;
    let n = samples(seconds);
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let f = hz * (1.0 + 0.25 * (-t / 0.01).exp());
            phase += TAU * f / RATE as f32;
            phase.sin() * (-t / decay).exp() * (t / 0.001).min(1.0) * tail(i, n)
        })
        .collect()
}

/// A raised-cosine fade over the last fifth of `n` samples, so a sound cut to length never
/// ends with a click.
fn tail(i: usize, n: usize) -> f32 {
    let start = n - n / 5;
    if i < start {
        1.0
    } else {
        let x = (i - start) as f32 / (n - start).max(1) as f32;
        0.5 + 0.5 * (x * std::f32::consts::PI).cos()
    }
}

/// A soft scrape: band-passed noise swelling and fading.
fn scrape(seconds: f32, hz: f32, seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed.max(1));
    let mut band = BandPass::new(hz, 0.8);
    let n = samples(seconds);
    (0..n)
        .map(|i| {
            let x = i as f32 / n as f32;
            let env = (x * std::f32::consts::PI).sin().powf(1.5);
            band.run(noise.next()) * env
        })
        .collect()
}

/// A struck wooden bar (marimba-like) at `hz`: fundamental, the bar's 3.9× and 9.2× partials.
fn bar(hz: f32, seconds: f32, seed: u32) -> Vec<f32> {
    strike(
        seconds,
        hz * 4.0,
        0.004,
        0.15,
        &[(hz, seconds * 0.35, 1.0), (hz * 3.93, 0.09, 0.35), (hz * 9.2, 0.025, 0.12)],
        seed,
    )
}

/// A small room: a few feedback combs in parallel, mixed under the dry sound.
pub(crate) fn room(dry: Vec<f32>, wet: f32, tail: f32) -> Vec<f32> {
    let mut out = dry.clone();
    out.resize(dry.len() + samples(tail), 0.0);
    for (delay_ms, feedback) in [(29.7f32, 0.72f32), (37.1, 0.70), (41.1, 0.68), (43.7, 0.66)] {
        let d = samples(delay_ms / 1000.0);
        let mut line = vec![0.0f32; out.len()];
        for i in 0..out.len() {
            let input = dry.get(i).copied().unwrap_or(0.0);
            let back = if i >= d { line[i - d] } else { 0.0 };
            line[i] = input + back * feedback;
        }
        let mut lp = LowPass::new(3500.0);
        for (o, l) in out.iter_mut().zip(&line) {
            *o += lp.run(*l) * wet / 4.0;
        }
    }
    out
}

/// Scales to `peak` and fades the last 5 ms, so nothing clicks at the end.
fn finish(mut s: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if max > 0.0 {
        for x in &mut s {
            *x *= peak / max;
        }
    }
    let fade = samples(0.005).min(s.len());
    let n = s.len();
    for i in 0..fade {
        s[n - 1 - i] *= i as f32 / fade as f32;
    }
    s
}

/// The landing clack, variant `v`: the stone's modes shift a little from variant to variant.
fn clack(v: u8) -> Vec<f32> {
    let k = [1.0f32, 0.94, 1.06, 0.97][v as usize % 4];
    let mut s = strike(
        0.16,
        4200.0 * k,
        0.0025,
        0.9,
        &[(2400.0 * k, 0.022, 0.5), (3790.0 * k, 0.014, 0.32), (5540.0 * k, 0.008, 0.2), (1310.0 * k, 0.03, 0.18)],
        11 + v as u32,
    );
    mix(&mut s, 0.0, 0.45, &thump(0.12, 200.0 / k.sqrt(), 0.035));
    s
}

/// Renders an effect as mono samples in -1..1 at [`RATE`].
pub fn render(effect: Effect) -> Vec<f32> {
    match effect {
        Effect::Land(v) => finish(clack(v), 0.8),
        Effect::Lift => {
            let mut s = scrape(0.12, 1400.0, 5);
            mix(&mut s, 0.0, 0.35, &strike(0.05, 5000.0, 0.0015, 0.6, &[(3100.0, 0.006, 0.3)], 6));
            finish(s, 0.4)
        }
        Effect::Capture => {
            let mut s = strike(0.1, 5200.0, 0.002, 1.0, &[(3150.0, 0.016, 0.5), (4870.0, 0.01, 0.3)], 21);
            let drop =
                strike(0.22, 1800.0, 0.004, 0.5, &[(640.0, 0.05, 0.5), (1020.0, 0.03, 0.3), (1610.0, 0.02, 0.15)], 22);
            mix(&mut s, 0.075, 0.7, &drop);
            mix(&mut s, 0.075, 0.5, &thump(0.15, 150.0, 0.05));
            finish(s, 0.8)
        }
        Effect::Remove => {
            let mut s = scrape(0.1, 1100.0, 31);
            let drop = strike(0.2, 1500.0, 0.004, 0.4, &[(560.0, 0.045, 0.5), (930.0, 0.03, 0.25)], 32);
            mix(&mut s, 0.08, 1.6, &drop);
            mix(&mut s, 0.08, 1.0, &thump(0.15, 140.0, 0.05));
            finish(s, 0.7)
        }
        Effect::Select => {
            finish(strike(0.05, 6000.0, 0.0012, 0.5, &[(3800.0, 0.006, 0.5), (6100.0, 0.004, 0.25)], 41), 0.45)
        }
        Effect::Deny => deny(),
        Effect::UiFocus => finish(strike(0.03, 3000.0, 0.001, 0.3, &[(1850.0, 0.007, 0.6)], 61), 0.3),
        Effect::UiClick => {
            let mut s = strike(0.06, 2500.0, 0.0015, 0.5, &[(1250.0, 0.016, 0.6), (2730.0, 0.008, 0.3)], 71);
            mix(&mut s, 0.0, 0.3, &thump(0.05, 260.0, 0.015));
            finish(s, 0.45)
        }
        Effect::Win => win(),
        Effect::Loss => loss(),
        Effect::Milestone => milestone(),
        Effect::Ambient => ambient(),
    }
}

/// A refusal: two low, dull knocks.
fn deny() -> Vec<f32> {
    let knock = |hz: f32, seed: u32| {
        let mut k = strike(0.12, 500.0, 0.004, 0.6, &[(hz, 0.045, 0.8), (hz * 2.7, 0.02, 0.2)], seed);
        let mut lp = LowPass::new(900.0);
        for x in &mut k {
            *x = lp.run(*x);
        }
        k
    };
    let mut s = knock(150.0, 51);
    mix(&mut s, 0.09, 0.8, &knock(128.0, 52));
    finish(s, 0.5)
}

/// A win: four bars rising, the last held.
fn win() -> Vec<f32> {
    let mut s = Vec::new();
    for (i, hz) in [392.0f32, 493.9, 587.3, 784.0].into_iter().enumerate() {
        let long = if i == 3 { 1.2 } else { 0.6 };
        mix(&mut s, i as f32 * 0.11, if i == 3 { 1.0 } else { 0.8 }, &bar(hz, long, 80 + i as u32));
    }
    finish(room(s, 0.35, 0.6), 0.75)
}

/// A milestone: two quick bars a fifth apart, then their octave, softly.
fn milestone() -> Vec<f32> {
    let mut s = Vec::new();
    for (i, (hz, gain)) in [(587.3f32, 0.8f32), (880.0, 0.9), (1174.7, 0.45)].into_iter().enumerate() {
        mix(&mut s, i as f32 * 0.09, gain, &bar(hz, if i == 2 { 0.9 } else { 0.45 }, 95 + i as u32));
    }
    finish(room(s, 0.3, 0.5), 0.6)
}

/// A loss: two bars falling, muffled.
fn loss() -> Vec<f32> {
    let mut s = Vec::new();
    mix(&mut s, 0.0, 0.9, &bar(311.1, 0.9, 90));
    mix(&mut s, 0.22, 1.0, &bar(233.1, 1.3, 91));
    let mut lp = LowPass::new(2500.0);
    for x in &mut s {
        *x = lp.run(*x);
    }
    finish(room(s, 0.35, 0.6), 0.65)
}

/// Surf and wind, 10 s, looping without a seam: both swells and the wind's wandering are
/// periodic in the loop, and the noise's end is cross-faded into its start.
fn ambient() -> Vec<f32> {
    let period = 10.0f32;
    let fade = 1.0f32;
    let n = samples(period);
    let extra = samples(fade);
    let mut noise = Noise(97);
    let mut surf_lp = LowPass::new(500.0);
    let mut surf_lp2 = LowPass::new(500.0);
    let mut hiss = BandPass::new(4000.0, 0.6);
    let mut wind = BandPass::new(500.0, 4.0);
    let mut raw: Vec<f32> = (0..n + extra)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let x = noise.next();
            // Two swells per loop: a slow rise, a quick break, a long wash.
            let phase = (t / 5.0).fract();
            // Each envelope starts where the last one ended, and the wash comes in over 0.4 s and
            // has died away before the next swell.
            let floor = (-0.45f32 / 0.18).exp();
            let swell = if phase < 0.55 {
                floor + (1.0 - floor) * (phase / 0.55).powi(2)
            } else {
                (-(phase - 0.55) / 0.18).exp()
            };
            let after = (phase - 0.5).max(0.0);
            let wash = (after / 0.08).min(1.0).powi(2) * (-after / 0.12).exp();
            let surf = surf_lp2.run(surf_lp.run(x)) * (0.25 + 0.75 * swell) * 3.0;
            let spray = hiss.run(x) * wash * 0.4;
            // The wind's pitch wanders once per loop.
            let wander = (TAU * t / period).sin();
            if i % 64 == 0 {
                wind.set(480.0 + 160.0 * wander, 4.0);
            }
            let gust = 0.5 + 0.5 * (TAU * 2.0 * t / period + 1.3).sin();
            surf + spray + wind.run(x) * 0.35 * gust
        })
        .collect();
    // Cross-fade the extra second into the start (equal power), then drop it.
    for i in 0..extra {
        let a = i as f32 / extra as f32;
        let (fade_in, fade_out) = ((a * std::f32::consts::FRAC_PI_2).sin(), (a * std::f32::consts::FRAC_PI_2).cos());
        raw[i] = raw[i] * fade_in + raw[n + i] * fade_out;
    }
    raw.truncate(n);
    // Quiet: a bed under the game, not a sound of its own.
    let rms = (raw.iter().map(|x| x * x).sum::<f32>() / n as f32).sqrt();
    let gain = 0.08 / rms.max(1e-6);
    raw.iter().map(|x| (x * gain).clamp(-0.5, 0.5)).collect()
}

/// Peak and RMS (of the whole sound) in full-scale units, and the length in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Stats {
    /// Largest absolute sample.
    pub peak: f32,
    /// Root mean square over the whole sound.
    pub rms: f32,
    /// Seconds.
    pub seconds: f32,
}

/// Measures a sound.
pub fn stats(s: &[f32]) -> Stats {
    let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    let rms = (s.iter().map(|x| x * x).sum::<f32>() / s.len().max(1) as f32).sqrt();
    Stats { peak, rms, seconds: s.len() as f32 / RATE as f32 }
}

/// Decibels relative to full scale.
pub fn dbfs(x: f32) -> f32 {
    20.0 * x.max(1e-9).log10()
}

/// Encodes mono samples in -1..1 as a 16-bit PCM WAV file.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32_767.0).round() as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_audible_unclipped_and_of_a_sensible_length() {
        for e in Effect::all() {
            let s = render(e);
            let st = stats(&s);
            assert!(st.peak < 0.95, "{} clips: {st:?}", e.name());
            assert!(st.rms > 0.005, "{} is silent: {st:?}", e.name());
            assert!(st.seconds > 0.02 && st.seconds <= 10.5, "{}: {st:?}", e.name());
            assert!(s.iter().all(|x| x.is_finite()), "{}", e.name());
        }
    }

    #[test]
    fn landing_variants_differ() {
        let a = render(Effect::Land(0));
        let b = render(Effect::Land(1));
        let diff: f32 = a.iter().zip(&b).map(|(x, y)| (x - y).abs()).sum();
        assert!(diff > 10.0, "the variants are the same sound");
    }

    #[test]
    fn the_ambience_loops_without_a_jump() {
        let s = render(Effect::Ambient);
        let (first, last) = (s[0], s[s.len() - 1]);
        // Across the loop point the step is no larger than a typical step inside the sound.
        let typical = s.windows(2).map(|w| (w[1] - w[0]).abs()).sum::<f32>() / s.len() as f32;
        assert!((first - last).abs() < typical * 8.0, "seam {} vs typical step {typical}", (first - last).abs());
    }
}
