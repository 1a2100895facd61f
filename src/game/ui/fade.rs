//! The fade between screens.

use crate::game::platform::settings::Settings;
use crate::game::play::screen::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Seconds the fade between screens takes, at speed 1.
const FADE_SECONDS: f32 = 0.3;

/// How dark the first frame of a new screen is at most: the new screen always shows through,
/// so a slow frame right after a switch (a busy machine) is never an empty, black one.
const FADE_DARKEST: f32 = 0.55;

/// The longest step one frame takes the fade (a frame that took longer still dims its next).
const FADE_STEP_MAX: f32 = 0.1;

/// A new screen comes in from dim over a moment (none at animation speed 0), in real time.
pub(super) fn screen_fade(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut fade: ResMut<crate::game::play::screen::ScreenFade>,
    mut shown: Local<Option<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if shown.is_some_and(|s| s != *screen.get()) && settings.motion() > 0.0 {
        fade.0 = 1.0;
    }
    *shown = Some(*screen.get());
    if fade.0 <= 0.0 {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::new("fade")));
    let alpha = (fade.0 * fade.0 * FADE_DARKEST * 255.0) as u8;
    painter.rect_filled(ctx.content_rect(), 0.0, egui::Color32::from_rgba_unmultiplied(6, 10, 14, alpha));
    fade.0 = (fade.0 - time.delta_secs().min(FADE_STEP_MAX) * settings.motion().max(0.25) / FADE_SECONDS).max(0.0);
    ctx.request_repaint();
    Ok(())
}
