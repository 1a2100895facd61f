//! Property tests over random games on random board sizes, checked against an independent,
//! deliberately slow grid implementation of the rules (README, Rules) written only for these tests.

use konane::rules::*;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

/// The slow oracle: a plain grid.
#[derive(Clone)]
struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Vec<Option<Color>>>,
    to_move: Color,
}

impl Grid {
    fn of(p: &Position) -> Grid {
        let g = p.geometry();
        let (rows, cols) = (g.rows() as usize, g.cols() as usize);
        let cells = (0..rows).map(|r| (0..cols).map(|c| p.at(Coord::new(r as u8, c as u8))).collect()).collect();
        Grid { rows, cols, cells, to_move: p.to_move() }
    }

    fn get(&self, r: i32, c: i32) -> Option<Option<Color>> {
        if r < 0 || c < 0 || r >= self.rows as i32 || c >= self.cols as i32 {
            None
        } else {
            Some(self.cells[r as usize][c as usize])
        }
    }

    fn empties(&self) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.cells[r][c].is_none() {
                    v.push((r, c));
                }
            }
        }
        v
    }

    /// Moves as (from, to) pairs of (row, col).
    fn moves(&self) -> BTreeSet<((usize, usize), (usize, usize))> {
        let me = self.to_move;
        let mut out = BTreeSet::new();
        let empties = self.empties();
        if empties.is_empty() {
            let mids = |n: usize| if n.is_multiple_of(2) { vec![n / 2 - 1, n / 2] } else { vec![n / 2] };
            let mut cand = vec![(0, 0), (0, self.cols - 1), (self.rows - 1, 0), (self.rows - 1, self.cols - 1)];
            for r in mids(self.rows) {
                for c in mids(self.cols) {
                    cand.push((r, c));
                }
            }
            for (r, c) in cand {
                if self.cells[r][c] == Some(me) {
                    out.insert(((r, c), (r, c)));
                }
            }
        } else if empties.len() == 1 {
            let (hr, hc) = empties[0];
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (r, c) = (hr as i32 + dr, hc as i32 + dc);
                if self.get(r, c) == Some(Some(me)) {
                    out.insert(((r as usize, c as usize), (r as usize, c as usize)));
                }
            }
        } else {
            for r in 0..self.rows as i32 {
                for c in 0..self.cols as i32 {
                    if self.get(r, c) != Some(Some(me)) {
                        continue;
                    }
                    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let mut k = 1;
                        loop {
                            let over = self.get(r + dr * (2 * k - 1), c + dc * (2 * k - 1));
                            let land = self.get(r + dr * 2 * k, c + dc * 2 * k);
                            if over == Some(Some(me.opponent())) && land == Some(None) {
                                let to = ((r + dr * 2 * k) as usize, (c + dc * 2 * k) as usize);
                                out.insert(((r as usize, c as usize), to));
                                k += 1;
                            } else {
                                break;
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

fn engine_moves(p: &Position) -> BTreeSet<((usize, usize), (usize, usize))> {
    p.legal_moves()
        .into_iter()
        .map(|m| ((m.from.row as usize, m.from.col as usize), (m.to.row as usize, m.to.col as usize)))
        .collect()
}

/// A random game: board size and a list of choice indices.
fn game_strategy() -> impl Strategy<Value = (u8, u8, Vec<usize>)> {
    (1u8..=12, 1u8..=12, prop::collection::vec(any::<usize>(), 0..80))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn random_games_obey_the_rules((rows, cols, picks) in game_strategy()) {
        let mut game = Game::new(Geometry::new(rows, cols).unwrap());
        let mut states = vec![game.clone()];
        for pick in picks {
            let p = *game.position();
            let oracle = Grid::of(&p).moves();
            prop_assert_eq!(&engine_moves(&p), &oracle, "moves differ in {}", position_to_string(&p));
            prop_assert_eq!(p.move_count() as usize, oracle.len());
            let moves = p.legal_moves();
            if moves.is_empty() {
                // The side with no moves is the loser.
                prop_assert_eq!(game.phase(), Phase::Over { winner: p.to_move().opponent() });
                break;
            }
            let m = moves[pick % moves.len()];
            prop_assert!(p.is_legal(m));
            let before = (p.count(Color::Black), p.count(Color::White));
            game.play(m).unwrap();
            let q = *game.position();
            let after = (q.count(Color::Black), q.count(Color::White));
            // Stone counts only fall, by exactly the number captured (or the one removed).
            let (mover, other) = if p.to_move() == Color::Black { (0, 1) } else { (1, 0) };
            let b = [before.0, before.1];
            let a = [after.0, after.1];
            if m.is_removal() {
                prop_assert_eq!(a[mover], b[mover] - 1);
                prop_assert_eq!(a[other], b[other]);
            } else {
                prop_assert_eq!(a[mover], b[mover]);
                prop_assert_eq!(a[other], b[other] - m.hops() as u32);
            }
            // Hash is a function of the position.
            let rebuilt = parse_position(&position_to_string(&q)).unwrap();
            prop_assert_eq!(rebuilt, q);
            states.push(game.clone());
        }
        // Undo walks back through the exact states; redo walks forward again.
        let end = game.clone();
        let n = states.len();
        for i in (0..n - 1).rev() {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(game.position(), states[i].position());
            prop_assert_eq!(game.moves(), states[i].moves());
        }
        prop_assert!(game.undo().is_none());
        for state in states.iter().skip(1) {
            prop_assert!(game.redo().is_some());
            prop_assert_eq!(game.position(), state.position());
        }
        prop_assert!(game.redo().is_none());
        prop_assert_eq!(game.position(), end.position());
        // Records round-trip through text and replay to the same game.
        let rec = Record::of_game(&game);
        let text = rec.to_text();
        let back = Record::parse(&text).unwrap();
        prop_assert_eq!(&back, &rec);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.position(), game.position());
        // Positions and moves round-trip through text.
        let p = *game.position();
        prop_assert_eq!(parse_position(&position_to_string(&p)).unwrap(), p);
        for m in p.legal_moves() {
            let s = move_to_string(p.geometry(), m);
            prop_assert_eq!(parse_move(p.geometry(), &s).unwrap(), m);
        }
    }

    #[test]
    fn garbage_never_panics(s in "\\PC{0,60}") {
        let _ = parse_position(&s);
        let _ = Record::parse(&s);
        let g = Geometry::new(8, 8).unwrap();
        let _ = parse_move(&g, &s);
    }

    #[test]
    fn random_position_text_round_trips(rows in 1u8..=20, cols in 1u8..=20, cells in prop::collection::vec(0u8..3, 400), white in any::<bool>()) {
        let mut text = String::new();
        for r in 0..rows as usize {
            if r > 0 { text.push('/'); }
            for c in 0..cols as usize {
                text.push(['B', 'W', '.'][cells[r * 20 + c] as usize]);
            }
        }
        text.push_str(if white { " w" } else { " b" });
        match parse_position(&text) {
            Ok(p) => prop_assert_eq!(position_to_string(&p), text),
            Err(e) => prop_assert!(e.to_string().contains("must be to move"), "{}", e),
        }
    }
}

/// Plain minimax (no pruning tricks beyond short-circuit) with a memo: does the side to move win?
fn side_to_move_wins(p: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let win = p.legal_moves().into_iter().any(|m| !side_to_move_wins(&p.after(m), memo));
    memo.insert(*p, win);
    win
}

#[test]
fn white_wins_4x4_and_black_wins_5x5() {
    let mut memo = HashMap::new();
    assert!(!side_to_move_wins(&Position::start(Geometry::new(4, 4).unwrap()), &mut memo));
    let mut memo = HashMap::new();
    assert!(side_to_move_wins(&Position::start(Geometry::new(5, 5).unwrap()), &mut memo));
}

/// Perft by building every move and position (no shortcuts), to check the fast counter.
fn slow_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves().into_iter().map(|m| slow_perft(&p.after(m), depth - 1)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, .. ProptestConfig::default() })]

    /// The 128-bit perft used past the opening on boards up to 128 bits counts exactly what
    /// the move generator produces, on square and oblong boards, near their size limit too.
    #[test]
    fn fast_perft_counts_what_the_move_generator_produces(
        (rows, cols) in prop::sample::select(vec![(3u8, 3u8), (4, 7), (6, 6), (7, 5), (8, 8), (5, 20), (10, 10), (11, 10), (9, 12)]),
        cells in prop::collection::vec(0u8..4, 240),
        white in any::<bool>(),
        depth in 1u32..4,
    ) {
        // A random jumping-phase position: at least two empty cells, stones fairly dense.
        let geo = Geometry::new(rows, cols).unwrap();
        let mut text = String::new();
        for r in 0..rows as usize {
            if r > 0 {
                text.push('/');
            }
            for c in 0..cols as usize {
                text.push(match cells[(r * cols as usize + c) % cells.len()] { 0 => '.', 1 | 3 => 'B', _ => 'W' });
            }
        }
        text.push_str(if white { " w" } else { " b" });
        // (Texts the rules refuse, such as an opening position with the wrong side to move,
        // are skipped.)
        let parsed = parse_position(&text);
        prop_assume!(parsed.is_ok());
        let p = parsed.unwrap();
        prop_assume!(p.opening_phase() == Phase::Jumping);
        prop_assert_eq!(p.geometry(), &geo);
        prop_assert_eq!(perft(&p, depth), slow_perft(&p, depth), "{}", text);
    }
}
