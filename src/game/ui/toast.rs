//! A milestone earned: a card drops in at the top of the window with its name and what earned
//! it, with the milestone sound, stays a few seconds and fades out; several earned at once
//! follow one another. Each is shown once (the history earns each once).

use super::palette;
use crate::game::modes::history::PlayerHistory;
use crate::game::platform::i18n::{Msg, Tr};
use crate::game::platform::settings::Settings;
use crate::game::play::cues::Sfx;
use crate::synth::Effect;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Seconds a card is on screen, its drop-in and its fade-out.
const SHOWN: f32 = 4.5;
const DROP: f32 = 0.35;
const FADE: f32 = 0.6;

/// How far a card is: `None` when none shows; else the index of the milestone shown (in the
/// run's earned list) and its age in seconds.
#[derive(Default)]
pub(super) struct ToastState {
    next: usize,
    showing: Option<(usize, f32)>,
}

/// The card's drop (0 at rest, 1 above the window) and opacity at age `t`; reduced motion
/// (no animation speed) shows it still.
fn card_motion(t: f32, animated: bool) -> (f32, f32) {
    if !animated {
        return (0.0, 1.0);
    }
    let drop = if t < DROP { 1.0 - (t / DROP) * (2.0 - t / DROP) } else { 0.0 };
    let alpha = if t > SHOWN - FADE { ((SHOWN - t) / FADE).clamp(0.0, 1.0) } else { 1.0 };
    (drop, alpha)
}

pub(super) fn milestone_toast(
    mut contexts: EguiContexts,
    history: Res<PlayerHistory>,
    tr: Res<Tr>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut sfx: MessageWriter<Sfx>,
    mut state: Local<ToastState>,
) -> Result {
    if state.showing.is_none() && state.next < history.milestones.len() {
        state.showing = Some((state.next, 0.0));
        state.next += 1;
        sfx.write(Sfx(Effect::Milestone));
    }
    let Some((index, age)) = state.showing else { return Ok(()) };
    let age = age + time.delta_secs();
    if age >= SHOWN {
        state.showing = None;
        return Ok(());
    }
    state.showing = Some((index, age));
    let milestone = history.milestones[index];
    let (drop, alpha) = card_motion(age, settings.motion() > 0.0);
    let ctx = contexts.ctx_mut()?;
    let title = tr.msg(&Msg::new("milestone-earned").sub("name", Msg::new(milestone.name)));
    let about = tr.t(milestone.about);
    // In a wide window the card sits low on the left, beside the panels in the middle (a
    // game-over panel opens as the milestone is earned); in a narrow one, at the top.
    let wide = ctx.content_rect().width() >= 1000.0;
    let (align, offset) = if wide {
        (egui::Align2::LEFT_BOTTOM, egui::vec2(16.0, -16.0 + 120.0 * drop))
    } else {
        (egui::Align2::CENTER_TOP, egui::vec2(0.0, 6.0 - 90.0 * drop))
    };
    egui::Area::new(egui::Id::new("milestone-toast"))
        .order(egui::Order::Tooltip)
        .anchor(align, offset)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_opacity(alpha);
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 240))
                .stroke(egui::Stroke::new(2.0, palette::FOCUS))
                .corner_radius(14)
                .inner_margin(egui::Margin::symmetric(18, 10))
                .show(ui, |ui| {
                    ui.set_max_width(if wide { 300.0 } else { 440.0 });
                    ui.vertical_centered(|ui| {
                        ui.add(
                            egui::Label::new(egui::RichText::new(title).size(19.0).strong().color(palette::FOCUS))
                                .wrap(),
                        );
                        ui.add(egui::Label::new(egui::RichText::new(about).size(15.0).color(palette::TEXT)).wrap());
                    });
                });
        });
    ctx.request_repaint();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_drops_in_rests_and_fades_and_stands_still_with_reduced_motion() {
        assert_eq!(card_motion(0.0, true), (1.0, 1.0));
        assert_eq!(card_motion(DROP, true), (0.0, 1.0));
        assert_eq!(card_motion(2.0, true), (0.0, 1.0));
        let (_, fading) = card_motion(SHOWN - FADE / 2.0, true);
        assert!((fading - 0.5).abs() < 1e-4);
        assert_eq!(card_motion(0.0, false), (0.0, 1.0));
    }
}
