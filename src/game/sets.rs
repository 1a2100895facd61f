//! The ordered stages of a frame, in which every `Update` system of the game runs:
//! input → rules → presentation (see `play::screen` for their order).

use bevy::prelude::*;

/// The ordered stages of a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Devices, script and AI produce intents.
    Input,
    /// Intents are validated and applied.
    Rules,
    /// View, animation, sound and UI react.
    Presentation,
}

/// Within [`GameSet::Presentation`]: the board is laid out and rebuilt first, then the
/// animations and marks on it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViewSet {
    /// The board's layout and entities.
    Board,
    /// What moves and shows on the board.
    OnBoard,
}
