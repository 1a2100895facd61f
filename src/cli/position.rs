//! The commands about one position or record: `moves`, `hint`, `play` (a record checked move
//! by move) and `analyse`.

use super::*;

/// The options of `konane moves`.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("of").required(true).args(["position", "size"]))]
pub struct MovesArgs {
    /// Position text, e.g. "BWBW/WBWB/BWBW/WBWB b".
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The full board of this size, rows x columns, before the opening removals.
    #[arg(long, value_parser = size(), allow_hyphen_values = true)]
    pub size: Option<Geometry>,
}

/// `moves`: of the position, or of the full board of the size.
pub(super) fn moves(args: MovesArgs) -> Result<(), Failure> {
    list_moves(&start_position(args.size, args.position.as_deref(), geometry(8, 8))?)
}

/// The options of `konane play-record`.
#[derive(clap::Args, Debug)]
pub struct PlayRecordArgs {
    /// The record file.
    pub file: std::path::PathBuf,
}

/// The options of `konane analyse`.
#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    /// The game record (as saved by the game or `match --records`).
    pub file: std::path::PathBuf,
    /// Search time per position in milliseconds (1 to 3600000).
    #[arg(long, default_value_t = 300, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
    pub ms: u64,
}

/// The options of `konane hint`.
#[derive(clap::Args, Debug)]
pub struct HintArgs {
    /// Position text.
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,
    /// Thinking time in milliseconds (1 to 3600000).
    #[arg(long, default_value_t = 2000, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
    pub ms: u64,
}

/// `moves`: the legal moves of a position, one a line.
pub(super) fn list_moves(p: &Position) -> Result<(), Failure> {
    for m in p.legal_moves() {
        outln!("{}", move_to_string(p.geometry(), m));
    }
    Ok(())
}

/// `hint`: the analysis of a position after `ms` milliseconds, as lines.
pub(super) fn hint(position: &str, ms: u64) -> Result<(), Failure> {
    let p = position_arg(position)?;
    let a = crate::ai::analyse(&p, Duration::from_millis(ms), Arc::new(AtomicBool::new(false)));
    for line in hint_lines(&p, &a) {
        outln!("{line}");
    }
    Ok(())
}

/// `play-record`: replays a record file and prints the final position and the result;
/// errors name the file.
pub(super) fn play_record(file: &std::path::Path) -> Result<(), Failure> {
    let text = read_regular_file(file, MAX_RECORD_BYTES)?;
    let name = show_path(file);
    let rec = Record::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    let game = rec.replay().map_err(|e| format!("{name}: illegal move at {e}"))?;
    outln!("{}", position_to_string(game.position()));
    outln!("{}", crate::rules::record::result_text(game.position(), game.ply()));
    Ok(())
}

/// What `hint` prints: the best move, the evaluation or proof, and the expected line.
pub(super) fn hint_lines(p: &Position, a: &crate::ai::Analysis) -> [String; 3] {
    let best = match a.best {
        Some(m) => format!("best {}", move_to_string(p.geometry(), m)),
        None => format!("best none ({} has no move)", p.to_move().name()),
    };
    let outlook = match a.outlook {
        Outlook::Score(s) => format!("eval {s} (depth {})", a.depth),
        Outlook::Win { plies: Some(n) } => format!("proven win in {n} plies"),
        Outlook::Win { plies: None } => "proven win".to_string(),
        Outlook::Loss { plies: Some(n) } => format!("proven loss in {n} plies"),
        Outlook::Loss { plies: None } => "proven loss".to_string(),
    };
    let pv: Vec<String> = a.pv.iter().map(|m| move_to_string(p.geometry(), *m)).collect();
    [best, outlook, format!("pv {}", pv.join(" "))]
}

/// `konane analyse FILE`: a table of every move, then the blunders and the proven result.
pub(super) fn analyse_record(file: &std::path::Path, ms: u64) -> Result<(), Failure> {
    use crate::ai::review::{Standing, Verdict, review_game};
    let text = read_regular_file(file, MAX_RECORD_BYTES)?;
    let name = show_path(file);
    let rec = Record::parse(&text).map_err(|e| format!("{name}: {e}"))?;
    rec.replay().map_err(|e| format!("{name}: illegal move at {e}"))?;
    let geo = rec.geometry;
    let stop = interrupt_flag();
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    // The bar is drawn on a terminal only, best effort (it is not the command's output).
    let review = review_game(rec.start, &rec.moves, std::time::Duration::from_millis(ms), &stop, |done, total| {
        if terminal {
            let width = 30;
            let filled = done * width / total.max(1);
            let _ = crate::console::err(format_args!(
                "\r[{}{}] {done}/{total} positions{}",
                "#".repeat(filled),
                ".".repeat(width - filled),
                if done == total { "\n" } else { "" }
            ));
        }
    });
    let shown = |s: Standing| match s {
        Standing::Score(v) => format!("{v:+}"),
        Standing::Proven(side, Some(0)) => format!("{} has won", side.name()),
        Standing::Proven(side, Some(p)) => format!("{} wins in {p}", side.name()),
        Standing::Proven(side, None) => format!("{} wins", side.name()),
    };
    outln!("{:>4}  {:<5}  {:<12} {:<12} {:>18} {:>18}  note", "ply", "side", "played", "best", "before", "after");
    for (i, r) in review.iter().enumerate() {
        let note = match r.verdict {
            Verdict::Fine => "",
            Verdict::Blunder => "blunder",
            Verdict::ThrewAwayWin => "threw away a proven win",
        };
        outln!(
            "{:>4}  {:<5}  {:<12} {:<12} {:>18} {:>18}  {note}",
            i + 1,
            r.mover.name(),
            move_to_string(&geo, r.played),
            r.best.map(|m| move_to_string(&geo, m)).unwrap_or_else(|| "-".into()),
            shown(r.before),
            shown(r.after)
        );
    }
    let blunders = review.iter().filter(|r| r.verdict != Verdict::Fine).count();
    outln!("blunders: {blunders}");
    if let Some((i, r)) = review.iter().enumerate().find(|(_, r)| matches!(r.before, Standing::Proven(..))) {
        outln!("first proven: before ply {}: {}", i + 1, shown(r.before));
    }
    if review.len() < rec.moves.len() && stop.load(Ordering::SeqCst) {
        return Err(Failure::Interrupted(format!("{} of {} moves analysed", review.len(), rec.moves.len())));
    }
    Ok(())
}
