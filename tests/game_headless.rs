//! The game's plugins in a headless `App` (no window, no renderer), driven through the same
//! messages the input layer sends. The game clock advances a fixed 16 ms per update, so
//! animations and the AI's minimum delay depend on frames, not on how busy the machine is;
//! only the AI's own search runs in real time, and tests wait for its result, never a time.

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::board::anim::{Hop, Leaving};
use konane::game::board::input::CellActivated;
use konane::game::board::view::Stone;
use konane::game::play::ai_task::AiState;
use konane::game::play::ai_task::{HintRequest, HintState};
use konane::game::play::authority::{GameChange, Intent, Rules};
use konane::game::play::score::Score;
use konane::game::play::screen::Overlay;
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::rules::{Color as Side, Geometry, Move, Phase};
use std::time::{Duration, Instant};

fn settings(rows: u8, cols: u8, players: [Controller; 2]) -> Settings {
    Settings { size: Geometry::new(rows, cols).unwrap(), players, ai_min_delay: 0.0, ..Settings::default() }
}

/// Long enough for any search or hint to finish on a busy machine; only a hang reaches it.
const HANG: Duration = Duration::from_secs(120);

fn app(settings: Settings, with_board: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    if with_board {
        app.add_plugins((bevy::asset::AssetPlugin::default(), bevy::image::ImagePlugin::default()));
        konane::game::board_plugins(&mut app);
    }
    app.insert_resource(settings);
    core_plugin(&mut app);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    for _ in 0..3 {
        app.update();
    }
    app
}

fn turn(app: &App) -> Turn {
    *app.world().resource::<State<Turn>>().get()
}

fn rules(app: &App) -> &Rules {
    app.world().resource::<Rules>()
}

/// Plays the human's move by "clicking" like the mouse would: the stone, then the landing.
fn human_move(app: &mut App, m: Move) {
    app.world_mut().write_message(CellActivated(m.from));
    app.update();
    if !m.is_removal() {
        app.world_mut().write_message(CellActivated(m.to));
        app.update();
    }
}

/// Plays to the end; the human takes a deterministic spread of legal moves.
fn play_to_end(app: &mut App, limit: Duration) {
    let start = Instant::now();
    while turn(app) != Turn::Over {
        assert!(start.elapsed() < limit, "game did not finish; ply {}", rules(app).game.ply());
        let human_side = rules(app).controller(rules(app).game.to_move()) == Controller::Human;
        if turn(app) == Turn::Human && human_side {
            let r = rules(app);
            let legal = r.legal_moves();
            let m = legal[(r.game.ply() * 7) % legal.len()];
            let before = r.game.ply();
            human_move(app, m);
            assert_eq!(rules(app).game.moves().get(before), Some(&m), "clicking {m:?} did not play it");
        } else {
            app.update();
        }
    }
}

fn check_finished(app: &App) {
    let r = rules(app);
    let winner = r.game.winner().expect("game over has a winner");
    // The game says so: the game-over panel is open and the computer has stopped.
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::GameOver);
    assert!(!app.world().resource::<AiState>().thinking());
    // The score counts this game once, for whoever won it.
    let (you, level) = (r.setup.one_human().unwrap(), r.setup.opponent_level().unwrap());
    let (won, lost) = app.world().resource::<Score>().against(level);
    assert_eq!((won, lost), if winner == you { (1, 0) } else { (0, 1) });
    // The record replays to the same result.
    let rec = konane::rules::Record::of_game(&r.game);
    assert_eq!(rec.replay().unwrap().winner(), Some(winner));
}

#[test]
fn human_vs_ai_on_6x6_plays_to_the_end() {
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Ai(Level::Medium)]), false);
    play_to_end(&mut app, HANG);
    check_finished(&app);
    assert!(app.world().resource::<AiState>().searches_started() > 0);
}

#[test]
fn ai_vs_human_on_8x8_plays_to_the_end() {
    let mut app = app(settings(8, 8, [Controller::Ai(Level::Easy), Controller::Human]), false);
    play_to_end(&mut app, HANG);
    check_finished(&app);
}

#[test]
fn undo_while_the_ai_thinks_cancels_it_and_its_result_is_never_applied() {
    let mut s = settings(8, 8, [Controller::Human, Controller::Ai(Level::Expert)]);
    s.ai_min_delay = 1000.0; // game seconds: the AI's reply cannot be shown before the undo
    let mut app = app(s, false);
    assert_eq!(turn(&app), Turn::Human);
    let d5 = konane::rules::parse_move(&Geometry::new(8, 8).unwrap(), "d5").unwrap();
    human_move(&mut app, d5);
    app.update();
    assert_eq!(turn(&app), Turn::AiThinking);
    assert!(app.world().resource::<AiState>().thinking());
    // The game is rated: the first Undo says it would unrate it, the second takes back.
    app.world_mut().write_message(Intent::Undo);
    app.world_mut().write_message(Intent::Undo);
    app.update();
    app.update();
    assert_eq!(rules(&app).game.ply(), 0);
    assert_eq!(turn(&app), Turn::Human);
    assert!(!app.world().resource::<AiState>().thinking(), "search still running after undo");
    // Even with no minimum delay left, nothing arrives from the cancelled search.
    app.world_mut().resource_mut::<Settings>().ai_min_delay = 0.0;
    for _ in 0..300 {
        app.update();
    }
    assert_eq!(rules(&app).game.ply(), 0, "a cancelled search's move was applied");
    assert_eq!(turn(&app), Turn::Human);
}

#[test]
fn a_stale_ai_result_is_discarded_by_the_rules() {
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Human]), false);
    let generation = rules(&app).generation;
    let first = rules(&app).legal_moves()[0];
    app.world_mut().write_message(Intent::Play { mv: first, generation: Some(generation) });
    app.update();
    assert_eq!(rules(&app).game.ply(), 1);
    // A move computed for the old position, even one legal now, is refused.
    let now_legal = rules(&app).legal_moves()[0];
    app.world_mut().write_message(Intent::Play { mv: now_legal, generation: Some(generation) });
    app.update();
    assert_eq!(rules(&app).game.ply(), 1);
    let current = rules(&app).generation;
    app.world_mut().write_message(Intent::Play { mv: now_legal, generation: Some(current) });
    app.update();
    assert_eq!(rules(&app).game.ply(), 2);
}

#[test]
fn new_game_while_the_ai_thinks_never_plays_the_old_search_s_move() {
    // The AI plays both sides; its first search finishes but its reply is held back by the
    // minimum delay. A new game then starts from the identical position, where that stale
    // removal would be just as legal: the first move of the new game must come from a new
    // search, never from the old one.
    let mut s = settings(6, 6, [Controller::Ai(Level::Expert), Controller::Ai(Level::Expert)]);
    s.ai_min_delay = 1000.0;
    let mut app = app(s, false);
    let start = Instant::now();
    while !app.world().resource::<AiState>().search_finished() {
        assert!(start.elapsed() < HANG, "the first search never finished");
        app.update();
    }
    assert_eq!(rules(&app).game.ply(), 0);
    let searches = app.world().resource::<AiState>().searches_started();
    let old_generation = rules(&app).generation;
    let setup = rules(&app).setup;
    app.world_mut().write_message(GameChange::fresh(setup));
    app.world_mut().resource_mut::<Settings>().ai_min_delay = 0.0;
    app.update();
    assert_eq!(rules(&app).game.ply(), 0, "the old search's move was played in the new game");
    assert!(rules(&app).generation > old_generation);
    let start = Instant::now();
    while rules(&app).game.ply() == 0 {
        assert!(start.elapsed() < HANG, "the AI never moved in the new game");
        app.update();
    }
    assert_eq!(
        app.world().resource::<AiState>().searches_started(),
        searches + 1,
        "the new game's first move was not searched for the new game"
    );
    let r = rules(&app);
    assert!(matches!(r.game.phase(), Phase::WhiteRemoves | Phase::Jumping | Phase::Over { .. }));
}

#[test]
fn a_hint_from_an_earlier_game_never_shows_in_the_next() {
    // A hint arrives in the first game; the player leaves for the menu and starts again. The
    // new game counts its generations on from the old one, and the old hint is gone.
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Human]), false);
    let geo = Geometry::new(6, 6).unwrap();
    for m in ["a6", "b6"] {
        human_move(&mut app, konane::rules::parse_move(&geo, m).unwrap());
        app.update();
    }
    app.world_mut().write_message(HintRequest);
    let start = Instant::now();
    let hinted = rules(&app).generation;
    while app.world().resource::<HintState>().for_generation(hinted).is_none() {
        assert!(start.elapsed() < HANG, "no hint arrived");
        app.update();
    }
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    app.update();
    app.update();
    assert_eq!(rules(&app).game.ply(), 0);
    assert!(rules(&app).generation > hinted, "a new game restarted the generation count");
    assert!(app.world().resource::<HintState>().shown.is_none(), "the old hint survived leaving the game");
    // Play the same two removals: the old hint never reappears.
    for m in ["a6", "b6"] {
        human_move(&mut app, konane::rules::parse_move(&geo, m).unwrap());
        app.update();
        let now = rules(&app).generation;
        assert!(app.world().resource::<HintState>().for_generation(now).is_none());
    }
}

#[test]
fn illegal_clicks_change_nothing() {
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Human]), false);
    // b6 is White's stone: Black cannot remove it.
    let geo = Geometry::new(6, 6).unwrap();
    app.world_mut().write_message(CellActivated(konane::rules::parse_coord_public(&geo, "b6").unwrap()));
    app.update();
    assert_eq!(rules(&app).game.ply(), 0);
}

#[test]
fn new_game_while_an_animation_runs_rebuilds_the_board() {
    let mut s = settings(6, 6, [Controller::Human, Controller::Human]);
    s.anim_speed = 0.1; // slow, so the animation is surely running
    let mut app = app(s, true);
    let stones = |app: &mut App| app.world_mut().query::<&Stone>().iter(app.world()).count();
    assert_eq!(stones(&mut app), 36);
    let geo = Geometry::new(6, 6).unwrap();
    human_move(&mut app, Move::remove(konane::rules::parse_coord_public(&geo, "a6").unwrap()));
    app.update();
    assert_eq!(turn(&app), Turn::Animating);
    let leaving = app.world_mut().query::<&Leaving>().iter(app.world()).count();
    assert_eq!(leaving, 1);
    // Clicks are ignored while the move animates.
    app.world_mut().write_message(CellActivated(konane::rules::parse_coord_public(&geo, "b6").unwrap()));
    app.update();
    assert_eq!(rules(&app).game.ply(), 1);
    let setup = rules(&app).setup;
    app.world_mut().write_message(GameChange::fresh(setup));
    // A few frames: the board is rebuilt and the turn handed over (waited for, never timed).
    for _ in 0..10 {
        app.update();
        if turn(&app) == Turn::Human {
            break;
        }
    }
    assert_eq!(rules(&app).game.ply(), 0);
    assert_eq!(stones(&mut app), 36);
    assert_eq!(app.world_mut().query::<&Leaving>().iter(app.world()).count(), 0);
    assert_eq!(app.world_mut().query::<&Hop>().iter(app.world()).count(), 0);
    assert_eq!(turn(&app), Turn::Human);
}

#[test]
fn a_jump_animates_then_hands_the_turn_over() {
    let mut s = settings(6, 6, [Controller::Human, Controller::Human]);
    s.anim_speed = 0.5;
    let mut app = app(s, true);
    let geo = Geometry::new(6, 6).unwrap();
    for m in ["a6", "b6", "a4-a6"] {
        let mv = konane::rules::parse_move(&geo, m).unwrap();
        for _ in 0..500 {
            if turn(&app) == Turn::Human {
                break;
            }
            app.update();
        }
        assert_eq!(turn(&app), Turn::Human, "the previous move's animation never ended");
        human_move(&mut app, mv);
        app.update(); // the turn state follows the move one frame later
    }
    app.update();
    assert_eq!(rules(&app).game.ply(), 3, "a4-a6 was not played");
    assert_eq!(app.world_mut().query::<&Hop>().iter(app.world()).count(), 1);
    // 0.64 s per hop at speed 0.5: about 40 frames of 16 ms, then the turn passes.
    let mut frames = 0;
    while turn(&app) != Turn::Human {
        frames += 1;
        assert!(frames < 500, "animation never ended");
        app.update();
    }
    assert!(frames > 30, "the hop ended after {frames} frames, too soon for its length");
    // The jumper now sits on a6 and the captured stone has left the board.
    let at: Vec<_> = app.world_mut().query::<&Stone>().iter(app.world()).map(|s| (s.at, s.side)).collect();
    assert_eq!(at.len(), 33);
    assert!(at.contains(&(konane::rules::Coord::new(0, 0), Side::Black)));
    assert_eq!(rules(&app).game.to_move(), Side::White);
}

#[test]
fn a_stone_refused_just_before_its_move_still_lands_where_it_jumped() {
    // A refused landing shakes the stone; a legal jump at once after it must not be undone
    // when the shake would have ended (it used to put the stone back where it started).
    let mut s = settings(6, 6, [Controller::Human, Controller::Human]);
    s.anim_speed = 0.5;
    let mut app = app(s, true);
    let geo = Geometry::new(6, 6).unwrap();
    let cell = |c: &str| konane::rules::parse_coord_public(&geo, c).unwrap();
    for m in ["a6", "b6"] {
        while turn(&app) != Turn::Human {
            app.update();
        }
        human_move(&mut app, konane::rules::parse_move(&geo, m).unwrap());
        app.update();
    }
    while turn(&app) != Turn::Human {
        app.update();
    }
    // a4 picked, then an empty cup it cannot reach: refused, and the stone shakes.
    app.world_mut().write_message(CellActivated(cell("a4")));
    app.update();
    app.world_mut().write_message(CellActivated(cell("b6")));
    app.update();
    assert_eq!(rules(&app).game.ply(), 2);
    // Then the real jump, while the shake runs.
    human_move(&mut app, konane::rules::parse_move(&geo, "a4-a6").unwrap());
    app.update();
    assert_eq!(rules(&app).game.ply(), 3, "a4-a6 was not played");
    let mut frames = 0;
    while turn(&app) != Turn::Human || frames < 60 {
        frames += 1;
        assert!(frames < 800, "animation never ended");
        app.update();
    }
    let a6 = konane::game::board::view::cell_pos(&geo, cell("a6"));
    let (_, tf) = app
        .world_mut()
        .query::<(&Stone, &Transform)>()
        .iter(app.world())
        .find(|(s, _)| s.at == cell("a6"))
        .expect("the jumper is on a6");
    assert!(
        tf.translation.truncate().distance(a6) < 0.01,
        "the jumper is drawn at {:?}, not a6 {a6:?}",
        tf.translation
    );
}

#[test]
fn a_hint_is_legal_and_disappears_after_the_position_changes() {
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Human]), false);
    let geo = Geometry::new(6, 6).unwrap();
    for m in ["a6", "b6"] {
        human_move(&mut app, konane::rules::parse_move(&geo, m).unwrap());
        app.update();
    }
    app.world_mut().write_message(HintRequest);
    let start = Instant::now();
    let generation = rules(&app).generation;
    loop {
        app.update();
        if let Some(a) = app.world().resource::<HintState>().for_generation(generation) {
            let m = a.best.expect("Black has moves");
            assert!(rules(&app).game.position().is_legal(m));
            break;
        }
        assert!(start.elapsed() < HANG, "no hint arrived");
    }
    let m = rules(&app).legal_moves()[0];
    human_move(&mut app, m);
    let now = rules(&app).generation;
    assert!(app.world().resource::<HintState>().for_generation(now).is_none());
}

#[test]
fn settings_changed_on_the_title_screen_are_saved_a_moment_later_and_on_exit() {
    use konane::game::platform::settings::SettingsFile;
    let dir = std::env::temp_dir().join(format!("konane-headless-settings-{}", std::process::id()));
    common::remove_at_exit();
    let path = dir.join("settings.toml");
    let _ = std::fs::remove_dir_all(&dir);
    let start = settings(8, 8, [Controller::Human, Controller::Ai(Level::Easy)]);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(start.clone());
    core_plugin(&mut app);
    let mut file = SettingsFile::load(&path, Settings::default()).file;
    file.agree(&start);
    app.insert_resource(file);
    for _ in 0..3 {
        app.update();
    }
    // Nothing changed yet: nothing written.
    assert!(!path.exists());
    // The player picks 6x6 against Hard on the title screen: written a moment later, without
    // starting a game (a state waited for, not a time).
    {
        let mut s = app.world_mut().resource_mut::<Settings>();
        s.size = Geometry::new(6, 6).unwrap();
        s.players[1] = Controller::Ai(Level::Hard);
    }
    let deadline = Instant::now() + HANG;
    while !path.exists() {
        assert!(Instant::now() < deadline, "the settings were never written");
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    let back = SettingsFile::load(&path, Settings::default());
    assert!(back.messages.is_empty(), "{:?}", back.messages);
    assert_eq!(back.settings.size, Geometry::new(6, 6).unwrap());
    assert_eq!(back.settings.players[1], Controller::Ai(Level::Hard));
    // A change followed at once by closing the game is kept too.
    app.world_mut().resource_mut::<Settings>().coordinates = false;
    app.update();
    app.world_mut().write_message(AppExit::Success);
    app.update();
    let back = SettingsFile::load(&path, Settings::default());
    assert!(!back.settings.coordinates);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reviewing_an_earlier_position_shows_it_and_never_changes_the_game() {
    use konane::game::play::screen::Review;
    let mut s = settings(6, 6, [Controller::Human, Controller::Human]);
    s.anim_speed = 0.0;
    let mut app = app(s, true);
    let geo = Geometry::new(6, 6).unwrap();
    for m in ["a6", "b6", "a4-a6"] {
        human_move(&mut app, konane::rules::parse_move(&geo, m).unwrap());
        app.update();
    }
    let stones = |app: &mut App| app.world_mut().query::<&Stone>().iter(app.world()).count();
    app.update();
    assert_eq!(stones(&mut app), 33);
    let moves = rules(&app).game.moves();
    // Show the position after the first move: 35 stones, read-only.
    app.world_mut().resource_mut::<Review>().0 = Some(1);
    app.update();
    assert_eq!(stones(&mut app), 35, "the board does not show the position after move 1");
    for cell in ["c6", "a4", "c4"] {
        app.world_mut().write_message(CellActivated(konane::rules::parse_coord_public(&geo, cell).unwrap()));
        app.update();
    }
    assert_eq!(rules(&app).game.moves(), moves, "a click during the review changed the game");
    // Back to the game: the board shows the game as it is.
    app.world_mut().resource_mut::<Review>().0 = None;
    app.update();
    assert_eq!(stones(&mut app), 33);
    assert_eq!(rules(&app).game.moves(), moves);
}

#[test]
fn a_finished_game_is_analysed_off_the_frame_and_going_back_to_the_board_stops_it() {
    use konane::game::modes::analysis::GameAnalysis;
    use konane::game::play::screen::{Overlay, Review};
    let mut app = app(settings(6, 6, [Controller::Human, Controller::Ai(Level::Easy)]), false);
    play_to_end(&mut app, HANG);
    app.update();
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::GameOver);
    let plies = rules(&app).game.ply();
    let start = Instant::now();
    // Every position gets a point, one after another, while frames keep coming.
    let mut frames = 0;
    while app.world().resource::<GameAnalysis>().points().len() < plies + 1 {
        assert!(start.elapsed() < HANG, "the analysis did not finish");
        app.update();
        frames += 1;
        std::thread::yield_now();
    }
    assert!(frames > 1, "the analysis ran on the frame");
    let points = app.world().resource::<GameAnalysis>().points();
    // The last position is over: proven for the winner, who made the last move.
    let winner = rules(&app).game.winner().unwrap();
    assert!(matches!(points[plies].standing, konane::ai::review::Standing::Proven(w, _) if w == winner));
    assert!(points[plies].best.is_none());
    // Going back to the board (no panel, no review) stops a running analysis; what it found
    // stays for this game, and a changed game (an undo) starts again when asked.
    let game = rules(&app).game.clone();
    assert!(app.world().resource::<GameAnalysis>().covers(&game));
    *app.world_mut().resource_mut::<Overlay>() = Overlay::None;
    app.update();
    assert!(!app.world().resource::<GameAnalysis>().running());
    assert_eq!(app.world().resource::<GameAnalysis>().points().len(), plies + 1);
    app.world_mut().write_message(Intent::Undo);
    app.update();
    app.world_mut().resource_mut::<Review>().0 = Some(1);
    app.update();
    let game = rules(&app).game.clone();
    assert!(game.ply() < plies);
    assert!(app.world().resource::<GameAnalysis>().covers(&game));
    assert!(app.world().resource::<GameAnalysis>().points().len() <= game.ply() + 1);
    // Leaving review stops it mid-way.
    app.world_mut().resource_mut::<Review>().0 = None;
    app.update();
    assert!(!app.world().resource::<GameAnalysis>().running());
    // So does leaving the game for the title, even with the review still set (the analysis
    // does not go on behind the title screen).
    app.world_mut().resource_mut::<Review>().0 = Some(1);
    app.update();
    assert!(app.world().resource::<GameAnalysis>().running());
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    assert!(!app.world().resource::<GameAnalysis>().running(), "the analysis runs on behind the title");
}

/// A script run headless: `play a|b` plays the first legal alternative, and a script move
/// that is not legal ends the run at once with exit code 3 instead of waiting forever.
#[test]
fn a_script_plays_the_first_legal_alternative_and_stops_on_a_move_that_is_not_legal() {
    use konane::game::script::{ScreenshotDir, Script, plugin};
    let run = |text: &str| {
        let mut app = app(settings(8, 8, [Controller::Human, Controller::Human]), false);
        app.insert_resource(Script::parse(text).unwrap());
        app.insert_resource(ScreenshotDir(std::env::temp_dir().join("konane-script-headless")));
        plugin(&mut app);
        let start = Instant::now();
        loop {
            app.update();
            if let Some(exit) = app.should_exit() {
                return (exit, rules(&app).game.moves());
            }
            assert!(start.elapsed() < HANG, "the script neither finished nor failed");
        }
    };
    let geo = Geometry::new(8, 8).unwrap();
    let mv = |s: &str| konane::rules::parse_move(&geo, s).unwrap();
    // d6 is not a first move on 8x8 (Black removes d5, e4, a1 or h8), so d5 is played; then
    // White's reply may be given as alternatives too.
    let (exit, moves) = run("wait-idle\nplay d6|d5\nwait-plies 1\nplay c5|e5\nwait-plies 2\nquit\n");
    assert_eq!(exit, AppExit::Success);
    assert_eq!(moves, vec![mv("d5"), mv("c5")]);
    // No alternative legal: the run ends with code 3 and nothing more is played.
    let (exit, moves) = run("wait-idle\nplay d5\nwait-plies 1\nplay a1|h8\nwait-plies 2\nquit\n");
    assert_eq!(exit, AppExit::from_code(3));
    assert_eq!(moves, vec![mv("d5")]);
    // A cell that is not on the board stops it too.
    let (exit, _) = run("wait-idle\nclick z9\nquit\n");
    assert_eq!(exit, AppExit::from_code(3));
}

/// Starting, restarting and leaving a game all go through one message: a restart on the game
/// screen replaces the game in place and forgets the last one's review and selection; leaving
/// opens the title; a start from the title opens the game screen on the game asked for.
#[test]
fn one_message_starts_restarts_and_leaves_a_game() {
    use konane::game::play::screen::Review;
    let mut app = app(settings(6, 6, [Controller::Human; 2]), true);
    let settle = |app: &mut App| {
        let start = Instant::now();
        while turn(app) != Turn::Human {
            assert!(start.elapsed() < HANG, "the move never settled");
            app.update();
        }
    };
    let first = rules(&app).legal_moves()[0];
    app.world_mut().write_message(Intent::Play { mv: first, generation: None });
    app.update();
    settle(&mut app);
    let second = rules(&app).legal_moves()[0];
    app.world_mut().write_message(Intent::Play { mv: second, generation: None });
    app.update();
    settle(&mut app);
    assert_eq!(rules(&app).game.ply(), 2);
    app.world_mut().resource_mut::<Review>().0 = Some(1);
    let third = rules(&app).legal_moves()[0];
    app.world_mut().resource_mut::<konane::game::board::input::Selection>().selected = Some(third.from);
    let id = rules(&app).game_id;

    // Restart: the same setup, a fresh board, nothing of the last game's review.
    let setup = rules(&app).setup;
    app.world_mut().write_message(GameChange::fresh(setup));
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game, "a restart stays on the board");
    assert_eq!((rules(&app).game.ply(), rules(&app).game_id), (0, id + 1));
    assert_eq!(app.world().resource::<Review>().0, None, "the review of the last game is forgotten");
    assert_eq!(app.world().resource::<konane::game::board::input::Selection>().selected, None);

    // Leave, then start a game from a position on the title screen: the game screen opens on it.
    app.world_mut().write_message(GameChange::Leave);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Title);
    let mut game = konane::rules::Game::new(Geometry::new(6, 6).unwrap());
    game.play(first).unwrap();
    app.world_mut().write_message(GameChange::at(setup, game.clone(), None));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(rules(&app).game.moves(), game.moves());
    assert!(app.world().get_resource::<konane::game::play::authority::NextGame>().is_none(), "the start was used up");

    // Leave and start in one frame: the start wins (changes are taken in order).
    app.world_mut().write_message(GameChange::Leave);
    app.world_mut().write_message(GameChange::fresh(setup));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert_eq!(rules(&app).game.ply(), 0);
}

/// The interface's pass and the board's pointer input are ordered: the UI notes at the end of
/// its pass whether the pointer was its own (over a panel, or held by one of its controls), and
/// the board's pointer handlers, run by the next frame's picking, leave such a click alone.
/// Here the picking event is made by hand (there is no window): a click the interface had
/// changes nothing on the board; the same click with the pointer free selects the stone.
#[test]
fn a_click_the_interface_had_never_reaches_the_board() {
    use bevy::camera::NormalizedRenderTarget;
    use bevy::picking::backend::HitData;
    use bevy::picking::events::{Click, Pointer};
    use bevy::picking::pointer::{Location, PointerButton, PointerId};
    use konane::game::board::input::{Selection, UiHasPointer};
    use konane::game::board::view::Cell;
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.add_message::<bevy::window::CursorMoved>();
    app.add_plugins((bevy::asset::AssetPlugin::default(), bevy::image::ImagePlugin::default()));
    konane::game::board_plugins(&mut app);
    app.insert_resource(settings(6, 6, [Controller::Human; 2]));
    core_plugin(&mut app);
    konane::game::board::input::device_plugin(&mut app);
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Game);
    for _ in 0..3 {
        app.update();
    }
    let stone = rules(&app).legal_moves()[0].from;
    let cell = app
        .world_mut()
        .query::<(Entity, &Cell)>()
        .iter(app.world())
        .find(|(_, c)| c.0 == stone)
        .map(|(e, _)| e)
        .expect("the stone's cell");
    let click = |app: &mut App| {
        let at = Location { target: NormalizedRenderTarget::None { width: 1280, height: 800 }, position: Vec2::ZERO };
        let hit = HitData::new(cell, 0.0, None, None);
        let event = Click { button: PointerButton::Primary, hit, duration: Duration::from_millis(80), count: 1 };
        app.world_mut().trigger(Pointer::new(PointerId::Mouse, at, event, cell));
        for _ in 0..2 {
            app.update();
        }
    };
    let touched = |app: &App| rules(app).game.ply() > 0 || app.world().resource::<Selection>().selected.is_some();
    app.world_mut().insert_resource(UiHasPointer(true));
    click(&mut app);
    assert!(!touched(&app), "a click on the interface reached the board");
    app.world_mut().insert_resource(UiHasPointer(false));
    click(&mut app);
    assert!(touched(&app), "a click on the board with the pointer free did nothing");
}
