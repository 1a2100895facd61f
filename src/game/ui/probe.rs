//! The interface's own rectangles, for the layout test: each frame the widgets that matter
//! (menu items, toolbar buttons, the bar's words, player cards, the cards beside the board)
//! and the board itself note where they were drawn; a scripted run writes the last frame's
//! notes to a file (`layout NAME`), and [`problems`] says what is wrong with them: something
//! outside the window, two things on top of each other, a card over the board. Recording is
//! off unless a script runs.

use bevy_egui::egui::{LayerId, Rect};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a rectangle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Something to read or press: none may overlap another on its layer.
    Widget,
    /// The board (drawn by the engine, not egui): no widget of the bar or card may cover it.
    Board,
    /// A card beside or below the board (the end of a game, a lesson's coach).
    Card,
    /// The window.
    Window,
}

/// One rectangle of a frame, in points.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// What it is.
    pub kind: Kind,
    /// The layer it is drawn on (things on different layers may lie over each other).
    pub layer: String,
    /// Its words (or what it is).
    pub label: String,
    /// The part of it that shows (inside whatever clips it).
    pub rect: Rect,
}

static ON: AtomicBool = AtomicBool::new(false);
static FRAME: Mutex<Vec<Probe>> = Mutex::new(Vec::new());
static LAST: Mutex<Vec<Probe>> = Mutex::new(Vec::new());

/// Turns recording on (a scripted run).
pub fn enable() {
    ON.store(true, Ordering::Relaxed);
}

/// Starts a frame: the last frame's notes become the ones [`last_frame`] gives.
pub fn begin_frame() {
    if !ON.load(Ordering::Relaxed) {
        return;
    }
    let mut frame = FRAME.lock().unwrap_or_else(|e| e.into_inner());
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    if !frame.is_empty() {
        *last = std::mem::take(&mut *frame);
    }
}

/// Notes a rectangle of this frame (only its part inside `clip` shows).
pub fn note(kind: Kind, layer: LayerId, label: &str, rect: Rect, clip: Rect) {
    if !ON.load(Ordering::Relaxed) {
        return;
    }
    let shown = rect.intersect(clip);
    if !shown.is_positive() && kind == Kind::Widget {
        return; // scrolled out of view
    }
    let layer = format!("{:?}/{:?}", layer.order, layer.id);
    let probe = Probe { kind, layer, label: label.to_owned(), rect: shown };
    FRAME.lock().unwrap_or_else(|e| e.into_inner()).push(probe);
}

/// The notes of the last whole frame.
pub fn last_frame() -> Vec<Probe> {
    LAST.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The notes as text, one rectangle a line: kind, layer, x0 y0 x1 y1, label.
pub fn to_text(probes: &[Probe]) -> String {
    probes
        .iter()
        .map(|p| {
            let r = p.rect;
            format!(
                "{:?}\t{}\t{:.1} {:.1} {:.1} {:.1}\t{}\n",
                p.kind,
                p.layer,
                r.min.x,
                r.min.y,
                r.max.x,
                r.max.y,
                p.label.replace(['\t', '\n'], " ")
            )
        })
        .collect()
}

/// Reads [`to_text`]'s lines back.
pub fn from_text(text: &str) -> Result<Vec<Probe>, String> {
    text.lines()
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(i, line)| {
            let parts: Vec<&str> = line.splitn(4, '\t').collect();
            let [kind, layer, rect, label] = parts[..] else { return Err(format!("line {}: 4 fields", i + 1)) };
            let kind = match kind {
                "Widget" => Kind::Widget,
                "Board" => Kind::Board,
                "Card" => Kind::Card,
                "Window" => Kind::Window,
                other => return Err(format!("line {}: no kind {other:?}", i + 1)),
            };
            let n: Vec<f32> = rect.split(' ').filter_map(|v| v.parse().ok()).collect();
            let [x0, y0, x1, y1] = n[..] else { return Err(format!("line {}: a rectangle of 4 numbers", i + 1)) };
            let rect = Rect::from_min_max((x0, y0).into(), (x1, y1).into());
            Ok(Probe { kind, layer: layer.to_owned(), label: label.to_owned(), rect })
        })
        .collect()
}

/// What is wrong with a frame's rectangles: a widget or card outside the window; two widgets
/// of one layer on top of each other; a card, or a widget of the board's layer, over the board.
/// Touching edges and overlaps under 2 points either way are not counted (anti-aliasing).
pub fn problems(probes: &[Probe]) -> Vec<String> {
    let mut out = Vec::new();
    let Some(window) = probes.iter().find(|p| p.kind == Kind::Window).map(|p| p.rect) else {
        return vec!["no window noted".into()];
    };
    let board = probes.iter().find(|p| p.kind == Kind::Board);
    let overlap = |a: Rect, b: Rect| {
        let i = a.intersect(b);
        i.width() > 2.0 && i.height() > 2.0
    };
    for (i, p) in probes.iter().enumerate() {
        if matches!(p.kind, Kind::Widget | Kind::Card) && !window.expand(1.0).contains_rect(p.rect) {
            out.push(format!("{:?} {:?} at {:?} is outside the window {:?}", p.kind, p.label, p.rect, window));
        }
        if let Some(board) = board {
            let covers = p.kind == Kind::Card || (p.kind == Kind::Widget && p.layer == board.layer);
            if covers && overlap(p.rect, board.rect) {
                out.push(format!("{:?} {:?} at {:?} covers the board {:?}", p.kind, p.label, p.rect, board.rect));
            }
            // A card beside the board leaves the bar and the player cards (the board's layer) in view.
            if p.kind == Kind::Card {
                for q in probes.iter().filter(|q| q.kind == Kind::Widget && q.layer == board.layer) {
                    if overlap(p.rect, q.rect) {
                        out.push(format!("card {:?} at {:?} covers {:?} at {:?}", p.label, p.rect, q.label, q.rect));
                    }
                }
            }
        }
        for q in &probes[i + 1..] {
            if p.kind == Kind::Widget && q.kind == Kind::Widget && p.layer == q.layer && overlap(p.rect, q.rect) {
                out.push(format!("{:?} at {:?} and {:?} at {:?} overlap", p.label, p.rect, q.label, q.rect));
            }
        }
    }
    out
}

/// The board's rectangle in a frame's notes.
pub fn board(probes: &[Probe]) -> Option<Rect> {
    probes.iter().find(|p| p.kind == Kind::Board).map(|p| p.rect)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui::{pos2, vec2};

    fn probe(kind: Kind, layer: &str, label: &str, x: f32, y: f32, w: f32, h: f32) -> Probe {
        Probe { kind, layer: layer.into(), label: label.into(), rect: Rect::from_min_size(pos2(x, y), vec2(w, h)) }
    }

    #[test]
    fn the_layout_check_finds_what_is_outside_on_top_of_another_or_over_the_board() {
        let window = probe(Kind::Window, "-", "window", 0.0, 0.0, 800.0, 600.0);
        let board = probe(Kind::Board, "bg", "board", 200.0, 100.0, 400.0, 400.0);
        let fine = vec![
            window.clone(),
            board.clone(),
            probe(Kind::Widget, "bg", "Undo", 10.0, 10.0, 80.0, 30.0),
            probe(Kind::Widget, "bg", "Redo", 90.0, 10.0, 80.0, 30.0), // touching is fine
            probe(Kind::Widget, "modal", "Resume", 250.0, 200.0, 300.0, 40.0), // over the board, on top
            probe(Kind::Card, "area", "Game over", 610.0, 100.0, 180.0, 300.0),
        ];
        assert_eq!(problems(&fine), Vec::<String>::new());
        let mut bad = fine.clone();
        bad.push(probe(Kind::Widget, "bg", "Hint", 150.0, 20.0, 80.0, 30.0)); // on Redo
        bad.push(probe(Kind::Widget, "bg", "You", 180.0, 120.0, 60.0, 30.0)); // over the board
        bad.push(probe(Kind::Card, "area", "Lesson", 560.0, 100.0, 300.0, 200.0)); // over the board, out
        bad.push(probe(Kind::Widget, "bg", "White", 700.0, 110.0, 90.0, 30.0)); // under the card
        let found = problems(&bad);
        assert_eq!(found.len(), 6, "{found:#?}");
        assert!(found.iter().any(|p| p.contains("card \"Game over\"") && p.contains("covers \"White\"")));
        assert!(found.iter().any(|p| p.contains("\"Hint\"") && p.contains("\"Redo\"") && p.contains("overlap")));
        assert!(found.iter().any(|p| p.contains("\"You\"") && p.contains("covers the board")));
        assert!(found.iter().any(|p| p.contains("\"Lesson\"") && p.contains("outside the window")));
        assert!(found.iter().any(|p| p.contains("\"Lesson\"") && p.contains("covers the board")));
        assert_eq!(problems(&fine[1..]), ["no window noted"]);
    }

    #[test]
    fn the_notes_are_written_and_read_back() {
        let probes = vec![
            probe(Kind::Window, "-", "window", 0.0, 0.0, 800.0, 600.0),
            probe(Kind::Widget, "Background/Id(1)", "Sound: on\t(M)", 10.5, 10.0, 80.0, 30.0),
        ];
        let back = from_text(&to_text(&probes)).unwrap();
        assert_eq!(back[0], probes[0]);
        assert_eq!(back[1].label, "Sound: on (M)");
        assert_eq!(back[1].rect, probes[1].rect);
        assert!(from_text("Widget\tx\t1 2 3\tlabel").is_err());
        assert!(from_text("Blob\tx\t1 2 3 4\tlabel").is_err());
    }
}
