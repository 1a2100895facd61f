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
mod personas;
mod position;
mod puzzle;
mod solve;
mod sounds;
mod tune;

use bench::bench;
pub use matches::{MatchConfig, MatchResult, PlayerSpec, Tables, play_match, random_opening};
use perft::*;
use puzzle::{PuzzleCommand, puzzle};
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

/// Headless subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of a given length (both removals count as moves).
    Perft(perft::PerftArgs),
    /// Print every legal move of a position, one per line.
    Moves(position::MovesArgs),
    /// Replay a game record and print the final position and result.
    PlayRecord(position::PlayRecordArgs),
    /// Prove who wins with perfect play.
    Solve(solve::SolveArgs),
    /// Play AI-vs-AI games and report the score.
    Match(matches::MatchArgs),
    /// Compare the named opponents: how often each pair picks different moves in the same
    /// positions at one strength, and each one's style statistics.
    Personas(personas::PersonasArgs),
    /// Search speed, time-budget and cancellation checks.
    Bench(bench::BenchArgs),
    /// Write every sound effect as a WAV file named after it (lift.wav, land-1.wav, ...) and
    /// print each one's length, peak and RMS level.
    Sounds(sounds::SoundsArgs),
    /// Look at a saved game move by move: each position searched at full strength, the best
    /// move, proven results, and the moves that threw a win (or a lot of evaluation) away.
    Analyse(position::AnalyseArgs),
    /// "Win in N" puzzles: generate them from self-play games, or re-prove a puzzle file.
    Puzzle(puzzle::PuzzleArgs),
    /// Fit the linear evaluation's weights to the results of recorded games (logistic
    /// regression over every position's features), and compare it with the built-in
    /// evaluations on held-out games. Prints the weights as a player (`expert-lin:...`).
    Tune(tune::TuneArgs),
    /// Best move and evaluation for a position (the game's hint).
    Hint(position::HintArgs),
    /// Run the online game server: it keeps games in an SQLite file, checks every move, and
    /// hands out invite codes (see docs/online.md). Stops cleanly on Ctrl-C or SIGTERM.
    Serve(ServeArgs),
    /// Your record of finished games, rating and milestones (the game keeps it in its data
    /// directory): print it, or fill and measure a made-up one.
    History(history::HistoryArgs),
    /// Draw the application icon from the game's own art as PNG files, one per size, laid
    /// out as a desktop icon theme: DIR/NxN/apps/konane.png.
    Icon(dist::IconArgs),
    /// Write the manual pages, konane.6 and one per subcommand (konane-solve.6, ...).
    Manual(dist::ManualArgs),
    /// Write shell completions for bash, zsh and fish (konane.bash, _konane, konane.fish).
    Completions(dist::CompletionsArgs),
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
        Command::Perft(_)
            | Command::Solve(_)
            | Command::Match(_)
            | Command::Personas(_)
            | Command::Bench(_)
            | Command::Analyse(_)
            | Command::Puzzle(puzzle::PuzzleArgs { action: PuzzleCommand::Generate { .. } })
            | Command::History(history::HistoryArgs {
                action: history::HistoryCommand::Fill { .. } | history::HistoryCommand::Bench { .. }
            })
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
        Command::Perft(args) => perft::run(args),
        Command::Moves(args) => position::moves(args),
        Command::PlayRecord(args) => position::play_record(&args.file),
        Command::Solve(args) => solve::run(args),
        Command::Match(args) => matches::run(args),
        Command::Personas(args) => personas::run(args),
        Command::Bench(args) => bench(args.quick),
        Command::Serve(args) => Ok(serve(&args)?),
        Command::ServeBench(args) => {
            let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
            Ok(serve_bench(&args, &[exe.into(), "serve".into()])?)
        }
        Command::Puzzle(args) => puzzle(args.action),
        Command::Analyse(args) => position::analyse_record(&args.file, args.ms),
        Command::Sounds(args) => sounds(&args.out),
        Command::Hint(args) => position::hint(&args.position, args.ms),
        Command::Tune(args) => {
            tune::tune_command(tune::TuneRequest { dirs: args.records, skip: args.skip, hold_out: args.hold_out })
        }
        Command::History(args) => history::run(args.action),
        Command::Icon(args) => dist::icon(&args.out),
        Command::Manual(args) => dist::manual(&args.out),
        Command::Completions(args) => dist::completions(&args.out),
    }
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
    use super::position::*;
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
            rival: [None; 2],
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
