//! The title screen: the game's name on a card over the board, its menu and the controls.

use super::palette;
use super::widgets::{ButtonSize, MenuCan, menu_buttons, root_ui};
use crate::game::board::input::LastDevice;
use crate::game::menus::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, context, menu_items};
use crate::game::modes::saves::{Resumable, SaveList};
use crate::game::platform::i18n::{Msg, Tr};
use crate::game::platform::settings::Settings;
use crate::game::play::screen::{Overlay, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The pad's and the keyboard's controls, in words (message keys, on the title).
const CONTROLS: [&str; 3] = ["controls-mouse", "controls-keys", "controls-pad"];

pub(super) fn title_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    tr: Res<Tr>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
    profile: Option<Res<crate::game::modes::saves::Profile>>,
    device: Res<LastDevice>,
    mut fits: ResMut<crate::game::play::screen::MenuFits>,
    mut last_focus: Local<usize>,
    mut chosen_writer: MessageWriter<MenuChosen>,
    mut adjust_writer: MessageWriter<MenuAdjust>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    let mut root = root_ui(ctx);
    let height = ctx.content_rect().height();
    let size = ButtonSize::for_height(height);
    let compact = height < 700.0;
    let mut fitted = true;
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
            // The menu on a dark, rounded card, so the board playing behind stays art.
            let card_width = (ui.available_width() - 16.0).min(560.0);
            let margin = ((ui.available_width() - card_width) / 2.0).max(0.0);
            ui.add_space(if compact { 4.0 } else { 16.0 });
            ui.horizontal(|ui| {
                ui.add_space(margin);
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 242))
                    .corner_radius(18)
                    .inner_margin(egui::Margin::symmetric(12, if compact { 6 } else { 14 }))
                    .show(ui, |ui| {
                        ui.set_width(card_width - 24.0);
                        ui.vertical_centered(|ui| {
                            ui.add_space(if compact { 2.0 } else { 12.0 });
                            ui.label(egui::RichText::new("Kōnane").size(if compact { 56.0 } else { 76.0 }).strong());
                            ui.label(egui::RichText::new(tr.t("title-subtitle")).size(20.0).color(palette::TEXT_DIM));
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            if settings.tutorial == 0 {
                                // Until a lesson has been passed, the title points newcomers to the tutorial.
                                ui.label(
                                    egui::RichText::new(tr.t("title-new-player")).size(17.0).color(palette::FOCUS),
                                );
                            }
                            if profile.as_ref().is_some_and(|p| !p.owns_autosave()) {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(tr.t("title-profile-in-use"))
                                            .color(palette::WARN)
                                            .size(15.0),
                                    )
                                    .wrap(),
                                );
                            }
                            if let Resumable::Unreadable(why) = &*resumable {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(
                                            tr.msg(&Msg::new("title-unreadable").text("why", why.clone())),
                                        )
                                        .color(palette::WARN)
                                        .size(15.0),
                                    )
                                    .wrap(),
                                );
                            }
                            let menu_ctx = context(&resumable, &saves, None, None, None, &settings);
                            let items = menu_items(Screen::Title, Overlay::None, menu_ctx);
                            let choose = |i: MenuItem| menu_ctx.enabled(i);
                            let step = |i: MenuItem, d: i32| crate::game::menus::can_adjust(&settings, i, d);
                            let can = MenuCan { choose: &choose, step: &step };
                            // While a screen is open over the title, its buttons only show.
                            let mut no_focus = *focus;
                            no_focus.index = usize::MAX;
                            let over = *overlay != Overlay::None;
                            let moved = focus.index != *last_focus;
                            *last_focus = focus.index;
                            let focus = if over { &mut no_focus } else { &mut *focus };
                            let label = |item: MenuItem| item.text(&settings, &tr);
                            ui.spacing_mut().item_spacing.y = if compact { 6.0 } else { 10.0 };
                            menu_buttons(ui, &items, &label, &can, size, focus, moved, &mut chosen, &mut adjusted);
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            // The controls of the device in use; before any is used, the mouse's
                            // and the keyboard's.
                            let shown: &[&str] = match *device {
                                LastDevice::Pointer => &CONTROLS[..2],
                                LastDevice::Keyboard => &CONTROLS[1..2],
                                LastDevice::Pad => &CONTROLS[2..],
                            };
                            for key in shown {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(tr.t(key)).size(15.0).color(palette::TEXT_DIM),
                                    )
                                    .wrap(),
                                );
                            }
                        });
                    });
            });
        });
        fitted = scrolled.content_size.y <= scrolled.inner_rect.height() + 1.0;
    });
    if *overlay == Overlay::None {
        fits.0 = fitted;
    }
    if *overlay == Overlay::None {
        for item in chosen {
            chosen_writer.write(MenuChosen(item));
        }
        for a in adjusted {
            adjust_writer.write(a);
        }
    }
    Ok(())
}
