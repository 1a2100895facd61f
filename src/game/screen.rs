//! Screens, the turn within a game, and the ordered stages of a frame.

use bevy::prelude::*;

/// Top-level screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Menu: board size, players, level.
    #[default]
    Title,
    /// Playing.
    Game,
}

/// Whose turn it is, within the game screen.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Turn {
    /// A human picks a move.
    #[default]
    Human,
    /// The AI searches on the task pool.
    AiThinking,
    /// A move is being shown; input waits.
    Animating,
    /// Someone won; the board stays for review.
    Over,
}

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

/// Registers the screen states and chains the frame stages.
pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Turn>()
        .configure_sets(Update, (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain());
}
