//! The end of a game's rating change: a chip with an arrow and the rating counting from where
//! it was to where it is (at once with reduced motion), then the change in plain words.

use super::palette;
use super::theme::{display, medium};
use bevy_egui::egui;

/// Seconds the number takes to count, after a short wait while the card fades in.
const COUNT_TAKES: f32 = 0.9;
const COUNT_WAITS: f32 = 0.3;

/// A rating change to show.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RatingChip {
    /// The rating before and after the game, in whole points.
    pub(super) before: i64,
    pub(super) after: i64,
    /// The change in words ("Your rating rose to 1532 (+14): about Medium level.").
    pub(super) words: String,
}

/// The number the chip shows `age` seconds after the card opened: from the old rating to the
/// new, easing out; the new one at once without motion. Pure.
pub(super) fn counted(chip: &RatingChip, age: f32, motion: bool) -> (i64, bool) {
    if !motion {
        return (chip.after, true);
    }
    let t = ((age - COUNT_WAITS) / COUNT_TAKES).clamp(0.0, 1.0);
    let eased = 1.0 - (1.0 - t).powi(3);
    let shown = chip.before as f32 + (chip.after - chip.before) as f32 * eased;
    (shown.round() as i64, t >= 1.0)
}

/// Draws the chip, centred, and the words under it, `age` seconds after the card opened
/// (infinite with reduced motion).
pub(super) fn rating_chip(ui: &mut egui::Ui, chip: &RatingChip, age: f32) {
    let (number, done) = counted(chip, age, age.is_finite());
    if !done {
        ui.ctx().request_repaint();
    }
    let delta = chip.after - chip.before;
    let colour = match delta.signum() {
        1 => palette::RISE,
        -1 => palette::WARN,
        _ => palette::TEXT_DIM,
    };
    let change = match delta.signum() {
        1 => format!("+{delta}"),
        -1 => format!("\u{2212}{}", -delta),
        _ => "\u{00b1}0".to_owned(),
    };
    let painter = ui.painter();
    // Wide enough for the larger of the two numbers, so the chip does not change size while
    // it counts.
    let widest = chip.before.max(chip.after).to_string();
    let figure = painter.layout_no_wrap(widest, display(26.0), palette::TEXT).size();
    let small = painter.layout_no_wrap(change.clone(), medium(15.0), colour).size();
    let size = egui::vec2(14.0 + 16.0 + 8.0 + figure.x + 10.0 + small.x + 16.0, figure.y.max(34.0) + 6.0);
    ui.horizontal(|ui| {
        ui.add_space(((ui.available_width() - size.x) / 2.0).max(0.0));
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
        let words = chip.words.clone();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &words));
        let painter = ui.painter_at(rect);
        painter.rect(
            rect,
            size.y / 2.0,
            egui::Color32::from_rgb(30, 32, 36),
            egui::Stroke::new(1.5, colour.gamma_multiply(0.8)),
            egui::StrokeKind::Inside,
        );
        let arrow = egui::pos2(rect.left() + 14.0 + 8.0, rect.center().y);
        draw_arrow(&painter, arrow, delta.signum(), colour);
        let x = arrow.x + 8.0 + 8.0;
        painter.text(
            egui::pos2(x, rect.center().y),
            egui::Align2::LEFT_CENTER,
            number.to_string(),
            display(26.0),
            palette::TEXT,
        );
        painter.text(
            egui::pos2(x + figure.x + 10.0, rect.center().y + 2.0),
            egui::Align2::LEFT_CENTER,
            change,
            medium(15.0),
            colour,
        );
    });
    ui.add(egui::Label::new(egui::RichText::new(&chip.words).size(16.0).color(palette::FOCUS)).wrap());
}

/// An arrow up (a rise), down (a fall) or a bar (no change), 16 points wide, at `centre`.
fn draw_arrow(painter: &egui::Painter, centre: egui::Pos2, direction: i64, colour: egui::Color32) {
    let (w, h) = (7.0, 7.0);
    let points = match direction {
        1 => vec![centre + egui::vec2(0.0, -h), centre + egui::vec2(w, h * 0.6), centre + egui::vec2(-w, h * 0.6)],
        -1 => vec![centre + egui::vec2(0.0, h), centre + egui::vec2(-w, -h * 0.6), centre + egui::vec2(w, -h * 0.6)],
        _ => {
            let stroke = egui::Stroke::new(3.0, colour);
            painter.line_segment([centre - egui::vec2(w, 0.0), centre + egui::vec2(w, 0.0)], stroke);
            return;
        }
    };
    painter.add(egui::Shape::convex_polygon(points, colour, egui::Stroke::NONE));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_counts_from_the_old_rating_to_the_new_and_stands_at_once_without_motion() {
        let chip = RatingChip { before: 1500, after: 1532, words: String::new() };
        assert_eq!(counted(&chip, 0.0, true), (1500, false));
        let (middle, done) = counted(&chip, COUNT_WAITS + COUNT_TAKES / 2.0, true);
        assert!(1500 < middle && middle < 1532 && !done, "{middle}");
        assert_eq!(counted(&chip, COUNT_WAITS + COUNT_TAKES + 0.1, true), (1532, true));
        assert_eq!(counted(&chip, 0.0, false), (1532, true));
        let fell = RatingChip { before: 1500, after: 1488, words: String::new() };
        let (m, _) = counted(&fell, COUNT_WAITS + COUNT_TAKES / 2.0, true);
        assert!(1488 < m && m < 1500, "{m}");
    }
}
