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
/// run's earned list) and when (real seconds since start-up) it was first drawn.
#[derive(Default, Debug)]
pub(super) struct ToastState {
    next: usize,
    showing: Option<(usize, f32)>,
}

impl ToastState {
    /// The card to draw `now` and its age, with `earned` milestones so far: each in turn, its
    /// age counted from the frame it is first drawn (after a rest, a frame's step is the whole
    /// rest, and a card aged by it would go unseen); `new` says a card starts in this frame.
    fn advance(&mut self, earned: usize, now: f32) -> Option<(usize, f32, bool)> {
        if let Some((_, since)) = self.showing
            && now - since >= SHOWN
        {
            self.showing = None;
        }
        let mut new = false;
        if self.showing.is_none() && self.next < earned {
            self.showing = Some((self.next, now));
            self.next += 1;
            new = true;
        }
        self.showing.map(|(index, since)| (index, now - since, new))
    }
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
    wake: Res<crate::game::platform::redraw::Wake>,
    overlay: Res<crate::game::play::screen::Overlay>,
) -> Result {
    let was_showing = state.showing.is_some();
    let Some((index, age, new)) = state.advance(history.milestones.len(), time.elapsed_secs()) else {
        if was_showing {
            // One more frame: the card is gone.
            contexts.ctx_mut()?.request_repaint();
        }
        return Ok(());
    };
    if new {
        sfx.write(Sfx(Effect::Milestone));
    }
    let milestone = history.milestones[index];
    let (drop, alpha) = card_motion(age, settings.motion() > 0.0);
    let ctx = contexts.ctx_mut()?;
    // At the end of a game its card shows what the game earned as badges: no toast over it.
    if overlay.is_game_over() {
        return Ok(());
    }
    let title = tr.msg(&Msg::new("milestone-earned").sub("name", Msg::new(milestone.name)));
    let about = tr.t(milestone.about);
    draw_card(ctx, title, about, drop, alpha);
    // Frames while it drops in or fades; at rest, one when the fade begins.
    let animated = settings.motion() > 0.0;
    if animated && !(DROP..=SHOWN - FADE).contains(&age) {
        ctx.request_repaint();
    } else {
        // The game's own wake: bevy_egui would draw every frame until egui's delayed repaint.
        let until = if animated && age < SHOWN - FADE { SHOWN - FADE - age } else { SHOWN - age };
        wake.after_secs(until.max(0.0));
    }
    Ok(())
}

/// The card: in a wide window at the right under the bar and the right-hand player card, over
/// the tray's dish (never over the toolbar, the board or the card at the end of a game, which
/// opens as a milestone is earned); in a narrow one at the top in the middle.
fn draw_card(ctx: &egui::Context, title: String, about: String, drop: f32, alpha: f32) {
    let wide = ctx.content_rect().width() >= 1000.0;
    let (align, offset) = if wide {
        (egui::Align2::RIGHT_TOP, egui::vec2(-12.0, super::HUD_HEIGHT + 52.0 - 140.0 * drop))
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
                    ui.set_max_width(if wide { 260.0 } else { 440.0 });
                    ui.vertical_centered(|ui| {
                        ui.add(
                            egui::Label::new(egui::RichText::new(title).size(19.0).strong().color(palette::FOCUS))
                                .wrap(),
                        );
                        ui.add(egui::Label::new(egui::RichText::new(about).size(15.0).color(palette::TEXT)).wrap());
                    });
                });
        });
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

    #[test]
    fn two_milestones_earned_together_are_both_shown_in_turn_even_after_a_long_rest() {
        let mut state = ToastState::default();
        // Both earned in a frame that follows a 60 s rest: the first card starts now, at age 0.
        assert_eq!(state.advance(2, 100.0), Some((0, 0.0, true)));
        assert_eq!(state.advance(2, 102.0), Some((0, 2.0, false)));
        // Its time over, the second comes in the same frame, from its own start.
        assert_eq!(state.advance(2, 104.6), Some((1, 0.0, true)));
        assert_eq!(state.advance(2, 200.0), None, "both shown, nothing more");
        assert_eq!(state.advance(3, 300.0), Some((2, 0.0, true)), "a later one has its turn");
    }
}
