//! The computer's pause and the coach in a headless `App`: a forced move is played without a
//! pause, a choice waits for it, and the coach's advice on a thrown win comes with the better
//! move marked while the computer waits. The game clock advances a fixed 16 ms per update;
//! only searches run in real time, and the tests wait for their results, never a time.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::board::input::CellActivated;
use konane::game::play::authority::{GameChange, NextGame, Rules};
use konane::game::play::coach::Coach;
use konane::game::play::screen::Notice;
use konane::game::setup::GameSetup;
use konane::game::{Controller, Screen, Settings, core_plugin};
use konane::rules::{Game, Move, parse_move, parse_position};
use std::time::{Duration, Instant};

/// Long enough for any search to finish on a busy machine; only a hang reaches it.
const HANG: Duration = Duration::from_secs(120);

/// The game on `position` (Black a person, White the computer at `level`), with the
/// computer's least pause `pause` seconds.
fn app_at(position: &str, level: Level, pause: f32) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings { ai_min_delay: pause, ..Settings::default() });
    core_plugin(&mut app);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    let p = parse_position(position).unwrap();
    let setup = GameSetup::play(*p.geometry(), [Controller::Human, Controller::Ai(level)]);
    app.world_mut().write_message(GameChange::start(NextGame::at(setup, Game::from_position(p), None)));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn ply(app: &App) -> usize {
    app.world().resource::<Rules>().game.ply()
}

/// Updates until `done` holds, or fails after [`HANG`] of real time.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < HANG, "waited too long for {what}");
        app.update();
    }
}

#[test]
fn a_forced_move_is_played_at_once_and_a_choice_waits_for_the_pause() {
    // White's only move is a5-a3: with a least pause of 1,000 s it still comes at once.
    let mut app = app_at("....../W...../B...../....../....../...... w", Level::Medium, 1000.0);
    until(&mut app, "the forced move", |a| ply(a) == 1);
    // Two moves to choose from: the answer waits for its pause (300 updates are 4.8 s).
    let mut app = app_at("....../W.W.../B.B.../....../....../...... w", Level::Medium, 1000.0);
    for _ in 0..300 {
        app.update();
    }
    assert_eq!(ply(&app), 0, "a choice was played before its pause");
    // The setting turned off: no pause at all.
    app.world_mut().resource_mut::<Settings>().thinking_pause = false;
    until(&mut app, "the move without a pause", |a| ply(a) == 1);
}

#[test]
fn the_coach_names_the_better_move_marks_it_and_the_computer_waits_for_it() {
    // Black wins with a6-a2 (White then has no move); a6-a4 lets White jump back and win.
    let mut app = app_at("B...../W...../....../W...../....../...... b", Level::Easy, 0.05);
    let geo = *app.world().resource::<Rules>().game.geometry();
    let mv = |t: &str| -> Move { parse_move(&geo, t).unwrap() };
    let thrown = mv("a6-a4");
    app.world_mut().write_message(CellActivated(thrown.from));
    app.update();
    app.world_mut().write_message(CellActivated(thrown.to));
    app.update();
    assert_eq!(ply(&app), 1);
    let generation = app.world().resource::<Rules>().generation;
    until(&mut app, "the coach's advice", |a| a.world().resource::<Coach>().marked(generation).is_some());
    assert_eq!(app.world().resource::<Coach>().marked(generation), Some(mv("a6-a2")));
    let said = app.world().resource::<konane::game::platform::i18n::Tr>().msg(&app.world().resource::<Notice>().text);
    assert!(said.starts_with("Coach:") && said.contains("a6-a2"), "{said}");
    // The computer waits while the better move is marked, then answers.
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(ply(&app), 1, "the computer answered over the coach");
    until(&mut app, "the computer's answer", |a| ply(a) == 2);
}
