//! The headless command line: perft, moves, play-record, solve, match and bench.

use crate::ai::{Ai, EvalKind, Level, Outlook, SearchLimits, Searcher, SolveLimits, Solver};
use crate::rules::{
    Color, Game, Geometry, Phase, Position, Record, move_to_string, parse_position, parse_size, perft, perft_divide,
    position_to_string,
};
use clap::Subcommand;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn parse_size_arg(s: &str) -> Result<Geometry, String> {
    let g = parse_size(s)?;
    Ok(g)
}

/// Headless subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of a given length (both removals count as moves).
    Perft {
        /// Board size, rows x columns.
        #[arg(long, value_parser = parse_size_arg, default_value = "8x8")]
        size: Geometry,
        /// Number of plies.
        #[arg(long)]
        depth: u32,
        /// Start from this position text instead of the full board.
        #[arg(long)]
        position: Option<String>,
        /// Also print the count below every first move.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move of a position, one per line.
    Moves {
        /// Position text, e.g. "BWBW/WBWB/BWBW/WBWB b".
        #[arg(long)]
        position: String,
    },
    /// Replay a game record and print the final position and result.
    PlayRecord {
        /// The record file.
        file: std::path::PathBuf,
    },
    /// Prove who wins with perfect play.
    Solve {
        /// Board size (from the full start).
        #[arg(long, value_parser = parse_size_arg, default_value = "5x5")]
        size: Geometry,
        /// Solve this position instead.
        #[arg(long)]
        position: Option<String>,
        /// Give up after this many seconds.
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// Play AI-vs-AI games and report the score.
    Match {
        /// Board size.
        #[arg(long, value_parser = parse_size_arg, default_value = "8x8")]
        size: Geometry,
        /// Black's player: a level (optionally `-mobility`/`-full`), `baseline` (plain alpha-beta
        /// under the move time) or `baseline-dN` (plain alpha-beta to depth N, no clock); `@MS`
        /// gives that player its own move time (`expert@140`).
        #[arg(long)]
        black: String,
        /// White's player.
        #[arg(long)]
        white: String,
        /// Number of games; colours alternate every game.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Seed for openings and the players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Per-move time for both players in milliseconds (overrides the levels' budgets).
        #[arg(long)]
        move_ms: Option<u64>,
        /// Random jumps played after the random removals, to vary openings.
        #[arg(long, default_value_t = 2)]
        random_plies: usize,
        /// Keep the first player on Black in every game.
        #[arg(long)]
        no_alternate: bool,
        /// Write every game's record to this directory (`game-001.txt`, ...), with the players
        /// and the winner as comments.
        #[arg(long)]
        records: Option<std::path::PathBuf>,
    },
    /// Search speed, time-budget and cancellation checks.
    Bench {
        /// Fewer, shorter runs.
        #[arg(long)]
        quick: bool,
    },
    /// Best move and evaluation for a position (the game's hint).
    Hint {
        /// Position text.
        #[arg(long)]
        position: String,
        /// Thinking time in milliseconds.
        #[arg(long, default_value_t = 2000)]
        ms: u64,
    },
}

/// Runs a headless command; returns the process exit code.
pub fn run(cmd: Command) -> i32 {
    match run_inner(cmd) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("konane: {e}");
            2
        }
    }
}

fn position_arg(text: &str) -> Result<Position, String> {
    parse_position(text).map_err(|e| format!("bad --position \"{text}\": {e}"))
}

fn run_inner(cmd: Command) -> Result<(), String> {
    match cmd {
        Command::Perft { size, depth, position, divide } => {
            let p = match position {
                Some(t) => position_arg(&t)?,
                None => Position::start(size),
            };
            let start = Instant::now();
            let total = if divide {
                let mut total = 0;
                for (m, n) in perft_divide(&p, depth) {
                    println!("{} {n}", move_to_string(p.geometry(), m));
                    total += n;
                }
                total
            } else {
                perft(&p, depth)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("nodes {total}");
            println!("time {secs:.3} s");
            println!("nps {:.0}", total as f64 / secs.max(1e-9));
        }
        Command::Moves { position } => {
            let p = position_arg(&position)?;
            for m in p.legal_moves() {
                println!("{}", move_to_string(p.geometry(), m));
            }
        }
        Command::PlayRecord { file } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let rec = Record::parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            match rec.replay() {
                Ok(game) => {
                    println!("{}", position_to_string(game.position()));
                    println!("{}", crate::rules::record::result_text(game.position(), game.ply()));
                }
                Err(e) => return Err(format!("{}: illegal move at {e}", file.display())),
            }
        }
        Command::Solve { size, position, timeout } => {
            let p = match position {
                Some(t) => position_arg(&t)?,
                None => Position::start(size),
            };
            let mut solver = Solver::new(24);
            let start = Instant::now();
            let limits =
                SolveLimits { deadline: timeout.map(|t| start + Duration::from_secs_f64(t)), max_nodes: u64::MAX };
            let out = solver.solve(&p, limits, &AtomicBool::new(false));
            let secs = start.elapsed().as_secs_f64();
            match out.result {
                Some(sol) => {
                    println!("winner {}", sol.winner.name());
                    let moves: Vec<String> =
                        sol.winning_moves.iter().map(|m| move_to_string(p.geometry(), *m)).collect();
                    println!("winning first moves {}", if moves.is_empty() { "none".into() } else { moves.join(" ") });
                }
                None => println!("unsolved (time limit)"),
            }
            println!("nodes {}", out.nodes);
            println!("time {secs:.3} s");
        }
        Command::Match { size, black, white, games, seed, threads, move_ms, random_plies, no_alternate, records } => {
            let a = PlayerSpec::parse(&black, move_ms)?;
            let b = PlayerSpec::parse(&white, move_ms)?;
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create records directory {}: {e}", dir.display()))?;
            }
            let names = [black.clone(), white.clone()];
            let res = play_match(&MatchConfig {
                size,
                a,
                b,
                games,
                seed,
                threads,
                random_plies,
                alternate: !no_alternate,
                records: records.map(|dir| (dir, names)),
            });
            res.print(&black, &white);
        }
        Command::Bench { quick } => bench(quick)?,
        Command::Hint { position, ms } => {
            let p = position_arg(&position)?;
            let a = crate::ai::analyse(&p, Duration::from_millis(ms), Arc::new(AtomicBool::new(false)));
            match a.best {
                Some(m) => println!("best {}", move_to_string(p.geometry(), m)),
                None => println!("best none ({} has no move)", p.to_move().name()),
            }
            match a.outlook {
                Outlook::Score(s) => println!("eval {s} (depth {})", a.depth),
                Outlook::Win { plies: Some(n) } => println!("proven win in {n} plies"),
                Outlook::Win { plies: None } => println!("proven win"),
                Outlook::Loss { plies: Some(n) } => println!("proven loss in {n} plies"),
                Outlook::Loss { plies: None } => println!("proven loss"),
            }
            let pv: Vec<String> = a.pv.iter().map(|m| move_to_string(p.geometry(), *m)).collect();
            println!("pv {}", pv.join(" "));
        }
    }
    Ok(())
}

/// A match participant.
#[derive(Clone, Copy, Debug)]
pub enum PlayerSpec {
    /// A difficulty level, optionally with its budget overridden and its evaluation replaced
    /// (`expert-mobility` is Expert with the plain mobility evaluation, for experiments).
    Level(Level, Option<Duration>, Option<EvalKind>),
    /// Plain alpha-beta with mobility evaluation under a time budget.
    Baseline(Duration),
    /// Plain alpha-beta with mobility evaluation to a fixed depth, without a clock
    /// (`baseline-d6`).
    BaselineDepth(u32),
}

impl PlayerSpec {
    /// Parses a level name or `baseline`, optionally followed by `@MS`, that player's own
    /// per-move time (overrides `move_ms`).
    pub fn parse(s: &str, move_ms: Option<u64>) -> Result<PlayerSpec, String> {
        let (s, move_ms) = match s.split_once('@') {
            Some((name, ms)) => match ms.parse::<u64>() {
                Ok(ms) if ms > 0 => (name, Some(ms)),
                _ => return Err(format!("bad player '{s}': the time after '@' must be milliseconds, e.g. expert@500")),
            },
            None => (s, move_ms),
        };
        let t = move_ms.map(Duration::from_millis);
        if s.eq_ignore_ascii_case("baseline") {
            Ok(PlayerSpec::Baseline(t.unwrap_or(Duration::from_millis(2000))))
        } else if let Some(d) = s.strip_prefix("baseline-d") {
            match d.parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => Ok(PlayerSpec::BaselineDepth(d)),
                _ => Err(format!("bad player '{s}': the fixed depth of baseline-dN must be 1 to 60")),
            }
        } else if let Some(level) = s.strip_suffix("-mobility") {
            Ok(PlayerSpec::Level(level.parse()?, t, Some(EvalKind::Mobility)))
        } else if let Some(level) = s.strip_suffix("-full") {
            Ok(PlayerSpec::Level(level.parse()?, t, Some(EvalKind::Full)))
        } else {
            Ok(PlayerSpec::Level(s.parse()?, t, None))
        }
    }

    fn build(self, seed: u64) -> Ai {
        match self {
            PlayerSpec::Level(l, t, eval) => {
                let mut config = l.config();
                if let Some(t) = t {
                    config.budget = t;
                }
                if let Some(e) = eval {
                    config.eval = e;
                }
                Ai::with_config(config, seed)
            }
            PlayerSpec::Baseline(t) => Ai::baseline(t),
            PlayerSpec::BaselineDepth(d) => Ai::baseline_depth(d),
        }
    }
}

/// Settings of an AI-vs-AI match.
pub struct MatchConfig {
    /// Board.
    pub size: Geometry,
    /// First player (Black in even games).
    pub a: PlayerSpec,
    /// Second player.
    pub b: PlayerSpec,
    /// Number of games.
    pub games: usize,
    /// Seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Random jumps after the random removals.
    pub random_plies: usize,
    /// Swap colours every game.
    pub alternate: bool,
    /// Directory for game records, and the two players' names for their headers.
    pub records: Option<(std::path::PathBuf, [String; 2])>,
}

/// The score of a match.
#[derive(Default, Debug)]
pub struct MatchResult {
    /// Wins of the first and second player.
    pub wins: [usize; 2],
    /// Wins by colour (Black, White).
    pub color_wins: [usize; 2],
    /// Moves made and total thinking time, per player.
    pub moves: [u64; 2],
    /// Total thinking time per player.
    pub time: [Duration; 2],
    /// Longest single move per player.
    pub max_time: [Duration; 2],
    /// Moves over budget by more than 10 %, per player.
    pub over_budget: [u64; 2],
    /// Total plies over all games.
    pub plies: u64,
}

impl MatchResult {
    fn print(&self, a: &str, b: &str) {
        let games = self.wins[0] + self.wins[1];
        for (i, name) in [a, b].iter().enumerate() {
            let avg = self.time[i].as_secs_f64() * 1000.0 / self.moves[i].max(1) as f64;
            println!(
                "{name:>10}: {} wins ({:.1}%), avg {avg:.1} ms/move, max {:.1} ms, over budget+10%: {}",
                self.wins[i],
                100.0 * self.wins[i] as f64 / games.max(1) as f64,
                self.max_time[i].as_secs_f64() * 1000.0,
                self.over_budget[i]
            );
        }
        println!(
            "games {games}, Black won {}, White won {}, avg plies {:.1}",
            self.color_wins[0],
            self.color_wins[1],
            self.plies as f64 / games.max(1) as f64
        );
    }
}

/// A random opening: the two removals and `jumps` random jumps.
pub fn random_opening(geo: Geometry, jumps: usize, rng: &mut SmallRng) -> Game {
    let mut game = Game::new(geo);
    for _ in 0..2 + jumps {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        game.play(m).expect("generated move is legal");
    }
    game
}

/// Plays a whole match (games in parallel on `threads` workers).
pub fn play_match(cfg: &MatchConfig) -> MatchResult {
    let next = AtomicUsize::new(0);
    let result = Mutex::new(MatchResult::default());
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                let mut players = [cfg.a.build(cfg.seed), cfg.b.build(cfg.seed.wrapping_add(1))];
                loop {
                    let g = next.fetch_add(1, Ordering::SeqCst);
                    if g >= cfg.games {
                        break;
                    }
                    // Each opening is played twice, once with each colour assignment.
                    let mut rng = SmallRng::seed_from_u64(cfg.seed.wrapping_mul(1000).wrapping_add((g / 2) as u64));
                    let mut game = random_opening(cfg.size, cfg.random_plies, &mut rng);
                    let a_is_black = !cfg.alternate || g.is_multiple_of(2);
                    for p in players.iter_mut() {
                        p.new_game();
                    }
                    let mut moves = [0u64; 2];
                    let mut time = [Duration::ZERO; 2];
                    let mut max_time = [Duration::ZERO; 2];
                    let mut over = [0u64; 2];
                    let winner = loop {
                        if let Phase::Over { winner } = game.phase() {
                            break winner;
                        }
                        let idx = if (game.to_move() == Color::Black) == a_is_black { 0 } else { 1 };
                        let t0 = Instant::now();
                        let choice = players[idx].choose(game.position(), Arc::new(AtomicBool::new(false)));
                        let dt = t0.elapsed();
                        let m = choice.mv.expect("a player with legal moves returns one");
                        game.play(m).unwrap_or_else(|e| panic!("AI played an illegal move: {e}"));
                        moves[idx] += 1;
                        time[idx] += dt;
                        max_time[idx] = max_time[idx].max(dt);
                        if dt.as_secs_f64() > players[idx].config().budget.as_secs_f64() * 1.1 {
                            over[idx] += 1;
                        }
                    };
                    let winner_idx = if (winner == Color::Black) == a_is_black { 0 } else { 1 };
                    if let Some((dir, names)) = &cfg.records {
                        let (bn, wn) = if a_is_black { (&names[0], &names[1]) } else { (&names[1], &names[0]) };
                        let text = format!(
                            "# game {g} (opening {} with {} random jumps)\n# black: {bn}\n# white: {wn}\n# winner: {}\n{}",
                            g / 2,
                            cfg.random_plies,
                            winner.name(),
                            Record::of_game(&game).to_text()
                        );
                        let path = dir.join(format!("game-{:03}.txt", g + 1));
                        if let Err(e) = crate::files::write_atomically(&path, text.as_bytes()) {
                            eprintln!("cannot write {}: {e}", path.display());
                        }
                    }
                    let mut r = result.lock().unwrap();
                    r.wins[winner_idx] += 1;
                    r.color_wins[winner.index()] += 1;
                    r.plies += game.ply() as u64;
                    for i in 0..2 {
                        r.moves[i] += moves[i];
                        r.time[i] += time[i];
                        r.max_time[i] = r.max_time[i].max(max_time[i]);
                        r.over_budget[i] += over[i];
                    }
                }
            });
        }
    });
    result.into_inner().unwrap()
}

/// A fixed middle-game position on a board: the start, two removals and some jumps.
fn bench_position(rows: u8, cols: u8, jumps: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(7);
    *random_opening(Geometry::new(rows, cols).expect("valid size"), jumps, &mut rng).position()
}

fn bench(quick: bool) -> Result<(), String> {
    // Move generation.
    let start = Position::start(Geometry::new(8, 8).expect("8x8"));
    let depth = if quick { 8 } else { 9 };
    let t = Instant::now();
    let n = perft(&start, depth);
    let s = t.elapsed().as_secs_f64();
    println!("perft 8x8 depth {depth}: {n} nodes in {s:.3} s = {:.1} M nodes/s", n as f64 / s / 1e6);
    // Search speed.
    for (rows, cols, jumps) in [(8u8, 8u8, 6usize), (20, 20, 10)] {
        let p = bench_position(rows, cols, jumps);
        let mut searcher = Searcher::new(EvalKind::Full, 20, false);
        let budget = Duration::from_millis(if quick { 300 } else { 1000 });
        let r = searcher.search(&p, SearchLimits::time(budget), Arc::new(AtomicBool::new(false)), false);
        println!(
            "search {rows}x{cols}: depth {} nodes {} in {:.3} s = {:.2} M nodes/s",
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nodes as f64 / r.elapsed.as_secs_f64() / 1e6
        );
    }
    // Budgets on 8x8 and 20x20 for every level.
    let mut failures = Vec::new();
    for (rows, cols, jumps) in [(8u8, 8u8, 4usize), (20, 20, 8), (20, 20, 60), (13, 20, 40)] {
        let p = bench_position(rows, cols, jumps);
        for level in Level::ALL {
            let mut ai = Ai::new(level, 1);
            let budget = ai.config().budget;
            let t = Instant::now();
            let c = ai.choose(&p, Arc::new(AtomicBool::new(false)));
            let dt = t.elapsed();
            let ok = dt.as_secs_f64() <= budget.as_secs_f64() * 1.1 && c.mv.is_some_and(|m| p.is_legal(m));
            println!(
                "budget {rows}x{cols} after {jumps} jumps ({} moves) {level:>8}: {:.0} ms of {} ms, depth {} {}",
                p.move_count(),
                dt.as_secs_f64() * 1000.0,
                budget.as_millis(),
                c.report.depth,
                if ok { "ok" } else { "OVER" }
            );
            if !ok {
                failures.push(format!("{level} on {rows}x{cols} took {:.0} ms", dt.as_secs_f64() * 1000.0));
            }
        }
    }
    // Cancellation latency.
    let p = bench_position(20, 20, 8);
    let mut worst = Duration::ZERO;
    for delay in [50u64, 200, 500] {
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let handle = std::thread::spawn(move || {
            let mut ai = Ai::new(Level::Expert, 1);
            ai.set_budget(Duration::from_secs(60));
            ai.choose(&p, flag)
        });
        std::thread::sleep(Duration::from_millis(delay));
        let t = Instant::now();
        cancel.store(true, Ordering::SeqCst);
        let choice = handle.join().map_err(|_| "search thread panicked".to_string())?;
        let latency = t.elapsed();
        worst = worst.max(latency);
        println!(
            "cancel after {delay} ms: returned in {:.2} ms with {}",
            latency.as_secs_f64() * 1000.0,
            choice.mv.map(|m| move_to_string(p.geometry(), m)).unwrap_or("no move".into())
        );
    }
    if worst > Duration::from_millis(50) {
        failures.push(format!("cancellation took {:.1} ms", worst.as_secs_f64() * 1000.0));
    }
    if failures.is_empty() {
        println!("bench: all budgets and cancellations within limits");
        Ok(())
    } else {
        Err(format!("bench failed: {}", failures.join("; ")))
    }
}
