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

/// A menu open over the game board: it takes the pad and the keys while open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the board has the input.
    #[default]
    None,
    /// The pause menu.
    Pause,
    /// The game-over panel.
    GameOver,
    /// The settings (over the title or the game).
    Settings,
    /// A question before something that would discard the game (answered Yes or No).
    Confirm(Discard),
}

/// Which kind of game the title screen starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NewGameKind {
    /// You against the computer.
    Computer,
    /// Two people at this screen.
    TwoPlayers,
    /// The computer against itself.
    Watch,
}

/// The board shows an earlier position of the game, read-only: the position after this many
/// plies. The game itself goes on unchanged.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Review(pub Option<usize>);

/// The move list beside the board is open.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveListOpen(pub bool);

/// Width of the move list beside the board, in logical pixels (at interface size 1).
pub const MOVE_LIST_WIDTH: f32 = 190.0;

/// What a confirmation question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Discard {
    /// Start the game again.
    Restart,
    /// Give up the game.
    Resign,
    /// Start a new game from the title while an unfinished one could be continued.
    NewGame(NewGameKind),
    /// Leave an unfinished game for the title screen.
    LeaveGame,
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
        .init_resource::<Overlay>()
        .init_resource::<Review>()
        .init_resource::<MoveListOpen>()
        .add_systems(OnEnter(Screen::Game), |mut r: ResMut<Review>| r.0 = None)
        .add_systems(OnExit(Screen::Game), |mut o: ResMut<Overlay>| *o = Overlay::None)
        .add_systems(OnEnter(Screen::Game), |mut o: ResMut<Overlay>| *o = Overlay::None)
        .configure_sets(Update, (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain());
}
