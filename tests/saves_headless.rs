//! Saved games in a headless `App`: the unfinished game is written after every move and can
//! be continued with its history and players; a saved game that cannot be read is reported,
//! left as it is, and never breaks the title screen. Games saved on purpose are listed on the
//! Load screen, opened (asking before they replace the unfinished game) and deleted (asking
//! first); records are copied to and pasted from the clipboard, and every broken record is
//! named and changes nothing.

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::board::input::CellActivated;
use konane::game::menus::{MenuChosen, MenuItem};
use konane::game::modes::saves::{ContinueGame, DataDir, Resumable, SaveList, SavedGame};
use konane::game::platform::clipboard::Clipboard;
use konane::game::platform::i18n::{Msg, Tr};
use konane::game::play::authority::{GameChange, Intent, Rules};
use konane::game::play::screen::{Discard, Overlay};
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::rules::{Geometry, parse_move};
use std::path::PathBuf;
use std::time::Duration;

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-saves-{name}-{}", std::process::id()));
    common::remove_at_exit();
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
    // The clipboard inside the game (no display here).
    app.insert_resource(Clipboard::local());
    core_plugin(&mut app);
    app.update();
    // The history opens on a thread of its own: wait for it, so no test removes its
    // directory while the file is being made.
    common::wait_for_history(&mut app);
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
    assert_eq!(rules(&second).setup.players, players);
    // Continuing a game does not touch the player's settings (the custom game's players).
    assert_eq!(second.world().resource::<Settings>().players, [Controller::Ai(Level::Expert); 2]);
    assert_eq!(*second.world().resource::<State<Turn>>().get(), Turn::Human);
    // Undo still works on the continued game.
    second.world_mut().write_message(Intent::Undo);
    second.update();
    assert_eq!(rules(&second).game.moves(), moves[..2]);
    // Finishing or emptying the game leaves nothing to continue.
    let setup = rules(&second).setup;
    second.world_mut().write_message(GameChange::fresh(setup));
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

/// Chooses a menu item as a click would, and lets the game react.
fn choose(app: &mut App, item: MenuItem) {
    app.world_mut().write_message(MenuChosen(item));
    app.update();
    app.update();
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<Overlay>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Every file under `dir` with its bytes, to show nothing changed (the player's history,
/// a database the game keeps open beside the saves, is not theirs).
fn snapshot(dir: &std::path::Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("history.sqlite")) {
                files.push((p.clone(), std::fs::read(&p).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn a_saved_game_is_listed_opened_and_deleted_from_the_load_screen() {
    let dir = data_dir("library");
    let players = [Controller::Human, Controller::Ai(Level::Beginner)];
    let mut app = app(&dir, players);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    play(&mut app, "a6");
    while *app.world().resource::<State<Turn>>().get() != Turn::Human {
        app.update();
    }
    let moves = rules(&app).game.moves();
    assert_eq!(moves.len(), 2);
    // Pause menu → Save game: one file in the saves folder, with the game and its players.
    choose(&mut app, MenuItem::Save);
    let saves: Vec<_> = std::fs::read_dir(dir.join("saves")).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let saved = SavedGame::load(&saves[0]).unwrap();
    assert_eq!(saved.game.moves(), moves);
    assert_eq!(saved.players, players);
    assert!(saved.date.as_deref().is_some_and(|d| d.ends_with("UTC")), "{:?}", saved.date);
    // Saving twice in the same second keeps both.
    choose(&mut app, MenuItem::Save);
    assert_eq!(std::fs::read_dir(dir.join("saves")).unwrap().count(), 2);

    // Play on, then go to the title: the unfinished game can be continued.
    play(&mut app, "b6");
    while *app.world().resource::<State<Turn>>().get() != Turn::Human {
        app.update();
    }
    let longer = rules(&app).game.moves();
    choose(&mut app, MenuItem::ToTitle);
    assert_eq!(screen(&app), Screen::Title);
    assert!(matches!(*app.world().resource::<Resumable>(), Resumable::Game(_)));

    // Load game lists both saves, newest first, with size, players, moves and result.
    choose(&mut app, MenuItem::LoadGame);
    assert_eq!(overlay(&app), Overlay::Load);
    let list = app.world().resource::<SaveList>().clone();
    assert_eq!(list.entries.len(), 2);
    let (what, when) = list.entries[0].describe();
    let (what, when) = (say(&app, &what), say(&app, &when));
    assert_eq!(what, "6×6 · Person vs Computer (Beginner)");
    assert!(when.contains("2 moves · unfinished"), "{when}");

    // Opening one would replace the unfinished game: it asks; No keeps everything.
    let before = snapshot(&dir);
    choose(&mut app, MenuItem::OpenSave(0));
    assert_eq!(overlay(&app), Overlay::Confirm(Discard::OpenGame));
    choose(&mut app, MenuItem::No);
    assert_eq!(overlay(&app), Overlay::Load);
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(snapshot(&dir), before);

    // Delete asks first; No keeps the file, Yes removes it and the list follows.
    choose(&mut app, MenuItem::DeleteSave(1));
    assert_eq!(overlay(&app), Overlay::Confirm(Discard::DeleteSave(1)));
    choose(&mut app, MenuItem::No);
    assert_eq!(std::fs::read_dir(dir.join("saves")).unwrap().count(), 2);
    choose(&mut app, MenuItem::DeleteSave(1));
    choose(&mut app, MenuItem::Yes);
    assert_eq!(overlay(&app), Overlay::Load);
    assert_eq!(std::fs::read_dir(dir.join("saves")).unwrap().count(), 1);
    assert_eq!(app.world().resource::<SaveList>().entries.len(), 1);

    // Open, and agree: the saved game is back with its history, players and turn.
    choose(&mut app, MenuItem::OpenSave(0));
    choose(&mut app, MenuItem::Yes);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(rules(&app).game.moves(), moves, "not the saved game (the later one had {longer:?})");
    assert_eq!(rules(&app).setup.players, players);
    assert_eq!(*app.world().resource::<State<Turn>>().get(), Turn::Human);
    // A rated game: the first Undo says it would unrate it, the second takes back.
    app.world_mut().write_message(Intent::Undo);
    app.update();
    assert_eq!(rules(&app).game.ply(), 2, "the first Undo only told");
    app.world_mut().write_message(Intent::Undo);
    app.update();
    assert_eq!(rules(&app).game.ply(), 0, "undo goes back through the opened game's history");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_copied_to_the_clipboard_pastes_back_as_the_same_game() {
    let dir = data_dir("clipboard");
    let players = [Controller::Human, Controller::Human];
    let mut app = app(&dir, players);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    for m in ["a6", "b6", "a4-a6"] {
        play(&mut app, m);
    }
    app.world_mut().write_message(Intent::Resign(konane::rules::Color::White));
    app.update();
    app.update();
    assert_eq!(rules(&app).winner(), Some(konane::rules::Color::Black));
    let moves = rules(&app).game.moves();
    choose(&mut app, MenuItem::CopyRecord);
    let text = app.world_mut().resource_mut::<Clipboard>().get().unwrap();
    assert!(text.contains("# resigned: white") && text.contains("# result: Black won (White resigned)"), "{text}");
    choose(&mut app, MenuItem::ToTitle);
    assert_eq!(screen(&app), Screen::Title);
    // A finished game leaves nothing to continue, so pasting opens at once.
    choose(&mut app, MenuItem::LoadGame);
    choose(&mut app, MenuItem::Paste);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(rules(&app).game.moves(), moves);
    assert_eq!(rules(&app).resigned, Some(konane::rules::Color::White));
    assert_eq!(*app.world().resource::<State<Turn>>().get(), Turn::Over);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_broken_record_on_paste_or_load_is_named_and_changes_nothing() {
    let dir = data_dir("broken");
    // An unfinished game to continue and one good save: neither may change.
    std::fs::write(dir.join("autosave.txt"), "# Kōnane game\n# black: human\n# white: human\n6x6\na6 b6\n").unwrap();
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::write(dir.join("saves").join("2026-01-01_10-00-00.txt"), "6x6\na6 b6 a4-a6\n").unwrap();
    std::fs::write(dir.join("saves").join("2026-01-02_10-00-00.txt"), "6x6\na6 b6 a4-a9\n").unwrap();
    let mut app = app(&dir, [Controller::Human, Controller::Human]);
    let before = snapshot(&dir);
    choose(&mut app, MenuItem::LoadGame);
    let list = app.world().resource::<SaveList>().clone();
    assert_eq!(list.entries.len(), 2);
    // Newest first: the broken one, shown as such with where the problem is.
    let (what, why) = list.entries[0].describe();
    let (what, why) = (say(&app, &what), say(&app, &why));
    assert!(what.contains("cannot be read") && why.contains("line 2, column 7"), "{what} / {why}");
    choose(&mut app, MenuItem::OpenSave(0));
    let message = app.world().resource::<SaveList>().message.clone().expect("a message");
    assert!(message.1 && say(&app, &message.0).contains("line 2, column 7"), "{message:?}");
    assert_eq!(screen(&app), Screen::Title);
    for (name, text, expect) in [
        ("empty", "", "the clipboard holds no text"),
        ("only comments", "# nothing\n", "empty"),
        ("bad size", "9q9\n", "line 1"),
        ("bad token", "6x6\na6 b6 zz\n", "line 2, column 7"),
        ("truncated", "6x6\na6 b6 a4-\n", "line 2"),
        ("illegal", "6x6\na6 b6 a4-a6 a3\n", "ply 4"),
        ("bad player", "# white: wizard\n6x6\na6\n", "line 1"),
        ("bad resignation", "# resigned: purple\n6x6\na6\n", "line 1"),
        ("binary", "6x6\na6 \u{0}b6\n", "line 2"),
    ] {
        if text.is_empty() {
            app.insert_resource(Clipboard::local());
        } else {
            app.world_mut().resource_mut::<Clipboard>().set(text).unwrap();
        }
        choose(&mut app, MenuItem::Paste);
        let message = app.world().resource::<SaveList>().message.clone().expect("a message");
        assert!(message.1, "{name}: not a warning: {message:?}");
        let said = say(&app, &message.0);
        assert!(said.contains(expect), "{name}: {said:?} does not say {expect:?}");
        assert_eq!(screen(&app), Screen::Title, "{name}");
        assert_eq!(overlay(&app), Overlay::Load, "{name}");
    }
    assert_eq!(snapshot(&dir), before, "a broken record changed a file");
    assert!(matches!(*app.world().resource::<Resumable>(), Resumable::Game(_)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_tutorial_leaves_the_unfinished_game_saved_as_it_was() {
    let dir = data_dir("tutorial");
    let mut app = app(&dir, [Controller::Human, Controller::Human]);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    for m in ["a6", "b6"] {
        play(&mut app, m);
    }
    let autosave = dir.join("autosave.txt");
    let before = std::fs::read(&autosave).expect("the game was saved");
    // Learn to play from the pause menu, play the first playing lesson's move, leave.
    choose(&mut app, MenuItem::Tutorial);
    choose(&mut app, MenuItem::Lesson(1));
    choose(&mut app, MenuItem::TryLesson);
    let m = rules(&app).legal_moves()[0];
    app.world_mut().write_message(Intent::Play { mv: m, generation: None });
    app.update();
    app.update();
    assert_eq!(rules(&app).game.ply(), 1, "the lesson's move was not played");
    assert_eq!(std::fs::read(&autosave).unwrap(), before, "the tutorial wrote over the unfinished game");
    choose(&mut app, MenuItem::LeaveTutorial);
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert!(
        matches!(*app.world().resource::<Resumable>(), Resumable::Game(_)),
        "nothing to continue after the tutorial"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A message in the words the game shows (English: the settings' default).
fn say(app: &App, m: &Msg) -> String {
    app.world().resource::<Tr>().msg(m)
}

#[test]
fn a_new_game_agreed_over_the_unfinished_one_leaves_nothing_to_continue_even_before_a_move() {
    let dir = data_dir("forget");
    let mut first = app(&dir, [Controller::Human, Controller::Human]);
    first.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    first.update();
    play(&mut first, "a6");
    drop(first);
    let autosave = dir.join("autosave.txt");
    assert!(autosave.exists());
    // A new run: Two players asks first (the unfinished game would be lost); Yes; then quit
    // before the first move.
    let mut game = app(&dir, [Controller::Human, Controller::Human]);
    assert!(matches!(*game.world().resource::<Resumable>(), Resumable::Game(_)));
    choose(&mut game, MenuItem::TwoPlayers);
    assert!(matches!(overlay(&game), Overlay::Confirm(_)));
    choose(&mut game, MenuItem::Yes);
    game.update();
    assert_eq!(screen(&game), Screen::Game);
    assert!(!autosave.exists(), "the game the player agreed to lose is still offered");
    game.world_mut().write_message(bevy::app::AppExit::Success);
    game.update();
    let again = app(&dir, [Controller::Human, Controller::Human]);
    assert!(matches!(*again.world().resource::<Resumable>(), Resumable::Nothing));
    std::fs::remove_dir_all(&dir).unwrap();
}
