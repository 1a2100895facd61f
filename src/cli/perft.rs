//! `konane perft`: counting the positions a depth of moves reaches, on threads, with an
//! optional table of counted positions, stopped by Ctrl-C or a time limit.

use super::*;

/// The options of `konane perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Board size, rows x columns (default 8x8; the board of --position if that is given).
    #[arg(long, value_parser = size(), allow_hyphen_values = true)]
    pub size: Option<Geometry>,
    /// Number of plies, 0 to 30.
    #[arg(long, value_parser = whole::<u32>(0, MAX_PERFT_DEPTH as u64), allow_hyphen_values = true)]
    pub depth: u32,
    /// Start from this position text instead of the full board.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Also print the count below every first move.
    #[arg(long)]
    pub divide: bool,
    /// Count on this many threads (the first plies are shared out; default one).
    #[arg(long, default_value_t = 1, value_parser = whole::<usize>(1, 256), allow_hyphen_values = true)]
    pub threads: usize,
    /// Count with a transposition table of this many MiB, shared by the threads (0: none,
    /// the default). Subtrees reached again by another move order are not counted again.
    #[arg(long = "hash-mb", default_value_t = 0, value_parser = whole::<usize>(0, 65536), allow_hyphen_values = true)]
    pub hash_mb: usize,
}

/// `perft`: from the position or the full board of the size.
pub(super) fn run(args: PerftArgs) -> Result<(), Failure> {
    let p = start_position(args.size, args.position.as_deref(), geometry(8, 8))?;
    let table = perft_table(args.hash_mb)?;
    perft_command(&p, args.depth, args.divide, args.threads, table.as_ref())
}

/// The transposition table of `perft --hash-mb` (none for 0), after checking the memory.
pub(super) fn perft_table(hash_mb: usize) -> Result<Option<PerftTable>, Failure> {
    if hash_mb == 0 {
        return Ok(None);
    }
    let bytes = (hash_mb as u64) << 20;
    crate::memory::check(bytes, "the perft table", "--hash-mb", hash_mb as u64, 1 << 20)?;
    Ok(Some(PerftTable::new(hash_mb << 20).map_err(|e| format!("--hash-mb {hash_mb}: {e}"))?))
}

/// `perft`: the count (and with `divide` the count below every first move); progress on a
/// terminal, and Ctrl-C prints what was counted.
/// Perft split over threads: the first plies are expanded into work units (each tagged with
/// its first move), which the threads take in turn. Returns per-first-move counts, or `None`
/// if stopped.
pub(super) fn perft_threaded(
    p: &Position,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    counted: &AtomicU64,
    table: Option<&PerftTable>,
) -> Option<Vec<u64>> {
    let first = p.legal_moves();
    let mut units: Vec<(usize, Position)> = first.iter().enumerate().map(|(i, &m)| (i, p.after(m))).collect();
    let mut left = depth - 1;
    while left > 2 && units.len() < 32 * threads {
        units =
            units.into_iter().flat_map(|(i, q)| q.legal_moves().into_iter().map(move |m| (i, q.after(m)))).collect();
        left -= 1;
    }
    let next = AtomicUsize::new(0);
    let sums: Vec<AtomicU64> = first.iter().map(|_| AtomicU64::new(0)).collect();
    on_threads(threads, || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some((i, q)) = units.get(k) else { break };
            match count(q, left, table, stop, counted) {
                Some(n) => sums[*i].fetch_add(n, Ordering::Relaxed),
                None => break,
            };
        }
    });
    (!stop.load(Ordering::SeqCst)).then(|| sums.iter().map(|s| s.load(Ordering::Relaxed)).collect())
}

/// Runs `work` on `threads` threads at once (at least one), fewer if the system cannot start
/// more (each needs memory for its stack), and on this thread if it cannot start any.
pub(super) fn on_threads(threads: usize, work: impl Fn() + Sync) {
    std::thread::scope(|scope| {
        let mut started = 0;
        for _ in 0..threads.max(1) {
            if std::thread::Builder::new().spawn_scoped(scope, &work).is_err() {
                break;
            }
            started += 1;
        }
        if started == 0 {
            work();
        }
    });
}

/// Perft of `p`, through `table` if there is one.
pub(super) fn count(
    p: &Position,
    depth: u32,
    table: Option<&PerftTable>,
    stop: &AtomicBool,
    counted: &AtomicU64,
) -> Option<u64> {
    match table {
        Some(t) => perft_until_hashed(p, depth, t, stop, counted),
        None => perft_until(p, depth, stop, counted),
    }
}

pub(super) fn perft_command(
    p: &Position,
    depth: u32,
    divide: bool,
    threads: usize,
    table: Option<&PerftTable>,
) -> Result<(), Failure> {
    let stop = interrupt_flag();
    let counted = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let total = {
        let seen = counted.clone();
        let _progress = progress("perft", move || format!("{} leaf nodes counted", seen.load(Ordering::Relaxed)));
        if threads > 1 && depth > 1 {
            let sums = perft_threaded(p, depth, threads, &stop, &counted, table).unwrap_or_default();
            if divide {
                for (m, n) in p.legal_moves().into_iter().zip(&sums) {
                    outln!("{} {n}", move_to_string(p.geometry(), m));
                }
            }
            sums.iter().sum()
        } else if divide && depth > 0 {
            let mut total = 0;
            for m in p.legal_moves() {
                match count(&p.after(m), depth - 1, table, &stop, &counted) {
                    Some(n) => {
                        outln!("{} {n}", move_to_string(p.geometry(), m));
                        total += n;
                    }
                    None => break,
                }
            }
            total
        } else {
            count(p, depth, table, &stop, &counted).unwrap_or(0)
        }
    };
    let secs = start.elapsed().as_secs_f64();
    if stop.load(Ordering::SeqCst) {
        return Err(Failure::Interrupted(format!(
            "perft depth {depth} stopped after {} leaf nodes in {secs:.1} s",
            counted.load(Ordering::Relaxed)
        )));
    }
    outln!("nodes {total}");
    outln!("time {secs:.3} s");
    outln!("nps {:.0}", total as f64 / secs.max(1e-9));
    if let Some(t) = table {
        outln!("table {} MiB", t.bytes() >> 20);
    }
    Ok(())
}
