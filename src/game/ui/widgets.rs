//! The interface's building blocks: a Ui over the whole window, and menus drawn as large
//! buttons, sized for the window.

use super::palette;
use super::theme::BUTTON_PADDING;
use crate::game::menus::{MenuAdjust, MenuFocus, MenuItem};
use bevy_egui::egui;

/// A Ui covering the whole window, for panels.
pub(super) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    )
}

/// The room a menu button's words have in a window of `window` points (title card or menu
/// over the board, whichever is narrower): their text size and the widest they may be.
pub fn menu_text_room(window: egui::Vec2) -> (f32, f32) {
    let size = ButtonSize::for_height(window.y);
    let modal = 540.0_f32.min(window.x - 32.0);
    let card = (window.x - 16.0).min(560.0) - 24.0;
    (size.text, menu_button_width(modal.min(card)) - 2.0 * BUTTON_PADDING)
}

/// A menu button's width when its menu is `available` wide: room is left on both sides for
/// − and + and, right of them, for the scroll bar of a long menu.
fn menu_button_width(available: f32) -> f32 {
    (available - 140.0).clamp(200.0, 420.0)
}

/// How big menu buttons are: smaller in a low window so a whole menu fits.
#[derive(Clone, Copy)]
pub(super) struct ButtonSize {
    pub(super) height: f32,
    pub(super) text: f32,
}

impl ButtonSize {
    pub(super) fn for_height(h: f32) -> ButtonSize {
        if h < 700.0 { ButtonSize { height: 35.0, text: 18.5 } } else { ButtonSize { height: 48.0, text: 22.0 } }
    }
}

/// What a menu's items allow now: whether one can be chosen, and whether a value can step
/// down (-1) or up (+1).
pub(super) struct MenuCan<'a> {
    pub(super) choose: &'a dyn Fn(MenuItem) -> bool,
    pub(super) step: &'a dyn Fn(MenuItem, i32) -> bool,
}

/// Draws a menu's items as large buttons; the focused one framed in amber (and scrolled into
/// view when the focus moved). Hovering moves the focus (so only one item ever looks focused);
/// a click chooses. `label` gives an item's words.
pub(super) fn menu_buttons(
    ui: &mut egui::Ui,
    items: &[MenuItem],
    label: &dyn Fn(MenuItem) -> String,
    can: &MenuCan,
    size: ButtonSize,
    focus: &mut MenuFocus,
    scroll_to_focus: bool,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let width = menu_button_width(ui.available_width());
    for (i, item) in items.iter().enumerate() {
        let enabled = (can.choose)(*item);
        let focused = focus.index == i && enabled;
        let text = egui::RichText::new(label(*item)).size(size.text);
        let mut button = egui::Button::new(text).min_size(egui::vec2(width, size.height)).corner_radius(12);
        if focused {
            button = button.stroke(egui::Stroke::new(3.0, palette::FOCUS)).fill(ui.visuals().widgets.active.bg_fill);
        }
        // Room for − and + beside a value.
        let response = ui
            .horizontal(|ui| {
                ui.add_space((ui.available_width() - width) / 2.0);
                ui.add_enabled(enabled, button)
            })
            .inner;
        if focused && scroll_to_focus {
            response.scroll_to_me(None);
        }
        if enabled && response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
            focus.index = i;
        }
        if response.clicked() {
            chosen.push(*item);
        }
        if item.adjustable() {
            let rect = response.rect;
            for (dir, sign, x) in [(-1, "−", rect.left() - 44.0), (1, "+", rect.right() + 4.0)] {
                let at = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(40.0, rect.height()));
                // At the end of its range a step does nothing: its button is greyed out.
                let live = (can.step)(*item, dir);
                let step = egui::Button::new(egui::RichText::new(sign).size(size.text));
                if ui.put(at, |ui: &mut egui::Ui| ui.add_enabled(live, step)).clicked() {
                    adjusted.push(MenuAdjust(*item, dir));
                }
            }
        }
    }
}
