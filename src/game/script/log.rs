//! The frame-time and start-up logs a scripted run can write: how long frames took, and how
//! soon after launch the first ones came.

use super::*;

/// Main-thread frame times, written when the app exits.
#[derive(Resource)]
pub struct FrameLog {
    path: PathBuf,
    /// The log, opened at the first frame; each frame's line is written as it ends, so a
    /// tool can count frames while the game runs (`tools/idle-cpu.sh`).
    file: Option<std::io::BufWriter<std::fs::File>>,
    frames: u64,
    failed: bool,
}

impl FrameLog {
    /// A log that will be written to `path`.
    pub fn new(path: PathBuf) -> FrameLog {
        FrameLog { path, file: None, frames: 0, failed: false }
    }

    /// Adds a frame's line (the first three frames, start-up, are left out).
    pub(super) fn write(&mut self, line: std::fmt::Arguments) {
        use std::io::Write;
        self.frames += 1;
        if self.frames <= 3 || self.failed {
            return;
        }
        if self.file.is_none() {
            match std::fs::File::create(&self.path) {
                Ok(f) => self.file = Some(std::io::BufWriter::new(f)),
                Err(e) => {
                    error!("could not write frame log {}: {e}", self.path.display());
                    self.failed = true;
                    return;
                }
            }
        }
        if let Some(f) = &mut self.file
            && (f.write_fmt(line).is_err() || f.flush().is_err())
        {
            error!("could not write frame log {}", self.path.display());
            self.failed = true;
        }
    }
}

pub(crate) fn frame_log_plugin(app: &mut App) {
    app.add_systems(Last, record_frame);
}

pub(super) fn record_frame(
    time: Res<Time<Real>>,
    mut log: ResMut<FrameLog>,
    ai: Option<Res<AiState>>,
    rules: Option<Res<Rules>>,
    mut since_move: Local<(Option<u64>, u32)>,
) {
    // A frame counts as "thinking" while a search is in flight on its engine thread; the frame
    // that applies a move and the two after it (the board and its marks are rebuilt) are
    // marked as move frames.
    let thinking = ai.is_some_and(|a| a.thinking());
    let generation = rules.map(|r| r.generation);
    if generation != since_move.0 {
        *since_move = (generation, 0);
    } else {
        since_move.1 += 1;
    }
    let ms = time.delta_secs() * 1000.0 * if thinking { -1.0 } else { 1.0 };
    // Negative values mark frames while the AI was thinking; " move" marks move frames.
    let moved = if since_move.1 < 3 { " move" } else { "" };
    log.write(format_args!("{ms:.3}{moved}\n"));
}

/// When this process was started, as an [`Instant`](std::time::Instant): from the kernel's
/// start time of the process (`/proc/self/stat`, in clock ticks since boot) against the time
/// since boot now, so the loading of the binary counts too; now, where that cannot be read.
pub fn launch_instant() -> std::time::Instant {
    let now = std::time::Instant::now();
    let since_launch = || -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        // Field 22, counted after the command name's closing parenthesis (it may hold spaces).
        let after = &stat[stat.rfind(')')? + 2..];
        let ticks: f64 = after.split_whitespace().nth(19)?.parse().ok()?;
        // SAFETY: sysconf only reads a configuration value.
        let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
        let uptime: f64 = std::fs::read_to_string("/proc/uptime").ok()?.split_whitespace().next()?.parse().ok()?;
        (per_second > 0.0).then(|| (uptime - ticks / per_second).max(0.0))
    };
    since_launch().and_then(|s| now.checked_sub(std::time::Duration::from_secs_f64(s))).unwrap_or(now)
}

/// `--startup-log`: when the title was first drawn whole and when the game first answered at
/// once, counted from the launch.
#[derive(Resource, Debug)]
pub struct StartupLog {
    path: PathBuf,
    launched: std::time::Instant,
    first_frame: Option<f64>,
    quick_frames: u32,
    written: bool,
}

impl StartupLog {
    /// A log for a process launched at `launched`, to be written to `path`.
    pub fn new(path: PathBuf, launched: std::time::Instant) -> StartupLog {
        StartupLog { path, launched, first_frame: None, quick_frames: 0, written: false }
    }
}

/// Frames in a row, each under [`QUICK_FRAME`], after which the game counts as answering input.
const QUICK_FRAMES: u32 = 3;
/// A frame this short answers input without a delay anyone notices.
const QUICK_FRAME: f32 = 0.1;

pub(crate) fn startup_log_plugin(app: &mut App) {
    crate::game::platform::window::watch_renderer(app);
    app.add_systems(Last, record_startup);
}

/// The first frame with the window shown, the title's menu drawn over the board and every
/// pipeline the renderer asked for ready two frames running (so nothing is drawn blank), then
/// the first run of quick frames. (What is on the screen lags a frame or two behind.)
pub(super) fn record_startup(
    mut log: ResMut<StartupLog>,
    ready: Res<RenderReady>,
    screen: Option<Res<State<Screen>>>,
    fits: Option<Res<crate::game::play::screen::MenuFits>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    art: Query<(), With<crate::game::board::title_art::ArtRoot>>,
    time: Res<Time<Real>>,
    mut ready_frames: Local<u32>,
) {
    if log.written {
        return;
    }
    let shown = windows.single().is_ok_and(|w| w.visible);
    // The menu drawn this frame over the board behind it.
    let title =
        screen.is_some_and(|s| *s.get() == Screen::Title) && fits.is_some_and(|f| f.is_changed()) && !art.is_empty();
    // Two frames in a row with every pipeline ready: the board's sprites are drawn, not pending.
    *ready_frames = if shown && title && ready.ready() { *ready_frames + 1 } else { 0 };
    let since = log.launched.elapsed().as_secs_f64() * 1000.0;
    match log.first_frame {
        None if *ready_frames >= 2 => log.first_frame = Some(since),
        None => {}
        Some(first) => {
            log.quick_frames = if time.delta_secs() < QUICK_FRAME { log.quick_frames + 1 } else { 0 };
            if log.quick_frames >= QUICK_FRAMES {
                let text = format!("first_frame_ms {first:.0}\ninteractive_ms {since:.0}\n");
                if crate::files::write_atomically(&log.path, text.as_bytes()).is_err() {
                    error!("could not write the startup log {}", log.path.display());
                }
                log.written = true;
            }
        }
    }
}
