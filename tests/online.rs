//! Online play against a real `konane serve` child process on loopback: whole games through
//! the game's client session, a watcher, a server killed and restarted on the same database,
//! refused tokens, hostile frames, and a protocol fuzz run.

use konane::online::client::{Command, Event, Link, LinkState, Session, Start};
use konane::online::protocol::{
    ClientMsg, Colour, EndReason, ErrorCode, GameView, Outcome, PROTOCOL_VERSION, ServerMsg, TimeControl,
};
use konane::rules::{Game, Geometry, notation};
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::time::{Duration, Instant};

mod common;
use common::{LIMIT, Postgres, Server, scratch};

/// Waits for the first event `want` accepts, passing the others to `seen`.
fn wait_for<T>(s: &Session, what: &str, mut want: impl FnMut(&Event) -> Option<T>) -> T {
    let t = Instant::now();
    while t.elapsed() < LIMIT {
        if let Some(e) = s.wait(Duration::from_millis(200))
            && let Some(v) = want(&e)
        {
            return v;
        }
    }
    panic!("no {what} within {LIMIT:?}");
}

/// One side of a game as a client sees it: the game replayed from what the server said.
struct Player {
    session: Session,
    colour: Colour,
    code: String,
    game: Game,
}

impl Player {
    fn seated(session: Session) -> Player {
        let (code, colour, view) = wait_for(&session, "seat", |e| match e {
            Event::Seated { code, colour, game, .. } => Some((code.clone(), *colour, game.clone())),
            Event::Refused(c, m) => panic!("refused: {c:?} {m}"),
            _ => None,
        });
        Player { session, colour, code, game: view.replay().unwrap() }
    }

    /// Takes in what arrived until `ply` moves are known.
    fn catch_up(&mut self, plies: usize) {
        while self.game.ply() < plies {
            let ev = wait_for(&self.session, "a move", |e| match e {
                // A reconnect brings the whole game as a new seat.
                Event::Moved { .. } | Event::State { .. } | Event::Seated { .. } => Some(e.clone()),
                _ => None,
            });
            self.take(ev);
        }
    }

    fn take(&mut self, ev: Event) {
        match ev {
            Event::Moved { ply, mv, .. } if ply as usize == self.game.ply() => {
                let m = notation::parse_move(self.game.geometry(), &mv).unwrap();
                self.game.try_play(m).unwrap();
            }
            Event::State { game, .. } | Event::Seated { game, .. } => self.game = game.replay().unwrap(),
            _ => {}
        }
    }
}

fn random_move(game: &Game, rng: &mut rand::rngs::SmallRng) -> String {
    let moves = game.legal_moves();
    notation::move_to_string(game.geometry(), *moves.choose(rng).unwrap())
}

/// Plays random moves for both until the game is over or `stop_after` plies are on the board.
fn play(players: &mut [Player; 2], stop_after: usize, rng: &mut rand::rngs::SmallRng) {
    loop {
        let ply = players[0].game.ply().max(players[1].game.ply());
        for p in players.iter_mut() {
            p.catch_up(ply);
        }
        if ply >= stop_after || players[0].game.legal_moves().is_empty() {
            return;
        }
        let side = Colour::from(players[0].game.to_move());
        let mover = players.iter().position(|p| p.colour == side).unwrap();
        let mv = random_move(&players[mover].game, rng);
        players[mover].session.send(Command::Move { ply: ply as u32, mv });
        for p in players.iter_mut() {
            p.catch_up(ply + 1);
        }
    }
}

/// Both players ask for a rematch of their 6×6 game: both are told the new round, with their
/// colours swapped.
fn rematch(players: &mut [Player; 2]) {
    for p in players.iter() {
        p.session.send(Command::Rematch);
    }
    for p in players.iter_mut() {
        let colour = wait_for(&p.session, "the rematch", |e| match e {
            Event::State { game, colour } if game.round == 1 => Some(colour.unwrap()),
            _ => None,
        });
        assert_eq!(colour, p.colour.other());
        p.colour = colour;
        p.game = Game::new(Geometry::new(6, 6).unwrap());
    }
}

fn host_and_join(addr: &str, size: (u8, u8), host_colour: Colour) -> [Player; 2] {
    let host = Player::seated(Session::start(
        addr.into(),
        Start::Host { rows: size.0, cols: size.1, colour: host_colour, private: false, clock: TimeControl::Untimed },
    ));
    let guest = Player::seated(Session::start(addr.into(), Start::Join { code: host.code.to_lowercase() }));
    assert_eq!(guest.colour, host_colour.other());
    [host, guest]
}

#[test]
fn two_players_play_a_whole_game_through_the_server_and_a_watcher_sees_every_move() {
    let dir = scratch("whole");
    let server = Server::start(&dir, "127.0.0.1:0", &[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut players = host_and_join(&server.addr, (6, 6), Colour::White);
    // The host learns that the friend arrived.
    let watcher = Session::start(server.addr.clone(), Start::Watch { code: players[0].code.clone() });
    let watched = wait_for(&watcher, "watching", |e| match e {
        Event::Watching { game } => Some(game.clone()),
        _ => None,
    });
    assert!(watched.seats.iter().all(|s| s.taken && s.connected), "{watched:?}");
    play(&mut players, usize::MAX, &mut rng);
    let plies = players[0].game.ply();
    assert!(players[0].game.legal_moves().is_empty() && plies >= 2);
    assert_eq!(players[0].game, players[1].game);
    // The watcher saw every move, and the end.
    let mut seen = watched.replay().unwrap();
    let mut outcome = None;
    while seen.ply() < plies || outcome.is_none() {
        let ev = wait_for(&watcher, "the watcher's moves", |e| match e {
            Event::Moved { .. } => Some(e.clone()),
            _ => None,
        });
        if let Event::Moved { ply, mv, outcome: o } = ev {
            assert_eq!(ply as usize, seen.ply());
            seen.try_play(notation::parse_move(seen.geometry(), &mv).unwrap()).unwrap();
            outcome = o;
        }
    }
    assert_eq!(seen, players[0].game);
    let o = outcome.unwrap();
    assert_eq!(o.winner.map(konane::rules::Color::from), players[0].game.winner());
    // A watcher cannot play.
    watcher.send(Command::Resign);
    wait_for(&watcher, "the refusal", |e| matches!(e, Event::Refused(ErrorCode::NotSeated, _)).then_some(()));
    // Rematch: both ask, colours swap.
    rematch(&mut players);
    play(&mut players, 3, &mut rng);
    assert_eq!(players[0].game.ply(), 3);
}

#[test]
fn a_server_killed_mid_game_loses_no_acknowledged_move_and_both_players_reconnect() {
    let dir = scratch("kill");
    let mut server = Server::start(&dir, "127.0.0.1:0", &[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut players = host_and_join(&server.addr, (8, 8), Colour::Black);
    play(&mut players, 6, &mut rng);
    let before = players[0].game.clone();
    server.restart(&[]);
    // Both sessions say the line dropped and come back with their seats, at the same position.
    for p in &mut players {
        wait_for(&p.session, "reconnecting", |e| matches!(e, Event::Link(LinkState::Reconnecting(..))).then_some(()));
        let view = wait_for(&p.session, "the seat again", |e| match e {
            Event::Seated { game, .. } => Some(game.clone()),
            _ => None,
        });
        assert_eq!(view.replay().unwrap(), before, "the position after the restart");
    }
    // A move sent while the server is down is sent again once it is back, and played once.
    let side = Colour::from(before.to_move());
    let mover = players.iter().position(|p| p.colour == side).unwrap();
    server.kill();
    let mv = random_move(&before, &mut rng);
    players[mover].session.send(Command::Move { ply: 6, mv: mv.clone() });
    server.restart(&[]);
    for p in &mut players {
        p.catch_up(7);
    }
    assert_eq!(notation::move_to_string(before.geometry(), players[0].game.last_move().unwrap()), mv);
    play(&mut players, usize::MAX, &mut rng);
    assert!(players[0].game.legal_moves().is_empty());
    assert_eq!(players[0].game, players[1].game);
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

async fn until(link: &mut Link, mut want: impl FnMut(&ServerMsg) -> bool) -> ServerMsg {
    loop {
        let m = tokio::time::timeout(LIMIT, link.recv()).await.expect("an answer in time").expect("a message");
        if want(&m) {
            return m;
        }
    }
}

async fn hosted(addr: &str) -> (Link, String, String) {
    let mut host = Link::connect(addr).await.unwrap();
    host.send(&ClientMsg::Host {
        rows: 6,
        cols: 6,
        colour: Colour::Black,
        private: false,
        clock: TimeControl::Untimed,
    })
    .await
    .unwrap();
    match until(&mut host, |m| matches!(m, ServerMsg::Seated { .. })).await {
        ServerMsg::Seated { token, game, .. } => (host, game.code, token),
        _ => unreachable!(),
    }
}

#[test]
fn wrong_tokens_watchers_and_moves_out_of_turn_are_refused_and_a_repeated_move_is_played_once() {
    let dir = scratch("refuse");
    let server = Server::start(&dir, "127.0.0.1:0", &[]);
    rt().block_on(async {
        let (mut host, code, token) = hosted(&server.addr).await;
        let mut other = Link::connect(&server.addr).await.unwrap();
        other.send(&ClientMsg::Resume { code: code.clone(), token: "0".repeat(32) }).await.unwrap();
        let m = until(&mut other, |_| true).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::WrongToken, .. }), "{m:?}");
        other.send(&ClientMsg::Join { code: "NOPE22".into() }).await.unwrap();
        let m = until(&mut other, |_| true).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::NoSuchGame, .. }), "{m:?}");
        other.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        until(&mut other, |m| matches!(m, ServerMsg::Seated { colour: Colour::White, .. })).await;
        // A third person can only watch.
        let mut third = Link::connect(&server.addr).await.unwrap();
        third.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        let m = until(&mut third, |_| true).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::GameFull, .. }), "{m:?}");
        third.send(&ClientMsg::Watch { code: code.clone() }).await.unwrap();
        until(&mut third, |m| matches!(m, ServerMsg::Watching { .. })).await;
        third.send(&ClientMsg::Move { ply: 0, mv: "a6".into() }).await.unwrap();
        let m = until(&mut third, |m| matches!(m, ServerMsg::Error { .. })).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::NotSeated, .. }), "{m:?}");
        // White cannot move first; an illegal move is refused; Black's removal twice is played once.
        other.send(&ClientMsg::Move { ply: 0, mv: "c3".into() }).await.unwrap();
        let m = until(&mut other, |m| matches!(m, ServerMsg::Error { .. })).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::NotYourTurn, .. }), "{m:?}");
        host.send(&ClientMsg::Move { ply: 0, mv: "b2".into() }).await.unwrap();
        let m = until(&mut host, |m| matches!(m, ServerMsg::Error { .. })).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::IllegalMove, .. }), "{m:?}");
        let removal = notation::move_to_string(
            &Geometry::new(6, 6).unwrap(),
            Game::new(Geometry::new(6, 6).unwrap()).legal_moves()[0],
        );
        for _ in 0..2 {
            host.send(&ClientMsg::Move { ply: 0, mv: removal.clone() }).await.unwrap();
            let m = until(&mut host, |m| matches!(m, ServerMsg::Moved { .. } | ServerMsg::Error { .. })).await;
            assert_eq!(m, ServerMsg::Moved { ply: 0, mv: removal.clone(), outcome: None, clock: None });
        }
        // The right token takes the seat back on a new connection.
        let mut again = Link::connect(&server.addr).await.unwrap();
        again.send(&ClientMsg::Resume { code: code.clone(), token }).await.unwrap();
        match until(&mut again, |m| matches!(m, ServerMsg::Seated { .. })).await {
            ServerMsg::Seated { colour, game, .. } => {
                assert_eq!(colour, Colour::Black);
                assert_eq!(game.moves, std::slice::from_ref(&removal));
            }
            _ => unreachable!(),
        }
    });
}

/// One connection per seat: resuming with the seat's token while its connection is still
/// open takes the seat over; the old connection is told (`replaced`), closed, and its move
/// changes nothing.
#[test]
fn a_resume_takes_the_seat_over_and_the_old_connection_is_told_closed_and_cannot_move() {
    let dir = scratch("takeover");
    let server = Server::start(&dir, "127.0.0.1:0", &[]);
    rt().block_on(async {
        let (mut old, code, token) = hosted(&server.addr).await;
        let mut friend = Link::connect(&server.addr).await.unwrap();
        friend.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        until(&mut friend, |m| matches!(m, ServerMsg::Seated { .. })).await;
        let mut new = Link::connect(&server.addr).await.unwrap();
        new.send(&ClientMsg::Resume { code: code.clone(), token }).await.unwrap();
        until(&mut new, |m| matches!(m, ServerMsg::Seated { colour: Colour::Black, .. })).await;
        let m = until(&mut old, |m| matches!(m, ServerMsg::Error { .. })).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::Replaced, .. }), "{m:?}");
        // The old connection's move: the line is closed, and nothing reaches the game.
        let removal = notation::move_to_string(
            &Geometry::new(6, 6).unwrap(),
            Game::new(Geometry::new(6, 6).unwrap()).legal_moves()[0],
        );
        let _ = old.send(&ClientMsg::Move { ply: 0, mv: removal.clone() }).await;
        let after = tokio::time::timeout(LIMIT, old.recv()).await.expect("the old connection closes in time");
        assert!(!matches!(after, Ok(ServerMsg::Moved { .. })), "{after:?}");
        assert!(after.is_err(), "the old connection is closed: {after:?}");
        new.send(&ClientMsg::Ping { n: 7 }).await.unwrap();
        let m = until(&mut new, |m| matches!(m, ServerMsg::Pong { .. } | ServerMsg::Moved { .. })).await;
        assert_eq!(m, ServerMsg::Pong { n: 7 }, "the old connection's move was not played");
        // The new one plays.
        new.send(&ClientMsg::Move { ply: 0, mv: removal.clone() }).await.unwrap();
        let m = until(&mut new, |m| matches!(m, ServerMsg::Moved { .. } | ServerMsg::Error { .. })).await;
        assert_eq!(m, ServerMsg::Moved { ply: 0, mv: removal, outcome: None, clock: None });
    });
}

#[test]
fn hostile_frames_get_an_error_or_a_closed_connection_and_the_server_goes_on() {
    let dir = scratch("hostile");
    let server = Server::start(&dir, "127.0.0.1:0", &["--max-connections-per-address", "8"]);
    rt().block_on(async {
        // Not JSON: an error, and the connection stays.
        let mut l = Link::connect(&server.addr).await.unwrap();
        l.send_raw(b"{\"type\":").await.unwrap();
        let m = until(&mut l, |_| true).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::BadMessage, .. }), "{m:?}");
        l.send(&ClientMsg::Ping { n: 5 }).await.unwrap();
        assert_eq!(until(&mut l, |_| true).await, ServerMsg::Pong { n: 5 });
        // Too large: an error, then closed (sent with a codec that allows it).
        use futures_util::{SinkExt, StreamExt};
        let stream = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
        let mut raw = tokio_util::codec::Framed::new(stream, konane::online::protocol::codec(65536));
        let hello = konane::online::protocol::encode(&ClientMsg::Hello { version: PROTOCOL_VERSION });
        raw.send(tokio_util::bytes::Bytes::from(hello)).await.unwrap();
        raw.next().await.unwrap().unwrap();
        raw.send(tokio_util::bytes::Bytes::from(vec![b'x'; 5000])).await.unwrap();
        let m = konane::online::protocol::decode_server(&raw.next().await.unwrap().unwrap()).unwrap();
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::TooLarge, .. }), "{m:?}");
        assert!(!matches!(raw.next().await, Some(Ok(_))), "closed after a frame too large");
        // Another version: closed.
        let stream = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
        let mut raw = tokio_util::codec::Framed::new(stream, konane::online::protocol::codec(65536));
        let hello = konane::online::protocol::encode(&ClientMsg::Hello { version: PROTOCOL_VERSION + 1 });
        raw.send(tokio_util::bytes::Bytes::from(hello)).await.unwrap();
        let first = raw.next().await.unwrap().unwrap();
        let m = konane::online::protocol::decode_server(&first).unwrap();
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::Version, .. }), "{m:?}");
        assert!(raw.next().await.is_none());
        // More connections from one address than allowed: the next one is told and closed.
        // Connections are let in up to the cap (those above may still be open), then refused.
        let mut held = Vec::new();
        let refused = loop {
            match Link::connect(&server.addr).await {
                Ok(l) => {
                    held.push(l);
                    assert!(held.len() <= 8, "more than 8 connections from one address were let in");
                }
                Err(e) => break e,
            }
        };
        // Told why, or (when the refusal races the hello) the connection is reset or closed.
        assert!(
            refused.contains("connections") || refused.contains("closed") || refused.contains("broke"),
            "{refused}"
        );
        drop(held);
        // A flood is slowed down, not served.
        let mut flood = loop {
            if let Ok(l) = Link::connect(&server.addr).await {
                break l;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        // The server closes the connection after 50 refusals, so the last sends may fail.
        for n in 0..100 {
            if flood.send(&ClientMsg::Ping { n }).await.is_err() {
                break;
            }
        }
        let (mut limited, mut pongs) = (0, 0);
        while let Ok(Ok(m)) = tokio::time::timeout(Duration::from_secs(5), flood.recv()).await {
            match m {
                ServerMsg::Error { code: ErrorCode::RateLimited, .. } => limited += 1,
                ServerMsg::Pong { .. } => pongs += 1,
                _ => {}
            }
        }
        // At most the burst (40) and what a few milliseconds refill is answered.
        assert!(pongs <= 60, "{pongs} of 100 pings sent at once were answered ({limited} refused)");
        // And a well-behaved client is still served.
        let (_host, code, _) = hosted(&server.addr).await;
        assert_eq!(code.len(), konane::online::code::CODE_LEN);
    });
}

/// Frames seen in a real session, to mutate.
fn seeds(code: &str) -> Vec<Vec<u8>> {
    let msgs = [
        ClientMsg::Hello { version: PROTOCOL_VERSION },
        ClientMsg::Host { rows: 6, cols: 6, colour: Colour::Black, private: false, clock: TimeControl::Untimed },
        ClientMsg::Join { code: code.into() },
        ClientMsg::Watch { code: code.into() },
        ClientMsg::Resume { code: code.into(), token: "0123456789abcdef0123456789abcdef".into() },
        ClientMsg::Move { ply: 0, mv: "c4".into() },
        ClientMsg::Move { ply: 2, mv: "c6-c4".into() },
        ClientMsg::Resign {},
        ClientMsg::UndoRequest {},
        ClientMsg::UndoAnswer { accept: true },
        ClientMsg::Rematch {},
        ClientMsg::Ping { n: 1 },
    ];
    msgs.iter().map(konane::online::protocol::encode).collect()
}

fn mutate(seed: &[u8], rng: &mut rand::rngs::SmallRng) -> Vec<u8> {
    let mut f = seed.to_vec();
    match rng.random_range(0..8) {
        0 => {
            for _ in 0..rng.random_range(1..4) {
                if !f.is_empty() {
                    let i = rng.random_range(0..f.len());
                    f[i] ^= 1 << rng.random_range(0..8);
                }
            }
        }
        1 => f.truncate(rng.random_range(0..=f.len())),
        2 => {
            let n = rng.random_range(0..64);
            f = (0..n).map(|_| rng.random()).collect();
        }
        3 => {
            let i = rng.random_range(0..=f.len());
            let junk: Vec<u8> = (0..rng.random_range(1..20)).map(|_| rng.random_range(b' '..=b'~')).collect();
            f.splice(i..i, junk);
        }
        4 => {
            // A number field swapped for an extreme one.
            let s = String::from_utf8_lossy(&f).to_string();
            let extreme = ["-1", "4294967296", "1e99", "null", "\"7\"", "255", "0"][rng.random_range(0..7)];
            f = s.replacen(|c: char| c.is_ascii_digit(), extreme, 1).into_bytes();
        }
        5 => f = vec![b'x'; rng.random_range(1000..3000)],
        6 => {
            let words = ["black", "white", "a1", "z99", "d6-d4-d2", "", "ÀÀ", "\\u0000"];
            let s = String::from_utf8_lossy(&f).to_string();
            f = s.replacen("c4", words[rng.random_range(0..words.len())], 1).into_bytes();
        }
        _ => {}
    }
    f
}

#[test]
fn a_fuzz_run_of_100000_frames_changes_no_game_except_by_legal_moves() {
    let dir = scratch("fuzz");
    let server = Server::start(
        &dir,
        "127.0.0.1:0",
        &["--max-connections-per-address", "1000", "--max-games-per-address", "100000", "--rate", "100000"],
    );
    rt().block_on(async {
        // A game two well-behaved players are in the middle of.
        let (mut host, code, host_token) = hosted(&server.addr).await;
        let mut guest = Link::connect(&server.addr).await.unwrap();
        guest.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMsg::Seated { .. })).await;
        let geo = Geometry::new(6, 6).unwrap();
        let mut game = Game::new(geo);
        for ply in 0..4u32 {
            let mv = notation::move_to_string(&geo, game.legal_moves()[0]);
            let link = if ply % 2 == 0 { &mut host } else { &mut guest };
            link.send(&ClientMsg::Move { ply, mv: mv.clone() }).await.unwrap();
            until(link, |m| matches!(m, ServerMsg::Moved { ply: p, .. } if *p == ply)).await;
            game.try_play(notation::parse_move(&geo, &mv).unwrap()).unwrap();
        }
        let before: Vec<String> = game.moves().iter().map(|m| notation::move_to_string(&geo, *m)).collect();
        let seeds = seeds(&code);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
        let (mut sent, mut closed, mut errors) = (0u64, 0u64, 0u64);
        let mut hosted_codes = Vec::new();
        let t0 = Instant::now();
        while sent < 100_000 {
            // From an address of its own: its wrong codes make that address wait, not the
            // players' (127.0.0.1).
            let mut link = match Link::connect_from(&server.addr, Some([127, 0, 0, 2].into())).await {
                Ok(l) => l,
                Err(e) => panic!("after {sent} frames, {closed} closed, {:?}: {e}", t0.elapsed()),
            };
            // Past hello (which Link::connect said), so the frames reach the game logic.
            for _ in 0..rng.random_range(20..400) {
                let seed = &seeds[rng.random_range(1..seeds.len())];
                let frame = if rng.random_bool(0.2) { seed.clone() } else { mutate(seed, &mut rng) };
                if frame.len() > konane::online::protocol::MAX_CLIENT_FRAME {
                    // The client's own codec will not send it (the oversized case is its own test).
                    continue;
                }
                sent += 1;
                if link.send_raw(&frame).await.is_err() {
                    closed += 1;
                    break;
                }
            }
            // Read whatever came back, until quiet: every answer is a message of the protocol.
            loop {
                match tokio::time::timeout(Duration::from_millis(5), link.recv()).await {
                    Ok(Ok(ServerMsg::Error { .. })) => errors += 1,
                    Ok(Ok(ServerMsg::Seated { game, .. })) if game.moves.is_empty() => hosted_codes.push(game.code),
                    Ok(Ok(_)) => {}
                    Ok(Err(_)) => {
                        closed += 1;
                        break;
                    }
                    Err(_) => break,
                }
            }
        }
        eprintln!("fuzz: {sent} frames, {errors} error replies, {closed} connections closed by the server");
        assert!(sent >= 100_000 && errors > 1000 && closed > 10);
        // The players' game is as they left it, and they can go on.
        let mut watcher = Link::connect(&server.addr).await.unwrap();
        watcher.send(&ClientMsg::Watch { code: code.clone() }).await.unwrap();
        let view: GameView = match until(&mut watcher, |m| matches!(m, ServerMsg::Watching { .. })).await {
            ServerMsg::Watching { game } => game,
            _ => unreachable!(),
        };
        assert_eq!(view.moves, before);
        assert_eq!(view.outcome, None);
        // The host's line was idle through the run and has timed out: back with the token.
        drop(host);
        let mut host = Link::connect(&server.addr).await.unwrap();
        host.send(&ClientMsg::Resume { code: code.clone(), token: host_token }).await.unwrap();
        until(&mut host, |m| matches!(m, ServerMsg::Seated { .. })).await;
        let mv = notation::move_to_string(&geo, game.legal_moves()[0]);
        host.send(&ClientMsg::Move { ply: 4, mv }).await.unwrap();
        until(&mut host, |m| matches!(m, ServerMsg::Moved { ply: 4, .. })).await;
        // Every game the fuzz created replays: nothing but legal moves was kept.
        for c in hosted_codes.iter().take(200) {
            let mut w = Link::connect(&server.addr).await.unwrap();
            w.send(&ClientMsg::Watch { code: c.clone() }).await.unwrap();
            if let ServerMsg::Watching { game } = until(&mut w, |m| matches!(m, ServerMsg::Watching { .. })).await {
                game.replay().unwrap();
            }
        }
    });
}

/// Waits until `p` hears that the other seat is connected.
fn friend_connected(p: &Player) {
    let other = p.colour.other();
    wait_for(&p.session, "the friend's presence", |e| {
        matches!(e, Event::Presence { colour, connected: true, .. } if *colour == other).then_some(())
    });
}

#[test]
fn two_servers_sharing_postgresql_play_one_game_and_a_killed_one_loses_nothing() {
    let Some(pg) = Postgres::start("pg-two") else { return };
    let mut a = Server::start_with(&pg.url, "127.0.0.1:0", &[]);
    let b = Server::start_with(&pg.url, "127.0.0.1:0", &[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(23);
    // Hosted on one server, joined on the other: the host hears the friend arrive.
    let host = Player::seated(Session::start(
        a.addr.clone(),
        Start::Host { rows: 6, cols: 6, colour: Colour::Black, private: false, clock: TimeControl::Untimed },
    ));
    let guest = Player::seated(Session::start(b.addr.clone(), Start::Join { code: host.code.clone() }));
    assert_eq!(guest.colour, Colour::White);
    friend_connected(&host);
    // A watcher on the second server sees the moves made through the first.
    let watcher = Session::start(b.addr.clone(), Start::Watch { code: host.code.clone() });
    wait_for(&watcher, "watching", |e| matches!(e, Event::Watching { .. }).then_some(()));
    let mut players = [host, guest];
    play(&mut players, 4, &mut rng);
    assert_eq!(players[0].game, players[1].game);
    // A take-back asked on one server is answered on the other.
    players[1].session.send(Command::UndoRequest);
    wait_for(&players[0].session, "the request", |e| matches!(e, Event::UndoAsked { .. }).then_some(()));
    players[0].session.send(Command::UndoAnswer(true));
    for p in &mut players {
        let view = wait_for(&p.session, "the take-back", |e| match e {
            Event::State { game, .. } if game.moves.len() == 3 => Some(game.clone()),
            _ => None,
        });
        p.game = view.replay().unwrap();
    }
    // The first server is killed: its player comes back through it, restarted on the same
    // database, at the same position, and the game goes on to its end.
    let before = players[0].game.clone();
    a.restart(&[]);
    let view = wait_for(&players[0].session, "the seat again", |e| match e {
        Event::Seated { game, .. } => Some(game.clone()),
        _ => None,
    });
    assert_eq!(view.replay().unwrap(), before);
    play(&mut players, usize::MAX, &mut rng);
    assert!(players[0].game.legal_moves().is_empty());
    assert_eq!(players[0].game, players[1].game);
    let mut seen = 0;
    while seen < players[0].game.ply() {
        if let Event::Moved { ply, .. } = wait_for(&watcher, "the watcher's moves", |e| {
            matches!(e, Event::Moved { .. } | Event::State { .. }).then(|| e.clone())
        }) {
            seen = ply as usize + 1;
        }
    }
    // Both ask for a rematch, each on their own server: one new round, colours swapped.
    rematch(&mut players);
    play(&mut players, 2, &mut rng);
    assert_eq!(players[0].game.ply(), 2);
    drop(b);
}

/// The pipelined writer: a batch whose change no longer holds (a move out of turn, a seat
/// already taken, a move after the end) fails as a conflict and keeps nothing of the batch,
/// although all its statements went out together; a batch that holds is kept whole.
#[test]
fn a_pipelined_postgresql_batch_with_a_stale_change_keeps_none_of_its_changes() {
    use konane::online::postgres::{Reader, Writer};
    use konane::online::protocol::{EndReason, Outcome};
    use konane::online::store::{Backend, CONFLICT, Op};
    let Some(pg) = Postgres::start("pg-writer") else { return };
    let mut writer = Writer::open_with_tables(&pg.url, 1).unwrap();
    let mut reader = Reader::start(&pg.url).unwrap();
    let code = "ABCDEFGH23".to_string();
    let mv = |ply: u32, mv: &str| Op::Move { code: code.clone(), ply, mv: mv.into() };
    let create =
        Op::Create { code: code.clone(), rows: 6, cols: 6, created: 1, tokens: [Some("b".into()), None], watch: None };
    writer.apply(&[&create, &mv(0, "d3")]).unwrap();
    // The second move has the wrong number: the first of the batch is not kept either.
    assert_eq!(writer.apply(&[&mv(1, "c3"), &mv(5, "e3")]), Err(CONFLICT.to_string()));
    assert_eq!(reader.load_code(&code).unwrap().unwrap().moves, ["d3"]);
    // A seat taken twice in one batch.
    let seat = Op::Seat { code: code.clone(), colour: Colour::White, token: "w".into() };
    assert_eq!(writer.apply(&[&seat, &seat]), Err(CONFLICT.to_string()));
    assert_eq!(reader.load_code(&code).unwrap().unwrap().tokens[1], None);
    writer.apply(&[&seat, &mv(1, "c3")]).unwrap();
    // After the end, no move.
    let end = Op::End { code: code.clone(), outcome: Outcome { winner: None, how: EndReason::Abandoned }, at: 2 };
    writer.apply(&[&end]).unwrap();
    assert_eq!(writer.apply(&[&mv(2, "e3")]), Err(CONFLICT.to_string()));
    let kept = reader.load_code(&code).unwrap().unwrap();
    assert_eq!((kept.moves.len(), kept.tokens[1].as_deref(), kept.outcome.is_some()), (2, Some("w"), true));
    // The finished game is compacted: its moves are one text in its row, no rows of their own.
    let mut db = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    let rows = |db: &mut postgres::Client| -> (i64, Option<String>) {
        let n = db.query_one("SELECT count(*) FROM moves WHERE code = $1", &[&code]).unwrap().get(0);
        (n, db.query_one("SELECT record FROM games WHERE code = $1", &[&code]).unwrap().get(0))
    };
    assert_eq!(rows(&mut db), (0, Some("d3 c3".into())));
    // A take-back after the end brings the moves before it back as rows, and play goes on.
    writer.apply(&[&Op::Truncate { code: code.clone(), from_ply: 1 }]).unwrap();
    assert_eq!(rows(&mut db), (1, None));
    writer.apply(&[&mv(1, "e3")]).unwrap();
    let kept = reader.load_code(&code).unwrap().unwrap();
    assert_eq!((kept.moves.join(" "), kept.outcome), ("d3 e3".to_string(), None));
    // The same move number twice from two writers (two servers): one is kept.
    let mut other = Writer::open_with_tables(&pg.url, 2).unwrap();
    let create2 =
        Op::Create { code: "ZZZZZZZZ22".into(), rows: 6, cols: 6, created: 1, tokens: [None, None], watch: None };
    other.apply(&[&create2]).unwrap();
    let m0 = Op::Move { code: "ZZZZZZZZ22".into(), ply: 0, mv: "d3".into() };
    let m0b = Op::Move { code: "ZZZZZZZZ22".into(), ply: 0, mv: "c4".into() };
    writer.apply(&[&m0]).unwrap();
    assert_eq!(other.apply(&[&m0b]), Err(CONFLICT.to_string()));
}

/// Two servers on one PostgreSQL carry a load (pairs spread over both); one is killed
/// (SIGKILL) mid-run: each of its pairs resumes both seats on the other and plays on, and no
/// move that a server acknowledged is missing afterwards.
#[test]
fn a_load_on_two_servers_loses_no_acknowledged_move_when_one_is_killed() {
    use konane::online::bench::{BenchConfig, run};
    let Some(pg) = Postgres::start("pg-failover") else { return };
    // Every simulated player comes from 127.0.0.1: the per-address cap is raised.
    let extra = ["--rate", "1000", "--max-connections-per-address", "1000", "--max-games-per-address", "1000"];
    let mut a = Server::start_with(&pg.url, "127.0.0.1:0", &extra);
    let b = Server::start_with(&pg.url, "127.0.0.1:0", &extra);
    let cfg = BenchConfig {
        server: format!("{},{}", a.addr, b.addr),
        games: 40,
        duration: Duration::from_secs(15),
        size: Geometry::new(6, 6).unwrap(),
        think: Duration::from_millis(20),
    };
    let bench = std::thread::spawn(move || rt().block_on(run(cfg)));
    // Once the load has kept a few hundred moves, the first server goes.
    let mut db = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    let start = Instant::now();
    loop {
        let kept: i64 = db.query_one("SELECT count(*) FROM moves", &[]).unwrap().get(0);
        if kept >= 300 {
            break;
        }
        assert!(start.elapsed() < LIMIT, "the load kept {kept} moves");
        std::thread::sleep(Duration::from_millis(50));
    }
    a.kill();
    let report = bench.join().unwrap();
    println!(
        "failover: {} moves kept in 15 s, {} pairs resumed on the other server, {} acknowledged moves lost",
        report.moves, report.failovers, report.lost
    );
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert!(report.failovers >= 20, "the 20 pairs of the killed server resume elsewhere: {}", report.failovers);
    assert_eq!(report.lost, 0, "acknowledged moves missing after the failover");
    assert!(report.moves > 300, "{} moves", report.moves);
}

/// In a cluster, a resume on one server takes the seat over from a connection that holds it
/// through another: that one is told (`replaced`) and closed, and the new one plays.
#[test]
fn a_resume_on_another_server_of_the_cluster_takes_the_seat_over() {
    let Some(pg) = Postgres::start("pg-takeover") else { return };
    let a = Server::start_with(&pg.url, "127.0.0.1:0", &[]);
    let b = Server::start_with(&pg.url, "127.0.0.1:0", &[]);
    rt().block_on(async {
        let (mut old, code, token) = hosted(&a.addr).await;
        let mut friend = Link::connect(&a.addr).await.unwrap();
        friend.send(&ClientMsg::Join { code: code.clone() }).await.unwrap();
        until(&mut friend, |m| matches!(m, ServerMsg::Seated { .. })).await;
        let mut new = Link::connect(&b.addr).await.unwrap();
        new.send(&ClientMsg::Resume { code: code.clone(), token }).await.unwrap();
        until(&mut new, |m| matches!(m, ServerMsg::Seated { colour: Colour::Black, .. })).await;
        let m = until(&mut old, |m| matches!(m, ServerMsg::Error { .. })).await;
        assert!(matches!(m, ServerMsg::Error { code: ErrorCode::Replaced, .. }), "{m:?}");
        let after = tokio::time::timeout(LIMIT, async {
            loop {
                if old.recv().await.is_err() {
                    break;
                }
            }
        })
        .await;
        assert!(after.is_ok(), "the old connection closes");
        let removal = notation::move_to_string(
            &Geometry::new(6, 6).unwrap(),
            Game::new(Geometry::new(6, 6).unwrap()).legal_moves()[0],
        );
        new.send(&ClientMsg::Move { ply: 0, mv: removal.clone() }).await.unwrap();
        let m = until(&mut new, |m| matches!(m, ServerMsg::Moved { .. } | ServerMsg::Error { .. })).await;
        assert_eq!(m, ServerMsg::Moved { ply: 0, mv: removal.clone(), outcome: None, clock: None });
        // The friend, on the first server, sees the move made through the second.
        let m = until(&mut friend, |m| matches!(m, ServerMsg::Moved { .. })).await;
        assert_eq!(m, ServerMsg::Moved { ply: 0, mv: removal, outcome: None, clock: None });
    });
}

/// A 1+1 game hosted on one server and joined on another, both sharing PostgreSQL and one
/// test clock: the server that made the last move is killed, and the other, which learnt the
/// clocks from the database, lets White's flag fall and keeps the end; a third server opened
/// on the database later finds the game won on time with White's clock at zero.
#[test]
fn a_timed_game_on_two_servers_sharing_postgresql_keeps_its_clocks_and_its_flag_falls_on_the_other() {
    let Some(pg) = Postgres::start("pg-clock") else { return };
    let dir = scratch("pg-clock-file");
    let clock_file = dir.join("clock");
    std::fs::write(&clock_file, "0").unwrap();
    let shared_clock = ["--clock-file", clock_file.to_str().unwrap()];
    let mut a = Server::start_with(&pg.url, "127.0.0.1:0", &shared_clock);
    let b = Server::start_with(&pg.url, "127.0.0.1:0", &shared_clock);
    let one_plus_one = TimeControl::RealTime { base_s: 60, increment_s: 1 };
    let host = Player::seated(Session::start(
        a.addr.clone(),
        Start::Host { rows: 6, cols: 6, colour: Colour::Black, private: false, clock: one_plus_one },
    ));
    let guest = Player::seated(Session::start(b.addr.clone(), Start::Join { code: host.code.clone() }));
    friend_connected(&host);
    let code = host.code.clone();
    let mut players = [host, guest];
    let mut rng = rand::rngs::SmallRng::seed_from_u64(59);
    // The removals and Black's first jump, the jump played through the first server.
    play(&mut players, 3, &mut rng);
    a.kill();
    std::fs::write(dir.join("clock.new"), "61000").unwrap();
    std::fs::rename(dir.join("clock.new"), &clock_file).unwrap();
    let lost = Outcome { winner: Some(Colour::Black), how: EndReason::Time };
    wait_for(&players[1].session, "White's flag on the second server", |e| {
        matches!(e, Event::Ended(o) if *o == lost).then_some(())
    });
    drop(b);
    let c = Server::start_with(&pg.url, "127.0.0.1:0", &shared_clock);
    let game = rt().block_on(async {
        let mut w = Link::connect(&c.addr).await.unwrap();
        w.send(&ClientMsg::Watch { code }).await.unwrap();
        match until(&mut w, |m| matches!(m, ServerMsg::Watching { .. })).await {
            ServerMsg::Watching { game } => game,
            _ => unreachable!(),
        }
    });
    assert_eq!((game.outcome, game.moves.len()), (Some(lost), 3));
    let clock = game.clock.expect("the clocks were kept");
    assert_eq!((clock.control, clock.left_ms[1], clock.running), (one_plus_one, 0, None));
    assert!(clock.left_ms[0] > 60_000, "Black's jump earned its increment: {clock:?}");
}
