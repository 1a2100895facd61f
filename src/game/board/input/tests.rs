use super::*;
use crate::game::setup::GameSetup;
use std::time::Duration;

#[test]
fn a_held_direction_steps_at_once_then_repeats_after_a_pause() {
    let mut held = HeldDirection::default();
    let right = IVec2::X;
    let frame = Duration::from_millis(50);
    assert!(held.step(right, frame), "the first press steps");
    // Held: nothing until the delay has passed, then a step every interval.
    let steps: Vec<bool> = (0..12).map(|_| held.step(right, frame)).collect();
    let first = steps.iter().position(|s| *s).unwrap();
    assert!((5..8).contains(&first), "{steps:?}");
    assert!(steps[first + 1..].iter().filter(|s| **s).count() >= 2, "{steps:?}");
    // A new direction steps at once; letting go stops.
    assert!(held.step(IVec2::Y, frame));
    assert!(!held.step(IVec2::ZERO, frame));
    assert!(held.step(IVec2::Y, frame));
}

#[test]
fn the_stick_counts_only_past_its_dead_zone_and_up_is_up_the_board() {
    assert_eq!(stick_direction(0.3, -0.4), IVec2::ZERO);
    assert_eq!(stick_direction(0.9, 0.0), IVec2::X);
    assert_eq!(stick_direction(-0.9, 0.8), IVec2::new(-1, -1));
}

#[test]
fn a_review_steps_through_the_moves_and_back_or_past_the_end_returns_to_the_game() {
    assert_eq!(review_after(3, &Action::Step(IVec2::X), 10), Some(Some(4)));
    assert_eq!(review_after(3, &Action::Step(IVec2::NEG_X), 10), Some(Some(2)));
    assert_eq!(review_after(0, &Action::Step(IVec2::NEG_X), 10), Some(Some(0)));
    assert_eq!(review_after(9, &Action::Step(IVec2::X), 10), Some(None));
    assert_eq!(review_after(3, &Action::Cancel, 10), Some(None));
    assert_eq!(review_after(3, &Action::Undo, 10), None);
}

#[test]
fn a_cursor_coming_into_view_starts_on_a_stone_that_can_move() {
    let rules = Rules::new(GameSetup::default(), None);
    let geo = *rules.game.geometry();
    let movable: Vec<Coord> = rules.legal_moves().iter().map(|m| m.from).collect();
    let start = start_cell(Coord::new(0, 7), &movable, &geo);
    assert!(movable.contains(&start), "{start:?} cannot move");
    // Black opens from a corner or the centre: the centre is nearer the middle.
    assert!((3..=4).contains(&start.row) && (3..=4).contains(&start.col), "{start:?}");
    // A cursor already on a stone that can move stays; with nothing to move, it stays too.
    assert_eq!(start_cell(movable[0], &movable, &geo), movable[0]);
    assert_eq!(start_cell(Coord::new(0, 7), &[], &geo), Coord::new(0, 7));
}

#[test]
fn the_cursor_shows_where_it_was_then_moves_and_stops_at_the_edge() {
    let geo = crate::game::setup::standard();
    let mut cursor = BoardCursor::default();
    cursor.step(IVec2::NEG_X, &geo);
    assert!(cursor.visible);
    assert_eq!(cursor.at, Coord::new(0, 0));
    cursor.step(IVec2::X, &geo);
    cursor.step(IVec2::Y, &geo);
    assert_eq!(cursor.at, Coord::new(1, 1));
    for _ in 0..10 {
        cursor.step(IVec2::NEG_Y, &geo);
    }
    assert_eq!(cursor.at, Coord::new(0, 1));
}

#[test]
fn the_opening_removes_only_what_the_rules_allow_and_says_why_not() {
    let rules = Rules::new(GameSetup::default(), None);
    let legal = rules.legal_moves()[0].from;
    assert_eq!(activate(&rules, None, legal), (None, Outcome::Play(Move::remove(legal))));
    let side = rules.game.to_move();
    let geo = *rules.game.geometry();
    let cells: Vec<Coord> = (0..geo.rows()).flat_map(|r| (0..geo.cols()).map(move |c| Coord::new(r, c))).collect();
    let removable = rules.legal_moves();
    let own = cells
        .iter()
        .find(|c| rules.game.position().at(**c) == Some(side) && !removable.contains(&Move::remove(**c)))
        .unwrap();
    let enemy = cells.iter().find(|c| rules.game.position().at(**c) == Some(side.opponent())).unwrap();
    let key = |at| match activate(&rules, None, at).1 {
        Outcome::Refuse(cell, reason) if cell == at => reason.key,
        other => panic!("{other:?}"),
    };
    assert_eq!(key(*enemy), "refuse-remove-enemy");
    assert_eq!(key(*own), "refuse-not-centre-corner");
}

#[test]
fn a_stone_is_picked_up_put_down_or_jumped_and_a_wrong_landing_is_refused() {
    let mut rules = Rules::new(GameSetup::default(), None);
    for _ in 0..2 {
        let m = rules.legal_moves()[0];
        rules.game.play(m).unwrap();
    }
    let jump = rules.legal_moves()[0];
    assert_eq!(activate(&rules, None, jump.from), (Some(jump.from), Outcome::Select));
    assert_eq!(activate(&rules, Some(jump.from), jump.from), (None, Outcome::Select));
    assert_eq!(activate(&rules, Some(jump.from), jump.to), (None, Outcome::Play(jump)));
    // An empty cell that is no landing of the stone picked up: refused at the stone.
    let geo = *rules.game.geometry();
    let empty = (0..geo.rows())
        .flat_map(|r| (0..geo.cols()).map(move |c| Coord::new(r, c)))
        .find(|c| rules.game.position().at(*c).is_none() && !rules.legal_moves().iter().any(|m| m.to == *c))
        .unwrap();
    let (selected, outcome) = activate(&rules, Some(jump.from), empty);
    assert_eq!(selected, None);
    assert_eq!(outcome, Outcome::Refuse(jump.from, Msg::new("refuse-cannot-land")));
    // Nothing picked up, an empty cell: pick one of your own.
    assert!(
        matches!(activate(&rules, None, empty).1, Outcome::Refuse(c, m) if c == empty && m.key == "refuse-pick-own")
    );
}
