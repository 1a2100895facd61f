//! Accessibility in a headless `App`: reduced motion finishes every animation within a frame,
//! "confirm each move" plays only on a second tap, the announcements a screen reader hears
//! follow the game, and every menu item has words in every language (its accessible name).

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::game::board::anim::{Chip, Hop, Leaving, Settle, Shake};
use konane::game::board::input::{Action, CellActivated, Selection};
use konane::game::menus::{MenuContext, MenuItem, menu_items};
use konane::game::platform::i18n::{Lang, Tr};
use konane::game::play::authority::Rules;
use konane::game::play::screen::{Discard, Overlay};
use konane::game::play::spoken::Announcement;
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::rules::{Geometry, Move, parse_move};
use std::time::Duration;

fn game_app(settings: Settings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.add_plugins((bevy::asset::AssetPlugin::default(), bevy::image::ImagePlugin::default()));
    konane::game::board_plugins(&mut app);
    app.insert_resource(settings);
    core_plugin(&mut app);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    for _ in 0..3 {
        app.update();
    }
    app
}

fn two_people(rows: u8) -> Settings {
    Settings {
        size: Geometry::new(rows, rows).unwrap(),
        players: [Controller::Human, Controller::Human],
        ai_min_delay: 0.0,
        ..Settings::default()
    }
}

fn mv(app: &App, text: &str) -> Move {
    parse_move(app.world().resource::<Rules>().game.geometry(), text).unwrap()
}

fn tap(app: &mut App, m: Move, cell_of: fn(Move) -> konane::rules::Coord) {
    app.world_mut().write_message(CellActivated(cell_of(m)));
    app.update();
}

fn plies(app: &App) -> usize {
    app.world().resource::<Rules>().game.ply()
}

fn said(app: &App) -> String {
    Tr::new(Lang::En).msg(&app.world().resource::<Announcement>().msg)
}

/// Every running animation of the board, of any kind.
fn moving(app: &mut App) -> usize {
    let w = app.world_mut();
    w.query::<&Hop>().iter(w).count()
        + w.query::<&Leaving>().iter(w).count()
        + w.query::<&Shake>().iter(w).count()
        + w.query::<&Chip>().iter(w).count()
        + w.query::<&Settle>().iter(w).count()
}

#[test]
fn reduced_motion_finishes_every_animation_within_one_frame() {
    let mut s = two_people(6);
    s.anim_speed = 1.0;
    s.reduced_motion = true;
    let mut app = game_app(s);
    for text in ["a6", "b6", "a4-a6", "b4-b6"] {
        let m = mv(&app, text);
        let before = plies(&app);
        tap(&mut app, m, |m| m.from);
        if !m.is_removal() {
            tap(&mut app, m, |m| m.to);
        }
        assert_eq!(plies(&app), before + 1, "{text} was not played");
        // The frame after the move: nothing moves, and the turn is already the next person's.
        app.update();
        assert_eq!(moving(&mut app), 0, "something still moves after {text}");
        assert_eq!(*app.world().resource::<State<Turn>>().get(), Turn::Human, "after {text}");
    }
    // A refusal shakes nothing.
    let empty = mv(&app, "b6").from;
    app.world_mut().write_message(CellActivated(empty));
    app.update();
    app.update();
    assert_eq!(moving(&mut app), 0, "a refused tap shook a stone");
    // The same moves at the same speed without reduced motion take many frames.
    let mut moving_app = game_app(Settings { anim_speed: 1.0, ..two_people(6) });
    let m = mv(&moving_app, "a6");
    tap(&mut moving_app, m, |m| m.from);
    assert!(moving(&mut moving_app) > 0, "without reduced motion the opening's stones animate");
}

#[test]
fn confirm_each_move_plays_only_on_a_second_tap_of_the_landing() {
    let mut s = two_people(6);
    s.confirm_moves = true;
    s.anim_speed = 0.0;
    let mut app = game_app(s);
    let removal = mv(&app, "a6");
    tap(&mut app, removal, |m| m.from);
    assert_eq!(plies(&app), 0, "one tap played a removal");
    assert_eq!(app.world().resource::<Selection>().pending, Some(removal));
    assert_eq!(said(&app), "a6: tap a6 again (or press Enter) to play it");
    tap(&mut app, removal, |m| m.from);
    assert_eq!(plies(&app), 1, "the second tap did not play it");
    let white = mv(&app, "b6");
    tap(&mut app, white, |m| m.from);
    tap(&mut app, white, |m| m.from);
    assert_eq!(plies(&app), 2);
    app.update();
    // A jump: the stone, its landing (proposed), elsewhere (withdrawn), then the landing twice.
    let jump = mv(&app, "a4-a6");
    tap(&mut app, jump, |m| m.from);
    tap(&mut app, jump, |m| m.to);
    assert_eq!((plies(&app), app.world().resource::<Selection>().pending), (2, Some(jump)));
    tap(&mut app, jump, |m| m.from);
    assert_eq!(app.world().resource::<Selection>().pending, None, "a tap elsewhere keeps the proposal");
    assert_eq!(plies(&app), 2);
    if app.world().resource::<Selection>().selected.is_none() {
        tap(&mut app, jump, |m| m.from);
    }
    tap(&mut app, jump, |m| m.to);
    tap(&mut app, jump, |m| m.to);
    assert_eq!(plies(&app), 3, "confirming did not play {jump:?}");
    assert_eq!(app.world().resource::<Rules>().game.last_move(), Some(jump));
}

#[test]
fn a_screen_reader_hears_each_move_and_the_position_on_request() {
    let mut s = two_people(6);
    s.anim_speed = 0.0;
    let mut app = game_app(s);
    let a6 = mv(&app, "a6");
    tap(&mut app, a6, |m| m.from);
    assert_eq!(said(&app), "Black removed a6");
    let b6 = mv(&app, "b6");
    tap(&mut app, b6, |m| m.from);
    assert_eq!(said(&app), "White removed b6");
    app.update();
    let jump = mv(&app, "a4-a6");
    tap(&mut app, jump, |m| m.from);
    tap(&mut app, jump, |m| m.to);
    assert_eq!(said(&app), "Black jumped a4 to a6, took a5");
    app.update();
    app.world_mut().write_message(Action::Describe);
    app.update();
    let position = said(&app);
    assert!(position.starts_with("Black 17 stones, White 16 stones. White to move. "), "{position}");
    for m in app.world().resource::<Rules>().legal_moves() {
        let text = konane::rules::move_to_string(&Geometry::new(6, 6).unwrap(), m);
        assert!(position.contains(&text), "{text} missing from {position}");
    }
    // H (or the pad's North) asks for a hint, and the hint is said when it comes.
    app.world_mut().write_message(Action::Hint);
    let asked = std::time::Instant::now();
    while !said(&app).starts_with("Hint: ") {
        assert!(asked.elapsed() < Duration::from_secs(120), "no hint was said: {}", said(&app));
        app.update();
    }
    let hint = said(&app)["Hint: ".len()..].to_string();
    let legal: Vec<String> = app
        .world()
        .resource::<Rules>()
        .legal_moves()
        .iter()
        .map(|m| konane::rules::move_to_string(&Geometry::new(6, 6).unwrap(), *m))
        .collect();
    assert!(legal.contains(&hint), "the hint {hint} is not a legal move: {legal:?}");
    // L (the pad's RT) opens the move list, as the bar's Moves button does.
    app.world_mut().write_message(Action::MoveList);
    app.update();
    assert!(app.world().resource::<konane::game::play::screen::MoveListOpen>().0, "L did not open the move list");
    // A refusal is said too.
    app.world_mut().write_message(CellActivated(a6.from));
    app.update();
    assert!(!said(&app).is_empty() && !said(&app).starts_with("Hint"), "the refusal was not said");
}

#[test]
fn every_menu_item_has_words_in_every_language() {
    let overlays = [
        Overlay::None,
        Overlay::Pause,
        Overlay::GameOver,
        Overlay::Settings,
        Overlay::Access,
        Overlay::AccessGuide,
        Overlay::Confirm(Discard::Resign),
        Overlay::Setup,
        Overlay::Load,
        Overlay::HowToPlay,
        Overlay::Lesson,
        Overlay::Puzzles,
        Overlay::MoreGames,
        Overlay::Lessons,
        Overlay::PuzzleOver,
        Overlay::Online,
        Overlay::OnlineHost,
        Overlay::OnlineJoin,
        Overlay::OnlineCode,
        Overlay::About,
        Overlay::Stats,
        Overlay::Recorded,
    ];
    let ctx = MenuContext { saves: 2, can_continue: true, unfinished: true, ..MenuContext::default() };
    let settings = Settings::default();
    let mut seen = 0;
    for lang in Lang::ALL {
        let tr = Tr::new(lang);
        for screen in [Screen::Title, Screen::Game] {
            for overlay in overlays {
                for item in menu_items(screen, overlay, ctx) {
                    let words = item.text(&settings, &tr);
                    assert!(
                        words.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !words.contains("item-"),
                        "{lang:?} {overlay:?} {item:?}: {words:?}"
                    );
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 150, "only {seen} items");
    // The accessibility menu is reached from the settings and leads to its page.
    let settings_items = menu_items(Screen::Title, Overlay::Settings, ctx);
    assert!(settings_items.contains(&MenuItem::Access));
    let access = menu_items(Screen::Title, Overlay::Access, ctx);
    for item in [MenuItem::ReducedMotion, MenuItem::ConfirmMoves, MenuItem::UiScale, MenuItem::AccessGuide] {
        assert!(access.contains(&item), "{item:?}");
    }
}
