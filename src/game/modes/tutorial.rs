//! The tutorial: short lessons on prepared 6×6 positions. Each shows its text, then the player
//! makes the move it asks for (with mouse, keys or pad, as in a game); the rules accept only
//! the lesson's moves and say why another legal move is not the one. Passed lessons are kept
//! in the settings, so the tutorial resumes where the player left it.

use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::{EditSettings, Settings};
use crate::game::play::authority::{AnimationsRunning, GameChange, MoveApplied, Rules};
use crate::game::play::screen::{GameSet, Navigate, Overlay, Screen, Turn, TutorialStep};
use crate::game::setup::{GameMode, GameSetup};
use crate::rules::{Game, Geometry, Move, parse_move, parse_position};
use bevy::prelude::*;

/// What a lesson asks of the player.
#[derive(Clone, Copy, Debug)]
pub enum Goal {
    /// Read and go on.
    Read,
    /// Play any legal move.
    AnyMove,
    /// Play one of these moves (notation); the lesson's `-wrong` text explains any other
    /// legal move.
    Only(&'static [&'static str]),
    /// Play a move after which the opponent has no jump left; `-wrong` explains the others.
    Win,
}

/// One lesson. Its words are in the language files, under `lesson-<id>-title`, `-text`,
/// `-task` (the instruction on the status line), `-done` (said when passed) and `-wrong`
/// (why another legal move is not the one).
#[derive(Clone, Copy, Debug)]
pub struct Lesson {
    /// Its name in the message keys.
    pub id: &'static str,
    /// The position (text), or `None` for the full 6×6 board.
    pub position: Option<&'static str>,
    /// What to do.
    pub goal: Goal,
}

impl Lesson {
    /// The message key of one of its texts (`title`, `text`, `task`, `done`, `wrong`).
    pub fn key(&self, part: &str) -> String {
        format!("lesson-{}-{part}", self.id)
    }

    /// One of its texts as a message.
    pub fn msg(&self, part: &str) -> Msg {
        Msg::keyed(self.key(part))
    }

    /// Whether it asks for a move (and so has a task and words for passing it).
    pub fn asks_a_move(&self) -> bool {
        !matches!(self.goal, Goal::Read)
    }
}

/// The lessons, in order.
pub const LESSONS: [Lesson; crate::game::platform::settings::LESSON_COUNT] = [
    Lesson { id: "board", position: None, goal: Goal::Read },
    Lesson { id: "open", position: None, goal: Goal::AnyMove },
    Lesson { id: "answer", position: Some("BWBWBW/WBWBWB/BW.WBW/WBWBWB/BWBWBW/WBWBWB w"), goal: Goal::AnyMove },
    Lesson { id: "capture", position: Some("....../..W.../.BW.B./...W../....../...... b"), goal: Goal::AnyMove },
    Lesson {
        id: "double",
        position: Some("....../....../BW.W../....../....../...... b"),
        goal: Goal::Only(&["a4-e4"]),
    },
    Lesson { id: "stop", position: Some("....../....../BW.W../....../....../...... b"), goal: Goal::Only(&["a4-c4"]) },
    Lesson { id: "end", position: Some("B...../W...../....../W...../....../...... b"), goal: Goal::Win },
    Lesson { id: "tips", position: None, goal: Goal::Read },
];

/// The running tutorial: which lesson, and whether it was passed.
#[derive(Resource, Debug, Clone)]
pub struct Tutorial {
    /// Index into [`LESSONS`].
    pub lesson: usize,
    /// The lesson's move was made.
    pub passed: bool,
    /// The first lesson's text was shown on arriving at the board.
    announced: bool,
    /// The lesson's move was made: its panel opens once the move has been shown.
    panel_due: bool,
}

impl Tutorial {
    /// The current lesson.
    pub fn current(&self) -> &'static Lesson {
        &LESSONS[self.lesson.min(LESSONS.len() - 1)]
    }
}

/// The game a lesson starts from, and the moves it accepts (with the reason for others).
pub fn lesson_start(lesson: &Lesson) -> (Game, Option<(Vec<Move>, Msg)>) {
    let game = match lesson.position.and_then(|t| parse_position(t).ok()) {
        Some(p) => Game::from_position(p),
        None => Game::new(Geometry::new(6, 6).expect("6x6 is valid")),
    };
    let allowed = match lesson.goal {
        Goal::Read | Goal::AnyMove => None,
        Goal::Only(moves) => {
            let geo = *game.geometry();
            Some((moves.iter().filter_map(|m| parse_move(&geo, m).ok()).collect(), lesson.msg("wrong")))
        }
        Goal::Win => {
            let winning =
                game.legal_moves().into_iter().filter(|m| game.position().after(*m).move_count() == 0).collect();
            Some((winning, lesson.msg("wrong")))
        }
    };
    (game, allowed)
}

pub(crate) fn plugin(app: &mut App) {
    // Steps ask for their board in the rules stage, so it starts in the same frame.
    app.add_systems(Update, steps.in_set(GameSet::Rules))
        .add_systems(
            Update,
            (notice_passing, announce.run_if(in_state(Screen::Game))).chain().in_set(GameSet::Presentation),
        )
        .add_systems(OnExit(Screen::Game), |mut commands: Commands| commands.remove_resource::<Tutorial>())
        .add_systems(OnEnter(Screen::Game), |mut commands: Commands| commands.remove_resource::<Graduated>());
}

/// The tutorial was just finished: the title says well done until a game starts.
#[derive(Resource, Debug)]
pub struct Graduated;

/// On arriving at the board, the lesson's text is shown first (after the screen's own reset
/// of the menus on entering).
fn announce(tutorial: Option<ResMut<Tutorial>>, mut nav: MessageWriter<Navigate>) {
    if let Some(mut t) = tutorial
        && !t.announced
    {
        t.announced = true;
        nav.write(Navigate::To(Overlay::Lesson));
    }
}

/// The setup of a lesson's game.
fn lesson_setup(game: &Game) -> GameSetup {
    GameSetup::practice(*game.geometry(), GameMode::Lesson)
}

impl Tutorial {
    /// The tutorial at lesson `n` (0-based; the last lesson for a number past the end).
    fn at_lesson(n: u8) -> Tutorial {
        Tutorial { lesson: (n as usize).min(LESSONS.len() - 1), passed: false, announced: false, panel_due: false }
    }

    /// The tutorial at its next lesson, not yet passed; `None` after the last lesson.
    fn next(&self) -> Option<Tutorial> {
        (self.lesson + 1 < LESSONS.len()).then(|| Tutorial { lesson: self.lesson + 1, passed: false, ..self.clone() })
    }

    /// The change that puts the current lesson's position on the board.
    fn start_board(&self) -> GameChange {
        let (game, allowed) = lesson_start(self.current());
        GameChange::at(lesson_setup(&game), game, allowed)
    }
}

/// Starts, advances and ends the tutorial.
fn steps(
    mut commands: Commands,
    mut steps: MessageReader<TutorialStep>,
    tutorial: Option<ResMut<Tutorial>>,
    mut nav: MessageWriter<Navigate>,
    screen: Res<State<Screen>>,
    mut games: MessageWriter<GameChange>,
) {
    if steps.is_empty() {
        return;
    }
    let mut tutorial = tutorial.map(|t| t.clone());
    for step in steps.read() {
        match step {
            TutorialStep::Start(n) => {
                let t = Tutorial::at_lesson(*n);
                games.write(t.start_board());
                if *screen.get() == Screen::Game {
                    // From a game's pause menu: the game stays saved (no autosave runs in the
                    // tutorial), and the lesson's text is shown at once.
                    nav.write(Navigate::To(Overlay::Lesson));
                }
                tutorial = Some(t);
            }
            TutorialStep::Try => _ = nav.write(Navigate::To(Overlay::None)),
            TutorialStep::Explain => _ = nav.write(Navigate::To(Overlay::Lesson)),
            TutorialStep::Next => {
                let Some(t) = tutorial.as_ref() else { continue };
                tutorial = t.next();
                match &tutorial {
                    Some(t) => {
                        games.write(t.start_board());
                        nav.write(Navigate::To(Overlay::Lesson));
                    }
                    // The last lesson: back to the title, which says well done.
                    None => {
                        commands.insert_resource(Graduated);
                        games.write(GameChange::Leave);
                    }
                }
            }
            TutorialStep::Leave => {
                if tutorial.take().is_some() {
                    games.write(GameChange::Leave);
                }
            }
        }
    }
    match tutorial {
        Some(t) => commands.insert_resource(t),
        None => commands.remove_resource::<Tutorial>(),
    }
}

/// A lesson's move was made (or, for reading, Next was chosen): it is passed, remembered,
/// and the panel says so.
fn notice_passing(
    mut applied: MessageReader<MoveApplied>,
    tutorial: Option<ResMut<Tutorial>>,
    rules: Option<Res<Rules>>,
    anims: Res<AnimationsRunning>,
    turn: Option<Res<State<Turn>>>,
    settings: Res<Settings>,
    mut nav: MessageWriter<Navigate>,
    mut edits: MessageWriter<EditSettings>,
) {
    let moved = applied.read().count() > 0;
    let (Some(mut t), Some(_rules)) = (tutorial, rules) else { return };
    if moved && !t.passed && !matches!(t.current().goal, Goal::Read) {
        t.passed = true;
        t.panel_due = true;
    }
    // The panel waits until the move has been shown (a menu over the board pauses its
    // animations), so the player sees the result before reading about it.
    let still = anims.0 == 0 && turn.is_none_or(|t| *t.get() != Turn::Animating);
    if t.panel_due && still && !moved {
        t.panel_due = false;
        nav.write(Navigate::To(Overlay::Lesson));
    }
    // Reading lessons count as passed once shown; the progress kept is how far the player
    // got (a lesson opened from the list and left unpassed changes nothing).
    let passed = t.passed || matches!(t.current().goal, Goal::Read);
    let done = t.lesson as u8 + 1;
    if passed && done > settings.tutorial {
        edits.write(EditSettings::new(move |s| s.tutorial = s.tutorial.max(done)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_starts_from_a_valid_position_and_its_moves_are_legal() {
        for (i, lesson) in LESSONS.iter().enumerate() {
            if let Some(text) = lesson.position {
                assert!(parse_position(text).is_ok(), "lesson {}: {text}", i + 1);
            }
            let (game, allowed) = lesson_start(lesson);
            let legal = game.legal_moves();
            match lesson.goal {
                Goal::Read => {}
                Goal::AnyMove => assert!(!legal.is_empty(), "lesson {} has no move", i + 1),
                Goal::Only(_) | Goal::Win => {
                    let (only, _) = allowed.expect("a restriction");
                    assert!(!only.is_empty(), "lesson {}: no accepted move", i + 1);
                    assert!(only.iter().all(|m| legal.contains(m)), "lesson {}: an accepted move is illegal", i + 1);
                    // There is something to get wrong.
                    assert!(legal.len() > only.len(), "lesson {}: every legal move is accepted", i + 1);
                }
            }
        }
        // Lesson 7: the accepted move wins at once.
        let (game, allowed) = lesson_start(&LESSONS[6]);
        for m in allowed.unwrap().0 {
            assert_eq!(game.position().after(m).move_count(), 0);
        }
    }

    #[test]
    fn the_tutorial_starts_at_any_lesson_and_next_goes_on_until_the_last() {
        assert_eq!(Tutorial::at_lesson(2).lesson, 2);
        assert_eq!(Tutorial::at_lesson(200).lesson, LESSONS.len() - 1);
        let mut t = Tutorial::at_lesson(0);
        t.passed = true;
        let next = t.next().unwrap();
        assert_eq!((next.lesson, next.passed), (1, false));
        assert!(Tutorial::at_lesson(200).next().is_none(), "after the last lesson: the title");
        // The board is the next lesson's.
        let GameChange::Start(board) = next.start_board() else { panic!("a new board") };
        let (start, only) = lesson_start(&LESSONS[1]);
        assert_eq!(board.from.as_ref().map(|f| f.0.position()), Some(start.position()));
        assert_eq!(board.allowed.map(|a| a.0), only.map(|a| a.0));
        assert_eq!(board.setup.mode, GameMode::Lesson);
    }
}
