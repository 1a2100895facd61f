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
    /// A soft glow (the winner's stones).
    pub glow: Handle<Image>,
    /// The background behind everything.
    pub background: Handle<Image>,
    /// A soft pad under each tray.
    pub mat: Handle<Image>,
}

/// A texture of `size`×`size` pixels sampled from one of the art's surfaces.
fn image(size: u32, pixel: impl Fn(f32, f32) -> art::Rgba) -> Image {
    Image::new(
        Extent3d { width: size, height: size, depth_or_array_layers: 1 },
        TextureDimension::D2,
        art::render(size, 1, pixel),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

/// The art's look of a theme.
fn look(theme: Theme) -> art::Look {
    art::look(match theme {
        Theme::Lava => art::Surface::Lava,
        Theme::Wood => art::Surface::Wood,
    })
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

fn generate(mut commands: Commands, mut images: ResMut<Assets<Image>>, settings: Option<Res<Settings>>) {
    // Shared by both themes.
    let shadow = images.add(image(64, art::shadow));
    let ring = images.add(image(128, art::ring));
    let dot = images.add(image(64, art::dot_mark));
    let glow = images.add(image(128, art::glow));
    let mut all = Vec::new();
    for theme in Theme::ALL {
        let l = look(theme);
        all.push((
            theme,
            Textures {
                slab: images.add(image(512, l.slab)),
                cup: images.add(image(64, art::cup(l.cup_tint))),
                basalt: images.add(image(128, art::stone(l.basalt.0, l.basalt.1, l.basalt.2, 3))),
                coral: images.add(image(128, art::stone(l.coral.0, l.coral.1, l.coral.2, 4))),
                shadow: shadow.clone(),
                ring: ring.clone(),
                dot: dot.clone(),
                glow: glow.clone(),
                background: images.add(image(256, art::background(l.background))),
                mat: images.add(image(64, art::mat(l.mat))),
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
