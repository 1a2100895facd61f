//! The rules resource: the single authority over the game. It alone applies intents.

use super::i18n::Msg;
use super::screen::{GameSet, Screen, Turn};
use super::settings::{Controller, Settings};
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
}

impl Rules {
    /// A fresh game of the settings' size, after `previous` (the last game of this run).
    pub fn new(settings: &Settings, previous: Option<&Rules>) -> Rules {
        Rules {
            game: Game::new(settings.size),
            generation: previous.map_or(0, |r| r.generation + 1),
            resigned: None,
            allowed: None,
        }
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

/// The next game starts from this one (a saved game being continued or opened) instead of a
/// fresh board.
#[derive(Resource, Debug, Clone)]
pub struct StartFrom {
    /// The game with its history.
    pub game: Game,
    /// The side that resigned it, if one did.
    pub resigned: Option<Side>,
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
    /// Start over with the current settings.
    NewGame,
    /// This side gives up (Undo takes it back).
    Resign(Side),
    /// Play on from this game (a lesson's position), accepting only `allowed` moves if given.
    Replace {
        /// The game.
        game: Box<Game>,
        /// The moves accepted, and the reason given for any other legal move.
        allowed: Option<(Vec<Move>, Msg)>,
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

pub(super) fn plugin(app: &mut App) {
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
    start_from: Option<Res<StartFrom>>,
    mut reset: MessageWriter<BoardReset>,
) {
    let mut rules = Rules::new(&settings, previous.as_deref());
    if let Some(from) = start_from {
        rules.game = from.game.clone();
        rules.resigned = from.resigned;
        commands.remove_resource::<StartFrom>();
    }
    commands.insert_resource(rules);
    reset.write(BoardReset);
}

fn human_to_move(settings: &Settings, rules: &Rules) -> bool {
    settings.controller(rules.game.to_move()) == Controller::Human
}

/// Validates and applies every intent of this frame.
pub fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut rules: ResMut<Rules>,
    settings: Res<Settings>,
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
            Intent::Undo => step_history(&mut rules, &settings, Game::undo, "undo", &mut reset, &mut rejected),
            Intent::Redo => step_history(&mut rules, &settings, Game::redo, "redo", &mut reset, &mut rejected),
            Intent::NewGame => {
                let fresh = Rules::new(&settings, Some(&rules));
                *rules = fresh;
                reset.write(BoardReset);
            }
            Intent::Replace { game, allowed } => {
                rules.game = (**game).clone();
                rules.allowed = allowed.clone();
                rules.resigned = None;
                rules.generation += 1;
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
    settings: &Settings,
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
        if human_to_move(settings, rules) || rules.game.winner().is_some() {
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
    } else if human_to_move(&settings, &rules) {
        Turn::Human
    } else {
        Turn::AiThinking
    };
    if *turn.get() != want {
        next.set(want);
    }
}
