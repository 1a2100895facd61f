//! What a named opponent says at the moments that matter: its own great move (a jump over two
//! stones or more), a blunder of yours (a move that leaves it a multiple jump), and the end of
//! the game. One short line on the notice line (never over the board, and read by the screen
//! reader like every notice), at most one every few moves and each line once a game; the end
//! is always said.

use crate::ai::Persona;
use crate::game::platform::i18n::Msg;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{GameSet, Notice, Screen};
use crate::rules::{Color as Side, Move, Position};
use bevy::prelude::*;

/// A moment an opponent has something to say about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// It jumped over two stones or more.
    GreatMove,
    /// Your move left it a multiple jump.
    Blunder,
    /// It won.
    Win,
    /// You won.
    Loss,
}

impl Moment {
    fn key(self) -> &'static str {
        match self {
            Moment::GreatMove => "great",
            Moment::Blunder => "blunder",
            Moment::Win => "win",
            Moment::Loss => "loss",
        }
    }
}

/// Plies between two lines, at least (the end of a game is said whatever the count).
pub const QUIET_PLIES: usize = 6;

/// What the last move (`mv`, by `mover`, which led to `now`) is worth a word from the opponent
/// playing `ai`, with `winner` the game's winner if it is over.
pub fn moment(ai: Side, mover: Side, mv: Move, now: &Position, winner: Option<Side>) -> Option<Moment> {
    if let Some(w) = winner {
        return Some(if w == ai { Moment::Win } else { Moment::Loss });
    }
    if mover == ai && mv.hops() >= 2 {
        return Some(Moment::GreatMove);
    }
    if mover != ai && now.to_move() == ai && now.jump_features(ai).multi > 0 {
        return Some(Moment::Blunder);
    }
    None
}

/// The line `persona` says at `moment`, with its name.
pub fn line(persona: Persona, moment: Moment) -> Msg {
    Msg::new("quip-line")
        .text("name", persona.name())
        .sub("words", Msg::keyed(format!("quip-{}-{}", persona.id(), moment.key())))
}

/// What the opponent has said in this game: which game, the plies seen, its last line's ply,
/// and whether the end was said.
#[derive(Default)]
struct Said {
    game: u64,
    ply: usize,
    last: Option<usize>,
    ended: bool,
    /// The moments already spoken of in this game: each line is said once a game.
    spoken: Vec<Moment>,
}

/// Says the opponent's line after a move that matters.
fn speak(
    rules: Option<Res<Rules>>,
    mut notice: ResMut<Notice>,
    mut spoken: ResMut<crate::game::play::spoken::Announcement>,
    mut said: Local<Said>,
) {
    let Some(rules) = rules else { return };
    let (Some(persona), Some(you)) = (rules.setup.persona, rules.setup.one_human()) else { return };
    if rules.setup.is_online() {
        return;
    }
    let ply = rules.game.ply();
    if said.game != rules.game_id || ply < said.ply {
        // A new game, or moves taken back: start counting again from here.
        *said = Said { game: rules.game_id, ply, last: None, ended: rules.winner().is_some(), spoken: Vec::new() };
        return;
    }
    if ply == said.ply {
        return;
    }
    said.ply = ply;
    let Some(mv) = rules.game.last_move() else { return };
    let now = rules.game.position();
    let winner = rules.winner();
    let ai = you.opponent();
    let Some(m) = moment(ai, now.to_move().opponent(), mv, now, winner) else { return };
    let ending = matches!(m, Moment::Win | Moment::Loss);
    let quiet = said.last.is_some_and(|l| ply - l < QUIET_PLIES) || said.spoken.contains(&m);
    if (ending && said.ended) || (!ending && quiet) {
        return;
    }
    said.spoken.push(m);
    said.ended |= ending;
    said.last = Some(ply);
    let words = line(persona, m);
    notice.say(words.clone(), false);
    *spoken = crate::game::play::spoken::Announcement { msg: words, serial: spoken.serial + 1 };
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, speak.in_set(GameSet::Presentation).run_if(in_state(Screen::Game)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Coord, Game, Geometry};

    #[test]
    fn the_moments_are_its_long_jumps_your_gifts_and_the_end() {
        let mut g = Game::new(Geometry::new(8, 8).unwrap());
        for _ in 0..4 {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        let p = *g.position();
        let ai = Side::White;
        let long = Move::jump(Coord::new(0, 0), Coord::new(0, 4));
        let short = Move::jump(Coord::new(0, 0), Coord::new(0, 2));
        assert_eq!(moment(ai, ai, long, &p, None), Some(Moment::GreatMove));
        assert_eq!(moment(ai, ai, short, &p, None), None);
        assert_eq!(moment(ai, Side::Black, short, &p, Some(ai)), Some(Moment::Win));
        assert_eq!(moment(ai, Side::Black, short, &p, Some(Side::Black)), Some(Moment::Loss));
        // After your move, a multiple jump open to it is a gift.
        let gift = p.to_move() == ai && p.jump_features(ai).multi > 0;
        assert_eq!(moment(ai, Side::Black, short, &p, None) == Some(Moment::Blunder), gift);
    }

    #[test]
    fn every_opponent_has_a_line_for_every_moment_in_every_language() {
        use crate::game::platform::i18n::{Lang, Tr};
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for p in Persona::ALL {
                for m in [Moment::GreatMove, Moment::Blunder, Moment::Win, Moment::Loss] {
                    let key = format!("quip-{}-{}", p.id(), m.key());
                    let text = tr.msg(&line(p, m));
                    assert!(text.contains(p.name()) && !text.contains(&key), "{lang:?} {key}: {text}");
                }
            }
        }
    }
}
