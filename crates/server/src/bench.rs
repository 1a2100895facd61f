//! The load benchmark behind `konane serve-bench`: pairs of simulated players on loopback,
//! each pair hosting and joining a game and playing random legal moves (with a think time)
//! through a real server, rematching when a game ends.

use std::time::{Duration, Instant};

use rand::RngExt;
use rand::seq::IndexedRandom;

use super::client::Link;
use super::protocol::{ClientMsg, Colour, GameView, ServerMsg, TimeControl};
use konane_core::rules::{Game, Geometry, notation};

/// One load level.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// `host:port` of the server, or of several (comma-separated) sharing a database: pair
    /// *i* plays on the *i*-th (round the list), and a pair whose server goes away resumes on
    /// the next one.
    pub server: String,
    /// Games played at once (two connections each).
    pub games: usize,
    /// How long to play.
    pub duration: Duration,
    /// The board.
    pub size: Geometry,
    /// Mean time a simulated player thinks before a move (uniform in 0..2×).
    pub think: Duration,
}

impl BenchConfig {
    /// The servers of [`BenchConfig::server`].
    pub fn servers(&self) -> Vec<String> {
        self.server.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
    }
}

/// What one load level measured.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    /// Pairs that got a game going.
    pub games_started: usize,
    /// Games finished (no moves left).
    pub games_finished: u64,
    /// Moves acknowledged.
    pub moves: u64,
    /// Round trips from sending a move to its acknowledgement, in microseconds.
    pub latencies_us: Vec<u32>,
    /// Pairs that stopped on an error, with the first error.
    pub failures: Vec<String>,
    /// Wall time of the playing phase.
    pub seconds: f64,
    /// Times a pair's line broke and both its seats were resumed on the next server.
    pub failovers: u64,
    /// Moves acknowledged to their mover that the server no longer had after a failover.
    pub lost: u64,
}

impl BenchReport {
    /// The `q`-quantile of the round trips, in milliseconds.
    pub fn latency_ms(&self, q: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        let mut v = self.latencies_us.clone();
        v.sort_unstable();
        let i = ((v.len() - 1) as f64 * q).round() as usize;
        v[i] as f64 / 1000.0
    }
}

#[derive(Default)]
struct PairTally {
    finished: u64,
    moves: u64,
    latencies: Vec<u32>,
    failovers: u64,
    lost: u64,
}

/// Why a pair's play stopped.
enum Stop {
    /// The line broke (a server gone): resume elsewhere.
    Broken(String),
    /// The server refused something: the pair stops.
    Refused(String),
}

fn broken(e: String) -> Stop {
    Stop::Broken(e)
}

/// Reads from `link` until the acknowledgement of move `ply` arrives; returns whether it
/// ended the game.
async fn until_moved(link: &mut Link, ply: u32) -> Result<bool, Stop> {
    loop {
        match link.recv().await.map_err(broken)? {
            ServerMsg::Moved { ply: p, outcome, .. } if p == ply => return Ok(outcome.is_some()),
            ServerMsg::Error { message, .. } => return Err(Stop::Refused(message)),
            _ => {}
        }
    }
}

async fn until_state(link: &mut Link) -> Result<Colour, Stop> {
    loop {
        match link.recv().await.map_err(broken)? {
            ServerMsg::State { colour: Some(c), .. } => return Ok(c),
            ServerMsg::Error { message, .. } => return Err(Stop::Refused(message)),
            _ => {}
        }
    }
}

/// A seat given: its token, colour and the game as the server has it.
async fn seated(link: &mut Link) -> Result<(String, Colour, GameView), String> {
    loop {
        match link.recv().await? {
            ServerMsg::Seated { token, colour, game, .. } => return Ok((token, colour, game)),
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

/// One pair's two seats (`seats[i]` plays colour `i` in the current round) and what it
/// knows of its game.
struct Pair {
    code: String,
    seats: [(Link, String); 2],
    game: Game,
    round: u32,
    /// Moves of this round the server acknowledged to their mover.
    acked: usize,
    /// The round is over and its rematch not yet begun.
    over: bool,
    /// Which seats (by this round's colour) have asked for the rematch.
    asked: [bool; 2],
}

/// Hosts and joins a game on `server`.
async fn start_pair(cfg: &BenchConfig, server: &str) -> Result<Pair, String> {
    let mut host = Link::connect(server).await?;
    let (rows, cols) = (cfg.size.rows(), cfg.size.cols());
    host.send(&ClientMsg::Host { rows, cols, colour: Colour::Black, private: false, clock: TimeControl::Untimed })
        .await?;
    let (host_token, _, game) = seated(&mut host).await?;
    let mut guest = Link::connect(server).await?;
    guest.send(&ClientMsg::Join { code: game.code.clone() }).await?;
    let (guest_token, _, _) = seated(&mut guest).await?;
    Ok(Pair {
        code: game.code,
        seats: [(host, host_token), (guest, guest_token)],
        game: Game::new(cfg.size),
        round: 0,
        acked: 0,
        over: false,
        asked: [false; 2],
    })
}

/// Plays random moves until `deadline`, or until the line breaks or a refusal.
async fn play(
    cfg: &BenchConfig,
    p: &mut Pair,
    tally: &mut PairTally,
    (begin, deadline): (Instant, Instant),
) -> Result<(), Stop> {
    let mut rng = rand::make_rng::<rand::rngs::SmallRng>();
    while Instant::now() < deadline {
        if p.over {
            for (i, (l, _)) in p.seats.iter_mut().enumerate() {
                if !p.asked[i] {
                    l.send(&ClientMsg::Rematch {}).await.map_err(broken)?;
                    p.asked[i] = true;
                }
            }
            let first = until_state(&mut p.seats[0].0).await?;
            until_state(&mut p.seats[1].0).await?;
            if first == Colour::White {
                p.seats.swap(0, 1);
            }
            (p.game, p.round, p.acked, p.over, p.asked) = (Game::new(cfg.size), p.round + 1, 0, false, [false; 2]);
        }
        let side = Colour::from(p.game.to_move()).index();
        let Some(&mv) = p.game.legal_moves().choose(&mut rng) else { break };
        let think_us = cfg.think.as_micros() as u64 * 2;
        if think_us > 0 {
            tokio::time::sleep(Duration::from_micros(rng.random_range(0..think_us))).await;
        }
        let ply = p.game.ply() as u32;
        let text = notation::move_to_string(&cfg.size, mv);
        let t0 = Instant::now();
        p.seats[side].0.send(&ClientMsg::Move { ply, mv: text }).await.map_err(broken)?;
        let over = until_moved(&mut p.seats[side].0, ply).await?;
        p.acked = ply as usize + 1;
        let counted = t0 >= begin && Instant::now() <= deadline;
        if counted {
            tally.latencies.push(t0.elapsed().as_micros().min(u32::MAX as u128) as u32);
        }
        until_moved(&mut p.seats[1 - side].0, ply).await?;
        tally.moves += counted as u64;
        p.game.try_play(mv).map_err(|e| Stop::Refused(e.to_string()))?;
        if over {
            tally.finished += counted as u64;
            p.over = true;
        }
    }
    Ok(())
}

/// Longest a pair tries to resume its seats after its server went away.
const FAILOVER_TIME: Duration = Duration::from_secs(30);

/// The line broke: both seats resume on the next server of the list (the same one when
/// there is one), and the game goes on from what the server kept. An acknowledged move the
/// server no longer has is counted as lost.
async fn fail_over(cfg: &BenchConfig, p: &mut Pair, at: &mut usize, tally: &mut PairTally) -> Result<(), String> {
    let servers = cfg.servers();
    let until = Instant::now() + FAILOVER_TIME;
    let mut views = Vec::new();
    for i in 0..2 {
        let token = p.seats[i].1.clone();
        loop {
            *at = (*at + 1) % servers.len();
            let tried = async {
                let mut link = Link::connect(&servers[*at]).await?;
                link.send(&ClientMsg::Resume { code: p.code.clone(), token: token.clone() }).await?;
                let (_, colour, view) = seated(&mut link).await?;
                Ok::<_, String>((link, colour, view))
            };
            match tried.await {
                Ok((link, colour, view)) => {
                    p.seats[i].0 = link;
                    views.push((colour, view));
                    break;
                }
                Err(e) if Instant::now() > until => return Err(format!("no server took the seat back: {e}")),
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
    }
    tally.failovers += 1;
    // The later view is the newer one; the seats follow their colours of this round.
    let (colour0, _) = views[0];
    let (_, view) = views.pop().expect("two views");
    if colour0 == Colour::White {
        p.seats.swap(0, 1);
    }
    if view.round == p.round && view.moves.len() < p.acked {
        tally.lost += (p.acked - view.moves.len()) as u64;
    }
    p.game = view.replay().map_err(|e| format!("the server's game does not replay: {e}"))?;
    (p.round, p.acked, p.over) = (view.round, view.moves.len(), view.outcome.is_some());
    p.asked = [view.seats[0].rematch, view.seats[1].rematch];
    Ok(())
}

async fn pair(cfg: BenchConfig, index: usize, window: (Instant, Instant)) -> Result<PairTally, String> {
    let servers = cfg.servers();
    let mut at = index % servers.len();
    let mut p = start_pair(&cfg, &servers[at]).await?;
    let mut tally = PairTally::default();
    loop {
        match play(&cfg, &mut p, &mut tally, window).await {
            Ok(()) => return Ok(tally),
            Err(Stop::Refused(e)) => return Err(e),
            Err(Stop::Broken(_)) if Instant::now() >= window.1 => return Ok(tally),
            Err(Stop::Broken(why)) => {
                fail_over(&cfg, &mut p, &mut at, &mut tally).await.map_err(|e| format!("{e} (the line: {why})"))?
            }
        }
    }
}

/// Time given to connect every pair before the measured window opens.
const RAMP: Duration = Duration::from_secs(6);

/// Plays `cfg.games` games at once; moves are counted in a window of `cfg.duration` that
/// opens once every pair has had time to connect.
pub async fn run(cfg: BenchConfig) -> BenchReport {
    let begin = Instant::now() + RAMP;
    let deadline = begin + cfg.duration;
    let mut tasks = Vec::with_capacity(cfg.games);
    for i in 0..cfg.games {
        let cfg = cfg.clone();
        tasks.push(tokio::spawn(async move {
            // Spread the connections over the first seconds of the ramp.
            tokio::time::sleep(Duration::from_micros((i as u64 * 2_000).min(4_000_000))).await;
            pair(cfg, i, (begin, deadline)).await
        }));
    }
    let mut report = BenchReport::default();
    for t in tasks {
        match t.await {
            Ok(Ok(tally)) => {
                report.games_started += 1;
                report.games_finished += tally.finished;
                report.moves += tally.moves;
                report.latencies_us.extend(tally.latencies);
                report.failovers += tally.failovers;
                report.lost += tally.lost;
            }
            Ok(Err(e)) => report.failures.push(e),
            Err(e) => report.failures.push(e.to_string()),
        }
    }
    report.seconds = cfg.duration.as_secs_f64();
    report
}
