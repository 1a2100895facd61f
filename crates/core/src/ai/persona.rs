//! Opponents with a character: named personalities whose style comes from how they choose
//! among the moves their search scores well, and the friendly rival, who adapts its strength
//! to keep the game close.
//!
//! A personality searches like its level and then, among the moves whose score is within its
//! *margin* of the best, takes the one its style likes most (its *taste*): the longest jump,
//! the move that keeps most of its own mobility, the move that leaves the board most nearly
//! mirrored, or the move that puts most enemy stones under attack. A proven win is always kept
//! and a proven loss never chosen while something else is left, so a personality at the top
//! level still wins what the solver proves. Nothing here is random except where a level's own
//! temperature already is: a style shows in the same positions every time.
//!
//! The rival ([`Rival`]) watches how much each of the opponent's moves lost by its own search
//! (the position's value against the value it expected after its previous move), keeps a
//! running estimate of the opponent's error per move across games, and plays moves that lose
//! about as much: more when it is ahead, nothing when it is behind. When its search proves a
//! win against an opponent who errs, it sometimes lets the win go by the move that loses
//! slowest, never by one that loses at once.

use super::eval::{WIN, WIN_THRESHOLD};

/// Scores from here up are proven wins (and from minus this down proven losses): the search's
/// own (`WIN - plies`) and the solver's (`WIN_THRESHOLD / 2`, a win without a move count).
pub const PROVEN: i32 = WIN_THRESHOLD / 2;
use super::ladder::Level;
use crate::rules::{Color, Coord, Move, Position};

/// Who a named opponent is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Persona {
    /// Kekoa: grabs every multi-jump.
    Kekoa,
    /// Makana: hoards mobility and waits.
    Makana,
    /// Lani: mirrors the board.
    Lani,
    /// Pua: plays fast and loose, always attacking.
    Pua,
    /// Keala: the friendly rival who keeps games close.
    Keala,
}

/// How a personality picks among good moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Style {
    /// The longest jump (most stones captured), then the best score.
    Leaper,
    /// The move after which it keeps most moves of its own.
    Hoarder,
    /// The move that leaves the board most nearly mirrored left to right.
    Mirror,
    /// The move that puts most enemy stones under attack (and thinks only briefly).
    Attacker,
    /// The friendly rival ([`Rival`]).
    Rival,
}

impl Persona {
    /// Every opponent, in the order the game shows them.
    pub const ALL: [Persona; 5] = [Persona::Keala, Persona::Lani, Persona::Pua, Persona::Kekoa, Persona::Makana];

    /// The name, as shown and as typed (`konane match --black kekoa`).
    pub fn name(self) -> &'static str {
        match self {
            Persona::Kekoa => "Kekoa",
            Persona::Makana => "Makana",
            Persona::Lani => "Lani",
            Persona::Pua => "Pua",
            Persona::Keala => "Keala",
        }
    }

    /// The lower-case identifier (settings, command line).
    pub fn id(self) -> &'static str {
        match self {
            Persona::Kekoa => "kekoa",
            Persona::Makana => "makana",
            Persona::Lani => "lani",
            Persona::Pua => "pua",
            Persona::Keala => "keala",
        }
    }

    /// The persona with this identifier (any case).
    pub fn from_id(s: &str) -> Option<Persona> {
        Persona::ALL.into_iter().find(|p| p.id().eq_ignore_ascii_case(s.trim()))
    }

    /// How it plays.
    pub fn style(self) -> Style {
        match self {
            Persona::Kekoa => Style::Leaper,
            Persona::Makana => Style::Hoarder,
            Persona::Lani => Style::Mirror,
            Persona::Pua => Style::Attacker,
            Persona::Keala => Style::Rival,
        }
    }

    /// The levels it plays at, weakest and strongest (the rival adapts within its own range).
    pub fn levels(self) -> (Level, Level) {
        match self {
            Persona::Lani => (Level::Beginner, Level::Medium),
            Persona::Pua => (Level::Easy, Level::Hard),
            Persona::Kekoa => (Level::Medium, Level::Strong),
            Persona::Makana => (Level::Hard, Level::Expert),
            Persona::Keala => (Level::Beginner, Level::Strong),
        }
    }

    /// The levels of its range, weakest first.
    pub fn level_range(self) -> Vec<Level> {
        let (lo, hi) = self.levels();
        Level::ALL.into_iter().filter(|l| (lo..=hi).contains(l)).collect()
    }

    /// How far below the best score (in evaluation points; one move of mobility is 12 to 16)
    /// a move may be for the style to prefer it.
    pub fn margin(self) -> i32 {
        match self.style() {
            Style::Leaper => 28,
            Style::Hoarder => 20,
            Style::Mirror => 24,
            Style::Attacker => 40,
            Style::Rival => 0,
        }
    }

    /// The share of its level's thinking time it takes (Pua plays fast).
    pub fn time_share(self) -> f64 {
        if self.style() == Style::Attacker { 0.25 } else { 1.0 }
    }
}

/// How much the style likes `m` in `p` (larger is better); ties go to the better score.
pub fn taste(style: Style, p: &Position, m: Move) -> i32 {
    if m.is_removal() {
        return 0;
    }
    let me = p.to_move();
    match style {
        Style::Leaper => m.hops() as i32,
        Style::Hoarder => p.after(m).jump_count(me) as i32,
        Style::Mirror => mirrored_pairs(&p.after(m)),
        Style::Attacker => p.after(m).jump_features(me).captures as i32,
        Style::Rival => 0,
    }
}

/// Pairs of cells mirrored left to right (`(r, c)` and `(r, cols-1-c)`) that are both empty
/// or both taken: the whole board's pairs at the start.
pub fn mirrored_pairs(p: &Position) -> i32 {
    let geo = p.geometry();
    let (rows, cols) = (geo.rows(), geo.cols());
    let mut n = 0;
    for r in 0..rows {
        for c in 0..cols / 2 {
            let a = p.at(Coord::new(r, c)).is_some();
            let b = p.at(Coord::new(r, cols - 1 - c)).is_some();
            n += (a == b) as i32;
        }
    }
    n
}

/// A personality's choice among `scored` root moves of `p` (scores for the side to move):
/// a proven win is kept; proven losses are left while anything else is; then, among the
/// moves within `margin` of the best, the one the style likes most, the better score first
/// among equals.
pub fn styled_choice(style: Style, margin: i32, p: &Position, scored: &[(Move, i32)]) -> Option<Move> {
    let best = scored.iter().map(|&(_, s)| s).max()?;
    if best >= PROVEN {
        return scored.iter().find(|&&(_, s)| s == best).map(|&(m, _)| m);
    }
    scored
        .iter()
        .filter(|&&(_, s)| s >= best - margin && (s > -PROVEN || best <= -PROVEN))
        .max_by_key(|&&(m, s)| (taste(style, p, m), s))
        .map(|&(m, _)| m)
}

/// What the rival remembers of its opponent, across games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rival {
    /// Estimated evaluation points the opponent loses per move (a running average).
    pub error: f64,
    /// How much it holds back (the evaluation points it lets go per move in an even position):
    /// raised a step after each game it wins and lowered after each it loses, so over games its
    /// score settles near one half against any opponent.
    pub handicap: f64,
    /// The value it expected at its next turn, after its last move (none at a game's start).
    expected: Option<i32>,
    /// Moves of the opponent measured, in all.
    pub measured: u64,
}

/// How quickly the rival's estimate follows new moves (weight of the newest).
const LEARN: f64 = 0.08;
/// The largest error one move can count for (a proven swing counts as this).
const MOST: f64 = 120.0;

impl Rival {
    /// A rival that expects its opponent to lose `error` points a move until it has seen them
    /// play (the game gives it a guess from the player's rating: [`Rival::prior_for_rating`]).
    pub fn new(error: f64) -> Rival {
        let error = error.clamp(0.0, MOST);
        Rival { error, handicap: error, expected: None, measured: 0 }
    }

    /// A game ended: a win makes it hold back more next time, a loss less.
    pub fn game_over(&mut self, won: bool) {
        self.handicap =
            if won { (self.handicap * STEP + 4.0).min(MOST_HANDICAP) } else { ((self.handicap - 4.0) / STEP).max(0.0) };
    }

    /// A first guess at a player's error per move from their rating (1500 a new player):
    /// a player rated like Beginner errs a lot, one rated like Strong hardly at all.
    pub fn prior_for_rating(rating: f64) -> f64 {
        // About 60 points a move at 1000, 30 at 1500, under 5 from 2100.
        (60.0 * (1.0 - (rating - 1000.0) / 1200.0)).clamp(2.0, 80.0)
    }

    /// Whether its next choice may be softened, so that its search must score every move
    /// exactly (else the best move is all it needs, and the search is quicker).
    pub fn needs_scores(&self) -> bool {
        self.allowance(self.expected.unwrap_or(0).clamp(-4 * SWING, 4 * SWING)) >= FINE
            || (self.handicap >= DEAD_ZONE && self.handicap / (self.handicap + LET_GO) > 0.1)
    }

    /// A new game: nothing expected yet (what it learned of the opponent stays).
    pub fn new_game(&mut self) {
        self.expected = None;
    }

    /// Chooses among `scored` root moves (scores for the rival, who is to move); `roll` and
    /// `pick` are uniform numbers in [0, 1) for its random decisions (whether to let a proven
    /// win go; which move of its softened choice).
    pub fn choose(&mut self, scored: &[(Move, i32)], roll: f64, pick: f64) -> Option<Move> {
        self.choose_from(scored, None, roll, pick)
    }

    /// [`Rival::choose`], with the move its search found best when that is better known than
    /// the scores say (a last, unfinished iteration may have found it): played whenever the
    /// rival holds nothing back.
    pub fn choose_from(
        &mut self,
        scored: &[(Move, i32)],
        searched: Option<Move>,
        roll: f64,
        pick: f64,
    ) -> Option<Move> {
        let best = scored.iter().map(|&(_, s)| s).max()?;
        self.learn(best);
        let mut sorted = scored.to_vec();
        sorted.sort_by_key(|&(_, s)| -s);
        let chosen = if best >= PROVEN {
            self.proven_win(&sorted, best, roll)
        } else if best <= -PROVEN {
            sorted[0]
        } else if let Some(m) = searched.filter(|_| self.allowance(best) < FINE) {
            (m, best)
        } else {
            self.softened(&sorted, best, pick)
        };
        self.expected = Some(chosen.1);
        Some(chosen.0)
    }

    /// Folds in how much the opponent's last move lost: the value now against the value
    /// expected after the rival's previous move.
    fn learn(&mut self, now: i32) {
        let Some(expected) = self.expected.take() else { return };
        let proven = now.abs() >= PROVEN || expected.abs() >= PROVEN;
        let lost = if proven {
            // A proven swing in the rival's favour is a big error; proven and unchanged is none.
            if now >= PROVEN && expected < PROVEN { MOST } else { 0.0 }
        } else {
            // Signed: the search's own noise (its horizon moves two plies between the two
            // values) cancels out over moves instead of counting as errors.
            ((now - expected) as f64).clamp(-MOST, MOST)
        };
        self.error = (self.error + LEARN * (lost - self.error)).max(0.0);
        self.measured += 1;
    }

    /// The error per move the rival allows itself when the position is worth `value` to it:
    /// its handicap, grown while it is ahead and shrunk while it is behind (doubled or halved
    /// for every [`SWING`] points).
    pub fn allowance(&self, value: i32) -> f64 {
        if self.handicap < DEAD_ZONE {
            // A handicap this small is none: after a single win against an opponent of its
            // own strength it still plays its best.
            return 0.0;
        }
        self.handicap * (value.clamp(-4 * SWING, 4 * SWING) as f64 / SWING as f64 * std::f64::consts::LN_2).exp()
    }

    /// A choice softened like a player who errs by the allowance: a weighted draw over the
    /// plausible moves (not proven losses, not the worst quarter when there are more than three),
    /// each weighted by how far below the best it is, on the scale of the allowance.
    fn softened(&self, sorted: &[(Move, i32)], best: i32, pick: f64) -> (Move, i32) {
        let allowance = self.allowance(best);
        let plausible: Vec<(Move, i32)> = sorted
            .iter()
            .copied()
            .enumerate()
            .filter(|&(i, (_, s))| {
                // Never a move that loses at once; while it holds back a lot (against a player
                // who errs a lot), anything else, else no proven loss and not the worst quarter.
                let at_once = s <= -WIN + 2;
                let generous = self.handicap >= GENEROUS;
                !at_once && (generous || (s > -PROVEN && (sorted.len() <= 3 || i < sorted.len() - sorted.len() / 4)))
            })
            .map(|(_, x)| x)
            .collect();
        let pool = if plausible.is_empty() { sorted } else { &plausible };
        if allowance < FINE {
            return pool[0];
        }
        // A proven loss weighs like a bad move, not like an infinitely bad one.
        let weights: Vec<f64> =
            pool.iter().map(|&(_, s)| (-(((best - s) as f64).min(WORST_GAP)) / allowance).exp()).collect();
        let mut x = pick * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return pool[i];
            }
            x -= w;
        }
        pool[0]
    }

    /// A proven win: kept against an opponent who hardly errs; against one who errs, let go
    /// now and then (more often the more they err) by the move that loses slowest, never by
    /// one that loses at the next move.
    fn proven_win(&self, sorted: &[(Move, i32)], best: i32, roll: f64) -> (Move, i32) {
        let _ = best;
        let share = if self.handicap < DEAD_ZONE { 0.0 } else { self.handicap / (self.handicap + LET_GO) };
        let chance = share * share;
        if roll >= chance {
            return sorted[0];
        }
        // Which of the other moves: a proven loss that comes slowest when the search scored
        // them all; else (the solver named only its winning move, and the others are guesses
        // that may win too) any of them, drawn with the same roll.
        let others: Vec<(Move, i32)> =
            sorted.iter().copied().filter(|&(_, s)| s < PROVEN && !(s < -PROVEN && WIN + s <= 2)).collect();
        if let Some(&slow) = others.iter().filter(|&&(_, s)| s <= -PROVEN).max_by_key(|&&(_, s)| s) {
            return slow;
        }
        match others.len() {
            0 => sorted[0],
            n => others[((roll / chance) * n as f64) as usize % n],
        }
    }
}

/// The factor of the handicap's step after a game.
const STEP: f64 = 1.5;
/// The largest handicap.
const MOST_HANDICAP: f64 = 1500.0;
/// A handicap below this counts as none.
const DEAD_ZONE: f64 = 8.0;
/// The largest gap below the best that a move's weight counts.
const WORST_GAP: f64 = 200.0;
/// A handicap from which any move but one that loses at once may be played.
const GENEROUS: f64 = 100.0;

/// Points of advantage that double the rival's allowance (and of disadvantage that halve it).
pub const SWING: i32 = 20;
/// The opponent's error per move at which a proven win is let go a quarter of the time (each
/// move: the share squared).
const LET_GO: f64 = 60.0;
/// An allowance below this is no allowance: the best move (and the search needs no exact
/// score for every move).
pub const FINE: f64 = 3.0;

/// Style statistics of one side's moves in a game, summed (see `konane personas`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StyleStats {
    /// Jumps counted.
    pub moves: u64,
    /// Stones captured in all.
    pub captured: u64,
    /// Jumps of two hops or more.
    pub multi: u64,
    /// Own moves kept after each jump, summed.
    pub mobility_kept: u64,
    /// Mirrored pairs after each jump, summed, and the board's pairs (for a share).
    pub mirrored: u64,
    /// Pairs of cells on the board (times the moves).
    pub pairs: u64,
    /// Enemy stones under attack after each jump, summed.
    pub attacks: u64,
}

impl StyleStats {
    /// Counts `m`, played by the side to move in `p`.
    pub fn add(&mut self, p: &Position, m: Move) {
        if m.is_removal() {
            return;
        }
        let me: Color = p.to_move();
        let after = p.after(m);
        let geo = p.geometry();
        self.moves += 1;
        self.captured += m.hops() as u64;
        self.multi += (m.hops() > 1) as u64;
        self.mobility_kept += after.jump_count(me) as u64;
        self.mirrored += mirrored_pairs(&after) as u64;
        self.pairs += (geo.rows() as u64) * (geo.cols() as u64 / 2);
        self.attacks += after.jump_features(me).captures as u64;
    }

    /// Adds another tally.
    pub fn merge(&mut self, o: &StyleStats) {
        self.moves += o.moves;
        self.captured += o.captured;
        self.multi += o.multi;
        self.mobility_kept += o.mobility_kept;
        self.mirrored += o.mirrored;
        self.pairs += o.pairs;
        self.attacks += o.attacks;
    }

    /// Average stones captured per jump.
    pub fn captures_per_move(&self) -> f64 {
        self.captured as f64 / self.moves.max(1) as f64
    }

    /// Share of jumps with two hops or more.
    pub fn multi_share(&self) -> f64 {
        self.multi as f64 / self.moves.max(1) as f64
    }

    /// Average own moves left after a jump.
    pub fn mobility(&self) -> f64 {
        self.mobility_kept as f64 / self.moves.max(1) as f64
    }

    /// Average share of mirrored pairs after a jump.
    pub fn mirror_share(&self) -> f64 {
        self.mirrored as f64 / self.pairs.max(1) as f64
    }

    /// Average enemy stones under attack after a jump.
    pub fn attacks_per_move(&self) -> f64 {
        self.attacks as f64 / self.moves.max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Geometry};

    fn jumping_game() -> Game {
        let mut g = Game::new(Geometry::new(8, 8).unwrap());
        for _ in 0..4 {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn identifiers_read_back_and_ranges_are_in_order() {
        for p in Persona::ALL {
            assert_eq!(Persona::from_id(&p.id().to_uppercase()), Some(p));
            let (lo, hi) = p.levels();
            assert!(lo <= hi && p.level_range().len() >= 3, "{p:?}");
        }
        assert_eq!(Persona::from_id("nobody"), None);
    }

    #[test]
    fn a_proven_win_is_kept_and_a_proven_loss_is_left_by_every_style() {
        let g = jumping_game();
        let p = g.position();
        let moves = p.legal_moves();
        assert!(moves.len() >= 2);
        for style in [Style::Leaper, Style::Hoarder, Style::Mirror, Style::Attacker] {
            let mut scored: Vec<(Move, i32)> = moves.iter().map(|&m| (m, 0)).collect();
            scored[1].1 = WIN - 9;
            assert_eq!(styled_choice(style, 1000, p, &scored), Some(moves[1]));
            let mut scored: Vec<(Move, i32)> = moves.iter().map(|&m| (m, -WIN + 5)).collect();
            scored[0].1 = -40;
            assert_eq!(styled_choice(style, 1000, p, &scored), Some(moves[0]));
        }
    }

    #[test]
    fn the_leaper_takes_the_longest_jump_within_its_margin_and_not_beyond() {
        let g = jumping_game();
        let p = g.position();
        let a = p.legal_moves()[0];
        let long = Move::jump(Coord::new(0, 0), Coord::new(0, 4));
        let scored = [(a, 10), (long, 10 - 20)];
        assert_eq!(styled_choice(Style::Leaper, 28, p, &scored), Some(long));
        let scored = [(a, 10), (long, 10 - 40)];
        assert_eq!(styled_choice(Style::Leaper, 28, p, &scored), Some(a));
    }

    #[test]
    fn the_rival_learns_errors_and_plays_down_to_a_weak_opponent_but_not_when_behind() {
        let g = jumping_game();
        let ms = g.legal_moves();
        let (a, b, c) = (ms[0], ms[1], ms[2 % ms.len()]);
        let mut r = Rival::new(0.0);
        // Even position, opponent not known to err: the best move, whatever the draw.
        assert_eq!(r.choose(&[(a, 0), (b, -30), (c, -60)], 0.9, 0.99), Some(a));
        // The opponent's moves handed it 60 points each: it learns they err.
        for _ in 0..30 {
            r.expected = Some(0);
            r.choose(&[(a, 60), (b, 30), (c, 0)], 0.9, 0.0);
        }
        assert!(r.error > 30.0, "{}", r.error);
        // It held back nothing so far; games it wins make it hold back.
        for _ in 0..5 {
            r.game_over(true);
        }
        assert!(r.handicap > 30.0, "{}", r.handicap);
        r.expected = None;
        // Ahead against an erring opponent: a weaker move for a high draw, never the worst quarter.
        assert_eq!(r.choose(&[(a, 80), (b, 60), (c, 58), (ms[0], -200)], 0.9, 0.99), Some(c));
        r.expected = None;
        assert_eq!(r.choose(&[(a, 80), (b, 60), (c, -200)], 0.9, 0.0), Some(a));
        r.expected = None;
        assert_eq!(r.choose(&[(a, 80), (b, 60), (c, -WIN + 30)], 0.9, 0.99), Some(b), "no proven loss");
        // Holding back a lot (a player who errs a lot): a proven loss may be played, never
        // one that loses at once.
        let saved = r.handicap;
        r.handicap = 300.0;
        r.expected = None;
        assert_eq!(r.choose(&[(a, 80), (b, -WIN + 2), (c, -WIN + 30)], 0.9, 0.99), Some(c));
        r.handicap = saved;
        // Far behind: the allowance shrinks to almost nothing.
        assert!(r.allowance(-160) < r.handicap / 10.0);
        assert!(r.allowance(80) > 3.0 * r.handicap);
        // Losses make it hold back less, down to nothing.
        for _ in 0..40 {
            r.game_over(false);
        }
        assert_eq!(r.handicap, 0.0);
    }

    #[test]
    fn the_rival_lets_a_proven_win_go_only_by_a_slow_loss_and_only_against_errors() {
        let g = jumping_game();
        let ms = g.legal_moves();
        let (a, b, c) = (ms[0], ms[1], ms[2 % ms.len()]);
        let scored = [(a, WIN - 7), (b, -WIN + 2), (c, -WIN + 12)];
        let mut careful = Rival::new(0.0);
        assert_eq!(careful.choose(&scored, 0.0, 0.0), Some(a));
        let mut generous = Rival::new(120.0);
        assert_eq!(generous.choose(&scored, 0.0, 0.0), Some(c), "the slow loss, never the loss at once");
        generous.new_game();
        assert_eq!(generous.choose(&scored, 0.99, 0.0), Some(a));
    }

    #[test]
    fn a_rating_gives_a_guess_that_falls_as_the_rating_rises() {
        assert!(Rival::prior_for_rating(1000.0) > Rival::prior_for_rating(1500.0));
        assert!(Rival::prior_for_rating(1500.0) > Rival::prior_for_rating(2100.0));
        assert!(Rival::prior_for_rating(3000.0) >= 2.0);
    }

    /// Every personality at the top of its range plays whole games of legal moves on 6×6
    /// (the rival too) and answers at once with a legal move when told to stop; the one whose
    /// range reaches Expert, in every position its search proves won, plays a move that keeps
    /// the win (checked by the solver).
    #[test]
    fn every_opponent_plays_legally_stops_when_told_and_keeps_a_proven_win() {
        use crate::ai::{Ai, SolveLimits, Solver};
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let geo = Geometry::new(6, 6).unwrap();
        let go = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(true));
        let mut solver = Solver::new(18);
        let mut proven = 0;
        for (n, persona) in Persona::ALL.into_iter().enumerate() {
            let top = persona.levels().1 == crate::ai::Level::Expert;
            let mut ai = Ai::persona(persona, persona.levels().1, n as u64, 30.0);
            // The top level's solver needs its time to prove; the others only play.
            ai.set_budget(std::time::Duration::from_millis(if top { 400 } else { 30 }));
            let mut g = Game::new(geo);
            while g.winner().is_none() {
                let p = *g.position();
                let told = ai.choose(&p, stop.clone()).mv.expect("a move even when stopped");
                assert!(p.is_legal(told), "{persona:?} stopped with an illegal move");
                let m = ai.choose(&p, go.clone()).mv.expect("a move");
                g.play(m).unwrap_or_else(|e| panic!("{persona:?} played an illegal move: {e}"));
                let q = *g.position();
                if top && q.opening_phase() == crate::rules::Phase::Jumping {
                    // A win its own search proved (whatever the machine's load) must be kept.
                    let choice = ai.choose(&q, go.clone());
                    let me = q.to_move();
                    let its_proof = choice.report.solved == Some(me) || choice.report.score >= PROVEN;
                    let won = solver.solve(&q, SolveLimits::unlimited(), &AtomicBool::new(false)).result;
                    if let Some(s) = won.filter(|s| its_proof && s.winner == me && q.move_count() > 1) {
                        let after = q.after(choice.mv.unwrap());
                        let w = solver.solve(&after, SolveLimits::unlimited(), &AtomicBool::new(false)).result;
                        assert_eq!(w.map(|w| w.winner), Some(s.winner), "{persona:?} threw a proven win away");
                        proven += 1;
                    }
                }
            }
        }
        assert!(proven > 0, "some proven wins were checked");
    }
}
