//! The rules resource: the single authority over the game. It alone applies intents.

use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Settings;
use crate::game::play::screen::{GameSet, GoTo, Screen, Turn};
use crate::game::setup::{Controller, GameSetup};
use crate::rules::{Color as Side, Coord, Game, Move};
use bevy::prelude::*;

/// The game being played, with history. Only [`apply_intents`] mutates it.
#[derive(Resource, Debug, Clone)]
pub struct Rules {
    /// The engine's game with undo/redo.
    pub game: Game,
    /// Bumped on every change, and never reset while the app runs (a new game continues the
    /// count), so a result computed for an older position or an earlier game is never taken
    /// for the current one.
    pub generation: u64,
    /// The side that gave up, if one did (the game is then over though moves remain).
    pub resigned: Option<Side>,
    /// In a lesson: the only moves accepted, and what to say about any other legal move.
    pub allowed: Option<(Vec<Move>, Msg)>,
    /// The board, the players and what the game is for.
    pub setup: GameSetup,
    /// Which game of this run this is: a new game (or lesson, or puzzle) takes the next
    /// number, undo and redo keep it. The score counts each game once by it.
    pub game_id: u64,
    /// Whether a move (or a resignation) was taken back in this game: it is then unrated.
    pub took_back: bool,
    /// The player was told that taking a move back makes this rated game unrated (the first
    /// Undo says so and takes nothing back; the next one does).
    pub unrating_told: bool,
}

impl Rules {
    /// A fresh game of `setup`, after `previous` (the last game of this run).
    pub fn new(setup: GameSetup, previous: Option<&Rules>) -> Rules {
        Rules {
            game: Game::new(setup.size),
            generation: previous.map_or(0, |r| r.generation + 1),
            resigned: None,
            allowed: None,
            setup,
            game_id: previous.map_or(0, |r| r.game_id + 1),
            took_back: false,
            unrating_told: false,
        }
    }

    /// Whether this game counts for the player's rating while no move is taken back: a game
    /// against the computer, on a board the ratings cover.
    pub fn counts_for_rating(&self) -> bool {
        self.setup.mode == crate::game::setup::GameMode::Play
            && self.setup.opponent_level().is_some()
            // The friendly rival's strength follows the player's: nothing to rate against.
            && self.setup.persona.is_none_or(|p| p.style() != crate::ai::Style::Rival)
            && crate::history::rated_board(self.game.geometry())
    }

    /// Whether an Undo now would make a rated game unrated without the player having been
    /// told (the first Undo then only tells).
    pub fn undo_would_unrate(&self) -> bool {
        self.counts_for_rating() && !self.took_back && self.game.winner().is_none() && self.game.can_undo()
    }

    /// Who plays `side` in this game.
    pub fn controller(&self, side: Side) -> Controller {
        self.setup.controller(side)
    }

    /// The winner: the side whose opponent has no jump left, or whose opponent resigned.
    pub fn winner(&self) -> Option<Side> {
        self.resigned.map(Side::opponent).or_else(|| self.game.winner())
    }

    /// Whether the game has started and nobody has won yet.
    pub fn unfinished(&self) -> bool {
        self.game.ply() > 0 && self.winner().is_none()
    }

    /// Legal moves for the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.game.legal_moves()
    }
}

/// The game that entering the game screen starts: its setup, and the game to start from (a
/// saved game being continued or opened, a lesson's or a puzzle's position) instead of a fresh
/// board. Without one, the game screen starts the custom game the settings describe.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct NextGame {
    /// The board, the players and what the game is for.
    pub setup: GameSetup,
    /// The game with its history, and the side that resigned it, if any.
    pub from: Option<(Game, Option<Side>)>,
    /// Moves accepted (a lesson's), and the reason given for any other legal move.
    pub allowed: Option<(Vec<Move>, Msg)>,
    /// Whether a move of the game it continues was taken back.
    pub took_back: bool,
}

impl NextGame {
    /// A fresh board of `setup`.
    pub fn fresh(setup: GameSetup) -> NextGame {
        NextGame { setup, from: None, allowed: None, took_back: false }
    }

    /// A game of `setup` from `game` (a lesson's or a puzzle's position), accepting only
    /// `allowed` moves if given.
    pub fn at(setup: GameSetup, game: Game, allowed: Option<(Vec<Move>, Msg)>) -> NextGame {
        NextGame { setup, from: Some((game, None)), allowed, took_back: false }
    }

    /// The rules of this game, numbered after `previous` (so moves computed for the game it
    /// replaces are known for stale).
    fn into_rules(self, previous: Option<&Rules>) -> Rules {
        let mut rules = Rules::new(self.setup, previous);
        if let Some((game, resigned)) = self.from {
            rules.game = game;
            rules.resigned = resigned;
        }
        rules.allowed = self.allowed;
        rules.took_back = self.took_back;
        rules
    }
}

/// A request to change the game, from any input source.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Play a move; `generation` pins it to the position it was computed for (AI, script).
    Play {
        /// The move.
        mv: Move,
        /// Required generation, if any.
        generation: Option<u64>,
    },
    /// Take back (to the last human turn when playing the AI).
    Undo,
    /// Replay what was undone.
    Redo,
    /// This side gives up (Undo takes it back).
    Resign(Side),
}

/// Start, restart or leave a game: the one way to do it, for the menus, lessons, puzzles,
/// saved games, online play, the script and the command line alike. Only [`change_game`]
/// carries it out.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum GameChange {
    /// Play this game. From another screen, the game screen opens on it; on the game screen,
    /// it takes the place of the game on the board (a restart, a rematch, the next lesson).
    Start(Box<NextGame>),
    /// Leave the game for the title screen.
    Leave,
}

impl GameChange {
    /// Start `next`.
    pub fn start(next: NextGame) -> GameChange {
        GameChange::Start(Box::new(next))
    }

    /// Start a fresh board of `setup` (a new game, a restart, a rematch).
    pub fn fresh(setup: GameSetup) -> GameChange {
        GameChange::start(NextGame::fresh(setup))
    }

    /// Start a game of `setup` from `game` (a lesson's or a puzzle's position), accepting only
    /// `allowed` moves if given.
    pub fn at(setup: GameSetup, game: Game, allowed: Option<(Vec<Move>, Msg)>) -> GameChange {
        GameChange::start(NextGame::at(setup, game, allowed))
    }
}

/// A move was applied.
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    /// The move.
    pub mv: Move,
    /// Who made it.
    pub mover: Side,
    /// Captured (or, for a removal, removed) stones in order.
    pub captured: Vec<Coord>,
}

/// The board changed other than by one forward move (undo, redo, new game): views resync.
#[derive(Message, Clone, Debug, Default)]
pub struct BoardReset;

/// The side to move has no legal move.
#[derive(Message, Clone, Debug)]
pub struct GameOver {
    /// The winner.
    pub winner: Side,
    /// Plies played.
    pub plies: usize,
}

/// An intent that was refused, for feedback.
#[derive(Message, Clone, Debug)]
pub struct Rejected {
    /// The cell involved, if any.
    pub at: Option<Coord>,
    /// Why, to be put into words.
    pub reason: Msg,
    /// A legal move that is not the one a lesson or puzzle asks for: said as a hint (not as
    /// a fault, in the warning colour, with the refused stone shaking).
    pub guidance: bool,
}

/// Number of running presentation animations; the turn waits while it is non-zero.
#[derive(Resource, Default, Debug)]
pub struct AnimationsRunning(pub usize);

/// Set by the view when moves are shown with animations (absent in headless runs).
#[derive(Resource, Default, Debug)]
pub struct PresentationActive(pub bool);

pub(crate) fn plugin(app: &mut App) {
    // The rules changed, or an intent came late in a frame: one more frame shows it.
    crate::game::platform::redraw::settle_on_resource::<Rules>(app);
    crate::game::platform::redraw::settle_on_message::<Intent>(app);
    crate::game::platform::redraw::settle_on_message::<GameChange>(app);
    app.add_message::<Intent>()
        .add_message::<MoveApplied>()
        .add_message::<BoardReset>()
        .add_message::<GameOver>()
        .add_message::<Rejected>()
        .init_resource::<AnimationsRunning>()
        .init_resource::<PresentationActive>()
        .add_systems(OnEnter(Screen::Game), start_game)
        .add_message::<GameChange>()
        .add_systems(
            Update,
            (apply_intents, advance_turn).chain().in_set(GameSet::Rules).run_if(in_state(Screen::Game)),
        )
        // After the input and the modes (menus, lessons, puzzles, saved games, online) have
        // asked, before the views: they show the new game in the frame it starts.
        .add_systems(Update, change_game.after(GameSet::Rules).before(GameSet::Presentation));
}

fn start_game(
    mut commands: Commands,
    settings: Res<Settings>,
    previous: Option<Res<Rules>>,
    next: Option<Res<NextGame>>,
    mut reset: MessageWriter<BoardReset>,
) {
    let next = match next {
        Some(n) => {
            commands.remove_resource::<NextGame>();
            n.clone()
        }
        None => NextGame::fresh(settings.custom_setup()),
    };
    commands.insert_resource(next.into_rules(previous.as_deref()));
    reset.write(BoardReset);
}

/// The one system that starts, restarts and leaves games. On the game screen a start replaces
/// the rules in place; from elsewhere it leaves the game for [`start_game`] and opens the game
/// screen. The changes of a frame are taken in order (leave, then start, opens the new game).
fn change_game(
    mut changes: MessageReader<GameChange>,
    screen: Res<State<Screen>>,
    mut rules: Option<ResMut<Rules>>,
    mut commands: Commands,
    mut goto: MessageWriter<GoTo>,
    mut reset: MessageWriter<BoardReset>,
) {
    let mut in_game = *screen.get() == Screen::Game;
    for change in changes.read() {
        match (change, rules.as_deref_mut()) {
            (GameChange::Start(next), Some(rules)) if in_game => {
                *rules = (**next).clone().into_rules(Some(rules));
                reset.write(BoardReset);
            }
            (GameChange::Start(next), _) => {
                commands.insert_resource((**next).clone());
                goto.write(GoTo(Screen::Game));
            }
            (GameChange::Leave, _) => {
                in_game = false;
                goto.write(GoTo(Screen::Title));
            }
        }
    }
}

fn human_to_move(rules: &Rules) -> bool {
    rules.controller(rules.game.to_move()) == Controller::Human
}

/// What carrying out an intent did, for the messages that tell the views.
#[derive(Debug, Clone)]
enum Outcome {
    /// A move was played.
    Moved(MoveApplied),
    /// The board changed other than by one forward move.
    Reset,
    /// Refused, with the reason.
    Refused(Rejected),
    /// Changed, with nothing to tell (a resignation: the turn and the panels follow).
    Quiet,
}

/// Whether an intent may be carried out, decided without touching the rules: `Err(None)`
/// ignores it (a move computed for an older position), `Err(Some(..))` refuses it (a lesson's
/// wrong move, resigning a game that is over).
fn admit(rules: &Rules, intent: &Intent) -> Result<(), Option<Rejected>> {
    match intent {
        Intent::Play { generation, .. } if generation.is_some_and(|g| g != rules.generation) => Err(None),
        Intent::Play { mv, .. } => match &rules.allowed {
            Some((only, why)) if rules.game.position().is_legal(*mv) && !only.contains(mv) => {
                Err(Some(Rejected { at: Some(mv.from), reason: why.clone(), guidance: true }))
            }
            _ => Ok(()),
        },
        // Online, a take-back is a request to the friend (the online module sends it), and
        // there is nothing to redo.
        Intent::Undo | Intent::Redo if rules.setup.mode == crate::game::setup::GameMode::Online => Err(None),
        Intent::Resign(_) if rules.winner().is_some() => {
            Err(Some(Rejected { at: None, reason: Msg::new("refuse-already-over"), guidance: false }))
        }
        _ => Ok(()),
    }
}

impl Rules {
    /// Carries out an intent [`admit`] let through.
    fn apply(&mut self, intent: &Intent) -> Outcome {
        match intent {
            Intent::Play { mv, .. } => {
                let mover = self.game.to_move();
                let captured = if mv.is_removal() { vec![mv.from] } else { mv.captured() };
                match self.game.play(*mv) {
                    Ok(()) => {
                        self.generation += 1;
                        Outcome::Moved(MoveApplied { mv: *mv, mover, captured })
                    }
                    Err(_) => {
                        let text = crate::rules::move_to_string(self.game.geometry(), *mv);
                        let reason = Msg::new("refuse-illegal").text("move", text);
                        Outcome::Refused(Rejected { at: Some(mv.from), reason, guidance: false })
                    }
                }
            }
            Intent::Undo => self.step_history(Game::undo, "undo"),
            Intent::Redo => self.step_history(Game::redo, "redo"),
            Intent::Resign(side) => {
                self.resigned = Some(*side);
                self.generation += 1;
                Outcome::Quiet
            }
        }
    }

    /// Undoes or redoes (`step`) until a human is to move (so playing the AI, one press takes
    /// back the AI's reply too), the game ends, or history runs out.
    fn step_history(&mut self, step: fn(&mut Game) -> Option<Move>, what: &str) -> Outcome {
        // Taking a move back unrates a rated game: said before, by the first press.
        if what == "undo" && self.resigned.is_none() && self.undo_would_unrate() && !self.unrating_told {
            self.unrating_told = true;
            return Outcome::Refused(Rejected { at: None, reason: Msg::new("refuse-undo-unrates"), guidance: true });
        }
        // After a resignation, Undo takes back only the resignation; nothing is redone.
        if self.resigned.is_some() {
            if what == "undo" {
                self.resigned = None;
                self.took_back = true;
                self.generation += 1;
                return Outcome::Reset;
            }
            return Outcome::Refused(Rejected { at: None, reason: Msg::new("refuse-over"), guidance: false });
        }
        let mut changed = false;
        while step(&mut self.game).is_some() {
            changed = true;
            if human_to_move(self) || self.game.winner().is_some() {
                break;
            }
        }
        if changed {
            self.took_back |= what == "undo";
            self.generation += 1;
            return Outcome::Reset;
        }
        let key = if what == "undo" { "refuse-nothing-to-undo" } else { "refuse-nothing-to-redo" };
        Outcome::Refused(Rejected { at: None, reason: Msg::new(key), guidance: false })
    }
}

/// Validates and applies every intent of this frame (see [`admit`] and [`Rules::apply`]).
pub fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut rules: ResMut<Rules>,
    mut applied: MessageWriter<MoveApplied>,
    mut reset: MessageWriter<BoardReset>,
    mut over: MessageWriter<GameOver>,
    mut rejected: MessageWriter<Rejected>,
) {
    for intent in intents.read() {
        let before_over = rules.winner().is_some();
        // An intent refused or ignored leaves the rules untouched (not even marked changed).
        match admit(&rules, intent) {
            Err(None) => continue,
            Err(Some(r)) => {
                rejected.write(r);
                continue;
            }
            Ok(()) => {}
        }
        match rules.apply(intent) {
            Outcome::Moved(m) => _ = applied.write(m),
            Outcome::Reset => _ = reset.write(BoardReset),
            Outcome::Refused(r) => _ = rejected.write(r),
            Outcome::Quiet => {}
        }
        if !before_over && let Some(winner) = rules.winner() {
            over.write(GameOver { winner, plies: rules.game.ply() });
        }
    }
}

/// Sets the turn state from the rules, the controllers and running animations.
pub fn advance_turn(
    rules: Res<Rules>,
    settings: Res<Settings>,
    anims: Res<AnimationsRunning>,
    presentation: Res<PresentationActive>,
    mut applied: MessageReader<MoveApplied>,
    turn: Res<State<Turn>>,
    mut next: ResMut<NextState<Turn>>,
) {
    // A move applied this frame starts its animation in the presentation stage right after.
    let just_moved = applied.read().count() > 0 && presentation.0 && settings.motion() > 0.0;
    let want = if anims.0 > 0 || just_moved {
        Turn::Animating
    } else if rules.winner().is_some() {
        Turn::Over
    } else if human_to_move(&rules) {
        Turn::Human
    } else {
        Turn::AiThinking
    };
    if *turn.get() != want {
        next.set(want);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    /// Admits and applies an intent, as the system does.
    fn carry(rules: &mut Rules, intent: Intent) -> Result<Outcome, Option<Rejected>> {
        admit(rules, &intent)?;
        Ok(rules.apply(&intent))
    }

    fn play_first(rules: &mut Rules) -> Move {
        let mv = rules.legal_moves()[0];
        assert!(matches!(carry(rules, Intent::Play { mv, generation: None }), Ok(Outcome::Moved(_))));
        mv
    }

    #[test]
    fn a_move_computed_for_an_older_position_is_never_played() {
        let mut rules = Rules::new(GameSetup::default(), None);
        let mv = rules.legal_moves()[0];
        let old = rules.generation;
        play_first(&mut rules);
        let stale = Intent::Play { mv: rules.legal_moves()[0], generation: Some(old) };
        assert!(matches!(carry(&mut rules, stale), Err(None)));
        assert_eq!(rules.game.ply(), 1);
        // An illegal move is refused in words, naming it.
        let again = carry(&mut rules, Intent::Play { mv, generation: None });
        assert!(matches!(again, Ok(Outcome::Refused(r)) if r.reason.key == "refuse-illegal" && !r.guidance));
    }

    #[test]
    fn a_lesson_accepts_only_its_moves_and_says_why_not() {
        let mut rules = Rules::new(GameSetup::default(), None);
        let legal = rules.legal_moves();
        rules.allowed = Some((vec![legal[0]], Msg::new("lesson-double-wrong")));
        let wrong = carry(&mut rules, Intent::Play { mv: legal[1], generation: None });
        assert!(matches!(wrong, Err(Some(r)) if r.reason.key == "lesson-double-wrong" && r.at == Some(legal[1].from)));
        // A legal move that is not the lesson's is a hint; an illegal one is a fault.
        let wrong = carry(&mut rules, Intent::Play { mv: legal[1], generation: None });
        assert!(matches!(wrong, Err(Some(r)) if r.guidance));
        assert!(matches!(carry(&mut rules, Intent::Play { mv: legal[0], generation: None }), Ok(Outcome::Moved(_))));
    }

    #[test]
    fn undo_against_the_computer_takes_back_its_reply_too() {
        let setup = GameSetup::versus(Level::Easy, crate::rules::Color::Black);
        let mut rules = Rules::new(setup, None);
        play_first(&mut rules);
        play_first(&mut rules);
        play_first(&mut rules);
        // The game is rated: the first Undo only says it would make it unrated.
        let told = carry(&mut rules, Intent::Undo);
        assert!(matches!(told, Ok(Outcome::Refused(r)) if r.reason.key == "refuse-undo-unrates" && r.guidance));
        assert_eq!((rules.game.ply(), rules.took_back), (3, false), "nothing taken back yet");
        assert!(matches!(carry(&mut rules, Intent::Undo), Ok(Outcome::Reset)));
        assert_eq!(rules.game.ply(), 2, "back to the person's turn");
        assert!(rules.took_back);
        assert!(matches!(carry(&mut rules, Intent::Redo), Ok(Outcome::Reset)));
        let nothing = carry(&mut rules, Intent::Redo);
        assert!(matches!(nothing, Ok(Outcome::Refused(r)) if r.reason.key == "refuse-nothing-to-redo"));
    }

    #[test]
    fn undo_in_a_game_that_does_not_count_takes_back_at_once() {
        // Two people at one screen, and a small board against the computer: no rating to lose.
        let versus = GameSetup::versus(Level::Easy, crate::rules::Color::Black).players;
        for setup in [
            GameSetup::play(crate::rules::Geometry::new(8, 8).unwrap(), [Controller::Human; 2]),
            GameSetup::play(crate::rules::Geometry::new(4, 4).unwrap(), versus),
        ] {
            let mut rules = Rules::new(setup, None);
            play_first(&mut rules);
            play_first(&mut rules);
            assert!(matches!(carry(&mut rules, Intent::Undo), Ok(Outcome::Reset)), "{setup:?}");
        }
    }

    #[test]
    fn a_resignation_ends_the_game_and_undo_takes_back_only_it() {
        let mut rules = Rules::new(GameSetup::default(), None);
        play_first(&mut rules);
        assert!(matches!(carry(&mut rules, Intent::Resign(crate::rules::Color::White)), Ok(Outcome::Quiet)));
        assert_eq!(rules.winner(), Some(crate::rules::Color::Black));
        let twice = carry(&mut rules, Intent::Resign(crate::rules::Color::Black));
        assert!(matches!(twice, Err(Some(r)) if r.reason.key == "refuse-already-over"));
        let redo = carry(&mut rules, Intent::Redo);
        assert!(matches!(redo, Ok(Outcome::Refused(r)) if r.reason.key == "refuse-over"));
        assert!(matches!(carry(&mut rules, Intent::Undo), Ok(Outcome::Reset)));
        assert_eq!((rules.winner(), rules.game.ply()), (None, 1));
    }
}
