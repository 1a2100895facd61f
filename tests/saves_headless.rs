//! Saved games in a headless `App`: the unfinished game is written after every move and can
//! be continued with its history and players; a saved game that cannot be read is reported,
//! left as it is, and never breaks the title screen.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::input::CellActivated;
use konane::game::rules::{Intent, Rules};
use konane::game::saves::{ContinueGame, DataDir, Resumable, SavedGame};
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::rules::{Geometry, parse_move};
use std::path::PathBuf;
use std::time::Duration;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn app(dir: &std::path::Path, players: [Controller; 2]) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings {
        size: Geometry::new(6, 6).unwrap(),
        players,
        ai_min_delay: 0.0,
        ..Settings::default()
    });
    app.insert_resource(DataDir(dir.to_path_buf()));
    core_plugin(&mut app);
    app.update();
    app
}

fn rules(app: &App) -> &Rules {
    app.world().resource::<Rules>()
}

fn play(app: &mut App, text: &str) {
    let m = parse_move(&Geometry::new(6, 6).unwrap(), text).unwrap();
    app.world_mut().write_message(CellActivated(m.from));
    app.update();
    if !m.is_removal() {
        app.world_mut().write_message(CellActivated(m.to));
        app.update();
    }
    app.update();
}

#[test]
fn the_unfinished_game_is_saved_after_every_move_and_continues_with_its_history() {
    let dir = data_dir("resume");
    let players = [Controller::Human, Controller::Human];
    let mut first = app(&dir, players);
    first.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    first.update();
    let autosave = dir.join("autosave.txt");
    assert!(!autosave.exists(), "an empty game is nothing to continue");
    for m in ["a6", "b6", "a4-a6"] {
        play(&mut first, m);
        // Written after every move: what is on disk is always the game as it stands.
        let saved = SavedGame::load(&autosave).expect("the autosave reads back");
        assert_eq!(saved.game.position(), rules(&first).game.position(), "after {m}");
    }
    let moves = rules(&first).game.moves();
    drop(first); // as if the game had been killed

    // A new run: the title offers Continue, which restores position, history and players.
    let mut second = app(&dir, [Controller::Ai(Level::Expert), Controller::Ai(Level::Expert)]);
    assert!(matches!(*second.world().resource::<Resumable>(), Resumable::Game(_)), "nothing to continue");
    second.world_mut().write_message(ContinueGame);
    second.update();
    second.update();
    assert_eq!(*second.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(rules(&second).game.moves(), moves);
    assert_eq!(second.world().resource::<Settings>().players, players);
    assert_eq!(*second.world().resource::<State<Turn>>().get(), Turn::Human);
    // Undo still works on the continued game.
    second.world_mut().write_message(Intent::Undo);
    second.update();
    assert_eq!(rules(&second).game.moves(), moves[..2]);
    // Finishing or emptying the game leaves nothing to continue.
    second.world_mut().write_message(Intent::NewGame);
    second.update();
    second.update();
    assert!(!autosave.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_saved_game_that_cannot_be_read_is_reported_and_kept() {
    for (name, text, expect) in [
        ("bad-token", "# Kōnane game\n6x6\na6 b6 a4-a9\n", "line 3, column 7"),
        ("truncated", "# Kōnane game\n6x6\na6 b6 a4-\n", "line 3"),
        ("illegal", "# Kōnane game\n6x6\na6 b6 a4-a6 a3\n", "ply 4"),
        ("bad-player", "# black: grandmaster\n6x6\na6 b6\n", "line 1"),
        ("control-character", "6x6\na6 \u{0}b6\n", "line 2"),
    ] {
        let dir = data_dir(name);
        let autosave = dir.join("autosave.txt");
        std::fs::write(&autosave, text).unwrap();
        let mut app = app(&dir, [Controller::Human, Controller::Human]);
        let why = match app.world().resource::<Resumable>() {
            Resumable::Unreadable(why) => why.clone(),
            other => panic!("{name}: expected an unreadable save, got {other:?}"),
        };
        assert!(why.contains(expect), "{name}: {why}");
        // Continue does nothing; a new game can still be started; the file is untouched until
        // that new game has a move.
        app.world_mut().write_message(ContinueGame);
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title, "{name}");
        assert_eq!(std::fs::read_to_string(&autosave).unwrap(), text, "{name}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
