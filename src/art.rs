//! The game's procedural art, free of the engine: every surface (slab, cups, stones, shadow,
//! marks, background, tray pads) is a function from a point in -1..1 (y down) to a straight
//! RGBA colour in 0..1. The game turns them into textures; `konane icon` composes the
//! application icon from the same stones and slab, so the icon is the game's own art.

use std::f32::consts::TAU;

pub mod shore;

/// A colour with straight (not premultiplied) alpha, each channel in 0..1.
pub type Rgba = [f32; 4];

/// The two looks of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// Carved lava rock with basalt and coral stones, on a night sea.
    Lava,
    /// Monkeypod wood with polished stones, in a dim room.
    Wood,
    /// High contrast: matt black stones ringed in white and white stones on a near-black
    /// slab, so every stone and mark stands out (WCAG AA).
    Contrast,
}

fn hash2(x: i32, y: i32, seed: u32) -> f32 {
    let mut h =
        (x as u32).wrapping_mul(374_761_393) ^ (y as u32).wrapping_mul(668_265_263) ^ seed.wrapping_mul(2_246_822_519);
    h = (h ^ (h >> 13)).wrapping_mul(1_274_126_177);
    (h ^ (h >> 16)) as f32 / u32::MAX as f32
}

/// Smooth value noise in 0..1.
fn noise(x: f32, y: f32, seed: u32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let (u, v) = (s(fx), s(fy));
    let a = hash2(xi, yi, seed);
    let b = hash2(xi + 1, yi, seed);
    let c = hash2(xi, yi + 1, seed);
    let d = hash2(xi + 1, yi + 1, seed);
    a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v
}

/// Four octaves of value noise, in 0..1.
fn fbm(x: f32, y: f32, seed: u32) -> f32 {
    (0..4).map(|o| noise(x * (1 << o) as f32, y * (1 << o) as f32, seed + o) / (1 << o) as f32).sum::<f32>() / 1.875
}

fn normalize(v: [f32; 3]) -> [f32; 3] {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt().max(f32::MIN_POSITIVE);
    [v[0] / l, v[1] / l, v[2] / l]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Samples a surface into `size`×`size` RGBA bytes (sRGB-encoded as the game's textures are),
/// row by row from the top, each pixel the mean of `samples`×`samples` points in it.
pub fn render(size: u32, samples: u32, pixel: impl Fn(f32, f32) -> Rgba) -> Vec<u8> {
    let samples = samples.max(1);
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let mut sum = [0.0f32; 4];
            let mut plain = [0.0f32; 3];
            for sy in 0..samples {
                for sx in 0..samples {
                    let u = (x as f32 + (sx as f32 + 0.5) / samples as f32) / size as f32 * 2.0 - 1.0;
                    let v = (y as f32 + (sy as f32 + 0.5) / samples as f32) / size as f32 * 2.0 - 1.0;
                    let p = pixel(u, v);
                    // Average colour weighted by coverage, so edges do not darken.
                    for i in 0..3 {
                        sum[i] += p[i].clamp(0.0, 1.0) * p[3].clamp(0.0, 1.0);
                        plain[i] += p[i].clamp(0.0, 1.0);
                    }
                    sum[3] += p[3].clamp(0.0, 1.0);
                }
            }
            let n = (samples * samples) as f32;
            let alpha = sum[3] / n;
            // A clear pixel keeps its colour, so filtering towards it brings no dark fringe.
            let colour = |i: usize| if sum[3] > 0.0 { sum[i] / sum[3] } else { plain[i] / n };
            data.extend([colour(0), colour(1), colour(2), alpha].map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8));
        }
    }
    data
}

/// A lit, lens-shaped stone with a base colour, speckle and a specular highlight.
pub fn stone(base: [f32; 3], speckle: f32, gloss: f32, seed: u32) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        let r2 = u * u + v * v;
        let edge = ((1.0 - r2.sqrt()) * 40.0).clamp(0.0, 1.0);
        if edge <= 0.0 {
            return [0.0; 4];
        }
        let z = (1.0 - r2).max(0.0).sqrt() * 0.7;
        let n = normalize([u, -v, z]);
        let light = normalize([-0.45, 0.6, 0.65]);
        let diffuse = dot(n, light).max(0.0);
        let half = normalize([light[0], light[1], light[2] + 1.0]);
        let spec = dot(n, half).max(0.0).powf(40.0) * gloss;
        let grain = fbm(u * 6.0 + 10.0, v * 6.0, seed) - 0.5;
        let pore = if hash2((u * 40.0) as i32, (v * 40.0) as i32, seed + 9) > 0.93 { -0.5 } else { 0.0 };
        let shade = 0.45 + 0.7 * diffuse;
        let mut c = [0.0; 4];
        for i in 0..3 {
            c[i] = base[i] * shade * (1.0 + speckle * (grain + pore * 0.4)) + spec;
        }
        c[3] = edge;
        c
    }
}

/// Colours and surfaces that make up a look.
pub struct Look {
    /// The slab the cups are carved in.
    pub slab: fn(f32, f32) -> Rgba,
    /// Tint of a cup.
    pub cup_tint: [f32; 3],
    /// Black stones: colour, speckle, gloss.
    pub basalt: ([f32; 3], f32, f32),
    /// White stones: colour, speckle, gloss.
    pub coral: ([f32; 3], f32, f32),
    /// The background: middle and edge colours.
    pub background: ([f32; 3], [f32; 3]),
    /// The stone each tray's dish is carved in.
    pub mat: [f32; 3],
    /// A rim of this colour round each black stone, if the look has one (high contrast).
    pub basalt_rim: Option<[f32; 3]>,
}

fn lava_slab(u: f32, v: f32) -> Rgba {
    let n = fbm(u * 3.0 + 5.0, v * 3.0, 1);
    let vein = (fbm(u * 1.5, v * 6.0 + 3.0, 2) * 12.0).sin().abs().powf(8.0) * 0.08;
    let g = 0.30 + 0.16 * n - vein;
    [g * 1.05, g * 0.98, g * 0.90, 1.0]
}

/// Monkeypod: warm brown with long, gently warped grain, a few darker streaks, fine pores and
/// a wide soft sheen from the lacquer.
fn wood_slab(u: f32, v: f32) -> Rgba {
    let warp = fbm(u * 1.2 + 1.0, v * 0.5, 12) * 1.6;
    let grain = ((v * 5.0 + warp) * TAU).sin() * 0.5 + 0.5;
    let fine = fbm(u * 30.0, v * 2.0, 13);
    let figure = fbm(u * 2.5, v * 2.5, 14);
    let streak = grain.powf(10.0) * 0.10 + (fine - 0.5) * 0.05 + (figure - 0.5) * 0.08;
    let sheen = (-(u + v - 0.2).powi(2) * 2.0).exp() * 0.05;
    let base = [0.52, 0.33, 0.20];
    [base[0] - streak * 0.9 + sheen, base[1] - streak * 0.7 + sheen, base[2] - streak * 0.5 + sheen, 1.0]
}

/// The colours and surfaces of a look.
pub fn look(surface: Surface) -> Look {
    match surface {
        Surface::Lava => Look {
            slab: lava_slab,
            cup_tint: [1.0, 0.96, 0.9],
            basalt: ([0.16, 0.16, 0.18], 0.5, 0.55),
            coral: ([0.95, 0.91, 0.83], 0.18, 0.35),
            // Night sea: deep blue-green in the middle, darker at the edges (never so dark
            // that a basalt stone disappears against it).
            background: ([0.07, 0.16, 0.22], [0.02, 0.05, 0.08]),
            mat: [0.52, 0.50, 0.47],
            basalt_rim: None,
        },
        Surface::Wood => Look {
            slab: wood_slab,
            cup_tint: [1.35, 0.95, 0.65],
            basalt: ([0.10, 0.10, 0.11], 0.15, 0.95),
            coral: ([0.96, 0.94, 0.90], 0.06, 0.8),
            // A dim room: warm brown in the middle, darker at the edges.
            background: ([0.25, 0.17, 0.11], [0.12, 0.08, 0.05]),
            mat: [0.68, 0.46, 0.30],
            basalt_rim: None,
        },
        Surface::Contrast => Look {
            slab: contrast_slab,
            cup_tint: [0.8, 0.8, 0.85],
            basalt: ([0.03, 0.03, 0.03], 0.0, 0.15),
            coral: ([1.0, 1.0, 1.0], 0.0, 0.1),
            background: ([0.0, 0.0, 0.0], [0.0, 0.0, 0.0]),
            mat: [0.45, 0.45, 0.48],
            basalt_rim: Some([1.0, 1.0, 1.0]),
        },
    }
}

/// The high-contrast slab: plain and nearly black.
fn contrast_slab(_u: f32, _v: f32) -> Rgba {
    [0.09, 0.09, 0.10, 1.0]
}

/// `inner` (a stone) with a solid rim of `rim` round its edge.
pub fn rimmed(inner: impl Fn(f32, f32) -> Rgba, rim: [f32; 3]) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        let c = inner(u, v);
        let r = (u * u + v * v).sqrt();
        if r > 0.8 && c[3] > 0.0 { [rim[0], rim[1], rim[2], c[3]] } else { c }
    }
}

/// A soft round shadow.
pub fn shadow(u: f32, v: f32) -> Rgba {
    let r2 = u * u + v * v;
    [0.0, 0.0, 0.0, (-(r2 * 3.0)).exp() * 0.55 * (1.0 - r2).max(0.0).sqrt()]
}

/// A thin ring near the edge, clear inside (selection, cursor and other marks).
pub fn ring(u: f32, v: f32) -> Rgba {
    let r = (u * u + v * v).sqrt();
    let a = (1.0 - ((r - 0.86).abs() / 0.09)).clamp(0.0, 1.0);
    [1.0, 1.0, 1.0, a]
}

/// A square frame, clear inside (the keyboard and pad cursor).
pub fn frame(u: f32, v: f32) -> Rgba {
    let d = u.abs().max(v.abs());
    let a = (1.0 - ((d - 0.88).abs() / 0.08)).clamp(0.0, 1.0);
    [1.0, 1.0, 1.0, a]
}

/// A diamond outline, clear inside (the hint).
pub fn diamond(u: f32, v: f32) -> Rgba {
    let d = u.abs() + v.abs();
    let a = (1.0 - ((d - 0.86).abs() / 0.1)).clamp(0.0, 1.0);
    [1.0, 1.0, 1.0, a]
}

/// Four corner brackets (the last move): the corners of a square frame, its sides' middles
/// left open.
pub fn corners(u: f32, v: f32) -> Rgba {
    let f = frame(u, v);
    let open = u.abs().min(v.abs()) < 0.45;
    [1.0, 1.0, 1.0, if open { 0.0 } else { f[3] }]
}

/// A cross of two bars (a refused cup, a captured stone's cup).
pub fn cross(u: f32, v: f32) -> Rgba {
    let d = (u - v).abs().min((u + v).abs()) / std::f32::consts::SQRT_2;
    let inside = u.abs().max(v.abs()) < 0.8;
    let a = if inside { (1.0 - (d - 0.2).max(0.0) / 0.06).clamp(0.0, 1.0) } else { 0.0 };
    [1.0, 1.0, 1.0, a]
}

/// A soft dot.
pub fn dot_mark(u: f32, v: f32) -> Rgba {
    let r = (u * u + v * v).sqrt();
    [1.0, 1.0, 1.0, ((1.0 - r) * 4.0).clamp(0.0, 1.0)]
}

/// Bright up to the stone's edge, fading out to the rim: a halo around the stone.
pub fn glow(u: f32, v: f32) -> Rgba {
    let r = (u * u + v * v).sqrt();
    [1.0, 1.0, 1.0, ((1.0 - r) * 1.6).clamp(0.0, 1.0).powf(1.5)]
}

/// A cup: darker inside, lit lower-right rim, shadowed upper-left rim: a shallow hollow.
pub fn cup(tint: [f32; 3]) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        let r = (u * u + v * v).sqrt();
        if r > 1.0 {
            return [0.0; 4];
        }
        let rim = ((r - 0.75) / 0.25).clamp(0.0, 1.0);
        let side = (u * 0.5 - v * 0.5).clamp(-1.0, 1.0);
        let g = 0.16 + 0.06 * rim * (1.0 + side);
        let a = ((1.0 - r) * 12.0).clamp(0.0, 1.0) * 0.85;
        [g * tint[0], g * tint[1], g * tint[2], a]
    }
}

/// The background: a soft light from above the board (`inner`), fading to the edges
/// (`outer`), with a little texture.
pub fn background((inner, outer): ([f32; 3], [f32; 3])) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        let r = ((u * u) * 0.8 + (v + 0.15) * (v + 0.15)).sqrt().min(1.5) / 1.5;
        let k = (1.0 - r).powf(1.4);
        let n = (fbm(u * 4.0, v * 4.0, 77) - 0.5) * 0.025;
        let mut c = [0.0, 0.0, 0.0, 1.0];
        for i in 0..3 {
            c[i] = outer[i] + (inner[i] - outer[i]) * k + n;
        }
        c
    }
}

/// A shallow dish carved in stone for the stones a side has taken (drawn as a nine-slice:
/// every shade lies within a quarter of the square from its edges, so stretching the middle
/// keeps the rim): a rounded rim that catches the light at the bottom, a floor darker than
/// `colour`, shade under the upper rim, and a soft shadow round it on the background.
pub fn mat(colour: [f32; 3]) -> impl Fn(f32, f32) -> Rgba {
    move |u, v| {
        // A rounded square (half side 0.9, corner radius 0.3) as a signed distance; its
        // corners lie in the outer quarter, the part a nine-slice keeps.
        let (qx, qy) = (u.abs() - 0.6, v.abs() - 0.6);
        let d = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() + qx.max(qy).min(0.0) - 0.3;
        if d > 0.0 {
            // Outside: a soft shadow fading over a tenth of the square.
            let a = (1.0 - d / 0.1).clamp(0.0, 1.0);
            return [0.0, 0.0, 0.0, a * a * 0.35];
        }
        let floor = 0.5;
        // The inner wall (the outer 0.16 of the dish): lit at the bottom, shaded at the top.
        let wall = (1.0 - (-d / 0.16)).clamp(0.0, 1.0);
        let lit = 0.85 + 0.45 * v.clamp(-1.0, 1.0);
        let mut shade = floor + (lit - floor) * wall * 0.8;
        // The upper rim's shadow on the floor.
        shade *= 1.0 - 0.22 * ((-v - 0.5) / 0.4).clamp(0.0, 1.0);
        // A thin bright lip right at the edge.
        if d > -0.025 {
            shade = shade.max(0.95 + 0.2 * v.max(0.0));
        }
        let grain = (fbm(u * 3.0 + 2.0, v * 3.0, 21) - 0.5) * 0.06;
        [colour[0] * (shade + grain), colour[1] * (shade + grain), colour[2] * (shade + grain), 1.0]
    }
}

/// `top` over `bottom` (straight alpha).
fn over(top: Rgba, bottom: Rgba) -> Rgba {
    let a = top[3] + bottom[3] * (1.0 - top[3]);
    if a <= 0.0 {
        return [0.0; 4];
    }
    let mut c = [0.0, 0.0, 0.0, a];
    for i in 0..3 {
        c[i] = (top[i] * top[3] + bottom[i] * bottom[3] * (1.0 - top[3])) / a;
    }
    c
}

/// The application icon: a rounded tile of lava slab with four cups in a square; basalt and
/// coral stones alternate as at the start of a game, and the lower-right cup is empty, its
/// stone jumped. Big stones, so the picture still reads at 16 pixels.
pub fn icon(u: f32, v: f32) -> Rgba {
    let l = look(Surface::Lava);
    // A rounded square (half side 0.96, corner radius 0.3) as a signed distance: negative inside.
    let (qx, qy) = (u.abs() - 0.66, v.abs() - 0.66);
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
    let distance = outside + qx.max(qy).min(0.0) - 0.3;
    if distance > 0.0 {
        return [0.0; 4];
    }
    let mut c = (l.slab)(u * 0.7, v * 0.7);
    // A darker bevel along the tile's edge.
    let rim = (1.0 + distance / 0.06).clamp(0.0, 1.0);
    for channel in &mut c[..3] {
        *channel *= 1.0 - 0.35 * rim;
    }
    // Cells centred at ±0.46, each of local radius 0.44.
    let cell = 0.44;
    let (cx, cy) = (if u < 0.0 { -0.46 } else { 0.46 }, if v < 0.0 { -0.46 } else { 0.46 });
    let (lu, lv) = ((u - cx) / cell, (v - cy) / cell);
    c = over(cup(l.cup_tint)(lu, lv), c);
    let black = (u < 0.0) == (v < 0.0);
    let jumped = u > 0.0 && v > 0.0;
    if !jumped {
        c = over(shadow((lu - 0.08) / 0.95, (lv - 0.1) / 0.95), c);
        let (base, speckle, gloss) = if black { l.basalt } else { l.coral };
        c = over(stone(base, speckle, gloss, if black { 3 } else { 4 })(lu / 0.86, lv / 0.86), c);
    }
    c
}

/// The sizes the icon is drawn at for the desktop's icon theme.
pub const ICON_SIZES: [u32; 9] = [16, 22, 24, 32, 48, 64, 128, 256, 512];

/// The icon at `size`×`size` pixels, RGBA bytes row by row.
pub fn icon_pixels(size: u32) -> Vec<u8> {
    // Small sizes need more samples per pixel to stay smooth.
    let samples = if size <= 64 { 6 } else { 3 };
    render(size, samples, icon)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_is_clear_inside_so_a_marked_stone_still_shows_and_solid_on_its_rim() {
        assert_eq!(ring(0.0, 0.0)[3], 0.0);
        assert_eq!(ring(0.3, 0.2)[3], 0.0);
        assert!(ring(0.86, 0.0)[3] > 0.99);
        assert_eq!(ring(0.0, 1.0)[3], 0.0);
    }

    #[test]
    fn cups_dots_and_glows_end_at_their_circle_and_a_tray_dish_is_clear_round_its_edge() {
        for surface in [Surface::Lava, Surface::Wood] {
            let l = look(surface);
            assert_eq!(cup(l.cup_tint)(0.9, 0.9), [0.0; 4]);
            assert!(cup(l.cup_tint)(0.0, 0.0)[3] > 0.8);
            // A tray's dish: clear at the very edge, opaque inside, its floor darker than
            // its lit lower wall.
            let m = mat(l.mat);
            assert!(m(1.0, 0.0)[3] < 1e-6);
            assert_eq!(m(0.0, 0.0)[3], 1.0);
            assert!(m(0.0, 0.0)[0] < m(0.0, 0.85)[0]);
            // The background is opaque everywhere: nothing shows through it.
            assert_eq!(background(l.background)(0.95, -0.95)[3], 1.0);
        }
        assert!(dot_mark(0.0, 0.0)[3] == 1.0 && dot_mark(1.0, 0.0)[3] == 0.0);
        assert!(glow(0.0, 0.0)[3] == 1.0 && glow(0.0, 1.0)[3] == 0.0);
        assert!(shadow(0.0, 0.0)[3] > 0.5 && shadow(1.0, 0.0)[3] == 0.0);
    }

    fn pixel(data: &[u8], size: u32, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * size + x) * 4) as usize;
        [data[i], data[i + 1], data[i + 2], data[i + 3]]
    }

    #[test]
    fn the_icon_shows_a_dark_and_a_light_stone_an_empty_cup_and_clear_corners_at_every_size() {
        for size in ICON_SIZES {
            let data = icon_pixels(size);
            assert_eq!(data.len(), (size * size * 4) as usize);
            // Clear corners (a rounded tile), opaque middle.
            assert_eq!(pixel(&data, size, 0, 0)[3], 0, "{size}: corner");
            let at = |fx: f32, fy: f32| pixel(&data, size, (fx * size as f32) as u32, (fy * size as f32) as u32);
            let lum = |p: [u8; 4]| p[0] as u32 + p[1] as u32 + p[2] as u32;
            assert_eq!(at(0.5, 0.5)[3], 255, "{size}: middle");
            // Upper left basalt (dark), upper right coral (light), lower right an empty cup.
            let (basalt, coral, empty) = (at(0.27, 0.27), at(0.73, 0.27), at(0.73, 0.73));
            assert!(lum(coral) > 500, "{size}: coral {coral:?}");
            assert!(lum(basalt) * 2 < lum(coral), "{size}: basalt {basalt:?}");
            assert!(lum(empty) < lum(coral) / 2, "{size}: empty cup {empty:?}");
        }
    }

    #[test]
    fn rendering_averages_coverage_so_a_half_covered_pixel_is_half_opaque() {
        let half = |u: f32, _v: f32| if u < 0.0 { [1.0, 0.0, 0.0, 1.0] } else { [0.0; 4] };
        let data = render(1, 4, half);
        assert_eq!(data, vec![255, 0, 0, 128]);
        // A clear surface keeps its colour (no dark fringes when a texture is filtered).
        assert_eq!(render(1, 1, |_, _| [1.0, 1.0, 1.0, 0.0]), vec![255, 255, 255, 0]);
    }
}
