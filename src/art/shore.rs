//! The title's picture: a papamū on a shelf of lava rock by the sea at dusk, seen from above
//! as the board is. Two layers, laid out in board cells round the board's centre (y up): the
//! sea, wide and soft, reaching the window's edges; and the rock with the surf at its edge,
//! finer, clear beyond the surf. Both take the shore from one function, so they meet.

use super::{Rgba, fbm, noise};
use std::f32::consts::{FRAC_PI_4, TAU};

/// Half the side of the sea's square, in cells.
pub const SEA_HALF: f32 = 18.0;
/// Half the side of the rock's square, in cells.
pub const ROCK_HALF: f32 = 7.5;
/// How far the surf reaches out from the rock, in cells.
const SURF: f32 = 0.5;

/// How far a point (cells from the board's centre, y up) lies off the rock: negative on it.
/// The rock is a squarish shelf round the slab (half side 4.45), reaching further to the lower
/// right, its edge broken by noise at two scales.
pub fn shore(x: f32, y: f32) -> f32 {
    let p = 6.0;
    let r = (x.abs().powf(p) + y.abs().powf(p)).powf(1.0 / p);
    let toward = (y.atan2(x) + FRAC_PI_4).cos().max(0.0);
    let broken = (fbm(x * 0.35 + 3.0, y * 0.35, 40) - 0.5) * 0.7 + (fbm(x * 1.6, y * 1.6, 41) - 0.5) * 0.3;
    r - (5.7 + 0.8 * toward + broken)
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// The sea, `u`, `v` in -1..1 over a square of side 2 × [`SEA_HALF`] cells (v down): turquoise
/// over the shallows by the rock, deep blue further out, lines of swell running along the
/// shore, and at its edges the night background's own colour, fading out, so it meets the
/// background wherever the window ends.
pub fn sea(edge: [f32; 3]) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        let (x, y) = (u * SEA_HALF, -v * SEA_HALF);
        let d = shore(x, y).max(0.0);
        let depth = (d / 6.0).clamp(0.0, 1.0).sqrt();
        let mut c = mix([0.10, 0.40, 0.42], [0.025, 0.12, 0.19], depth);
        // Swell: crests parallel to the shore, bent by noise, strongest near it.
        let phase = d * 1.3 - fbm(x * 0.25, y * 0.25, 42) * 3.0;
        let crest = ((phase * TAU).sin() * 0.5 + 0.5).powf(12.0);
        let patch = ((fbm(x * 0.6, y * 0.6, 43) - 0.45) * 3.0).clamp(0.0, 1.0);
        let light = crest * patch * (1.0 - depth) * 0.10 + (fbm(x * 2.0, y * 2.0, 44) - 0.5) * 0.025;
        c = [c[0] + light, c[1] + light * 1.1, c[2] + light * 1.1];
        // Towards the square's edge, the background's colour, then clear.
        let r = u.abs().max(v.abs());
        let c = mix(c, edge, (r - 0.55) / 0.35);
        [c[0], c[1], c[2], ((1.0 - r) / 0.1).clamp(0.0, 1.0)]
    }
}

/// The rock's height: broad swells and fine grain.
fn height(x: f32, y: f32) -> f32 {
    fbm(x * 0.9, y * 0.9, 45) * 0.6 + fbm(x * 4.0, y * 4.0, 46) * 0.4
}

/// The rock and its surf, `u`, `v` in -1..1 over a square of side 2 × [`ROCK_HALF`] cells
/// (v down): rough dark basalt lit from the upper left, pitted, with rusty patches, darker
/// and wet at the water's edge; lacy white surf just off it; clear beyond.
pub fn rock(u: f32, v: f32) -> Rgba {
    let (x, y) = (u * ROCK_HALF, -v * ROCK_HALF);
    let d = shore(x, y);
    if d > SURF {
        return [1.0, 1.0, 1.0, 0.0];
    }
    if d > 0.0 {
        // Surf: a band fading out to sea, torn by noise, with a second, fainter line.
        let lace = fbm(x * 3.0, y * 3.0, 47);
        let band = (1.0 - d / SURF).powf(1.5) * ((lace - 0.3) * 2.5).clamp(0.0, 1.0);
        let second = (1.0 - ((d - 0.3) / 0.08).abs()).max(0.0) * ((lace - 0.5) * 3.0).clamp(0.0, 1.0) * 0.5;
        return [0.86, 0.93, 0.94, (band + second).min(0.9)];
    }
    let e = 0.04;
    let h = height(x, y);
    let (dx, dy) = ((height(x + e, y) - h) / e, (height(x, y + e) - h) / e);
    let n = super::normalize([-dx * 0.35, -dy * 0.35, 1.0]);
    let shade = 0.55 + 0.55 * super::dot(n, super::normalize([-0.5, 0.6, 0.7]));
    let rust = ((fbm(x * 0.45 + 9.0, y * 0.45, 48) - 0.55) * 4.0).clamp(0.0, 1.0) * 0.6;
    let c = mix([0.17, 0.155, 0.145], [0.26, 0.15, 0.11], rust);
    // Vesicles: small, soft-edged dark pits.
    let pit = ((noise(x * 13.0, y * 13.0, 49) - 0.76) * 8.0).clamp(0.0, 1.0) * 0.45;
    let c = [c[0] * (1.0 - pit), c[1] * (1.0 - pit), c[2] * (1.0 - pit)];
    // Wet near the water: darker, with a sheen.
    let wet = (1.0 + d / 0.35).clamp(0.0, 1.0);
    let shade = shade * (1.0 - 0.35 * wet) + wet * 0.08 * (fbm(x * 5.0, y * 5.0, 50) - 0.3).max(0.0);
    [c[0] * shade, c[1] * shade, c[2] * shade, 1.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rock_holds_the_whole_slab_and_its_surf_stays_inside_its_picture() {
        // Every point of the slab (half side 4.45) and a little round it is rock.
        for i in 0..=40 {
            for j in 0..=40 {
                let (x, y) = (-4.6 + i as f32 * 0.23, -4.6 + j as f32 * 0.23);
                assert!(shore(x, y) < 0.0, "({x}, {y}) off the rock");
            }
        }
        // The rock and its surf end inside the rock's picture: clear all round its edge.
        for k in 0..=200 {
            let t = -1.0 + k as f32 / 100.0;
            for (u, v) in [(t, -1.0), (t, 1.0), (-1.0, t), (1.0, t)] {
                assert_eq!(rock(u, v)[3], 0.0, "({u}, {v})");
            }
        }
    }

    #[test]
    fn the_sea_is_shallow_by_the_rock_deep_further_out_and_fades_at_its_edge() {
        let near = sea([0.02, 0.05, 0.08])(7.5 / SEA_HALF, 0.0);
        let far = sea([0.02, 0.05, 0.08])(12.0 / SEA_HALF, 0.0);
        assert!(near[1] > far[1] + 0.08, "{near:?} {far:?}");
        assert_eq!(sea([0.0; 3])(1.0, 0.3)[3], 0.0);
        assert_eq!(sea([0.0; 3])(0.2, 0.1)[3], 1.0);
    }
}
