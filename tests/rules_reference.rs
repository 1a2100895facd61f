//! The rules against the reference numbers (README, Rules).

use konane::rules::*;

fn geo(r: u8, c: u8) -> Geometry {
    Geometry::new(r, c).unwrap()
}

#[test]
fn perft_from_the_8x8_start_matches_the_table() {
    let start = Position::start(geo(8, 8));
    let expected = [4u64, 12, 28, 172, 892, 7124, 52044];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, d as u32 + 1), n, "depth {}", d + 1);
    }
}

fn after_removals(black: Coord, white: Coord) -> Position {
    let mut p = Position::start(geo(8, 8));
    p.try_play(Move::remove(black)).unwrap();
    p.try_play(Move::remove(white)).unwrap();
    p
}

#[test]
fn perft_after_the_three_reference_openings() {
    let cases = [
        (Coord::new(0, 0), Coord::new(0, 1), [1u64, 3, 10, 44, 211]),
        (Coord::new(3, 3), Coord::new(2, 3), [3, 20, 110, 900, 6776]),
        (Coord::new(3, 3), Coord::new(3, 4), [3, 20, 103, 837, 6024]),
    ];
    for (b, w, expected) in cases {
        let p = after_removals(b, w);
        assert_eq!(p.to_move(), Color::Black);
        for (d, &n) in expected.iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), n, "{b:?}/{w:?} depth {}", d + 1);
        }
    }
}

fn removals(p: &Position) -> Vec<Coord> {
    let mut v: Vec<Coord> = p.legal_moves().into_iter().map(|m| m.from).collect();
    v.sort();
    v
}

#[test]
fn black_removal_options_on_odd_even_and_rectangular_boards() {
    let c = Coord::new;
    assert_eq!(removals(&Position::start(geo(5, 5))), vec![c(0, 0), c(0, 4), c(2, 2), c(4, 0), c(4, 4)]);
    assert_eq!(removals(&Position::start(geo(4, 5))), vec![c(0, 0), c(0, 4), c(2, 2)]);
    assert_eq!(removals(&Position::start(geo(8, 8))), vec![c(0, 0), c(3, 3), c(4, 4), c(7, 7)]);
    assert_eq!(removals(&Position::start(geo(4, 4))), vec![c(0, 0), c(1, 1), c(2, 2), c(3, 3)]);
    // 9×13: middle row 4, middle column 6: (4,6) is Black; corners (0,0),(0,12),(8,0),(8,12) all Black.
    assert_eq!(removals(&Position::start(geo(9, 13))), vec![c(0, 0), c(0, 12), c(4, 6), c(8, 0), c(8, 12)]);
    // 1×1: the single stone is both corner and centre.
    assert_eq!(removals(&Position::start(geo(1, 1))), vec![c(0, 0)]);
}

#[test]
fn white_removes_next_to_the_hole() {
    let mut p = Position::start(geo(5, 5));
    p.try_play(Move::remove(Coord::new(2, 2))).unwrap();
    assert_eq!(removals(&p), vec![Coord::new(1, 2), Coord::new(2, 1), Coord::new(2, 3), Coord::new(3, 2)]);
    let mut q = Position::start(geo(5, 5));
    q.try_play(Move::remove(Coord::new(0, 4))).unwrap();
    assert_eq!(removals(&q), vec![Coord::new(0, 3), Coord::new(1, 4)]);
    assert!(q.try_play(Move::remove(Coord::new(2, 1))).is_err());
}

#[test]
fn multi_jumps_and_early_stops_are_separate_moves() {
    // Black stones on a5 and a1, White on a4 and a2: a5 jumps over a4 to a3 (and a1 over a2
    // to a3); neither can go on, as the other Black stone blocks the far end.
    let p = parse_position("B..../W..../...../W..../B.... b").unwrap();
    let moves: Vec<String> = p.legal_moves().iter().map(|m| move_to_string(p.geometry(), *m)).collect();
    assert!(moves.contains(&"a5-a3".to_string()), "{moves:?}");
    assert!(moves.contains(&"a1-a3".to_string()) && moves.len() == 2, "{moves:?}");
    // Without the stone on a5, a1 can stop on a3 or jump on over a4 to a5.
    let q = parse_position("...../W..../...../W..../B.... b").unwrap();
    let mut mv: Vec<String> = q.legal_moves().iter().map(|m| move_to_string(q.geometry(), *m)).collect();
    mv.sort();
    assert_eq!(mv, vec!["a1-a3", "a1-a5"]);
    let after = q.after(parse_move(q.geometry(), "a1-a3-a5").unwrap());
    assert_eq!(position_to_string(&after), "B..../...../...../...../..... w");
    assert_eq!(after.phase(), Phase::Over { winner: Color::Black });
}

#[test]
fn jumps_never_wrap_around_the_board_edge() {
    // A White stone at the end of row 1 and a Black stone at the start of row 2 are not neighbours.
    let p = parse_position("..BW/..../..../.... b").unwrap();
    let mv: Vec<String> = p.legal_moves().iter().map(|m| move_to_string(p.geometry(), *m)).collect();
    assert!(mv.is_empty(), "{mv:?}");
    let q = parse_position("...W/B.../..../.... b").unwrap();
    assert!(q.legal_moves().is_empty());
}

#[test]
fn ernst_rows_give_the_published_move_counts() {
    // A solid row of N = 2j+1 alternating stones with empty ends: the colour not at the ends
    // has j moves in a row; check the simplest: N = 3, `.WBW.` — Black (inside) gets moves.
    let p = parse_position(".WBW. b").unwrap();
    assert_eq!(p.legal_moves().len(), 2);
    let q = parse_position(".WBW. w").unwrap();
    assert_eq!(q.legal_moves().len(), 0);
}

#[test]
fn stoppable_perft_counts_the_same_and_stops() {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    let start = Position::start(geo(8, 8));
    let (stop, seen) = (AtomicBool::new(false), AtomicU64::new(0));
    for d in 0..=7 {
        seen.store(0, Ordering::Relaxed);
        assert_eq!(perft_until(&start, d, &stop, &seen), Some(perft(&start, d)), "depth {d}");
        assert_eq!(seen.load(Ordering::Relaxed), perft(&start, d), "progress at depth {d}");
    }
    // Depth 0 is one node, with or without the per-move split.
    assert_eq!(perft(&start, 0), 1);
    assert!(perft_divide(&start, 0).is_empty());
    stop.store(true, Ordering::Relaxed);
    assert_eq!(perft_until(&start, 30, &stop, &seen), None);
}
