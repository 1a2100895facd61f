//! The interface's building blocks: a Ui over the whole window, and menus drawn as large
//! buttons, sized for the window.

use super::palette;
use super::theme::BUTTON_PADDING;
use crate::game::menus::{MenuAdjust, MenuFocus, MenuItem};
use crate::game::platform::i18n::Tr;
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
        // The large buttons need a window at least 840 points high for the title's menu of
        // nine items (a 1280x800 screen gives a 720-point window); an 800x600 screen's
        // 540-point window takes slightly smaller ones still.
        if h < 600.0 {
            ButtonSize { height: 33.0, text: 18.0 }
        } else if h < 840.0 {
            ButtonSize { height: 35.0, text: 18.5 }
        } else {
            ButtonSize { height: 48.0, text: 22.0 }
        }
    }

    /// This size, or smaller (never below [`MIN_BUTTON_HEIGHT`]) so that `n` buttons with
    /// `spacing` between them fit in `room` points; the text shrinks with the button.
    pub(super) fn to_fit(self, n: usize, room: f32, spacing: f32) -> ButtonSize {
        let fitting = room / n.max(1) as f32 - spacing;
        let height = self.height.min(fitting.floor()).max(MIN_BUTTON_HEIGHT.min(self.height));
        ButtonSize { height, text: (self.text * height / self.height).max(self.text * 0.8) }
    }
}

/// The lowest a menu button gets to make its menu fit; below it, the menu scrolls.
const MIN_BUTTON_HEIGHT: f32 = 32.0;

/// What a menu's items allow now: whether one can be chosen, and whether a value can step
/// down (-1) or up (+1).
pub(super) struct MenuCan<'a> {
    pub(super) choose: &'a dyn Fn(MenuItem) -> bool,
    pub(super) step: &'a dyn Fn(MenuItem, i32) -> bool,
    /// Whether a value's − and + buttons are drawn beside it (the invite code's are for pads
    /// only: a keyboard types it, and a mouse user found them odd).
    pub(super) steppers: &'a dyn Fn(MenuItem) -> bool,
    /// What a screen reader calls the − and + buttons ("previous", "next").
    pub(super) step_words: [String; 2],
}

impl<'a> MenuCan<'a> {
    /// What a menu allows, with the words a reader says for its − and + buttons.
    pub(super) fn new(
        choose: &'a dyn Fn(MenuItem) -> bool,
        step: &'a dyn Fn(MenuItem, i32) -> bool,
        steppers: &'a dyn Fn(MenuItem) -> bool,
        tr: &Tr,
    ) -> MenuCan<'a> {
        MenuCan { choose, step, steppers, step_words: [tr.t("access-step-down"), tr.t("access-step-up")] }
    }
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
        let words = label(*item);
        let text = egui::RichText::new(&words).size(size.text);
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
        if focused {
            // A screen reader follows the game's focus, not egui's.
            crate::game::platform::access::focus(ui.ctx(), response.id);
        }
        if enabled && response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
            focus.index = i;
        }
        if response.clicked() {
            chosen.push(*item);
        }
        if item.adjustable() && (can.steppers)(*item) {
            let rect = response.rect;
            for (dir, sign, x, n) in [(-1, "−", rect.left() - 44.0, 0), (1, "+", rect.right() + 4.0, 1)] {
                let at = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(40.0, rect.height()));
                // At the end of its range a step does nothing: its button is greyed out.
                let live = (can.step)(*item, dir);
                let step = egui::Button::new(egui::RichText::new(sign).size(size.text));
                let stepped = ui.put(at, |ui: &mut egui::Ui| ui.add_enabled(live, step));
                // A reader says "Volume 80 %, next", not "plus".
                let name = format!("{words}, {}", can.step_words[n]);
                ui.ctx().accesskit_node_builder(stepped.id, |node| node.set_label(name));
                if stepped.clicked() {
                    adjusted.push(MenuAdjust(*item, dir));
                }
            }
        }
    }
}

/// A line under a scroll area, `height` high, that says "more below" (with an arrow each
/// side) while it hides more than it shows below, and is left empty (its room kept, so nothing
/// moves) once scrolled to the end.
pub(super) fn more_below_row<R>(
    ui: &mut egui::Ui,
    output: &egui::scroll_area::ScrollAreaOutput<R>,
    height: f32,
    tr: &Tr,
) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    let hidden = output.content_size.y - output.state.offset.y - output.inner_rect.height();
    if hidden > 1.0 {
        let painter = ui.painter_at(rect.expand(2.0));
        let text = painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            tr.t("scroll-more-below"),
            egui::FontId::proportional(14.0),
            palette::FOCUS,
        );
        arrows(&painter, text, false);
    }
}

/// A small triangle each side of `text`, pointing up or down (drawn: the fonts may lack one).
fn arrows(painter: &egui::Painter, text: egui::Rect, up: bool) {
    for x in [text.left() - 12.0, text.right() + 12.0] {
        let (c, h) = (egui::pos2(x, text.center().y), 5.0);
        let tip = if up { -h } else { h };
        let points = vec![
            egui::pos2(c.x - h, c.y - tip / 2.0),
            egui::pos2(c.x + h, c.y - tip / 2.0),
            egui::pos2(c.x, c.y + tip / 2.0),
        ];
        painter.add(egui::Shape::convex_polygon(points, palette::FOCUS, egui::Stroke::NONE));
    }
}

/// Over a scroll area that has more above or below than it shows: a shaded edge with an arrow
/// and "more", so a menu's hidden items are never a secret (the scroll bar alone was missed).
pub(super) fn more_cues<R>(ui: &egui::Ui, output: &egui::scroll_area::ScrollAreaOutput<R>, tr: &Tr) {
    let rect = output.inner_rect;
    let offset = output.state.offset.y;
    let hidden_below = output.content_size.y - offset - rect.height();
    let painter = ui.painter_at(rect);
    let band = 30.0_f32.min(rect.height() / 3.0);
    let fill = ui.visuals().window_fill;
    for (show, top) in [(offset > 1.0, true), (hidden_below > 1.0, false)] {
        if !show {
            continue;
        }
        let (edge, inner) = if top { (rect.top(), rect.top() + band) } else { (rect.bottom(), rect.bottom() - band) };
        // A fade from the panel's colour at the edge to clear.
        let mut mesh = egui::Mesh::default();
        let clear = egui::Color32::TRANSPARENT;
        mesh.colored_vertex(egui::pos2(rect.left(), edge), fill);
        mesh.colored_vertex(egui::pos2(rect.right(), edge), fill);
        mesh.colored_vertex(egui::pos2(rect.right(), inner), clear);
        mesh.colored_vertex(egui::pos2(rect.left(), inner), clear);
        mesh.add_triangle(0, 1, 2);
        mesh.add_triangle(0, 2, 3);
        painter.add(egui::Shape::mesh(mesh));
        let (words, anchor, y) = if top {
            ("scroll-more-above", egui::Align2::CENTER_TOP, edge + 2.0)
        } else {
            ("scroll-more-below", egui::Align2::CENTER_BOTTOM, edge - 2.0)
        };
        let text = painter.text(
            egui::pos2(rect.center().x, y),
            anchor,
            tr.t(words),
            egui::FontId::proportional(14.0),
            palette::FOCUS,
        );
        arrows(&painter, text, top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_shrink_to_fit_their_menu_but_no_lower_than_a_floor() {
        let big = ButtonSize::for_height(900.0);
        // Eight items in 420 points: smaller buttons, all in view.
        let fit = big.to_fit(8, 420.0, 10.0);
        assert!(fit.height < big.height && 8.0 * (fit.height + 10.0) <= 420.0, "{}", fit.height);
        assert!(fit.text < big.text && fit.text >= big.text * 0.8);
        // Room enough: unchanged.
        assert_eq!(big.to_fit(4, 420.0, 10.0).height, big.height);
        // Far too many: the floor, and the menu scrolls.
        assert_eq!(big.to_fit(30, 420.0, 10.0).height, MIN_BUTTON_HEIGHT);
    }
}
