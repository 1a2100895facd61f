use super::puzzles::PuzzleAttempt;
use super::*;
use crate::rules::Geometry;

/// A temporary directory removed on drop.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("konane-history-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }
    fn file(&self) -> PathBuf {
        self.0.join(FILE_NAME)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A finished 6×6 game played by always taking the first legal move (Black wins it, or White:
/// `winner` says which), with you as Black against `opponent`.
fn finished(opponent: Player, you_win: bool, at: i64) -> FinishedGame {
    let mut game = Game::new(Geometry::new(6, 6).unwrap());
    while let Some(&mv) = game.legal_moves().first() {
        game.play(mv).unwrap();
    }
    let winner = game.winner().unwrap();
    let you = if you_win { winner } else { winner.opponent() };
    let mut players = [Player::Person, Player::Person];
    players[you.opponent().index()] = opponent;
    FinishedGame { finished_at: at, players, you: Some(you), winner, resigned: false, took_back: false, game }
}

fn open(path: &Path) -> History {
    let (h, problem) = History::open(path);
    assert_eq!(problem, None);
    h.unwrap()
}

#[test]
fn a_won_and_a_lost_rated_game_move_the_rating_by_glicko_2_and_are_listed() {
    let dir = Dir::new("rated");
    let mut h = open(&dir.file());
    assert_eq!(h.rating().unwrap(), rating::START);
    let won = h.record(&finished(Player::Computer(Level::Medium), true, 100)).unwrap();
    let change = won.rating.expect("you against Medium on 6×6 without take-back is rated");
    let expected =
        rating::START.after(&[rating::Game { opponent: level_rating(Level::Medium), score: 1.0 }], rating::TAU);
    assert_eq!(change.before, rating::START);
    assert!((change.after.rating - expected.rating).abs() < 1e-9);
    assert!(change.points() > 0);
    let lost = h.record(&finished(Player::Computer(Level::Medium), false, 200)).unwrap();
    let lost = lost.rating.unwrap();
    assert_eq!(lost.before, change.after, "each game starts from the last one's rating");
    assert!(lost.points() < 0);
    assert_eq!(h.rating().unwrap(), lost.after);
    let list = h.games(0, 10).unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].id, lost_id(&h));
    assert_eq!(list[1].finished_at, 100);
    let text = h.record_text(list[1].id).unwrap();
    let replayed = crate::rules::Record::parse(&text).unwrap().replay().unwrap();
    assert!(replayed.winner().is_some(), "the stored record replays to the end");
    let stats = h.stats().unwrap();
    assert_eq!((stats.games, stats.rated, stats.longest_streak, stats.current_streak), (2, 2, 1, 0));
    assert_eq!(stats.best_win, Some(Level::Medium));
    assert_eq!(
        stats.tallies,
        vec![stats::Tally { opponent: Player::Computer(Level::Medium), size: (6, 6), wins: 1, losses: 1 }]
    );
    assert_eq!(stats.series.len(), 2);
    assert_eq!(stats.rating, Some(lost.after));
}

fn lost_id(h: &History) -> i64 {
    h.conn().query_row("SELECT MAX(id) FROM games", [], |r| r.get(0)).unwrap()
}

#[test]
fn take_back_hot_seat_friends_and_small_boards_are_recorded_but_unrated() {
    let dir = Dir::new("unrated");
    let mut h = open(&dir.file());
    let took_back = FinishedGame { took_back: true, ..finished(Player::Computer(Level::Easy), true, 1) };
    let hot_seat = FinishedGame { you: None, players: [Player::Person; 2], ..finished(Player::Person, true, 2) };
    let friend = finished(Player::Friend, true, 3);
    let mut small = Game::new(Geometry::new(4, 4).unwrap());
    while let Some(&mv) = small.legal_moves().first() {
        small.play(mv).unwrap();
    }
    let winner = small.winner().unwrap();
    let mut players = [Player::Person; 2];
    players[winner.opponent().index()] = Player::Computer(Level::Easy);
    let small = FinishedGame { winner, you: Some(winner), players, game: small, ..friend.clone() };
    for g in [&took_back, &hot_seat, &friend, &small] {
        assert_eq!(h.record(g).unwrap().rating, None, "{g:?}");
    }
    assert_eq!(h.rating().unwrap(), rating::START);
    let stats = h.stats().unwrap();
    assert_eq!(stats.games, 4);
    assert_eq!(stats.rated, 0);
    // The hot-seat game has no winner of yours: it is counted as played, and breaks no streak.
    let hot = stats.tallies.iter().find(|t| t.opponent == Player::Person).unwrap();
    assert_eq!((hot.wins, hot.losses), (0, 1));
    assert_eq!(stats.current_streak, 3);
    assert_eq!(stats.best_win, Some(Level::Easy));
}

#[test]
fn a_resignation_and_streaks_count_as_the_player_expects() {
    let dir = Dir::new("streaks");
    let mut h = open(&dir.file());
    let results = [true, true, false, true, true, true, false, true];
    for (i, won) in results.into_iter().enumerate() {
        let mut g = finished(Player::Computer(Level::Beginner), won, i as i64);
        if !won {
            g.resigned = true;
        }
        h.record(&g).unwrap();
    }
    let stats = h.stats().unwrap();
    assert_eq!((stats.longest_streak, stats.current_streak), (3, 1));
    let rows = h.games(0, 100).unwrap();
    assert_eq!(rows.iter().filter(|r| r.resigned).count(), 2);
    assert_eq!(h.games(6, 100).unwrap().len(), 2, "paging skips the newest");
}

#[test]
fn milestones_are_earned_once_and_listed_with_progress() {
    let dir = Dir::new("milestones");
    let mut h = open(&dir.file());
    let first = h.record(&finished(Player::Computer(Level::Beginner), true, 10)).unwrap();
    let keys: Vec<_> = first.milestones.iter().map(|m| m.key).collect();
    assert!(keys.contains(&"first-game") && keys.contains(&"beat-beginner") && keys.contains(&"clean-win"), "{keys:?}");
    let again = h.record(&finished(Player::Computer(Level::Beginner), true, 20)).unwrap();
    assert!(!again.milestones.iter().any(|m| m.key == "beat-beginner"), "earned once");
    let progress = h.milestones().unwrap();
    assert_eq!(progress.len(), milestones::ALL.len());
    let games = progress.iter().find(|p| p.milestone.key == "games-25").unwrap();
    assert_eq!((games.done, games.earned_at), (2, None));
    let beginner = progress.iter().find(|p| p.milestone.key == "beat-beginner").unwrap();
    assert_eq!(beginner.earned_at, Some(10));
    let streak = progress.iter().find(|p| p.milestone.key == "streak-5").unwrap();
    assert_eq!(streak.done, 2);
}

#[test]
fn puzzles_move_their_own_rating_and_daily_and_streak_results_are_kept() {
    let dir = Dir::new("puzzles");
    let mut h = open(&dir.file());
    let attempt = |name: &str, solved: bool, daily: Option<&str>, streak: Option<u32>| PuzzleAttempt {
        at: 5,
        puzzle: name.into(),
        difficulty: 1500.0,
        solved,
        daily: daily.map(Into::into),
        streak,
        hints: 0,
    };
    let r = h.record_puzzle(&attempt("6x6-001", true, Some("2026-12-02"), None)).unwrap();
    assert!(r.rating.points() > 0);
    assert!(r.milestones.iter().any(|m| m.key == "first-puzzle"));
    assert_eq!(h.daily_result("2026-12-02").unwrap(), Some(true));
    assert_eq!(h.daily_result("2026-12-03").unwrap(), None);
    for (i, solved) in [true, true, true, false].into_iter().enumerate() {
        h.record_puzzle(&attempt("x", solved, None, Some(i as u32 + 1))).unwrap();
    }
    assert_eq!(h.best_puzzle_streak().unwrap(), 3);
    let missed = h.record_puzzle(&attempt("y", false, None, None)).unwrap();
    assert!(missed.rating.points() < 0);
    assert_eq!(h.rating().unwrap(), rating::START, "puzzles do not move the game rating");
    assert_eq!(h.dailies_solved().unwrap(), 1);
    assert!(h.puzzles_solved().unwrap().contains("6x6-001"));
}

#[test]
fn a_new_player_s_first_missed_puzzle_costs_tens_of_points_and_hints_pay_less() {
    let dir = Dir::new("puzzle-start");
    let mut h = open(&dir.file());
    let easy = |solved: bool, hints: u8| PuzzleAttempt {
        at: 5,
        puzzle: "6x6-001".into(),
        difficulty: 1020.0,
        solved,
        daily: None,
        streak: None,
        hints,
    };
    assert_eq!(h.puzzle_rating().unwrap(), puzzles::PUZZLE_START);
    let missed = h.record_puzzle(&easy(false, 0)).unwrap();
    assert!((-150..0).contains(&missed.rating.points()), "a first miss cost {}", missed.rating.points());
    // A solve pays more than a solve after a hint, which pays more than one after two; a
    // solve after the move was given away pays nothing and costs nothing.
    let gain = |hints: u8| {
        let d = Dir::new(&format!("puzzle-hints-{hints}"));
        let mut h = open(&d.file());
        h.record_puzzle(&easy(true, hints)).unwrap().rating.points()
    };
    let (clean, one, two, given) = (gain(0), gain(1), gain(2), gain(3));
    assert!(clean > one && one > two && two > 0, "{clean} {one} {two}");
    assert_eq!(given, 0);
}

#[test]
fn an_older_schema_is_migrated_and_keeps_its_games() {
    let dir = Dir::new("migrate");
    {
        let conn = Connection::open(dir.file()).unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.execute_batch(&format!("PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 1")).unwrap();
        insert_game(&conn, &finished(Player::Computer(Level::Hard), true, 7)).unwrap();
    }
    let h = open(&dir.file());
    let version: i64 = h.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    assert_eq!(h.stats().unwrap().games, 1);
    assert_eq!(h.milestones().unwrap().len(), milestones::ALL.len(), "the new tables are there");
}

#[test]
fn puzzle_attempts_of_version_2_are_renamed_to_the_puzzles_identifiers_once() {
    let dir = Dir::new("migrate-puzzles");
    {
        let conn = Connection::open(dir.file()).unwrap();
        conn.execute_batch(MIGRATIONS[0]).unwrap();
        conn.execute_batch(MIGRATIONS[1]).unwrap();
        conn.execute_batch(&format!("PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 2")).unwrap();
        for name in ["6x6-001", "7x7-010", "8x8-111", "not-a-book-puzzle"] {
            conn.execute(
                "INSERT INTO puzzle_attempts(at, puzzle, difficulty, solved, rating, deviation, volatility)
                 VALUES (1, ?1, 1000, 1, 1500, 200, 0.06)",
                [name],
            )
            .unwrap();
        }
    }
    let h = open(&dir.file());
    let version: i64 = h.conn().query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    let legacy = legacy_puzzles::legacy_puzzles();
    let id = |old: &str| legacy.iter().find(|(o, _)| o == old).unwrap().1.clone();
    let solved = h.puzzles_solved().unwrap();
    let expected: std::collections::BTreeSet<String> =
        [id("6x6-001"), id("7x7-010"), id("8x8-111"), "not-a-book-puzzle".into()].into_iter().collect();
    assert_eq!(solved, expected);
    // Opened again, nothing moves: the migration ran once.
    drop(h);
    assert_eq!(open(&dir.file()).puzzles_solved().unwrap(), expected);
}

fn set_aside_files(dir: &Dir) -> Vec<PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains(".damaged-") && !p.to_string_lossy().ends_with("-wal"))
        .filter(|p| !p.to_string_lossy().ends_with("-shm"))
        .collect();
    v.sort();
    v
}

#[test]
fn random_bytes_and_a_foreign_database_are_set_aside_never_deleted() {
    let dir = Dir::new("random");
    let junk: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    std::fs::write(dir.file(), &junk).unwrap();
    let (h, problem) = History::open(&dir.file());
    let Some(Problem::Damaged { set_aside, recovered: 0, .. }) = problem else { panic!("{problem:?}") };
    assert_eq!(std::fs::read(&set_aside).unwrap(), junk, "the damaged file is kept as it was");
    let mut h = h.expect("a fresh history replaces it");
    h.record(&finished(Player::Computer(Level::Easy), true, 1)).unwrap();
    drop(h);

    let foreign = Dir::new("foreign");
    Connection::open(foreign.file())
        .unwrap()
        .execute_batch("CREATE TABLE notes(x); INSERT INTO notes VALUES (1)")
        .unwrap();
    let (h, problem) = History::open(&foreign.file());
    assert!(matches!(problem, Some(Problem::Foreign { .. })), "{problem:?}");
    assert!(h.unwrap().writable());
    let kept = set_aside_files(&foreign);
    assert_eq!(kept.len(), 1);
    let n: i64 = Connection::open(&kept[0]).unwrap().query_row("SELECT x FROM notes", [], |r| r.get(0)).unwrap();
    assert_eq!(n, 1, "the other program's data is untouched");
}

#[test]
fn a_truncated_file_is_set_aside_and_the_games_before_the_cut_are_recovered() {
    let dir = Dir::new("truncated");
    {
        let mut h = open(&dir.file());
        let games: Vec<_> = (0..400).map(|i| finished(Player::Computer(Level::Easy), i % 3 != 0, i)).collect();
        h.record_many(&games).unwrap();
        h.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    }
    let bytes = std::fs::read(dir.file()).unwrap();
    std::fs::write(dir.file(), &bytes[..bytes.len() * 2 / 3]).unwrap();
    let (h, problem) = History::open(&dir.file());
    let Some(Problem::Damaged { recovered, .. }) = problem else { panic!("{problem:?}") };
    let h = h.unwrap();
    assert_eq!(h.stats().unwrap().games as usize, recovered);
    assert!(recovered < 400, "{recovered}");
    assert_eq!(set_aside_files(&dir).len(), 1);
}

#[test]
fn a_newer_version_s_file_is_read_and_never_written() {
    let dir = Dir::new("newer");
    {
        let mut h = open(&dir.file());
        h.record(&finished(Player::Computer(Level::Easy), true, 1)).unwrap();
        h.conn().execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1)).unwrap();
    }
    let (h, problem) = History::open(&dir.file());
    assert_eq!(problem, Some(Problem::Newer { version: SCHEMA_VERSION + 1 }));
    let mut h = h.unwrap();
    assert_eq!(h.stats().unwrap().games, 1);
    assert!(h.record(&finished(Player::Computer(Level::Easy), true, 2)).is_err());
}

#[test]
fn the_suggested_level_is_the_one_with_the_most_even_chances() {
    // A new player (1500) is as far above Easy as below Medium: the weaker is suggested.
    assert_eq!(even_level(&rating::START), Level::Easy);
    // A new player sits as near Easy as Medium: the advice takes the level already chosen.
    assert_eq!(even_level_or(&rating::START, Level::Medium), Level::Medium);
    assert_eq!(even_level_or(&rating::START, Level::Easy), Level::Easy);
    assert_eq!(even_level_or(&rating::START, Level::Expert), Level::Easy, "not as even: the advice stands");
    let strong = Rating { rating: 2450.0, deviation: 80.0, volatility: 0.06 };
    assert_eq!(even_level(&strong), Level::Strong);
    let weak = Rating { rating: 900.0, deviation: 80.0, volatility: 0.06 };
    assert_eq!(even_level(&weak), Level::Beginner);
    assert_eq!(puzzles::date_of(0), "1970-01-01");
    assert_eq!(puzzles::date_of(1_796_169_600 + 86_399), "2026-12-02");
}

/// A history of `n` games against Easy (rated), checkpointed into the main file.
fn history_of(dir: &Dir, n: i64) {
    let mut h = open(&dir.file());
    let games: Vec<_> = (0..n).map(|i| finished(Player::Computer(Level::Easy), i % 3 != 0, i)).collect();
    h.record_many(&games).unwrap();
    h.conn().execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
}

#[test]
fn a_header_that_claims_a_huge_file_costs_nothing_and_stale_salvage_copies_are_removed() {
    let dir = Dir::new("huge-header");
    history_of(&dir, 40);
    let mut bytes = std::fs::read(dir.file()).unwrap();
    // 262,144 pages: 1 GiB at 4 KiB a page, for a file of a few dozen kilobytes.
    bytes[28..32].copy_from_slice(&262_144u32.to_be_bytes());
    std::fs::write(dir.file(), &bytes).unwrap();
    let copy = dir.0.join("copy");
    padded_copy(&dir.file(), &copy).unwrap();
    let len = std::fs::metadata(&copy).unwrap().len();
    assert!(len <= 4 * bytes.len() as u64, "{len} bytes for a {}-byte file", bytes.len());
    assert_eq!(std::fs::read(&copy).unwrap()[..bytes.len()], bytes[..], "the file's own bytes are copied");
    // A salvage stopped half-way (killed, or out of disk) leaves its copy: the next one removes it.
    let junk: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let other = Dir::new("stale-salvage");
    let stale = other.0.join(format!("{FILE_NAME}.damaged-17{SALVAGE}"));
    std::fs::write(&stale, b"left by a killed run").unwrap();
    std::fs::write(PathBuf::from(format!("{}-wal", stale.display())), b"x").unwrap();
    std::fs::write(other.file(), &junk).unwrap();
    let (h, problem) = History::open(&other.file());
    assert!(matches!(problem, Some(Problem::Damaged { .. })), "{problem:?}");
    assert!(h.is_some());
    let left: Vec<_> = std::fs::read_dir(&other.0)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(SALVAGE))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn one_bad_row_is_left_out_and_said_and_the_history_plays_on() {
    let dir = Dir::new("bad-row");
    history_of(&dir, 40);
    let mut h = open(&dir.file());
    let before = h.stats().unwrap();
    let last_rated: i64 = h.conn().query_row("SELECT MAX(id) FROM games WHERE rated = 1", [], |r| r.get(0)).unwrap();
    let previous = h
        .conn()
        .query_row(
            "SELECT rating, deviation, volatility FROM games WHERE rated = 1 AND id < ?1 ORDER BY id DESC",
            [last_rated],
            |r| Ok(Rating { rating: r.get(0)?, deviation: r.get(1)?, volatility: r.get(2)? }),
        )
        .unwrap();
    h.conn().execute("UPDATE games SET rating = NULL WHERE id = ?1", [last_rated]).unwrap();
    let stats = h.stats().expect("one bad row does not make the history unreadable");
    assert_eq!((stats.games, stats.unreadable), (before.games - 1, 1));
    assert_eq!(h.rating().unwrap(), previous, "the rating is the last one that can be read");
    assert_eq!(h.games(0, 100).unwrap().len(), 40, "the list shows the game (its rating is simply not known)");
    // Other single-row edits: a size out of range, a name that is not text, a flag that is not one.
    for edit in [
        "UPDATE games SET rows = 1000000 WHERE id = 3",
        "UPDATE games SET black = X'FF' WHERE id = 4",
        "UPDATE games SET took_back = 'x' WHERE id = 5",
    ] {
        h.conn().execute_batch(edit).unwrap();
    }
    let stats = h.stats().unwrap();
    assert_eq!((stats.games, stats.unreadable), (before.games - 4, 4));
    assert!(h.games(0, 100).unwrap().len() >= 37);
    // And the game goes on: the next game is recorded, rated from the last readable rating.
    let next = h.record(&finished(Player::Computer(Level::Easy), true, 1000)).unwrap();
    assert_eq!(next.rating.unwrap().before, previous);
}

#[test]
fn salvage_carries_every_readable_game_past_refused_rows_and_unreadable_pages() {
    let dir = Dir::new("salvage-rows");
    history_of(&dir, 400);
    // A row the schema refuses (a winner that is neither colour), written past its checks.
    {
        let h = open(&dir.file());
        h.conn()
            .execute_batch(
                "PRAGMA ignore_check_constraints = ON; UPDATE games SET winner = 'nobody' WHERE id = 7;
                 PRAGMA wal_checkpoint(TRUNCATE)",
            )
            .unwrap();
    }
    let rows = read_games(&dir.file()).unwrap();
    assert_eq!(rows.len(), 400);
    let fresh = Dir::new("salvage-rows-fresh");
    let (mut h, _) = History::open_writable(&fresh.file()).unwrap();
    assert_eq!(copy_games(&mut h.conn, rows), 399, "every game but the refused one");
    drop(h);

    // A leaf page of the games table made unreadable: the games on it are lost, the rest found.
    let mut bytes = std::fs::read(dir.file()).unwrap();
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    let root: i64 = Connection::open(dir.file())
        .unwrap()
        .query_row("SELECT rootpage FROM sqlite_master WHERE name = 'games'", [], |r| r.get(0))
        .unwrap();
    let at = (root as usize - 1) * page;
    assert_eq!(bytes[at], 0x05, "400 games need an interior page at the games table's root");
    let first_cell = u16::from_be_bytes([bytes[at + 12], bytes[at + 13]]) as usize;
    let leaf = u32::from_be_bytes(bytes[at + first_cell..at + first_cell + 4].try_into().unwrap()) as usize;
    bytes[(leaf - 1) * page..leaf * page].fill(0xA5);
    std::fs::write(dir.file(), &bytes).unwrap();
    let rows = read_games(&dir.file()).unwrap();
    let ids: Vec<i64> =
        rows.iter().map(|(c, _)| if let rusqlite::types::Value::Integer(i) = c[0] { i } else { 0 }).collect();
    assert!(ids.len() > 300 && ids.len() < 400, "{} games read", ids.len());
    assert_eq!(ids.last(), Some(&400), "the games after the bad page are found too");
}
