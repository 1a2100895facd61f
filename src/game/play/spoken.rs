//! The game in words for a screen reader: the cell under the cursor, a move just played, the
//! whole position. Pure functions from the rules' state to [`Msg`]s (so they follow a change of
//! language and are tested without an `App`); the interface hands them to AccessKit.

use crate::game::platform::i18n::{Msg, side_key, side_name};
use crate::game::play::ai_task::HintState;
use crate::game::play::authority::{MoveApplied, Rejected, Rules};
use crate::game::play::screen::GameSet;
use crate::rules::notation::coord_to_string;
use crate::rules::{Color as Side, Coord, Game, Geometry, Move, Phase, move_to_string};
use bevy::prelude::*;

/// The last thing said to a screen reader, and a count that changes with every announcement
/// (the same words said twice are still a new announcement).
#[derive(Resource, Debug, Clone)]
pub struct Announcement {
    /// What was said.
    pub msg: Msg,
    /// How many announcements were made so far.
    pub serial: u64,
}

impl Default for Announcement {
    fn default() -> Announcement {
        Announcement { msg: Msg::plain(String::new()), serial: 0 }
    }
}

/// The player asked for the whole position to be read out.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct DescribePosition;

/// With "confirm each move": a move was proposed by a first tap and waits for a second.
#[derive(Message, Clone, Copy, Debug)]
pub struct MoveProposed(pub Move);

/// The announcements: moves, refusals and the position on request (headless too).
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Announcement>()
        .add_message::<DescribePosition>()
        .add_message::<MoveProposed>()
        .add_systems(Update, announce.in_set(GameSet::Presentation));
}

/// The one writer of [`Announcement`]: what happened this frame, the latest last.
fn announce(
    mut moved: MessageReader<MoveApplied>,
    mut refused: MessageReader<Rejected>,
    mut describe: MessageReader<DescribePosition>,
    mut proposed: MessageReader<MoveProposed>,
    rules: Option<Res<Rules>>,
    hints: Res<HintState>,
    mut said: ResMut<Announcement>,
) {
    let Some(rules) = rules else {
        moved.clear();
        refused.clear();
        describe.clear();
        proposed.clear();
        return;
    };
    let mut latest = None;
    if hints.is_changed()
        && let Some(best) = hints.for_generation(rules.generation).and_then(|a| a.best)
    {
        latest = Some(Msg::new("say-hint").text("move", move_to_string(rules.game.geometry(), best)));
    }
    for MoveProposed(m) in proposed.read() {
        latest = Some(proposal(rules.game.geometry(), *m));
    }
    for m in moved.read() {
        latest = Some(describe_move(rules.game.geometry(), m.mover, m.mv));
    }
    for r in refused.read() {
        latest = Some(r.reason.clone());
    }
    if describe.read().count() > 0 {
        latest = Some(describe_position(&rules.game, rules.winner()));
    }
    if let Some(msg) = latest {
        said.msg = msg;
        said.serial += 1;
    }
}

/// A list of words: "d3", "d3 and d1", "d3, d1 and f3" (the last joined by the language's "and").
pub fn list(items: &[String]) -> Msg {
    match items {
        [] => Msg::new("say-none"),
        [one] => Msg::plain(one.clone()),
        [rest @ .., last] => Msg::new("say-list").text("first", rest.join(", ")).text("last", last.clone()),
    }
}

/// A stone in words: "your stone" when `you` play its colour, else "black stone" / "white stone".
fn stone_words(side: Side, you: Option<Side>) -> Msg {
    match you {
        Some(y) if y == side => Msg::new("say-your-stone"),
        _ => Msg::new("say-stone").text("side", side_key(side)),
    }
}

/// The cell at `at` as the cursor reads it: what is on it and, for a stone of the side to move,
/// where it can jump (or that it can be removed in the opening, or has no jump). `selected` is
/// the stone picked up, if any: an empty cell it can land on says so.
pub fn describe_cell(game: &Game, at: Coord, you: Option<Side>, selected: Option<Coord>) -> Msg {
    let geo = game.geometry();
    let cell = coord_to_string(geo, at);
    let moves = game.legal_moves();
    let Some(stone) = game.position().at(at) else {
        let landing = selected.filter(|from| moves.iter().any(|m| m.from == *from && m.to == at));
        return match landing {
            Some(from) => Msg::new("say-cell-landing").text("cell", cell).text("from", coord_to_string(geo, from)),
            None => Msg::new("say-cell-empty").text("cell", cell),
        };
    };
    let words = stone_words(stone, you);
    let over = matches!(game.phase(), Phase::Over { .. });
    if stone != game.to_move() || over {
        return Msg::new("say-cell-stone").text("cell", cell).sub("stone", words);
    }
    let mine: Vec<Move> = moves.iter().copied().filter(|m| m.from == at).collect();
    let key = match mine.first() {
        Some(m) if m.is_removal() => return Msg::new("say-cell-removable").text("cell", cell).sub("stone", words),
        Some(_) if selected == Some(at) => "say-cell-selected",
        Some(_) => "say-cell-can-jump",
        None => return Msg::new("say-cell-no-jump").text("cell", cell).sub("stone", words),
    };
    let landings: Vec<String> = mine.iter().map(|m| coord_to_string(geo, m.to)).collect();
    Msg::new(key).text("cell", cell).sub("stone", words).sub("to", list(&landings))
}

/// A move as it is announced: "White jumped f6 to d6, took e6", "Black removed d5".
pub fn describe_move(geo: &Geometry, mover: Side, mv: Move) -> Msg {
    let who = side_name(mover);
    if mv.is_removal() {
        return Msg::new("say-removed").sub("who", who).text("cell", coord_to_string(geo, mv.from));
    }
    let taken: Vec<String> = mv.captured().into_iter().map(|c| coord_to_string(geo, c)).collect();
    Msg::new("say-jumped")
        .sub("who", who)
        .text("from", coord_to_string(geo, mv.from))
        .text("to", coord_to_string(geo, mv.to))
        .sub("taken", list(&taken))
}

/// A move proposed, waiting to be confirmed: "c3-c5: tap c5 again (or Enter) to play it".
pub fn proposal(geo: &Geometry, mv: Move) -> Msg {
    Msg::new("say-proposed").text("move", move_to_string(geo, mv)).text("cell", coord_to_string(geo, mv.to))
}

/// The whole position, for the "describe position" key: the stones of each side, whose turn
/// it is (or who won), and the legal moves in notation.
pub fn describe_position(game: &Game, winner: Option<Side>) -> Msg {
    let pos = game.position();
    let (status, moves): (Msg, Vec<String>) = match winner {
        Some(w) => (Msg::new("say-won").text("side", side_key(w)), Vec::new()),
        None => (
            Msg::new("say-to-move").text("side", side_key(game.to_move())),
            game.legal_moves().into_iter().map(|m| move_to_string(game.geometry(), m)).collect(),
        ),
    };
    Msg::new("say-position")
        .num("black", pos.count(Side::Black) as i64)
        .num("white", pos.count(Side::White) as i64)
        .sub("status", status)
        .num("count", moves.len() as i64)
        .sub("moves", list(&moves))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::i18n::{Lang, Tr};
    use crate::rules::notation::parse_coord;
    use crate::rules::{Geometry, parse_move};

    fn played(moves: &[&str]) -> Game {
        let mut game = Game::new(Geometry::new(8, 8).unwrap());
        for m in moves {
            let mv = parse_move(game.geometry(), m).unwrap();
            game.play(mv).unwrap();
        }
        game
    }

    fn said(msg: &Msg) -> String {
        Tr::new(Lang::En).msg(msg)
    }

    fn at(game: &Game, cell: &str) -> Coord {
        parse_coord(game.geometry(), cell).unwrap()
    }

    #[test]
    fn the_cursor_cell_says_what_is_on_it_and_where_it_can_jump() {
        let game = Game::new(Geometry::new(8, 8).unwrap());
        // The opening: Black removes a corner or centre stone.
        let corner = game.legal_moves()[0].from;
        let name = coord_to_string(game.geometry(), corner);
        assert_eq!(
            said(&describe_cell(&game, corner, Some(Side::Black), None)),
            format!("{name}, your stone, can be removed")
        );
        let game = played(&["d5", "d4"]);
        let jumps: Vec<Move> = game.legal_moves();
        let from = jumps[0].from;
        let cell = coord_to_string(game.geometry(), from);
        let text = said(&describe_cell(&game, from, None, None));
        assert!(text.starts_with(&format!("{cell}, black stone, can jump to ")), "{text}");
        assert_eq!(said(&describe_cell(&game, at(&game, "d5"), None, None)), "d5, empty");
        let selected = describe_cell(&game, jumps[0].to, None, Some(from));
        assert_eq!(
            said(&selected),
            format!("{}, empty, {cell} can land here", coord_to_string(game.geometry(), jumps[0].to))
        );
        // A black stone that cannot jump.
        let stuck = (0..64)
            .map(|i| game.geometry().coord(i))
            .find(|c| game.position().at(*c) == Some(Side::Black) && !jumps.iter().any(|m| m.from == *c))
            .unwrap();
        let text = said(&describe_cell(&game, stuck, Some(Side::Black), None));
        assert!(text.ends_with(", your stone, no jump"), "{text}");
    }

    #[test]
    fn a_move_is_announced_with_its_captures() {
        let before = played(&["d5", "d4"]);
        let mv = before.legal_moves()[0];
        let text = said(&describe_move(before.geometry(), Side::Black, mv));
        let taken = coord_to_string(before.geometry(), mv.captured()[0]);
        assert!(text.starts_with("Black jumped ") && text.ends_with(&format!(", took {taken}")), "{text}");
        let start = Game::new(Geometry::new(8, 8).unwrap());
        assert_eq!(
            said(&describe_move(start.geometry(), Side::Black, parse_move(start.geometry(), "d5").unwrap())),
            "Black removed d5"
        );
    }

    #[test]
    fn lists_join_with_the_language_s_and() {
        let items = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(said(&list(&items(&["d3"]))), "d3");
        assert_eq!(said(&list(&items(&["d3", "d1"]))), "d3 and d1");
        assert_eq!(said(&list(&items(&["d3", "d1", "f3"]))), "d3, d1 and f3");
        assert_eq!(Tr::new(Lang::Nl).msg(&list(&items(&["d3", "d1"]))), "d3 en d1");
    }

    #[test]
    fn the_position_is_read_with_counts_and_moves() {
        let game = played(&["d5", "d4"]);
        let text = said(&describe_position(&game, None));
        assert!(text.starts_with("Black 31 stones, White 31 stones. Black to move. "), "{text}");
        for m in game.legal_moves() {
            assert!(text.contains(&move_to_string(game.geometry(), m)), "{text}");
        }
    }
}
