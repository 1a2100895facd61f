//! Who is who and how the game stands, in words: "you", "the computer" or a colour, and the
//! status line.

use crate::game::platform::i18n::{Msg, side_key, side_name};
use crate::game::platform::settings::Controller;
use crate::game::play::screen::Turn;
use crate::game::setup::{GameMode, GameSetup};
use crate::rules::{Color as Side, Game, Phase, move_to_string};

/// Whether exactly one side is played by a person at this screen (then the game says "you"):
/// against the computer, or against a friend online.
pub(super) fn one_human(setup: &GameSetup) -> Option<Side> {
    setup.one_human().or_else(|| setup.online_seat())
}

/// The other side is a friend online (else the computer, when there is a "you").
fn online(setup: &GameSetup) -> bool {
    setup.mode == GameMode::Online
}

/// `Some` when `side` is the one person playing the computer.
pub(super) fn you_or_colour(setup: &GameSetup, side: Side) -> Option<Side> {
    one_human(setup).filter(|y| *y == side)
}

/// How the HUD names a side: "You", "The computer", or the colour.
pub(super) fn player_name(setup: &GameSetup, side: Side) -> Msg {
    match (one_human(setup), setup.controller(side)) {
        (Some(you), _) if you == side => Msg::new("player-you"),
        (Some(_), _) if online(setup) => Msg::new("player-friend"),
        (Some(_), _) => match setup.persona {
            Some(p) => Msg::plain(p.name()),
            None => Msg::new("player-computer"),
        },
        (None, Controller::Ai(_)) => Msg::new("player-side-computer").text("side", side_key(side)),
        (None, Controller::Human | Controller::Remote) => side_name(side),
    }
}

/// The computer's line (`plain`), or the named opponent's (`named`, with its `$name`).
fn named(setup: &GameSetup, plain: &'static str, named: &'static str) -> Msg {
    match setup.persona {
        Some(p) => Msg::new(named).text("name", p.name()),
        None => Msg::new(plain),
    }
}

/// The status line in plain words, addressing the player when a person plays one side. While a
/// move is shown it describes that move's side, not the next one (it follows the animation).
pub fn status_line(game: &Game, resigned: Option<Side>, setup: &GameSetup, turn: Turn) -> Msg {
    let side = game.to_move();
    if let Some(r) = resigned {
        return match you_or_colour(setup, r) {
            Some(_) => Msg::new("status-you-resigned"),
            None if online(setup) && one_human(setup).is_some() => Msg::new("status-friend-resigned"),
            None if one_human(setup).is_some() => named(setup, "status-computer-resigned", "status-persona-resigned"),
            None => Msg::new("status-side-resigned").text("side", side_key(r)),
        };
    }
    let you = one_human(setup);
    if turn == Turn::Animating {
        // What was played, not "is moving": it stays true while the captured stones leave.
        return match game.last_move() {
            Some(m) if you == Some(side.opponent()) => {
                Msg::new("status-you-played").text("move", move_to_string(game.geometry(), m))
            }
            Some(m) => Msg::new("status-played")
                .sub("who", player_name(setup, side.opponent()))
                .text("move", move_to_string(game.geometry(), m)),
            None => Msg::plain(""),
        };
    }
    match game.phase() {
        Phase::Over { winner } => match you {
            // Only against the computer is there a "you": the loser is the computer.
            Some(y) if y == winner && online(setup) => Msg::new("status-you-win-online"),
            Some(y) if y == winner => named(setup, "status-you-win", "status-persona-no-move"),
            Some(_) => Msg::new("status-you-lose"),
            None => Msg::new("status-side-wins").text("side", side_key(winner)),
        },
        // Watching an online game: the phase says who is to move.
        _ if setup.controller(side) != Controller::Human && !(online(setup) && you.is_none()) => match you {
            Some(_) if online(setup) => Msg::new("status-friend-thinking"),
            Some(_) => named(setup, "status-computer-thinking", "status-persona-thinking"),
            None => Msg::new("status-side-thinking").text("side", side_key(side)),
        },
        Phase::BlackRemoves if you.is_some() => Msg::new("status-your-first-removal"),
        Phase::BlackRemoves => Msg::new("status-black-removes"),
        Phase::WhiteRemoves if you.is_some() => Msg::new("status-your-second-removal"),
        Phase::WhiteRemoves => Msg::new("status-white-removes"),
        Phase::Jumping if you.is_some() => Msg::new("status-your-jump").text("colour", side_key(side)),
        Phase::Jumping => Msg::new("status-side-jumps").text("side", side_key(side)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Level, Persona};
    use crate::game::platform::i18n::{Lang, Tr};
    use crate::rules::Geometry;

    #[test]
    fn a_named_opponent_is_called_by_its_name_in_every_language() {
        let setup = GameSetup::versus_persona(Persona::Lani, Level::Easy, Side::Black);
        let mut game = Game::new(Geometry::new(8, 8).unwrap());
        let first = game.legal_moves()[0];
        game.try_play(first).unwrap();
        let thinking = status_line(&game, None, &setup, Turn::AiThinking);
        let resigned = status_line(&game, Some(Side::White), &setup, Turn::Over);
        let played = status_line(
            &game,
            None,
            &GameSetup::versus_persona(Persona::Lani, Level::Easy, Side::White),
            Turn::Animating,
        );
        let plain = status_line(&game, None, &GameSetup::versus(Level::Easy, Side::Black), Turn::AiThinking);
        let mut tr = Tr::new(Lang::En);
        for lang in [Lang::En, Lang::Haw, Lang::Nl] {
            tr.set_lang(lang);
            for msg in [&thinking, &resigned, &played] {
                let text = tr.msg(msg);
                assert!(text.contains("Lani"), "{lang:?}: {text}");
            }
            assert!(!tr.msg(&plain).contains("Lani"));
        }
        assert_eq!(tr.msg(&thinking).replace(['\u{2068}', '\u{2069}'], ""), "Lani denkt na…");
    }
}
