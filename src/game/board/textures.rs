//! Procedurally generated textures for each theme: the slab (carved lava rock or monkeypod
//! wood), cups, basalt and coral stones, shadows, the background and the tray pads.

use crate::art;
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
    /// A square frame (the cursor).
    pub frame: Handle<Image>,
    /// A diamond outline (the hint).
    pub diamond: Handle<Image>,
    /// Four corner brackets (the last move).
    pub corners: Handle<Image>,
    /// A cross (a refused cup, a captured stone).
    pub cross: Handle<Image>,
    /// A soft glow (the winner's stones).
    pub glow: Handle<Image>,
    /// The background behind everything.
    pub background: Handle<Image>,
    /// A soft pad under each tray.
    pub mat: Handle<Image>,
}

/// A texture of `size`×`size` pixels sampled from one of the art's surfaces.
fn image(size: u32, pixel: impl Fn(f32, f32) -> art::Rgba) -> Image {
    texture(size, art::render(size, 1, pixel))
}

/// The art's look of a theme.
fn look(theme: Theme) -> art::Look {
    art::look(match theme {
        Theme::Lava => art::Surface::Lava,
        Theme::Wood => art::Surface::Wood,
        Theme::Contrast => art::Surface::Contrast,
    })
}

/// Generates the current theme's textures before anything is spawned (the first frame needs
/// them), the other themes' on a thread (they cost as much again, and nothing shows them
/// until the player picks one), and switches between them when the theme setting changes
/// (the board is rebuilt with the new ones).
pub fn plugin(app: &mut App) {
    app.add_systems(PreStartup, generate).add_systems(
        Update,
        (receive_themes, follow_theme).chain().in_set(crate::game::play::screen::GameSet::Presentation),
    );
}

/// Every theme's textures made so far; [`Textures`] holds the current theme's.
#[derive(Resource)]
pub struct TextureSets(Vec<(Theme, Textures)>);

impl TextureSets {
    /// The textures of a theme (the first theme's until that one is made).
    pub fn of(&self, theme: Theme) -> &Textures {
        &self.0.iter().find(|(t, _)| *t == theme).unwrap_or(&self.0[0]).1
    }

    /// Whether a theme's textures are made.
    pub fn has(&self, theme: Theme) -> bool {
        self.0.iter().any(|(t, _)| *t == theme)
    }
}

/// One theme's own pictures as pixels (made anywhere, turned into textures on the main thread).
struct ThemePixels {
    theme: Theme,
    slab: Vec<u8>,
    cup: Vec<u8>,
    basalt: Vec<u8>,
    coral: Vec<u8>,
    background: Vec<u8>,
    mat: Vec<u8>,
}

fn theme_pixels(theme: Theme) -> ThemePixels {
    let l = look(theme);
    ThemePixels {
        theme,
        slab: art::render(SLAB, 1, l.slab),
        cup: art::render(CUP, 1, art::cup(l.cup_tint)),
        basalt: match l.basalt_rim {
            Some(rim) => art::render(STONE, 1, art::rimmed(art::stone(l.basalt.0, l.basalt.1, l.basalt.2, 3), rim)),
            None => art::render(STONE, 1, art::stone(l.basalt.0, l.basalt.1, l.basalt.2, 3)),
        },
        coral: art::render(STONE, 1, art::stone(l.coral.0, l.coral.1, l.coral.2, 4)),
        background: art::render(BACKGROUND, 1, art::background(l.background)),
        mat: art::render(MAT, 1, art::mat(l.mat)),
    }
}

const SLAB: u32 = 512;
const CUP: u32 = 64;
const STONE: u32 = 128;
const BACKGROUND: u32 = 256;
const MAT: u32 = 256;

/// A texture from pixels made by [`art::render`].
pub(crate) fn texture(size: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d { width: size, height: size, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// The marks every theme shares.
#[derive(Resource, Clone)]
struct SharedMarks {
    shadow: Handle<Image>,
    ring: Handle<Image>,
    dot: Handle<Image>,
    frame: Handle<Image>,
    diamond: Handle<Image>,
    corners: Handle<Image>,
    cross: Handle<Image>,
    glow: Handle<Image>,
}

impl SharedMarks {
    fn textures(&self, px: ThemePixels, images: &mut Assets<Image>) -> Textures {
        Textures {
            slab: images.add(texture(SLAB, px.slab)),
            cup: images.add(texture(CUP, px.cup)),
            basalt: images.add(texture(STONE, px.basalt)),
            coral: images.add(texture(STONE, px.coral)),
            shadow: self.shadow.clone(),
            ring: self.ring.clone(),
            dot: self.dot.clone(),
            frame: self.frame.clone(),
            diamond: self.diamond.clone(),
            corners: self.corners.clone(),
            cross: self.cross.clone(),
            glow: self.glow.clone(),
            background: images.add(texture(BACKGROUND, px.background)),
            mat: images.add(texture(MAT, px.mat)),
        }
    }
}

/// The other themes' pixels, arriving from their thread.
#[derive(Resource)]
struct PendingThemes(std::sync::Mutex<std::sync::mpsc::Receiver<ThemePixels>>);

fn generate(mut commands: Commands, mut images: ResMut<Assets<Image>>, settings: Option<Res<Settings>>) {
    let marks = SharedMarks {
        shadow: images.add(image(64, art::shadow)),
        ring: images.add(image(128, art::ring)),
        dot: images.add(image(64, art::dot_mark)),
        frame: images.add(image(128, art::frame)),
        diamond: images.add(image(128, art::diamond)),
        corners: images.add(image(128, art::corners)),
        cross: images.add(image(128, art::cross)),
        glow: images.add(image(128, art::glow)),
    };
    let theme = settings.map(|s| s.theme).unwrap_or_default();
    let current = marks.textures(theme_pixels(theme), &mut images);
    let mut made = vec![(theme, current.clone())];
    let others: Vec<Theme> = Theme::ALL.into_iter().filter(|t| *t != theme).collect();
    let (send, receive) = std::sync::mpsc::channel();
    let thread = {
        let others = others.clone();
        std::thread::Builder::new().name("theme textures".into()).spawn(move || {
            for other in others {
                if send.send(theme_pixels(other)).is_err() {
                    return;
                }
            }
        })
    };
    if thread.is_err() {
        // No thread to be had: made here instead.
        made.extend(others.into_iter().map(|t| (t, marks.textures(theme_pixels(t), &mut images))));
    }
    commands.insert_resource(current);
    commands.insert_resource(TextureSets(made));
    commands.insert_resource(PendingThemes(std::sync::Mutex::new(receive)));
    commands.insert_resource(marks);
}

/// A theme made on its thread becomes a texture set (shown by [`follow_theme`] if it is the
/// one the player has picked meanwhile).
fn receive_themes(
    pending: Option<Res<PendingThemes>>,
    marks: Option<Res<SharedMarks>>,
    mut themes: Option<ResMut<TextureSets>>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(pending), Some(marks), Some(themes)) = (pending, marks, themes.as_mut()) else { return };
    let Ok(receiver) = pending.0.lock() else { return };
    while let Ok(px) = receiver.try_recv() {
        let theme = px.theme;
        let made = marks.textures(px, &mut images);
        themes.0.push((theme, made));
    }
}

/// A new theme (or the picked theme's textures arriving from their thread): its textures
/// become the current ones, and the board is rebuilt with them. The one writer of
/// [`Textures`] after start-up.
fn follow_theme(
    settings: Res<Settings>,
    themes: Option<Res<TextureSets>>,
    mut textures: ResMut<Textures>,
    mut shown: Local<Option<(Theme, bool)>>,
    mut resets: MessageWriter<BoardReset>,
) {
    let Some(themes) = themes else { return };
    let now = (settings.theme, themes.has(settings.theme));
    if shown.is_some_and(|s| s != now) {
        *textures = themes.of(now.0).clone();
        resets.write(BoardReset);
    }
    *shown = Some(now);
}
