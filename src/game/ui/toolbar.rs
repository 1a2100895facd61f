//! The toolbar's buttons above the board: an icon and its words (the icon alone in a narrow
//! bar), lit while a toggle is on.

use super::icons::Icon;
use super::palette;
use bevy_egui::egui;

/// A toolbar button's content and state.
pub(super) struct Tool<'a> {
    pub(super) icon: Icon,
    pub(super) words: &'a str,
    pub(super) enabled: bool,
    /// Lit: a toggle that is on (the move list).
    pub(super) selected: bool,
    /// In a bar too narrow for the words: the icon alone (the words are its tooltip and
    /// accessible name).
    pub(super) icon_only: bool,
}

/// A toolbar button: its icon, then its words; lit (the accent's tint) while selected.
pub(super) fn tool_button(ui: &mut egui::Ui, tool: &Tool, min_width: f32, text_size: f32) -> egui::Response {
    let font = super::theme::medium(text_size);
    let shown = if tool.icon_only { String::new() } else { tool.words.to_owned() };
    let galley = ui.painter().layout_no_wrap(shown, font, palette::TEXT);
    let icon_size = text_size * 0.95;
    let pad = ui.spacing().button_padding.x.min(12.0);
    let gap = if tool.icon_only { 0.0 } else { 6.0 };
    let width = (galley.size().x + icon_size + gap + 2.0 * pad).max(min_width);
    let sense = if tool.enabled { egui::Sense::click() } else { egui::Sense::hover() };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, 30.0), sense);
    super::probe::note(super::probe::Kind::Widget, ui.layer_id(), tool.words, rect, ui.clip_rect());
    let (words, enabled) = (tool.words, tool.enabled);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, words));
    let visuals = ui.visuals();
    let hot = tool.enabled && response.hovered();
    let fill = match (tool.selected, hot) {
        (true, _) => palette::ACCENT.gamma_multiply(0.35),
        (false, true) => visuals.widgets.hovered.bg_fill,
        (false, false) => visuals.widgets.inactive.bg_fill,
    };
    let colour = if tool.enabled { palette::TEXT } else { palette::TEXT_DIM.gamma_multiply(0.5) };
    let painter = ui.painter_at(rect);
    let stroke = if tool.selected { egui::Stroke::new(1.0, palette::ACCENT) } else { egui::Stroke::NONE };
    let fill = if tool.enabled { fill } else { fill.gamma_multiply(0.6) };
    painter.rect(rect, 9, fill, stroke, egui::StrokeKind::Inside);
    let content = icon_size + gap + galley.size().x;
    let left = rect.center().x - content / 2.0;
    let square =
        egui::Rect::from_center_size(egui::pos2(left + icon_size / 2.0, rect.center().y), egui::Vec2::splat(icon_size));
    super::icons::paint(&painter, square, tool.icon, colour);
    painter.galley(egui::pos2(left + icon_size + gap, rect.center().y - galley.size().y / 2.0), galley, colour);
    if tool.icon_only { response.on_hover_text(tool.words) } else { response }
}
