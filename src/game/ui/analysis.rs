//! The standing across a game as a small graph, with its notes in words.

use super::palette;
use crate::ai::review::{Standing, Verdict};
use crate::game::modes::analysis::{GameAnalysis, Point, judged};
use crate::game::platform::i18n::{Msg, Tr, side_key};
use crate::rules::{Color, Game, move_to_string};
use bevy_egui::egui::{self, Color32};

/// The standing across the game as a small plot (Black up, White down; proven results at
/// the edge in amber), the shown position as a line, moves that threw a proven win away in
/// red and blunders in orange; under it what was proven and the costliest mistakes in words
/// (at most `notes` of them). Returns the ply clicked on the plot.
pub(super) fn analysis_view(
    ui: &mut egui::Ui,
    analysis: &GameAnalysis,
    game: &Game,
    shown: usize,
    size: egui::Vec2,
    tr: &Tr,
    notes: usize,
) -> Option<usize> {
    let points = analysis.points();
    let mistakes = judged(&points, &game.moves(), game.start());
    // Which way is whose: Black ahead above the middle line, White below.
    let sides = [Color::Black, Color::White].map(|c| tr.msg(&crate::game::platform::i18n::side_name(c)));
    let clicked = draw_graph(ui, &points, &mistakes, (game.moves().len(), shown), size, sides);
    // The captions keep a fixed room (as many lines as they can have), so what is below the
    // graph never moves as the analysis comes in.
    let top = ui.cursor().top();
    for (m, colour) in analysis_notes(&points, &mistakes, game, notes) {
        ui.add(egui::Label::new(egui::RichText::new(tr.msg(&m)).size(14.0).color(colour)).wrap());
    }
    let room = ANALYSIS_CAPTION_LINE * (2 + notes) as f32;
    ui.add_space((room - (ui.cursor().top() - top)).max(0.0));
    clicked
}

/// Small words at the graph's left: the side ahead above the middle line and below it.
fn axis_labels(painter: &egui::Painter, graph: egui::Rect, [above, below]: [String; 2]) {
    let colour = palette::TEXT_DIM.gamma_multiply(0.8);
    let font = egui::FontId::proportional(12.0);
    for (words, at, align) in [
        (above, graph.left_top() + egui::vec2(7.0, 4.0), egui::Align2::LEFT_TOP),
        (below, graph.left_bottom() + egui::vec2(7.0, -4.0), egui::Align2::LEFT_BOTTOM),
    ] {
        let galley = painter.layout_no_wrap(words, font.clone(), colour);
        let rect = align.anchor_size(at, galley.size()).expand2(egui::vec2(4.0, 1.0));
        painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(16, 18, 22));
        painter.galley(rect.min + egui::vec2(4.0, 1.0), galley, colour);
    }
}

/// Draws the plot of a game of `plies` moves (see [`analysis_view`]); returns the ply clicked.
fn draw_graph(
    ui: &mut egui::Ui,
    points: &[Point],
    mistakes: &[(usize, Verdict)],
    (plies, shown): (usize, usize),
    size: egui::Vec2,
    sides: [String; 2],
) -> Option<usize> {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(16, 18, 22));
    painter
        .line_segment([rect.left_center(), rect.right_center()], egui::Stroke::new(1.0, egui::Color32::from_gray(70)));
    let x = |i: usize| rect.left() + 4.0 + (rect.width() - 8.0) * i as f32 / plies.max(1) as f32;
    let y = |s: Standing| rect.center().y - (rect.height() / 2.0 - 4.0) * s.plotted(1000) as f32 / 1000.0;
    for (i, pair) in points.windows(2).enumerate() {
        let proven = matches!((pair[0].standing, pair[1].standing), (Standing::Proven(..), Standing::Proven(..)));
        let colour = if proven { palette::FOCUS } else { palette::TEXT };
        let a = egui::pos2(x(i), y(pair[0].standing));
        let b = egui::pos2(x(i + 1), y(pair[1].standing));
        painter.line_segment([a, b], egui::Stroke::new(2.0, colour));
    }
    for &(i, v) in mistakes {
        if let Some(p) = points.get(i + 1) {
            let colour = if v == Verdict::ThrewAwayWin { palette::WARN } else { egui::Color32::from_rgb(255, 180, 90) };
            painter.circle_filled(egui::pos2(x(i + 1), y(p.standing)), 4.0, colour);
        }
    }
    painter.line_segment(
        [egui::pos2(x(shown), rect.top()), egui::pos2(x(shown), rect.bottom())],
        egui::Stroke::new(1.0, egui::Color32::from_rgba_unmultiplied(255, 184, 64, 160)),
    );
    // Over the line, on the graph's own dark, so the line never runs through them.
    axis_labels(&painter, rect, sides);
    response.clicked().then(|| response.interact_pointer_pos()).flatten().map(|pos| {
        (((pos.x - rect.left() - 4.0) / (rect.width() - 8.0)).clamp(0.0, 1.0) * plies as f32).round() as usize
    })
}

/// The notes under the graph, with their colours: how far the analysis has come (while it
/// runs), the first position proven and for whom (and, when that win was thrown away, by
/// which move), then the costliest mistakes — thrown wins before blunders, at most `notes`.
/// Pure: tested without a window.
fn analysis_notes(points: &[Point], mistakes: &[(usize, Verdict)], game: &Game, notes: usize) -> Vec<(Msg, Color32)> {
    let (geo, moves) = (game.geometry(), game.moves());
    let plies = moves.len();
    let mut out = Vec::new();
    if points.len() < plies + 1 {
        let m = Msg::new("analysis-working").num("done", points.len() as i64).num("total", plies as i64 + 1);
        out.push((m, palette::TEXT_DIM));
    }
    if let Some((i, side)) = points.iter().enumerate().find_map(|(i, p)| match p.standing {
        Standing::Proven(side, _) => Some((i, side)),
        Standing::Score(_) => None,
    }) {
        // A win proven for one side and then thrown away says both: what was proven, and
        // what happened.
        let thrown = game.winner().filter(|w| *w != side).and_then(|winner| {
            mistakes.iter().find(|(k, v)| *k >= i && *v == Verdict::ThrewAwayWin).map(|(k, _)| (winner, *k))
        });
        let m = match thrown {
            Some((winner, k)) => Msg::new("analysis-proven-thrown")
                .num("n", i as i64)
                .text("side", side_key(side))
                .text("winner", side_key(winner))
                .num("m", k as i64 + 1),
            None => Msg::new("analysis-proven").num("n", i as i64).text("side", side_key(side)),
        };
        out.push((m, palette::FOCUS));
    }
    let mut worst: Vec<&(usize, Verdict)> = mistakes.iter().filter(|(_, v)| *v == Verdict::ThrewAwayWin).collect();
    worst.extend(mistakes.iter().filter(|(_, v)| *v == Verdict::Blunder));
    for &&(i, v) in worst.iter().take(notes) {
        let key = if v == Verdict::ThrewAwayWin { "analysis-threw" } else { "analysis-blunder" };
        let best = points[i].best.map(|b| move_to_string(geo, b)).unwrap_or_default();
        let m = Msg::new(key).num("n", i as i64 + 1).text("played", move_to_string(geo, moves[i])).text("best", best);
        out.push((m, if v == Verdict::ThrewAwayWin { palette::WARN } else { palette::TEXT_DIM }));
    }
    out
}

/// The height of one caption line under the analysis graph.
const ANALYSIS_CAPTION_LINE: f32 = 19.0;

/// The room the game-over panel's graph captions take (working, proven, one mistake).
pub(super) const ANALYSIS_CAPTION_ROOM: f32 = ANALYSIS_CAPTION_LINE * 3.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color as Side;

    fn three_plies() -> Game {
        let mut game = Game::new(crate::game::setup::standard());
        for _ in 0..3 {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
        }
        game
    }

    fn keys(notes: &[(Msg, Color32)]) -> Vec<&str> {
        notes.iter().map(|(m, _)| m.key.as_ref()).collect()
    }

    #[test]
    fn the_notes_say_how_far_the_analysis_is_what_was_proven_and_the_worst_mistakes_first() {
        let game = three_plies();
        let score = |s| Point { standing: Standing::Score(s), best: game.moves().first().copied() };
        let proven = Point { standing: Standing::Proven(Side::Black, Some(5)), best: None };
        // Half way: it says so.
        let notes = analysis_notes(&[score(0), score(10)], &[], &game, 2);
        assert_eq!(notes[0].0, Msg::new("analysis-working").num("done", 2).num("total", 4));
        // Done: the first proven position, then a thrown win before an earlier blunder.
        let points = [score(0), score(-400), proven, score(-2000)];
        let mistakes = [(0, Verdict::Blunder), (2, Verdict::ThrewAwayWin)];
        let notes = analysis_notes(&points, &mistakes, &game, 2);
        assert_eq!(keys(&notes), ["analysis-proven", "analysis-threw", "analysis-blunder"]);
        assert_eq!(notes[0].0, Msg::new("analysis-proven").num("n", 2).text("side", side_key(Side::Black)));
        assert_eq!(notes[1].1, palette::WARN);
        // Room for one note: the thrown win.
        assert_eq!(keys(&analysis_notes(&points, &mistakes, &game, 1)), ["analysis-proven", "analysis-threw"]);
    }
}
