//! When the window is drawn: only when something changes or moves. The game runs in winit's
//! reactive mode (an update, and so a frame, only on input, on a wake-up or when a frame is
//! asked for), and what moves asks for its frames:
//! - a feature that animates writes Bevy's `RequestRedraw` while it moves;
//! - a feature that waits for a moment (a notice that goes, the computer's pause, a settings
//!   file written a moment after a change) asks [`Wake`] for a frame at that moment;
//! - work on other threads (the engine, the online session, the history, textures) calls a
//!   [`Notify`] when its result is ready, so the frame that shows it comes at once;
//! - a frame in which the game's state changed is followed by one more (a screen change, a
//!   message written late in a frame take effect in the next): each module names its own
//!   state with [`settle_on_resource`], [`settle_on_message`] and [`settle_on_state`];
//! - a gamepad wakes the game from a thread that watches it (winit does not see pads).
//!
//! Headless runs have no event loop: there [`Wake`] does nothing, and tests drive frames.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A callback that other threads call when they have something the frame should show.
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// The longest the game sleeps with nothing asked of it (a safety net: everything that
/// moves or waits asks for its own frames). Longer still without focus.
pub const IDLE_WAIT: Duration = Duration::from_secs(20);
/// The same, without focus.
pub const UNFOCUSED_WAIT: Duration = Duration::from_secs(60);

/// While a screen reader is connected, how often the game looks for its requests (AccessKit
/// hands them over without waking the event loop).
pub const READER_POLL: Duration = Duration::from_millis(200);

/// Asks for frames: now, or at a later moment. Does nothing without a window.
#[derive(Resource, Clone, Default)]
pub struct Wake(Option<Arc<Waker>>);

struct Waker {
    now: Notify,
    timer: Mutex<Sender<Instant>>,
}

impl Wake {
    /// A wake that calls `now` for a frame, with a thread of its own for wakes at a moment.
    pub fn new(now: Notify) -> Wake {
        let (timer, deadlines) = std::sync::mpsc::channel();
        let ring = now.clone();
        let started =
            std::thread::Builder::new().name("konane-wake".into()).spawn(move || run_timer(&deadlines, &*ring));
        if started.is_err() {
            // No timer thread: the idle wait still wakes the game now and then.
            warn!("no thread for timed wake-ups");
        }
        Wake(Some(Arc::new(Waker { now, timer: Mutex::new(timer) })))
    }

    /// Whether it can wake anything (a window's event loop is there).
    pub fn is_live(&self) -> bool {
        self.0.is_some()
    }

    /// A frame as soon as possible.
    pub fn now(&self) {
        if let Some(w) = &self.0 {
            (w.now)();
        }
    }

    /// A frame at `when` (at once if it has passed).
    pub fn at(&self, when: Instant) {
        if let Some(w) = &self.0
            && let Ok(timer) = w.timer.lock()
        {
            let _ = timer.send(when);
        }
    }

    /// A frame after `delay`.
    pub fn after(&self, delay: Duration) {
        self.at(Instant::now() + delay);
    }

    /// A frame after `seconds` (nothing for a time that is not finite or not positive).
    pub fn after_secs(&self, seconds: f32) {
        if seconds.is_finite() && seconds > 0.0 {
            self.after(Duration::from_secs_f32(seconds.min(3600.0)));
        } else if seconds.is_finite() {
            self.now();
        }
    }

    /// The callback for another thread: a frame as soon as possible.
    pub fn notifier(&self) -> Option<Notify> {
        self.0.as_ref().map(|w| w.now.clone())
    }
}

/// The timer thread: wakes the game at the earliest moment asked for, then waits for the next.
fn run_timer(deadlines: &Receiver<Instant>, ring: &(dyn Fn() + Send + Sync)) {
    let mut next: Option<Instant> = None;
    loop {
        let got = match next {
            Some(t) => deadlines.recv_timeout(t.saturating_duration_since(Instant::now())),
            None => deadlines.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(t) => next = Some(next.map_or(t, |n| n.min(t))),
            Err(RecvTimeoutError::Timeout) => {
                next = None;
                ring();
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// The windowed game draws only when something changes: reactive updates, wakes from other
/// threads and gamepads, and one more frame after any frame that changed the game.
pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        // Not woken by raw device events: the mouse moving over another window is not input.
        focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    });
    app.add_systems(
        PreUpdate,
        quiet_unchanged_modifiers
            .after(bevy_egui::EguiInputSet::WriteEguiEvents)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
    app.add_systems(PreUpdate, watch_egui_repaints.after(bevy_egui::EguiPreUpdateSet::InitContexts));
    app.add_systems(PreStartup, start_waking)
        .add_systems(Last, (poll_for_reader.in_set(AskForFrames), calm_after_rest.after(AskForFrames)));
    if std::env::var_os("KONANE_REDRAW_LOG").is_some() {
        app.add_systems(Last, log_frames.after(calm_after_rest));
    }
}

/// `KONANE_REDRAW_LOG=1`: says for each frame what asked for the next one (for finding what
/// keeps a waiting game drawing).
fn log_frames(
    redraws: Res<Messages<RequestRedraw>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut contexts: Query<&mut bevy_egui::EguiContext>,
    mut frame: Local<u64>,
) {
    *frame += 1;
    let asked = redraws.iter_current_update_messages().count();
    for mut ctx in &mut contexts {
        let causes = ctx.get_mut().repaint_causes();
        if !causes.is_empty() {
            info!("frame {}: egui repaints for {causes:?}", *frame);
        }
    }
    let window = windows.iter().next().map(|w| (w.visible, w.focused));
    info!("frame {}: {asked} redraw request(s); window (visible, focused) {window:?}", *frame);
}

/// The wake made from winit's event loop, and the gamepad watcher.
fn start_waking(mut commands: Commands, proxy: Option<Res<EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else { return };
    let proxy = (**proxy).clone();
    let log = std::env::var_os("KONANE_REDRAW_LOG").is_some();
    let now: Notify = Arc::new(move || {
        let sent = proxy.send_event(WinitUserEvent::WakeUp);
        if log {
            info!("wake-up sent: {sent:?}");
        }
    });
    watch_gamepads(now.clone());
    commands.insert_resource(Wake::new(now));
}

/// bevy_egui wakes the game for a repaint asked "now" only; egui also asks for one after a
/// delay (a tooltip that appears, a caret that blinks). Both come through [`Wake`]. Set after
/// bevy_egui has set its own, once for each new context.
fn watch_egui_repaints(mut added: Query<&mut bevy_egui::EguiContext, Added<bevy_egui::EguiContext>>, wake: Res<Wake>) {
    for mut ctx in &mut added {
        let wake = wake.clone();
        ctx.get_mut().set_request_repaint_callback(move |info| {
            if info.delay.is_zero() {
                wake.now();
            } else {
                wake.after(info.delay);
            }
        });
    }
}

/// bevy_egui hands egui the modifier keys as an event in every frame, and egui asks for another
/// frame whenever its input has an event: a game that draws only on change would never rest.
/// The event is kept only when the modifiers changed.
fn quiet_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let before = *last;
        input.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                let changed = before != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

/// Gamepads are read by gilrs in the frame; this thread only watches for their events to wake
/// the game (a second gilrs instance on the same devices, which Linux allows).
fn watch_gamepads(now: Notify) {
    let spawned = std::thread::Builder::new().name("konane-pads".into()).spawn(move || {
        let Ok(mut pads) = gilrs::Gilrs::new() else { return };
        loop {
            match pads.next_event_blocking(None) {
                Some(ev) if meaningful(&ev.event) => now(),
                Some(_) => {}
                None => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    });
    if spawned.is_err() {
        warn!("no thread to watch gamepads: a pad wakes the game only with other input");
    }
}

/// A pad event worth a frame (gilrs' default filters already drop stick noise).
fn meaningful(ev: &gilrs::EventType) -> bool {
    !matches!(ev, gilrs::EventType::Dropped | gilrs::EventType::ForceFeedbackEffectCompleted)
}

/// The systems that ask for frames, in `Last`: the game clock's step for the next frame is set
/// after them (see [`calm_after_rest`]).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct AskForFrames;

/// One more frame after a frame in which resource `R` changed: a change made late in a frame
/// takes effect only in the next (registered by the module that owns `R`).
pub fn settle_on_resource<R: Resource>(app: &mut App) {
    app.add_message::<RequestRedraw>().add_systems(
        Last,
        (|r: Option<Res<R>>, mut redraw: MessageWriter<RequestRedraw>| {
            if r.is_some_and(|r| r.is_changed()) {
                redraw.write(RequestRedraw);
            }
        })
        .in_set(AskForFrames),
    );
}

/// One more frame after a frame in which a message `M` was written: its readers may run
/// before its writer, in the next frame.
pub fn settle_on_message<M: Message>(app: &mut App) {
    app.add_message::<RequestRedraw>().add_systems(
        Last,
        (|m: Option<Res<Messages<M>>>, mut redraw: MessageWriter<RequestRedraw>| {
            if m.is_some_and(|m| m.iter_current_update_messages().next().is_some()) {
                redraw.write(RequestRedraw);
            }
        })
        .in_set(AskForFrames),
    );
}

/// One more frame while a change of state `S` waits: states change at the start of a frame.
pub fn settle_on_state<S: bevy::state::state::FreelyMutableState>(app: &mut App) {
    app.add_message::<RequestRedraw>().add_systems(
        Last,
        (|next: Option<Res<NextState<S>>>, mut redraw: MessageWriter<RequestRedraw>| {
            if next.is_some_and(|n| matches!(*n, NextState::Pending(_) | NextState::PendingIfNeq(_))) {
                redraw.write(RequestRedraw);
            }
        })
        .in_set(AskForFrames),
    );
}

/// A screen reader's requests wait in a queue that nothing wakes the game for: while one is
/// connected, the game looks every [`READER_POLL`].
fn poll_for_reader(requested: Option<Res<bevy::a11y::AccessibilityRequested>>, wake: Res<Wake>) {
    if requested.is_some_and(|r| r.get()) {
        wake.after(READER_POLL);
    }
}

/// The longest step the game clock takes in a frame while things move (Bevy's default).
const MOVING_STEP: Duration = Duration::from_millis(250);
/// The longest step it takes in the first frame after a rest: an animation that starts then
/// starts at its beginning, not a rest's length into it.
const AFTER_REST_STEP: Duration = Duration::from_millis(16);

/// Animations step by the game clock (`Time<Virtual>`), whose step is the time since the last
/// frame; after the game rested that is the whole rest. A frame that asks for no next frame
/// is followed by a rest, so the next frame's step is kept short.
fn calm_after_rest(
    redraws: Res<Messages<RequestRedraw>>,
    mut time: ResMut<Time<Virtual>>,
    mut moving_step: Local<Option<Duration>>,
) {
    // The longest step as the app set it up (a scripted run sets its own).
    let base = *moving_step.get_or_insert(time.max_delta().min(MOVING_STEP));
    let moving = redraws.iter_current_update_messages().next().is_some();
    let step = if moving { base } else { AFTER_REST_STEP };
    if time.max_delta() != step {
        time.set_max_delta(step);
    }
}
