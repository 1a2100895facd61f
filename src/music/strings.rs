//! The plucked-string model: a Karplus–Strong string with fractional delay, its pluck's
//! noise burst, and the guitar body the strings sound through.

use super::*;

/// A plucked string (Karplus–Strong): a burst of soft noise circulates in a delay line one
/// period long, losing a little (more in the highs) each pass, so it rings down like a string.
/// The delay is read with cubic (Lagrange) interpolation so every note is in tune, and can
/// glide, for a hammer-on, to a new length. `sound` samples after the pluck the string is damped.
pub(super) fn pluck(midi: u8, tone: Tone, vel: f32, sound: usize, slur: Option<(usize, u8)>, seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed.wrapping_mul(2_654_435_761).max(1));
    let period = |m: u8| RATE as f32 / hz(m as f32);
    let p0 = period(midi);
    let p1 = slur.map_or(p0, |(_, m)| period(m));
    let release = samples(tone.release);
    let n = sound + release;
    let mut exc = burst(p0, tone, vel, &mut noise);
    if let Some((at, _)) = slur {
        // The hammering finger adds a little energy of its own.
        for (k, x) in burst(p1, tone, vel * 0.3, &mut noise).into_iter().enumerate() {
            if at + k >= exc.len() {
                exc.resize(at + k + 1, 0.0);
            }
            exc[at + k] += x;
        }
    }
    let size = ((p0.max(p1) + 8.0) as usize).next_power_of_two();
    let mask = size - 1;
    let mut line = vec![0.0f32; size];
    let (a, centre) = (tone.damp, 1.0 - 2.0 * tone.damp);
    let (mut v1, mut v2) = (0.0f32, 0.0f32);
    // Per pass through the loop, so the fundamental falls 60 dB in the string's ring time.
    let gain = |p: f32| {
        let ring = tone.ring * (220.0 * p / RATE as f32).sqrt();
        0.001f32.powf(p / (ring * RATE as f32))
    };
    // A hammer-on takes a few milliseconds to seat the string on its new fret.
    let (glide_from, glide) = (slur.map_or(usize::MAX, |(at, _)| at), samples(0.008));
    let tune = |p: f32| {
        // The loss filter delays by one sample, the interpolated read by the rest.
        let delay = p - 1.0;
        let base = delay as usize - 1;
        (base, lagrange(delay - base as f32), gain(p))
    };
    let (mut base, mut w, mut g) = tune(p0);
    let mut out = vec![0.0f32; n];
    for (i, o) in out.iter_mut().enumerate() {
        if i >= glide_from && i <= glide_from + glide {
            let x = (i - glide_from) as f32 / glide as f32;
            (base, w, g) = tune(p0 + (p1 - p0) * x * x * (3.0 - 2.0 * x));
        }
        let read = i + size - base;
        let x = w[0] * line[read & mask]
            + w[1] * line[(read - 1) & mask]
            + w[2] * line[(read - 2) & mask]
            + w[3] * line[(read - 3) & mask];
        let lost = a * x + centre * v1 + a * v2;
        (v2, v1) = (v1, x);
        let y = g * lost + if i < exc.len() { exc[i] } else { 0.0 };
        line[i & mask] = y;
        *o = y * tone.gain;
    }
    // Damped by a finger: a smooth fade, no click.
    for (k, o) in out[sound..].iter_mut().enumerate() {
        let x = k as f32 / release as f32;
        *o *= 1.0 - x * x * (3.0 - 2.0 * x);
    }
    out
}

/// Cubic Lagrange weights for reading `d` (1 ≤ d < 2) samples past the first of four taps.
pub(super) fn lagrange(d: f32) -> [f32; 4] {
    [
        -(d - 1.0) * (d - 2.0) * (d - 3.0) / 6.0,
        d * (d - 2.0) * (d - 3.0) / 2.0,
        -d * (d - 1.0) * (d - 3.0) / 2.0,
        d * (d - 1.0) * (d - 2.0) / 6.0,
    ]
}

/// The pluck: one period of noise, softened by the finger and comb-filtered by where it is
/// plucked, scaled to `vel`. Its mean is removed, so no DC circulates in the string.
pub(super) fn burst(period: f32, tone: Tone, vel: f32, noise: &mut Noise) -> Vec<f32> {
    let m = period.round() as usize;
    let raw: Vec<f32> = (0..m).map(|_| noise.next()).collect();
    let mean = raw.iter().sum::<f32>() / m as f32;
    // Harder plucks are brighter; two poles make the finger's roll-off gentle but real.
    let cut = tone.pluck_hz * (0.5 + 0.5 * vel.min(1.0));
    let (mut lp1, mut lp2) = (LowPass::new(cut), LowPass::new(cut));
    let node = ((period * tone.position).round() as usize).max(1);
    let mut e: Vec<f32> = (0..m + 32 + node).map(|i| lp2.run(lp1.run(raw.get(i).map_or(0.0, |x| x - mean)))).collect();
    for i in (node..e.len()).rev() {
        e[i] -= e[i - node];
    }
    // A 1 ms onset: a fingertip, not a digital step.
    let onset = samples(0.001);
    for (i, x) in e.iter_mut().take(onset).enumerate() {
        *x *= i as f32 / onset as f32;
    }
    let level = vel / rms(&e).max(1e-9) * 0.25;
    e.iter().map(|x| x * level).collect()
}

/// The strings of `cycles` repeats of the score, played through the guitar body and the room,
/// not folded: what still rings after the last repeat runs on past its end.
pub(super) fn strings(score: &Score, cycles: usize) -> Vec<f32> {
    let len = score.loop_len();
    let notes = notes(score);
    let played: Vec<Vec<f32>> = notes
        .iter()
        .enumerate()
        .map(|(k, n)| {
            let seed = score.seed * 10_007 + k as u32;
            pluck(n.midi, n.voice.tone(), n.vel, n.end - n.start, n.slur, seed)
        })
        .collect();
    let mut bus = vec![0.0f32; cycles * len];
    for c in 0..cycles {
        for (n, s) in notes.iter().zip(&played) {
            let at = c * len + n.start;
            if bus.len() < at + s.len() {
                bus.resize(at + s.len(), 0.0);
            }
            for (d, x) in bus[at..].iter_mut().zip(s) {
                *d += x;
            }
        }
    }
    body(&mut bus);
    room(bus, 0.22, 0.8)
}

/// A guitar's body: its air resonance near 100 Hz, the top plate near 200 Hz and a little wood
/// higher up, added under the strings, and the top end warmed.
pub(super) fn body(s: &mut [f32]) {
    let mut air = BandPass::new(102.0, 3.0);
    let mut top = BandPass::new(208.0, 3.5);
    let mut wood = BandPass::new(415.0, 2.0);
    let mut warm = LowPass::new(6000.0);
    for x in s {
        let d = *x;
        *x = warm.run(0.8 * d + 0.45 * air.run(d) + 0.3 * top.run(d) + 0.15 * wood.run(d));
    }
}

/// Wraps a sound that runs past `len` samples back onto its start: the loop played on repeat
/// is then exactly what an endless performance would be, notes ringing across the seam and all.
pub(super) fn fold(raw: &[f32], len: usize) -> Vec<f32> {
    let mut out = vec![0.0f32; len];
    for (i, x) in raw.iter().enumerate() {
        out[i % len] += x;
    }
    out
}
