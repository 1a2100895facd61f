//! Words painted around the board: whose tray is whose, and the coordinates.

use super::palette;
use crate::game::board::view::{Layout, cell_pos};
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Geometry};
use bevy::prelude::*;
use bevy_egui::egui;

/// How often the thinking dots step (each step is a frame).
const DOT_STEPS_PER_SECOND: f32 = 3.0;

/// Whose tray is whose: "Black" and "White" over the trays — beside the board, above each
/// tray on the side away from the board; below it, above each tray's first row.
pub(super) fn draw_tray_labels(
    ctx: &egui::Context,
    geo: &Geometry,
    layout: &Layout,
    names: &[String; 2],
    thinking: Option<Side>,
    clock: Option<f32>,
    wake: &crate::game::platform::redraw::Wake,
) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let font = egui::FontId::proportional((layout.cell / z * 0.32).clamp(12.0, 17.0));
    for owner in [Side::Black, Side::White] {
        let first = crate::game::board::view::tray_slot(geo, owner, 0, layout.trays_below);
        let (at, align) = if layout.trays_below {
            (layout.to_screen(first + Vec2::new(-0.25, 0.5)) / z, egui::Align2::LEFT_CENTER)
        } else if owner == Side::Black {
            (layout.to_screen(first + Vec2::new(0.3, 0.7)) / z, egui::Align2::RIGHT_CENTER)
        } else {
            (layout.to_screen(first + Vec2::new(-0.3, 0.7)) / z, egui::Align2::LEFT_CENTER)
        };
        let is_thinking = thinking == Some(owner);
        // Room for three dots after the name while this side thinks.
        let name = &names[owner.index()];
        let text = if is_thinking { format!("{name}      ") } else { name.clone() };
        let galley = painter.layout_no_wrap(text, font.clone(), palette::TEXT);
        let rect = align.anchor_size(egui::pos2(at.x, at.y), galley.size()).expand2(egui::vec2(6.0, 2.0));
        // A long label (some languages' words are long) stays inside the window.
        let screen = ctx.content_rect();
        let shift = (screen.left() + 4.0 - rect.left()).max(0.0) + (screen.right() - 4.0 - rect.right()).min(0.0);
        let rect = rect.translate(egui::vec2(shift, 0.0));
        let fill = if is_thinking {
            egui::Color32::from_rgba_unmultiplied(70, 52, 24, 230)
        } else {
            egui::Color32::from_rgba_unmultiplied(20, 22, 26, 200)
        };
        painter.rect_filled(rect, 6.0, fill);
        painter.galley(rect.min + egui::vec2(6.0, 2.0), galley, palette::TEXT);
        if is_thinking {
            // Three dots, lit in turn a few times a second (still when animations are off): a
            // stepped pulse looks meant at the few frames a second it is drawn with, and
            // leaves the cores to the search.
            let r = font.size * 0.14;
            let lit = clock.map(|t| (t * DOT_STEPS_PER_SECOND) as usize % 3);
            for k in 0..3 {
                let (lift, alpha) = match lit {
                    Some(l) if l == k => (r * 1.2, 1.0),
                    Some(_) => (0.0, 0.45),
                    None => (0.0, 0.8),
                };
                let centre =
                    egui::pos2(rect.right() - 8.0 - (2 - k) as f32 * r * 3.2, rect.center().y + r * 0.6 - lift);
                painter.circle_filled(centre, r, palette::FOCUS.gamma_multiply(alpha));
            }
            if clock.is_some() {
                // Through the game's own wake, not egui's: bevy_egui draws at once for any
                // repaint egui asks for, however late it asked for it.
                wake.after(std::time::Duration::from_secs_f32(1.0 / DOT_STEPS_PER_SECOND));
            }
        }
    }
}

/// Letters under the board and numbers to its left.
pub(super) fn draw_coordinates(ctx: &egui::Context, geo: &Geometry, layout: &Layout) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let font = egui::FontId::proportional((layout.cell / z * 0.3).clamp(12.0, 18.0));
    let color = egui::Color32::from_rgb(214, 204, 186);
    for c in 0..geo.cols() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(geo.rows() - 1, c)) + Vec2::new(0.0, -0.72)) / z;
        painter.text(egui::pos2(p.x, p.y), egui::Align2::CENTER_CENTER, col_letter(c).to_string(), font.clone(), color);
    }
    for r in 0..geo.rows() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(r, 0)) + Vec2::new(-0.72, 0.0)) / z;
        painter.text(
            egui::pos2(p.x, p.y),
            egui::Align2::CENTER_CENTER,
            row_number(geo.rows(), r).to_string(),
            font.clone(),
            color,
        );
    }
}
