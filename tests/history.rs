//! The player's history: games recorded by the game in a headless `App` (won, lost, resigned,
//! taken back, two people), the rating change on the game-over panel, milestones once; and
//! the database's faults with the real binary: `kill -9` while writing (200 times), a file
//! of random bytes, a truncated file, a read-only directory.

mod common;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::ai::Level;
use konane::game::board::input::LastDevice;
use konane::game::modes::history::{PlayerHistory, RecordView};
use konane::game::modes::saves::{DataDir, SaveList};
use konane::game::platform::clipboard::Clipboard;
use konane::game::play::authority::{GameChange, Intent, Rules};
use konane::game::play::screen::{Notice, Overlay};
use konane::game::setup::GameSetup;
use konane::game::ui::{PanelFacts, panel_words};
use konane::game::{Controller, Screen, Settings, Turn, core_plugin};
use konane::history::{FILE_NAME, History, Problem};
use konane::rating;
use konane::rules::{Color as Side, Game, Geometry, Move};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-history-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A removed-on-drop directory, so a failed test leaves nothing behind either.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings { ai_min_delay: 0.0, ..Settings::default() });
    app.insert_resource(DataDir(dir.to_path_buf()));
    app.insert_resource(Clipboard::local());
    core_plugin(&mut app);
    app.update();
    wait(&mut app, "the history opens", |app| {
        let h = app.world().resource::<PlayerHistory>();
        h.rating.is_some() || h.problem.is_some()
    });
    app
}

/// Updates until `done` (the history opens on a thread of its own); only a hang fails.
fn wait(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < common::LIMIT, "{what}: never happened");
        app.update();
        std::thread::yield_now();
    }
}

fn rules(app: &App) -> &Rules {
    app.world().resource::<Rules>()
}

/// A 6×6 game played by always taking the first legal move, and its last move.
fn played_out() -> (Game, Move) {
    let mut game = Game::new(Geometry::new(6, 6).unwrap());
    while let Some(&mv) = game.legal_moves().first() {
        game.play(mv).unwrap();
    }
    let last = *game.moves().last().unwrap();
    game.undo();
    (game, last)
}

/// Starts a game of `setup` one move before its end (the side to move wins with `last`).
fn start_near_the_end(app: &mut App, players: [Controller; 2]) -> (Side, Move) {
    let (game, last) = played_out();
    let mover = game.to_move();
    let setup = GameSetup::play(*game.geometry(), players);
    app.world_mut().write_message(GameChange::at(setup, game, None));
    app.update();
    app.update();
    (mover, last)
}

fn play(app: &mut App, mv: Move) {
    app.world_mut().write_message(Intent::Play { mv, generation: None });
    app.update();
    app.update();
}

fn you_against(level: Level, you: Side) -> [Controller; 2] {
    let mut players = [Controller::Ai(level); 2];
    players[you.index()] = Controller::Human;
    players
}

fn game_over_lines(app: &App) -> Vec<String> {
    let settings = Settings::default();
    let saves = SaveList::default();
    let code = Default::default();
    let facts = PanelFacts {
        settings: &settings,
        saves: &saves,
        rules: Some(rules(app)),
        tutorial: None,
        puzzle: None,
        device: LastDevice::Pointer,
        online: None,
        code: &code,
        history: Some(app.world().resource::<PlayerHistory>()),
        recorded: 0,
    };
    let (_, lines) = panel_words(Overlay::GameOver, &facts).unwrap();
    let tr = app.world().resource::<konane::game::platform::i18n::Tr>();
    lines.into_iter().map(|(m, _)| tr.msg(&m)).collect()
}

#[test]
fn won_lost_resigned_taken_back_and_two_people_games_change_the_record_as_specified() {
    let dir = data_dir("play");
    let _clean = Scratch(dir.clone());
    let mut app = app(&dir);
    assert_eq!(app.world().resource::<PlayerHistory>().rating, Some((rating::START, 0)));

    // 1. You win against Medium: rated, the rating rises by Glicko-2, the panel says so.
    let mover_side = played_out().0.to_move();
    let (you, last) = start_near_the_end(&mut app, you_against(Level::Medium, mover_side));
    assert_eq!(you, mover_side);
    play(&mut app, last);
    wait(&mut app, "game over", |app| *app.world().resource::<State<Turn>>().get() == Turn::Over);
    let id = rules(&app).game_id;
    let won = app.world().resource::<PlayerHistory>().result_of(id).cloned().expect("recorded");
    let change = won.rating.expect("rated");
    let expected = rating::START
        .after(&[rating::Game { opponent: konane::history::level_rating(Level::Medium), score: 1.0 }], rating::TAU);
    assert!((change.after.rating - expected.rating).abs() < 1e-6);
    // Said in plain words: where the rating went, and about which level that is.
    let rating_line = format!("Your rating rose to {} (+{}): about ", change.after.rating.round(), change.points());
    assert!(
        game_over_lines(&app).iter().any(|l| l.starts_with(&rating_line) && l.ends_with(" level.")),
        "{:?}",
        game_over_lines(&app)
    );
    let earned: Vec<_> = won.milestones.iter().map(|m| m.key).collect();
    assert!(earned.contains(&"first-game") && earned.contains(&"beat-medium"), "{earned:?}");
    assert_eq!(earned.contains(&"win-as-white"), you == Side::White);

    // 2. You resign against Hard: a rated loss.
    let (game, _) = played_out();
    let setup = GameSetup::play(*game.geometry(), you_against(Level::Hard, game.to_move()));
    app.world_mut().write_message(GameChange::at(setup, game.clone(), None));
    app.update();
    let resigner = rules(&app).game.to_move();
    app.world_mut().write_message(Intent::Resign(resigner));
    let start = Instant::now();
    while app.world().resource::<PlayerHistory>().result_of(rules(&app).game_id).is_none() {
        assert!(start.elapsed() < common::LIMIT, "the resigned game was never recorded");
        app.update();
    }
    let lost = app.world().resource::<PlayerHistory>().result_of(rules(&app).game_id).cloned().unwrap();
    let lost_change = lost.rating.unwrap();
    assert_eq!(lost_change.before, change.after);
    assert!(lost_change.points() < 0);

    // 3. A take-back makes the next game unrated, and says so at once.
    let (mut game, _) = played_out();
    game.undo();
    game.undo();
    let setup = GameSetup::play(*game.geometry(), you_against(Level::Easy, game.to_move()));
    app.world_mut().write_message(GameChange::at(setup, game, None));
    app.update();
    let mv = rules(&app).legal_moves()[0];
    // The move and its take-back in one frame, before the computer can answer (the first
    // Undo says that it unrates the game, the second takes back).
    app.world_mut().write_message(Intent::Play { mv, generation: None });
    app.world_mut().write_message(Intent::Undo);
    app.world_mut().write_message(Intent::Undo);
    app.update();
    app.update();
    assert!(rules(&app).took_back);
    assert_eq!(app.world().resource::<Notice>().text.key, "notice-unrated");
    // Play on to the end whatever the computer does: the game is recorded, unrated.
    let start = Instant::now();
    while rules(&app).winner().is_none() {
        assert!(start.elapsed() < common::LIMIT);
        let r = rules(&app);
        if r.controller(r.game.to_move()) == Controller::Human {
            let mv = r.legal_moves()[0];
            play(&mut app, mv);
        } else {
            app.update();
        }
    }
    app.update();
    let unrated = app.world().resource::<PlayerHistory>().result_of(rules(&app).game_id).cloned().unwrap();
    assert_eq!(unrated.rating, None);
    assert!(game_over_lines(&app).contains(&"Unrated: a move was taken back.".to_string()));

    // 4. Two people at this screen: recorded, unrated, nobody's streak.
    let (game, last) = played_out();
    let setup = GameSetup::play(*game.geometry(), [Controller::Human; 2]);
    app.world_mut().write_message(GameChange::at(setup, game, None));
    app.update();
    play(&mut app, last);
    let people = app.world().resource::<PlayerHistory>().result_of(rules(&app).game_id).cloned().unwrap();
    assert_eq!(people.rating, None);
    // Undo after the end and finish again: recorded once, and the player is told so.
    app.world_mut().write_message(Intent::Undo);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Notice>().text.key, "notice-result-stands");
    play(&mut app, last);

    let h = app.world().resource::<PlayerHistory>();
    let stats = h.read(|h| h.stats().unwrap()).unwrap();
    assert_eq!(stats.games, 4, "four games, the last recorded once");
    assert_eq!(stats.rated, 2);
    assert!(stats.longest_streak >= 1);
    assert_eq!(stats.rating, Some(lost_change.after));
    assert_eq!(h.rating, Some((lost_change.after, 2)));
    drop(app);
    // What was recorded is there for the next run, and the statistics screen reads it.
    let mut again = self::app(&dir);
    assert_eq!(again.world().resource::<PlayerHistory>().rating, Some((lost_change.after, 2)));
    again.world_mut().write_message(konane::game::play::screen::Navigate::To(Overlay::Stats));
    again.update();
    again.update();
    let view = again.world().resource::<RecordView>();
    assert_eq!(view.games.len(), 4);
    assert_eq!(view.stats.as_ref().unwrap().games, 4);
    assert!(view.milestones.iter().any(|p| p.milestone.key == "beat-medium" && p.earned_at.is_some()));
}

#[test]
fn a_game_in_the_record_opens_finished_for_review() {
    let dir = data_dir("open");
    let _clean = Scratch(dir.clone());
    let mut app = app(&dir);
    let (_, last) = start_near_the_end(&mut app, you_against(Level::Easy, Side::White));
    play(&mut app, last);
    let recorded_moves = rules(&app).game.moves();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    app.world_mut().write_message(konane::game::play::screen::Navigate::To(Overlay::Recorded));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<RecordView>().games.len(), 1);
    app.world_mut().write_message(konane::game::menus::MenuChosen(konane::game::menus::MenuItem::OpenRecorded(0)));
    wait(&mut app, "the game opens", |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Game
            && app.world().get_resource::<Rules>().is_some_and(|r| r.winner().is_some())
    });
    assert_eq!(rules(&app).game.moves(), recorded_moves);
    assert_eq!(rules(&app).setup.players, you_against(Level::Easy, Side::White));
    // A game that counted is not called unrated when it is opened again.
    assert!(!rules(&app).took_back, "the opened game says a move was taken back");
    // Opened, not played: it is not recorded again.
    for _ in 0..3 {
        app.update();
    }
    let stats = app.world().resource::<PlayerHistory>().read(|h| h.stats().unwrap()).unwrap();
    assert_eq!(stats.games, 1);
}

#[test]
fn a_damaged_history_is_set_aside_and_the_game_starts_and_records_into_a_fresh_one() {
    let dir = data_dir("damaged");
    let _clean = Scratch(dir.clone());
    let junk: Vec<u8> = (0..50_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 7) as u8).collect();
    std::fs::write(dir.join(FILE_NAME), &junk).unwrap();
    let mut app = app(&dir);
    let problem = app.world().resource::<PlayerHistory>().problem.clone();
    let Some(Problem::Damaged { set_aside, .. }) = problem else { panic!("{problem:?}") };
    assert_eq!(std::fs::read(&set_aside).unwrap(), junk);
    assert_eq!(app.world().resource::<Notice>().text.key, "notice-history-set-aside");
    let (_, last) = start_near_the_end(&mut app, you_against(Level::Beginner, Side::White));
    play(&mut app, last);
    let stats = app.world().resource::<PlayerHistory>().read(|h| h.stats().unwrap()).unwrap();
    assert_eq!(stats.games, 1);
}

fn konane() -> Command {
    Command::new(env!("CARGO_BIN_EXE_konane"))
}

/// A child process killed (SIGKILL) and reaped when dropped, also when the test fails.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Records `games` made-up games into `dir` with the real binary, `batch` per transaction.
fn fill(dir: &Path, games: u32, batch: u32) {
    let status = konane()
        .args(["history", "fill", "--games", &games.to_string(), "--batch", &batch.to_string(), "--data-dir"])
        .arg(dir)
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

fn count_games(path: &Path) -> i64 {
    // A reader beside the writer (WAL lets both run); a moment of contention is retried.
    let start = Instant::now();
    loop {
        let read =
            rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).and_then(|c| {
                c.busy_timeout(Duration::from_secs(5))?;
                c.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
            });
        match read {
            Ok(n) => return n,
            Err(_) if start.elapsed() < common::LIMIT => std::thread::yield_now(),
            Err(e) => panic!("cannot read {}: {e}", path.display()),
        }
    }
}

#[test]
fn kill_9_while_writing_200_times_loses_at_most_the_game_being_written() {
    let dir = data_dir("kill");
    let _clean = Scratch(dir.clone());
    let path = dir.join(FILE_NAME);
    let mut seen = 0;
    for round in 0..200u64 {
        let mut child = Child(
            konane()
                .args(["history", "fill", "--games", "1000000", "--seed"])
                .arg((round + 1).to_string())
                .arg("--data-dir")
                .arg(&dir)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
        // Kill it once it has committed something this round (a state, not a time): the
        // moment within its next transaction is whatever it is.
        let start = Instant::now();
        while !path.exists() || count_games(&path) <= seen {
            assert!(start.elapsed() < common::LIMIT, "round {round}: no game written");
            if let Ok(Some(status)) = child.0.try_wait() {
                let mut err = String::new();
                use std::io::Read;
                child.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
                panic!("round {round}: the writer stopped ({status}): {err}");
            }
            std::thread::yield_now();
        }
        let committed = count_games(&path);
        child.0.kill().unwrap();
        child.0.wait().unwrap();
        drop(child);
        // Opens without a problem, passes SQLite's integrity check, keeps every game that was
        // committed before the kill, and every game has its record.
        let (h, problem) = History::open(&path);
        assert_eq!(problem, None, "round {round}");
        let h = h.unwrap();
        let stats = h.stats().unwrap();
        assert!(stats.games as i64 >= committed, "round {round}: {} < {committed}", stats.games);
        let check = rusqlite::Connection::open(&path).unwrap();
        let ok: String = check.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(ok, "ok", "round {round}");
        let unmatched: i64 = check
            .query_row(
                "SELECT COUNT(*) FROM games g LEFT JOIN records r ON r.game = g.id WHERE r.text IS NULL",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(unmatched, 0, "round {round}: a game without its record");
        seen = stats.games as i64;
    }
    assert!(seen >= 200);
}

#[test]
fn a_truncated_history_is_set_aside_with_its_readable_games_carried_over() {
    let dir = data_dir("truncated");
    let _clean = Scratch(dir.clone());
    fill(&dir, 3000, 500);
    let path = dir.join(FILE_NAME);
    // Fold the WAL into the file, then cut the file at two thirds.
    let (h, _) = History::open(&path);
    drop(h);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() * 2 / 3]).unwrap();
    let out = konane().args(["history", "show", "--games", "0", "--data-dir"]).arg(&dir).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("damaged") && err.contains("set aside"), "{err}");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&format!("{FILE_NAME}.damaged-")))
        .collect();
    assert!(!kept.is_empty(), "the damaged file is kept");
    let recovered = count_games(&path);
    assert!(recovered > 0 && recovered < 3000, "{recovered} games carried over");
}

/// Runs `konane` as a user who cannot write `dir` (as root: the `nobody` user, through
/// `setpriv`; otherwise the directory is made read-only).
fn without_write_access(dir: &Path, args: &[&str]) -> std::process::Output {
    let root = unsafe { libc::geteuid() } == 0;
    if root {
        // `nobody` must reach the binary: a copy in a directory anyone may read.
        let bin_dir = data_dir("bin");
        let bin = bin_dir.join("konane");
        std::fs::copy(env!("CARGO_BIN_EXE_konane"), &bin).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&bin_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = Command::new("setpriv")
            .args(["--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"])
            .arg(&bin)
            .args(args)
            .arg("--data-dir")
            .arg(dir)
            .env("HOME", "/nonexistent")
            .output()
            .unwrap();
        let _ = std::fs::remove_dir_all(&bin_dir);
        out
    } else {
        konane().args(args).arg("--data-dir").arg(dir).output().unwrap()
    }
}

#[test]
fn a_read_only_directory_keeps_the_history_readable_and_nothing_is_lost() {
    use std::os::unix::fs::PermissionsExt;
    let dir = data_dir("read-only");
    let _clean = Scratch(dir.clone());
    fill(&dir, 40, 40);
    let path = dir.join(FILE_NAME);
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Others may pass into the scratch directory's parent (it is the system's temp dir).
    let shown = without_write_access(&dir, &["history", "show", "--games", "3"]);
    let (out, err) = (String::from_utf8_lossy(&shown.stdout), String::from_utf8_lossy(&shown.stderr));
    assert!(shown.status.success(), "{err}");
    assert!(err.contains("only read"), "{err}");
    assert!(out.contains("games: 40,"), "{out}");
    let filled = without_write_access(&dir, &["history", "fill", "--games", "1"]);
    let err = String::from_utf8_lossy(&filled.stderr);
    assert_eq!(filled.status.code(), Some(2), "{err}");
    assert!(err.contains("is only read"), "{err}");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), before, "the file is untouched");
    assert_eq!(count_games(&path), 40);
}

#[test]
fn your_games_turn_pages_of_fifty_back_to_the_first_and_never_past_either_end() {
    use konane::game::menus::{MenuChosen, MenuItem};
    let dir = data_dir("pages");
    let _clean = Scratch(dir.clone());
    fill(&dir, 120, 120);
    let mut app = app(&dir);
    app.world_mut().write_message(konane::game::play::screen::Navigate::To(Overlay::Recorded));
    app.update();
    app.update();
    let page = |app: &App| {
        let v = app.world().resource::<RecordView>();
        (v.skip, v.games.len(), v.page().older, v.page().newer)
    };
    assert_eq!(page(&app), (0, 50, true, false));
    let newest = app.world().resource::<RecordView>().games[0].id;
    for (item, expected) in [
        (MenuItem::NewerGames, (0, 50, true, false)),
        (MenuItem::OlderGames, (50, 50, true, true)),
        (MenuItem::OlderGames, (100, 20, false, true)),
        (MenuItem::OlderGames, (100, 20, false, true)),
        (MenuItem::NewerGames, (50, 50, true, true)),
        (MenuItem::NewerGames, (0, 50, true, false)),
    ] {
        app.world_mut().write_message(MenuChosen(item));
        app.update();
        app.update();
        assert_eq!(page(&app), expected, "after {item:?}");
    }
    assert_eq!(app.world().resource::<RecordView>().games[0].id, newest);
}
