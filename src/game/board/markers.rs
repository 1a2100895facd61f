//! Marks on the board: the last move, the selection with its landings and jump paths, the
//! removable stones of the opening, the hint, and the keyboard/gamepad cursor. Rebuilt
//! whenever what they show changes.

use crate::game::board::input::{BoardCursor, Selection};
use crate::game::board::textures::Textures;
use crate::game::board::view::{BoardRoot, cell_pos, z};
use crate::game::play::ai_task::HintState;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{Screen, Turn};
use crate::rules::{Coord, Move, Phase};
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
    /// A cup whose tap was refused.
    pub const REFUSED: Color = Color::srgba(1.0, 0.45, 0.35, 1.0);
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

/// The cup of the last refused tap: marked with a cross (the refusal is seen, not only heard
/// or shaken), until the board or the selection changes.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefusedCell(pub Option<Coord>);

fn note_refusal(
    mut rejected: MessageReader<crate::game::play::authority::Rejected>,
    rules: Option<Res<Rules>>,
    selection: Res<Selection>,
    mut refused: ResMut<RefusedCell>,
) {
    let latest = rejected.read().filter(|r| !r.guidance).filter_map(|r| r.at).last();
    let now = match latest {
        Some(at) => Some(at),
        None if rules.is_some_and(|r| r.is_changed()) || selection.is_changed() => None,
        None => refused.0,
    };
    if refused.0 != now {
        refused.0 = now;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RefusedCell>();
    app.add_systems(
        Update,
        (note_refusal, update_markers, celebrate)
            .chain()
            .in_set(crate::game::play::screen::ViewSet::OnBoard)
            .run_if(in_state(Screen::Game)),
    );
}

/// Seconds between one stone lighting up and the next, at speed 1.
const GLOW_STEP: f32 = 0.09;

/// How many times the wave runs over the winner's stones before they simply glow (a game
/// that waits on its final position draws nothing).
const WAVES: f32 = 2.0;

/// The winner's stones light up one after another, in a wave that runs a few times and then
/// rests as a steady glow; at speed 0 they simply glow.
fn celebrate(
    mut glows: Query<(&Glow, &mut Sprite)>,
    time: Res<Time>,
    settings: Res<crate::game::platform::settings::Settings>,
    mut began: Local<Option<f32>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if glows.is_empty() {
        *began = None;
        return;
    }
    let start = *began.get_or_insert(time.elapsed_secs());
    // At most 2× the wave's own pace, so a stone never pulses more than twice a second (no
    // flashing above three a second at any speed setting).
    let speed = settings.motion().min(2.0);
    let mut waving = false;
    for (g, mut sprite) in &mut glows {
        let cycle = g.count as f32 * GLOW_STEP + 1.2;
        let t = (time.elapsed_secs() - start) * speed;
        let alpha = if speed <= 0.0 || t >= cycle * WAVES {
            0.6
        } else {
            waving = true;
            let t = t.rem_euclid(cycle) - g.order as f32 * GLOW_STEP;
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
        if sprite.color.alpha() != alpha {
            sprite.color = colour::GLOW.with_alpha(alpha);
        }
    }
    if waving {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The texture a mark is drawn with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// The selected stone, hover, removable, movable and stuck stones, a proposed landing.
    Ring,
    /// Landings, jump paths.
    Dot,
    /// The keyboard and pad cursor.
    Frame,
    /// The hint (and the better move in review).
    Diamond,
    /// The last move.
    Corners,
    /// A refused cup; a captured stone's cup.
    Cross,
}

/// One mark: where (board units), at which depth, how large, its texture and its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Mark {
    at: Vec2,
    z: f32,
    size: f32,
    shape: Shape,
    color: Color,
}

/// What the marks show.
struct MarkFacts<'a> {
    rules: &'a Rules,
    /// The earlier position shown (read-only), if any.
    review: Option<usize>,
    /// The analysis so far (used while reviewing).
    points: &'a [crate::game::modes::analysis::Point],
    /// A person is to move and may act.
    human: bool,
    selection: &'a Selection,
    cursor: &'a BoardCursor,
    show_movable: bool,
    /// The hint for the position on the board, if one is shown (or the coach's better move).
    hint: Option<Move>,
    /// The cup of the last refused tap, until the board or the selection changes.
    refused: Option<Coord>,
}

/// The marks being collected, in drawing order.
struct Marks {
    geo: crate::rules::Geometry,
    out: Vec<Mark>,
}

impl Marks {
    /// A mark at a point of the board.
    fn at(&mut self, at: Vec2, z: f32, size: f32, shape: Shape, color: Color) {
        self.out.push(Mark { at, z, size, shape, color });
    }

    /// A mark on a cell.
    fn cell(&mut self, c: Coord, z: f32, size: f32, shape: Shape, color: Color) {
        self.at(cell_pos(&self.geo, c), z, size, shape, color);
    }

    /// A move suggested (the hint, or the better move in review), in blue.
    fn suggest(&mut self, m: Move) {
        self.cell(m.from, z::MARK_OVER, 1.0, Shape::Diamond, colour::HINT);
        if !m.is_removal() {
            self.cell(m.to, z::PATH, 0.55, Shape::Diamond, colour::HINT);
        }
    }
}

/// The marks on the board, in drawing order, and the winner's stones that glow in the
/// celebration (in reading order). Pure: what a player sees marked is tested without an app.
fn marks(f: &MarkFacts) -> (Vec<Mark>, Vec<Coord>) {
    let rules = f.rules;
    let mut marks = Marks { geo: *rules.game.geometry(), out: Vec::new() };
    let shown = crate::game::board::view::shown_game(&rules.game, crate::game::play::screen::Review(f.review));
    if let Some(last) = shown.last_move() {
        let amber = colour::LAST_MOVE;
        marks.cell(last.from, z::MARK_UNDER, 0.95, Shape::Corners, amber.with_alpha(0.45));
        if !last.is_removal() {
            marks.cell(last.to, z::MARK_OVER, 1.0, Shape::Corners, amber);
            for c in last.captured() {
                marks.cell(c, z::MARK_UNDER, 0.3, Shape::Cross, colour::CAPTURED);
            }
        }
    }
    if let Some(k) = f.review {
        // An earlier position, read-only: its last move is marked, and when the move played
        // next was a mistake the analysis found, the better move in the hint's blue.
        let judged = crate::game::modes::analysis::judged(f.points, &rules.game.moves(), rules.game.start());
        if judged.iter().any(|(i, _)| *i == k)
            && let Some(best) = f.points.get(k).and_then(|p| p.best)
        {
            marks.suggest(best);
        }
        return (marks.out, Vec::new());
    }
    let legal = turn_marks(f, &mut marks);
    let celebration = game_over_marks(rules, &mut marks);
    let removing = matches!(rules.game.phase(), Phase::BlackRemoves | Phase::WhiteRemoves);
    if let Some(h) = f.selection.hover
        && f.selection.selected.is_none()
        && legal.iter().any(|m| m.from == h)
        && !removing
    {
        marks.cell(h, z::MARK_OVER, 1.0, Shape::Ring, colour::HOVER);
    }
    selection_marks(f, &mut marks);
    if let Some(hint) = f.hint {
        marks.suggest(hint);
    }
    if let Some(at) = f.refused.filter(|c| marks.geo.contains(*c)) {
        marks.cell(at, z::CURSOR, 0.8, Shape::Cross, colour::REFUSED);
    }
    if f.cursor.visible && marks.geo.contains(f.cursor.at) {
        marks.cell(f.cursor.at, z::CURSOR, 1.08, Shape::Frame, colour::CURSOR);
    }
    (marks.out, celebration)
}

/// On a person's turn, the stones that may be removed (in the opening) or, before one is
/// picked up, every stone that can move (if the settings ask). Returns the legal moves (none
/// when it is not a person's turn).
fn turn_marks(f: &MarkFacts, marks: &mut Marks) -> Vec<Move> {
    if !f.human {
        return Vec::new();
    }
    let legal = f.rules.legal_moves();
    let removing = matches!(f.rules.game.phase(), Phase::BlackRemoves | Phase::WhiteRemoves);
    if removing {
        for m in &legal {
            marks.cell(m.from, z::MARK_OVER, 1.0, Shape::Ring, colour::REMOVABLE);
        }
    } else if f.selection.selected.is_none() && f.show_movable {
        let mut froms: Vec<_> = legal.iter().map(|m| m.from).collect();
        froms.dedup();
        for c in froms {
            marks.cell(c, z::MARK_UNDER, 0.98, Shape::Ring, colour::MOVABLE);
        }
    }
    legal
}

/// When the game is won: the loser's stuck stones are marked (not after a resignation), and
/// the winner's stones are returned, in reading order, for the celebration.
fn game_over_marks(rules: &Rules, marks: &mut Marks) -> Vec<Coord> {
    let Some(winner) = rules.winner() else { return Vec::new() };
    let geo = *rules.game.geometry();
    let mut winners = Vec::new();
    for r in 0..geo.rows() {
        for c in 0..geo.cols() {
            let at = Coord::new(r, c);
            match rules.game.position().at(at) {
                Some(s) if s == winner.opponent() && rules.resigned.is_none() => {
                    marks.cell(at, z::MARK_OVER, 1.0, Shape::Ring, colour::STUCK)
                }
                Some(s) if s == winner => winners.push(at),
                _ => {}
            }
        }
    }
    winners
}

/// The selected stone, its landings and the jump paths to them.
fn selection_marks(f: &MarkFacts, marks: &mut Marks) {
    let Some(s) = f.selection.selected else { return };
    marks.cell(s, z::MARK_OVER, 1.02, Shape::Ring, colour::SELECTED);
    for m in f.selection.moves_of_selected(f.rules) {
        let mut prev = cell_pos(&marks.geo, m.from);
        for l in m.landings() {
            let p = cell_pos(&marks.geo, l);
            for k in 1..4 {
                marks.at(prev.lerp(p, k as f32 / 4.0), z::PATH, 0.12, Shape::Dot, colour::PATH);
            }
            prev = p;
        }
        marks.cell(m.to, z::PATH, 0.42, Shape::Dot, colour::LANDING);
        if f.selection.pending == Some(m) {
            // Proposed, waiting for the second tap: ringed as well.
            marks.cell(m.to, z::MARK_OVER, 1.0, Shape::Ring, colour::LANDING);
        }
    }
}

/// Rebuilds markers (see [`marks`]) whenever what they show changes.
fn update_markers(
    mut commands: Commands,
    rules: Option<Res<Rules>>,
    selection: Res<Selection>,
    cursor: Res<BoardCursor>,
    turn: Res<State<Turn>>,
    textures: Res<Textures>,
    markers: Query<Entity, With<Marker>>,
    roots: Query<Entity, With<BoardRoot>>,
    (hints, coach): (Res<HintState>, Res<crate::game::play::coach::Coach>),
    settings: Res<crate::game::platform::settings::Settings>,
    review: Res<crate::game::play::screen::Review>,
    mut resets: MessageReader<crate::game::play::authority::BoardReset>,
    analysis: Res<crate::game::modes::analysis::GameAnalysis>,
    refused: Res<RefusedCell>,
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
        || coach.is_changed()
        || refused.is_changed()
        || settings.is_changed())
    {
        return;
    }
    for m in &markers {
        commands.entity(m).despawn();
    }
    let Ok(root) = roots.single() else { return };
    let points = if review.0.is_some() { analysis.points() } else { Vec::new() };
    let facts = MarkFacts {
        rules: &rules,
        review: review.0,
        points: &points,
        human: *turn.get() == Turn::Human,
        selection: &selection,
        cursor: &cursor,
        show_movable: settings.show_movable,
        hint: hints.for_generation(rules.generation).and_then(|a| a.best).or(coach.marked(rules.generation)),
        refused: refused.0,
    };
    let (marks, celebration) = marks(&facts);
    spawn_marks(&mut commands, root, &textures, &marks, &celebration, rules.game.geometry());
}

/// Spawns the marks under the board's root, and the glows of the celebration.
fn spawn_marks(
    commands: &mut Commands,
    root: Entity,
    textures: &Textures,
    marks: &[Mark],
    celebration: &[Coord],
    geo: &crate::rules::Geometry,
) {
    for m in marks {
        let image = match m.shape {
            Shape::Ring => &textures.ring,
            Shape::Dot => &textures.dot,
            Shape::Frame => &textures.frame,
            Shape::Diamond => &textures.diamond,
            Shape::Corners => &textures.corners,
            Shape::Cross => &textures.cross,
        };
        commands.spawn((
            ChildOf(root),
            Name::new("Marker"),
            Marker,
            Sprite { image: image.clone(), custom_size: Some(Vec2::splat(m.size)), color: m.color, ..default() },
            Transform::from_translation(m.at.extend(m.z)),
        ));
    }
    // The celebration: the winner's stones glow in turn, in reading order.
    let count = celebration.len();
    for (order, at) in celebration.iter().enumerate() {
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
            Transform::from_translation(cell_pos(geo, *at).extend(z::MARK_UNDER)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup::GameSetup;

    fn facts<'a>(rules: &'a Rules, selection: &'a Selection, cursor: &'a BoardCursor) -> MarkFacts<'a> {
        MarkFacts {
            rules,
            review: None,
            points: &[],
            human: true,
            selection,
            cursor,
            show_movable: true,
            hint: None,
            refused: None,
        }
    }

    fn cells_marked(marks: &[Mark], color: Color, geo: &crate::rules::Geometry) -> Vec<Coord> {
        let all = (0..geo.rows()).flat_map(|r| (0..geo.cols()).map(move |c| Coord::new(r, c)));
        let at: Vec<Vec2> = marks.iter().filter(|m| m.color == color).map(|m| m.at).collect();
        all.filter(|c| at.contains(&cell_pos(geo, *c))).collect()
    }

    /// A game with both opening removals played, so stones can jump.
    fn jumping() -> Rules {
        let mut rules = Rules::new(GameSetup::default(), None);
        for _ in 0..2 {
            let m = rules.legal_moves()[0];
            rules.game.play(m).unwrap();
        }
        rules
    }

    #[test]
    fn in_the_opening_the_person_to_move_sees_every_stone_they_may_remove() {
        let rules = Rules::new(GameSetup::default(), None);
        let (sel, cur) = (Selection::default(), BoardCursor::default());
        let geo = *rules.game.geometry();
        let (drawn, _) = marks(&facts(&rules, &sel, &cur));
        let mut removable: Vec<Coord> = rules.legal_moves().iter().map(|m| m.from).collect();
        removable.sort_by_key(|c| (c.row, c.col));
        assert_eq!(cells_marked(&drawn, colour::REMOVABLE, &geo), removable);
        // While the computer is to move, nothing is offered.
        let (drawn, _) = marks(&MarkFacts { human: false, ..facts(&rules, &sel, &cur) });
        assert!(drawn.is_empty());
    }

    #[test]
    fn a_picked_up_stone_shows_its_landings_and_movable_stones_only_when_asked() {
        let rules = jumping();
        let geo = *rules.game.geometry();
        let cur = BoardCursor::default();
        let from = rules.legal_moves()[0].from;
        let sel = Selection { selected: Some(from), hover: None, pending: None };
        let (drawn, _) = marks(&facts(&rules, &sel, &cur));
        assert_eq!(cells_marked(&drawn, colour::SELECTED, &geo), vec![from]);
        let mut landings: Vec<Coord> = rules.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect();
        landings.sort_by_key(|c| (c.row, c.col));
        assert_eq!(cells_marked(&drawn, colour::LANDING, &geo), landings);
        // Nothing picked up: the stones that can move, unless the settings hide them.
        let none = Selection::default();
        let (shown, _) = marks(&facts(&rules, &none, &cur));
        assert!(!cells_marked(&shown, colour::MOVABLE, &geo).is_empty());
        let (hidden, _) = marks(&MarkFacts { show_movable: false, ..facts(&rules, &none, &cur) });
        assert!(cells_marked(&hidden, colour::MOVABLE, &geo).is_empty());
    }

    #[test]
    fn a_won_game_marks_the_losers_stuck_stones_and_the_winners_glow() {
        let mut rules = jumping();
        while let Some(&m) = rules.legal_moves().first() {
            rules.game.play(m).unwrap();
        }
        let (sel, cur) = (Selection::default(), BoardCursor::default());
        let geo = *rules.game.geometry();
        let winner = rules.winner().unwrap();
        let of = |side| {
            let all = (0..geo.rows()).flat_map(|r| (0..geo.cols()).map(move |c| Coord::new(r, c)));
            all.filter(|c| rules.game.position().at(*c) == Some(side)).collect::<Vec<_>>()
        };
        let (drawn, glowing) = marks(&facts(&rules, &sel, &cur));
        assert_eq!(cells_marked(&drawn, colour::STUCK, &geo), of(winner.opponent()));
        assert_eq!(glowing, of(winner));
        // After a resignation nothing is stuck: the winner's stones still glow.
        let mut resigned = jumping();
        resigned.resigned = Some(resigned.game.to_move());
        let (drawn, glowing) = marks(&facts(&resigned, &sel, &cur));
        assert!(cells_marked(&drawn, colour::STUCK, &geo).is_empty());
        assert!(!glowing.is_empty());
    }

    #[test]
    fn the_hint_and_the_cursor_are_marked_in_their_own_colours() {
        let rules = jumping();
        let geo = *rules.game.geometry();
        let hint = rules.legal_moves()[0];
        let sel = Selection::default();
        let cur = BoardCursor { at: Coord::new(2, 3), visible: true };
        let (drawn, _) = marks(&MarkFacts { hint: Some(hint), ..facts(&rules, &sel, &cur) });
        assert_eq!(cells_marked(&drawn, colour::HINT, &geo), {
            let mut v = vec![hint.from, hint.to];
            v.sort_by_key(|c| (c.row, c.col));
            v
        });
        assert_eq!(cells_marked(&drawn, colour::CURSOR, &geo), vec![Coord::new(2, 3)]);
    }
}
