//! `konane history`: the player's record of games, read and measured from the command line.

use super::Failure;
use crate::ai::Level;
use crate::files::show_path;
use crate::history::{FILE_NAME, FinishedGame, History, Player, stats::Stats};
use crate::outln;
use crate::rules::{Color as Side, Game, Geometry};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The options of `konane history`.
#[derive(clap::Args, Debug)]
pub struct HistoryArgs {
    /// Show, fill or measure.
    #[command(subcommand)]
    pub action: HistoryCommand,
}

/// What `konane history` does.
#[derive(clap::Subcommand, Debug)]
pub enum HistoryCommand {
    /// Print your rating, statistics, milestones and latest games.
    Show {
        /// The data directory (default: the game's, $XDG_DATA_HOME/konane).
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// How many of the latest games to list.
        #[arg(long, default_value_t = 10, value_parser = super::whole::<u64>(0, 1_000_000), allow_hyphen_values = true)]
        games: u64,
    },
    /// Record made-up finished games (random legal games against random levels), each in a
    /// transaction of its own as the game records one: for tests and measurements.
    Fill {
        /// The data directory (required: this never writes the player's own history).
        #[arg(long)]
        data_dir: PathBuf,
        /// How many games.
        #[arg(long, value_parser = super::whole::<u64>(1, 100_000_000), allow_hyphen_values = true)]
        games: u64,
        /// Games per transaction.
        #[arg(long, default_value_t = 1, value_parser = super::whole::<u64>(1, 1_000_000), allow_hyphen_values = true)]
        batch: u64,
        /// Random seed.
        #[arg(long, default_value_t = 1, value_parser = super::whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
        seed: u64,
    },
    /// Measure the statistics screen's queries over a history of many games (made up, in a
    /// temporary directory): query time and resident memory.
    Bench {
        /// How many games.
        #[arg(long, default_value_t = 100_000, value_parser = super::whole::<u64>(1, 10_000_000), allow_hyphen_values = true)]
        games: u64,
    },
}

pub(super) fn run(action: HistoryCommand) -> Result<(), Failure> {
    match action {
        HistoryCommand::Show { data_dir, games } => show(&history_path(data_dir)?, games),
        HistoryCommand::Fill { data_dir, games, batch, seed } => fill(&data_dir.join(FILE_NAME), games, batch, seed),
        HistoryCommand::Bench { games } => bench(games),
    }
}

fn history_path(data_dir: Option<PathBuf>) -> Result<PathBuf, Failure> {
    let dir = data_dir
        .or_else(crate::game::modes::saves::default_data_dir)
        .ok_or_else(|| Failure::Bad("no data directory: set HOME or XDG_DATA_HOME, or give --data-dir".into()))?;
    Ok(dir.join(FILE_NAME))
}

/// Opens the history at `path`: a problem it was opened despite (set aside, read only) is one
/// line on stderr; one that leaves no history is the command's error, in one line.
fn open(path: &Path) -> Result<History, Failure> {
    match History::open(path) {
        (Some(history), None) => Ok(history),
        (Some(history), Some(problem)) => {
            crate::errln!("konane: {}: {problem}", show_path(path));
            Ok(history)
        }
        (None, problem) => {
            let why = problem.map_or_else(|| "it cannot be opened".to_string(), |p| p.to_string());
            Err(Failure::Bad(format!("cannot open the history {}: {why}", show_path(path))))
        }
    }
}

fn show(path: &Path, games: u64) -> Result<(), Failure> {
    // Reading makes nothing: without a file there is simply no record yet; a file or folder
    // that cannot be looked at is an error, not an empty record.
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            outln!("no games recorded yet (no {})", show_path(path));
            return Ok(());
        }
        Err(e) => return Err(Failure::Bad(format!("cannot read {}: {e}", show_path(path)))),
        Ok(_) => {}
    }
    let h = open(path)?;
    let stats = h.stats().map_err(|e| Failure::Bad(e.to_string()))?;
    print_stats(&stats)?;
    outln!("milestones:");
    for p in h.milestones().map_err(|e| Failure::Bad(e.to_string()))? {
        let mark = if p.earned_at.is_some() { "x" } else { " " };
        outln!("  [{mark}] {:<16} {}/{}", p.milestone.key, p.done, p.milestone.target);
    }
    let puzzle = h.puzzle_rating().map_err(|e| Failure::Bad(e.to_string()))?;
    let streak = h.best_puzzle_streak().map_err(|e| Failure::Bad(e.to_string()))?;
    outln!("puzzle rating: {:.0} ± {:.0}, best streak {streak}", puzzle.rating, 2.0 * puzzle.deviation);
    if games > 0 {
        outln!("latest games:");
    }
    for g in h.games(0, games).map_err(|e| Failure::Bad(e.to_string()))? {
        let result = match g.you {
            Some(you) if you == g.winner => "won",
            Some(_) => "lost",
            None => g.winner.name(),
        };
        let how = if g.resigned { " (resigned)" } else { "" };
        let rating = g.rating.map(|r| format!("  rating {r:.0}")).unwrap_or_default();
        outln!(
            "  #{:<6} {}  {}x{}  {} v {}  {result}{how} in {} moves{rating}",
            g.id,
            crate::history::puzzles::date_of(g.finished_at),
            g.size.0,
            g.size.1,
            g.players[0].word(),
            g.players[1].word(),
            g.moves
        );
    }
    Ok(())
}

fn print_stats(stats: &Stats) -> Result<(), Failure> {
    match stats.rating {
        Some(r) => outln!(
            "rating: {:.0} ± {:.0} after {} rated games (suggested level: {})",
            r.rating,
            2.0 * r.deviation,
            stats.rated,
            crate::history::even_level(&r).name()
        ),
        None => outln!("rating: none yet (no rated game)"),
    }
    outln!(
        "games: {}, average {:.1} moves; longest win streak {}, current {}; best win: {}",
        stats.games,
        stats.average_moves,
        stats.longest_streak,
        stats.current_streak,
        stats.best_win.map_or("none", |l| l.name())
    );
    for t in &stats.tallies {
        outln!("  {:<10} {}x{}: {} won, {} lost", t.opponent.word(), t.size.0, t.size.1, t.wins, t.losses);
    }
    if stats.unreadable > 0 {
        let s = if stats.unreadable == 1 { "" } else { "s" };
        outln!(
            "  ({} game{s} could not be read and {} left out)",
            stats.unreadable,
            if s.is_empty() { "is" } else { "are" }
        );
    }
    Ok(())
}

/// A random legal game on a board of 6x6 to 10x10, you (Black or White) against a random
/// level, finished at `at`.
fn made_up_game(rng: &mut SmallRng, at: i64) -> FinishedGame {
    let n = rng.random_range(6..=10u8);
    let mut game = Game::new(Geometry::new(n, n).unwrap_or_else(|_| unreachable!("6..=10 is a valid size")));
    while !game.legal_moves().is_empty() {
        let moves = game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    let winner = game.winner().unwrap_or(Side::Black);
    let you = if rng.random_bool(0.5) { Side::Black } else { Side::White };
    let mut players = [Player::Person; 2];
    players[you.opponent().index()] = Player::Computer(Level::ALL[rng.random_range(0..Level::ALL.len())]);
    FinishedGame {
        finished_at: at,
        players,
        you: Some(you),
        winner,
        resigned: false,
        took_back: rng.random_bool(0.1),
        game,
    }
}

fn fill(path: &Path, games: u64, batch: u64, seed: u64) -> Result<(), Failure> {
    let mut h = open(path)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = crate::history::now();
    let mut done = 0;
    let stop = super::interrupt_static();
    while done < games {
        // Ctrl-C between batches: what is recorded stays, and the command says so (exit 130).
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Failure::Interrupted(format!("{done} games recorded in {}", show_path(path))));
        }
        let n = batch.min(games - done);
        let chunk: Vec<_> = (0..n).map(|i| made_up_game(&mut rng, start + (done + i) as i64)).collect();
        if n == 1 {
            h.record(&chunk[0]).map_err(|e| Failure::Bad(e.to_string()))?;
        } else {
            h.record_many(&chunk).map_err(|e| Failure::Bad(e.to_string()))?;
        }
        done += n;
    }
    outln!("recorded {done} games in {}", show_path(path));
    Ok(())
}

fn bench(games: u64) -> Result<(), Failure> {
    const PREFIX: &str = "konane-history-bench-";
    // A bench killed before it could clean up (a closed pipe, SIGKILL) left its folder: the
    // folders of processes that no longer run are removed first.
    if let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let pid = name.strip_prefix(PREFIX).and_then(|p| p.parse::<u32>().ok());
            if pid.is_some_and(|p| p != std::process::id() && !Path::new(&format!("/proc/{p}")).exists()) {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("{PREFIX}{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let result = bench_in(&dir, games);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn bench_in(dir: &Path, games: u64) -> Result<(), Failure> {
    let path = dir.join(FILE_NAME);
    let t = Instant::now();
    fill(&path, games, 10_000, 2026)?;
    let size = std::fs::metadata(&path).map_or(0, |m| m.len())
        + std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
    outln!("filled in {:.1} s; file {:.1} MB", t.elapsed().as_secs_f64(), size as f64 / 1e6);
    let t = Instant::now();
    let h = open(&path)?;
    outln!("open (with its quick check): {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    let rss_before = resident_mb();
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let (stats, milestones) = h.stats_and_milestones().map_err(|e| Failure::Bad(e.to_string()))?;
        let list = h.games(0, 50).map_err(|e| Failure::Bad(e.to_string()))?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if stats.games != games || list.len() as u64 != games.min(50) || milestones.is_empty() {
            return Err(Failure::Bad(format!("the statistics read {} games of {games}", stats.games)));
        }
    }
    times.sort_by(f64::total_cmp);
    let rss_after = resident_mb();
    outln!(
        "statistics screen queries (stats, 50 latest games, milestones) over {games} games: median {:.1} ms, worst {:.1} ms of 5",
        times[2],
        times[4]
    );
    outln!(
        "resident memory: {} MB before the queries, {} MB after five rounds",
        rss_before.map_or("?".into(), |m| m.to_string()),
        rss_after.map_or("?".into(), |m| m.to_string())
    );
    Ok(())
}

/// This process's resident memory in MB, from /proc.
fn resident_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}
