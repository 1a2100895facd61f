//! `konane bench`: the search speed, the levels' budgets and how fast a search stops.

use super::*;

/// The options of `konane bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Fewer, shorter runs.
    #[arg(long)]
    pub quick: bool,
}

/// A fixed middle-game position on a board: the start, two removals and some jumps.
pub(super) fn bench_position(rows: u8, cols: u8, jumps: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(7);
    *random_opening(geometry(rows, cols), jumps, &mut rng).position()
}

pub(super) fn bench(quick: bool) -> Result<(), Failure> {
    let stop = interrupt_flag();
    let t_bench = Instant::now();
    let interrupted = || Failure::Interrupted(format!("bench stopped after {:.1} s", t_bench.elapsed().as_secs_f64()));
    let _progress = progress("bench", || "running".to_string());
    // Move generation.
    let start = Position::start(geometry(8, 8));
    let depth = if quick { 8 } else { 9 };
    let t = Instant::now();
    let n = perft_until(&start, depth, &stop, &AtomicU64::new(0)).ok_or_else(interrupted)?;
    let s = t.elapsed().as_secs_f64();
    outln!("perft 8x8 depth {depth}: {n} nodes in {s:.3} s = {:.1} M nodes/s", n as f64 / s / 1e6);
    bench_search(quick, &stop, &interrupted)?;
    let mut failures = bench_budgets(&stop, &interrupted)?;
    let worst = bench_cancel(&stop, &interrupted)?;
    if worst > Duration::from_millis(50) {
        failures.push(format!("cancellation took {:.1} ms", worst.as_secs_f64() * 1000.0));
    }
    if !failures.is_empty() {
        return Err(format!("bench failed: {}", failures.join("; ")).into());
    }
    outln!("bench: all budgets and cancellations within limits");
    Ok(())
}

/// Search speed on a middle game of 8×8 and of 20×20; `interrupted` is the failure when
/// stopped (Ctrl-C).
pub(super) fn bench_search(
    quick: bool,
    stop: &Arc<AtomicBool>,
    interrupted: &dyn Fn() -> Failure,
) -> Result<(), Failure> {
    for (rows, cols, jumps) in [(8u8, 8u8, 6usize), (20, 20, 10)] {
        let p = bench_position(rows, cols, jumps);
        let mut searcher = Searcher::new(EvalKind::Full, 20, false);
        let budget = Duration::from_millis(if quick { 300 } else { 1000 });
        let r = searcher.search(&p, SearchLimits::time(budget), stop.clone(), false);
        if stop.load(Ordering::SeqCst) {
            return Err(interrupted());
        }
        outln!(
            "search {rows}x{cols}: depth {} nodes {} in {:.3} s = {:.2} M nodes/s",
            r.depth,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nodes as f64 / r.elapsed.as_secs_f64() / 1e6
        );
    }
    Ok(())
}

/// Every level's time budget on boards of 8×8 to 20×20; returns the levels that went over
/// (or played no legal move).
pub(super) fn bench_budgets(stop: &Arc<AtomicBool>, interrupted: &dyn Fn() -> Failure) -> Result<Vec<String>, Failure> {
    let mut failures = Vec::new();
    for (rows, cols, jumps) in [(8u8, 8u8, 4usize), (20, 20, 8), (20, 20, 60), (13, 20, 40)] {
        let p = bench_position(rows, cols, jumps);
        for level in Level::ALL {
            let mut ai = Ai::new(level, 1);
            let budget = ai.config().budget;
            let t = Instant::now();
            let c = ai.choose(&p, stop.clone());
            let dt = t.elapsed();
            if stop.load(Ordering::SeqCst) {
                return Err(interrupted());
            }
            let ok = dt.as_secs_f64() <= budget.as_secs_f64() * 1.1 && c.mv.is_some_and(|m| p.is_legal(m));
            outln!(
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
    Ok(failures)
}

/// How fast an expert search stops when cancelled after 50, 200 and 500 ms; returns the
/// slowest.
pub(super) fn bench_cancel(stop: &Arc<AtomicBool>, interrupted: &dyn Fn() -> Failure) -> Result<Duration, Failure> {
    let p = bench_position(20, 20, 8);
    let mut worst = Duration::ZERO;
    for delay in [50u64, 200, 500] {
        if stop.load(Ordering::SeqCst) {
            return Err(interrupted());
        }
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
        outln!(
            "cancel after {delay} ms: returned in {:.2} ms with {}",
            latency.as_secs_f64() * 1000.0,
            choice.mv.map(|m| move_to_string(p.geometry(), m)).unwrap_or("no move".into())
        );
    }
    Ok(worst)
}
