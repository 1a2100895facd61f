//! Words painted around the board: whose tray is whose, and the coordinates.

use super::palette;
use crate::game::board::view::{Layout, cell_pos};
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Geometry};
use bevy::prelude::*;
use bevy_egui::egui;

/// How often the thinking dots step (each step is a frame).
const DOT_STEPS_PER_SECOND: f32 = 3.0;

/// One side's card over its tray: its stone, who plays it, what it took, lit while it is to move.
pub(super) struct PlayerCard {
    pub(super) side: Side,
    pub(super) name: String,
    pub(super) took: String,
    /// The stones it took, for a card with room for nothing else.
    pub(super) count: usize,
    pub(super) lit: bool,
    /// Its clock in an online game with one, and whether it is low (drawn in the warning colour).
    pub(super) clock: Option<(String, bool)>,
}

/// The player cards over the trays — beside the board, above each tray on the side away from
/// the board; below it, above each tray's first row — with three dots on the card of the side
/// that is `thinking` (the computer).
pub(super) fn draw_tray_labels(
    ctx: &egui::Context,
    geo: &Geometry,
    layout: &Layout,
    cards: &[PlayerCard; 2],
    (thinking, right_taken): (Option<Side>, f32),
    clock: Option<f32>,
    wake: &crate::game::platform::redraw::Wake,
) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let size = (layout.cell / z * 0.3).clamp(12.0, 16.0);
    for card in cards {
        let owner = card.side;
        let first = crate::game::board::view::tray_slot(geo, owner, 0, layout.trays_below);
        let (at, align) = if layout.trays_below {
            (layout.to_screen(first + Vec2::new(-0.25, 0.5)) / z, egui::Align2::LEFT_CENTER)
        } else if owner == Side::Black {
            (layout.to_screen(first + Vec2::new(0.3, 0.72)) / z, egui::Align2::RIGHT_CENTER)
        } else {
            (layout.to_screen(first + Vec2::new(-0.3, 0.72)) / z, egui::Align2::LEFT_CENTER)
        };
        // The room beside the board (or, below it, the window's width): a card that does not
        // fit it with its name shows the stone and the count alone.
        let room = card_room(ctx, at.x, layout.trays_below, owner, right_taken);
        let dots = if thinking == Some(owner) { size * 1.8 } else { 0.0 };
        let stone = size * 0.7;
        let chrome = 2.0 * stone + 8.0 + dots + 18.0;
        // The name and the count on one line, else on two, else the count alone.
        let words = [Words::OneLine, Words::TwoLines, Words::Count]
            .into_iter()
            .map(|how| card_words(&painter, card, size, how))
            .find(|w| w.size().x + chrome <= room)
            .unwrap_or_else(|| card_words(&painter, card, size, Words::Count));
        let inner = egui::vec2(2.0 * stone + 8.0 + words.size().x + dots, words.size().y.max(2.0 * stone));
        let rect = align.anchor_size(egui::pos2(at.x, at.y), inner).expand2(egui::vec2(9.0, 5.0));
        // A long name (some languages' words are long) stays inside the window.
        let screen = ctx.content_rect();
        let shift = (screen.left() + 4.0 - rect.left()).max(0.0) + (screen.right() - 4.0 - rect.right()).min(0.0);
        let rect = rect.translate(egui::vec2(shift, 0.0));
        let (fill, stroke) = if card.lit {
            (egui::Color32::from_rgba_unmultiplied(52, 44, 34, 240), egui::Stroke::new(2.0, palette::FOCUS))
        } else {
            (
                egui::Color32::from_rgba_unmultiplied(20, 22, 26, 215),
                egui::Stroke::new(1.0, egui::Color32::from_white_alpha(24)),
            )
        };
        painter.rect(rect, 10.0, fill, stroke, egui::StrokeKind::Inside);
        crate::game::ui::probe::note(crate::game::ui::probe::Kind::Widget, painter.layer_id(), &card.name, rect, rect);
        let centre = egui::pos2(rect.left() + 10.0 + stone, rect.center().y);
        crate::game::ui::palette::paint_stone(&painter, centre, stone, owner);
        let left = centre.x + stone + 8.0;
        let words_end = left + words.size().x;
        let mid = rect.center().y;
        painter.galley(egui::pos2(left, mid - words.size().y / 2.0), words, palette::TEXT);
        if thinking == Some(owner) {
            thinking_dots(&painter, egui::pos2(words_end + 6.0, mid + size * 0.2), size, clock, wake);
        }
    }
}

/// How much a player card says.
#[derive(Clone, Copy)]
enum Words {
    OneLine,
    TwoLines,
    Count,
}

/// A card's words: the name and what it took (on one line or two), or the count alone.
fn card_words(painter: &egui::Painter, card: &PlayerCard, size: f32, how: Words) -> std::sync::Arc<egui::Galley> {
    let mut job = egui::text::LayoutJob::default();
    let format = |font: egui::FontId, color| egui::TextFormat { font_id: font, color, ..Default::default() };
    let took = egui::FontId::proportional(size * 0.9);
    if let Some((time, low)) = &card.clock {
        let colour = if *low { palette::WARN } else { palette::TEXT };
        job.append(time, 0.0, format(crate::game::ui::theme::medium(size * 1.15), colour));
        // With room for one thing only, the clock is it (the tray shows what was taken).
        if matches!(how, Words::Count) {
            return painter.layout_job(job);
        }
        job.append("  ", 0.0, format(took.clone(), palette::TEXT_DIM));
    }
    match how {
        Words::OneLine => {
            job.append(&card.name, 0.0, format(crate::game::ui::theme::medium(size), palette::TEXT));
            job.append(&card.took, size * 0.6, format(took, palette::TEXT_DIM));
        }
        Words::TwoLines => {
            job.append(&card.name, 0.0, format(crate::game::ui::theme::medium(size), palette::TEXT));
            job.append(&format!("\n{}", card.took), 0.0, format(took, palette::TEXT_DIM));
        }
        Words::Count => {
            job.append(&card.count.to_string(), 0.0, format(crate::game::ui::theme::medium(size), palette::TEXT))
        }
    }
    painter.layout_job(job)
}

/// The width a side's card has from its anchor `x` (points): Black's to the window's left
/// edge, White's to the right edge less what a card or the move list takes there
/// (`right_taken`); below the board, the window's width.
fn card_room(ctx: &egui::Context, x: f32, below: bool, owner: Side, right_taken: f32) -> f32 {
    let screen = ctx.content_rect();
    if below {
        return screen.width() - 8.0;
    }
    match owner {
        Side::Black => x - screen.left() - 4.0,
        Side::White => screen.right() - right_taken - x - 4.0,
    }
}

/// Three dots, lit in turn a few times a second (still when animations are off): a stepped
/// pulse looks meant at the few frames a second it is drawn with, and leaves the cores to the
/// search.
fn thinking_dots(
    painter: &egui::Painter,
    start: egui::Pos2,
    size: f32,
    clock: Option<f32>,
    wake: &crate::game::platform::redraw::Wake,
) {
    let r = size * 0.14;
    let lit = clock.map(|t| (t * DOT_STEPS_PER_SECOND) as usize % 3);
    for k in 0..3 {
        let (lift, alpha) = match lit {
            Some(l) if l == k => (r * 1.2, 1.0),
            Some(_) => (0.0, 0.45),
            None => (0.0, 0.8),
        };
        let centre = egui::pos2(start.x + r + k as f32 * r * 3.2, start.y - lift);
        painter.circle_filled(centre, r, palette::FOCUS.gamma_multiply(alpha));
    }
    if clock.is_some() {
        // Through the game's own wake, not egui's: bevy_egui draws at once for any repaint
        // egui asks for, however late it asked for it.
        wake.after(std::time::Duration::from_secs_f32(1.0 / DOT_STEPS_PER_SECOND));
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
