//! What says a scroll area has more than it shows: a "more below" line under it, and shaded
//! edges with arrows over it.

use super::palette;
use crate::game::platform::i18n::Tr;
use bevy_egui::egui;

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
