//! The rules page: short paragraphs, and diagrams of a jump and a double jump.

use super::palette;
use crate::game::platform::i18n::Tr;
use crate::rules::Color as Side;
use bevy_egui::egui;

/// The rules on one page, in short paragraphs, with small diagrams of a jump and a double jump.
pub(super) fn how_to_play_page(ui: &mut egui::Ui, tr: &Tr) {
    const PARAGRAPHS: [&str; 6] = ["board", "opening", "jump", "again", "end", "tips"];
    for id in PARAGRAPHS {
        ui.label(
            egui::RichText::new(tr.t(&format!("rules-{id}-head")))
                .font(super::theme::display(super::theme::type_scale::SECTION))
                .color(palette::TEXT),
        );
        ui.add(egui::Label::new(egui::RichText::new(tr.t(&format!("rules-{id}"))).size(17.0)).wrap());
        match id {
            // A row of cups before and after: Black on a jumps White on b into c.
            "jump" => rules_diagram(ui, tr, &[Some(Side::Black), Some(Side::White), None, None, None], 1),
            "again" => rules_diagram(ui, tr, &[Some(Side::Black), Some(Side::White), None, Some(Side::White), None], 2),
            _ => {}
        }
        ui.add_space(4.0);
    }
}

/// A row of cups before a jump and after it (`jumps` jumps to the right by the first stone).
fn rules_diagram(ui: &mut egui::Ui, tr: &Tr, row: &[Option<Side>], jumps: usize) {
    let mut after = row.to_vec();
    if let Some(stone) = after[0].take() {
        for k in 0..jumps {
            after[2 * k + 1] = None;
        }
        after[2 * jumps] = Some(stone);
    }
    let cup = 30.0;
    ui.horizontal(|ui| {
        let width = row.len() as f32 * cup * 2.0 + 150.0;
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        for (label, cells) in [(tr.t("rules-diagram-before"), row), (tr.t("rules-diagram-after"), &after[..])] {
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(label).size(15.0).color(palette::TEXT_DIM));
                let (rect, _) = ui.allocate_exact_size(egui::vec2(cells.len() as f32 * cup, cup), egui::Sense::hover());
                let painter = ui.painter_at(rect.expand(2.0));
                // The slab's light stone, darker cups, and stones with a rim so both colours show.
                painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(168, 156, 138));
                for (i, c) in cells.iter().enumerate() {
                    let centre = egui::pos2(rect.left() + cup * (i as f32 + 0.5), rect.center().y);
                    painter.circle_filled(centre, cup * 0.38, egui::Color32::from_rgb(118, 108, 96));
                    if let Some(side) = c {
                        let fill = match side {
                            Side::Black => egui::Color32::from_rgb(30, 30, 34),
                            Side::White => egui::Color32::from_rgb(236, 226, 208),
                        };
                        painter.circle(centre, cup * 0.34, fill, egui::Stroke::new(1.5, egui::Color32::from_gray(70)));
                    }
                }
            });
            ui.add_space(24.0);
        }
    });
}
