//! The opponents' portraits: round medallions of the board's own materials — a wood ring,
//! a field of the board's cell colour and the game's stones — each arranged to show how that
//! opponent plays. Drawn with egui's painter at any size; no image files.

use super::palette;
use crate::ai::Persona;
use crate::rules::Color as Side;
use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, vec2};

/// The wood of the ring, like the board's frame.
const WOOD: Color32 = Color32::from_rgb(122, 78, 44);
/// The ring's light edge.
const WOOD_LIGHT: Color32 = Color32::from_rgb(176, 122, 74);

/// Each opponent's field: a colour of the islands behind the stones.
fn field(persona: Option<Persona>) -> Color32 {
    match persona {
        None => Color32::from_rgb(74, 70, 66),
        Some(Persona::Keala) => Color32::from_rgb(46, 96, 110),
        Some(Persona::Lani) => Color32::from_rgb(70, 88, 130),
        Some(Persona::Pua) => Color32::from_rgb(150, 70, 78),
        Some(Persona::Kekoa) => Color32::from_rgb(160, 96, 40),
        Some(Persona::Makana) => Color32::from_rgb(64, 110, 70),
    }
}

/// Paints the portrait of `persona` (none: the plain computer) filling the square `rect`.
pub fn paint(painter: &egui::Painter, rect: Rect, persona: Option<Persona>) {
    let c = rect.center();
    let r = rect.width().min(rect.height()) / 2.0;
    painter.circle_filled(c + vec2(0.0, r * 0.06), r, Color32::from_black_alpha(80));
    painter.circle_filled(c, r, WOOD);
    painter.circle_stroke(c, r * 0.96, Stroke::new((r * 0.05).max(1.0), WOOD_LIGHT));
    let inner = r * 0.8;
    painter.circle_filled(c, inner, field(persona));
    let s = inner * 0.24;
    let stone = |at: Pos2, side: Side, scale: f32| palette::paint_stone(painter, at, s * scale, side);
    match persona {
        // The plain computer: one black and one white stone, side by side.
        None => {
            stone(c + vec2(-s * 1.1, 0.0), Side::Black, 1.2);
            stone(c + vec2(s * 1.1, 0.0), Side::White, 1.2);
        }
        // The rival: two stones of one size on a level line, kept even.
        Some(Persona::Keala) => {
            let line = Stroke::new((s * 0.18).max(1.0), palette::TEXT_DIM);
            painter.line_segment([c + vec2(-inner * 0.7, s * 1.3), c + vec2(inner * 0.7, s * 1.3)], line);
            painter.line_segment([c + vec2(0.0, s * 1.3), c + vec2(0.0, s * 0.6)], line);
            stone(c + vec2(-s * 1.3, 0.0), Side::Black, 1.0);
            stone(c + vec2(s * 1.3, 0.0), Side::White, 1.0);
        }
        // The mirror: a line down the middle, each stone's twin across it.
        Some(Persona::Lani) => {
            let line = Stroke::new((s * 0.14).max(1.0), palette::TEXT_DIM);
            painter.line_segment([c + vec2(0.0, -inner * 0.75), c + vec2(0.0, inner * 0.75)], line);
            for (dx, dy) in [(1.0, -1.2), (2.0, 0.0), (1.0, 1.2)] {
                stone(c + vec2(-dx * s, dy * s), Side::Black, 0.8);
                stone(c + vec2(dx * s, dy * s), Side::White, 0.8);
            }
        }
        // The attacker (pua, a flower): white petals around a black heart, pressing in.
        Some(Persona::Pua) => {
            for k in 0..5 {
                let a = std::f32::consts::TAU * k as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
                stone(c + vec2(a.cos(), a.sin()) * s * 1.9, Side::White, 0.8);
            }
            stone(c, Side::Black, 1.0);
        }
        // The leaper: a stone with the arcs of a double jump over two others.
        Some(Persona::Kekoa) => leaper(painter, c, inner, s),
        // The hoarder: a close cluster of stones kept together.
        Some(Persona::Makana) => {
            for (dx, dy) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (0.0, 0.0)] {
                let side = if dx == 0.0 { Side::White } else { Side::Black };
                stone(c + vec2(dx * s * 1.25, dy * s * 1.25), side, 0.85);
            }
        }
    }
}

/// Kekoa's portrait: the arcs of a double jump over two white stones, landing black.
fn leaper(painter: &egui::Painter, c: Pos2, inner: f32, s: f32) {
    let from = c + vec2(-inner * 0.62, s * 0.9);
    for o in [c + vec2(-s * 1.2, s * 0.9), c + vec2(s * 0.9, s * 0.9)] {
        palette::paint_stone(painter, o, s * 0.7, Side::White);
    }
    let arc = Stroke::new((s * 0.16).max(1.0), palette::ACCENT);
    let middle = c + vec2(-s * 0.15, s * 0.9);
    let land = c + vec2(inner * 0.6, s * 0.9);
    for (a, b) in [(from, middle), (middle, land)] {
        let points: Vec<Pos2> = (0..=12)
            .map(|i| {
                let t = i as f32 / 12.0;
                a.lerp(b, t) + vec2(0.0, -(t * (1.0 - t)) * 4.0 * s * 1.6)
            })
            .collect();
        painter.add(egui::Shape::line(points, arc));
    }
    palette::paint_stone(painter, land, s * 0.9, Side::Black);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every portrait draws inside its square, and no two draw the same shapes.
    #[test]
    fn every_portrait_draws_inside_its_square_and_each_is_its_own() {
        let ctx = egui::Context::default();
        let rect = Rect::from_min_size(egui::pos2(100.0, 100.0), vec2(64.0, 64.0));
        let mut counts = Vec::new();
        let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
            for p in std::iter::once(None).chain(Persona::ALL.into_iter().map(Some)) {
                let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new(format!("{p:?}")));
                let painter = egui::Painter::new(ui.ctx().clone(), layer, Rect::EVERYTHING);
                paint(&painter, rect, p);
                let (n, bounds) = ui.ctx().graphics(|g| {
                    let l = g.get(layer).unwrap();
                    let b = l.all_entries().fold(Rect::NOTHING, |r, s| r.union(s.shape.visual_bounding_rect()));
                    (l.all_entries().len(), b)
                });
                assert!(rect.expand(3.0).contains_rect(bounds), "{p:?} spills: {bounds:?}");
                counts.push((p, n));
            }
        });
        // Each draws its own arrangement: the shape counts tell most apart, and the two with
        // the same count differ in their field's colour.
        for (i, (a, na)) in counts.iter().enumerate() {
            for (b, nb) in &counts[i + 1..] {
                assert!(na != nb || field(*a) != field(*b), "{a:?} and {b:?} look alike");
            }
        }
    }
}
