//! The load benchmark behind `konane serve-bench`: pairs of simulated players on loopback,
//! each pair hosting and joining a game and playing random legal moves (with a think time)
//! through a real server, rematching when a game ends.

use std::time::{Duration, Instant};

use rand::RngExt;
use rand::seq::IndexedRandom;

use super::client::Link;
use super::protocol::{ClientMsg, Colour, ServerMsg};
use konane_core::rules::{Game, Geometry, notation};

/// One load level.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// `host:port` of the server.
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
}

/// Reads from `link` until the acknowledgement of move `ply` arrives; returns whether it
/// ended the game.
async fn until_moved(link: &mut Link, ply: u32) -> Result<bool, String> {
    loop {
        match link.recv().await? {
            ServerMsg::Moved { ply: p, outcome, .. } if p == ply => return Ok(outcome.is_some()),
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

async fn until_state(link: &mut Link) -> Result<Colour, String> {
    loop {
        match link.recv().await? {
            ServerMsg::State { colour: Some(c), .. } => return Ok(c),
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

async fn seated(link: &mut Link) -> Result<(String, Colour), String> {
    loop {
        match link.recv().await? {
            ServerMsg::Seated { colour, game, .. } => return Ok((game.code, colour)),
            ServerMsg::Error { message, .. } => return Err(message),
            _ => {}
        }
    }
}

async fn pair(cfg: BenchConfig, begin: Instant, deadline: Instant) -> Result<PairTally, String> {
    let mut host = Link::connect(&cfg.server).await?;
    host.send(&ClientMsg::Host { rows: cfg.size.rows(), cols: cfg.size.cols(), colour: Colour::Black, private: false })
        .await?;
    let (code, _) = seated(&mut host).await?;
    let mut guest = Link::connect(&cfg.server).await?;
    guest.send(&ClientMsg::Join { code }).await?;
    seated(&mut guest).await?;
    // links[i] plays colour i in the current round.
    let mut links = [host, guest];
    let mut tally = PairTally::default();
    let mut game = Game::new(cfg.size);
    let mut rng = rand::make_rng::<rand::rngs::SmallRng>();
    while Instant::now() < deadline {
        let side = Colour::from(game.to_move()).index();
        let moves = game.legal_moves();
        let Some(&mv) = moves.choose(&mut rng) else { break };
        let think_us = cfg.think.as_micros() as u64 * 2;
        if think_us > 0 {
            tokio::time::sleep(Duration::from_micros(rng.random_range(0..think_us))).await;
        }
        let ply = game.ply() as u32;
        let text = notation::move_to_string(&cfg.size, mv);
        let t0 = Instant::now();
        links[side].send(&ClientMsg::Move { ply, mv: text }).await?;
        let over = until_moved(&mut links[side], ply).await?;
        let counted = t0 >= begin && Instant::now() <= deadline;
        if counted {
            tally.latencies.push(t0.elapsed().as_micros().min(u32::MAX as u128) as u32);
        }
        until_moved(&mut links[1 - side], ply).await?;
        tally.moves += counted as u64;
        game.try_play(mv).map_err(|e| e.to_string())?;
        if over {
            tally.finished += counted as u64;
            for l in links.iter_mut() {
                l.send(&ClientMsg::Rematch {}).await?;
            }
            let first = until_state(&mut links[0]).await?;
            until_state(&mut links[1]).await?;
            if first == Colour::White {
                links.swap(0, 1);
            }
            game = Game::new(cfg.size);
        }
    }
    Ok(tally)
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
            pair(cfg, begin, deadline).await
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
            }
            Ok(Err(e)) => report.failures.push(e),
            Err(e) => report.failures.push(e.to_string()),
        }
    }
    report.seconds = cfg.duration.as_secs_f64();
    report
}
