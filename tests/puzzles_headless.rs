//! Puzzles in a headless app: opened from the title by grade, any winning move accepted, the
//! defence played by the solver with the longest resistance, a losing move refuted and shown
//! as lost, progress kept in the settings, and the players given back afterwards. The
//! shipped file itself is re-proved by `konane puzzle check` in `tests/cli.rs`.

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::puzzle::Grade;
use konane::ai::{DistanceSolver, Level, Value};
use konane::game::menus::{MenuChosen, MenuItem};
use konane::game::modes::history::PlayerHistory;
use konane::game::modes::puzzles::{PuzzleKind, PuzzleRun, PuzzleState, book, daily_index, is_solved};
use konane::game::modes::saves::DataDir;
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
    assert!(is_solved(book(), &app.world().resource::<Settings>().puzzles_solved, index));
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
    assert!(!is_solved(book(), &app.world().resource::<Settings>().puzzles_solved, index));
    // Try again: the same puzzle from its start.
    choose(&mut app, MenuItem::RetryPuzzle);
    wait_for(&mut app, "the puzzle again", |a| position(a) == puzzle.position && run(a).ready());
    assert_eq!(run(&app).index, index);
    assert_eq!(run(&app).state, PuzzleState::Playing);
    assert_eq!(overlay(&app), Overlay::None);
}

#[test]
fn the_shipped_book_has_every_grade_and_at_least_three_hundred_puzzles_on_three_boards() {
    let book = book();
    assert!(book.puzzles.len() >= 300, "{} puzzles", book.puzzles.len());
    for size in ["6x6", "7x7", "8x8"] {
        let n = book.ids.iter().filter(|n| n.starts_with(size)).count();
        assert!(n >= 60, "{size}: {n} puzzles");
    }
    let mut names = book.ids.clone();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), book.puzzles.len(), "every name is one puzzle's");
    for grade in Grade::ALL {
        assert!(book.of_grade(grade).len() >= 15, "{grade:?}: {}", book.of_grade(grade).len());
    }
}

/// An app keeping its history in `dir`, once the history is open.
fn app_with_history(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings::default());
    app.insert_resource(DataDir(dir.to_path_buf()));
    core_plugin(&mut app);
    app.update();
    wait_for(&mut app, "the history", |a| a.world().resource::<PlayerHistory>().puzzles.is_some());
    app
}

/// Plays the puzzle on the board to its end with the solver's winning moves.
fn solve(app: &mut App) {
    let side = run(app).side;
    wait_for(app, "the solver", |a| run(a).ready());
    let mut judge = DistanceSolver::new(10_000_000);
    while run(app).state == PuzzleState::Playing {
        wait_for(app, "the player's turn or the end", |a| {
            position(a).to_move() == side || run(a).state != PuzzleState::Playing
        });
        if run(app).state != PuzzleState::Playing {
            break;
        }
        let here = position(app);
        let (mv, _) = *judge.moves(&here).unwrap().iter().find(|(_, v)| matches!(v, Value::Win(_))).unwrap();
        let ply = app.world().resource::<Rules>().game.ply();
        app.world_mut().write_message(Intent::Play { mv, generation: None });
        app.update();
        wait_for(app, "the answer or the end", |a| {
            a.world().resource::<Rules>().game.ply() >= ply + 2 || run(a).state != PuzzleState::Playing
        });
    }
    wait_for(app, "the panel", |a| overlay(a) == Overlay::PuzzleOver);
}

#[test]
fn a_streak_climbs_until_the_first_miss_and_the_daily_puzzle_is_the_date_s() {
    let dir = std::env::temp_dir().join(format!("konane-puzzle-streak-{}", std::process::id()));
    common::remove_at_exit();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = app_with_history(&dir);
    choose(&mut app, MenuItem::Puzzles);
    choose(&mut app, MenuItem::PuzzleStreak);
    wait_for(&mut app, "the first puzzle of the streak", |a| a.world().contains_resource::<PuzzleRun>());
    assert!(matches!(run(&app).kind, PuzzleKind::Streak { place: 1, .. }));
    let first = run(&app).index;
    solve(&mut app);
    assert_eq!(run(&app).state, PuzzleState::Solved);
    let history = app.world().resource::<PlayerHistory>();
    let (name, recorded) = history.last_puzzle.clone().expect("the attempt is recorded");
    assert_eq!(name, book().ids[first]);
    assert!(recorded.rating.points() > 0, "a solve raises the puzzle rating");
    assert_eq!(history.puzzles.as_ref().unwrap().best_streak, 1);
    // The next of the streak is no easier, and a miss ends the streak.
    choose(&mut app, MenuItem::NextInStreak);
    wait_for(&mut app, "the second puzzle", |a| matches!(run(a).kind, PuzzleKind::Streak { place: 2, .. }));
    let second = run(&app).index;
    assert!(book().puzzles[second].difficulty() >= book().puzzles[first].difficulty());
    wait_for(&mut app, "its start", |a| position(a) == book().puzzles[second].position && run(a).ready());
    let puzzle = book().puzzles[second].clone();
    let losing = puzzle.position.legal_moves().into_iter().find(|m| !puzzle.winning.contains(m)).unwrap();
    app.world_mut().write_message(Intent::Play { mv: losing, generation: None });
    app.update();
    wait_for(&mut app, "the lost panel", |a| overlay(a) == Overlay::PuzzleOver);
    let history = app.world().resource::<PlayerHistory>();
    let (_, missed) = history.last_puzzle.clone().unwrap();
    assert!(missed.rating.points() < 0, "a miss lowers it");
    assert_eq!(history.puzzles.as_ref().unwrap().best_streak, 1, "the best streak stays");
    // The daily puzzle: the book's pick for today, recorded as today's.
    choose(&mut app, MenuItem::LeavePuzzle);
    choose(&mut app, MenuItem::DailyPuzzle);
    wait_for(&mut app, "the daily puzzle", |a| {
        a.world().get_resource::<PuzzleRun>().is_some_and(|r| matches!(r.kind, PuzzleKind::Daily(_)))
    });
    let today = konane::history::puzzles::date_of(konane::history::now());
    assert_eq!(run(&app).kind, PuzzleKind::Daily(today.clone()));
    assert_eq!(run(&app).index, daily_index(book(), &today));
    solve(&mut app);
    wait_for(&mut app, "today's result", |a| {
        a.world().resource::<PlayerHistory>().puzzles.as_ref().is_some_and(|p| p.daily == Some(true))
    });
    let _ = std::fs::remove_dir_all(&dir);
}
