//! The interface's icons, drawn with the painter in the game's own line style (round caps,
//! one stroke weight per size) rather than taken from a font: they scale with the text, take
//! the colour of the words beside them, and need no glyph a font may lack.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, pos2, vec2};

/// An icon the interface draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Settings: a cog.
    Gear,
    /// Your record: three bars rising.
    Chart,
    /// Quit: the power sign.
    Power,
    /// Lessons: an open book.
    Book,
    /// Puzzles: a stone jumping over another (an arc over two dots).
    Jump,
    /// Online: a globe.
    Globe,
    /// Play or continue: a triangle.
    Play,
    /// Back: an arrow to the left.
    Back,
    /// Undo: an arrow turning back.
    Undo,
    /// Redo: the undo arrow turned the other way.
    Redo,
    /// A hint: a light bulb.
    Hint,
    /// Pause: two bars.
    Pause,
    /// The move list: three lines.
    List,
}

/// Draws `icon` filling the square `rect` in `colour`.
pub fn paint(painter: &egui::Painter, rect: Rect, icon: Icon, colour: Color32) {
    let s = rect.width().min(rect.height());
    let c = rect.center();
    let w = (s * 0.1).max(1.5);
    let stroke = Stroke::new(w, colour);
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    match icon {
        Icon::Gear => gear(painter, c, s, colour, w),
        Icon::Chart => {
            for (i, h) in [0.35, 0.6, 0.85].into_iter().enumerate() {
                let x = -0.3 + i as f32 * 0.3;
                let bar = Rect::from_min_max(at(x - 0.1, 0.42 - h), at(x + 0.1, 0.42));
                painter.rect_filled(bar, 1.5, colour);
            }
        }
        Icon::Power => power(painter, c, s, stroke),
        Icon::Book => book(painter, c, s, stroke),
        Icon::Jump => jump(painter, c, s, colour, stroke),
        Icon::Globe => globe(painter, c, s, stroke),
        Icon::Play => {
            let points = vec![at(-0.26, -0.36), at(0.38, 0.0), at(-0.26, 0.36)];
            painter.add(egui::Shape::convex_polygon(points, colour, Stroke::NONE));
        }
        Icon::Back => {
            painter.line_segment([at(-0.34, 0.0), at(0.36, 0.0)], stroke);
            painter.line_segment([at(-0.34, 0.0), at(-0.08, -0.26)], stroke);
            painter.line_segment([at(-0.34, 0.0), at(-0.08, 0.26)], stroke);
        }
        Icon::Undo => undo_arrow(painter, c, s, stroke, 1.0),
        Icon::Redo => undo_arrow(painter, c, s, stroke, -1.0),
        Icon::Hint => {
            painter.circle_stroke(at(0.0, -0.1), s * 0.26, stroke);
            painter.line_segment([at(-0.12, 0.28), at(0.12, 0.28)], stroke);
            painter.line_segment([at(-0.08, 0.4), at(0.08, 0.4)], stroke);
        }
        Icon::Pause => {
            for x in [-0.16, 0.16] {
                painter.rect_filled(Rect::from_center_size(at(x, 0.0), vec2(0.14 * s, 0.62 * s)), 1.5, colour);
            }
        }
        Icon::List => {
            for y in [-0.25, 0.0, 0.25] {
                painter.line_segment([at(-0.34, y), at(0.34, y)], stroke);
            }
        }
    }
}

/// The power sign: a ring open at the top, a bar down into it.
fn power(painter: &egui::Painter, c: Pos2, s: f32, stroke: Stroke) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    let r = s * 0.36;
    let points: Vec<Pos2> = (0..=24)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + 0.7 + i as f32 / 24.0 * (std::f32::consts::TAU - 1.4);
            pos2(c.x + r * a.cos(), c.y + 0.05 * s + r * a.sin())
        })
        .collect();
    painter.add(egui::Shape::line(points, stroke));
    painter.line_segment([at(0.0, -0.45), at(0.0, -0.02)], stroke);
}

/// An open book: two pages from one spine.
fn book(painter: &egui::Painter, c: Pos2, s: f32, stroke: Stroke) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    let spine = [at(0.0, -0.3), at(0.0, 0.38)];
    for side in [-1.0, 1.0] {
        let page = vec![at(0.0, -0.3), at(side * 0.44, -0.38), at(side * 0.44, 0.3), at(0.0, 0.38)];
        painter.add(egui::Shape::closed_line(page, stroke));
    }
    painter.line_segment(spine, stroke);
}

/// A stone hops over its neighbour to the empty cup beyond.
fn jump(painter: &egui::Painter, c: Pos2, s: f32, colour: Color32, stroke: Stroke) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    // A stone hops over its neighbour to the empty cup beyond.
    painter.circle_filled(at(-0.32, 0.26), s * 0.11, colour);
    painter.circle_filled(at(0.0, 0.26), s * 0.11, colour.gamma_multiply(0.6));
    painter.circle_stroke(at(0.32, 0.26), s * 0.1, Stroke::new(stroke.width * 0.8, colour));
    let arc: Vec<Pos2> = (0..=16)
        .map(|i| {
            let t = i as f32 / 16.0;
            at(-0.32 + 0.64 * t, 0.06 - 0.42 * (1.0 - (2.0 * t - 1.0).powi(2)))
        })
        .collect();
    painter.add(egui::Shape::line(arc, stroke));
    let tip = at(0.32, 0.06);
    painter.line_segment([tip, tip + vec2(-0.15 * s, -0.02 * s)], stroke);
    painter.line_segment([tip, tip + vec2(0.02 * s, -0.15 * s)], stroke);
}

/// A globe: a ring, the equator and two meridians.
fn globe(painter: &egui::Painter, c: Pos2, s: f32, stroke: Stroke) {
    let at = |x: f32, y: f32| pos2(c.x + x * s, c.y + y * s);
    let r = s * 0.4;
    painter.circle_stroke(c, r, stroke);
    painter.line_segment([at(-0.4, 0.0), at(0.4, 0.0)], stroke);
    let meridian: Vec<Pos2> = (0..=20)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 / 20.0 * std::f32::consts::PI;
            pos2(c.x + r * 0.45 * a.cos(), c.y + r * a.sin())
        })
        .collect();
    painter.add(egui::Shape::line(meridian.clone(), stroke));
    painter.add(egui::Shape::line(meridian.iter().map(|p| pos2(2.0 * c.x - p.x, p.y)).collect(), stroke));
}

/// An arrow turning back to the left (`dir` 1) or, mirrored, to the right (`dir` -1).
fn undo_arrow(painter: &egui::Painter, c: Pos2, s: f32, stroke: Stroke, dir: f32) {
    let r = s * 0.3;
    let arc: Vec<Pos2> = (0..=18)
        .map(|i| {
            let a = std::f32::consts::PI + i as f32 / 18.0 * std::f32::consts::PI * 1.3;
            pos2(c.x + dir * (0.04 * s + r * a.cos()), c.y + 0.06 * s + r * a.sin())
        })
        .collect();
    let start = arc[0];
    painter.add(egui::Shape::line(arc, stroke));
    painter.line_segment([start, start + vec2(dir * -0.12 * s, -0.16 * s)], stroke);
    painter.line_segment([start, start + vec2(dir * 0.16 * s, -0.1 * s)], stroke);
}

/// A cog: eight teeth round a ring.
fn gear(painter: &egui::Painter, c: Pos2, s: f32, colour: Color32, w: f32) {
    let (outer, inner) = (s * 0.44, s * 0.32);
    let teeth = 8;
    let mut points = Vec::new();
    for i in 0..teeth * 4 {
        let a = i as f32 / (teeth * 4) as f32 * std::f32::consts::TAU;
        let r = if (i % 4) < 2 { outer } else { inner };
        points.push(pos2(c.x + r * a.cos(), c.y + r * a.sin()));
    }
    painter.add(egui::Shape::closed_line(points, Stroke::new(w, colour)));
    painter.circle_stroke(c, s * 0.12, Stroke::new(w, colour));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every icon draws something, and all of it inside its square (a little stroke aside).
    #[test]
    fn every_icon_draws_inside_its_square() {
        let ctx = egui::Context::default();
        let icons = [
            Icon::Gear,
            Icon::Chart,
            Icon::Power,
            Icon::Book,
            Icon::Jump,
            Icon::Globe,
            Icon::Play,
            Icon::Back,
            Icon::Undo,
            Icon::Redo,
            Icon::Hint,
            Icon::Pause,
            Icon::List,
        ];
        let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
            for icon in icons {
                let rect = Rect::from_min_size(pos2(100.0, 100.0), vec2(24.0, 24.0));
                let layer = egui::LayerId::new(egui::Order::Foreground, egui::Id::new(format!("{icon:?}")));
                let painter = egui::Painter::new(ui.ctx().clone(), layer, Rect::EVERYTHING);
                paint(&painter, rect, icon, Color32::WHITE);
                let drawn = ui.ctx().graphics(|g| g.get(layer).map(|l| l.all_entries().len()).unwrap_or(0));
                assert!(drawn > 0, "{icon:?} drew nothing");
                let bounds = ui.ctx().graphics(|g| {
                    g.get(layer)
                        .unwrap()
                        .all_entries()
                        .fold(Rect::NOTHING, |r, s| r.union(s.shape.visual_bounding_rect()))
                });
                assert!(rect.expand(3.0).contains_rect(bounds), "{icon:?} spills: {bounds:?}");
            }
        });
    }
}
