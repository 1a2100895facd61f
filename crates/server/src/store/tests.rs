use super::*;

/// A scratch folder for a test's database, removed when the test ends (passed or failed).
struct TempDb(PathBuf);

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The folder (removed when the guard drops) and the database's path in it.
fn temp_db(name: &str) -> (TempDb, PathBuf) {
    let dir = std::env::temp_dir().join(format!("konane-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.sqlite");
    (TempDb(dir), path)
}

#[tokio::test]
async fn games_moves_take_backs_and_rematches_survive_a_reopen() {
    let (_dir, path) = temp_db("reopen");
    let store = Store::start(open(&path).unwrap(), path.clone(), LOG_LIMIT);
    let tokens = [Some("t-black".to_string()), None];
    store
        .keep(Op::Create { code: "ABC234".into(), rows: 6, cols: 6, created: 100, tokens, watch: None })
        .await
        .unwrap();
    store.keep(Op::Seat { code: "ABC234".into(), colour: Colour::White, token: "t-white".into() }).await.unwrap();
    for (ply, mv) in ["d3", "d4", "b3-d3"].iter().enumerate() {
        store.keep(Op::Move { code: "ABC234".into(), ply: ply as u32, mv: mv.to_string() }).await.unwrap();
    }
    store.keep(Op::Truncate { code: "ABC234".into(), from_ply: 2 }).await.unwrap();
    // A move with a number already kept is refused, and nothing else in its batch is kept.
    assert!(store.keep(Op::Move { code: "ABC234".into(), ply: 1, mv: "c3".into() }).await.is_err());
    let games = load(&open(&path).unwrap(), 200).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves, ["d3", "d4"]);
    assert_eq!(games[0].tokens, [Some("t-black".into()), Some("t-white".into())]);
    let outcome = Outcome { winner: Some(Colour::White), how: EndReason::Resigned };
    store.keep(Op::End { code: "ABC234".into(), outcome, at: 300 }).await.unwrap();
    let games = load(&open(&path).unwrap(), 300).unwrap();
    assert_eq!(games[0].outcome, Some(outcome));
    assert!(load(&open(&path).unwrap(), 300 + KEEP_FINISHED_SECS + 1).unwrap().is_empty());
    store.keep(Op::Rematch { code: "ABC234".into(), round: 1 }).await.unwrap();
    let games = load(&open(&path).unwrap(), 300).unwrap();
    assert_eq!(games[0].tokens, [Some("t-white".into()), Some("t-black".into())]);
    assert_eq!((games[0].round, games[0].moves.len(), games[0].outcome), (1, 0, None));
}

#[tokio::test]
async fn a_change_that_came_too_late_is_a_conflict_and_keeps_nothing() {
    let (_dir, path) = temp_db("conflict");
    let store = Store::start(open(&path).unwrap(), path.clone(), LOG_LIMIT);
    let code = || "XYZ234".to_string();
    store
        .keep(Op::Create { code: code(), rows: 6, cols: 6, created: 1, tokens: [None, None], watch: None })
        .await
        .unwrap();
    let seat = |token: &str| Op::Seat { code: code(), colour: Colour::White, token: token.into() };
    store.keep(seat("first")).await.unwrap();
    let late = store.keep(seat("second")).await.unwrap_err();
    assert!(late.contains(CONFLICT), "{late}");
    // Moves only as the next one, and none after the end.
    store.keep(Op::Move { code: code(), ply: 0, mv: "d3".into() }).await.unwrap();
    assert!(store.keep(Op::Move { code: code(), ply: 2, mv: "c3".into() }).await.is_err());
    let outcome = Outcome { winner: Some(Colour::Black), how: EndReason::Resigned };
    store.keep(Op::End { code: code(), outcome, at: 5 }).await.unwrap();
    assert!(store.keep(Op::End { code: code(), outcome, at: 6 }).await.is_err(), "a game ends once");
    assert!(store.keep(Op::Move { code: code(), ply: 1, mv: "d4".into() }).await.is_err());
    // A round starts once.
    store.keep(Op::Rematch { code: code(), round: 1 }).await.unwrap();
    assert!(store.keep(Op::Rematch { code: code(), round: 1 }).await.is_err());
    let g = load_code(&open(&path).unwrap(), "XYZ234").unwrap().unwrap();
    assert_eq!((g.round, g.moves.len(), g.outcome), (1, 0, None));
    assert_eq!(g.tokens, [Some("first".into()), None], "the seats swapped with the round");
}

/// The moves kept as rows for `code`, and its record.
fn kept(path: &Path, code: &str) -> (i64, Option<String>) {
    let conn = open(path).unwrap();
    let rows = conn.query_row("SELECT count(*) FROM moves WHERE code = ?1", [code], |r| r.get(0)).unwrap();
    let record = conn.query_row("SELECT record FROM games WHERE code = ?1", [code], |r| r.get(0)).unwrap();
    (rows, record)
}

#[tokio::test]
async fn a_finished_game_is_compacted_and_a_take_back_after_its_end_brings_its_moves_back() {
    let (_dir, path) = temp_db("compact");
    let store = Store::start(open(&path).unwrap(), path.clone(), LOG_LIMIT);
    let code = || "CMPCT23456".to_string();
    let create = Op::Create { code: code(), rows: 6, cols: 6, created: 1, tokens: [None, None], watch: None };
    store.keep(create).await.unwrap();
    let moves = ["d3", "d4", "b3-d3", "d5-d3"];
    for (ply, mv) in moves.iter().enumerate() {
        store.keep(Op::Move { code: code(), ply: ply as u32, mv: mv.to_string() }).await.unwrap();
    }
    assert_eq!(kept(&path, &code()), (4, None), "a game in progress keeps a row per move");
    let outcome = Outcome { winner: Some(Colour::White), how: EndReason::NoMoves };
    store.keep(Op::End { code: code(), outcome, at: 5 }).await.unwrap();
    assert_eq!(kept(&path, &code()), (0, Some("d3 d4 b3-d3 d5-d3".into())));
    let g = load_code(&open(&path).unwrap(), &code()).unwrap().unwrap();
    assert_eq!((g.moves.join(" "), g.outcome), (moves.join(" "), Some(outcome)));
    assert_eq!(load(&open(&path).unwrap(), 5).unwrap()[0].moves, moves);
    // A take-back after an end by no moves: the moves before it are rows again.
    store.keep(Op::Truncate { code: code(), from_ply: 2 }).await.unwrap();
    assert_eq!(kept(&path, &code()), (2, None));
    let g = load_code(&open(&path).unwrap(), &code()).unwrap().unwrap();
    assert_eq!((g.moves.join(" "), g.outcome), (moves[..2].join(" "), None));
    // Play goes on from there, and a later end compacts again.
    store.keep(Op::Move { code: code(), ply: 2, mv: "f4-d4".into() }).await.unwrap();
    store.keep(Op::End { code: code(), outcome, at: 6 }).await.unwrap();
    assert_eq!(kept(&path, &code()), (0, Some("d3 d4 f4-d4".into())));
    // A game over before its first move keeps an empty record; a rematch clears it.
    store.keep(Op::Rematch { code: code(), round: 1 }).await.unwrap();
    assert_eq!(kept(&path, &code()), (0, None));
    store.keep(Op::End { code: code(), outcome, at: 7 }).await.unwrap();
    assert_eq!(kept(&path, &code()), (0, Some(String::new())));
    let g = load_code(&open(&path).unwrap(), &code()).unwrap().unwrap();
    assert!(g.moves.is_empty());
    store.keep(Op::Truncate { code: code(), from_ply: 0 }).await.unwrap();
    store.keep(Op::Move { code: code(), ply: 0, mv: "c3".into() }).await.unwrap();
    assert_eq!(kept(&path, &code()), (1, None));
}

#[test]
fn a_database_of_schema_2_gets_the_record_column_and_its_finished_games_compacted() {
    let (_dir, path) = temp_db("schema2");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID};
             CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
             CREATE TABLE games (code TEXT PRIMARY KEY, rows INTEGER NOT NULL, cols INTEGER NOT NULL,
                round INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL, black_token TEXT,
                white_token TEXT, winner TEXT, how TEXT, ended INTEGER);
             CREATE TABLE moves (code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
                ply INTEGER NOT NULL, mv TEXT NOT NULL, PRIMARY KEY (code, ply)) WITHOUT ROWID;
             {WATCH_CODES};
             INSERT INTO meta VALUES ('schema', 2);
             INSERT INTO games (code, rows, cols, created, winner, how, ended)
                VALUES ('DONE234567', 6, 6, 1, 'black', 'resigned', 9);
             INSERT INTO games (code, rows, cols, created) VALUES ('LIVE234567', 6, 6, 1);
             INSERT INTO moves VALUES ('DONE234567', 1, 'd4'), ('DONE234567', 0, 'd3'),
                ('LIVE234567', 0, 'c3');"
        ))
        .unwrap();
    }
    let conn = open(&path).unwrap();
    let version: i64 = conn.query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| r.get(0)).unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    drop(conn);
    assert_eq!(kept(&path, "DONE234567"), (0, Some("d3 d4".into())));
    assert_eq!(kept(&path, "LIVE234567"), (1, None));
    let games = load(&open(&path).unwrap(), 10).unwrap();
    let moves: Vec<_> = games.iter().map(|g| (g.code.as_str(), g.moves.join(" "))).collect();
    assert!(moves.contains(&("DONE234567", "d3 d4".into())) && moves.contains(&("LIVE234567", "c3".into())));
}

#[test]
fn addresses_name_postgres_and_hide_the_password() {
    assert_eq!(Database::parse("games.sqlite"), Database::Sqlite("games.sqlite".into()));
    let pg = Database::parse("postgres://konane:secret@db:5432/games");
    assert_eq!(pg.shown(), "postgres://konane:…@db:5432/games");
    assert!(matches!(Database::parse("postgresql://h/d"), Database::Postgres(_)));
}

#[test]
fn a_file_that_is_not_a_database_is_named_and_left_alone() {
    let (_dir, path) = temp_db("foreign");
    std::fs::write(&path, b"these are not the pages of a database, just some words").unwrap();
    let err = open(&path).unwrap_err();
    assert!(err.contains("games.sqlite") && err.contains("not a Kōnane server database"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), b"these are not the pages of a database, just some words");
}
