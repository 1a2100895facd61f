//! The headless command line: perft, moves, play-record, solve, match and bench.
//!
//! Bad input gets a one-line message naming the flag and what it accepts, and exit status 2;
//! quoted input is shortened and escaped. Long commands show progress on stderr when it is a
//! terminal and stop cleanly on Ctrl-C (exit status 130).

use crate::ai::{Ai, EvalKind, Level, Outlook, SearchLimits, Searcher};
use crate::console::OutputError;
use crate::files::{check_writable, read_regular_file, show_path};
use crate::online::command::{ServeArgs, ServeBenchArgs, serve, serve_bench};
use crate::online::flags::{seconds, size, whole};
use crate::rules::quote::quoted;
use crate::rules::{
    Color, Game, Geometry, PerftTable, Phase, Position, Record, move_to_string, parse_position, perft_until,
    perft_until_hashed, position_to_string,
};
use crate::{errln, outln};
mod bench;
mod dist;
mod history;
mod matches;
mod perft;
mod position;
mod puzzle;
mod solve;
mod sounds;
mod tune;

use bench::bench;
pub use matches::{MatchConfig, MatchResult, PlayerSpec, Tables, play_match, random_opening};
use matches::{Openings, match_command};
use perft::*;
use position::*;
use puzzle::puzzle;
use sounds::sounds;

use clap::Subcommand;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The whole command line: Kōnane, the Hawaiian stone-jumping game. Without a subcommand,
/// opens the game window.
#[derive(clap::Parser, Debug)]
#[command(name = "konane", version, about)]
pub struct Cli {
    /// A headless tool; omit to play.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of the game window.
    #[command(flatten)]
    pub game: crate::game::GameArgs,
}

/// Deepest perft the command line runs (deeper counts would not finish in a lifetime).
pub const MAX_PERFT_DEPTH: u32 = 30;
/// Longest `solve --timeout`, in seconds.
pub const MAX_TIMEOUT_SECS: f64 = 1e6;
/// Longest thinking time per move (`--ms`, `--move-ms`, `name@MS`), in milliseconds: an hour.
pub const MAX_MOVE_MS: u64 = 3_600_000;
/// Most games in one match.
pub const MAX_GAMES: u64 = 1_000_000;
/// Most worker threads one may ask for (fewer are started: see `match --threads`).
pub const MAX_THREADS: u64 = 65_536;
/// Most random opening jumps (no game on a 20x20 board lasts longer).
pub const MAX_RANDOM_PLIES: u64 = 400;
/// Largest record file `play-record` reads.
pub const MAX_RECORD_BYTES: u64 = 32 << 20;

/// What `konane puzzle` does.
#[derive(Subcommand, Debug)]
pub enum PuzzleCommand {
    /// Play self-play games (levels at random), prove positions with the exact distance
    /// solver, keep wins with one winning first move (or two among many), graded by length:
    /// short (win in 1-3 moves), middle (4-7), long (8+). Prints statistics at the end.
    Generate {
        /// Board size, e.g. 6x6 or 8x8.
        #[arg(long, value_parser = size(), allow_hyphen_values = true)]
        size: Geometry,
        /// Puzzles wanted in all, split evenly over the three grades (a grade with none
        /// found on this board stays short).
        #[arg(long, default_value_t = 30, value_parser = whole::<u32>(1, 10_000), allow_hyphen_values = true)]
        count: u32,
        /// The puzzle file to write (replaced atomically).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Random seed.
        #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
        seed: u64,
        /// Positions each proof may value before it gives up (each takes memory: at most what
        /// this machine has free).
        #[arg(long, default_value_t = 400_000, value_parser = whole::<u64>(1, u64::MAX), allow_hyphen_values = true)]
        max_nodes: u64,
        /// Give up after this many games.
        #[arg(long, default_value_t = 2_000, value_parser = whole::<u32>(1, u32::MAX as u64), allow_hyphen_values = true)]
        max_games: u32,
    },
    /// Re-prove every puzzle of a file: exit status 2 naming the first that is wrong.
    Check {
        /// The puzzle file.
        file: std::path::PathBuf,
        /// Positions each proof may value before it gives up (each takes memory: at most what
        /// this machine has free).
        #[arg(long, default_value_t = 2_000_000, value_parser = whole::<u64>(1, u64::MAX), allow_hyphen_values = true)]
        max_nodes: u64,
    },
}

/// Largest puzzle file read.
const MAX_PUZZLE_BYTES: u64 = 4 << 20;

/// Headless subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of a given length (both removals count as moves).
    Perft {
        /// Board size, rows x columns (default 8x8; the board of --position if that is given).
        #[arg(long, value_parser = size(), allow_hyphen_values = true)]
        size: Option<Geometry>,
        /// Number of plies, 0 to 30.
        #[arg(long, value_parser = whole::<u32>(0, MAX_PERFT_DEPTH as u64), allow_hyphen_values = true)]
        depth: u32,
        /// Start from this position text instead of the full board.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Also print the count below every first move.
        #[arg(long)]
        divide: bool,
        /// Count on this many threads (the first plies are shared out; default one).
        #[arg(long, default_value_t = 1, value_parser = whole::<usize>(1, 256), allow_hyphen_values = true)]
        threads: usize,
        /// Count with a transposition table of this many MiB, shared by the threads (0: none,
        /// the default). Subtrees reached again by another move order are not counted again.
        #[arg(long = "hash-mb", default_value_t = 0, value_parser = whole::<usize>(0, 65536), allow_hyphen_values = true)]
        hash_mb: usize,
    },
    /// Print every legal move of a position, one per line.
    #[command(group = clap::ArgGroup::new("of").required(true).args(["position", "size"]))]
    Moves {
        /// Position text, e.g. "BWBW/WBWB/BWBW/WBWB b".
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// The full board of this size, rows x columns, before the opening removals.
        #[arg(long, value_parser = size(), allow_hyphen_values = true)]
        size: Option<Geometry>,
    },
    /// Replay a game record and print the final position and result.
    PlayRecord {
        /// The record file.
        file: std::path::PathBuf,
    },
    /// Prove who wins with perfect play.
    Solve {
        /// Board size, from the full start (default 5x5; the board of --position if that is given).
        #[arg(long, value_parser = size(), allow_hyphen_values = true)]
        size: Option<Geometry>,
        /// Solve this position instead.
        #[arg(long, allow_hyphen_values = true)]
        position: Option<String>,
        /// Give up after this many seconds (above 0, at most 1000000).
        #[arg(long, value_parser = seconds(MAX_TIMEOUT_SECS), allow_hyphen_values = true)]
        timeout: Option<f64>,
        /// Worker threads (default: one per core).
        #[arg(long, value_parser = whole::<usize>(1, 256), allow_hyphen_values = true)]
        threads: Option<usize>,
        /// Memory for the shared table, in MiB, at most (a smaller position gets a smaller
        /// table: see the README's Solved boards).
        #[arg(long, default_value_t = 1024, value_parser = whole::<usize>(1, 1 << 20), allow_hyphen_values = true)]
        table_mb: usize,
        /// The first plies are split into at least this many leaves, proven one by one (the
        /// unit of progress, of sharing out between threads and of the checkpoint).
        #[arg(long, default_value_t = 256, value_parser = whole::<usize>(1, 1 << 20), allow_hyphen_values = true)]
        leaves: usize,
        /// Keep every proven leaf in this file (rewritten atomically) and, if it exists,
        /// go on from it: a stopped proof resumes where it was.
        #[arg(long)]
        checkpoint: Option<std::path::PathBuf>,
        /// Check the result by play: the winner's strategy against every defence, and every
        /// first move classed rightly (boards of at most 56 cells whose strategy has at most 20 million positions).
        #[arg(long)]
        verify: bool,
        /// Stop once the winner is known (a winning first move found, or every first move
        /// refuted) instead of deciding every first move; the first moves still undecided are
        /// listed (boards of at most 128 bits; larger ones are solved in one go).
        #[arg(long = "winner-only", conflicts_with = "verify")]
        winner_only: bool,
        /// Prove with the second prover (boards of at most 56 cells; larger ones: the general
        /// solver alone, one thread): it shares no search code with the parallel prover, as a
        /// second opinion on its results.
        #[arg(long, conflicts_with = "checkpoint")]
        independent: bool,
        /// Write the leaves each decided first move's proof rests on to this file (a position
        /// and `win` or `loss` per line), for checking them one by one
        /// (`tools/recheck-leaves.sh`).
        #[arg(long = "proof-leaves", conflicts_with = "independent")]
        proof_leaves: Option<std::path::PathBuf>,
    },
    /// Play AI-vs-AI games and report the score.
    Match {
        /// Board size.
        #[arg(long, value_parser = size(), allow_hyphen_values = true, default_value = "8x8")]
        size: Geometry,
        /// Black's player: a level (optionally `-mobility`/`-full`, or `-lin:W1:...:W8` for the
        /// linear evaluation with these weights, see `tune`), `baseline` (plain alpha-beta
        /// under the move time) or `baseline-dN` (plain alpha-beta to depth N, no clock); `@MS`
        /// gives that player its own move time (`expert@140`).
        #[arg(long)]
        black: String,
        /// White's player.
        #[arg(long)]
        white: String,
        /// Number of games; colours alternate every game.
        #[arg(long, default_value_t = 10, value_parser = whole::<usize>(1, MAX_GAMES), allow_hyphen_values = true)]
        games: usize,
        /// Seed for openings and the players' random choices.
        #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
        seed: u64,
        /// Worker threads (never more than the games or the machine's cores).
        #[arg(long, default_value_t = 1, value_parser = whole::<usize>(1, MAX_THREADS), allow_hyphen_values = true)]
        threads: usize,
        /// Per-move time for both players in milliseconds (overrides the levels' budgets).
        #[arg(long, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
        move_ms: Option<u64>,
        /// Random jumps played after the random removals, to vary openings.
        #[arg(long, default_value_t = 2, value_parser = whole::<usize>(0, MAX_RANDOM_PLIES), allow_hyphen_values = true)]
        random_plies: usize,
        /// Keep the first player on Black in every game.
        #[arg(long)]
        no_alternate: bool,
        /// Write every game's record to this directory (`game-001.txt`, ...), with the players
        /// and the winner as comments.
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// Play only these games of the match (numbers from 1 to --games, as in the records'
        /// names, separated by commas), each from the opening and with the colours it has in
        /// the whole match: to replay chosen games with other players.
        #[arg(long, value_delimiter = ',', value_parser = whole::<usize>(1, MAX_GAMES), allow_hyphen_values = true)]
        only: Vec<usize>,
    },
    /// Search speed, time-budget and cancellation checks.
    Bench {
        /// Fewer, shorter runs.
        #[arg(long)]
        quick: bool,
    },
    /// Write every sound effect as a WAV file named after it (lift.wav, land-1.wav, ...) and
    /// print each one's length, peak and RMS level.
    Sounds {
        /// The directory (created if missing; existing files of those names are replaced).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Look at a saved game move by move: each position searched at full strength, the best
    /// move, proven results, and the moves that threw a win (or a lot of evaluation) away.
    Analyse {
        /// The game record (as saved by the game or `match --records`).
        file: std::path::PathBuf,
        /// Search time per position in milliseconds (1 to 3600000).
        #[arg(long, default_value_t = 300, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
        ms: u64,
    },
    /// "Win in N" puzzles: generate them from self-play games, or re-prove a puzzle file.
    Puzzle {
        /// Generate or check.
        #[command(subcommand)]
        action: PuzzleCommand,
    },
    /// Fit the linear evaluation's weights to the results of recorded games (logistic
    /// regression over every position's features), and compare it with the built-in
    /// evaluations on held-out games. Prints the weights as a player (`expert-lin:...`).
    Tune {
        /// Directories of game records, as `match --records` writes them.
        #[arg(long, required = true, num_args = 1..)]
        records: Vec<std::path::PathBuf>,
        /// Jumps at the start of each game left out (the random openings).
        #[arg(long, default_value_t = 4, value_parser = whole::<usize>(0, 1000), allow_hyphen_values = true)]
        skip: usize,
        /// Hold one game in N out of the fit, to test on (2 to 1000).
        #[arg(long = "hold-out", default_value_t = 5, value_parser = whole::<usize>(2, 1000), allow_hyphen_values = true)]
        hold_out: usize,
    },
    /// Best move and evaluation for a position (the game's hint).
    Hint {
        /// Position text.
        #[arg(long, allow_hyphen_values = true)]
        position: String,
        /// Thinking time in milliseconds (1 to 3600000).
        #[arg(long, default_value_t = 2000, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
        ms: u64,
    },
    /// Run the online game server: it keeps games in an SQLite file, checks every move, and
    /// hands out invite codes (see docs/online.md). Stops cleanly on Ctrl-C or SIGTERM.
    Serve(ServeArgs),
    /// Your record of finished games, rating and milestones (the game keeps it in its data
    /// directory): print it, or fill and measure a made-up one.
    History {
        /// Show, fill or measure.
        #[command(subcommand)]
        action: history::HistoryCommand,
    },
    /// Draw the application icon from the game's own art as PNG files, one per size, laid
    /// out as a desktop icon theme: DIR/NxN/apps/konane.png.
    Icon {
        /// The directory (created if missing).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Write the manual pages, konane.6 and one per subcommand (konane-solve.6, ...).
    Manual {
        /// The directory (created if missing).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Write shell completions for bash, zsh and fish (konane.bash, _konane, konane.fish).
    Completions {
        /// The directory (created if missing).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Load-test the server: pairs of simulated players on loopback play random legal games
    /// through a `konane serve` started for the purpose (or --server), at each load given.
    ServeBench(ServeBenchArgs),
}

/// Why a command stopped early.
#[derive(Debug)]
enum Failure {
    /// Bad input or a failed check: exit status 2.
    Bad(String),
    /// Ctrl-C: exit status 130, after printing what was done.
    Interrupted(String),
    /// A time limit (`solve --timeout`) ran out before the answer: exit status 124, as
    /// `timeout(1)` gives, after printing what was done.
    TimeLimit(String),
    /// Standard output or error could not be written: exit status 2 (a closed pipe quietly).
    Output(OutputError),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Bad(message)
    }
}

impl From<OutputError> for Failure {
    fn from(e: OutputError) -> Failure {
        Failure::Output(e)
    }
}

impl From<crate::online::command::Failure> for Failure {
    fn from(e: crate::online::command::Failure) -> Failure {
        match e {
            crate::online::command::Failure::Bad(message) => Failure::Bad(message),
            crate::online::command::Failure::Output(e) => Failure::Output(e),
        }
    }
}

pub use konane_core::console::EXIT_PIPE_CLOSED;

/// Exit status of `solve` when its `--timeout` ran out before it named the winner.
pub const EXIT_TIME_LIMIT: i32 = 124;

/// Runs a headless command; returns the process exit code.
pub fn run(cmd: Command) -> i32 {
    // The commands that stop cleanly on Ctrl-C (printing what they did, exit 130) catch it
    // from their first instant, not only once their work starts. The others (and the server
    // commands, which have tokio's handler) keep the default: Ctrl-C ends them at once.
    let stops_cleanly = matches!(
        cmd,
        Command::Perft { .. }
            | Command::Solve { .. }
            | Command::Match { .. }
            | Command::Bench { .. }
            | Command::Analyse { .. }
            | Command::Puzzle { action: PuzzleCommand::Generate { .. } }
            | Command::History { action: history::HistoryCommand::Fill { .. } | history::HistoryCommand::Bench { .. } }
    );
    if stops_cleanly {
        interrupt_flag();
    }
    let result = run_inner(cmd).and_then(|()| {
        if INTERRUPT.get().is_some_and(|f| f.load(Ordering::SeqCst)) {
            return Err(Failure::Interrupted("stopped by Ctrl-C".into()));
        }
        Ok(crate::console::flush()?)
    });
    // What goes wrong with standard error itself cannot be reported: the exit status says it.
    match result {
        Ok(()) => 0,
        Err(Failure::Bad(e)) => {
            let _ = crate::console::flush();
            let _ = crate::console::err(format_args!("konane: {e}\n"));
            2
        }
        Err(Failure::Interrupted(what)) => {
            let _ = crate::console::flush();
            let _ = crate::console::err(format_args!("konane: interrupted: {what}\n"));
            130
        }
        Err(Failure::TimeLimit(what)) => {
            let _ = crate::console::flush();
            let _ = crate::console::err(format_args!("konane: time limit: {what}\n"));
            EXIT_TIME_LIMIT
        }
        Err(Failure::Output(OutputError::Closed)) => EXIT_PIPE_CLOSED,
        Err(Failure::Output(e)) => {
            let _ = crate::console::err(format_args!("konane: {e}\n"));
            2
        }
    }
}

static INTERRUPT: OnceLock<Arc<AtomicBool>> = OnceLock::new();

#[cfg(unix)]
extern "C" fn on_interrupt(_signal: libc::c_int) {
    // Only an atomic store: safe in a signal handler.
    if let Some(flag) = INTERRUPT.get() {
        flag.store(true, Ordering::SeqCst);
    }
}

/// A flag set by the first Ctrl-C (a second one ends the process the usual way).
fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = INTERRUPT.get_or_init(|| Arc::new(AtomicBool::new(false))).clone();
    #[cfg(unix)]
    {
        static INSTALL: std::sync::Once = std::sync::Once::new();
        INSTALL.call_once(|| {
            // SAFETY: a zeroed sigaction is valid; the handler only performs an atomic store on
            // a flag initialised above, and SA_RESETHAND restores the default for the next one.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_interrupt as *const () as libc::sighandler_t;
                action.sa_flags = libc::SA_RESETHAND;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
            }
        });
    }
    flag
}

/// [`interrupt_flag`] for as long as the process lives.
fn interrupt_static() -> &'static AtomicBool {
    interrupt_flag();
    INTERRUPT.get().expect("set by interrupt_flag")
}

/// A spinner with `status()` on stderr while the value lives, drawn only on a terminal (see
/// [`crate::online::progress`]).
fn progress(what: &str, status: impl Fn() -> String + Send + 'static) -> crate::online::progress::Progress {
    crate::online::progress::Progress::start("konane", what, status)
}

fn position_arg(text: &str) -> Result<Position, String> {
    parse_position(text).map_err(|e| format!("bad --position {}: {e}", quoted(text)))
}

/// The start of perft or solve: the position if given (its board must agree with `--size`
/// if that is given too), else the full board of `--size` or the default.
fn start_position(size: Option<Geometry>, position: Option<&str>, default: Geometry) -> Result<Position, String> {
    match (size, position) {
        (Some(g), Some(text)) => {
            let p = position_arg(text)?;
            let pg = p.geometry();
            if *pg != g {
                return Err(format!(
                    "--size {}x{} does not match the {}x{} board of --position: give only one of them",
                    g.rows(),
                    g.cols(),
                    pg.rows(),
                    pg.cols()
                ));
            }
            Ok(p)
        }
        (None, Some(text)) => position_arg(text),
        (g, None) => Ok(Position::start(g.unwrap_or(default))),
    }
}

fn geometry(rows: u8, cols: u8) -> Geometry {
    Geometry::new(rows, cols).expect("a built-in board size is valid")
}

fn run_inner(cmd: Command) -> Result<(), Failure> {
    match cmd {
        Command::Perft { size, depth, position, divide, threads, hash_mb } => {
            let p = start_position(size, position.as_deref(), geometry(8, 8))?;
            let table = perft_table(hash_mb)?;
            perft_command(&p, depth, divide, threads, table.as_ref())?;
        }
        Command::Moves { position, size } => list_moves(&start_position(size, position.as_deref(), geometry(8, 8))?)?,
        Command::PlayRecord { file } => play_record(&file)?,
        cmd @ Command::Solve { .. } => run_solve(cmd)?,
        cmd @ Command::Match { .. } => run_match(cmd)?,
        Command::Bench { quick } => bench(quick)?,
        Command::Serve(args) => serve(&args)?,
        Command::ServeBench(args) => {
            let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            serve_bench(&args, &[exe.into(), "serve".into()])?;
        }
        Command::Puzzle { action } => puzzle(action)?,
        Command::Analyse { file, ms } => analyse_record(&file, ms)?,
        Command::Sounds { out } => sounds(&out)?,
        Command::Hint { position, ms } => hint(&position, ms)?,
        Command::Tune { records, skip, hold_out } => {
            tune::tune_command(tune::TuneRequest { dirs: records, skip, hold_out })?;
        }
        Command::History { action } => history::run(action)?,
        Command::Icon { out } => dist::icon(&out)?,
        Command::Manual { out } => dist::manual(&out)?,
        Command::Completions { out } => dist::completions(&out)?,
    }
    Ok(())
}

/// `solve`: the prover (or the independent solver) on a position.
fn run_solve(cmd: Command) -> Result<(), Failure> {
    let Command::Solve {
        size,
        position,
        timeout,
        threads,
        table_mb,
        leaves,
        checkpoint,
        verify,
        winner_only,
        independent,
        proof_leaves,
    } = cmd
    else {
        unreachable!("run_solve is called with a solve command");
    };
    let position = start_position(size, position.as_deref(), geometry(5, 5))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = threads.unwrap_or(cores);
    solve::solve_command(solve::SolveRequest {
        position,
        timeout,
        threads,
        table_mb,
        leaves,
        checkpoint,
        verify,
        winner_only,
        independent,
        proof_leaves,
    })?;
    Ok(())
}

/// `match`: two engines play a series of games.
fn run_match(cmd: Command) -> Result<(), Failure> {
    let Command::Match { size, black, white, games, seed, threads, move_ms, random_plies, no_alternate, records, only } =
        cmd
    else {
        unreachable!("run_match is called with a match command");
    };
    let openings = Openings { games, seed, random_plies, alternate: !no_alternate, only };
    match_command(size, [black, white], move_ms, openings, threads, records)
}

/// Writes `text` to `path` atomically; if that fails (the disk filled up since the check before
/// the work), `what` is not lost: it is printed on standard output instead, after a
/// `konane:` line on standard error saying so, and the command fails.
fn write_or_rescue(path: &std::path::Path, text: &str, what: &str) -> Result<(), Failure> {
    match crate::files::write_atomically(path, text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) => {
            let message = format!("cannot write {}: {e}", show_path(path));
            errln!("konane: {message}; {what} follow on standard output instead");
            crate::console::out(format_args!("{text}"))?;
            Err(message.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::matches::*;
    use super::puzzle::*;
    use super::*;

    #[test]
    fn hint_prints_the_best_move_the_outlook_and_the_line() {
        let p = Position::start(geometry(8, 8));
        let moves = p.legal_moves();
        let a = crate::ai::Analysis {
            best: Some(moves[0]),
            outlook: Outlook::Win { plies: Some(7) },
            pv: moves.clone(),
            depth: 3,
        };
        let names: Vec<String> = moves.iter().map(|m| move_to_string(p.geometry(), *m)).collect();
        assert_eq!(
            hint_lines(&p, &a),
            [format!("best {}", names[0]), "proven win in 7 plies".to_string(), format!("pv {}", names.join(" "))]
        );
        let none = crate::ai::Analysis { best: None, outlook: Outlook::Score(-12), pv: Vec::new(), depth: 9 };
        assert_eq!(hint_lines(&p, &none), ["best none (Black has no move)", "eval -12 (depth 9)", "pv "]);
    }

    #[test]
    fn a_match_fails_when_stopped_early_or_when_records_were_lost() {
        let mut res = MatchResult { wins: [3, 1], ..MatchResult::default() };
        assert!(match_failure(&res, 4, true).is_none(), "every game played");
        assert!(matches!(match_failure(&res, 6, true), Some(Failure::Interrupted(m)) if m == "4 of 6 games played"));
        assert!(match_failure(&res, 6, false).is_none());
        res.unwritten = 2;
        assert!(
            matches!(match_failure(&res, 4, false), Some(Failure::Bad(m)) if m == "2 of 4 game records could not be written")
        );
    }

    #[test]
    fn a_match_game_record_names_who_had_which_colour() {
        let mut rng = SmallRng::seed_from_u64(1);
        let game = random_opening(geometry(6, 6), 2, &mut rng);
        let z = Duration::ZERO;
        let played = Played {
            game,
            a_is_black: false,
            winner: Color::White,
            moves: [0; 2],
            time: [z; 2],
            max_time: [z; 2],
            over: [0; 2],
            unwritten: 0,
        };
        let text = record_text(3, 2, &["easy".into(), "hard".into()], &played);
        assert!(
            text.starts_with(
                "# game 4 (opening 2 with 2 random jumps)\n# black: hard\n# white: easy\n# winner: White\n"
            )
        );
        // Counted for the first player, who had White.
        let mut res = MatchResult::default();
        res.add(&played);
        assert_eq!((res.wins, res.color_wins, res.plies), ([1, 0], [0, 1], 4));
    }

    #[test]
    fn puzzles_are_shared_out_between_the_grades_and_written_under_theirs() {
        assert_eq!(per_grade(9), [3, 3, 3]);
        assert_eq!(per_grade(10), [4, 3, 3]);
        assert_eq!(per_grade(11), [4, 4, 3]);
        let puzzle = crate::game::modes::puzzles::book().puzzles[0].clone();
        let text = puzzle_file(geometry(6, 6), 9, 5, 1000, std::slice::from_ref(&puzzle));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "# Kōnane puzzles, 6x6: konane puzzle generate --size 6x6 --count 9 --seed 5 --max-nodes 1000"
        );
        let under = lines.iter().position(|l| *l == format!("# grade: {}", puzzle.grade().name())).unwrap();
        assert_eq!(lines[under + 1], puzzle.to_line());
        assert_eq!(lines.iter().filter(|l| l.starts_with("# grade: ")).count(), 3);
    }
}
