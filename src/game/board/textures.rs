//! Procedurally generated textures for each theme: the slab (carved lava rock or monkeypod
//! wood), cups, basalt and coral stones, shadows, the background and the tray pads.

use crate::game::platform::settings::{Settings, Theme};
use crate::game::play::authority::BoardReset;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Handles of the generated images.
#[derive(Resource, Clone)]
pub struct Textures {
    /// The stone slab.
    pub slab: Handle<Image>,
    /// One cup.
    pub cup: Handle<Image>,
    /// Black basalt stone.
    pub basalt: Handle<Image>,
    /// White coral stone.
    pub coral: Handle<Image>,
    /// Soft round shadow.
    pub shadow: Handle<Image>,
    /// A ring (selection, cursor).
    pub ring: Handle<Image>,
    /// A soft dot (landings, markers).
    pub dot: Handle<Image>,
    /// A soft glow (the winner's stones).
    pub glow: Handle<Image>,
    /// The background behind everything.
    pub background: Handle<Image>,
    /// A soft pad under each tray.
    pub mat: Handle<Image>,
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

fn fbm(x: f32, y: f32, seed: u32) -> f32 {
    (0..4).map(|o| noise(x * (1 << o) as f32, y * (1 << o) as f32, seed + o) / (1 << o) as f32).sum::<f32>() / 1.875
}

fn image(size: u32, pixel: impl Fn(f32, f32) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            // -1..1 coordinates, y down.
            let u = (x as f32 + 0.5) / size as f32 * 2.0 - 1.0;
            let v = (y as f32 + 0.5) / size as f32 * 2.0 - 1.0;
            let p = pixel(u, v);
            data.extend(p.iter().map(|c| (c.clamp(0.0, 1.0) * 255.0).round() as u8));
        }
    }
    Image::new(
        Extent3d { width: size, height: size, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// A lit sphere-like stone with a base colour, speckle and a specular highlight.
fn stone(base: [f32; 3], speckle: f32, gloss: f32, seed: u32) -> impl Fn(f32, f32) -> [f32; 4] {
    move |u, v| {
        let r2 = u * u + v * v;
        let edge = ((1.0 - r2.sqrt()) * 40.0).clamp(0.0, 1.0);
        if edge <= 0.0 {
            return [0.0; 4];
        }
        // A flattened dome: stones are lens-shaped.
        let z = (1.0 - r2).max(0.0).sqrt() * 0.7;
        let n = Vec3::new(u, -v, z).normalize();
        let light = Vec3::new(-0.45, 0.6, 0.65).normalize();
        let diffuse = n.dot(light).max(0.0);
        let half = (light + Vec3::Z).normalize();
        let spec = n.dot(half).max(0.0).powf(40.0) * gloss;
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

/// Generates both themes' textures before anything is spawned, and switches between them
/// when the theme setting changes (the board is rebuilt with the new ones).
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, generate)
        .add_systems(Update, follow_theme.in_set(crate::game::play::screen::GameSet::Presentation));
}

/// Every theme's textures; [`Textures`] holds the current theme's.
#[derive(Resource)]
pub struct ThemeTextures(Vec<(Theme, Textures)>);

impl ThemeTextures {
    /// The textures of a theme.
    pub fn of(&self, theme: Theme) -> &Textures {
        &self.0.iter().find(|(t, _)| *t == theme).unwrap_or(&self.0[0]).1
    }
}

/// Colours and surfaces that make up a theme.
struct Look {
    slab: fn(f32, f32) -> [f32; 4],
    cup_tint: [f32; 3],
    basalt: ([f32; 3], f32, f32),
    coral: ([f32; 3], f32, f32),
    background: ([f32; 3], [f32; 3]),
    mat: [f32; 3],
}

fn look(theme: Theme) -> Look {
    match theme {
        Theme::Lava => Look {
            slab: |u, v| {
                let n = fbm(u * 3.0 + 5.0, v * 3.0, 1);
                let vein = (fbm(u * 1.5, v * 6.0 + 3.0, 2) * 12.0).sin().abs().powf(8.0) * 0.08;
                let g = 0.30 + 0.16 * n - vein;
                [g * 1.05, g * 0.98, g * 0.90, 1.0]
            },
            cup_tint: [1.0, 0.96, 0.9],
            basalt: ([0.16, 0.16, 0.18], 0.5, 0.55),
            coral: ([0.95, 0.91, 0.83], 0.18, 0.35),
            // Night sea: deep blue-green in the middle, darker at the edges (never so dark
            // that a basalt stone disappears against it).
            background: ([0.07, 0.16, 0.22], [0.02, 0.05, 0.08]),
            mat: [0.55, 0.60, 0.62],
        },
        Theme::Wood => Look {
            // Monkeypod: warm brown with darker, warped grain lines and a lacquer sheen.
            slab: |u, v| {
                // Long, gently warped grain with a few darker streaks, fine pores, and a wide
                // soft sheen from the lacquer.
                let warp = fbm(u * 1.2 + 1.0, v * 0.5, 12) * 1.6;
                let grain = ((v * 5.0 + warp) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
                let fine = fbm(u * 30.0, v * 2.0, 13);
                let figure = fbm(u * 2.5, v * 2.5, 14);
                let streak = grain.powf(10.0) * 0.10 + (fine - 0.5) * 0.05 + (figure - 0.5) * 0.08;
                let sheen = (-(u + v - 0.2).powi(2) * 2.0).exp() * 0.05;
                let base = [0.52, 0.33, 0.20];
                [base[0] - streak * 0.9 + sheen, base[1] - streak * 0.7 + sheen, base[2] - streak * 0.5 + sheen, 1.0]
            },
            cup_tint: [1.35, 0.95, 0.65],
            basalt: ([0.10, 0.10, 0.11], 0.15, 0.95),
            coral: ([0.96, 0.94, 0.90], 0.06, 0.8),
            // A dim room: warm brown in the middle, darker at the edges.
            background: ([0.25, 0.17, 0.11], [0.12, 0.08, 0.05]),
            mat: [0.78, 0.68, 0.50],
        },
    }
}

/// A soft round shadow.
fn shadow_pixel(u: f32, v: f32) -> [f32; 4] {
    let r2 = u * u + v * v;
    [0.0, 0.0, 0.0, (-(r2 * 3.0)).exp() * 0.55 * (1.0 - r2).max(0.0).sqrt()]
}

/// A thin ring near the edge, clear inside (selection, cursor and other marks).
fn ring_pixel(u: f32, v: f32) -> [f32; 4] {
    let r = (u * u + v * v).sqrt();
    let a = (1.0 - ((r - 0.86).abs() / 0.09)).clamp(0.0, 1.0);
    [1.0, 1.0, 1.0, a]
}

/// A soft dot.
fn dot_pixel(u: f32, v: f32) -> [f32; 4] {
    let r = (u * u + v * v).sqrt();
    [1.0, 1.0, 1.0, ((1.0 - r) * 4.0).clamp(0.0, 1.0)]
}

/// Bright up to the stone's edge, fading out to the rim: a halo around the stone.
fn glow_pixel(u: f32, v: f32) -> [f32; 4] {
    let r = (u * u + v * v).sqrt();
    [1.0, 1.0, 1.0, ((1.0 - r) * 1.6).clamp(0.0, 1.0).powf(1.5)]
}

/// A cup: darker inside, lit lower-right rim, shadowed upper-left rim: a shallow hollow.
fn cup_pixel(tint: [f32; 3]) -> impl Fn(f32, f32) -> [f32; 4] {
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
fn background_pixel((inner, outer): ([f32; 3], [f32; 3])) -> impl Fn(f32, f32) -> [f32; 4] {
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

/// A soft-edged pad under a tray, so dark stones stand out from the background.
fn mat_pixel(colour: [f32; 3]) -> impl Fn(f32, f32) -> [f32; 4] {
    move |u, v| {
        let edge = ((1.0 - u.abs()) * 3.0).min((1.0 - v.abs()) * 3.0).clamp(0.0, 1.0);
        [colour[0], colour[1], colour[2], edge * edge * 0.14]
    }
}

fn generate(mut commands: Commands, mut images: ResMut<Assets<Image>>, settings: Option<Res<Settings>>) {
    // Shared by both themes.
    let shadow = images.add(image(64, shadow_pixel));
    let ring = images.add(image(128, ring_pixel));
    let dot = images.add(image(64, dot_pixel));
    let glow = images.add(image(128, glow_pixel));
    let mut all = Vec::new();
    for theme in Theme::ALL {
        let l = look(theme);
        all.push((
            theme,
            Textures {
                slab: images.add(image(512, l.slab)),
                cup: images.add(image(64, cup_pixel(l.cup_tint))),
                basalt: images.add(image(128, stone(l.basalt.0, l.basalt.1, l.basalt.2, 3))),
                coral: images.add(image(128, stone(l.coral.0, l.coral.1, l.coral.2, 4))),
                shadow: shadow.clone(),
                ring: ring.clone(),
                dot: dot.clone(),
                glow: glow.clone(),
                background: images.add(image(256, background_pixel(l.background))),
                mat: images.add(image(64, mat_pixel(l.mat))),
            },
        ));
    }
    let themes = ThemeTextures(all);
    let theme = settings.map(|s| s.theme).unwrap_or_default();
    commands.insert_resource(themes.of(theme).clone());
    commands.insert_resource(themes);
}

/// A new theme: its textures become the current ones, and the board is rebuilt with them.
fn follow_theme(
    settings: Res<Settings>,
    themes: Option<Res<ThemeTextures>>,
    mut textures: ResMut<Textures>,
    mut shown: Local<Option<Theme>>,
    mut resets: MessageWriter<BoardReset>,
) {
    let Some(themes) = themes else { return };
    let theme = settings.theme;
    if shown.is_some_and(|t| t != theme) {
        *textures = themes.of(theme).clone();
        resets.write(BoardReset);
    }
    *shown = Some(theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_is_clear_inside_so_a_marked_stone_still_shows_and_solid_on_its_rim() {
        assert_eq!(ring_pixel(0.0, 0.0)[3], 0.0);
        assert_eq!(ring_pixel(0.3, 0.2)[3], 0.0);
        assert!(ring_pixel(0.86, 0.0)[3] > 0.99);
        assert_eq!(ring_pixel(0.0, 1.0)[3], 0.0);
    }

    #[test]
    fn cups_dots_and_glows_end_at_their_circle_and_a_tray_pad_fades_out_at_its_edges() {
        for theme in Theme::ALL {
            let l = look(theme);
            assert_eq!(cup_pixel(l.cup_tint)(0.9, 0.9), [0.0; 4]);
            assert!(cup_pixel(l.cup_tint)(0.0, 0.0)[3] > 0.8);
            let mat = mat_pixel(l.mat);
            assert_eq!(mat(1.0, 0.0)[3], 0.0);
            assert!(mat(0.0, 0.0)[3] > 0.1);
            // The background is opaque everywhere: nothing shows through it.
            assert_eq!(background_pixel(l.background)(0.95, -0.95)[3], 1.0);
        }
        assert!(dot_pixel(0.0, 0.0)[3] == 1.0 && dot_pixel(1.0, 0.0)[3] == 0.0);
        assert!(glow_pixel(0.0, 0.0)[3] == 1.0 && glow_pixel(0.0, 1.0)[3] == 0.0);
        assert!(shadow_pixel(0.0, 0.0)[3] > 0.5 && shadow_pixel(1.0, 0.0)[3] == 0.0);
    }
}
