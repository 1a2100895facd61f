//! A finished (or unfinished) game looked at move by move: each position searched at full
//! strength within a budget, each move judged against the best one, proven results noted,
//! and the moves that threw a proven win away, or a lot of evaluation, marked.

use super::{Analysis, Outlook, analyse};
use crate::rules::{Color, Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What is known about a position, seen from Black's side (for a graph across the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The engine's score, positive when Black is better.
    Score(i32),
    /// Proven: this side wins, in that many plies when counted.
    Proven(Color, Option<u32>),
}

impl Standing {
    /// From an outlook for `side` (the side to move of the position it describes).
    pub fn of(outlook: Outlook, side: Color) -> Standing {
        let sign = if side == Color::Black { 1 } else { -1 };
        match outlook {
            Outlook::Score(s) => Standing::Score(s * sign),
            Outlook::Win { plies } => Standing::Proven(side, plies),
            Outlook::Loss { plies } => Standing::Proven(side.opponent(), plies),
        }
    }

    /// A number for a graph: the score clamped to ±`cap`, a proven result at ±`cap`.
    pub fn plotted(self, cap: i32) -> i32 {
        match self {
            Standing::Score(s) => s.clamp(-cap, cap),
            Standing::Proven(Color::Black, _) => cap,
            Standing::Proven(Color::White, _) => -cap,
        }
    }
}

/// How a move compares with the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Nothing to say.
    Fine,
    /// The mover's evaluation fell by at least [`BLUNDER`] (or a position that was not lost
    /// became a proven loss).
    Blunder,
    /// A proven win became a proven loss.
    ThrewAwayWin,
}

/// How far the mover's score must fall for a blunder.
pub const BLUNDER: i32 = 300;

/// One ply of a game, judged.
#[derive(Clone, Debug)]
pub struct PlyReview {
    /// The move played.
    pub played: Move,
    /// Who played it.
    pub mover: Color,
    /// The engine's best move in the position before.
    pub best: Option<Move>,
    /// The position before the move, from Black's side.
    pub before: Standing,
    /// The position after the move, from Black's side.
    pub after: Standing,
    /// The judgement.
    pub verdict: Verdict,
}

/// Judges a move from what was known before and after it.
pub fn verdict(mover: Color, before: Standing, after: Standing) -> Verdict {
    let sign = if mover == Color::Black { 1 } else { -1 };
    match (before, after) {
        (Standing::Proven(w, _), Standing::Proven(l, _)) if w == mover && l != mover => Verdict::ThrewAwayWin,
        (Standing::Proven(w, _), _) if w == mover => Verdict::Fine,
        (_, Standing::Proven(l, _)) if l != mover => {
            if matches!(before, Standing::Proven(..)) {
                Verdict::Fine
            } else {
                Verdict::Blunder
            }
        }
        (Standing::Score(a), Standing::Score(b)) if (a - b) * sign >= BLUNDER => Verdict::Blunder,
        _ => Verdict::Fine,
    }
}

/// Judges the move `played` where the engine's best was `best`: the engine's own choice is
/// never a mistake (a position that turns out lost was lost before the search could see it).
pub fn judge(mover: Color, before: Standing, after: Standing, played: Move, best: Option<Move>) -> Verdict {
    if best == Some(played) { Verdict::Fine } else { verdict(mover, before, after) }
}

/// Analyses every position of a game (`start` then `moves`) with `budget` each and judges
/// every move. `progress(done, total)` is called after each position; `cancel` stops early
/// (the plies reviewed so far are returned).
pub fn review_game(
    start: Position,
    moves: &[Move],
    budget: Duration,
    cancel: &Arc<AtomicBool>,
    mut progress: impl FnMut(usize, usize),
) -> Vec<PlyReview> {
    let mut positions = vec![start];
    for m in moves {
        let p = positions[positions.len() - 1].after(*m);
        positions.push(p);
    }
    let total = positions.len();
    let mut analyses: Vec<(Analysis, Color)> = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        analyses.push((analyse(p, budget, cancel.clone()), p.to_move()));
        progress(i + 1, total);
    }
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let (Some((a, side)), Some((b, next))) = (analyses.get(i), analyses.get(i + 1)) else { break };
        let before = Standing::of(a.outlook, *side);
        let after = Standing::of(b.outlook, *next);
        out.push(PlyReview {
            played: *m,
            mover: *side,
            best: a.best,
            before,
            after,
            verdict: judge(*side, before, after, *m, a.best),
        });
    }
    out
}

/// Why a move was a mistake, in the terms the tutorial uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It gave away a win that was proven.
    ThrewAwayWin,
    /// It lets the opponent jump over `hops` stones (two or more) from `from`.
    LetsMultiJump {
        /// Where the opponent's jump starts.
        from: crate::rules::Coord,
        /// How many stones it jumps.
        hops: u8,
    },
    /// After the opponent's best answer the mover has only `left` moves.
    LeavesFewMoves {
        /// The mover's moves left.
        left: u32,
    },
    /// After the opponent's best answer: the mover's moves against the opponent's.
    Mobility {
        /// The mover's moves.
        yours: u32,
        /// The opponent's moves.
        theirs: u32,
    },
}

/// Moves left below which the coach says so.
pub const FEW_MOVES: u32 = 2;

/// Why `played` in `before` was judged `verdict`, given the opponent's best answer `reply`
/// (from the analysis of the position after it): a thrown win; else a multiple jump it lets
/// the opponent make (the longest; the answer's own when it is one); else how few moves the
/// answer leaves the mover; else the moves each side has after the answer.
pub fn explain(before: &Position, played: Move, reply: Option<Move>, verdict: Verdict) -> Reason {
    if verdict == Verdict::ThrewAwayWin {
        return Reason::ThrewAwayWin;
    }
    let after = before.after(played);
    let answers = after.legal_moves();
    let multi = reply
        .filter(|r| r.hops() >= 2)
        .or_else(|| answers.iter().copied().filter(|m| m.hops() >= 2).max_by_key(|m| m.hops()));
    if let Some(m) = multi {
        return Reason::LetsMultiJump { from: m.from, hops: m.hops() };
    }
    let Some(answer) = reply.filter(|r| after.is_legal(*r)).or_else(|| answers.first().copied()) else {
        return Reason::Mobility { yours: after.jump_count(before.to_move()), theirs: 0 };
    };
    let next = after.after(answer);
    let yours = next.jump_count(before.to_move());
    if yours <= FEW_MOVES {
        return Reason::LeavesFewMoves { left: yours };
    }
    Reason::Mobility { yours, theirs: next.jump_count(after.to_move()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_the_mover_s_side() {
        use Standing::*;
        let b = Color::Black;
        let w = Color::White;
        assert_eq!(verdict(b, Proven(b, Some(5)), Proven(w, Some(4))), Verdict::ThrewAwayWin);
        assert_eq!(verdict(w, Proven(w, None), Proven(b, None)), Verdict::ThrewAwayWin);
        assert_eq!(verdict(b, Proven(b, Some(5)), Proven(b, Some(4))), Verdict::Fine);
        assert_eq!(verdict(b, Score(100), Score(-250)), Verdict::Blunder);
        assert_eq!(verdict(w, Score(100), Score(-250)), Verdict::Fine, "Black's score fell: good for White");
        assert_eq!(verdict(w, Score(-100), Score(250)), Verdict::Blunder);
        assert_eq!(verdict(b, Score(0), Proven(w, None)), Verdict::Blunder);
        assert_eq!(verdict(b, Proven(w, None), Proven(w, None)), Verdict::Fine, "already lost");
        assert_eq!(Proven(w, None).plotted(1000), -1000);
        assert_eq!(Score(5000).plotted(1000), 1000);
    }

    #[test]
    fn a_game_thrown_away_is_marked_where_it_happened() {
        // Black to move wins with a6-a2 (White then has no move); a6-a4 lets White jump back
        // and win.
        let start = crate::rules::parse_position("B...../W...../....../W...../....../...... b").unwrap();
        let geo = *start.geometry();
        let moves: Vec<Move> = ["a6-a4", "a3-a5"].iter().map(|m| crate::rules::parse_move(&geo, m).unwrap()).collect();
        let cancel = Arc::new(AtomicBool::new(false));
        let mut seen = 0;
        let review = review_game(start, &moves, Duration::from_millis(200), &cancel, |done, total| {
            seen = done;
            assert_eq!(total, 3);
        });
        assert_eq!(seen, 3);
        assert_eq!(review.len(), 2);
        assert_eq!(review[0].verdict, Verdict::ThrewAwayWin);
        assert_eq!(review[0].best, Some(crate::rules::parse_move(&geo, "a6-a2").unwrap()));
        assert!(matches!(review[0].before, Standing::Proven(Color::Black, _)));
        assert!(matches!(review[1].after, Standing::Proven(Color::White, _)));
        assert_eq!(review[1].verdict, Verdict::Fine);
    }

    #[test]
    fn a_mistake_is_explained_by_the_jump_it_allows_or_the_moves_it_leaves() {
        let start = crate::rules::parse_position("B...../W...../....../W...../....../...... b").unwrap();
        let geo = *start.geometry();
        let mv = |t: &str| crate::rules::parse_move(&geo, t).unwrap();
        assert_eq!(explain(&start, mv("a6-a4"), Some(mv("a3-a5")), Verdict::ThrewAwayWin), Reason::ThrewAwayWin);
        // a6-a4 leaves White a3-a5; then Black has nothing left to move.
        assert_eq!(
            explain(&start, mv("a6-a4"), Some(mv("a3-a5")), Verdict::Blunder),
            Reason::LeavesFewMoves { left: 0 }
        );
        // c3-a3 puts a second black stone in White's line: a6 jumps both.
        let p = crate::rules::parse_position("W...../B...../....../.WB.../....../...... b").unwrap();
        let geo = *p.geometry();
        let mv = |t: &str| crate::rules::parse_move(&geo, t).unwrap();
        let from = crate::rules::parse_move(&geo, "a6-a2").unwrap().from;
        assert_eq!(explain(&p, mv("c3-a3"), None, Verdict::Blunder), Reason::LetsMultiJump { from, hops: 2 });
    }
}
