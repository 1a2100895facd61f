//! A game's setup: its board, who plays each colour and what kind of play it is. A setup
//! travels with the new-game intent and is owned by the rules authority; lessons, puzzles,
//! saved games and rematches each build one. It is never a preference: the player's
//! settings are not touched by starting, restarting or leaving any game.

use crate::ai::{Level, Persona};
use crate::rules::{Color as Side, Geometry};

/// Who controls a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Controller {
    /// A person at this screen.
    Human,
    /// The AI at a level.
    Ai(Level),
    /// A person elsewhere, playing online (their moves come from the server).
    Remote,
}

/// What a game on the board is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GameMode {
    /// A game that counts: autosaved, scored, with a game-over panel.
    #[default]
    Play,
    /// A lesson of the tutorial: no autosave, no score, the lesson's own panel.
    Lesson,
    /// A puzzle: no autosave, no score, the puzzle's own panel.
    Puzzle,
    /// A game against a friend online: the server keeps it (no autosave, no score).
    Online,
}

/// The standard board, on which the title's quick games are played.
pub const STANDARD: (u8, u8) = (8, 8);

/// The board and the players of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// The board.
    pub size: Geometry,
    /// Who plays Black and White.
    pub players: [Controller; 2],
    /// What the game is for.
    pub mode: GameMode,
    /// The named opponent the computer plays as (none: the plain level).
    pub persona: Option<Persona>,
}

impl Default for GameSetup {
    fn default() -> GameSetup {
        GameSetup::play(standard(), [Controller::Human, Controller::Ai(Level::Medium)])
    }
}

/// The standard 8×8 board.
pub fn standard() -> Geometry {
    Geometry::new(STANDARD.0, STANDARD.1).expect("8x8 is a valid board")
}

impl GameSetup {
    /// A game that counts, on `size`, between `players`.
    pub fn play(size: Geometry, players: [Controller; 2]) -> GameSetup {
        GameSetup { size, players, mode: GameMode::Play, persona: None }
    }

    /// You against the computer at `level` on the standard board, you playing `colour`.
    pub fn versus(level: Level, colour: Side) -> GameSetup {
        let (h, ai) = (Controller::Human, Controller::Ai(level));
        GameSetup::play(standard(), if colour == Side::Black { [h, ai] } else { [ai, h] })
    }

    /// You against `persona` at `level` (brought into its range) on the standard board.
    pub fn versus_persona(persona: Persona, level: Level, colour: Side) -> GameSetup {
        let (lo, hi) = persona.levels();
        GameSetup { persona: Some(persona), ..GameSetup::versus(level.clamp(lo, hi), colour) }
    }

    /// Practice (a lesson or a puzzle) on `size`, both sides moved by the person.
    pub fn practice(size: Geometry, mode: GameMode) -> GameSetup {
        GameSetup { size, players: [Controller::Human, Controller::Human], mode, persona: None }
    }

    /// Who plays `side`.
    pub fn controller(&self, side: Side) -> Controller {
        self.players[side.index()]
    }

    /// Whether this is a game against a friend online (or watched online).
    pub fn is_online(&self) -> bool {
        self.mode == GameMode::Online
    }

    /// The side of the one person playing the computer, if exactly one side is a person
    /// and the other the computer (then the game says "you").
    pub fn one_human(&self) -> Option<Side> {
        match self.players {
            [Controller::Human, Controller::Ai(_)] => Some(Side::Black),
            [Controller::Ai(_), Controller::Human] => Some(Side::White),
            _ => None,
        }
    }

    /// The computer's level when one person plays the computer.
    pub fn opponent_level(&self) -> Option<Level> {
        let you = self.one_human()?;
        match self.controller(you.opponent()) {
            Controller::Ai(l) => Some(l),
            Controller::Human | Controller::Remote => None,
        }
    }

    /// The same game with the colours swapped.
    pub fn swapped(self) -> GameSetup {
        GameSetup { players: [self.players[1], self.players[0]], ..self }
    }

    /// A lesson or a puzzle rather than a game that counts.
    pub fn is_practice(&self) -> bool {
        matches!(self.mode, GameMode::Lesson | GameMode::Puzzle)
    }

    /// An online game: you (if seated) at this screen, the other side a friend elsewhere.
    pub fn online(size: Geometry, you: Option<Side>) -> GameSetup {
        let mut players = [Controller::Remote; 2];
        if let Some(you) = you {
            players[you.index()] = Controller::Human;
        }
        GameSetup { size, players, mode: GameMode::Online, persona: None }
    }

    /// The side of the person at this screen in an online game (none when watching).
    pub fn online_seat(&self) -> Option<Side> {
        (self.mode == GameMode::Online)
            .then(|| [Side::Black, Side::White].into_iter().find(|s| self.controller(*s) == Controller::Human))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_against_the_computer_is_found_on_either_colour() {
        let black = GameSetup::versus(Level::Hard, Side::Black);
        assert_eq!(black.one_human(), Some(Side::Black));
        assert_eq!(black.opponent_level(), Some(Level::Hard));
        let white = black.swapped();
        assert_eq!(white.one_human(), Some(Side::White));
        assert_eq!(white.opponent_level(), Some(Level::Hard));
        assert_eq!(white.size, standard());
        let two = GameSetup::play(standard(), [Controller::Human; 2]);
        assert_eq!((two.one_human(), two.opponent_level()), (None, None));
        let lesson = GameSetup::practice(Geometry::new(6, 6).unwrap(), GameMode::Lesson);
        assert!(lesson.is_practice() && !black.is_practice());
    }
}
