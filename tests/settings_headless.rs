//! The player's settings belong to the player: a lesson, a puzzle or a saved game brings its
//! own setup and never writes them; a change is written a moment after it is made (no screen
//! change needed), and closing the window right after a change keeps it. Headless `App`s with
//! the game's plugins and a real settings file.

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use bevy::window::WindowCloseRequested;
use konane::ai::Level;
use konane::game::menus::{MenuAdjust, MenuChosen, MenuItem};
use konane::game::modes::puzzles::PuzzleRun;
use konane::game::modes::saves::DataDir;
use konane::game::platform::clipboard::Clipboard;
use konane::game::platform::settings::SettingsFile;
use konane::game::play::authority::Rules;
use konane::game::setup::GameMode;
use konane::game::{Controller, Screen, Settings, core_plugin};
use konane::rules::Geometry;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh folder for one test's settings file and data.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-settings-headless-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game as `run()` sets it up: settings read from `path`, data in `dir`.
fn app(path: &Path, dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    let loaded = SettingsFile::load(path, Settings::default());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    app.insert_resource(loaded.settings);
    app.insert_resource(loaded.file);
    app.insert_resource(DataDir(dir.to_path_buf()));
    app.insert_resource(Clipboard::local());
    core_plugin(&mut app);
    app.update();
    // The history opens on a thread of its own: wait for it, so no test removes its
    // directory while the file is being made.
    common::wait_for_history(&mut app);
    app
}

fn choose(app: &mut App, item: MenuItem) {
    app.world_mut().write_message(MenuChosen(item));
    app.update();
    app.update();
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// Closes the window as the window manager's close button does, and lets the frame run.
fn close_window(app: &mut App) {
    app.world_mut().write_message(WindowCloseRequested { window: Entity::PLACEHOLDER });
    app.world_mut().write_message(AppExit::Success);
    app.update();
}

const TEN_BY_TEN_VS_EXPERT: &str =
    "# mine\nsize = \"10x10\"\nblack = \"human\"\nwhite = \"expert\"\nlevel = \"hard\"\n";

/// After `visit`, closing the window leaves the settings file byte for byte as it was, and a
/// new run offers the same custom game.
fn settings_survive(name: &str, visit: impl Fn(&mut App, &Path)) {
    let dir = folder(name);
    let path = dir.join("settings.toml");
    std::fs::write(&path, TEN_BY_TEN_VS_EXPERT).unwrap();
    let mut game = app(&path, &dir);
    visit(&mut game, &dir);
    close_window(&mut game);
    drop(game);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), TEN_BY_TEN_VS_EXPERT, "after {name}");
    let again = app(&path, &dir);
    let s = again.world().resource::<Settings>();
    assert_eq!(s.size, Geometry::new(10, 10).unwrap(), "after {name}");
    assert_eq!(s.players, [Controller::Human, Controller::Ai(Level::Expert)], "after {name}");
    assert_eq!(s.level, Level::Hard, "after {name}");
    // Dropping the app waits for its history to be open, so no file appears while the
    // directory is removed.
    drop(again);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_lesson_leaves_the_settings_as_they_were() {
    settings_survive("lesson", |app, _| {
        choose(app, MenuItem::Tutorial);
        choose(app, MenuItem::Lesson(2));
        assert_eq!(screen(app), Screen::Game);
        let rules = app.world().resource::<Rules>();
        assert_eq!(rules.setup.mode, GameMode::Lesson);
        assert_eq!(rules.setup.players, [Controller::Human; 2]);
        assert_eq!(rules.game.geometry().cols(), 6);
    });
}

#[test]
fn a_puzzle_leaves_the_settings_as_they_were() {
    settings_survive("puzzle", |app, _| {
        choose(app, MenuItem::Puzzles);
        choose(app, MenuItem::PuzzleGrade(0));
        for _ in 0..100 {
            app.update();
        }
        assert_eq!(screen(app), Screen::Game);
        assert!(app.world().contains_resource::<PuzzleRun>());
        assert_eq!(app.world().resource::<Rules>().setup.mode, GameMode::Puzzle);
    });
}

#[test]
fn loading_a_saved_game_leaves_the_settings_as_they_were() {
    settings_survive("load", |app, dir| {
        std::fs::create_dir_all(dir.join("saves")).unwrap();
        std::fs::write(dir.join("saves").join("2026-01-01_10-00-00.txt"), "# white: easy\n8x8\nd5 e5\n").unwrap();
        choose(app, MenuItem::MoreGames);
        choose(app, MenuItem::LoadGame);
        choose(app, MenuItem::OpenSave(0));
        app.update();
        assert_eq!(screen(app), Screen::Game);
        let rules = app.world().resource::<Rules>();
        assert_eq!(rules.setup.players, [Controller::Human, Controller::Ai(Level::Easy)]);
        assert_eq!(rules.game.ply(), 2);
    });
}

#[test]
fn a_change_is_written_without_leaving_the_screen_and_kept_when_the_window_closes_at_once() {
    let dir = folder("change");
    let path = dir.join("settings.toml");
    std::fs::write(&path, TEN_BY_TEN_VS_EXPERT).unwrap();
    // Written a moment later, on the title screen, with nothing else happening.
    let mut game = app(&path, &dir);
    choose(&mut game, MenuItem::Settings);
    game.world_mut().write_message(MenuAdjust(MenuItem::Volume, -1));
    let mut text = String::new();
    for _ in 0..600 {
        game.update();
        text = std::fs::read_to_string(&path).unwrap();
        if text.contains("volume") {
            break;
        }
    }
    assert_eq!(text, format!("{TEN_BY_TEN_VS_EXPERT}volume = 70\n"));
    assert_eq!(screen(&game), Screen::Title);
    // A change, and the window closed in the very next frame: kept all the same.
    game.world_mut().write_message(MenuChosen(MenuItem::Mute));
    game.update();
    close_window(&mut game);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), format!("{TEN_BY_TEN_VS_EXPERT}volume = 70\nmute = true\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_game_on_the_same_profile_neither_continues_nor_overwrites_the_first_one_s_game() {
    use konane::game::modes::saves::{Profile, Resumable};
    let dir = folder("second");
    std::fs::write(dir.join("autosave.txt"), "# black: human\n# white: medium\n8x8\nd5 e5\n").unwrap();
    let first = Profile::lock(&dir);
    assert!(first.owns_autosave());
    let second = Profile::lock(&dir);
    assert!(!second.owns_autosave(), "the lock is held by the first game");
    let path = dir.join("settings.toml");
    let mut game = app(&path, &dir);
    game.insert_resource(second);
    // Back on the title (where it looks for a game to continue): nothing offered.
    game.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    game.update();
    game.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    game.update();
    assert!(matches!(*game.world().resource::<Resumable>(), Resumable::Nothing));
    // A game played here leaves the first one's unfinished game alone.
    choose(&mut game, MenuItem::TwoPlayers);
    let d5 = konane::rules::parse_move(&Geometry::new(8, 8).unwrap(), "a8").unwrap();
    game.world_mut().write_message(konane::game::play::authority::Intent::Play { mv: d5, generation: None });
    game.update();
    game.update();
    assert_eq!(game.world().resource::<Rules>().game.ply(), 1);
    close_window(&mut game);
    assert_eq!(
        std::fs::read_to_string(dir.join("autosave.txt")).unwrap(),
        "# black: human\n# white: medium\n8x8\nd5 e5\n"
    );
    // Once the first game ends, the profile is free again.
    drop(first);
    assert!(Profile::lock(&dir).owns_autosave());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_where_the_profile_s_lock_belongs_is_passed_over_not_waited_on() {
    use konane::game::modes::saves::Profile;
    let dir = folder("lock-fifo");
    let lock = std::ffi::CString::new(dir.join("lock").to_str().unwrap()).unwrap();
    // SAFETY: mkfifo with a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(lock.as_ptr(), 0o600) }, 0);
    // Opening the FIFO to write would wait for a reader forever; the lock is not kept instead.
    assert!(Profile::lock(&dir).owns_autosave());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A settings file as the 0.1.0 release wrote it (`settings.txt`, with a comment of the
/// player's): read once into `settings.toml`, which holds every line of it (comments too) with
/// the same values; its bindings read back as they were, matched by command name; its solved
/// puzzles (places in that release's book) are moved onto the puzzles' identifiers; the old
/// file is left as it was.
#[test]
fn a_settings_file_of_the_0_1_0_release_reads_back_unchanged_into_toml_once() {
    use konane::game::platform::bindings::{Chord, Command};
    let dir = folder("release-0.1.0");
    let old = include_str!("fixtures/settings-0.1.0.txt");
    std::fs::write(dir.join("settings.txt"), old).unwrap();
    let path = dir.join("settings.toml");
    let loaded = SettingsFile::load(&path, Settings::default());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    let b = &loaded.settings.bindings;
    let plain = |key| Chord { key, ctrl: false };
    assert_eq!(b.keys(Command::Undo), &[plain(KeyCode::KeyG)]);
    assert_eq!(b.keys(Command::Hint), &[plain(KeyCode::KeyU)]);
    assert_eq!(b.keys(Command::MoveList), &[Chord { key: KeyCode::KeyO, ctrl: true }]);
    assert_eq!(b.keys(Command::Confirm), &[plain(KeyCode::Enter), plain(KeyCode::NumpadEnter), plain(KeyCode::Space)]);
    assert_eq!(b.pads(Command::Mute), &[GamepadButton::RightThumb]);
    assert_eq!(b.pads(Command::Hint), &[GamepadButton::North]);
    assert!(b.keys(Command::Pause).is_empty() && b.pads(Command::TypeMove).is_empty());
    // The puzzles: places 1 2 3 66 67 141 201 382 of the 0.1.0 book, now by identifier.
    let legacy = konane::history::legacy_puzzles::legacy_puzzles();
    let ids: Vec<&str> = loaded.settings.puzzles_solved.ids().collect();
    let mut want: Vec<&str> = [1, 2, 3, 66, 67, 141, 201, 382].iter().map(|p| legacy[p - 1].1.as_str()).collect();
    want.sort();
    assert_eq!(ids, want);
    // The TOML file: line for line the old one, each value in TOML's words; the old file as
    // it was.
    let now = std::fs::read_to_string(&path).unwrap();
    assert_eq!(std::fs::read_to_string(dir.join("settings.txt")).unwrap(), old);
    assert_eq!(old.lines().count(), now.lines().count());
    for (a, b) in old.lines().zip(now.lines()) {
        match a.split_once(" = ") {
            None => assert_eq!(a, b),
            Some(("puzzles", _)) => {
                let quoted: Vec<String> = want.iter().map(|id| format!("\"{id}\"")).collect();
                assert_eq!(b, format!("puzzles = [{}]", quoted.join(", ")));
            }
            Some((key, value)) => {
                let (k, v) = b.split_once(" = ").unwrap_or_else(|| panic!("{b}"));
                assert_eq!(k, key);
                let words: Vec<String> =
                    value.split(',').map(str::trim).filter(|w| !w.is_empty()).map(|w| format!("\"{w}\"")).collect();
                let expected = match value.trim() {
                    "on" => "true".to_string(),
                    "off" => "false".to_string(),
                    n if n.parse::<f64>().is_ok() => n.to_string(),
                    _ if key.starts_with("keys-") || key.starts_with("pad-") => format!("[{}]", words.join(", ")),
                    w => format!("\"{w}\""),
                };
                assert_eq!(v, expected, "{a}");
            }
        }
    }
    // Once: read again, the TOML file gives the same settings and is not rewritten.
    let again = SettingsFile::load(&path, Settings::default());
    assert!(again.messages.is_empty());
    assert_eq!(again.settings, loaded.settings);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), now);
    std::fs::remove_dir_all(&dir).unwrap();
}
