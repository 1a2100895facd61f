//! Private games, through a real `konane-server`: the host asks for one, both seats get its
//! watch code; the invite code lets nobody watch and the watch code seats nobody; a watcher
//! is never told the invite code; all of it survives a restart; a database of the first
//! schema is brought up to date when the server opens it.

mod common;
use common::{Scratch, start};

use konane_server::client::Link;
use konane_server::code;
use konane_server::protocol::{ClientMsg, Colour, ErrorCode, ServerMsg, TimeControl};

async fn said(link: &mut Link) -> ServerMsg {
    loop {
        match link.recv().await.unwrap() {
            ServerMsg::Presence { .. } => {}
            other => return other,
        }
    }
}

async fn refusal(addr: &str, msg: ClientMsg) -> String {
    let mut link = Link::connect(addr).await.unwrap();
    link.send(&msg).await.unwrap();
    match link.recv().await.unwrap() {
        ServerMsg::Error { code: ErrorCode::NoSuchGame, message } => message,
        other => panic!("{msg:?} was answered {other:?}"),
    }
}

async fn watching(addr: &str, typed: &str) -> konane_server::protocol::GameView {
    let mut link = Link::connect(addr).await.unwrap();
    link.send(&ClientMsg::Watch { code: typed.into() }).await.unwrap();
    match said(&mut link).await {
        ServerMsg::Watching { game } => game,
        other => panic!("watching with {typed} was answered {other:?}"),
    }
}

#[test]
fn a_private_game_is_watched_with_its_watch_code_only_also_after_a_restart() {
    let dir = Scratch::new("private");
    let database = dir.0.join("games.sqlite");
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (child, addr, _out) = start(&database, &["--rate", "1000"]);
    let (code, watch, token) = rt.block_on(async {
        let mut host = Link::connect(&addr).await.unwrap();
        host.send(&ClientMsg::Host {
            rows: 6,
            cols: 6,
            colour: Colour::Black,
            private: true,
            clock: TimeControl::Untimed,
        })
        .await
        .unwrap();
        let ServerMsg::Seated { token, game, watch_code: Some(watch), .. } = said(&mut host).await else {
            panic!("a private game's host gets its watch code")
        };
        let code = game.code.clone();
        assert_ne!(watch, code);
        assert_eq!(code::normalise(&watch).unwrap(), watch, "a watch code is a code like an invite code");

        // The invite code lets nobody watch; the watch code seats nobody.
        let why = refusal(&addr, ClientMsg::Watch { code: code.clone() }).await;
        assert!(why.contains("private") && why.contains("watch code"), "{why}");
        let why = refusal(&addr, ClientMsg::Join { code: watch.clone() }).await;
        assert!(why.contains("watch code") && why.contains("invite code"), "{why}");
        let why = refusal(&addr, ClientMsg::Resume { code: watch.clone(), token: token.clone() }).await;
        assert!(why.contains("watch code"), "{why}");

        // The guest joins with the invite code and is given the watch code too.
        let mut guest = Link::connect(&addr).await.unwrap();
        guest.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        let ServerMsg::Seated { watch_code, colour: Colour::White, .. } = said(&mut guest).await else {
            panic!("not seated")
        };
        assert_eq!(watch_code.as_deref(), Some(watch.as_str()));

        // A watcher with the watch code (as people type it: lower case, with its dash) sees the
        // game and every move, and is told the watch code, never the invite code.
        let typed = code::display(&watch).to_lowercase();
        let mut watcher = Link::connect(&addr).await.unwrap();
        watcher.send(&ClientMsg::Watch { code: typed }).await.unwrap();
        let ServerMsg::Watching { game } = said(&mut watcher).await else { panic!("not watching") };
        assert_eq!(game.code, watch);
        host.send(&ClientMsg::Move { ply: 0, mv: "d3".into() }).await.unwrap();
        assert!(matches!(said(&mut watcher).await, ServerMsg::Moved { ply: 0, .. }));
        assert!(matches!(said(&mut host).await, ServerMsg::Moved { ply: 0, .. }));
        (code, watch, token)
    });
    drop(child);

    // After a restart the game is found by either code, from the database.
    let (child, addr, _out) = start(&database, &["--rate", "1000"]);
    rt.block_on(async {
        let game = watching(&addr, &watch).await;
        assert_eq!((game.code.as_str(), game.moves.len()), (watch.as_str(), 1));
        let why = refusal(&addr, ClientMsg::Watch { code: code.clone() }).await;
        assert!(why.contains("private"), "{why}");
        let mut host = Link::connect(&addr).await.unwrap();
        host.send(&ClientMsg::Resume { code: code.clone(), token }).await.unwrap();
        let ServerMsg::Seated { watch_code, game, .. } = said(&mut host).await else { panic!("not seated") };
        assert_eq!((watch_code, game.code), (Some(watch.clone()), code.clone()));

        // A game that is not private: no watch code, and its invite code lets anyone watch.
        let mut other = Link::connect(&addr).await.unwrap();
        other
            .send(&ClientMsg::Host {
                rows: 6,
                cols: 6,
                colour: Colour::White,
                private: false,
                clock: TimeControl::Untimed,
            })
            .await
            .unwrap();
        let ServerMsg::Seated { watch_code: None, game, .. } = said(&mut other).await else { panic!("not seated") };
        assert_eq!(watching(&addr, &game.code).await.code, game.code);
    });
    drop(child);
}

#[test]
fn a_database_of_the_first_schema_gets_the_watch_codes_table_and_keeps_its_games() {
    let dir = Scratch::new("schema1");
    let database = dir.0.join("games.sqlite");
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (child, addr, _out) = start(&database, &[]);
    let code = rt.block_on(async {
        let mut host = Link::connect(&addr).await.unwrap();
        host.send(&ClientMsg::Host {
            rows: 6,
            cols: 6,
            colour: Colour::Black,
            private: false,
            clock: TimeControl::Untimed,
        })
        .await
        .unwrap();
        let ServerMsg::Seated { game, .. } = said(&mut host).await else { panic!("not seated") };
        game.code
    });
    let mut child = child;
    terminate(&mut child);
    // Back to how the first release left it: no watch codes, schema 1.
    {
        let conn = rusqlite::Connection::open(&database).unwrap();
        conn.execute_batch("DROP TABLE watch_codes; UPDATE meta SET value = 1 WHERE key = 'schema';").unwrap();
    }
    let (child, addr, _out) = start(&database, &[]);
    rt.block_on(async {
        assert_eq!(watching(&addr, &code).await.code, code);
        let mut host = Link::connect(&addr).await.unwrap();
        host.send(&ClientMsg::Host {
            rows: 6,
            cols: 6,
            colour: Colour::Black,
            private: true,
            clock: TimeControl::Untimed,
        })
        .await
        .unwrap();
        assert!(matches!(said(&mut host).await, ServerMsg::Seated { watch_code: Some(_), .. }));
    });
    drop(child);
    let conn = rusqlite::Connection::open(&database).unwrap();
    let version: i64 = conn.query_row("SELECT value FROM meta WHERE key = 'schema'", [], |r| r.get(0)).unwrap();
    assert_eq!(version, 4, "brought up to the newest schema");
}

/// Stops the server with SIGTERM and waits for it (its database closed cleanly).
fn terminate(child: &mut common::Running) {
    let pid = child.0.id().to_string();
    std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    child.0.wait().unwrap();
}
