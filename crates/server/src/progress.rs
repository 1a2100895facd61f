//! Progress of long command-line work (solve, perft, match, bench, puzzle generation,
//! serve-bench) on standard error, drawn by `indicatif` only when standard error is a terminal:
//! a spinner with a status line, or a bar when the amount of work is known. Nothing is written
//! into a pipe or a file, so the output of a command stays the same wherever it goes.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How often the status is asked for and the line redrawn.
const TICK: Duration = Duration::from_millis(200);

/// A progress line kept up to date by a thread of its own while the value lives; cleared
/// when it is dropped.
pub struct Progress {
    bar: ProgressBar,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// A spinner named `what` whose message is `status()` (what is done so far), with the
    /// time taken, and the reminder that Ctrl-C stops.
    pub fn start(program: &str, what: &str, status: impl Fn() -> String + Send + 'static) -> Progress {
        let bar = ProgressBar::with_draw_target(None, target());
        bar.set_style(style(&spinner_template(program, what)));
        Progress::run(bar, move |bar| bar.set_message(status()))
    }

    /// A bar named `what` counting `done` up to `total` (games, runs), with the time left.
    pub fn counting(program: &str, what: &str, total: u64, done: Arc<AtomicU64>) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), target());
        bar.set_style(style(&bar_template(program, what)));
        Progress::run(bar, move |bar| bar.set_position(done.load(Ordering::Relaxed)))
    }

    fn run(bar: ProgressBar, update: impl Fn(&ProgressBar) + Send + 'static) -> Progress {
        let done = Arc::new(AtomicBool::new(false));
        let thread = (!bar.is_hidden()).then_some(()).and_then(|()| {
            let (bar, done) = (bar.clone(), done.clone());
            // No progress is shown if the thread cannot be started; the work goes on.
            std::thread::Builder::new()
                .spawn(move || {
                    while !done.load(Ordering::SeqCst) {
                        update(&bar);
                        bar.tick();
                        std::thread::sleep(TICK);
                    }
                })
                .ok()
        });
        Progress { bar, done, thread }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
}

/// Standard error when it is a terminal, else nowhere.
fn target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() }
}

fn spinner_template(program: &str, what: &str) -> String {
    format!("{{spinner}} {program}: {what}: {{msg}} ({{elapsed}}, Ctrl-C stops)")
}

fn bar_template(program: &str, what: &str) -> String {
    format!("{program}: {what} [{{bar:30}}] {{pos}}/{{len}} ({{elapsed}}, about {{eta}} left, Ctrl-C stops)")
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_a_terminal_nothing_is_drawn_and_no_thread_is_started() {
        // Tests run with standard error captured or piped.
        if std::io::stderr().is_terminal() {
            return;
        }
        let p = Progress::start("konane", "testing", || "nothing".into());
        assert!(p.bar.is_hidden() && p.thread.is_none());
        let q = Progress::counting("konane", "testing", 10, Arc::new(AtomicU64::new(3)));
        assert!(q.bar.is_hidden() && q.thread.is_none());
    }

    #[test]
    fn the_templates_are_valid() {
        for t in [spinner_template("konane", "solving"), bar_template("konane", "match")] {
            assert!(ProgressStyle::with_template(&t).is_ok(), "{t}");
        }
    }
}
