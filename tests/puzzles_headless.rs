//! Puzzles in a headless app: opened from the title by grade, any winning move accepted, the
//! defence played by the solver with the longest resistance, a losing move refuted and shown
//! as lost, progress kept in the settings, and the players given back afterwards. The
//! shipped file itself is re-proved by `konane puzzle check` in `tests/cli.rs`.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::puzzle::Grade;
use konane::ai::{DistanceSolver, Level, Value};
use konane::game::menus::{MenuChosen, MenuItem};
use konane::game::modes::puzzles::{PuzzleRun, PuzzleState, book, is_solved};
use konane::game::play::authority::{Intent, Rules};
use konane::game::play::screen::Overlay;
use konane::game::setup::GameMode;
use konane::game::{Controller, Screen, Settings, core_plugin};
use konane::rules::Position;
use std::time::Duration;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings { players: [Controller::Human, Controller::Ai(Level::Hard)], ..Settings::default() });
    core_plugin(&mut app);
    app.update();
    app
}

fn choose(app: &mut App, item: MenuItem) {
    app.world_mut().write_message(MenuChosen(item));
    app.update();
    app.update();
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<Overlay>()
}

fn position(app: &App) -> Position {
    *app.world().resource::<Rules>().game.position()
}

fn run(app: &App) -> &PuzzleRun {
    app.world().resource::<PuzzleRun>()
}

/// Updates until `done` holds; only a hang reaches the limit (the solver's task runs on
/// the pool and may take a while on a busy machine).
fn wait_for(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..200_000 {
        if done(app) {
            return;
        }
        app.update();
        std::thread::yield_now();
    }
    panic!("never: {what}");
}

#[test]
fn a_puzzle_is_solved_with_any_winning_move_against_the_longest_defence() {
    let mut app = app();
    choose(&mut app, MenuItem::Puzzles);
    assert_eq!(overlay(&app), Overlay::Puzzles);
    choose(&mut app, MenuItem::PuzzleGrade(1));
    wait_for(&mut app, "the puzzle's board", |a| {
        *a.world().resource::<State<Screen>>().get() == Screen::Game && a.world().contains_resource::<PuzzleRun>()
    });
    assert_eq!(app.world().resource::<Rules>().setup.mode, GameMode::Puzzle, "a puzzle is not a game to autosave");
    let index = run(&app).index;
    let puzzle = &book().puzzles[index];
    assert_eq!(puzzle.grade(), Grade::Middle);
    wait_for(&mut app, "the puzzle's start and solver", |a| position(a) == puzzle.position && run(a).ready());
    let side = puzzle.position.to_move();
    // An independent solver checks every step.
    let mut judge = DistanceSolver::new(10_000_000);
    let mut player_moves = 0;
    loop {
        wait_for(&mut app, "the player's turn or the end", |a| {
            position(a).to_move() == side || run(a).state != PuzzleState::Playing
        });
        if run(&app).state == PuzzleState::Solved {
            break;
        }
        let here = position(&app);
        let moves = judge.moves(&here).unwrap();
        let winning: Vec<_> = moves.iter().filter(|(_, v)| matches!(v, Value::Win(_))).collect();
        assert!(
            !winning.is_empty(),
            "the player's side no longer wins: the defence let it slip or the puzzle is wrong"
        );
        // Not always the fastest: the last of the winning moves (any win counts).
        let (mv, _) = *winning[winning.len() - 1];
        let ply = app.world().resource::<Rules>().game.ply();
        app.world_mut().write_message(Intent::Play { mv, generation: None });
        app.update();
        player_moves += 1;
        assert!(player_moves < 40, "the puzzle does not end");
        wait_for(&mut app, "the defence's answer or the end", |a| {
            a.world().resource::<Rules>().game.ply() >= ply + 2 || run(a).state == PuzzleState::Solved
        });
        if run(&app).state == PuzzleState::Solved {
            break;
        }
        // The defence chose a longest resistance: its move's value is the best it had.
        let after = *app.world().resource::<Rules>().game.position();
        let before_reply = here.after(mv);
        let best = judge.moves(&before_reply).unwrap()[0].1;
        assert_eq!(judge.value(&after).unwrap().before(), best, "the defence did not resist longest");
    }
    wait_for(&mut app, "the solved panel", |a| overlay(a) == Overlay::PuzzleOver);
    assert!(is_solved(app.world().resource::<Settings>().puzzles_solved, index));
    assert!(player_moves >= puzzle.moves() as usize);
    // Back to the puzzles: the players and board of before.
    choose(&mut app, MenuItem::LeavePuzzle);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    assert_eq!(overlay(&app), Overlay::Puzzles);
    assert_eq!(app.world().resource::<Settings>().players, [Controller::Human, Controller::Ai(Level::Hard)]);
    assert!(!app.world().contains_resource::<PuzzleRun>());
}

#[test]
fn a_losing_move_is_refuted_and_the_puzzle_can_be_tried_again() {
    let mut app = app();
    choose(&mut app, MenuItem::Puzzles);
    choose(&mut app, MenuItem::PuzzleGrade(0));
    wait_for(&mut app, "the puzzle", |a| a.world().contains_resource::<PuzzleRun>());
    let index = run(&app).index;
    let puzzle = book().puzzles[index].clone();
    wait_for(&mut app, "the puzzle's start and solver", |a| position(a) == puzzle.position && run(a).ready());
    let losing = puzzle.position.legal_moves().into_iter().find(|m| !puzzle.winning.contains(m)).expect("a wrong move");
    app.world_mut().write_message(Intent::Play { mv: losing, generation: None });
    app.update();
    wait_for(&mut app, "the lost panel", |a| overlay(a) == Overlay::PuzzleOver);
    let PuzzleState::Failed { played, refutation } = run(&app).state else {
        panic!("not failed: {:?}", run(&app).state)
    };
    assert_eq!(played, losing);
    // The refutation was played, and it wins for the defence.
    let rules = app.world().resource::<Rules>();
    assert_eq!(rules.game.ply(), 2);
    assert_eq!(rules.game.last_move(), Some(refutation));
    let mut judge = DistanceSolver::new(10_000_000);
    assert!(matches!(judge.value(&puzzle.position.after(losing)), Some(Value::Win(_))));
    assert!(matches!(judge.value(rules.game.position()), Some(Value::Loss(_))));
    assert!(!is_solved(app.world().resource::<Settings>().puzzles_solved, index));
    // Try again: the same puzzle from its start.
    choose(&mut app, MenuItem::RetryPuzzle);
    wait_for(&mut app, "the puzzle again", |a| position(a) == puzzle.position && run(a).ready());
    assert_eq!(run(&app).index, index);
    assert_eq!(run(&app).state, PuzzleState::Playing);
    assert_eq!(overlay(&app), Overlay::None);
}

#[test]
fn the_shipped_book_has_every_grade_and_at_least_sixty_puzzles() {
    let book = book();
    assert!(book.puzzles.len() >= 60, "{} puzzles", book.puzzles.len());
    for grade in Grade::ALL {
        assert!(book.of_grade(grade).len() >= 15, "{grade:?}: {}", book.of_grade(grade).len());
    }
}
