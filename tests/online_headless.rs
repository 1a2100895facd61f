//! Two headless game apps play a friend online through a real `konane serve` child process:
//! one hosts with the keyboard only, the other joins by typing the code with a gamepad only;
//! they play a whole game with a take-back asked and allowed on the way, then a rematch with
//! the colours swapped. The apps are driven with the same raw device messages a driver sends.

use bevy::input::InputPlugin;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::game::board::input::BoardCursor;
use konane::game::modes::online::{CodeEntry, OnlineGame};
use konane::game::play::authority::Rules;
use konane::game::play::screen::{Discard, Overlay};
use konane::game::{Screen, Settings, Turn, core_plugin};
use konane::online::code::ALPHABET;
use konane::rules::{Color as Side, Coord, Geometry, Move};
use std::time::Instant;

mod common;
use common::devices::{Device, Press};
use common::{LIMIT, Server, scratch};

fn app_with(device: &str, server: &str, colour: Side) -> (App, Device) {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(std::time::Duration::from_millis(16)));
    app.insert_resource(Settings {
        size: Geometry::new(6, 6).unwrap(),
        colour,
        anim_speed: 0.0,
        server: server.to_string(),
        ..Settings::default()
    });
    app.add_message::<CursorMoved>();
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
        Device::Pad(pad)
    } else {
        Device::Keyboard
    };
    (app, device)
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<Overlay>()
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn rules(app: &App) -> &Rules {
    app.world().resource::<Rules>()
}

/// Updates both apps until `done` holds (the network runs in real time beside them).
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let t = Instant::now();
    while !done(apps) {
        assert!(t.elapsed() < LIMIT, "{what}: not within {LIMIT:?}");
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Title → Online (Play a friend online).
fn open_online(app: &mut App, d: Device) {
    // The title's focus starts on Play; Online is the fifth item (after New game, Learn and
    // Puzzles).
    for _ in 0..4 {
        d.press(app, Press::Down);
    }
    d.press(app, Press::Choose);
    assert_eq!(overlay(app), Overlay::Online);
}

/// Moves the board cursor to `to` with the device's directions, then chooses.
fn choose_cell(app: &mut App, d: Device, to: Coord) {
    if !app.world().resource::<BoardCursor>().visible {
        d.press(app, Press::Choose);
    }
    let at = app.world().resource::<BoardCursor>().at;
    for _ in at.row..to.row {
        d.press(app, Press::Down);
    }
    for _ in to.row..at.row {
        d.press(app, Press::Up);
    }
    for _ in at.col..to.col {
        d.press(app, Press::Right);
    }
    for _ in to.col..at.col {
        d.press(app, Press::Left);
    }
    d.press(app, Press::Choose);
}

fn play(app: &mut App, d: Device, m: Move) {
    let before = rules(app).game.ply();
    choose_cell(app, d, m.from);
    if !m.is_removal() {
        choose_cell(app, d, m.to);
    }
    app.update();
    assert_eq!(rules(app).game.moves().get(before), Some(&m), "the device did not play {m:?}");
}

fn seat(app: &App) -> Option<Side> {
    app.world().get_resource::<OnlineGame>().and_then(|o| o.you)
}

#[test]
fn a_whole_online_game_hosted_by_keyboard_and_joined_by_gamepad_through_konane_serve() {
    let dir = scratch("headless");
    let server = Server::start(&dir, "127.0.0.1:0", &[]);
    let (mut host, keys) = app_with("keyboard", &server.addr, Side::White);
    let (mut guest, pad) = app_with("pad", &server.addr, Side::Black);

    // The host: Host a game, then (board 6x6 and colour White from the settings) Start hosting.
    open_online(&mut host, keys);
    keys.press(&mut host, Press::Choose);
    assert_eq!(overlay(&host), Overlay::OnlineHost);
    // Watchers: only with a watch code (a private game), then Start hosting.
    for _ in 0..4 {
        keys.press(&mut host, Press::Down);
    }
    keys.press(&mut host, Press::Choose);
    assert!(host.world().resource::<konane::game::Settings>().online_private);
    // Clock: right steps through the time controls, from none to 15 min + 10 s.
    keys.press(&mut host, Press::Down);
    for _ in 0..5 {
        keys.press(&mut host, Press::Right);
    }
    let fifteen = konane::online::protocol::TimeControl::RealTime { base_s: 900, increment_s: 10 };
    assert_eq!(host.world().resource::<konane::game::Settings>().online_clock, fifteen);
    keys.press(&mut host, Press::Down);
    keys.press(&mut host, Press::Choose);
    until(&mut [&mut host], "hosting", |a| screen(a[0]) == Screen::Game && overlay(a[0]) == Overlay::OnlineCode);
    let code = host.world().resource::<OnlineGame>().code.clone().unwrap();
    assert_eq!(seat(&host), Some(Side::White));
    // A private game: the host has its watch code, apart from the invite code.
    let watch = host.world().resource::<OnlineGame>().watch_code.clone().expect("a watch code");
    assert_ne!(watch, code);
    // A server without TLS: the code's panel says the line is not encrypted.
    let line = host.world().resource::<OnlineGame>().line_words();
    assert_eq!(line, Some(konane::game::platform::i18n::Msg::new("online-line-plain")));
    assert_eq!(*rules(&host).game.geometry(), Geometry::new(6, 6).unwrap());
    // Nobody to play against yet: the host's board only looks until the friend joins.
    assert_eq!(rules(&host).setup.online_seat(), None);

    // The guest: Join with a code, typed with the pad (right steps the symbol, A takes it).
    open_online(&mut guest, pad);
    pad.press(&mut guest, Press::Down);
    pad.press(&mut guest, Press::Choose);
    assert_eq!(overlay(&guest), Overlay::OnlineJoin);
    for (i, ch) in code.chars().enumerate() {
        let k = ALPHABET.iter().position(|a| *a as char == ch).unwrap();
        // The first symbol appears with the first press; each later one with A.
        let presses = if i == 0 { k + 1 } else { k };
        for _ in 0..presses {
            pad.press(&mut guest, Press::Right);
        }
        assert_eq!(guest.world().resource::<CodeEntry>().symbol(i), Some(ch));
        pad.press(&mut guest, Press::Choose);
    }
    until(&mut [&mut host, &mut guest], "joining", |a| {
        screen(a[1]) == Screen::Game && overlay(a[0]) == Overlay::None && seat(a[1]).is_some()
    });
    assert_eq!(seat(&guest), Some(Side::Black));
    // Both see the clocks of the time control the host chose, each with 15 minutes.
    for app in [&host, &guest] {
        let online = app.world().resource::<OnlineGame>();
        let (control, left) = online.time_left(Side::Black, std::time::Instant::now()).expect("a clock");
        assert_eq!((control, left), (fifteen, 900_000));
    }
    // The one who joined is told their colour (the host chose it).
    let said = guest.world().resource::<konane::game::play::screen::Notice>().clone();
    assert_eq!(said.text.key, "notice-you-play", "{said:?}");
    assert!(said.left > 0.0);
    until(&mut [&mut host, &mut guest], "the host plays", |a| rules(a[0]).setup.online_seat() == Some(Side::White));

    // A whole game: whoever is to move plays with their own device; the other sees it arrive.
    let start = Instant::now();
    let mut n = 0;
    let mut took_back = false;
    loop {
        assert!(start.elapsed() < LIMIT, "the online game did not finish");
        // Both boards agree, and the side to move has its turn (or the game is over).
        until(&mut [&mut host, &mut guest], "both at the same move", |a| {
            let turn = |app: &App| *app.world().resource::<State<Turn>>().get();
            let to_move = rules(a[0]).game.to_move();
            let mover = if seat(a[0]) == Some(to_move) { &a[0] } else { &a[1] };
            rules(a[0]).game == rules(a[1]).game && matches!(turn(mover), Turn::Human | Turn::Over)
        });
        let legal = rules(&host).legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[n % legal.len()];
        let mover = rules(&host).game.to_move();
        let (app, dev) = if seat(&host) == Some(mover) { (&mut host, keys) } else { (&mut guest, pad) };
        play(app, dev, m);
        n += 1;
        // Once, after the host's jump: the host presses U, the guest allows it (No, then Yes).
        if !took_back && n >= 4 && seat(&host) == Some(mover) {
            took_back = true;
            let plies = rules(&host).game.ply();
            until(&mut [&mut host, &mut guest], "the guest sees the move", |a| rules(a[1]).game.ply() == plies);
            keys.press(&mut host, Press::Undo);
            until(&mut [&mut host, &mut guest], "the question", |a| {
                overlay(a[1]) == Overlay::Confirm(Discard::AllowUndo)
            });
            pad.press(&mut guest, Press::Down);
            pad.press(&mut guest, Press::Choose);
            until(&mut [&mut host, &mut guest], "the take-back", |a| {
                rules(a[0]).game.ply() == plies - 1 && rules(a[1]).game.ply() == plies - 1
            });
        }
    }
    assert!(took_back && n >= 6);
    until(&mut [&mut host, &mut guest], "the end on both screens", |a| {
        overlay(a[0]) == Overlay::GameOver && overlay(a[1]) == Overlay::GameOver
    });
    assert_eq!(rules(&host).winner(), rules(&guest).winner());

    // Rematch: the first item of the online game-over panel, on both; the colours swap.
    keys.press(&mut host, Press::Choose);
    pad.press(&mut guest, Press::Choose);
    until(&mut [&mut host, &mut guest], "the rematch", |a| {
        seat(a[0]) == Some(Side::Black) && rules(a[0]).game.ply() == 0 && seat(a[1]) == Some(Side::White)
    });
    assert_eq!(overlay(&host), Overlay::None);
    assert_eq!(rules(&host).setup.online_seat(), Some(Side::Black));
}

#[test]
fn a_flag_falls_on_the_server_s_clock_and_both_screens_say_who_won_on_time() {
    use konane::game::modes::online::OnlineStep;
    use konane::online::protocol::{EndReason, TimeControl};
    let dir = scratch("headless-clock");
    let clock_file = dir.join("clock");
    std::fs::write(&clock_file, "0").unwrap();
    let server = Server::start(&dir, "127.0.0.1:0", &["--clock-file", clock_file.to_str().unwrap()]);
    let (mut host, keys) = app_with("keyboard", &server.addr, Side::Black);
    let (mut guest, guest_keys) = app_with("keyboard", &server.addr, Side::White);
    let one_plus_one = TimeControl::RealTime { base_s: 60, increment_s: 1 };
    host.world_mut().resource_mut::<Settings>().online_clock = one_plus_one;
    // Host a game: Start hosting is the seventh item (after the board, colour, watchers, clock).
    open_online(&mut host, keys);
    keys.press(&mut host, Press::Choose);
    for _ in 0..6 {
        keys.press(&mut host, Press::Down);
    }
    keys.press(&mut host, Press::Choose);
    until(&mut [&mut host], "hosting", |a| overlay(a[0]) == Overlay::OnlineCode);
    let code = host.world().resource::<OnlineGame>().code.clone().unwrap();
    guest.world_mut().resource_mut::<CodeEntry>().text = code;
    guest.world_mut().write_message(OnlineStep::Join);
    until(&mut [&mut host, &mut guest], "joining", |a| {
        seat(a[1]) == Some(Side::White)
            && screen(a[1]) == Screen::Game
            && a[1].world().get_resource::<Rules>().is_some()
            && rules(a[0]).setup.online_seat() == Some(Side::Black)
    });
    // The two removals and Black's first jump, each played on its own screen.
    for _ in 0..3 {
        until(&mut [&mut host, &mut guest], "both at the same move", |a| rules(a[0]).game == rules(a[1]).game);
        let m = rules(&host).legal_moves()[0];
        let black = rules(&host).game.to_move() == Side::Black;
        let (app, dev) = if black { (&mut host, keys) } else { (&mut guest, guest_keys) };
        play(app, dev, m);
    }
    until(&mut [&mut host, &mut guest], "White's clock runs", |a| {
        let o = a[1].world().resource::<OnlineGame>();
        o.clock.is_some_and(|(c, _)| c.running == Some(konane::online::protocol::Colour::White))
    });
    let (control, left) = guest.world().resource::<OnlineGame>().time_left(Side::White, Instant::now()).unwrap();
    assert!(control == one_plus_one && left <= 60_000 && left > 30_000, "{left}");
    // White thinks for a minute and a second of the server's time: the flag falls.
    std::fs::write(dir.join("clock.new"), "61000").unwrap();
    std::fs::rename(dir.join("clock.new"), &clock_file).unwrap();
    until(&mut [&mut host, &mut guest], "the flag", |a| {
        a.iter().all(|app| app.world().resource::<OnlineGame>().outcome.is_some_and(|o| o.how == EndReason::Time))
    });
    let said = |app: &App| app.world().resource::<OnlineGame>().end_words().map(|m| m.key.to_string());
    assert_eq!(said(&host).as_deref(), Some("online-won-on-time"));
    assert_eq!(said(&guest).as_deref(), Some("online-lost-on-time"));
    until(&mut [&mut host, &mut guest], "the end on both boards", |a| {
        rules(a[0]).winner() == Some(Side::Black) && rules(a[1]).winner() == Some(Side::Black)
    });
    let (_, white_left) = guest.world().resource::<OnlineGame>().time_left(Side::White, Instant::now()).unwrap();
    assert_eq!(white_left, 0, "the clock that ran out shows nothing left");
}
