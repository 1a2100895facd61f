//! `konane solve`: the parallel prover with progress, a checkpoint to stop and resume, and
//! an independent check of the result by play.

use super::{Failure, Progress, interrupt_flag, write_or_rescue};
use crate::ai::prove::{self, LeafResult, ProveOptions, ProveStatus};
use crate::ai::{SolveLimits, Solver};
use crate::files::check_writable;
use crate::files::{show_path, write_atomically};
use crate::outln;
use crate::rules::quote::quoted;
use crate::rules::{Position, move_to_string, position_to_string};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Largest checkpoint file read.
const MAX_CHECKPOINT_BYTES: u64 = 64 << 20;
/// Most cells `--verify` accepts: its strategy tree grows fast with the board.
pub const MAX_VERIFY_CELLS: u32 = 42;
const HEADER: &str = "konane solve checkpoint 1";

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

/// A checkpoint: the proof's leaves proven so far, with the nodes and seconds they took over
/// earlier runs.
#[derive(Debug, Default, PartialEq)]
struct Checkpoint {
    known: HashMap<u64, bool>,
    /// In the order they were proven (kept so the file reads as a log).
    order: Vec<LeafResult>,
    nodes: u64,
    seconds: f64,
}

fn checkpoint_text(position: &str, leaves: usize, c: &Checkpoint) -> String {
    let mut s =
        format!("{HEADER}\nposition {position}\nleaves {leaves}\nnodes {}\nseconds {:.1}\n", c.nodes, c.seconds);
    for l in &c.order {
        s.push_str(&format!("leaf {:016x} {} {}\n", l.key, if l.win { "win" } else { "loss" }, l.nodes));
    }
    s
}

/// Reads a checkpoint written for this position and plan size, naming the line of any fault.
fn parse_checkpoint(text: &str, name: &str, position: &str, leaves: usize) -> Result<Checkpoint, String> {
    let mut c = Checkpoint::default();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
    let mut expect = |what: &str| -> Result<(usize, String), String> {
        match lines.next() {
            Some((n, l)) => match l.strip_prefix(what) {
                Some(rest) => Ok((n, rest.trim().to_string())),
                None => Err(format!("{name} line {n}: expected `{what}…`, found {}", quoted(l))),
            },
            None => Err(format!("{name}: ends before its `{what}` line")),
        }
    };
    let (n, rest) = expect(HEADER)?;
    if !rest.is_empty() {
        return Err(format!("{name} line {n}: not a konane solve checkpoint"));
    }
    let (n, pos) = expect("position ")?;
    if pos != position {
        return Err(format!(
            "{name} line {n}: the checkpoint is for position {}, not {position}: give another --checkpoint file",
            quoted(&pos)
        ));
    }
    let (n, l) = expect("leaves ")?;
    if l.parse::<usize>().ok() != Some(leaves) {
        let made = l.parse::<usize>().map_or_else(|_| quoted(&l), |v| v.to_string());
        return Err(format!("{name} line {n}: the checkpoint was made with --leaves {made}, not {leaves}"));
    }
    let (n, v) = expect("nodes ")?;
    c.nodes = v.parse().map_err(|_| format!("{name} line {n}: nodes must be a whole number, found {}", quoted(&v)))?;
    let (n, v) = expect("seconds ")?;
    c.seconds = v
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("{name} line {n}: seconds must be a number, found {}", quoted(&v)))?;
    for (n, line) in lines {
        if line.is_empty() {
            continue;
        }
        let bad =
            || format!("{name} line {n}: expected `leaf <16 hex digits> win|loss <nodes>`, found {}", quoted(line));
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [kw, key, result, nodes] = parts[..] else { return Err(bad()) };
        if kw != "leaf" || key.len() != 16 {
            return Err(bad());
        }
        let key = u64::from_str_radix(key, 16).map_err(|_| bad())?;
        let win = match result {
            "win" => true,
            "loss" => false,
            _ => return Err(bad()),
        };
        let nodes = nodes.parse().map_err(|_| bad())?;
        if c.known.insert(key, win).is_some_and(|w| w != win) {
            return Err(format!("{name} line {n}: leaf {key:016x} appears before with the other result"));
        }
        c.order.push(LeafResult { key, win, nodes });
    }
    Ok(c)
}

fn millions(n: u64) -> String {
    format!("{:.1} M", n as f64 / 1e6)
}

pub fn solve_command(req: SolveRequest) -> Result<(), Failure> {
    let p = req.position;
    let cells = p.geometry().cells().count();
    if req.verify && cells > MAX_VERIFY_CELLS {
        return Err(format!(
            "--verify replays the whole winning strategy: it is for boards of at most {MAX_VERIFY_CELLS} cells, and this one has {cells}"
        )
        .into());
    }
    let parallel_prover = prove::fits(&p) && !req.independent;
    if !parallel_prover && req.proof_leaves.is_some() {
        return Err("--proof-leaves needs a board of at most 128 bits (rows × (columns + 1))".to_string().into());
    }
    if !parallel_prover && req.checkpoint.is_some() {
        return Err(
            "--checkpoint needs a board of at most 128 bits (rows × (columns + 1)); this one is solved in one go"
                .to_string()
                .into(),
        );
    }
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
    // Boards too large for the u128 prover, or a second opinion: the general solver, one
    // thread.
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
        let _progress = Progress::start("solving", || "no proof yet".to_string());
        let limits = SolveLimits { deadline, max_nodes: u64::MAX };
        if req.winner_only { solver.solve_one(&p, limits, &stop) } else { solver.solve(&p, limits, &stop) }
    };
    let secs = start.elapsed().as_secs_f64();
    report(&p, out.result.as_ref(), out.nodes, secs, stop.load(Ordering::SeqCst))?;
    if let Some(sol) = &out.result
        && req.winner_only
    {
        // The search stopped at the first winning move: the others were not all decided.
        let others: Vec<String> = if sol.winner == p.to_move() {
            p.legal_moves()
                .into_iter()
                .filter(|m| !sol.winning_moves.contains(m))
                .map(|m| move_to_string(p.geometry(), m))
                .collect()
        } else {
            Vec::new()
        };
        outln!("undecided first moves {}", if others.is_empty() { "none".to_string() } else { others.join(" ") });
    }
    if let Some(sol) = out.result
        && req.verify
    {
        verify(&p, &sol, table_bytes, &stop)?;
    }
    Ok(())
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
    if result.is_none() && interrupted {
        return Err(Failure::Interrupted(format!("solve stopped after {secs:.1} s")));
    }
    Ok(())
}

fn verify(
    p: &Position,
    sol: &crate::ai::Solution,
    table_bytes: usize,
    stop: &std::sync::atomic::AtomicBool,
) -> Result<(), Failure> {
    let t = Instant::now();
    let checked = {
        let _progress = Progress::start("verifying", || "playing the strategy against every defence".to_string());
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
    // The error of the last checkpoint write, if it failed (a later write that succeeds saves
    // every leaf, and clears it); the first failure is reported at once.
    let mut write_error: Option<String> = None;
    let mut warned = false;
    let out = {
        let s = status.clone();
        let t0 = Instant::now();
        let _progress = Progress::start("solving", move || {
            let nodes = s.nodes.load(Ordering::Relaxed);
            format!(
                "{}/{} leaves proven, {} no longer needed, {} nodes ({:.1} M/s)",
                s.proven.load(Ordering::Relaxed),
                s.leaves.load(Ordering::Relaxed),
                s.settled.load(Ordering::Relaxed),
                millions(nodes),
                nodes as f64 / 1e6 / t0.elapsed().as_secs_f64().max(1e-3)
            )
        });
        let known = checkpoint.known.clone();
        prove::prove(p, &opts, &known, &stop, &status, |leaf| {
            checkpoint.known.insert(leaf.key, leaf.win);
            checkpoint.order.push(leaf);
            if let Some(path) = &req.checkpoint {
                let c = Checkpoint {
                    nodes: earlier.0 + status.nodes.load(Ordering::Relaxed),
                    seconds: earlier.1 + start.elapsed().as_secs_f64(),
                    ..Default::default()
                };
                let body = checkpoint_text(
                    &text,
                    req.leaves,
                    &Checkpoint { known: HashMap::new(), order: checkpoint.order.clone(), ..c },
                );
                match write_atomically(path, body.as_bytes()) {
                    Ok(()) => write_error = None,
                    Err(e) => {
                        let message = format!("cannot write the checkpoint {}: {e}", show_path(path));
                        if !warned {
                            warned = true;
                            let _ = crate::console::err(format_args!(
                                "konane: {message} (the proof goes on, and tries again after the next leaf)\n"
                            ));
                        }
                        write_error = Some(message);
                    }
                }
            }
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
    let mut saved = Ok(());
    if let Some(path) = &req.proof_leaves {
        saved = write_or_rescue(path, &proof_leaves_text(p, &out), "the proof leaves");
        if saved.is_ok() {
            let count: usize = out.proof_leaves.iter().map(|(_, l)| l.len()).sum();
            let line =
                format!("proof leaves {}: {count} for {} decided first moves", show_path(path), out.proof_leaves.len());
            saved = crate::console::out(format_args!("{line}\n")).map_err(Failure::from);
        }
    }
    shown?;
    saved?;
    if let Some(e) = write_error {
        return Err(format!("{e}: it lacks the leaves proven since its last good write").into());
    }
    Ok(())
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
        let names = |want: Option<bool>| {
            let v: Vec<String> = out
                .first_moves
                .iter()
                .filter(|&&(_, w)| w == want)
                .map(|&(m, _)| move_to_string(p.geometry(), m))
                .collect();
            if v.is_empty() { "none".to_string() } else { v.join(" ") }
        };
        outln!("winning first moves {}", names(Some(true)));
        outln!("undecided first moves {}", names(None));
        outln!("nodes {}", out.nodes);
        outln!("time {secs:.3} s");
        return Ok(());
    }
    if let Some(sol) = &out.result
        && req.winner_only
    {
        let undecided: Vec<String> = out
            .first_moves
            .iter()
            .filter(|(_, w)| w.is_none())
            .map(|&(m, _)| move_to_string(p.geometry(), m))
            .collect();
        report(p, Some(sol), out.nodes, secs, interrupted)?;
        outln!("undecided first moves {}", if undecided.is_empty() { "none".to_string() } else { undecided.join(" ") });
        return Ok(());
    }
    report(p, out.result.as_ref(), out.nodes, secs, interrupted)?;
    if let Some(sol) = &out.result
        && req.verify
    {
        verify(p, sol, table_bytes, stop)?;
    }
    Ok(())
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

fn load(path: &Path, position: &str, leaves: usize) -> Result<Checkpoint, Failure> {
    let text = crate::files::read_regular_file(path, MAX_CHECKPOINT_BYTES)?;
    Ok(parse_checkpoint(&text, &show_path(path), position, leaves)?)
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
        let broken = text.replace("leaf 0000000000000007 loss 3", "leaf 7 lost 3");
        let e = parse_checkpoint(&broken, "f", "BW/WB b", 64).unwrap_err();
        assert!(e.starts_with("f line 7: expected `leaf"), "{e}");
        let e = parse_checkpoint("hello\n", "f", "BW/WB b", 64).unwrap_err();
        assert!(e.starts_with("f line 1: expected `konane solve checkpoint 1"), "{e}");
        let twice = format!("{text}leaf 000000000000abcd loss 1\n");
        assert!(parse_checkpoint(&twice, "f", "BW/WB b", 64).unwrap_err().contains("other result"));
    }
}
