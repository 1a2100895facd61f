//! Engine work off the frame: a search, a hint, a post-game analysis or a puzzle's solver runs
//! on a thread of its own at low priority, and the frame only polls it.

use crate::game::platform::redraw::Wake;
use bevy::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Engine work (a search, a hint, an analysis, a puzzle's solver) on a thread of its own, at
/// low priority; the frame only polls it.
///
/// Not on Bevy's `AsyncComputeTaskPool`: on a 2-core machine that pool has one thread, and
/// Bevy reads screenshots back on it. A search there, at idle priority, held every screenshot
/// back for as long as another program kept both cores busy (an end-to-end run timed out after
/// 600 s waiting for four screenshots behind a post-game analysis), and lowering the pool
/// thread's priority slowed Bevy's own work after it too.
pub struct EngineJob<T> {
    result: Arc<Mutex<Option<T>>>,
    finished: Arc<AtomicBool>,
}

impl<T: Send + 'static> EngineJob<T> {
    /// Runs `work` on a new thread whose priority is lowered first (see
    /// [`lower_thread_priority`]; `idle` as there). If no thread can be started, it runs here.
    /// When it is done, `wake` asks for a frame, so the frame that polls it comes at once.
    pub fn spawn(idle: bool, wake: &Wake, work: impl FnOnce() -> T + Send + 'static) -> EngineJob<T> {
        let notify = wake.notifier();
        let job = EngineJob { result: Arc::new(Mutex::new(None)), finished: Arc::new(AtomicBool::new(false)) };
        let (result, finished) = (job.result.clone(), job.finished.clone());
        // The work waits in a shared slot: if no thread can be started, the closure handed to
        // it is dropped unrun, and the work is taken from the slot and run here instead.
        let slot = Arc::new(Mutex::new(Some(work)));
        let run = move || {
            let Some(work) = slot.lock().ok().and_then(|mut w| w.take()) else { return };
            let out = work();
            if let Ok(mut r) = result.lock() {
                *r = Some(out);
            }
            finished.store(true, Ordering::Release);
            if let Some(notify) = &notify {
                notify();
            }
        };
        let started = std::thread::Builder::new().name("konane-engine".into()).spawn({
            let run = run.clone();
            move || {
                lower_thread_priority(idle);
                run();
            }
        });
        if started.is_err() {
            run();
        }
        job
    }
}

impl<T> EngineJob<T> {
    /// Whether the work is done (its result may already have been taken).
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// The result, once, when the work is done.
    pub fn poll(&mut self) -> Option<T> {
        if !self.is_finished() {
            return None;
        }
        self.result.lock().ok().and_then(|mut r| r.take())
    }
}

/// The search's threads yield to drawing: set by the windowed game, where a renderer competes
/// for the cores (headless runs leave it out, so their searches keep a fair share).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct YieldToRenderer;

/// Lets the renderer win when the search and drawing compete for the same cores: on a
/// 2-core machine with a software renderer an equal-priority search slowed frames by half.
/// Nice 19 always; with `idle`, the scheduler's idle class too (the search then runs when
/// the renderer waits: on 20×20 under Xvfb the p99 frame time while Expert thinks fell from
/// about 1.3× to about 1.1× the idle p99).
pub fn lower_thread_priority(idle: bool) {
    #[cfg(target_os = "linux")]
    // SAFETY: plain syscalls on the calling thread; failure only leaves the priority as is.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 19);
        // Set the class either way, so a reused thread never keeps an earlier one.
        let param = libc::sched_param { sched_priority: 0 };
        let class = if idle { libc::SCHED_IDLE } else { libc::SCHED_OTHER };
        libc::sched_setscheduler(tid as libc::pid_t, class, &param);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = idle;
}
