//! The title screen's art: a papamū (an 8×8 board) on a shelf of lava rock by the sea, on
//! which two computer players (quick, a little random) play a game, one unhurried move at a
//! time; a new game starts a few seconds after one ends. At animation speed 0 the position
//! simply stands still. In a wide window the board sits right of the title's card, else
//! behind it. The sea and the rock are painted once, on a thread, at start-up.
//!
//! It is a background, so it costs little: a move every few seconds, drawn at a few frames a
//! second, and nothing at all while the window has no focus (it waits where it was).

use crate::game::board::textures::Textures;
use crate::game::board::view::{STONE_SIZE, cell_pos, cup, slab, stone, z};
use crate::game::platform::redraw::Wake;
use crate::game::platform::settings::Settings;
use crate::game::play::screen::{Overlay, Screen};
use crate::rules::{Coord, Game, Geometry, Move};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Seconds between moves, and that a move takes, at speed 1.
const MOVE_EVERY: f32 = 4.5;
const MOVE_TAKES: f32 = 0.55;
/// Seconds the finished position stays before a new game.
const REST: f32 = 6.0;
/// Frames a second while a stone of the art moves (a background need not be smooth).
const ART_FPS: f32 = 6.0;

/// The game played behind the menu.
#[derive(Resource)]
struct Demo {
    game: Game,
    /// Seconds until the next move (or the next game).
    wait: f32,
    seed: u32,
}

/// The art's root entity.
#[derive(Component)]
pub struct ArtRoot;

/// A stone of the art at a cell.
#[derive(Component)]
struct ArtStone(Coord);

/// A stone of the art moving along its landings.
#[derive(Component)]
struct ArtHop {
    start: Vec2,
    path: Vec<Vec2>,
    t: f32,
}

/// A stone of the art fading out (captured or removed).
#[derive(Component)]
struct ArtFade(f32);

/// The title's picture of the sea and the rock, once painted.
#[derive(Resource, Clone)]
pub struct Scene {
    sea: Handle<Image>,
    rock: Handle<Image>,
}

/// The picture on its way from its thread.
#[derive(Resource)]
struct PendingScene(std::sync::Mutex<std::sync::mpsc::Receiver<(Vec<u8>, Vec<u8>)>>);

/// Pixels of the sea's and the rock's pictures (the sea is soft and wide, the rock fine).
const SEA_PX: u32 = 512;
const ROCK_PX: u32 = 1024;

/// The board behind the title menu, and the game played on it.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, paint_scene).add_systems(PreUpdate, receive_scene);
    app.add_systems(
        Update,
        (keep_art, fit_art, (play_demo, animate_art).run_if(window_focused), ask_for_frames)
            .chain()
            .in_set(crate::game::play::screen::GameSet::Presentation)
            .run_if(in_state(Screen::Title)),
    );
}

fn geometry() -> Geometry {
    Geometry::new(8, 8).expect("8x8 is valid")
}

/// A few random opening moves, so every title shows a different position.
fn opening(seed: &mut u32) -> Game {
    let mut game = Game::new(geometry());
    for _ in 0..8 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[next(seed) as usize % moves.len()];
        let _ = game.play(m);
    }
    game
}

fn next(seed: &mut u32) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 17;
    *seed ^= *seed << 5;
    *seed
}

/// Whenever the title screen has no board behind it (every visit: the art is despawned on
/// leaving it) and the textures exist, the board is built: the demo game goes on where it was
/// left, or starts on the first visit. A new theme (new textures) rebuilds it at once in the
/// new look.
fn keep_art(
    mut commands: Commands,
    textures: Option<Res<Textures>>,
    (demo, scene): (Option<Res<Demo>>, Option<Res<Scene>>),
    roots: Query<Entity, With<ArtRoot>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
) {
    let Some(textures) = textures else { return };
    let fresh = scene.as_ref().is_some_and(|s| s.is_added());
    if !roots.is_empty() {
        if !fresh && (!textures.is_changed() || textures.is_added()) {
            return;
        }
        for root in &roots {
            commands.entity(root).despawn();
        }
    }
    let scene = shown_scene(scene.as_deref(), &settings);
    match demo {
        Some(demo) => build(&mut commands, &textures, &demo.game, scene),
        None => {
            let mut seed = (time.elapsed().as_nanos() as u32 ^ settings.seed as u32 ^ 0x9e37_79b9).max(1);
            let game = opening(&mut seed);
            build(&mut commands, &textures, &game, scene);
            commands.insert_resource(Demo { game, wait: MOVE_EVERY, seed });
        }
    }
}

/// The picture behind the board: none in high contrast, whose plain black keeps every stone
/// clear.
fn shown_scene<'a>(scene: Option<&'a Scene>, settings: &Settings) -> Option<&'a Scene> {
    scene.filter(|_| settings.theme != crate::game::platform::settings::Theme::Contrast)
}

/// Paints the sea and the rock on a thread; the game is woken when they are done.
fn paint_scene(mut commands: Commands, wake: Res<Wake>) {
    let (send, receive) = std::sync::mpsc::channel();
    let edge = crate::art::look(crate::art::Surface::Lava).background.1;
    let notify = wake.notifier();
    let painting = std::thread::Builder::new().name("title picture".into()).spawn(move || {
        let sea = crate::art::render(SEA_PX, 1, crate::art::shore::sea(edge));
        let rock = crate::art::render(ROCK_PX, 1, crate::art::shore::rock);
        if send.send((sea, rock)).is_ok()
            && let Some(notify) = notify
        {
            notify();
        }
    });
    if painting.is_ok() {
        commands.insert_resource(PendingScene(std::sync::Mutex::new(receive)));
    }
}

/// The picture, when its thread is done, becomes two textures.
fn receive_scene(mut commands: Commands, pending: Option<Res<PendingScene>>, mut images: ResMut<Assets<Image>>) {
    let Some(pending) = pending else { return };
    let got = match pending.0.lock() {
        Ok(receiver) => receiver.try_recv(),
        Err(_) => Err(std::sync::mpsc::TryRecvError::Disconnected),
    };
    match got {
        Ok((sea, rock)) => {
            let sea = images.add(crate::game::board::textures::texture(SEA_PX, sea));
            let rock = images.add(crate::game::board::textures::texture(ROCK_PX, rock));
            commands.insert_resource(Scene { sea, rock });
            commands.remove_resource::<PendingScene>();
        }
        Err(std::sync::mpsc::TryRecvError::Disconnected) => commands.remove_resource::<PendingScene>(),
        Err(std::sync::mpsc::TryRecvError::Empty) => {}
    }
}

/// Spawns the board and its stones for a position, on the rock by the sea (once painted).
fn build(commands: &mut Commands, textures: &Textures, game: &Game, scene: Option<&Scene>) {
    let geo = *game.geometry();
    let root = commands
        .spawn((
            Name::new("Title art"),
            ArtRoot,
            DespawnOnExit(Screen::Title),
            Transform::from_xyz(0.0, 0.0, -50.0),
            Visibility::default(),
        ))
        .id();
    if let Some(scene) = scene {
        let layer = |image: &Handle<Image>, half: f32, z: f32| {
            (
                Sprite { image: image.clone(), custom_size: Some(Vec2::splat(2.0 * half)), ..default() },
                Transform::from_xyz(0.0, 0.0, z),
            )
        };
        commands.spawn((ChildOf(root), Name::new("Sea"), layer(&scene.sea, crate::art::shore::SEA_HALF, -2.0)));
        commands.spawn((ChildOf(root), Name::new("Rock"), layer(&scene.rock, crate::art::shore::ROCK_HALF, -1.0)));
    }
    commands.spawn((ChildOf(root), slab(textures, &geo, true)));
    commands.spawn((ChildOf(root), slab(textures, &geo, false)));
    for r in 0..geo.rows() {
        for c in 0..geo.cols() {
            let at = Coord::new(r, c);
            commands.spawn((ChildOf(root), cup(textures, &geo, at)));
            if let Some(side) = game.position().at(at) {
                let p = cell_pos(&geo, at).extend(z::STONE);
                commands.spawn((ChildOf(root), ArtStone(at), stone(textures, side, p, STONE_SIZE)));
            }
        }
    }
}

/// Where the title's board sits in a window `window` logical pixels large, beside a card
/// `card` pixels wide at the left: its cell size, and how far its centre lies right of the
/// window's centre. Beside the card when that leaves the board a fair size, else in the
/// middle, behind the card. Pure.
pub fn title_board(window: Vec2, card: f32) -> (f32, f32) {
    let left = card + 40.0;
    let beside = ((window.x - left - 16.0) / 9.6).min(window.y / 12.0);
    if beside >= window.y / 17.0 {
        let centre = (left + window.x - 16.0) / 2.0;
        return (beside, centre - window.x / 2.0);
    }
    // Behind the card: smaller, so the rock and the sea show round it.
    ((window.y / 11.0).min(window.x / 11.0), 0.0)
}

/// The card's width on the title, in logical pixels (see `ui::title`).
pub const TITLE_CARD_WIDTH: f32 = 520.0;

/// The board where [`title_board`] puts it.
fn fit_art(
    windows: Query<&Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    mut roots: Query<&mut Transform, With<ArtRoot>>,
) {
    let Ok(window) = windows.single() else { return };
    let size = Vec2::new(window.width(), window.height());
    let zoom = crate::game::board::view::ui_zoom(settings.ui_scale, size);
    let (cell, x) = title_board(size, TITLE_CARD_WIDTH * zoom);
    for mut t in &mut roots {
        t.scale = Vec3::new(cell, cell, 1.0);
        t.translation.x = x;
    }
}

/// Plays the next move when it is time, or starts a new game after a finished one rests.
fn play_demo(
    mut commands: Commands,
    demo: Option<ResMut<Demo>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    (textures, scene): (Res<Textures>, Option<Res<Scene>>),
    roots: Query<Entity, With<ArtRoot>>,
    mut stones: Query<(Entity, &mut ArtStone, &Transform)>,
) {
    let Some(mut demo) = demo else { return };
    if settings.motion() <= 0.0 {
        return;
    }
    demo.wait -= time.delta_secs() * settings.motion();
    if demo.wait > 0.0 {
        return;
    }
    let moves = demo.game.legal_moves();
    if moves.is_empty() {
        // The game is over: a fresh one.
        for r in &roots {
            commands.entity(r).despawn();
        }
        let mut seed = demo.seed;
        demo.game = opening(&mut seed);
        demo.seed = seed;
        build(&mut commands, &textures, &demo.game, shown_scene(scene.as_deref(), &settings));
        demo.wait = MOVE_EVERY;
        return;
    }
    // Mostly the move that leaves the opponent fewest replies, sometimes any move.
    let mut seed = demo.seed;
    let m: Move = if next(&mut seed).is_multiple_of(4) {
        moves[next(&mut seed) as usize % moves.len()]
    } else {
        *moves
            .iter()
            .min_by_key(|m| {
                let mut g = demo.game.clone();
                let _ = g.play(**m);
                (g.legal_moves().len(), next(&mut seed) % 7)
            })
            .expect("moves is not empty")
    };
    demo.seed = seed;
    let geo = *demo.game.geometry();
    let captured = if m.is_removal() { vec![m.from] } else { m.captured() };
    for (e, mut s, tf) in &mut stones {
        if captured.contains(&s.0) {
            commands.entity(e).remove::<ArtStone>().insert(ArtFade(0.0));
        } else if s.0 == m.from && !m.is_removal() {
            s.0 = m.to;
            let path = m.landings().iter().map(|c| cell_pos(&geo, *c)).collect();
            commands.entity(e).insert(ArtHop { start: tf.translation.truncate(), path, t: 0.0 });
        }
    }
    let _ = demo.game.play(m);
    demo.wait = if demo.game.legal_moves().is_empty() { REST } else { MOVE_EVERY };
}

/// The art moves only while the window has focus and no menu is open over the title (a menu
/// hides most of it).
fn window_focused(windows: Query<&Window, With<PrimaryWindow>>, overlay: Res<Overlay>) -> bool {
    *overlay == Overlay::None && windows.iter().any(|w| w.focused && w.visible)
}

/// A few frames a second while a stone moves, else one frame when the next move is due.
fn ask_for_frames(
    demo: Option<Res<Demo>>,
    settings: Res<Settings>,
    moving: Query<(), Or<(With<ArtHop>, With<ArtFade>)>>,
    wake: Res<Wake>,
    windows: Query<&Window, With<PrimaryWindow>>,
    overlay: Res<Overlay>,
) {
    let motion = settings.motion();
    if motion <= 0.0 || *overlay != Overlay::None || !windows.iter().any(|w| w.focused && w.visible) {
        return;
    }
    if !moving.is_empty() {
        wake.after_secs(1.0 / ART_FPS);
    } else if let Some(demo) = demo {
        wake.after_secs(demo.wait.max(0.0) / motion);
    }
}

fn animate_art(
    mut commands: Commands,
    time: Res<Time<Real>>,
    settings: Res<Settings>,
    mut hops: Query<(Entity, &mut ArtHop, &mut Transform), Without<ArtFade>>,
    mut fades: Query<(Entity, &mut ArtFade, &mut Sprite)>,
) {
    // A step of at most a little more than a frame of the art: the first frame of a move comes
    // after a rest of seconds, which would otherwise finish the hop before it was seen.
    let dt = time.delta_secs().min(1.5 / ART_FPS) * settings.motion().max(0.0);
    for (e, mut hop, mut tf) in &mut hops {
        hop.t += dt / MOVE_TAKES;
        let n = hop.path.len() as f32;
        let progress = (hop.t * n).min(n);
        let i = (progress.floor() as usize).min(hop.path.len() - 1);
        let f = progress - i as f32;
        let from = if i == 0 { hop.start } else { hop.path[i - 1] };
        let p = from.lerp(hop.path[i], f * f * (3.0 - 2.0 * f));
        let height = (f * std::f32::consts::PI).sin() * 0.3;
        tf.translation = Vec3::new(p.x, p.y + height * 0.35, z::HOPPING);
        tf.scale = Vec3::splat(1.0 + height * 0.25);
        if hop.t >= 1.0 {
            let end = hop.path[hop.path.len() - 1];
            tf.translation = end.extend(z::STONE);
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<ArtHop>();
        }
    }
    for (e, mut fade, mut sprite) in &mut fades {
        fade.0 += dt / 0.5;
        sprite.color = Color::WHITE.with_alpha((1.0 - fade.0).max(0.0));
        if fade.0 >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
