//! Screens, the turn within a game, and the ordered stages of a frame.

pub use crate::game::sets::{GameSet, ViewSet};
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
    /// The AI searches on its engine thread.
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
    /// The game-over panel's other actions (save, copy, take back, swap colours, title), one
    /// step in from its two big ones.
    GameOverMore,
    /// The settings (over the title or the game).
    Settings,
    /// A question before something that would discard the game (answered Yes or No).
    Confirm(Discard),
    /// A game of your own making: board size and who plays each colour (over the title).
    Setup,
    /// The saved games: open, delete, or paste a record (over the title).
    Load,
    /// How to play: the rules on one page (over the title or the game).
    HowToPlay,
    /// A lesson of the tutorial: what it teaches, or that it was passed.
    Lesson,
    /// The puzzles, by grade, with how many are solved (over the title).
    Puzzles,
    /// The other ways to play: two players, watch, custom game, load (over the title).
    MoreGames,
    /// The list of lessons, and How to play.
    Lessons,
    /// A puzzle solved, or lost by the move just played.
    PuzzleOver,
    /// Playing a friend online: host, join, watch (over the title).
    Online,
    /// Hosting: the board and your colour (over the title).
    OnlineHost,
    /// Typing a friend's invite code, to join or to watch (over the title).
    OnlineJoin,
    /// The host's invite code, shown until the friend has joined (over the game).
    OnlineCode,
    /// About the game: version, licence, credits and the crates it is built on (from the
    /// settings).
    About,
    /// Your record: rating, statistics and milestones (over the title).
    Stats,
    /// The accessibility settings (from the settings).
    Access,
    /// What the game does for accessibility, point by point (from the accessibility settings).
    AccessGuide,
    /// The keys and pad buttons of every command, to rebind (from the accessibility settings).
    Controls,
    /// Your finished games, to open for review (over the title).
    Recorded,
}

/// Open a menu, or go back from the open one. Anyone may ask; only the menu module's
/// `apply_navigation` changes the [`Overlay`].
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigate {
    /// Show this menu (or none).
    To(Overlay),
    /// Back to where the open menu came from.
    Back,
}

/// Go to this screen. Anyone may ask (the menus, a lesson or a puzzle that ends, a saved
/// game opened, the script); only [`apply_goto`] sets the next screen.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoTo(pub Screen);

/// The one writer of the next screen: the last request of the frame wins, and the switch
/// happens at the start of the next frame.
pub fn apply_goto(mut requests: MessageReader<GoTo>, mut next: ResMut<NextState<Screen>>) {
    if let Some(GoTo(screen)) = requests.read().last() {
        next.set(*screen);
    }
}

/// A step through the tutorial, from the menus.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TutorialStep {
    /// Start at this lesson (0-based).
    Start(u8),
    /// Close the lesson's text and try it on the board.
    Try,
    /// Go on to the next lesson.
    Next,
    /// Show the lesson's text again.
    Explain,
    /// Leave for the title screen.
    Leave,
}

impl Overlay {
    /// A page of text to read (the rules, About) above a lone Back: up and down scroll it.
    pub fn is_page(self) -> bool {
        matches!(self, Overlay::HowToPlay | Overlay::About | Overlay::Stats | Overlay::AccessGuide)
    }

    /// Where Back (Esc, pad East, No) goes from this overlay on `screen`.
    pub fn parent(self, screen: Screen) -> Overlay {
        let in_game = screen == Screen::Game;
        match self {
            Overlay::Confirm(Discard::DeleteSave(_) | Discard::OpenGame) => Overlay::Load,
            Overlay::Settings | Overlay::HowToPlay | Overlay::Lessons | Overlay::Confirm(_) if in_game => {
                Overlay::Pause
            }
            Overlay::Setup | Overlay::Load => Overlay::MoreGames,
            Overlay::OnlineHost | Overlay::OnlineJoin => Overlay::Online,
            Overlay::HowToPlay => Overlay::Lessons,
            Overlay::About | Overlay::Access => Overlay::Settings,
            Overlay::AccessGuide | Overlay::Controls => Overlay::Access,
            Overlay::Recorded => Overlay::Stats,
            Overlay::GameOverMore => Overlay::GameOver,
            _ => Overlay::None,
        }
    }
}

/// Whether the menu drawn last fitted its window without scrolling (the title's first level
/// must, at every supported size).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct MenuFits(pub bool);

/// The room a card beside the board takes, in logical pixels: a lesson's coach or the end of a
/// game sits beside the board in a wide window and below it in a tall one, and the board is laid
/// out in what is left, so the position the card talks about stays in view. The room depends
/// on the window only, never on what the card says: the board keeps one size for a whole lesson.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CardRoom {
    /// No card: the board has the window.
    None,
    /// A column this wide at the right.
    Right(f32),
    /// A band this high at the bottom.
    Bottom(f32),
    /// A column at the right over the right-hand tray, under its player card: in a window
    /// with that much room beside the board, the end of a game leaves the board its place
    /// and size.
    Over {
        /// Its width, in logical pixels.
        width: f32,
        /// Its top, in logical pixels from the window's top.
        top: f32,
    },
}

/// Where the card open now sits (worked out with the board's layout, which it must not
/// cover): what the interface draws the card in.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CardPlace(pub CardRoom);

impl Default for CardPlace {
    fn default() -> Self {
        CardPlace(CardRoom::None)
    }
}

/// The narrowest column (logical pixels at interface size 1) the end of a game is drawn in
/// over the right-hand tray; with less room the board makes room for the card.
pub const CARD_OVER_MIN_WIDTH: f32 = 270.0;

/// Width of a card beside the board, in logical pixels at interface size 1.
pub const CARD_WIDTH: f32 = 400.0;
/// Share of a tall window's height a card below the board takes.
pub const CARD_SHARE: f32 = 0.5;

impl Overlay {
    /// Whether this menu is a card beside the board rather than a panel over it.
    pub fn is_card(self) -> bool {
        matches!(self, Overlay::Lesson | Overlay::GameOver | Overlay::GameOverMore)
    }

    /// Whether this is the end of a game's card (its first page or its other actions).
    pub fn is_game_over(self) -> bool {
        matches!(self, Overlay::GameOver | Overlay::GameOverMore)
    }

    /// The room its card takes in a window `window` logical pixels large at interface zoom
    /// `zoom` (see [`CardRoom`]). Pure.
    pub fn card_room(self, window: bevy::math::Vec2, zoom: f32) -> CardRoom {
        if !self.is_card() {
            return CardRoom::None;
        }
        let width = (CARD_WIDTH * zoom).min(window.x * 0.42);
        // Beside the board in a window wide enough that the board keeps most of its height;
        // below it in a tall one.
        if window.x - width >= window.y * 0.6 {
            CardRoom::Right(width)
        } else {
            CardRoom::Bottom((window.y * CARD_SHARE).round())
        }
    }
}

/// How far the fade between screens still has to go (1 = just switched, 0 = done).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ScreenFade(pub f32);

/// A short message shown for a moment under the status (and in an open menu): why something
/// was refused, what the computer just played, where a game was saved.
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice {
    /// What it says (put into words in the language in use when shown).
    pub text: crate::game::platform::i18n::Msg,
    /// A refusal or a failure (drawn as a warning).
    pub warning: bool,
    /// Seconds it stays.
    pub left: f32,
}

impl Notice {
    /// Says something for a few seconds.
    pub fn say(&mut self, text: impl Into<crate::game::platform::i18n::Msg>, warning: bool) {
        *self = Notice { text: text.into(), warning, left: if warning { 4.0 } else { 3.0 } };
    }
}

/// A notice said anywhere is drawn once more when its time is up (it goes then).
fn wake_when_the_notice_goes(notice: Res<Notice>, wake: Res<crate::game::platform::redraw::Wake>) {
    if notice.is_changed() && notice.left > 0.0 {
        wake.after_secs(notice.left);
    }
}

/// The other side's last move in words ("The computer played c3-c5", "Your friend played
/// …"), shown beside the status until the next move or a new board. It has a place of its
/// own: a refusal, a hint or a message goes over the notice line, never over this.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct LastMove(pub Option<crate::game::platform::i18n::Msg>);

/// Which kind of game the title screen starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NewGameKind {
    /// You against the computer.
    Computer,
    /// Two people at this screen.
    TwoPlayers,
    /// The computer against itself.
    Watch,
    /// The board and players chosen in the custom setup.
    Custom,
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

/// Height of the move list below the board in a tall window (at interface size 1).
pub const MOVE_LIST_HEIGHT: f32 = 150.0;

/// Whether the move list goes below the board (a window taller than wide) rather than beside.
pub fn move_list_below(window: bevy::math::Vec2) -> bool {
    window.y > window.x
}

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
    /// Delete the saved game at this place in the list.
    DeleteSave(usize),
    /// Open a saved or pasted game while an unfinished one could be continued.
    OpenGame,
    /// The friend online asks to take back their last move: allow it?
    AllowUndo,
}

/// Registers the screen states and chains the frame stages.
pub(crate) fn plugin(app: &mut App) {
    use crate::game::platform::redraw::{settle_on_message, settle_on_resource, settle_on_state};
    // A screen, a turn or a menu changed late in a frame is drawn in the next.
    settle_on_state::<Screen>(app);
    settle_on_state::<Turn>(app);
    settle_on_resource::<Overlay>(app);
    settle_on_message::<Navigate>(app);
    settle_on_message::<GoTo>(app);
    app.add_systems(Last, wake_when_the_notice_goes.in_set(crate::game::platform::redraw::AskForFrames));
    app.init_state::<Screen>()
        .add_sub_state::<Turn>()
        .init_resource::<Overlay>()
        .init_resource::<Review>()
        .init_resource::<MoveListOpen>()
        .init_resource::<Notice>()
        .init_resource::<LastMove>()
        .init_resource::<ScreenFade>()
        .init_resource::<MenuFits>()
        .init_resource::<CardPlace>()
        .add_message::<TutorialStep>()
        .add_message::<GoTo>()
        // After every stage of the frame has had its say.
        .add_systems(PostUpdate, apply_goto)
        .configure_sets(Update, (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain())
        .configure_sets(Update, (ViewSet::Board, ViewSet::OnBoard).chain().in_set(GameSet::Presentation));
}
