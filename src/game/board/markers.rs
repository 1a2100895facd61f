//! Marks on the board: the last move, the selection with its landings and jump paths, the
//! removable stones of the opening, the hint, and the keyboard/gamepad cursor. Rebuilt
//! whenever what they show changes.

use crate::game::board::input::{BoardCursor, Selection};
use crate::game::board::textures::Textures;
use crate::game::board::view::{BoardRoot, cell_pos, z};
use crate::game::play::ai_task::HintState;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{Screen, Turn};
use crate::rules::Phase;
use bevy::prelude::*;

/// The colours of the marks, each kept apart from the others so they read at a glance.
mod colour {
    use bevy::color::Color;
    /// The last move: a ring on its landing (fainter on its start).
    pub const LAST_MOVE: Color = Color::srgba(1.0, 0.72, 0.25, 0.85);
    /// Where the last move captured.
    pub const CAPTURED: Color = Color::srgba(0.95, 0.35, 0.25, 0.8);
    /// Stones that may be removed in the opening.
    pub const REMOVABLE: Color = Color::srgba(0.55, 0.9, 1.0, 0.8);
    /// Every stone that can move, at the start of a person's turn (subtle).
    pub const MOVABLE: Color = Color::srgba(1.0, 1.0, 1.0, 0.28);
    /// The loser's stones when the game is over: none of them can jump.
    pub const STUCK: Color = Color::srgba(1.0, 0.3, 0.25, 0.75);
    /// A movable stone under the pointer.
    pub const HOVER: Color = Color::srgba(1.0, 1.0, 1.0, 0.7);
    /// The selected stone.
    pub const SELECTED: Color = Color::srgba(1.0, 0.85, 0.2, 1.0);
    /// Landings of the selected stone and the path to them.
    pub const LANDING: Color = Color::srgba(0.4, 1.0, 0.55, 0.95);
    pub const PATH: Color = Color::srgba(0.4, 1.0, 0.55, 0.7);
    /// The hint.
    pub const HINT: Color = Color::srgba(0.45, 0.7, 1.0, 0.95);
    /// The keyboard/gamepad cursor: magenta, unlike any other mark.
    pub const CURSOR: Color = Color::srgba(1.0, 0.35, 0.85, 1.0);
    /// The winner's stones, glowing in turn when the game is over.
    pub const GLOW: Color = Color::srgba(1.0, 0.78, 0.35, 1.0);
}

/// One of the winner's stones in the celebration: the `order`-th of `count` to light up.
#[derive(Component, Debug)]
pub struct Glow {
    order: usize,
    count: usize,
}

/// Highlights and marks, rebuilt when selection or position change.
#[derive(Component)]
pub struct Marker;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (update_markers, celebrate)
            .chain()
            .in_set(crate::game::play::screen::ViewSet::OnBoard)
            .run_if(in_state(Screen::Game)),
    );
}

/// Seconds between one stone lighting up and the next, at speed 1.
const GLOW_STEP: f32 = 0.09;

/// The winner's stones light up one after another, in a wave that repeats; at speed 0 they
/// simply glow.
fn celebrate(
    mut glows: Query<(&Glow, &mut Sprite)>,
    time: Res<Time>,
    settings: Res<crate::game::platform::settings::Settings>,
) {
    let speed = settings.anim_speed;
    for (g, mut sprite) in &mut glows {
        let alpha = if speed <= 0.0 {
            0.6
        } else {
            let cycle = g.count as f32 * GLOW_STEP + 1.2;
            let t = (time.elapsed_secs() * speed).rem_euclid(cycle) - g.order as f32 * GLOW_STEP;
            // A quick rise and a slower fade, over a faint steady glow.
            let pulse = if t < 0.0 {
                0.0
            } else if t < 0.12 {
                t / 0.12
            } else {
                (-(t - 0.12) / 0.35).exp()
            };
            0.25 + 0.75 * pulse
        };
        sprite.color = colour::GLOW.with_alpha(alpha);
    }
}

/// Rebuilds markers: last move, selection, landings and paths, removable stones, cursor.
fn update_markers(
    mut commands: Commands,
    rules: Option<Res<Rules>>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    turn: Res<State<Turn>>,
    textures: Res<Textures>,
    markers: Query<Entity, With<Marker>>,
    roots: Query<Entity, With<BoardRoot>>,
    hints: Res<HintState>,
    settings: Res<crate::game::platform::settings::Settings>,
    review: Res<crate::game::play::screen::Review>,
    mut resets: MessageReader<crate::game::play::authority::BoardReset>,
    analysis: Res<crate::game::modes::analysis::GameAnalysis>,
) {
    let Some(rules) = rules else { return };
    // A rebuilt board lost its marks with its old root.
    let rebuilt = resets.read().count() > 0;
    if !(rebuilt
        || rules.is_changed()
        || review.is_changed()
        || selection.is_changed()
        || cursor.is_changed()
        || turn.is_changed()
        || hints.is_changed()
        || settings.is_changed())
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
            Name::new("Marker"),
            Marker,
            Sprite { image: image.clone(), custom_size: Some(Vec2::splat(size)), color, ..default() },
            Transform::from_translation(at.extend(z)),
        ));
    };
    let shown = crate::game::board::view::shown_game(&rules.game, *review);
    if let Some(last) = shown.last_move() {
        let amber = colour::LAST_MOVE;
        mark(cell_pos(&geo, last.from), z::MARK_UNDER, 0.95, &textures.ring, amber.with_alpha(0.45));
        if !last.is_removal() {
            mark(cell_pos(&geo, last.to), z::MARK_OVER, 1.0, &textures.ring, amber);
            for c in last.captured() {
                mark(cell_pos(&geo, c), z::MARK_UNDER, 0.3, &textures.dot, colour::CAPTURED);
            }
        }
    }
    if let Some(k) = review.0 {
        // An earlier position, read-only: its last move is marked, and when the move played
        // next was a mistake the analysis found, the better move in the hint's blue.
        let moves = rules.game.moves();
        let points = analysis.points();
        let mistake =
            crate::game::modes::analysis::judged(&points, &moves, rules.game.start()).iter().any(|(i, _)| *i == k);
        if mistake && let Some(best) = points.get(k).and_then(|p| p.best) {
            mark(cell_pos(&geo, best.from), z::MARK_OVER, 1.0, &textures.ring, colour::HINT);
            if !best.is_removal() {
                mark(cell_pos(&geo, best.to), z::PATH, 0.5, &textures.dot, colour::HINT);
            }
        }
        return;
    }
    let human = *turn.get() == Turn::Human;
    let legal = if human { rules.legal_moves() } else { Vec::new() };
    let removing = matches!(rules.game.phase(), Phase::BlackRemoves | Phase::WhiteRemoves);
    if human && removing {
        for m in &legal {
            mark(cell_pos(&geo, m.from), z::MARK_OVER, 1.0, &textures.ring, colour::REMOVABLE);
        }
    }
    if human && !removing && selection.selected.is_none() && settings.show_movable {
        let mut froms: Vec<_> = legal.iter().map(|m| m.from).collect();
        froms.dedup();
        for f in froms {
            mark(cell_pos(&geo, f), z::MARK_UNDER, 0.98, &textures.ring, colour::MOVABLE);
        }
    }
    let mut celebration = Vec::new();
    if let Some(winner) = rules.winner() {
        // Why the game ended: the loser's stuck stones (not after a resignation).
        let loser = winner.opponent();
        let mut winners = Vec::new();
        for r in 0..geo.rows() {
            for c in 0..geo.cols() {
                let at = crate::rules::Coord::new(r, c);
                match rules.game.position().at(at) {
                    Some(s) if s == loser && rules.resigned.is_none() => {
                        mark(cell_pos(&geo, at), z::MARK_OVER, 1.0, &textures.ring, colour::STUCK)
                    }
                    Some(s) if s == winner => winners.push(at),
                    _ => {}
                }
            }
        }
        celebration = winners;
    }
    if human
        && let Some(h) = selection.hover
        && selection.selected.is_none()
        && legal.iter().any(|m| m.from == h)
        && !removing
    {
        mark(cell_pos(&geo, h), z::MARK_OVER, 1.0, &textures.ring, colour::HOVER);
    }
    if let Some(s) = selection.selected {
        mark(cell_pos(&geo, s), z::MARK_OVER, 1.02, &textures.ring, colour::SELECTED);
        for m in selection.moves_of_selected(&rules) {
            let mut prev = cell_pos(&geo, m.from);
            for l in m.landings() {
                let p = cell_pos(&geo, l);
                for k in 1..4 {
                    let q = prev.lerp(p, k as f32 / 4.0);
                    mark(q, z::PATH, 0.12, &textures.dot, colour::PATH);
                }
                prev = p;
            }
            mark(cell_pos(&geo, m.to), z::PATH, 0.42, &textures.dot, colour::LANDING);
        }
    }
    if let Some(hint) = hints.for_generation(rules.generation).and_then(|a| a.best) {
        let blue = colour::HINT;
        mark(cell_pos(&geo, hint.from), z::MARK_OVER, 1.0, &textures.ring, blue);
        if !hint.is_removal() {
            mark(cell_pos(&geo, hint.to), z::PATH, 0.5, &textures.dot, blue);
        }
    }
    if cursor.visible && geo.contains(cursor.at) {
        mark(cell_pos(&geo, cursor.at), z::CURSOR, 1.08, &textures.ring, colour::CURSOR);
    }
    // The celebration: the winner's stones glow in turn, in reading order.
    let count = celebration.len();
    for (order, at) in celebration.into_iter().enumerate() {
        commands.spawn((
            ChildOf(root),
            Name::new("Glow"),
            Marker,
            Glow { order, count },
            Sprite {
                image: textures.glow.clone(),
                custom_size: Some(Vec2::splat(1.45)),
                color: colour::GLOW.with_alpha(0.0),
                ..default()
            },
            Transform::from_translation(cell_pos(&geo, at).extend(z::MARK_UNDER)),
        ));
    }
}
