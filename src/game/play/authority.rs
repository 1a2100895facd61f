//! The rules resource: the single authority over the game. It alone applies intents.

use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Settings;
use crate::game::play::screen::{GameSet, Screen, Turn};
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
        }
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
#[derive(Resource, Debug, Clone)]
pub struct NextGame {
    /// The board, the players and what the game is for.
    pub setup: GameSetup,
    /// The game with its history, and the side that resigned it, if any.
    pub from: Option<(Game, Option<Side>)>,
    /// Moves accepted (a lesson's), and the reason given for any other legal move.
    pub allowed: Option<(Vec<Move>, Msg)>,
}

impl NextGame {
    /// A fresh board of `setup`.
    pub fn fresh(setup: GameSetup) -> NextGame {
        NextGame { setup, from: None, allowed: None }
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
    /// Start a fresh game of this setup (restart and rematch pass the current one).
    NewGame(GameSetup),
    /// This side gives up (Undo takes it back).
    Resign(Side),
    /// Play on from this game (a lesson's or a puzzle's position), accepting only `allowed`
    /// moves if given. It is a new game of `setup`.
    Replace {
        /// The game.
        game: Box<Game>,
        /// The moves accepted, and the reason given for any other legal move.
        allowed: Option<(Vec<Move>, Msg)>,
        /// Its setup.
        setup: GameSetup,
    },
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
}

/// Number of running presentation animations; the turn waits while it is non-zero.
#[derive(Resource, Default, Debug)]
pub struct AnimationsRunning(pub usize);

/// Set by the view when moves are shown with animations (absent in headless runs).
#[derive(Resource, Default, Debug)]
pub struct PresentationActive(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Intent>()
        .add_message::<MoveApplied>()
        .add_message::<BoardReset>()
        .add_message::<GameOver>()
        .add_message::<Rejected>()
        .init_resource::<AnimationsRunning>()
        .init_resource::<PresentationActive>()
        .add_systems(OnEnter(Screen::Game), start_game)
        .add_systems(
            Update,
            (apply_intents, advance_turn).chain().in_set(GameSet::Rules).run_if(in_state(Screen::Game)),
        );
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
    let mut rules = Rules::new(next.setup, previous.as_deref());
    if let Some((game, resigned)) = next.from {
        rules.game = game;
        rules.resigned = resigned;
    }
    rules.allowed = next.allowed;
    commands.insert_resource(rules);
    reset.write(BoardReset);
}

fn human_to_move(rules: &Rules) -> bool {
    rules.controller(rules.game.to_move()) == Controller::Human
}

/// Validates and applies every intent of this frame.
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
        match intent {
            Intent::Play { mv, generation } => {
                if generation.is_some_and(|g| g != rules.generation) {
                    // Computed for a position that is no longer current: never applied.
                    continue;
                }
                if let Some((only, why)) = &rules.allowed
                    && rules.game.position().is_legal(*mv)
                    && !only.contains(mv)
                {
                    rejected.write(Rejected { at: Some(mv.from), reason: why.clone() });
                    continue;
                }
                let mover = rules.game.to_move();
                let captured = if mv.is_removal() { vec![mv.from] } else { mv.captured() };
                match rules.game.play(*mv) {
                    Ok(()) => {
                        rules.generation += 1;
                        applied.write(MoveApplied { mv: *mv, mover, captured });
                    }
                    Err(_) => {
                        let text = crate::rules::move_to_string(rules.game.geometry(), *mv);
                        rejected.write(Rejected {
                            at: Some(mv.from),
                            reason: Msg::new("refuse-illegal").text("move", text),
                        });
                    }
                }
            }
            Intent::Undo => step_history(&mut rules, Game::undo, "undo", &mut reset, &mut rejected),
            Intent::Redo => step_history(&mut rules, Game::redo, "redo", &mut reset, &mut rejected),
            Intent::NewGame(setup) => {
                let fresh = Rules::new(*setup, Some(&rules));
                *rules = fresh;
                reset.write(BoardReset);
            }
            Intent::Replace { game, allowed, setup } => {
                let mut fresh = Rules::new(*setup, Some(&rules));
                fresh.game = (**game).clone();
                fresh.allowed = allowed.clone();
                *rules = fresh;
                reset.write(BoardReset);
            }
            Intent::Resign(side) => {
                if before_over {
                    rejected.write(Rejected { at: None, reason: Msg::new("refuse-already-over") });
                } else {
                    rules.resigned = Some(*side);
                    rules.generation += 1;
                }
            }
        }
        if !before_over && let Some(winner) = rules.winner() {
            over.write(GameOver { winner, plies: rules.game.ply() });
        }
    }
}

/// Undoes or redoes (`step`) until a human is to move (so playing the AI, one press takes
/// back the AI's reply too), the game ends, or history runs out.
fn step_history(
    rules: &mut Rules,
    step: fn(&mut Game) -> Option<Move>,
    what: &str,
    reset: &mut MessageWriter<BoardReset>,
    rejected: &mut MessageWriter<Rejected>,
) {
    // After a resignation, Undo takes back only the resignation; nothing is redone.
    if rules.resigned.is_some() {
        if what == "undo" {
            rules.resigned = None;
            rules.generation += 1;
            reset.write(BoardReset);
        } else {
            rejected.write(Rejected { at: None, reason: Msg::new("refuse-over") });
        }
        return;
    }
    let mut changed = false;
    while step(&mut rules.game).is_some() {
        changed = true;
        if human_to_move(rules) || rules.game.winner().is_some() {
            break;
        }
    }
    if changed {
        rules.generation += 1;
        reset.write(BoardReset);
    } else {
        rejected.write(Rejected {
            at: None,
            reason: Msg::new(if what == "undo" { "refuse-nothing-to-undo" } else { "refuse-nothing-to-redo" }),
        });
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
    let just_moved = applied.read().count() > 0 && presentation.0 && settings.anim_speed > 0.0;
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
