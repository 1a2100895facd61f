//! Clocks and fair endings through a real `konane-server` whose clock the test moves on (its
//! hidden `--clock-file`): a flag that falls, the round-trip allowance and its bound, a claim
//! after the opponent stayed away, an abort in the first plies, a game by correspondence that
//! keeps its clock across a restart, and an old client told to update.

mod common;
use common::{Scratch, start};

use std::path::Path;
use std::time::{Duration, Instant};

use konane_server::client::Link;
use konane_server::clock::{ClockView, DAY_MS, MAX_ALLOWANCE_MS};
use konane_server::protocol::{
    ClientMsg, Colour, EndReason, ErrorCode, GameView, Outcome, PROTOCOL_VERSION, ServerMsg, TimeControl,
};

/// Longest wait for any one answer.
const LIMIT: Duration = Duration::from_secs(30);

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// Moves the server's clock on to `ms` ahead of the system's.
fn set_clock(file: &Path, ms: i64) {
    let tmp = file.with_extension("tmp");
    std::fs::write(&tmp, ms.to_string()).unwrap();
    std::fs::rename(&tmp, file).unwrap();
}

/// A player's connection that answers the server's pings after `delay` (or, when it stops
/// answering, lets them go unanswered: the server's measurements stay as they were).
struct Player {
    link: Link,
    delay: Duration,
    pongs: u32,
    answering: bool,
}

impl Player {
    async fn connect(addr: &str, delay: Duration) -> Player {
        Player { link: Link::connect(addr).await.unwrap(), delay, pongs: 0, answering: true }
    }

    /// The next message `want` accepts; pings are answered on the way, the rest passed over.
    async fn until(&mut self, mut want: impl FnMut(&ServerMsg) -> bool) -> ServerMsg {
        loop {
            let m = tokio::time::timeout(LIMIT, self.link.recv()).await.expect("an answer in time").unwrap();
            if let ServerMsg::Ping { n } = m {
                if !self.answering {
                    continue;
                }
                tokio::time::sleep(self.delay).await;
                self.link.send(&ClientMsg::Pong { n }).await.unwrap();
                self.pongs += 1;
                continue;
            }
            if want(&m) {
                return m;
            }
        }
    }

    /// Reads on until `count` pings were answered.
    async fn answer_pings(&mut self, count: u32) {
        while self.pongs < count {
            let m = tokio::time::timeout(LIMIT, self.link.recv()).await.expect("a ping in time").unwrap();
            if let ServerMsg::Ping { n } = m {
                tokio::time::sleep(self.delay).await;
                self.link.send(&ClientMsg::Pong { n }).await.unwrap();
                self.pongs += 1;
            }
        }
    }

    async fn send(&mut self, m: ClientMsg) {
        self.link.send(&m).await.unwrap();
    }

    /// Plays `mv` as move `ply` and waits for its acknowledgement; the clocks after it.
    async fn play(&mut self, ply: u32, mv: &str) -> Option<ClockView> {
        self.send(ClientMsg::Move { ply, mv: mv.into() }).await;
        match self.until(|m| matches!(m, ServerMsg::Moved { ply: p, .. } if *p == ply)).await {
            ServerMsg::Moved { clock, .. } => clock,
            _ => unreachable!(),
        }
    }

    async fn ended(&mut self) -> (Outcome, Option<ClockView>) {
        match self.until(|m| matches!(m, ServerMsg::Ended { .. })).await {
            ServerMsg::Ended { outcome, clock } => (outcome, clock),
            _ => unreachable!(),
        }
    }

    async fn refused(&mut self) -> (ErrorCode, String) {
        match self.until(|m| matches!(m, ServerMsg::Error { .. })).await {
            ServerMsg::Error { code, message } => (code, message),
            _ => unreachable!(),
        }
    }
}

/// Black hosts a 6×6 game with `clock` and White joins: both players, the code and tokens.
async fn pair(addr: &str, clock: TimeControl, delays: [Duration; 2]) -> ([Player; 2], String, [String; 2]) {
    let mut black = Player::connect(addr, delays[0]).await;
    black.send(ClientMsg::Host { rows: 6, cols: 6, colour: Colour::Black, private: false, clock }).await;
    let ServerMsg::Seated { token: tb, game, .. } = black.until(|m| matches!(m, ServerMsg::Seated { .. })).await else {
        unreachable!()
    };
    assert_eq!(game.clock.map(|c| c.control), clock.start_ms().map(|_| clock));
    let mut white = Player::connect(addr, delays[1]).await;
    white.send(ClientMsg::Join { code: game.code.clone() }).await;
    let ServerMsg::Seated { token: tw, .. } = white.until(|m| matches!(m, ServerMsg::Seated { .. })).await else {
        unreachable!()
    };
    ([black, white], game.code, [tb, tw])
}

/// The first legal move after `moves` on 6×6, in notation.
fn next_move(moves: &[String]) -> String {
    use konane_core::rules::{Game, Geometry, notation};
    let geo = Geometry::new(6, 6).unwrap();
    let mut game = Game::new(geo);
    for m in moves {
        game.try_play(notation::parse_move(&geo, m).unwrap()).unwrap();
    }
    notation::move_to_string(&geo, game.legal_moves()[0])
}

/// The first `n` moves of a game where each side plays its first legal move.
fn opening(n: usize) -> Vec<String> {
    let mut moves = Vec::new();
    for _ in 0..n {
        moves.push(next_move(&moves));
    }
    moves
}

#[test]
fn a_flag_falls_on_the_server_s_clock_and_both_players_are_told_the_game_was_lost_on_time() {
    let dir = Scratch::new("flag");
    let clock_file = dir.0.join("clock");
    set_clock(&clock_file, 0);
    let (_server, addr, _out) = start(&dir.0.join("games.sqlite"), &["--clock-file", clock_file.to_str().unwrap()]);
    rt().block_on(async {
        let one_plus_one = TimeControl::RealTime { base_s: 60, increment_s: 1 };
        let ([mut black, mut white], _, _) = pair(&addr, one_plus_one, [Duration::ZERO; 2]).await;
        let moves = opening(4);
        black.play(0, &moves[0]).await;
        let after_removals = white.play(1, &moves[1]).await.unwrap();
        assert_eq!(after_removals.left_ms, [60_000, 60_000], "the removals cost no time");
        assert_eq!(after_removals.running, Some(Colour::Black));
        let after_jump = black.play(2, &moves[2]).await.unwrap();
        assert!(after_jump.left_ms[0] > 60_000 && after_jump.left_ms[0] <= 61_000, "{after_jump:?}");
        assert_eq!(after_jump.running, Some(Colour::White));
        // White thinks for a minute and a second.
        set_clock(&clock_file, 61_000);
        let lost = Outcome { winner: Some(Colour::Black), how: EndReason::Time };
        let (outcome, clock) = white.ended().await;
        assert_eq!(outcome, lost);
        let clock = clock.unwrap();
        assert_eq!((clock.left_ms[1], clock.running), (0, None));
        assert_eq!(black.ended().await.0, lost);
        // A move after the fall is refused.
        white.send(ClientMsg::Move { ply: 3, mv: moves[3].clone() }).await;
        assert_eq!(white.refused().await.0, ErrorCode::GameOver);
    });
}

#[test]
fn a_move_is_not_charged_for_the_measured_round_trip_up_to_a_bound() {
    let dir = Scratch::new("allowance");
    let clock_file = dir.0.join("clock");
    set_clock(&clock_file, 0);
    let (_server, addr, _out) = start(&dir.0.join("games.sqlite"), &["--clock-file", clock_file.to_str().unwrap()]);
    rt().block_on(async {
        let five = TimeControl::RealTime { base_s: 300, increment_s: 0 };
        // Black's line takes 0.3 s there and back; White's 2.5 s (more than the bound).
        let delays = [Duration::from_millis(300), Duration::from_millis(2_500)];
        let ([mut black, mut white], _, _) = pair(&addr, five, delays).await;
        // Two measurements of each line (the server pings every 3 s), then no more.
        tokio::join!(black.answer_pings(2), white.answer_pings(2));
        black.answering = false;
        white.answering = false;
        let moves = opening(4);
        black.play(0, &moves[0]).await;
        // The turn of each mover begins when the other's move is kept; it "thinks" 5 s of the
        // server's time and moves as soon as it is told. Its time left is then
        // 300 s − (5 s + the real time of its turn − its allowance), and that real time is
        // more than nothing and less than the span measured here.
        let granted = |left: u64, span: Duration| {
            let lower = left as i64 - 295_000;
            (lower, lower + span.as_millis() as i64)
        };
        let began = Instant::now();
        white.send(ClientMsg::Move { ply: 1, mv: moves[1].clone() }).await;
        black.until(|m| matches!(m, ServerMsg::Moved { ply: 1, .. })).await;
        set_clock(&clock_file, 5_000);
        let left = black.play(2, &moves[2]).await.unwrap().left_ms[0];
        let (lower, upper) = granted(left, began.elapsed());
        // Without an allowance `lower` would be at most 0; with it, about 0.3 s less the real
        // time of the turn (a few milliseconds, more on a busy machine).
        assert!(
            lower >= 50 && upper >= 280 && lower <= MAX_ALLOWANCE_MS as i64,
            "Black's 0.3 s line: {lower}–{upper} ms"
        );
        let began = Instant::now();
        white.until(|m| matches!(m, ServerMsg::Moved { ply: 2, .. })).await;
        set_clock(&clock_file, 10_000);
        let left = white.play(3, &moves[3]).await.unwrap().left_ms[1];
        let (lower, _) = granted(left, began.elapsed());
        assert!(
            (MAX_ALLOWANCE_MS as i64 - 300..=MAX_ALLOWANCE_MS as i64).contains(&lower),
            "White's 2.5 s line was granted {lower} ms, not the bound"
        );
    });
}

#[test]
fn a_player_away_longer_than_the_time_control_allows_can_be_claimed_but_not_before() {
    let dir = Scratch::new("claim");
    let clock_file = dir.0.join("clock");
    set_clock(&clock_file, 0);
    let (_server, addr, _out) = start(&dir.0.join("games.sqlite"), &["--clock-file", clock_file.to_str().unwrap()]);
    rt().block_on(async {
        let ([mut black, white], _, _) = pair(&addr, TimeControl::Untimed, [Duration::ZERO; 2]).await;
        black.send(ClientMsg::ClaimVictory {}).await;
        assert!(black.refused().await.1.contains("connected"));
        drop(white);
        let ServerMsg::Presence { claim_in_ms, .. } =
            black.until(|m| matches!(m, ServerMsg::Presence { connected: false, .. })).await
        else {
            unreachable!()
        };
        assert_eq!(claim_in_ms, Some(120_000), "an untimed game can be claimed after two minutes");
        black.send(ClientMsg::ClaimVictory {}).await;
        let (code, why) = black.refused().await;
        assert_eq!(code, ErrorCode::NotNow);
        assert!(why.contains("you may claim the game in 1"), "{why}");
        set_clock(&clock_file, 121_000);
        black.send(ClientMsg::ClaimVictory {}).await;
        assert_eq!(black.ended().await.0, Outcome { winner: Some(Colour::Black), how: EndReason::Claimed });
    });
}

#[test]
fn a_game_can_be_aborted_in_its_first_two_plies_only_and_then_counts_for_nobody() {
    let dir = Scratch::new("abort");
    let (_server, addr, _out) = start(&dir.0.join("games.sqlite"), &[]);
    rt().block_on(async {
        let ([mut black, mut white], _, _) = pair(&addr, TimeControl::Untimed, [Duration::ZERO; 2]).await;
        let moves = opening(2);
        black.play(0, &moves[0]).await;
        white.send(ClientMsg::Abort {}).await;
        let aborted = Outcome { winner: None, how: EndReason::Aborted };
        assert_eq!(white.ended().await.0, aborted);
        assert_eq!(black.ended().await.0, aborted);
        let ([mut black, mut white], _, _) = pair(&addr, TimeControl::Untimed, [Duration::ZERO; 2]).await;
        black.play(0, &moves[0]).await;
        white.play(1, &moves[1]).await;
        black.send(ClientMsg::Abort {}).await;
        let (code, why) = black.refused().await;
        assert_eq!(code, ErrorCode::NotNow);
        assert!(why.contains("resign"), "{why}");
    });
}

#[test]
fn a_correspondence_game_keeps_its_clock_across_a_restart_and_its_flag_falls_days_later() {
    let dir = Scratch::new("correspondence");
    let database = dir.0.join("games.sqlite");
    let clock_file = dir.0.join("clock");
    set_clock(&clock_file, 0);
    let args = ["--clock-file", clock_file.to_str().unwrap(), "--keep-minutes", "1"];
    let (server, addr, _out) = start(&database, &args);
    let rt = rt();
    let (code, tokens) = rt.block_on(async {
        let ([mut black, mut white], code, tokens) =
            pair(&addr, TimeControl::Correspondence { days: 1 }, [Duration::ZERO; 2]).await;
        for (ply, mv) in opening(3).iter().enumerate() {
            let p = if ply % 2 == 0 { &mut black } else { &mut white };
            p.play(ply as u32, mv).await;
        }
        (code, tokens)
    });
    drop(server);
    // Hours pass while the server is down; both players are away far longer than the server
    // keeps a real-time game, which a game by correspondence does not mind.
    set_clock(&clock_file, 20 * 3_600_000);
    let (_server, addr, _out) = start(&database, &args);
    rt.block_on(async {
        let mut white = Player::connect(&addr, Duration::ZERO).await;
        white.send(ClientMsg::Resume { code: code.clone(), token: tokens[1].clone() }).await;
        let ServerMsg::Seated { game, .. } = white.until(|m| matches!(m, ServerMsg::Seated { .. })).await else {
            unreachable!()
        };
        let GameView { moves, clock, outcome, .. } = game;
        assert_eq!((moves.len(), outcome), (3, None));
        let clock = clock.unwrap();
        assert_eq!(clock.running, Some(Colour::White));
        let white_left = clock.left_ms[1] as i64;
        assert!((3 * 3_600_000 - 60_000..=4 * 3_600_000 + 60_000).contains(&white_left), "{clock:?}");
        // The day runs out.
        set_clock(&clock_file, DAY_MS as i64 + 60_000);
        let (outcome, _) = white.ended().await;
        assert_eq!(outcome, Outcome { winner: Some(Colour::Black), how: EndReason::Time });
    });
}

#[test]
fn a_client_of_another_protocol_version_is_told_to_update_in_words() {
    let dir = Scratch::new("version");
    let (_server, addr, _out) = start(&dir.0.join("games.sqlite"), &[]);
    rt().block_on(async {
        use futures_util::{SinkExt, StreamExt};
        for (version, words) in [(1, "update the game"), (PROTOCOL_VERSION + 1, "ask whoever runs it to update")] {
            let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
            let mut raw = tokio_util::codec::Framed::new(stream, konane_server::protocol::codec(65536));
            let hello = konane_server::protocol::encode(&ClientMsg::Hello { version });
            raw.send(tokio_util::bytes::Bytes::from(hello)).await.unwrap();
            let m = konane_server::protocol::decode_server(&raw.next().await.unwrap().unwrap()).unwrap();
            match m {
                ServerMsg::Error { code: ErrorCode::Version, message } => assert!(message.contains(words), "{message}"),
                other => panic!("{other:?}"),
            }
            assert!(raw.next().await.is_none(), "closed after the refusal");
        }
    });
}
