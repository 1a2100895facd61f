//! The window on the screen: opened at a size that fits the monitor (the player's last size
//! and place when they still fit), hidden until then so it never shows at a size it then
//! loses, and its size and place remembered in the settings as the player changes them.

use crate::game::platform::settings::{EditSettings, Settings, WindowPlace};
use crate::game::sets::GameSet;
use bevy::prelude::*;
use bevy::window::{
    Monitor, MonitorSelection, PrimaryMonitor, PrimaryWindow, WindowMoved, WindowPosition, WindowResized,
};

/// The size the game opens at on a screen large enough.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// The smallest window the game is laid out for.
pub const MIN_SIZE: (u32, u32) = (480, 360);

/// How much of the monitor a window may take at most: room is left for panels and the
/// window's frame.
const MAX_SHARE: (f32, f32) = (0.96, 0.90);

/// Frames to wait for the monitor to be known before showing the window anyway.
const WAIT_FRAMES: u32 = 30;

/// The window's size asked for on the command line (kept as asked, unless it is larger than
/// the monitor).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct AskedSize(pub Option<(u32, u32)>);

/// Where and how large to open: `wanted` (logical pixels) shrunk to fit a monitor of
/// `monitor` logical pixels at `origin` (leaving room for panels and the window's frame,
/// unless `exact`: a size asked for on the command line may fill the monitor); `at`
/// (physical pixels) is kept only if the whole window is on that monitor, else the window is
/// centred.
pub fn fit(
    wanted: (u32, u32),
    at: Option<IVec2>,
    origin: IVec2,
    monitor: (f32, f32),
    scale: f32,
    exact: bool,
) -> Fitted {
    let share = if exact { (1.0, 1.0) } else { MAX_SHARE };
    let room = ((monitor.0 * share.0).floor(), (monitor.1 * share.1).floor());
    let size = (
        (wanted.0 as f32).min(room.0).max(MIN_SIZE.0 as f32).min(monitor.0).round() as u32,
        (wanted.1 as f32).min(room.1).max(MIN_SIZE.1 as f32).min(monitor.1).round() as u32,
    );
    let physical = IVec2::new((size.0 as f32 * scale) as i32, (size.1 as f32 * scale) as i32);
    let end = origin + IVec2::new((monitor.0 * scale) as i32, (monitor.1 * scale) as i32);
    let at = at.filter(|p| p.x >= origin.x && p.y >= origin.y && (*p + physical).cmple(end).all());
    Fitted { size, at }
}

/// The outcome of [`fit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fitted {
    /// Logical width and height.
    pub size: (u32, u32),
    /// Top-left corner in physical pixels, or `None` to centre it.
    pub at: Option<IVec2>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AskedSize>()
        .add_systems(Update, (fit_to_monitor, remember_place).chain().in_set(GameSet::Presentation))
        .add_systems(Last, warm_up.in_set(super::redraw::AskForFrames));
}

/// Until the window is shown and the renderer has compiled what it was asked for, frames go on
/// (the board's pipelines compile in the background, and a frame before them lacks the board).
fn warm_up(
    windows: Query<&Window, With<PrimaryWindow>>,
    ready: Option<Res<RenderReady>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let shown = windows.iter().all(|w| w.visible);
    if !shown || ready.is_none_or(|r| !r.ready()) {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Has the render world report [`RenderReady`] (for scripted runs and the start-up log; once,
/// however often it is asked). Without a render world it stays not ready.
pub fn watch_renderer(app: &mut App) {
    if app.world().contains_resource::<RenderReady>() {
        return;
    }
    let ready = RenderReady::default();
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.insert_resource(ready.clone()).add_systems(bevy::render::Render, report_render_ready);
    }
    app.insert_resource(ready);
}

/// Whether the render world has every pipeline it was asked for ready, as of its last frame:
/// until then a frame may be drawn with parts missing. Written by the render world only.
#[derive(Resource, Default, Clone)]
pub struct RenderReady(pub std::sync::Arc<std::sync::atomic::AtomicBool>);

impl RenderReady {
    /// Ready as of the render world's last frame.
    pub fn ready(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Render world: notes whether any pipeline is still queued or being compiled.
fn report_render_ready(ready: Res<RenderReady>, cache: Res<bevy::render::render_resource::PipelineCache>) {
    use bevy::render::render_resource::CachedPipelineState;
    let busy = cache.waiting_pipelines().next().is_some()
        || cache.pipelines().any(|p| matches!(p.state, CachedPipelineState::Queued | CachedPipelineState::Creating(_)));
    ready.0.store(!busy, std::sync::atomic::Ordering::SeqCst);
}

/// The size the window was opened at and the size that was wanted (the player's last size, or
/// the default), when fitting the monitor made it smaller.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fitting {
    /// The size wanted.
    pub wanted: (u32, u32),
    /// The size the monitor allowed.
    pub fitted: (u32, u32),
}

/// The size to remember for a window now `current` large: the size that was wanted while the
/// window still has the size the monitor imposed (a small screen's size must not come back on
/// a large one), else the player's own. Pure.
pub fn size_to_keep(current: (u32, u32), fitting: Option<Fitting>) -> (u32, u32) {
    match fitting {
        Some(f) if f.fitted == current => f.wanted,
        _ => current,
    }
}

/// Once the monitor is known: the window's size and place, then shown.
fn fit_to_monitor(
    mut commands: Commands,
    mut done: Local<bool>,
    mut frames: Local<u32>,
    monitors: Query<&Monitor, With<PrimaryMonitor>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    asked: Res<AskedSize>,
) {
    if *done {
        return;
    }
    let Ok(mut window) = windows.single_mut() else { return };
    *frames += 1;
    let Ok(monitor) = monitors.single() else {
        if *frames >= WAIT_FRAMES {
            *done = true;
            window.visible = true;
        }
        return;
    };
    *done = true;
    let scale = monitor.scale_factor.max(0.1) as f32;
    let logical = (monitor.physical_width as f32 / scale, monitor.physical_height as f32 / scale);
    let (wanted, at) = match (asked.0, settings.window) {
        (Some(size), _) => (size, None),
        (None, Some(place)) => (place.size, place.at),
        (None, None) => (DEFAULT_SIZE, None),
    };
    let fitted = fit(wanted, at, monitor.physical_position, logical, scale, asked.0.is_some());
    commands.insert_resource(Fitting { wanted, fitted: fitted.size });
    if fitted.size != wanted || window.resolution.width() as u32 != fitted.size.0 {
        window.resolution.set(fitted.size.0 as f32, fitted.size.1 as f32);
    }
    window.position = match fitted.at {
        Some(p) => WindowPosition::At(p),
        None => WindowPosition::Centered(MonitorSelection::Primary),
    };
    window.visible = true;
}

/// The player resized or moved the window: its place is kept in the settings (not while
/// fullscreen).
fn remember_place(
    mut resized: MessageReader<WindowResized>,
    mut moved: MessageReader<WindowMoved>,
    windows: Query<&Window, With<PrimaryWindow>>,
    settings: Res<Settings>,
    asked: Res<AskedSize>,
    fitting: Option<Res<Fitting>>,
    mut edits: MessageWriter<EditSettings>,
) {
    let changed = resized.read().count() + moved.read().count() > 0;
    let Ok(window) = windows.single() else { return };
    if !changed || settings.fullscreen || asked.0.is_some() || !window.visible {
        return;
    }
    let at = match window.position {
        WindowPosition::At(p) => Some(p),
        _ => settings.window.and_then(|w| w.at),
    };
    let current = (window.resolution.width().round() as u32, window.resolution.height().round() as u32);
    let place = WindowPlace { size: size_to_keep(current, fitting.as_deref().copied()), at };
    if settings.window != Some(place) {
        edits.write(EditSettings::new(move |s| s.window = Some(place)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_larger_than_the_monitor_is_shrunk_and_centred() {
        let f = fit(DEFAULT_SIZE, None, IVec2::ZERO, (800.0, 600.0), 1.0, false);
        assert_eq!(f, Fitted { size: (768, 540), at: None });
        let f = fit(DEFAULT_SIZE, None, IVec2::ZERO, (600.0, 900.0), 1.0, false);
        assert_eq!(f.size, (576, 800));
        // A screen large enough keeps the size.
        assert_eq!(fit(DEFAULT_SIZE, None, IVec2::ZERO, (1920.0, 1080.0), 1.0, false).size, DEFAULT_SIZE);
        // A size asked for may fill the monitor, but no more.
        assert_eq!(fit(DEFAULT_SIZE, None, IVec2::ZERO, (1280.0, 800.0), 1.0, true).size, DEFAULT_SIZE);
        assert_eq!(fit(DEFAULT_SIZE, None, IVec2::ZERO, (800.0, 600.0), 1.0, true).size, (800, 600));
    }

    #[test]
    fn a_size_the_monitor_imposed_is_not_remembered_as_the_player_s() {
        // Opened on an 800×600 screen: the default was shrunk; that size is not the player's.
        let small = Fitting { wanted: DEFAULT_SIZE, fitted: (768, 540) };
        assert_eq!(size_to_keep((768, 540), Some(small)), DEFAULT_SIZE);
        // The player made it another size: that is theirs.
        assert_eq!(size_to_keep((700, 500), Some(small)), (700, 500));
        assert_eq!(size_to_keep((700, 500), None), (700, 500));
        // So a portrait screen opens portrait, from the wanted size, not a landscape leftover.
        let portrait = fit(size_to_keep((768, 540), Some(small)), None, IVec2::ZERO, (600.0, 900.0), 1.0, false);
        assert!(portrait.size.1 > portrait.size.0, "{portrait:?}");
    }

    #[test]
    fn the_last_place_is_kept_only_if_the_window_is_still_all_on_the_monitor() {
        let on = fit((800, 600), Some(IVec2::new(100, 50)), IVec2::ZERO, (1920.0, 1080.0), 1.0, false);
        assert_eq!(on, Fitted { size: (800, 600), at: Some(IVec2::new(100, 50)) });
        // Off the right edge of a smaller monitor: centred instead.
        let off = fit((800, 600), Some(IVec2::new(1500, 50)), IVec2::ZERO, (1280.0, 800.0), 1.0, false);
        assert_eq!(off.at, None);
        // On a second monitor to the right, in physical pixels at scale 2.
        let hidpi = fit((800, 600), Some(IVec2::new(2000, 100)), IVec2::new(1920, 0), (1280.0, 800.0), 2.0, false);
        assert_eq!(hidpi.at, Some(IVec2::new(2000, 100)));
        // Never smaller than the game can be laid out in, unless the monitor is.
        assert_eq!(fit((100, 100), None, IVec2::ZERO, (1920.0, 1080.0), 1.0, false).size, MIN_SIZE);
    }
}
