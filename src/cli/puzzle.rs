//! `konane puzzle`: generating and checking the puzzle books.

use super::*;

/// The options of `konane puzzle`.
#[derive(clap::Args, Debug)]
pub struct PuzzleArgs {
    /// Generate or check.
    #[command(subcommand)]
    pub action: PuzzleCommand,
}

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

/// `konane puzzle generate|check`.
pub(super) fn puzzle(action: PuzzleCommand) -> Result<(), Failure> {
    match action {
        PuzzleCommand::Generate { size, count, out, seed, max_nodes, max_games } => {
            generate_puzzles(size, count, &out, seed, max_nodes, max_games)?;
        }
        PuzzleCommand::Check { file, max_nodes } => {
            check_memo(max_nodes)?;
            let text = read_regular_file(&file, MAX_PUZZLE_BYTES)?;
            let start = std::time::Instant::now();
            let n = crate::ai::puzzle::check(&text, max_nodes).map_err(|e| format!("{}: {e}", show_path(&file)))?;
            outln!("{n} puzzles re-proved in {:.1} s", start.elapsed().as_secs_f64());
        }
    }
    Ok(())
}

/// How many puzzles of each grade (short, middle, long) make `count`: a third each, the
/// shorter grades taking what is left over.
pub(super) fn per_grade(count: u32) -> [u32; 3] {
    let per = count / 3;
    [per + u32::from(!count.is_multiple_of(3)), per + u32::from(count % 3 > 1), per]
}

/// The puzzle file: a header with the command that made it, then the puzzles by grade.
pub(super) fn puzzle_file(
    size: Geometry,
    count: u32,
    seed: u64,
    max_nodes: u64,
    puzzles: &[crate::ai::puzzle::Puzzle],
) -> String {
    let (rows, cols) = (size.rows(), size.cols());
    let mut text = format!(
        "# Kōnane puzzles, {rows}x{cols}: konane puzzle generate --size {rows}x{cols} --count {count} --seed {seed} \
         --max-nodes {max_nodes}\n# position | win in N (moves of the side to move) | plies K | every winning first move\n"
    );
    for grade in crate::ai::puzzle::Grade::ALL {
        text += &format!("# grade: {}\n", grade.name());
        for p in puzzles.iter().filter(|p| p.grade() == grade) {
            text += &p.to_line();
            text.push('\n');
        }
    }
    text
}

/// `puzzle generate`: plays games until each grade has its puzzles (or Ctrl-C), writes them,
/// and prints what it did. The file and the memory are checked before the first game (a
/// generation takes minutes).
pub(super) fn generate_puzzles(
    size: Geometry,
    count: u32,
    out: &std::path::Path,
    seed: u64,
    max_nodes: u64,
    max_games: u32,
) -> Result<(), Failure> {
    use crate::ai::puzzle::{GenerateConfig, generate};
    check_writable(out)?;
    check_memo(max_nodes)?;
    let per_grade = per_grade(count);
    let cfg = GenerateConfig {
        geometry: size,
        per_grade,
        seed,
        max_nodes,
        max_games,
        move_time: std::time::Duration::from_millis(20),
        // Ctrl-C stops the generation; the puzzles kept so far are still written.
        stop: Some(interrupt_static()),
    };
    // A spinner on a terminal; a line every 50 games otherwise. A progress line that cannot
    // be written fails the command, but only after the puzzles are saved.
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let status = Arc::new(Mutex::new(String::from("starting")));
    let _spinner = terminal.then(|| {
        let status = status.clone();
        progress("puzzle generate", move || status.lock().map(|s| s.clone()).unwrap_or_default())
    });
    let mut progress_error = None;
    let (puzzles, stats) = generate(&cfg, |s| {
        let line = generation_line(s);
        if terminal {
            if let Ok(mut shown) = status.lock() {
                *shown = line;
            }
        } else if progress_error.is_none() && s.games % 50 == 0 {
            progress_error = crate::console::err(format_args!("{line}\n")).err();
        }
    });
    drop(_spinner);
    let text = puzzle_file(size, count, seed, max_nodes, &puzzles);
    write_or_rescue(out, &text, &format!("the {} puzzles", puzzles.len()))?;
    if let Some(e) = progress_error {
        return Err(e.into());
    }
    print_generation(&stats, per_grade, out)?;
    if interrupt_static().load(Ordering::SeqCst) {
        let kept = format!("{} puzzles kept after {} games, written to {}", puzzles.len(), stats.games, show_path(out));
        return Err(Failure::Interrupted(kept));
    }
    Ok(())
}

/// Where a puzzle generation stands, in one line.
fn generation_line(s: &crate::ai::puzzle::GenerateStats) -> String {
    let [short, middle, long] = s.kept;
    format!(
        "game {:>5}  tried {:>6}  kept {short}/{middle}/{long}  {:>6.1} s",
        s.games,
        s.tried,
        s.elapsed.as_secs_f64()
    )
}

/// What a puzzle generation did: games, positions, verdicts, puzzles kept of each grade.
pub(super) fn print_generation(
    stats: &crate::ai::puzzle::GenerateStats,
    per_grade: [u32; 3],
    out: &std::path::Path,
) -> Result<(), Failure> {
    outln!("games played      {}", stats.games);
    outln!("positions tried   {}", stats.tried);
    outln!("proven wins       {}", stats.wins);
    outln!("proven losses     {}", stats.losses);
    outln!("over the budget   {}", stats.unknown);
    outln!("too many winners  {}", stats.too_easy);
    for (g, grade) in crate::ai::puzzle::Grade::ALL.iter().enumerate() {
        outln!("kept {:<13}{} of {}", grade.name(), stats.kept[g], per_grade[g]);
    }
    outln!("time              {:.1} s", stats.elapsed.as_secs_f64());
    let hours = stats.elapsed.as_secs_f64().max(1e-3) / 3600.0;
    let per_hour = |n: u32| n as f64 / hours;
    outln!(
        "yield per hour    {:.0} puzzles ({:.0} short, {:.0} middle, {:.0} long)",
        per_hour(stats.kept.iter().sum()),
        per_hour(stats.kept[0]),
        per_hour(stats.kept[1]),
        per_hour(stats.kept[2])
    );
    outln!("written           {}", show_path(out));
    Ok(())
}

/// Checks that the distance solver's memo for `--max-nodes` positions fits in the memory left.
pub(super) fn check_memo(max_nodes: u64) -> Result<(), String> {
    use crate::ai::distance::BYTES_PER_NODE;
    crate::memory::check(
        max_nodes.saturating_mul(BYTES_PER_NODE),
        "the solver's memory of that many positions",
        "--max-nodes",
        max_nodes,
        BYTES_PER_NODE,
    )
}
