//! Whole games played with one device only — a gamepad, or a keyboard — from the title screen
//! to game over and a rematch, in a headless `App` with Bevy's real input plugin: the test
//! sends the same raw gamepad and keyboard messages a driver would.

use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::{ButtonState, InputPlugin};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::play::authority::Rules;
use konane::game::play::screen::Overlay;
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::rules::{Coord, Geometry, Move};
use std::time::{Duration, Instant};

/// Only a hang reaches this.
const HANG: Duration = Duration::from_secs(180);

mod common;
use common::devices::{Device, Press};

fn app_with(device: &str) -> (App, Device) {
    app_with_data(device, None)
}

/// An app on the title with `device`, keeping its data (the history) in `data` if given.
fn app_with_data(device: &str, data: Option<&std::path::Path>) -> (App, Device) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings {
        size: Geometry::new(6, 6).unwrap(),
        players: [Controller::Human, Controller::Ai(Level::Beginner)],
        level: Level::Beginner,
        ai_min_delay: 0.0,
        anim_speed: 0.0,
        ..Settings::default()
    });
    // The window's pointer message, which the window plugin would add.
    app.add_message::<CursorMoved>();
    if let Some(dir) = data {
        app.insert_resource(konane::game::modes::saves::DataDir(dir.to_path_buf()));
    }
    core_plugin(&mut app);
    konane::game::board::input::device_plugin(&mut app);
    app.update();
    let device = if device == "pad" {
        let pad = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(GamepadConnectionEvent::new(
            pad,
            GamepadConnection::Connected { name: "Test pad".into(), vendor_id: None, product_id: None },
        ));
        app.update();
        assert!(app.world().get::<Gamepad>(pad).is_some(), "the test pad did not connect");
        Device::Pad(pad)
    } else {
        Device::Keyboard
    };
    (app, device)
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn turn(app: &App) -> Turn {
    *app.world().resource::<State<Turn>>().get()
}

fn rules(app: &App) -> &Rules {
    app.world().resource::<Rules>()
}

/// Play vs computer from the title, then the opening removal of a8 and the computer's answer:
/// a game that has begun, with you to move.
fn start_vs_computer_and_remove_a_corner(app: &mut App, device: Device) {
    device.press(app, Press::Choose);
    app.update();
    choose_cell(app, device, Coord::new(0, 0));
    while turn(app) != Turn::Human {
        app.update();
    }
}

/// Moves the board cursor to `to` with the device's directions, then chooses.
fn choose_cell(app: &mut App, device: Device, to: Coord) {
    let cursor = app.world().resource::<konane::game::board::input::BoardCursor>().clone();
    if !cursor.visible {
        // The first Choose only shows the cursor (at its last place).
        device.press(app, Press::Choose);
    }
    let at = app.world().resource::<konane::game::board::input::BoardCursor>().at;
    for _ in at.row..to.row {
        device.press(app, Press::Down);
    }
    for _ in to.row..at.row {
        device.press(app, Press::Up);
    }
    for _ in at.col..to.col {
        device.press(app, Press::Right);
    }
    for _ in to.col..at.col {
        device.press(app, Press::Left);
    }
    assert_eq!(app.world().resource::<konane::game::board::input::BoardCursor>().at, to);
    device.press(app, Press::Choose);
}

/// From the title screen to game over and a rematch, with one device only.
fn whole_game_with(kind: &str) {
    let (mut app, device) = app_with(kind);
    assert_eq!(screen(&app), Screen::Title);
    // The title's first item is Play (against the computer; there is no game to continue).
    device.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(screen(&app), Screen::Game, "Play vs computer did not start a game");
    let start = Instant::now();
    let mut moves_played = 0;
    while turn(&app) != Turn::Over {
        assert!(start.elapsed() < HANG, "the game did not finish");
        if turn(&app) != Turn::Human {
            app.update();
            continue;
        }
        let legal = rules(&app).legal_moves();
        let m: Move = legal[moves_played % legal.len()];
        let before = rules(&app).game.ply();
        choose_cell(&mut app, device, m.from);
        if !m.is_removal() {
            choose_cell(&mut app, device, m.to);
        }
        app.update();
        assert_eq!(rules(&app).game.moves().get(before), Some(&m), "the {kind} did not play {m:?}");
        moves_played += 1;
    }
    app.update();
    assert!(moves_played >= 2);
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::GameOver, "no game-over panel");
    let generation = rules(&app).generation;
    // The game-over panel's first item is "Rematch".
    device.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::None);
    assert_eq!(rules(&app).game.ply(), 0, "Rematch did not start a new game");
    assert!(rules(&app).generation > generation);
    assert_eq!(
        rules(&app).setup.players,
        [Controller::Human, Controller::Ai(Level::Beginner)],
        "Rematch keeps the colours"
    );
    assert_eq!(*rules(&app).game.geometry(), Geometry::new(8, 8).unwrap(), "Play vs computer is on the 8x8 board");
}

#[test]
fn a_whole_game_and_a_rematch_with_only_a_gamepad() {
    whole_game_with("pad");
}

#[test]
fn a_whole_game_and_a_rematch_with_only_a_keyboard() {
    whole_game_with("keyboard");
}

#[test]
fn the_pause_menu_opens_moves_focus_and_confirms_before_restarting() {
    let (mut app, pad) = app_with("pad");
    pad.press(&mut app, Press::Choose);
    app.update();
    // Play the opening removal so there is something to lose.
    let Device::Pad(entity) = pad else { unreachable!() };
    choose_cell(&mut app, pad, Coord::new(0, 0));
    while turn(&app) != Turn::Human {
        app.update();
    }
    let ply = rules(&app).game.ply();
    assert_eq!(ply, 2, "the removal and the computer's reply");
    // Start opens the pause menu: Resume, Restart, Quit to title.
    app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
        entity,
        GamepadButton::Start,
        1.0,
    )));
    app.update();
    app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
        entity,
        GamepadButton::Start,
        0.0,
    )));
    app.update();
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::Pause);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose); // Restart: asks first
    assert!(matches!(*app.world().resource::<Overlay>(), Overlay::Confirm(_)));
    assert_eq!(rules(&app).game.ply(), ply, "restarted without asking");
    pad.press(&mut app, Press::Choose); // the focus starts on "No"
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::Pause);
    assert_eq!(rules(&app).game.ply(), ply);
    // Back in the pause menu, the focus is where it was: on Restart.
    assert_eq!(app.world().resource::<konane::game::menus::MenuFocus>().index, 1);
    pad.press(&mut app, Press::Choose); // Restart again
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose); // Yes
    app.update();
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::None);
    assert_eq!(rules(&app).game.ply(), 0, "Yes did not restart");
}

#[test]
fn settings_are_changed_with_the_pad_and_the_m_key_and_saved() {
    use konane::game::platform::settings::SettingsFile;
    let dir = std::env::temp_dir().join(format!("konane-pad-settings-{}", std::process::id()));
    common::remove_at_exit();
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("settings.toml");
    let (mut app, pad) = app_with("pad");
    let mut file = SettingsFile::load(&path, Settings::default()).file;
    file.agree(app.world().resource::<Settings>());
    app.insert_resource(file);
    // Title: Play, New game, Learn, Puzzles, Online, Your record, Settings, Quit: up from Play
    // goes round to Quit, then Settings.
    for _ in 0..2 {
        pad.press(&mut app, Press::Up);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::Settings);
    // The first item is the language: left steps back from English to Nederlands, and the
    // words change at once.
    use konane::game::platform::i18n::{Lang, Tr};
    assert_eq!(app.world().resource::<Tr>().t("menu-settings"), "Settings");
    pad.press(&mut app, Press::Left);
    assert_eq!(app.world().resource::<Settings>().language, Lang::Nl);
    assert_eq!(app.world().resource::<Tr>().lang(), Lang::Nl);
    assert_eq!(app.world().resource::<Tr>().t("menu-settings"), "Instellingen");
    // The second item is the volume: left lowers it by a tenth.
    pad.press(&mut app, Press::Down);
    let before = app.world().resource::<Settings>().volume;
    pad.press(&mut app, Press::Left);
    let after = app.world().resource::<Settings>().volume;
    assert!((before - 0.1 - after).abs() < 1e-4, "{before} -> {after}");
    // The third item is the sound: choosing it mutes; M on the keyboard unmutes.
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    assert!(app.world().resource::<Settings>().muted);
    Device::Keyboard.send(&mut app, Press::Choose, false);
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::KeyM,
        logical_key: Key::Character("m".into()),
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    assert!(!app.world().resource::<Settings>().muted, "M did not unmute");
    // Back (East on the pad) closes the settings; starting a game saves them.
    let Device::Pad(entity) = pad else { unreachable!() };
    for value in [1.0, 0.0] {
        app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            entity,
            GamepadButton::East,
            value,
        )));
        app.update();
    }
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::None);
    // They are written a moment after the last change, without leaving the screen.
    let mut saved = String::new();
    for _ in 0..600 {
        app.update();
        saved = std::fs::read_to_string(&path).unwrap_or_default();
        if saved.contains("language = \"nl\"") {
            break;
        }
    }
    assert!(saved.contains("volume = 70"), "{saved}");
    assert!(saved.contains("language = \"nl\""), "{saved}");
    assert!(!saved.contains("mute"), "an unchanged value is not written: {saved}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<Overlay>()
}

#[test]
fn a_custom_game_is_set_up_and_started_with_only_a_gamepad() {
    let (mut app, pad) = app_with("pad");
    // Title: Play, New game; then Play vs computer, Opponent, You play, Two players, Watch,
    // Custom.
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::MoreGames);
    for _ in 0..5 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::Setup);
    // Board preset: 6x6 → 8x8; rows 8 → 9; columns 8 → 7.
    pad.press(&mut app, Press::Right);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Right);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Left);
    // Black: Person → Computer (beginner); White: Computer (beginner) → Person.
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Right);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Left);
    assert_eq!(app.world().resource::<Settings>().players, [Controller::Ai(Level::Beginner), Controller::Human]);
    // Swap colours, then Start game.
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    assert_eq!(app.world().resource::<Settings>().players, [Controller::Human, Controller::Ai(Level::Beginner)]);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(overlay(&app), Overlay::None);
    let geo = *rules(&app).game.geometry();
    assert_eq!((geo.rows(), geo.cols()), (9, 7));
    // The choice is remembered: back on the title, the setup shows it again.
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    let settings = app.world().resource::<Settings>();
    assert_eq!((settings.size.rows(), settings.size.cols()), (9, 7));
}

#[test]
fn play_vs_computer_as_white_at_another_level_with_only_a_keyboard() {
    let (mut app, keys) = app_with("keyboard");
    // The title's Play ("vs the computer · Beginner"): right raises the level. New game: its
    // "You play: Black" swaps with right, and Play vs computer starts.
    keys.press(&mut app, Press::Right);
    keys.press(&mut app, Press::Right);
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::MoreGames);
    // Past the Opponent to "You play".
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Right);
    keys.press(&mut app, Press::Up);
    keys.press(&mut app, Press::Up);
    keys.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(rules(&app).setup.players, [Controller::Ai(Level::Medium), Controller::Human]);
    // The title remembers the level and colour, not the custom game's players.
    let settings = app.world().resource::<Settings>();
    assert_eq!((settings.level, settings.colour), (Level::Medium, konane::rules::Color::White));
    assert_eq!(settings.players, [Controller::Human, Controller::Ai(Level::Beginner)]);
}

#[test]
fn resigning_asks_first_ends_the_game_and_undo_takes_it_back() {
    let (mut app, keys) = app_with("keyboard");
    start_vs_computer_and_remove_a_corner(&mut app, keys);
    // Esc opens the pause menu: Resume, Restart, Save game, Copy record, Resign.
    keys.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::Pause);
    for _ in 0..4 {
        keys.press(&mut app, Press::Down);
    }
    keys.press(&mut app, Press::Choose);
    assert!(matches!(overlay(&app), Overlay::Confirm(_)), "{:?}", overlay(&app));
    // No (the first answer) keeps playing; Esc there goes back to the pause menu too.
    keys.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::Pause);
    assert!(rules(&app).winner().is_none());
    // The focus came back to Resign, where the player left.
    keys.press(&mut app, Press::Choose);
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Choose); // Yes
    app.update();
    assert_eq!(rules(&app).resigned, Some(konane::rules::Color::Black), "you (Black) resigned");
    assert_eq!(rules(&app).winner(), Some(konane::rules::Color::White));
    assert_eq!(turn(&app), Turn::Over);
    assert_eq!(overlay(&app), Overlay::GameOver);
    // Look at the board (Esc closes the panel, and only that), then U takes the resignation
    // back: your turn again.
    keys.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::None, "the Esc that closed the panel also reached the board");
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::KeyU,
        logical_key: Key::Character("u".into()),
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    app.update();
    assert_eq!(rules(&app).resigned, None);
    assert_eq!(rules(&app).game.ply(), 2, "undoing the resignation takes back no move");
    assert_eq!(turn(&app), Turn::Human);
}

#[test]
fn a_saved_game_is_deleted_with_the_pad_s_x_button_after_asking() {
    use konane::game::modes::saves::{DataDir, SaveList};
    let dir = std::env::temp_dir().join(format!("konane-pad-delete-{}", std::process::id()));
    common::remove_at_exit();
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    let file = dir.join("saves").join("2026-01-01_10-00-00.txt");
    std::fs::write(&file, "6x6\na6 b6\n").unwrap();
    let (mut app, pad) = app_with("pad");
    app.insert_resource(DataDir(dir.clone()));
    // Title: New game (the second item), then Load game (its seventh).
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    for _ in 0..6 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::Load);
    assert_eq!(app.world().resource::<SaveList>().entries.len(), 1);
    // X on the saved game asks; B answers no; X and then Yes deletes it.
    pad.press(&mut app, Press::Delete);
    assert!(matches!(overlay(&app), Overlay::Confirm(_)));
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::Load);
    assert!(file.exists());
    pad.press(&mut app, Press::Delete);
    pad.press(&mut app, Press::Down);
    pad.press(&mut app, Press::Choose);
    app.update();
    assert!(!file.exists(), "not deleted");
    assert_eq!(overlay(&app), Overlay::Load);
    assert!(app.world().resource::<SaveList>().entries.is_empty());
    // B closes the Load screen, back to the other ways to play, and then to the title.
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::MoreGames);
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::None);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn how_to_play_opens_from_the_title_and_the_pause_menu_and_back_returns() {
    let (mut app, pad) = app_with("pad");
    // Learn (the third item) lists the lessons, then How to play.
    for _ in 0..2 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::Lessons);
    // Up from the first lesson: Back, then How to play.
    for _ in 0..2 {
        pad.press(&mut app, Press::Up);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::HowToPlay);
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::Lessons);
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::None);
    // In a game: Start, then How to play (fifth that can be chosen in the pause menu of a game
    // not yet begun: Resign is there, greyed, and passed over); B goes back to the pause menu.
    // Back on the title, the focus is on Learn again; up to Play.
    for _ in 0..2 {
        pad.press(&mut app, Press::Up);
    }
    pad.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    keys_or_pad_start(&mut app, pad);
    assert_eq!(overlay(&app), Overlay::Pause);
    for _ in 0..4 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::HowToPlay);
    pad.press(&mut app, Press::Back);
    assert_eq!(overlay(&app), Overlay::Pause);
}

/// How many `ScrollPage` messages were sent (the window's UI would scroll the page by them).
#[derive(Resource, Default)]
struct PageScrolls(i32);

#[test]
fn about_opens_from_the_settings_scrolls_with_up_and_down_and_back_returns_with_a_pad_or_keys() {
    use konane::game::menus::{MenuFocus, ScrollPage};
    for kind in ["pad", "keys"] {
        let (mut app, device) = app_with(kind);
        app.init_resource::<PageScrolls>().add_systems(
            Update,
            |mut read: MessageReader<ScrollPage>, mut seen: ResMut<PageScrolls>| {
                seen.0 += read.read().map(|s| s.0).sum::<i32>();
            },
        );
        // Title: Settings is the seventh item that can be chosen (after Your record); in it,
        // About is just above Back.
        for _ in 0..6 {
            device.press(&mut app, Press::Down);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Settings, "{kind}");
        for _ in 0..2 {
            device.press(&mut app, Press::Up);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::About, "{kind}");
        // Down and up scroll the page; the focus stays on its Back.
        for _ in 0..3 {
            device.press(&mut app, Press::Down);
        }
        device.press(&mut app, Press::Up);
        assert_eq!(app.world().resource::<PageScrolls>().0, 2, "{kind}: three down, one up");
        assert_eq!(overlay(&app), Overlay::About, "{kind}");
        assert_eq!(app.world().resource::<MenuFocus>().index, 0);
        // Back (B or Esc) returns to the settings; Choose on the page's Back does too.
        device.press(&mut app, Press::Back);
        assert_eq!(overlay(&app), Overlay::Settings, "{kind}");
        for _ in 0..2 {
            device.press(&mut app, Press::Up);
        }
        device.press(&mut app, Press::Choose);
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Settings, "{kind}");
    }
}

/// Presses the pad's Start button.
fn keys_or_pad_start(app: &mut App, pad: Device) {
    let Device::Pad(entity) = pad else { unreachable!() };
    for value in [1.0, 0.0] {
        app.world_mut().write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(
            entity,
            GamepadButton::Start,
            value,
        )));
        app.update();
    }
}

/// Plays a move in notation with the device: the stone, then where it lands.
fn play_with(app: &mut App, device: Device, text: &str) {
    let geo = *rules(app).game.geometry();
    let m = konane::rules::parse_move(&geo, text).unwrap();
    choose_cell(app, device, m.from);
    if !m.is_removal() {
        choose_cell(app, device, m.to);
    }
    app.update();
    app.update();
}

fn lesson(app: &App) -> Option<(usize, bool)> {
    app.world().get_resource::<konane::game::modes::tutorial::Tutorial>().map(|t| (t.lesson, t.passed))
}

#[test]
fn the_whole_tutorial_with_only_a_gamepad_explains_wrong_moves_and_remembers_progress() {
    let (mut app, pad) = app_with("pad");
    // Title: Learn (the third item): the lessons, the first one focused.
    for _ in 0..2 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::Lessons);
    let settings_before = app.world().resource::<Settings>().clone();
    pad.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(screen(&app), Screen::Game);
    assert_eq!(overlay(&app), Overlay::Lesson);
    assert_eq!(lesson(&app), Some((0, false)));
    assert_eq!(rules(&app).setup.players, [Controller::Human, Controller::Human]);
    // Lesson 1 is read: Next.
    pad.press(&mut app, Press::Choose);
    assert_eq!(lesson(&app), Some((1, false)));
    // Each playing lesson: Try it, make the move (after a wrong one where there is one),
    // then Next from the "well done" panel.
    let lessons: [(&str, Option<&str>); 6] = [
        ("a6", None),
        ("c5", None),
        ("b4-d4", None),
        ("a4-e4", Some("a4-c4")),
        ("a4-c4", Some("a4-e4")),
        ("a6-a2", Some("a6-a4")),
    ];
    for (k, (right, wrong)) in lessons.into_iter().enumerate() {
        let index = k + 1;
        assert_eq!(overlay(&app), Overlay::Lesson, "lesson {}", index + 1);
        pad.press(&mut app, Press::Choose); // Try it
        assert_eq!(overlay(&app), Overlay::None, "lesson {}", index + 1);
        if let Some(w) = wrong {
            play_with(&mut app, pad, w);
            assert_eq!(rules(&app).game.ply(), 0, "lesson {}: the wrong move {w} was played", index + 1);
            assert_eq!(lesson(&app), Some((index, false)));
            // Drop any selection left by the refused move.
            pad.press(&mut app, Press::Back);
            if overlay(&app) == Overlay::Pause {
                pad.press(&mut app, Press::Back);
            }
        }
        play_with(&mut app, pad, right);
        assert_eq!(rules(&app).game.ply(), 1, "lesson {}: {right} was not played", index + 1);
        assert_eq!(lesson(&app), Some((index, true)));
        assert_eq!(overlay(&app), Overlay::Lesson, "lesson {}: no well-done panel", index + 1);
        assert!(app.world().resource::<Settings>().tutorial as usize > index);
        pad.press(&mut app, Press::Choose); // Next lesson
        app.update();
    }
    // Lesson 7 ended the game, yet the lesson panel (not the game-over panel) was shown.
    assert_eq!(lesson(&app), Some((7, false)));
    pad.press(&mut app, Press::Choose); // the last lesson is read: Next ends the tutorial
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert!(lesson(&app).is_none());
    // The lessons passed are kept; nothing else in the settings changed.
    let after = app.world().resource::<Settings>().clone();
    assert_eq!(after.tutorial, 8);
    assert_eq!(Settings { tutorial: 0, ..after }, Settings { tutorial: 0, ..settings_before });
}

#[test]
fn the_tutorial_starts_from_a_game_s_pause_menu_and_gives_the_players_back() {
    let (mut app, keys) = app_with("keyboard");
    start_vs_computer_and_remove_a_corner(&mut app, keys);
    // Esc: Resume, Restart, Save game, Copy record, Resign, How to play, Learn to play.
    keys.press(&mut app, Press::Back);
    for _ in 0..6 {
        keys.press(&mut app, Press::Down);
    }
    keys.press(&mut app, Press::Choose);
    assert_eq!(overlay(&app), Overlay::Lessons);
    keys.press(&mut app, Press::Choose); // lesson 1
    app.update();
    assert_eq!(overlay(&app), Overlay::Lesson);
    assert!(lesson(&app).is_some());
    assert_eq!(rules(&app).game.geometry().cols(), 6, "the lesson's board is shown");
    assert_eq!(rules(&app).setup.players, [Controller::Human, Controller::Human]);
    // Leave the tutorial (the second item): the title, with the players of before.
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Choose);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Title);
    assert!(lesson(&app).is_none());
    assert_eq!(app.world().resource::<Settings>().players, [Controller::Human, Controller::Ai(Level::Beginner)]);
    assert!(
        app.world().get_resource::<konane::game::play::authority::NextGame>().is_none(),
        "a lesson's board was left to start the next game from"
    );
}

#[test]
fn u_over_the_game_over_panel_takes_the_resignation_back_and_closes_the_panel() {
    let (mut app, keys) = app_with("keyboard");
    start_vs_computer_and_remove_a_corner(&mut app, keys);
    // Resign through the pause menu (Resume, Restart, Save game, Copy record, Resign), Yes.
    keys.press(&mut app, Press::Back);
    for _ in 0..4 {
        keys.press(&mut app, Press::Down);
    }
    keys.press(&mut app, Press::Choose);
    keys.press(&mut app, Press::Down);
    keys.press(&mut app, Press::Choose);
    app.update();
    assert_eq!(overlay(&app), Overlay::GameOver);
    let level = rules(&app).setup.opponent_level().unwrap();
    assert_eq!(app.world().resource::<konane::game::play::score::Score>().against(level), (0, 1));
    // U with the panel open: the resignation is taken back, the panel closes, the loss is
    // no longer counted, and it is your turn again.
    app.world_mut().write_message(KeyboardInput {
        key_code: KeyCode::KeyU,
        logical_key: Key::Character("u".into()),
        state: ButtonState::Pressed,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(rules(&app).resigned, None);
    assert_eq!(overlay(&app), Overlay::None, "the game-over panel stayed while play goes on");
    assert_eq!(turn(&app), Turn::Human);
    assert_eq!(app.world().resource::<konane::game::play::score::Score>().against(level), (0, 0));
}

#[test]
fn the_title_s_board_is_there_on_every_visit() {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.add_plugins((bevy::asset::AssetPlugin::default(), bevy::image::ImagePlugin::default()));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    core_plugin(&mut app);
    konane::game::board_plugins(&mut app);
    konane::game::board::title_art::plugin(&mut app);
    let art = |app: &mut App| {
        let mut q = app.world_mut().query::<&Name>();
        q.iter(app.world()).filter(|n| n.as_str() == "Title art").count()
    };
    for visit in 1..=3 {
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(screen(&app), Screen::Title);
        assert_eq!(art(&mut app), 1, "visit {visit}: no board behind the title");
        app.world_mut().write_message(konane::game::play::screen::GoTo(Screen::Game));
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(art(&mut app), 0, "the title's board stays in the game");
        app.world_mut().write_message(konane::game::play::screen::GoTo(Screen::Title));
    }
    // A new theme chosen in the title's settings: the board behind the title takes its look at
    // once, not on the next visit.
    for _ in 0..3 {
        app.update();
    }
    use konane::game::board::textures::{TextureSets, Textures};
    let old = app.world().resource::<Textures>().slab.clone();
    let theme = app.world().resource::<konane::game::platform::settings::Settings>().theme;
    let other = *konane::game::platform::settings::Theme::ALL.iter().find(|t| **t != theme).unwrap();
    // The other theme's textures are made on a thread: wait for them (a state, not a time).
    let start = std::time::Instant::now();
    while !app.world().resource::<TextureSets>().has(other) {
        assert!(start.elapsed() < Duration::from_secs(60), "the other theme's textures never came");
        app.update();
    }
    app.world_mut().write_message(konane::game::platform::settings::EditSettings::new(move |s| s.theme = other));
    for _ in 0..3 {
        app.update();
    }
    let new = app.world().resource::<Textures>().slab.clone();
    assert_ne!(new, old, "the textures follow the theme");
    let mut sprites = app.world_mut().query::<&Sprite>();
    let slabs: Vec<_> =
        sprites.iter(app.world()).filter(|s| s.image == new || s.image == old).map(|s| s.image == new).collect();
    assert!(!slabs.is_empty() && slabs.iter().all(|n| *n), "the title's board keeps the old theme: {slabs:?}");
    assert_eq!(art(&mut app), 1);
}

#[test]
fn your_record_and_your_games_open_with_a_pad_or_keys_and_a_game_opens_for_review() {
    use konane::game::modes::history::{PlayerHistory, RecordView};
    use konane::history::{FinishedGame, History, Player};
    for kind in ["pad", "keys"] {
        let dir = std::env::temp_dir().join(format!("konane-devices-record-{kind}-{}", std::process::id()));
        common::remove_at_exit();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        {
            // Three finished games against Easy, played by always taking the first move.
            let (history, _) = History::open(&dir.join(konane::history::FILE_NAME));
            let mut history = history.unwrap();
            for at in 0..3 {
                let mut game = konane::rules::Game::new(Geometry::new(6, 6).unwrap());
                while let Some(&mv) = game.legal_moves().first() {
                    game.play(mv).unwrap();
                }
                let winner = game.winner().unwrap();
                let players = [Player::Person, Player::Computer(Level::Easy)];
                let g = FinishedGame {
                    finished_at: at,
                    players,
                    you: Some(konane::rules::Color::Black),
                    winner,
                    resigned: false,
                    took_back: false,
                    game,
                };
                history.record(&g).unwrap();
            }
        }
        let (mut app, device) = app_with_data(kind, Some(&dir));
        let start = Instant::now();
        while app.world().resource::<PlayerHistory>().rating.is_none() {
            assert!(start.elapsed() < common::LIMIT, "{kind}: the history never opened");
            app.update();
        }
        // Title: Your record is the sixth item that can be chosen.
        for _ in 0..5 {
            device.press(&mut app, Press::Down);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Stats, "{kind}");
        assert_eq!(app.world().resource::<RecordView>().stats.as_ref().unwrap().games, 3, "{kind}");
        // Back returns to the title (its focus back on Your record, where it was); again, and
        // on to Your games, then the newest game.
        device.press(&mut app, Press::Back);
        assert_eq!(overlay(&app), Overlay::None, "{kind}");
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Stats, "{kind}");
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Recorded, "{kind}");
        assert_eq!(app.world().resource::<RecordView>().games.len(), 3);
        device.press(&mut app, Press::Choose);
        let start = Instant::now();
        while screen(&app) != Screen::Game || app.world().get_resource::<Rules>().is_none_or(|r| r.winner().is_none()) {
            assert!(start.elapsed() < common::LIMIT, "{kind}: the game never opened");
            app.update();
        }
        assert_eq!(rules(&app).setup.players, [Controller::Human, Controller::Ai(Level::Easy)]);
        drop(app);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// How many Hint actions the input produced.
#[derive(Resource, Default)]
struct Hints(usize);

/// One press of a key or button that the shared driver has no name for.
fn press_raw(app: &mut App, device: Device, key: KeyCode, button: GamepadButton) {
    for down in [true, false] {
        match device {
            Device::Pad(pad) => {
                let value = if down { 1.0 } else { 0.0 };
                app.world_mut()
                    .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, button, value)));
            }
            Device::Keyboard => common::devices::key_event(app, key, Key::Character("g".into()), down),
        }
        app.update();
    }
}

#[test]
fn controls_are_rebound_refused_when_taken_and_reset_with_only_a_pad_or_only_keys() {
    use konane::game::board::input::{Action, Capture};
    use konane::game::platform::bindings::{Bindings, Chord, Command};
    for kind in ["pad", "keys"] {
        let (mut app, device) = app_with(kind);
        app.init_resource::<Hints>().add_systems(Update, |mut read: MessageReader<Action>, mut seen: ResMut<Hints>| {
            seen.0 += read.read().filter(|a| **a == Action::Hint).count();
        });
        // Title → Settings (seventh) → Accessibility… (third from the end) → Controls… (third
        // from the end).
        for _ in 0..6 {
            device.press(&mut app, Press::Down);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Settings, "{kind}");
        for _ in 0..3 {
            device.press(&mut app, Press::Up);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Access, "{kind}");
        for _ in 0..3 {
            device.press(&mut app, Press::Up);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(overlay(&app), Overlay::Controls, "{kind}");
        // Up wraps to Back, then Reset, then the last two commands: Move list, Hint.
        for _ in 0..4 {
            device.press(&mut app, Press::Up);
        }
        device.press(&mut app, Press::Choose);
        assert_eq!(app.world().resource::<Capture>().command, Some(Command::Hint), "{kind}");
        // Undo's key (or button) is taken: refused, said, and the screen still waits.
        device.press(&mut app, Press::Undo);
        let capture = app.world().resource::<Capture>().clone();
        assert_eq!(capture.command, Some(Command::Hint), "{kind}: a taken key ended the wait");
        let refusal =
            app.world().resource::<konane::game::platform::i18n::Tr>().msg(&capture.refused.expect("refused"));
        assert!(refusal.ends_with("is already Undo: press another"), "{kind}: {refusal}");
        assert_eq!(app.world().resource::<Settings>().bindings, Bindings::default(), "{kind}");
        // A free one is taken: G, or the right stick's button.
        press_raw(&mut app, device, KeyCode::KeyG, GamepadButton::RightThumb);
        assert_eq!(app.world().resource::<Capture>().command, None, "{kind}");
        let bindings = app.world().resource::<Settings>().bindings.clone();
        match device {
            Device::Keyboard => assert_eq!(bindings.keys(Command::Hint), &[Chord { key: KeyCode::KeyG, ctrl: false }]),
            Device::Pad(_) => assert_eq!(bindings.pads(Command::Hint), &[GamepadButton::RightThumb]),
        }
        // The new binding gives the command at once.
        let before = app.world().resource::<Hints>().0;
        press_raw(&mut app, device, KeyCode::KeyG, GamepadButton::RightThumb);
        assert_eq!(app.world().resource::<Hints>().0, before + 1, "{kind}: the new binding gave no hint");
        // Reset to defaults (two below the focused command) puts it back.
        device.press(&mut app, Press::Down);
        device.press(&mut app, Press::Down);
        device.press(&mut app, Press::Choose);
        assert_eq!(app.world().resource::<Settings>().bindings, Bindings::default(), "{kind}");
        assert_eq!(overlay(&app), Overlay::Controls, "{kind}");
    }
}

/// Presses (or releases) a key by its code, and lets a frame read it.
fn key(app: &mut App, key_code: KeyCode, logical_key: Key, down: bool) {
    common::devices::key_event(app, key_code, logical_key, down);
    app.update();
}

#[test]
fn tab_goes_to_the_next_item_of_a_menu_and_shift_tab_to_the_one_before() {
    let (mut app, _) = app_with("keyboard");
    let focus = |app: &App| app.world().resource::<konane::game::menus::MenuFocus>().index;
    let start = focus(&app);
    for _ in 0..2 {
        key(&mut app, KeyCode::Tab, Key::Tab, true);
        key(&mut app, KeyCode::Tab, Key::Tab, false);
    }
    assert_eq!(focus(&app), start + 2, "two Tabs, two items on");
    key(&mut app, KeyCode::ShiftLeft, Key::Shift, true);
    key(&mut app, KeyCode::Tab, Key::Tab, true);
    key(&mut app, KeyCode::Tab, Key::Tab, false);
    key(&mut app, KeyCode::ShiftLeft, Key::Shift, false);
    assert_eq!(focus(&app), start + 1, "Shift+Tab, one back");
}

#[test]
fn a_click_on_the_stone_a_lesson_asks_for_answers_it_with_the_lesson_s_card_open() {
    let (mut app, pad) = app_with("pad");
    for _ in 0..2 {
        pad.press(&mut app, Press::Down);
    }
    pad.press(&mut app, Press::Choose);
    pad.press(&mut app, Press::Choose);
    app.update();
    pad.press(&mut app, Press::Choose); // Lesson 1 read: Next
    // Lesson 2 asks for Black's first stone; its card is open beside the board.
    assert_eq!(lesson(&app), Some((1, false)));
    assert_eq!(overlay(&app), Overlay::Lesson);
    let geo = *rules(&app).game.geometry();
    let a6 = konane::rules::parse_move(&geo, "a6").unwrap();
    app.world_mut().write_message(konane::game::board::input::CellActivated(a6.from));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(rules(&app).game.ply(), 1, "the click on the stone the card asks for did nothing");
    assert_eq!(lesson(&app), Some((1, true)), "the lesson is passed");
}
