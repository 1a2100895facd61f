//! `konane solve`: the parallel prover with progress, a checkpoint to stop and resume, and
//! an independent check of the result by play.

use super::{
    Failure, MAX_TIMEOUT_SECS, geometry, interrupt_flag, progress, seconds, size, start_position, whole,
    write_or_rescue,
};
use crate::ai::crosscheck;
use crate::ai::prove::{self, LeafResult, ProveOptions, ProveStatus};
use crate::ai::{Solution, SolveLimits, Solver};
use crate::files::check_writable;
use crate::files::{show_path, write_atomically};
use crate::outln;
use crate::rules::quote::quoted;
use crate::rules::{Geometry, Position, move_to_string, position_to_string};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

mod checkpoint;
use checkpoint::*;

/// The options of `konane solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// Board size, from the full start (default 5x5; the board of --position if that is given).
    #[arg(long, value_parser = size(), allow_hyphen_values = true)]
    pub size: Option<Geometry>,
    /// Solve this position instead.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Give up after this many seconds (above 0, at most 1000000).
    #[arg(long, value_parser = seconds(MAX_TIMEOUT_SECS), allow_hyphen_values = true)]
    pub timeout: Option<f64>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = whole::<usize>(1, 256), allow_hyphen_values = true)]
    pub threads: Option<usize>,
    /// Memory for the shared table, in MiB, at most (a smaller position gets a smaller
    /// table: see the README's Solved boards).
    #[arg(long, default_value_t = 1024, value_parser = whole::<usize>(1, 1 << 20), allow_hyphen_values = true)]
    pub table_mb: usize,
    /// The first plies are split into at least this many leaves, proven one by one (the
    /// unit of progress, of sharing out between threads and of the checkpoint).
    #[arg(long, default_value_t = 256, value_parser = whole::<usize>(1, 1 << 20), allow_hyphen_values = true)]
    pub leaves: usize,
    /// Keep every proven leaf in this file (rewritten atomically) and, if it exists,
    /// go on from it: a stopped proof resumes where it was.
    #[arg(long)]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Check the result by play: the winner's strategy against every defence, and every
    /// first move classed rightly (boards of at most 56 cells whose strategy has at most 20 million positions).
    #[arg(long)]
    pub verify: bool,
    /// Stop once the winner is known (a winning first move found, or every first move
    /// refuted) instead of deciding every first move; the first moves still undecided are
    /// listed (boards of at most 128 bits; larger ones are solved in one go).
    #[arg(long = "winner-only", conflicts_with = "verify")]
    pub winner_only: bool,
    /// Prove with the second prover (boards of at most 56 cells; larger ones: the general
    /// solver alone, one thread): it shares no search code with the parallel prover, as a
    /// second opinion on its results.
    #[arg(long, conflicts_with = "checkpoint")]
    pub independent: bool,
    /// Write the leaves each decided first move's proof rests on to this file (a position
    /// and `win` or `loss` per line), for checking them one by one
    /// (`tools/recheck-leaves.sh`).
    #[arg(long = "proof-leaves", conflicts_with = "independent")]
    pub proof_leaves: Option<std::path::PathBuf>,
}

/// `solve`: the prover (or the independent solver) on a position.
pub(super) fn run(args: SolveArgs) -> Result<(), Failure> {
    let position = start_position(args.size, args.position.as_deref(), geometry(5, 5))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    solve_command(SolveRequest {
        position,
        timeout: args.timeout,
        threads: args.threads.unwrap_or(cores),
        table_mb: args.table_mb,
        leaves: args.leaves,
        checkpoint: args.checkpoint,
        verify: args.verify,
        winner_only: args.winner_only,
        independent: args.independent,
        proof_leaves: args.proof_leaves,
    })
}

/// Most cells `--verify` accepts (the largest boards the second prover takes); the replay
/// also gives up past `prove::MAX_STRATEGY_POSITIONS` positions.
pub const MAX_VERIFY_CELLS: u32 = 56;

/// What `konane solve` was asked.
pub struct SolveRequest {
    pub position: Position,
    pub timeout: Option<f64>,
    pub threads: usize,
    pub table_mb: usize,
    pub leaves: usize,
    pub checkpoint: Option<PathBuf>,
    pub verify: bool,
    pub winner_only: bool,
    pub independent: bool,
    pub proof_leaves: Option<PathBuf>,
}

fn millions(n: u64) -> String {
    format!("{:.1} M", n as f64 / 1e6)
}

pub fn solve_command(req: SolveRequest) -> Result<(), Failure> {
    let p = req.position;
    let parallel_prover = prove::fits(&p) && !req.independent;
    check_request(&req, parallel_prover)?;
    // Every file to be written and every table, before the work starts: a proof may take hours.
    for path in [&req.checkpoint, &req.proof_leaves].into_iter().flatten() {
        check_writable(path)?;
    }
    // A table larger than the position can fill is not allocated (the flag is a maximum). The
    // prover's table and the check's are the same size, and never exist at once.
    let table_bytes = (req.table_mb << 20).min(prove::useful_table_bytes(&p));
    let general_bits = (table_bytes / 8).max(1 << 10).ilog2();
    let table_bytes_used = if parallel_prover { table_bytes } else { 8 << general_bits };
    crate::memory::check(table_bytes_used as u64, "the solver's table", "--table-mb", req.table_mb as u64, 1 << 20)?;
    let stop = interrupt_flag();
    let start = Instant::now();
    let deadline = req.timeout.map(|t| start + Duration::from_secs_f64(t));
    if parallel_prover {
        return parallel(&req, deadline, table_bytes, start);
    }
    if req.independent && crosscheck::Board::of(p.geometry()).is_some() {
        return second(&req, deadline, table_bytes, start, &stop);
    }
    general(&req, deadline, general_bits, table_bytes, start, &stop)
}

/// Refuses what a request cannot do: `--verify` on a board too large to replay, and the
/// proof leaves or a checkpoint without the parallel prover (`parallel_prover`).
fn check_request(req: &SolveRequest, parallel_prover: bool) -> Result<(), String> {
    let cells = req.position.geometry().cells().count();
    if req.verify && cells > MAX_VERIFY_CELLS {
        return Err(format!(
            "--verify replays the whole winning strategy: it is for boards of at most {MAX_VERIFY_CELLS} cells, and this one has {cells}"
        ));
    }
    if !parallel_prover && req.proof_leaves.is_some() {
        return Err("--proof-leaves needs a board of at most 128 bits (rows × (columns + 1))".to_string());
    }
    if !parallel_prover && req.checkpoint.is_some() {
        return Err(
            "--checkpoint needs a board of at most 128 bits (rows × (columns + 1)); this one is solved in one go"
                .to_string(),
        );
    }
    Ok(())
}

/// Boards too large for the u128 prover, or a second opinion: the general solver, one thread,
/// with a table of `2^general_bits` entries.
fn general(
    req: &SolveRequest,
    deadline: Option<Instant>,
    general_bits: u32,
    table_bytes: usize,
    start: Instant,
    stop: &Arc<std::sync::atomic::AtomicBool>,
) -> Result<(), Failure> {
    let p = req.position;
    let no_memory = || {
        format!(
            "--table-mb {}: cannot allocate {} MiB for the solver's table",
            req.table_mb,
            (8usize << general_bits) >> 20
        )
    };
    let mut solver = Solver::try_new(general_bits).ok_or_else(no_memory)?;
    if req.independent {
        solver = solver.general_only();
    }
    let out = {
        let _progress = progress("solving", || "no proof yet".to_string());
        let limits = SolveLimits { deadline, max_nodes: u64::MAX };
        if req.winner_only { solver.solve_one(&p, limits, stop) } else { solver.solve(&p, limits, stop) }
    };
    let secs = start.elapsed().as_secs_f64();
    report(&p, out.result.as_ref(), out.nodes, secs, stop.load(Ordering::SeqCst))?;
    if let Some(sol) = &out.result
        && req.winner_only
    {
        // The search stopped at the first winning move: the others were not all decided.
        let others: Vec<String> = if sol.winner == p.to_move() {
            let open = p.legal_moves().into_iter().filter(|m| !sol.winning_moves.contains(m));
            open.map(|m| move_to_string(p.geometry(), m)).collect()
        } else {
            Vec::new()
        };
        outln!("undecided first moves {}", none_or_joined(&others));
    }
    if let Some(sol) = out.result
        && req.verify
    {
        verify(&p, &sol, table_bytes, stop)?;
    }
    Ok(())
}

/// `--independent` on a board of at most 56 cells: the second prover, which shares no search
/// code with the parallel prover, on `req.threads` threads over one table.
fn second(
    req: &SolveRequest,
    deadline: Option<Instant>,
    table_bytes: usize,
    start: Instant,
    stop: &Arc<std::sync::atomic::AtomicBool>,
) -> Result<(), Failure> {
    let p = req.position;
    let counter = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let options = crosscheck::Options {
        threads: req.threads,
        table_bytes,
        deadline,
        winner_only: req.winner_only,
        counter: counter.clone(),
    };
    let mut prover = crosscheck::Prover::new(p.geometry(), options, stop).map_err(|e| match e {
        crosscheck::Refusal::NoMemory(_) => format!("--table-mb {}: {e}", req.table_mb),
        crosscheck::Refusal::TooLarge(_) => e.to_string(),
    })?;
    let out = {
        let t0 = Instant::now();
        let _progress = progress("solving", move || {
            let n = counter.load(Ordering::Relaxed);
            format!(
                "second prover: {} nodes ({:.1} M/s)",
                millions(n),
                n as f64 / 1e6 / t0.elapsed().as_secs_f64().max(1e-3)
            )
        });
        prover.prove(&p)
    };
    let secs = start.elapsed().as_secs_f64();
    let named = |want: Option<bool>| -> Vec<String> {
        out.first_moves.iter().filter(|m| m.1 == want).map(|m| move_to_string(p.geometry(), m.0)).collect()
    };
    let sol = out.winner.map(|winner| Solution {
        winner,
        winning_moves: out.first_moves.iter().filter(|m| m.1 == Some(true)).map(|m| m.0).collect(),
    });
    outln!(
        "second prover: {} threads, table {} MiB, {} jumping positions proven",
        req.threads,
        table_bytes >> 20,
        out.positions
    );
    report(&p, sol.as_ref(), out.nodes, secs, stop.load(Ordering::SeqCst))?;
    if sol.is_some() && out.first_moves.iter().any(|m| m.1.is_none()) {
        outln!("undecided first moves {}", none_or_joined(&named(None)));
    }
    if let Some(sol) = sol
        && req.verify
        && out.first_moves.iter().all(|m| m.1.is_some())
    {
        verify(&p, &sol, table_bytes, stop)?;
    }
    Ok(())
}

/// Moves in a line, or `none`.
fn none_or_joined(moves: &[String]) -> String {
    if moves.is_empty() { "none".to_string() } else { moves.join(" ") }
}

fn report(
    p: &Position,
    result: Option<&crate::ai::Solution>,
    nodes: u64,
    secs: f64,
    interrupted: bool,
) -> Result<(), Failure> {
    match result {
        Some(sol) => {
            outln!("winner {}", sol.winner.name());
            let moves: Vec<String> = sol.winning_moves.iter().map(|m| move_to_string(p.geometry(), *m)).collect();
            outln!("winning first moves {}", if moves.is_empty() { "none".into() } else { moves.join(" ") });
        }
        None if interrupted => outln!("unsolved (interrupted)"),
        None => outln!("unsolved (time limit)"),
    }
    outln!("nodes {nodes}");
    outln!("time {secs:.3} s");
    match result {
        None if interrupted => Err(Failure::Interrupted(format!("solve stopped after {secs:.1} s"))),
        None => Err(Failure::TimeLimit(format!("no proof within --timeout ({secs:.1} s)"))),
        Some(_) => Ok(()),
    }
}

fn verify(
    p: &Position,
    sol: &crate::ai::Solution,
    table_bytes: usize,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(), Failure> {
    let t = Instant::now();
    let checked = {
        let _progress = progress("verifying", || "playing the strategy against every defence".to_string());
        prove::verify(p, sol, table_bytes, stop)
    };
    match checked {
        Ok(n) => {
            outln!(
                "verified: the strategy of {} wins against every defence, and every first move is classed rightly ({n} positions, {:.3} s)",
                sol.winner.name(),
                t.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(_) if stop.load(Ordering::SeqCst) => Err(Failure::Interrupted("verification stopped".into())),
        Err(e) => Err(format!("verification failed: {e}").into()),
    }
}

fn parallel(req: &SolveRequest, deadline: Option<Instant>, table_bytes: usize, start: Instant) -> Result<(), Failure> {
    let p = &req.position;
    let text = position_to_string(p);
    let mut checkpoint = match &req.checkpoint {
        Some(path) if path.exists() => load(path, &text, req.leaves)?,
        _ => Checkpoint::default(),
    };
    let earlier = (checkpoint.nodes, checkpoint.seconds, checkpoint.order.len());
    let stop = interrupt_flag();
    let status = Arc::new(ProveStatus::default());
    let opts =
        ProveOptions { threads: req.threads, table_bytes, deadline, leaves: req.leaves, winner_only: req.winner_only };
    if let (Some(path), false) = (&req.checkpoint, checkpoint.order.is_empty()) {
        recheck(&checkpoint, p, &opts, path)?;
    }
    let mut writer = CheckpointWriter {
        path: req.checkpoint.as_deref(),
        position: &text,
        leaves: req.leaves,
        warned: false,
        error: None,
    };
    let out = {
        let s = status.clone();
        let t0 = Instant::now();
        let _progress = progress("solving", move || progress_line(&s, t0));
        let known = checkpoint.known.clone();
        prove::prove(p, &opts, &known, &stop, &status, |leaf| {
            checkpoint.known.insert(leaf.key, leaf.win);
            checkpoint.order.push(leaf);
            let nodes = earlier.0 + status.nodes.load(Ordering::Relaxed);
            writer.save(&checkpoint.order, nodes, earlier.1 + start.elapsed().as_secs_f64());
        })
        .map_err(|e| match e {
            prove::ProveError::NoMemory(_) => format!("--table-mb {}: {e}", req.table_mb),
            prove::ProveError::TooLarge => e.to_string(),
        })?
    };
    let secs = start.elapsed().as_secs_f64();
    let interrupted = stop.load(Ordering::SeqCst);
    // The results first, then the files: a file that cannot be written does not hide them.
    let shown = show_outcome(req, &out, secs, interrupted, table_bytes, earlier, &stop);
    let saved = match &req.proof_leaves {
        Some(path) => save_proof_leaves(path, p, &out),
        None => Ok(()),
    };
    shown?;
    saved?;
    if let Some(e) = writer.error {
        return Err(format!("{e}: it lacks the leaves proven since its last good write").into());
    }
    Ok(())
}

/// The progress of a parallel proof started at `t0`.
fn progress_line(s: &ProveStatus, t0: Instant) -> String {
    let nodes = s.nodes.load(Ordering::Relaxed);
    format!(
        "{}/{} leaves proven, {} no longer needed, {} nodes ({:.1} M/s)",
        s.proven.load(Ordering::Relaxed),
        s.leaves.load(Ordering::Relaxed),
        s.settled.load(Ordering::Relaxed),
        millions(nodes),
        nodes as f64 / 1e6 / t0.elapsed().as_secs_f64().max(1e-3)
    )
}

/// Writes the proof leaves to `path` (or saves them elsewhere if it cannot) and says so.
fn save_proof_leaves(path: &Path, p: &Position, out: &prove::ProveOutcome) -> Result<(), Failure> {
    write_or_rescue(path, &proof_leaves_text(p, out), "the proof leaves")?;
    let count: usize = out.proof_leaves.iter().map(|(_, l)| l.len()).sum();
    let line = format!("proof leaves {}: {count} for {} decided first moves", show_path(path), out.proof_leaves.len());
    crate::console::out(format_args!("{line}\n")).map_err(Failure::from)
}

/// Prints what a parallel proof found (and checks it by play with `--verify`).
fn show_outcome(
    req: &SolveRequest,
    out: &prove::ProveOutcome,
    secs: f64,
    interrupted: bool,
    table_bytes: usize,
    earlier: (u64, f64, usize),
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(), Failure> {
    let p = &req.position;
    outln!(
        "plan {} plies, {} leaves: {} proven now, {} from the checkpoint; {} threads, table {} MiB",
        out.depth,
        out.leaves,
        out.proven,
        out.reused,
        req.threads,
        (table_bytes >> 20).max(1)
    );
    if earlier.2 > 0 {
        outln!("over all runs: {} nodes, {:.1} s", earlier.0 + out.nodes, earlier.1 + secs);
    }
    if out.result.is_none()
        && let Some(path) = &req.checkpoint
    {
        outln!("checkpoint {}: run the same command to go on", show_path(path));
    }
    if out.result.is_none()
        && let Some(winner) = out.winner
    {
        // Not every first move is decided, but enough to name the winner.
        outln!("winner {}", winner.name());
        outln!("winning first moves {}", none_or_joined(&first_moves(p, out, Some(true))));
        outln!("undecided first moves {}", none_or_joined(&first_moves(p, out, None)));
        outln!("nodes {}", out.nodes);
        outln!("time {secs:.3} s");
        return Ok(());
    }
    report(p, out.result.as_ref(), out.nodes, secs, interrupted)?;
    if out.result.is_some() && req.winner_only {
        outln!("undecided first moves {}", none_or_joined(&first_moves(p, out, None)));
        return Ok(());
    }
    if let Some(sol) = &out.result
        && req.verify
    {
        verify(p, sol, table_bytes, stop)?;
    }
    Ok(())
}

/// The first moves the proof found winning (`Some(true)`), losing or undecided (`None`).
fn first_moves(p: &Position, out: &prove::ProveOutcome, which: Option<bool>) -> Vec<String> {
    let chosen = out.first_moves.iter().filter(|&&(_, w)| w == which);
    chosen.map(|&(m, _)| move_to_string(p.geometry(), m)).collect()
}

/// The leaves of every decided first move's proof: comment lines naming the move and its
/// result, then one leaf per line, `<position text> win|loss` (whether its side to move wins).
fn proof_leaves_text(p: &Position, out: &prove::ProveOutcome) -> String {
    let mut s = format!("# konane solve proof leaves\n# position {}\n", position_to_string(p));
    for (m, leaves) in &out.proof_leaves {
        let wins = out.first_moves.iter().any(|(f, w)| f == m && *w == Some(true));
        s.push_str(&format!(
            "# first move {} {}: {} leaves\n",
            move_to_string(p.geometry(), *m),
            if wins { "wins" } else { "loses" },
            leaves.len()
        ));
        for (leaf, win) in leaves {
            s.push_str(&format!("{} {}\n", position_to_string(leaf), if *win { "win" } else { "loss" }));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_and_faults_name_their_line() {
        let c = Checkpoint {
            known: [(0xabcd, true), (7, false)].into_iter().collect(),
            order: vec![LeafResult { key: 0xabcd, win: true, nodes: 12 }, LeafResult { key: 7, win: false, nodes: 3 }],
            nodes: 15,
            seconds: 2.5,
        };
        let text = checkpoint_text("BW/WB b", 64, &c);
        assert_eq!(parse_checkpoint(&text, "f", "BW/WB b", 64).unwrap(), c);
        let e = parse_checkpoint(&text, "f", "BW/WB w", 64).unwrap_err();
        assert!(e.starts_with("f line 2: the checkpoint is for position 'BW/WB b', not BW/WB w"), "{e}");
        let e = parse_checkpoint(&text, "f", "BW/WB b", 32).unwrap_err();
        assert!(e.contains("line 3") && e.contains("--leaves 64"), "{e}");
        // Any change to the text is found by its checksum, a missing checksum too.
        let broken = text.replace("leaf 0000000000000007 loss 3", "leaf 7 lost 3");
        let e = parse_checkpoint(&broken, "f", "BW/WB b", 64).unwrap_err();
        assert!(e.contains("checksum does not match"), "{e}");
        let cut = text.lines().filter(|l| !l.starts_with("checksum ")).collect::<Vec<_>>().join("\n") + "\n";
        assert!(parse_checkpoint(&cut, "f", "BW/WB b", 64).unwrap_err().contains("does not end with its checksum"));
        // A first-version file (no checksum) names the line of a fault.
        let old = cut.replacen(HEADER, HEADER_1, 1);
        assert_eq!(parse_checkpoint(&old, "f", "BW/WB b", 64).unwrap(), c);
        let broken = old.replace("leaf 0000000000000007 loss 3", "leaf 7 lost 3");
        let e = parse_checkpoint(&broken, "f", "BW/WB b", 64).unwrap_err();
        assert!(e.starts_with("f line 7: expected `leaf"), "{e}");
        let e = parse_checkpoint("hello\n", "f", "BW/WB b", 64).unwrap_err();
        assert!(e.starts_with("f line 1: expected `konane solve checkpoint 2"), "{e}");
        let twice = format!("{old}leaf 000000000000abcd loss 1\n");
        assert!(parse_checkpoint(&twice, "f", "BW/WB b", 64).unwrap_err().contains("other result"));
    }

    #[test]
    fn a_leaf_line_needs_its_four_parts() {
        assert_eq!(parse_leaf("leaf 000000000000abcd win 12"), Some(LeafResult { key: 0xabcd, win: true, nodes: 12 }));
        assert_eq!(parse_leaf("leaf 0000000000000007 loss 3").map(|l| l.win), Some(false));
        for bad in
            ["leaf 7 win 1", "leaf 000000000000abcd draw 1", "leaf 000000000000abcd win", "node 000000000000abcd win 1"]
        {
            assert_eq!(parse_leaf(bad), None, "{bad}");
        }
        assert_eq!(parse_leaf("leaf 00000000000000zz win 1"), None);
    }

    #[test]
    fn a_request_the_solver_cannot_carry_out_is_refused_before_any_work() {
        let request = |rows, cols| SolveRequest {
            position: Position::start(crate::rules::Geometry::new(rows, cols).unwrap()),
            timeout: None,
            threads: 1,
            table_mb: 1,
            leaves: 64,
            checkpoint: None,
            verify: false,
            winner_only: false,
            independent: false,
            proof_leaves: None,
        };
        assert!(check_request(&request(6, 6), true).is_ok());
        let e = check_request(&SolveRequest { verify: true, ..request(8, 8) }, true).unwrap_err();
        assert!(e.starts_with("--verify replays the whole winning strategy") && e.ends_with("this one has 64"), "{e}");
        let checkpoint = SolveRequest { checkpoint: Some("c.txt".into()), ..request(6, 6) };
        assert!(check_request(&checkpoint, true).is_ok());
        assert!(check_request(&checkpoint, false).unwrap_err().starts_with("--checkpoint needs a board"));
        let leaves = SolveRequest { proof_leaves: Some("l.txt".into()), ..request(6, 6) };
        assert!(check_request(&leaves, false).unwrap_err().starts_with("--proof-leaves needs a board"));
    }
}
