//! The board's entities and layout: a carved slab with cups, stones and trays, laid out to fit
//! the window. Everything on the board hangs off [`BoardRoot`], whose transform maps board
//! units (one cell = 1.0, centred on the origin, y up) to pixels.

use crate::game::board::textures::Textures;
use crate::game::play::authority::{BoardReset, PresentationActive, Rules};
use crate::game::play::screen::{
    CardPlace, CardRoom, GameSet, MOVE_LIST_HEIGHT, MOVE_LIST_WIDTH, MoveListOpen, Overlay, Review, Screen,
    move_list_below,
};
use crate::rules::{Color as Side, Coord, Game, Geometry};
use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy::sprite::{SpritePickingMode, SpritePickingSettings};
use bevy::window::PrimaryWindow;

/// Height of the HUD at the top, in logical pixels.
pub const TOP_BAR: f32 = 86.0;
/// Height kept free at the bottom.
pub const BOTTOM_BAR: f32 = 36.0;
/// Diameter of a stone on the board, in cells.
pub const STONE_SIZE: f32 = 0.84;
/// Diameter of a stone in a tray, in cells.
pub const TRAY_STONE_SIZE: f32 = 0.5;
/// Diameter of a cup, in cells.
pub const CUP_SIZE: f32 = 0.92;
/// A stone's shadow, relative to the stone (in units of the stone's own size).
pub const SHADOW_OFFSET: Vec3 = Vec3::new(0.05, -0.07, -0.5);
/// Size of a stone's shadow relative to the stone.
pub const SHADOW_SIZE: f32 = 1.05;
/// How much larger a stone held by the pointer is drawn.
pub const HELD_SCALE: f32 = 1.12;

/// Draw order on the board (z in board units; higher is in front).
pub mod z {
    /// The slab's drop shadow.
    pub const SLAB_SHADOW: f32 = 0.0;
    /// The slab.
    pub const SLAB: f32 = 0.1;
    /// Cups.
    pub const CUP: f32 = 1.0;
    /// Marks under the stones (last move's start, captures).
    pub const MARK_UNDER: f32 = 2.0;
    /// Landing dots and jump paths.
    pub const PATH: f32 = 2.5;
    /// Stones at rest (tray stones add a little per slot).
    pub const STONE: f32 = 4.0;
    /// Rings over stones (selection, removable, last landing, hint).
    pub const MARK_OVER: f32 = 5.0;
    /// The keyboard/gamepad cursor.
    pub const CURSOR: f32 = 6.0;
    /// Captured stones flying to a tray, and stone chips.
    pub const FLYING: f32 = 9.0;
    /// A hopping stone.
    pub const HOPPING: f32 = 10.0;
    /// A stone held by the pointer.
    pub const HELD: f32 = 20.0;
}

/// Everything on the board hangs off this entity; its transform maps cell units to pixels.
#[derive(Component)]
pub struct BoardRoot;

/// A cup on the board: the picking target for that cell.
#[derive(Component, Clone, Copy, Debug)]
pub struct Cell(pub Coord);

/// A stone on the board.
#[derive(Component, Clone, Copy, Debug)]
pub struct Stone {
    /// Its colour.
    pub side: Side,
    /// Its cell.
    pub at: Coord,
}

/// The soft shadow under a stone.
#[derive(Component)]
pub struct StoneShadow;

/// Board size in pixels per cell and centre, for the UI.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Layout {
    /// Pixels per cell.
    pub cell: f32,
    /// Board centre in world coordinates.
    pub centre: Vec2,
    /// Window size.
    pub window: Vec2,
    /// The trays sit below the board (tall windows) instead of beside it.
    pub trays_below: bool,
    /// Window pixels below the board for a panel there (the move list in a tall window): the
    /// board moves up under the bar and the panel takes all the room it leaves, so no empty
    /// band is left between them.
    pub below_room: f32,
}

/// Distance between the centres of two stones in a tray, in cells (they touch, as in a bowl).
const TRAY_PITCH: f32 = 0.5;
/// Gap between the slab's edge and a tray's dish, in cells.
const TRAY_GAP: f32 = 0.2;
/// Rim of a tray's dish round its stones, in cells.
const TRAY_RIM: f32 = 0.12;
/// Room above a tray below the board for its player card, in cells.
const TRAY_LABEL: f32 = 0.6;

/// The most stones a tray can hold: every stone of the other colour but the one lifted off.
fn tray_capacity(geo: &Geometry) -> usize {
    geo.rows() as usize * geo.cols() as usize / 2 + 1
}

/// Stones in one row of a tray: beside the board four (more on a board too short for
/// them); below it, as many as the board is wide.
fn tray_per_row(geo: &Geometry, below: bool) -> usize {
    if below {
        return (geo.cols() as usize * 2).saturating_sub(1).max(1);
    }
    let rows_fit = (geo.rows() as usize * 2).saturating_sub(1).max(1);
    tray_capacity(geo).div_ceil(rows_fit).max(4)
}

/// Rows of stones a full tray has.
fn tray_rows(geo: &Geometry, below: bool) -> usize {
    tray_capacity(geo).div_ceil(tray_per_row(geo, below))
}

/// Width of a tray beside the board, the gap to the slab included, in cells.
fn tray_cells(geo: &Geometry) -> f32 {
    TRAY_GAP + tray_per_row(geo, false) as f32 * TRAY_PITCH + 2.0 * TRAY_RIM + 0.05
}

/// Height of a tray below (or above) the board, its card and the gap included, in cells.
fn tray_height_below(geo: &Geometry) -> f32 {
    TRAY_GAP + TRAY_LABEL + tray_rows(geo, true) as f32 * TRAY_PITCH + 2.0 * TRAY_RIM
}

/// Position of a cell's centre in board units (board centred on the origin, y up).
pub fn cell_pos(geo: &Geometry, c: Coord) -> Vec2 {
    Vec2::new(c.col as f32 - (geo.cols() as f32 - 1.0) / 2.0, (geo.rows() as f32 - 1.0) / 2.0 - c.row as f32)
}

/// Where the `n`-th stone of a tray sits (board units), the stones in tidy rows in a dish:
/// beside the board (Black left, White right) four to a row from the top, filling outwards
/// from the board; or, in a tall window, White's tray above the board and Black's below it,
/// each filling from its card's side.
pub fn tray_slot(geo: &Geometry, owner: Side, n: usize, below: bool) -> Vec2 {
    let per_row = tray_per_row(geo, below);
    let (row, col) = ((n / per_row) as f32, (n % per_row) as f32);
    let inset = TRAY_RIM + TRAY_PITCH / 2.0;
    if below {
        let x = -(geo.cols() as f32 - 1.0) / 2.0 + col * TRAY_PITCH;
        let edge = geo.rows() as f32 / 2.0 + 0.45 + TRAY_GAP + inset;
        let y = match owner {
            // Above the board: its card on top, its rows under it down to the board.
            Side::White => edge + (tray_rows(geo, true) as f32 - 1.0 - row) * TRAY_PITCH,
            // Below: its card between the board and its rows.
            Side::Black => -edge - TRAY_LABEL - row * TRAY_PITCH,
        };
        return Vec2::new(x, y);
    }
    let x0 = geo.cols() as f32 / 2.0 + 0.45 + TRAY_GAP + inset + col * TRAY_PITCH;
    let x = if owner == Side::Black { -x0 } else { x0 };
    let y = (geo.rows() as f32 - 1.0) / 2.0 - row * TRAY_PITCH;
    Vec2::new(x, y)
}

/// How much larger the interface is drawn than at 100 %: the player's interface size, times
/// a factor that grows with windows larger than 1280×800 (up to twice, at 2560×1600 and
/// beyond) so the HUD and menus stay readable on large screens.
pub fn ui_zoom(ui_scale: f32, window: Vec2) -> f32 {
    let zoom = ui_scale * (window.x / 1280.0).min(window.y / 800.0).clamp(1.0, 2.0);
    // In steps of 1/16: resizing a large window changes the text's pixel size now and then,
    // not every frame (each new size is a new set of glyphs to make).
    (zoom * 16.0).round() / 16.0
}

/// A tray's dish (centre and size in board units): round all the slots a full tray has.
pub fn tray_area(geo: &Geometry, owner: Side, below: bool) -> (Vec2, Vec2) {
    let per_row = tray_per_row(geo, below);
    let first = tray_slot(geo, owner, 0, below);
    let last = tray_slot(geo, owner, per_row * tray_rows(geo, below) - 1, below);
    let reach = TRAY_PITCH / 2.0 + TRAY_RIM;
    let min = first.min(last) - Vec2::splat(reach);
    let max = first.max(last) + Vec2::splat(reach);
    ((min + max) / 2.0, max - min)
}

impl Layout {
    /// Layout for a window and board, below a HUD drawn at `ui_scale`, left of a panel
    /// `right` logical pixels wide and above one `bottom` pixels high.
    pub fn compute(window: Vec2, geo: &Geometry, ui_scale: f32, right: f32, bottom: f32) -> Layout {
        // A little air between the bar and the board.
        let top = (TOP_BAR + 10.0) * ui_scale;
        let avail_w = window.x - 16.0 - right;
        let avail_h = window.y - top - BOTTOM_BAR - bottom;
        // Trays beside the board, or below it: whichever gives the larger cells.
        let beside = {
            let cols = geo.cols() as f32 + 1.0 + 2.0 * tray_cells(geo);
            let rows = (geo.rows() as f32 + 1.0).max(6.0);
            (avail_w / cols).min(avail_h / rows)
        };
        let below = {
            let cols = geo.cols() as f32 + 1.0;
            let rows = geo.rows() as f32 + 0.9 + 2.0 * tray_height_below(geo);
            (avail_w / cols).min(avail_h / rows)
        };
        let trays_below = below > beside * 1.1;
        let cell = beside.max(if trays_below { below } else { 0.0 }).max(4.0);
        // One tray above and one below: the board stays in the middle.
        let mut centre = Vec2::new(-right / 2.0, (BOTTOM_BAR + bottom - top) / 2.0);
        let mut below_room = bottom;
        if bottom > 0.0 && !trays_below {
            // A panel below: the board right under the bar, the panel takes what is left.
            let height = (geo.rows() as f32 + 1.0).max(6.0) * cell;
            centre.y = window.y / 2.0 - top - height / 2.0;
            below_room = (window.y - top - height).max(bottom);
        }
        Layout { cell, centre, window, trays_below, below_room }
    }

    /// World position of a board-unit point.
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.centre + p * self.cell
    }

    /// Screen (logical pixel, y down) position of a board-unit point.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        let w = self.to_world(p);
        Vec2::new(w.x + self.window.x / 2.0, self.window.y / 2.0 - w.y)
    }

    /// Board-unit point under a screen (logical pixel, y down) position.
    pub fn from_screen(&self, s: Vec2) -> Vec2 {
        let w = Vec2::new(s.x - self.window.x / 2.0, self.window.y / 2.0 - s.y);
        (w - self.centre) / self.cell
    }
}

/// The window-facing part: the camera and how the cups are picked.
pub(crate) fn camera_plugin(app: &mut App) {
    app.insert_resource(SpritePickingSettings { require_markers: false, picking_mode: SpritePickingMode::BoundingBox })
        .add_systems(Startup, |mut commands: Commands, textures: Res<Textures>| {
            // No multisampling: every edge on the board is a soft-edged texture, and with software
            // rendering each extra sample costs fill time across the whole window.
            commands.spawn((Name::new("Camera"), Camera2d, Msaa::Off));
            commands.spawn((
                Name::new("Background"),
                Background,
                Sprite { image: textures.background.clone(), custom_size: Some(Vec2::ONE), ..default() },
                Transform::from_xyz(0.0, 0.0, -100.0),
            ));
        })
        .add_systems(Update, fit_background.in_set(GameSet::Presentation));
}

/// The picture behind everything.
#[derive(Component)]
struct Background;

/// The background fills the window, in the current theme.
fn fit_background(
    windows: Query<&Window, With<PrimaryWindow>>,
    textures: Res<Textures>,
    mut backgrounds: Query<&mut Sprite, With<Background>>,
) {
    let Ok(window) = windows.single() else { return };
    let size = Vec2::new(window.width(), window.height());
    for mut sprite in &mut backgrounds {
        if sprite.custom_size != Some(size) {
            sprite.custom_size = Some(size);
        }
        if textures.is_changed() && sprite.image != textures.background {
            sprite.image = textures.background.clone();
        }
    }
}

/// The board entities and their layout; needs image assets but no window or renderer.
pub fn board_plugin(app: &mut App) {
    app.add_plugins(crate::game::board::textures::plugin)
        .init_resource::<Layout>()
        .add_systems(OnEnter(Screen::Game), |mut p: ResMut<PresentationActive>| p.0 = true)
        .add_systems(OnExit(Screen::Game), |mut p: ResMut<PresentationActive>| p.0 = false)
        .add_systems(
            Update,
            (fit_to_window, rebuild_on_reset)
                .chain()
                .in_set(crate::game::play::screen::ViewSet::Board)
                .run_if(in_state(Screen::Game)),
        );
}

fn fit_to_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    rules: Option<Res<Rules>>,
    settings: Res<crate::game::platform::settings::Settings>,
    moves: Res<MoveListOpen>,
    (overlay, tutorial): (Res<crate::game::play::screen::Overlay>, Option<Res<crate::game::modes::tutorial::Tutorial>>),
    (mut resets, mut place): (MessageWriter<BoardReset>, ResMut<CardPlace>),
    mut layout: ResMut<Layout>,
    mut roots: Query<&mut Transform, With<BoardRoot>>,
) {
    let (Ok(window), Some(rules)) = (windows.single(), rules) else { return };
    let size = Vec2::new(window.width(), window.height());
    let zoom = ui_zoom(settings.ui_scale, size);
    // The move list sits beside the board, or below it in a tall window.
    let (right, bottom) = match (moves.0, move_list_below(size)) {
        (false, _) => (0.0, 0.0),
        (true, false) => (MOVE_LIST_WIDTH * zoom, 0.0),
        (true, true) => (0.0, MOVE_LIST_HEIGHT * zoom),
    };
    // During a lesson its coach keeps its room even while put away ("Try it", the pause menu):
    // the board keeps one place and size for the whole lesson.
    let card = if tutorial.is_some() && !overlay.is_card() { Overlay::Lesson } else { *overlay };
    let geo = rules.game.geometry();
    let (l, room) = card_and_board(size, geo, zoom, (right, bottom), card);
    if place.0 != room {
        place.0 = room;
    }
    // Trays moving between beside and below the board: rebuild it in the new arrangement.
    if l.trays_below != layout.trays_below {
        resets.write(BoardReset);
    }
    *layout = l;
    for mut t in &mut roots {
        t.translation = l.centre.extend(0.0);
        t.scale = Vec3::new(l.cell, l.cell, 1.0);
    }
}

/// The board's layout and the room of the card open (a lesson's coach or the end of a game),
/// beside the move list (`list`: its width at the right, its height below): the card beside
/// the board (or below it) and the board in what is left, never under the card; the end of a
/// game over the right-hand tray when the room beside the board is wide enough, so the board
/// keeps its place and size.
pub fn card_and_board(window: Vec2, geo: &Geometry, zoom: f32, list: (f32, f32), card: Overlay) -> (Layout, CardRoom) {
    let (right, bottom) = list;
    let alone = Layout::compute(window, geo, zoom, right, bottom);
    let room = card.card_room(window, zoom);
    if card.is_game_over() && matches!(room, CardRoom::Right(_)) && !alone.trays_below {
        let edge = alone.to_screen(Vec2::new(geo.cols() as f32 / 2.0 + 0.45 + TRAY_GAP / 2.0, 0.0)).x;
        let width = window.x - 8.0 - right - edge;
        if width >= crate::game::play::screen::CARD_OVER_MIN_WIDTH * zoom {
            // Under the right-hand player card: from the top of its tray's dish.
            let (centre, size) = tray_area(geo, Side::White, false);
            let top = alone.to_screen(centre + Vec2::new(0.0, size.y / 2.0)).y;
            return (alone, CardRoom::Over { width, top });
        }
    }
    let (right, bottom) = match room {
        CardRoom::Right(w) => (right + w, bottom),
        CardRoom::Bottom(h) => (right, bottom.max(h)),
        CardRoom::None | CardRoom::Over { .. } => (right, bottom),
    };
    (Layout::compute(window, geo, zoom, right, bottom), room)
}

/// The game the board shows: the game itself, or its first plies while reviewing.
pub fn shown_game(game: &Game, review: Review) -> std::borrow::Cow<'_, Game> {
    match review.0 {
        Some(k) if k < game.ply() => {
            let mut shown = Game::from_position(*game.start());
            for m in game.moves().into_iter().take(k) {
                // The history was legal when it was played, so replaying it cannot fail.
                if shown.play(m).is_err() {
                    break;
                }
            }
            std::borrow::Cow::Owned(shown)
        }
        _ => std::borrow::Cow::Borrowed(game),
    }
}

/// The stones each side has captured so far, per tray owner, in order. A stone lifted off in
/// the opening is not a capture: it leaves the table, and no tray holds it (a tray under
/// "Black took 0" showing a black stone read as a capture of one's own).
pub fn tray_contents(game: &Game) -> [Vec<Side>; 2] {
    let mut trays = [Vec::new(), Vec::new()];
    // Who moved at each ply follows from the start's side to move: sides alternate.
    let mut mover = game.start().to_move();
    for m in game.moves() {
        if !m.is_removal() {
            for _ in 0..m.hops() {
                trays[mover.index()].push(mover.opponent());
            }
        }
        mover = mover.opponent();
    }
    trays
}

/// A stone at a board-unit position, with its shadow.
pub fn stone(textures: &Textures, side: Side, pos: Vec3, size: f32) -> impl Bundle {
    let image = if side == Side::Black { textures.basalt.clone() } else { textures.coral.clone() };
    (
        Name::new(format!("{} stone", side.name())),
        Sprite { image, custom_size: Some(Vec2::splat(size)), ..default() },
        Transform::from_translation(pos),
        Visibility::default(),
        children![(
            Name::new("Shadow"),
            StoneShadow,
            Sprite { image: textures.shadow.clone(), custom_size: Some(Vec2::splat(SHADOW_SIZE)), ..default() },
            Transform::from_translation(SHADOW_OFFSET),
        )],
    )
}

/// A cup: the picking target of its cell.
pub fn cup(textures: &Textures, geo: &Geometry, at: Coord) -> impl Bundle {
    (
        Name::new("Cup"),
        Cell(at),
        Pickable::default(),
        Sprite { image: textures.cup.clone(), custom_size: Some(Vec2::splat(CUP_SIZE)), ..default() },
        Transform::from_translation(cell_pos(geo, at).extend(z::CUP)),
    )
}

/// The carved slab (`shadow` = its drop shadow).
pub fn slab(textures: &Textures, geo: &Geometry, shadow: bool) -> impl Bundle {
    let size = Vec2::new(geo.cols() as f32 + 0.9, geo.rows() as f32 + 0.9);
    if shadow {
        (
            Name::new("Slab shadow"),
            Sprite {
                image: textures.slab.clone(),
                custom_size: Some(size + 0.3),
                color: Color::srgba(0.0, 0.0, 0.0, 0.45),
                ..default()
            },
            // Light from straight above: the shadow is as wide on both sides (a sideways
            // one made the board look off-centre), a little deeper below.
            Transform::from_xyz(0.0, -0.06, z::SLAB_SHADOW),
        )
    } else {
        (
            Name::new("Slab"),
            Sprite { image: textures.slab.clone(), custom_size: Some(size), ..default() },
            Transform::from_xyz(0.0, 0.0, z::SLAB),
        )
    }
}

/// The board root, placed by the layout.
fn root(layout: &Layout) -> impl Bundle {
    (
        Name::new("Board"),
        BoardRoot,
        DespawnOnExit(Screen::Game),
        Transform::from_translation(layout.centre.extend(0.0)).with_scale(Vec3::new(layout.cell, layout.cell, 1.0)),
        Visibility::default(),
    )
}

/// Builds the whole board from the rules (new game, undo, redo).
pub(crate) fn rebuild_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    textures: Res<Textures>,
    roots: Query<Entity, With<BoardRoot>>,
    layout: Res<Layout>,
    review: Res<Review>,
) {
    // Entering, stepping through and leaving a review rebuild the board too.
    if resets.read().count() == 0 && !review.is_changed() {
        return;
    }
    let Some(rules) = rules else { return };
    for r in &roots {
        commands.entity(r).despawn();
    }
    let shown = shown_game(&rules.game, *review);
    let geo = *shown.geometry();
    let pos = shown.position();
    let root = commands.spawn(root(&layout)).id();
    commands.spawn((ChildOf(root), slab(&textures, &geo, true)));
    commands.spawn((ChildOf(root), slab(&textures, &geo, false)));
    for r in 0..geo.rows() {
        for c in 0..geo.cols() {
            let at = Coord::new(r, c);
            commands.spawn((ChildOf(root), cup(&textures, &geo, at)));
            if let Some(side) = pos.at(at) {
                let p = cell_pos(&geo, at).extend(z::STONE);
                commands.spawn((ChildOf(root), Stone { side, at }, stone(&textures, side, p, STONE_SIZE)));
            }
        }
    }
    let trays = tray_contents(&shown);
    for owner in [Side::Black, Side::White] {
        let (centre, size) = tray_area(&geo, owner, layout.trays_below);
        commands.spawn((
            ChildOf(root),
            Name::new("Tray dish"),
            Sprite {
                image: textures.mat.clone(),
                // The dish's picture has a soft shadow round it, a twentieth of its side.
                custom_size: Some(size + 0.2),
                // Stretched in the middle only: its rounded corners keep their shape.
                image_mode: SpriteImageMode::Sliced(TextureSlicer {
                    border: BorderRect::all(64.0),
                    max_corner_scale: 1.0,
                    ..default()
                }),
                ..default()
            },
            Transform::from_translation(centre.extend(z::SLAB_SHADOW)),
        ));
        for (n, side) in trays[owner.index()].iter().enumerate() {
            let p = tray_slot(&geo, owner, n, layout.trays_below).extend(z::STONE + n as f32 * 0.01);
            commands.spawn((ChildOf(root), stone(&textures, *side, p, TRAY_STONE_SIZE)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_beside_or_below_the_board_never_covers_it_and_keeps_its_size_whatever_it_says() {
        for (w, h) in [(1280, 800), (800, 600), (600, 900)] {
            let mut app = App::new();
            app.add_plugins(MinimalPlugins)
                .add_message::<BoardReset>()
                .init_resource::<Layout>()
                .init_resource::<MoveListOpen>()
                .init_resource::<Overlay>()
                .init_resource::<CardPlace>()
                .insert_resource(crate::game::platform::settings::Settings::default())
                .insert_resource(Rules::new(crate::game::setup::GameSetup::default(), None))
                .add_systems(Update, fit_to_window);
            app.world_mut().spawn((Window { resolution: (w, h).into(), ..default() }, PrimaryWindow));
            let geo = *app.world().resource::<Rules>().game.geometry();
            // The board's outer corners, in window pixels (y down).
            let corners = |app: &App| {
                let layout = app.world().resource::<Layout>();
                let (a, b) = (Coord::new(0, 0), Coord::new(geo.rows() - 1, geo.cols() - 1));
                let top_left = layout.to_screen(cell_pos(&geo, a) + Vec2::new(-0.5, 0.5));
                let bottom_right = layout.to_screen(cell_pos(&geo, b) + Vec2::new(0.5, -0.5));
                (top_left, bottom_right)
            };
            app.update();
            let full = corners(&app);
            *app.world_mut().resource_mut::<Overlay>() = Overlay::Lesson;
            app.update();
            let with_card = corners(&app);
            let size = Vec2::new(w as f32, h as f32);
            let zoom = ui_zoom(1.0, size);
            match Overlay::Lesson.card_room(size, zoom) {
                CardRoom::Right(room) => {
                    assert!(with_card.1.x <= w as f32 - room, "{w}x{h}: the board runs under the card")
                }
                CardRoom::Bottom(room) => {
                    assert!(with_card.1.y <= h as f32 - room, "{w}x{h}: the board runs under the card")
                }
                other => panic!("a lesson's card beside or below the board, not {other:?}"),
            }
            // The game's end: over the right-hand tray where there is room for it there (the
            // board keeps its place and size), else in the lesson's room.
            *app.world_mut().resource_mut::<Overlay>() = Overlay::GameOver;
            app.update();
            match app.world().resource::<CardPlace>().0 {
                CardRoom::Over { width, top } => {
                    assert_eq!((w, h), (1280, 800), "over the tray only where there is room");
                    assert_eq!(corners(&app), full, "{w}x{h}: the board keeps its place");
                    assert!(full.1.x + 10.0 <= w as f32 - 8.0 - width, "{w}x{h}: the card covers the board");
                    assert!(width >= 270.0 && top > TOP_BAR + 40.0, "{w}x{h}: {width} wide from {top}");
                }
                _ => assert_eq!(corners(&app), with_card, "{w}x{h}: as in a lesson"),
            }
            // The card closed: the board takes its room back.
            *app.world_mut().resource_mut::<Overlay>() = Overlay::None;
            app.update();
            assert_eq!(corners(&app), full, "{w}x{h}");
        }
    }

    #[test]
    fn a_tray_holds_only_the_enemy_stones_its_side_captured_never_an_opening_stone() {
        let mut game = Game::new(Geometry::new(6, 6).unwrap());
        // The two removals of the opening: no tray holds them.
        for _ in 0..2 {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
        }
        assert_eq!(tray_contents(&game), [vec![], vec![]]);
        // Black's first jump: Black's tray holds one white stone.
        let jump = game.legal_moves()[0];
        game.play(jump).unwrap();
        assert_eq!(tray_contents(&game), [vec![Side::White], vec![]]);
        let reply = game.legal_moves()[0];
        game.play(reply).unwrap();
        assert_eq!(tray_contents(&game)[1], vec![Side::Black; reply.hops() as usize]);
    }
}
