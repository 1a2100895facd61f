//! Procedurally generated textures: the carved slab, cups, basalt and coral stones, shadows.

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

/// Generates the textures before anything is spawned.
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, generate);
}

fn generate(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let slab = image(512, |u, v| {
        let n = fbm(u * 3.0 + 5.0, v * 3.0, 1);
        let vein = (fbm(u * 1.5, v * 6.0 + 3.0, 2) * 12.0).sin().abs().powf(8.0) * 0.08;
        let g = 0.30 + 0.16 * n - vein;
        [g * 1.05, g * 0.98, g * 0.90, 1.0]
    });
    let cup = image(64, |u, v| {
        let r = (u * u + v * v).sqrt();
        if r > 1.0 {
            return [0.0; 4];
        }
        // Darker inside, lit lower-right rim, shadowed upper-left rim: a shallow hollow.
        let rim = ((r - 0.75) / 0.25).clamp(0.0, 1.0);
        let side = (u * 0.5 - v * 0.5).clamp(-1.0, 1.0);
        let g = 0.16 + 0.06 * rim * (1.0 + side);
        let a = ((1.0 - r) * 12.0).clamp(0.0, 1.0) * 0.85;
        [g, g * 0.96, g * 0.9, a]
    });
    let basalt = image(128, stone([0.16, 0.16, 0.18], 0.5, 0.55, 3));
    let coral = image(128, stone([0.95, 0.91, 0.83], 0.18, 0.35, 4));
    let shadow = image(64, |u, v| {
        let r2 = u * u + v * v;
        [0.0, 0.0, 0.0, (-(r2 * 3.0)).exp() * 0.55 * (1.0 - r2).max(0.0).sqrt()]
    });
    let ring = image(128, |u, v| {
        let r = (u * u + v * v).sqrt();
        let a = (1.0 - ((r - 0.86).abs() / 0.09)).clamp(0.0, 1.0);
        [1.0, 1.0, 1.0, a]
    });
    let dot = image(64, |u, v| {
        let r = (u * u + v * v).sqrt();
        [1.0, 1.0, 1.0, ((1.0 - r) * 4.0).clamp(0.0, 1.0)]
    });
    commands.insert_resource(Textures {
        slab: images.add(slab),
        cup: images.add(cup),
        basalt: images.add(basalt),
        coral: images.add(coral),
        shadow: images.add(shadow),
        ring: images.add(ring),
        dot: images.add(dot),
    });
}
