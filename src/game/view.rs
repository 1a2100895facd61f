//! The board view: a carved slab with cups, stones, trays and markers, laid out to fit the
//! window. Cells are the picking targets; they only ever send input messages.

use super::anim::{Hop, Leaving};
use super::input::{BoardCursor, CancelSelection, CellActivated, Selection};
use super::rules::{BoardReset, MoveApplied, PresentationActive, Rules};
use super::textures::Textures;
use super::{GameSet, Screen, Settings, Turn};
use crate::rules::{Color as Side, Coord, Game, Geometry, Phase};
use bevy::picking::Pickable;
use bevy::picking::events::{Click, Drag, DragDrop, DragEnd, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;
use bevy::sprite::{SpritePickingMode, SpritePickingSettings};
use bevy::window::PrimaryWindow;

/// Height of the egui bar at the top, in logical pixels.
pub const TOP_BAR: f32 = 64.0;
/// Height kept free at the bottom.
pub const BOTTOM_BAR: f32 = 36.0;
/// Tray width in cells on each side.
pub const TRAY_CELLS: f32 = 2.4;

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

/// A stone resting in a tray.
#[derive(Component, Clone, Copy, Debug)]
pub struct TrayStone;

/// The soft shadow under a stone.
#[derive(Component)]
pub struct StoneShadow;

/// Highlights and marks, rebuilt when selection or position change.
#[derive(Component)]
pub struct Marker;

/// Board size in pixels per cell and centre, for the UI.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Layout {
    /// Pixels per cell.
    pub cell: f32,
    /// Board centre in world coordinates.
    pub centre: Vec2,
    /// Window size.
    pub window: Vec2,
}

/// Position of a cell's centre in board units (board centred on the origin, y up).
pub fn cell_pos(geo: &Geometry, c: Coord) -> Vec2 {
    Vec2::new(c.col as f32 - (geo.cols() as f32 - 1.0) / 2.0, (geo.rows() as f32 - 1.0) / 2.0 - c.row as f32)
}

/// Where the `n`-th stone of a tray sits (board units).
pub fn tray_slot(geo: &Geometry, owner: Side, n: usize) -> Vec2 {
    let per_col = (geo.rows() as usize * 2).max(8);
    let (col, row) = (n / per_col, n % per_col);
    let x0 = geo.cols() as f32 / 2.0 + 1.05 + col as f32 * 0.55;
    let x = if owner == Side::Black { -x0 } else { x0 };
    let y = (geo.rows() as f32 - 1.0) / 2.0 - row as f32 * 0.5;
    Vec2::new(x, y)
}

impl Layout {
    /// Layout for a window and board.
    pub fn compute(window: Vec2, geo: &Geometry) -> Layout {
        let avail_w = window.x - 16.0;
        let avail_h = window.y - TOP_BAR - BOTTOM_BAR;
        let cols = geo.cols() as f32 + 1.0 + 2.0 * TRAY_CELLS;
        let rows = (geo.rows() as f32 + 1.0).max(6.0);
        let cell = (avail_w / cols).min(avail_h / rows).max(4.0);
        Layout { cell, centre: Vec2::new(0.0, (BOTTOM_BAR - TOP_BAR) / 2.0), window }
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

/// A stone picked up by a drag: it follows the pointer.
#[derive(Component)]
struct Lifted;

/// A lifted stone just let go: it goes back to its cup unless its move started a hop.
#[derive(Component)]
struct Released;

/// The window-facing part: camera and picking settings, then the board.
pub(super) fn plugin(app: &mut App) {
    app.insert_resource(SpritePickingSettings { require_markers: false, picking_mode: SpritePickingMode::BoundingBox })
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((Camera2d, Msaa::Sample4));
        })
        .add_plugins(board_plugin);
}

/// The board entities and their updates; needs image assets but no window or renderer.
pub fn board_plugin(app: &mut App) {
    app.add_plugins(super::textures::plugin)
        .init_resource::<Layout>()
        .add_systems(OnEnter(Screen::Game), |mut p: ResMut<PresentationActive>| p.0 = true)
        .add_systems(OnExit(Screen::Game), |mut p: ResMut<PresentationActive>| p.0 = false)
        .add_systems(
            Update,
            (fit_to_window, rebuild_on_reset, start_move_animation, settle_released, update_markers)
                .chain()
                .in_set(GameSet::Presentation)
                .run_if(in_state(Screen::Game)),
        );
}

fn fit_to_window(
    windows: Query<&Window, With<PrimaryWindow>>,
    rules: Option<Res<Rules>>,
    mut layout: ResMut<Layout>,
    mut roots: Query<&mut Transform, With<BoardRoot>>,
) {
    let (Ok(window), Some(rules)) = (windows.single(), rules) else { return };
    let l = Layout::compute(Vec2::new(window.width(), window.height()), rules.game.geometry());
    *layout = l;
    for mut t in &mut roots {
        t.translation = l.centre.extend(0.0);
        t.scale = Vec3::new(l.cell, l.cell, 1.0);
    }
}

/// The stones taken off the board so far, per tray owner, in order.
pub fn tray_contents(game: &Game) -> [Vec<Side>; 2] {
    let mut trays = [Vec::new(), Vec::new()];
    let mut replay = Game::from_position(*game.start());
    for m in game.moves() {
        let mover = replay.to_move();
        if m.is_removal() {
            trays[mover.index()].push(mover);
        } else {
            for _ in 0..m.hops() {
                trays[mover.index()].push(mover.opponent());
            }
        }
        replay.play(m).expect("history is legal");
    }
    trays
}

/// A stone entity at a board-unit position.
pub fn stone_bundle(textures: &Textures, side: Side, pos: Vec3, size: f32) -> impl Bundle {
    let image = if side == Side::Black { textures.basalt.clone() } else { textures.coral.clone() };
    (
        Sprite { image, custom_size: Some(Vec2::splat(size)), ..default() },
        Transform::from_translation(pos),
        Visibility::default(),
        children![(
            StoneShadow,
            Sprite { image: textures.shadow.clone(), custom_size: Some(Vec2::splat(1.05)), ..default() },
            Transform::from_xyz(0.05, -0.07, -0.5),
        )],
    )
}

fn on_over(ev: On<Pointer<Over>>, cells: Query<&Cell>, mut sel: ResMut<Selection>) {
    if let Ok(c) = cells.get(ev.entity) {
        sel.hover = Some(c.0);
    }
}

fn on_out(ev: On<Pointer<Out>>, cells: Query<&Cell>, mut sel: ResMut<Selection>) {
    if let Ok(c) = cells.get(ev.entity)
        && sel.hover == Some(c.0)
    {
        sel.hover = None;
    }
}

fn on_click(
    ev: On<Pointer<Click>>,
    cells: Query<&Cell>,
    mut act: MessageWriter<CellActivated>,
    mut cancel: MessageWriter<CancelSelection>,
) {
    let Ok(c) = cells.get(ev.entity) else { return };
    match ev.event.button {
        PointerButton::Primary => {
            act.write(CellActivated(c.0));
        }
        PointerButton::Secondary => {
            cancel.write(CancelSelection);
        }
        PointerButton::Middle => {}
    }
}

fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    cells: Query<&Cell>,
    sel: Res<Selection>,
    mut act: MessageWriter<CellActivated>,
) {
    if ev.event.button == PointerButton::Primary
        && let Ok(c) = cells.get(ev.entity)
        && sel.selected != Some(c.0)
    {
        act.write(CellActivated(c.0));
    }
}

/// The selected stone follows a dragging pointer, lifted above the board.
fn on_drag(
    ev: On<Pointer<Drag>>,
    cells: Query<&Cell>,
    sel: Res<Selection>,
    layout: Res<Layout>,
    mut stones: Query<(Entity, &Stone, &mut Transform), Without<Hop>>,
    mut commands: Commands,
) {
    if ev.event.button != PointerButton::Primary {
        return;
    }
    let Ok(c) = cells.get(ev.entity) else { return };
    if sel.selected != Some(c.0) {
        return;
    }
    let Some((e, _, mut tf)) = stones.iter_mut().find(|(_, s, _)| s.at == c.0) else { return };
    tf.translation = layout.from_screen(ev.pointer_location.position).extend(20.0);
    tf.scale = Vec3::splat(1.12);
    commands.entity(e).insert(Lifted);
}

fn on_drag_end(_ev: On<Pointer<DragEnd>>, lifted: Query<Entity, With<Lifted>>, mut commands: Commands) {
    for e in &lifted {
        commands.entity(e).remove::<Lifted>().insert(Released);
    }
}

/// After the rules had their say on a drop: a stone whose move was played is already
/// hopping from where it was let go; any other goes back to its cup.
fn settle_released(
    mut commands: Commands,
    rules: Option<Res<Rules>>,
    mut released: Query<(Entity, &Stone, &mut Transform, Has<Hop>), With<Released>>,
) {
    let Some(rules) = rules else { return };
    let geo = *rules.game.geometry();
    for (e, stone, mut tf, hopping) in &mut released {
        commands.entity(e).remove::<Released>();
        if !hopping {
            tf.translation = cell_pos(&geo, stone.at).extend(4.0);
            tf.scale = Vec3::ONE;
        }
    }
}

fn on_drop(ev: On<Pointer<DragDrop>>, cells: Query<&Cell>, mut act: MessageWriter<CellActivated>) {
    if ev.event.button == PointerButton::Primary
        && ev.event.dropped != ev.entity
        && let Ok(c) = cells.get(ev.entity)
    {
        act.write(CellActivated(c.0));
    }
}

/// Builds the whole board from the rules (new game, undo, redo).
fn rebuild_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    textures: Res<Textures>,
    roots: Query<Entity, With<BoardRoot>>,
    layout: Res<Layout>,
) {
    if resets.read().count() == 0 {
        return;
    }
    let Some(rules) = rules else { return };
    for r in &roots {
        commands.entity(r).despawn();
    }
    let geo = *rules.game.geometry();
    let pos = rules.game.position();
    let root = commands
        .spawn((
            BoardRoot,
            DespawnOnExit(Screen::Game),
            Transform::from_translation(layout.centre.extend(0.0)).with_scale(Vec3::new(layout.cell, layout.cell, 1.0)),
            Visibility::default(),
        ))
        .id();
    let slab_size = Vec2::new(geo.cols() as f32 + 0.9, geo.rows() as f32 + 0.9);
    commands.spawn((
        ChildOf(root),
        Sprite {
            image: textures.slab.clone(),
            custom_size: Some(slab_size + 0.25),
            color: Color::srgba(0.0, 0.0, 0.0, 0.45),
            ..default()
        },
        Transform::from_xyz(0.12, -0.16, 0.0),
    ));
    commands.spawn((
        ChildOf(root),
        Sprite { image: textures.slab.clone(), custom_size: Some(slab_size), ..default() },
        Transform::from_xyz(0.0, 0.0, 0.1),
    ));
    for r in 0..geo.rows() {
        for c in 0..geo.cols() {
            let at = Coord::new(r, c);
            let p = cell_pos(&geo, at);
            commands
                .spawn((
                    ChildOf(root),
                    Cell(at),
                    Pickable::default(),
                    Sprite { image: textures.cup.clone(), custom_size: Some(Vec2::splat(0.92)), ..default() },
                    Transform::from_translation(p.extend(1.0)),
                ))
                .observe(on_over)
                .observe(on_out)
                .observe(on_click)
                .observe(on_drag_start)
                .observe(on_drag)
                .observe(on_drag_end)
                .observe(on_drop);
            if let Some(side) = pos.at(at) {
                commands.spawn((ChildOf(root), Stone { side, at }, stone_bundle(&textures, side, p.extend(4.0), 0.84)));
            }
        }
    }
    let trays = tray_contents(&rules.game);
    for owner in [Side::Black, Side::White] {
        for (n, side) in trays[owner.index()].iter().enumerate() {
            let p = tray_slot(&geo, owner, n);
            commands.spawn((
                ChildOf(root),
                TrayStone,
                stone_bundle(&textures, *side, p.extend(4.0 + n as f32 * 0.01), 0.5),
            ));
        }
    }
}

/// Hands a forward move to the animation plugin (or snaps it when animations are off).
#[allow(clippy::too_many_arguments)]
fn start_move_animation(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    mut stones: Query<(Entity, &mut Stone, &mut Transform)>,
) {
    // A reset in the same frame (new game, undo) already rebuilt the board as it is now.
    if resets.read().count() > 0 {
        applied.clear();
        return;
    }
    let mut messages: Vec<MoveApplied> = applied.read().cloned().collect();
    let Some(rules) = rules else { return };
    if messages.is_empty() {
        return;
    }
    let geo = *rules.game.geometry();
    let speed = settings.anim_speed;
    let contents = tray_contents(&rules.game);
    // Each move's captures fill the tray from the slot after what was there before it.
    let mut base = [contents[0].len(), contents[1].len()];
    for m in messages.iter().rev() {
        base[m.mover.index()] = base[m.mover.index()].saturating_sub(m.captured.len());
    }
    for m in messages.drain(..) {
        let per_hop = if speed > 0.0 { 0.32 / speed } else { 0.0 };
        let mover_entity = stones.iter().find(|(_, s, _)| s.at == m.mv.from).map(|(e, ..)| e);
        for (i, cap) in m.captured.iter().enumerate() {
            if let Some((e, ..)) = stones.iter().find(|(_, s, _)| s.at == *cap) {
                let slot = tray_slot(&geo, m.mover, base[m.mover.index()]);
                base[m.mover.index()] += 1;
                let delay = if m.mv.is_removal() { 0.0 } else { per_hop * (i as f32 + 0.5) };
                commands.entity(e).remove::<Stone>().insert(Leaving::new(delay, slot, speed));
            }
        }
        if let Some(e) = mover_entity
            && !m.mv.is_removal()
            && let Ok((_, mut stone, transform)) = stones.get_mut(e)
        {
            stone.at = m.mv.to;
            let path: Vec<Vec2> = m.mv.landings().iter().map(|c| cell_pos(&geo, *c)).collect();
            commands.entity(e).insert(Hop::new(transform.translation.truncate(), path, per_hop));
        }
    }
}

/// Rebuilds markers: last move, selection, landings and paths, removable stones, cursor.
#[allow(clippy::too_many_arguments)]
fn update_markers(
    mut commands: Commands,
    rules: Option<Res<Rules>>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    turn: Res<State<Turn>>,
    textures: Res<Textures>,
    markers: Query<Entity, With<Marker>>,
    roots: Query<Entity, With<BoardRoot>>,
    hints: Res<super::ai_task::HintState>,
) {
    let Some(rules) = rules else { return };
    if !(rules.is_changed() || selection.is_changed() || cursor.is_changed() || turn.is_changed() || hints.is_changed())
    {
        return;
    }
    for m in &markers {
        commands.entity(m).despawn();
    }
    let Ok(root) = roots.single() else { return };
    let geo = *rules.game.geometry();
    let mut mark = |at: Vec2, z: f32, size: f32, image: &Handle<Image>, color: Color| {
        commands.spawn((
            ChildOf(root),
            Marker,
            Sprite { image: image.clone(), custom_size: Some(Vec2::splat(size)), color, ..default() },
            Transform::from_translation(at.extend(z)),
        ));
    };
    if let Some(last) = rules.game.last_move() {
        let amber = Color::srgba(1.0, 0.72, 0.25, 0.85);
        mark(cell_pos(&geo, last.from), 2.0, 0.95, &textures.ring, amber.with_alpha(0.45));
        if !last.is_removal() {
            mark(cell_pos(&geo, last.to), 5.0, 1.0, &textures.ring, amber);
            for c in last.captured() {
                mark(cell_pos(&geo, c), 2.0, 0.3, &textures.dot, Color::srgba(0.95, 0.35, 0.25, 0.8));
            }
        }
    }
    let human = *turn.get() == Turn::Human;
    let legal = if human { rules.legal_moves() } else { Vec::new() };
    let removing = matches!(rules.game.phase(), Phase::BlackRemoves | Phase::WhiteRemoves);
    if human && removing {
        for m in &legal {
            mark(cell_pos(&geo, m.from), 5.0, 1.0, &textures.ring, Color::srgba(0.55, 0.9, 1.0, 0.8));
        }
    }
    if human
        && let Some(h) = selection.hover
        && selection.selected.is_none()
        && legal.iter().any(|m| m.from == h)
        && !removing
    {
        mark(cell_pos(&geo, h), 5.0, 1.0, &textures.ring, Color::srgba(1.0, 1.0, 1.0, 0.7));
    }
    if let Some(s) = selection.selected {
        mark(cell_pos(&geo, s), 5.0, 1.02, &textures.ring, Color::srgba(1.0, 0.85, 0.2, 1.0));
        for m in selection.moves_of_selected(&rules) {
            let mut prev = cell_pos(&geo, m.from);
            for l in m.landings() {
                let p = cell_pos(&geo, l);
                for k in 1..4 {
                    let q = prev.lerp(p, k as f32 / 4.0);
                    mark(q, 2.5, 0.12, &textures.dot, Color::srgba(0.4, 1.0, 0.55, 0.7));
                }
                prev = p;
            }
            mark(cell_pos(&geo, m.to), 2.5, 0.42, &textures.dot, Color::srgba(0.4, 1.0, 0.55, 0.95));
        }
    }
    if let Some(hint) = hints.for_generation(rules.generation).and_then(|a| a.best) {
        let blue = Color::srgba(0.45, 0.7, 1.0, 0.95);
        mark(cell_pos(&geo, hint.from), 5.0, 1.0, &textures.ring, blue);
        if !hint.is_removal() {
            mark(cell_pos(&geo, hint.to), 2.5, 0.5, &textures.dot, blue);
        }
    }
    if cursor.visible && geo.contains(cursor.at) {
        mark(cell_pos(&geo, cursor.at), 6.0, 1.08, &textures.ring, Color::srgba(0.3, 0.85, 1.0, 1.0));
    }
}
