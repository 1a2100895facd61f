//! A game: a start position, the moves played, undo and redo.

use super::position::{Color, Geometry, IllegalMove, Move, Phase, Position};

/// A game with full history. The only way to change it is through legal moves, undo and redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    current: Position,
    /// Each move with the position before it.
    played: Vec<(Position, Move)>,
    /// Moves undone, most recently undone last.
    undone: Vec<Move>,
}

impl Game {
    /// A new game on a full board of this geometry.
    pub fn new(geo: Geometry) -> Game {
        Game::from_position(Position::start(geo))
    }

    /// A game starting from an arbitrary position.
    pub fn from_position(p: Position) -> Game {
        Game { start: p, current: p, played: Vec::new(), undone: Vec::new() }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        self.current.geometry()
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.current.to_move()
    }

    /// The current phase (`Over` with the winner once the side to move is stuck).
    pub fn phase(&self) -> Phase {
        self.current.phase()
    }

    /// The winner, if the game is over.
    pub fn winner(&self) -> Option<Color> {
        match self.phase() {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Legal moves for the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.current.legal_moves()
    }

    /// The moves played so far.
    pub fn moves(&self) -> Vec<Move> {
        self.played.iter().map(|(_, m)| *m).collect()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().map(|(_, m)| *m)
    }

    /// Number of plies played (removals included).
    pub fn ply(&self) -> usize {
        self.played.len()
    }

    /// Plays a move if legal; clears the redo list.
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        let before = self.current;
        self.current.try_play(m)?;
        self.played.push((before, m));
        self.undone.clear();
        Ok(())
    }

    /// [`Game::try_play`] with the reason as text (what the game window shows).
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        self.try_play(m).map_err(|e| e.to_string())
    }

    /// Takes back the last move; returns it.
    pub fn undo(&mut self) -> Option<Move> {
        let (before, m) = self.played.pop()?;
        self.current = before;
        self.undone.push(m);
        Some(m)
    }

    /// Replays the most recently undone move; returns it.
    pub fn redo(&mut self) -> Option<Move> {
        let m = self.undone.pop()?;
        let before = self.current;
        self.current.play_unchecked(m);
        self.played.push((before, m));
        Some(m)
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.played.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }
}
