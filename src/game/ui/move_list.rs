//! The move list beside or below the board: one entry per move (clicking one shows the
//! position after it), with the standing across the game while it is analysed.

use super::analysis::analysis_view;
use crate::game::board::view::Layout;
use crate::game::modes::analysis::GameAnalysis;
use crate::game::platform::i18n::{Tr, side_name};
use crate::game::play::screen::{MOVE_LIST_HEIGHT, MOVE_LIST_WIDTH, Review, move_list_below};
use crate::rules::{Color as Side, Game, move_to_string};
use bevy::prelude::*;
use bevy_egui::egui;

/// Notes the move list's panel for the layout probe (nothing of the board's layer may lie under it).
fn note_list(response: &egui::Response) {
    super::probe::note(super::probe::Kind::Card, response.layer_id, "moves", response.rect, response.rect);
}

/// The entries of the list: `1. d5` — or, `numbered` in the narrow list beside the board,
/// `  1. Black d5` (`black` and `white` are the sides' names).
fn entries(game: &Game, numbered: bool, black: &str, white: &str) -> Vec<String> {
    let geo = game.geometry();
    let moves = game.moves();
    let named = moves.iter().enumerate().map(|(i, m)| (i, if i % 2 == 0 { black } else { white }, m));
    named
        .map(|(i, side, m)| match numbered {
            true => format!("{:>3}. {side} {}", i + 1, move_to_string(geo, *m)),
            false => format!("{}. {}", i + 1, move_to_string(geo, *m)),
        })
        .collect()
}

/// What showing the position after `ply` of a game of `plies` moves does to the review: the
/// last position is the game itself.
fn review_at(ply: usize, plies: usize) -> Option<usize> {
    (ply < plies).then_some(ply)
}

/// What the move list shows.
struct List<'a> {
    game: &'a Game,
    /// The position shown: after this many moves.
    current: usize,
    /// An earlier position is shown (the list then stays where it is, not at its end).
    reviewing: bool,
    /// The list opened this frame: the move shown is scrolled to (as when it changes).
    opened: bool,
    /// The sides' names.
    black: String,
    white: String,
    analysis: &'a GameAnalysis,
    tr: &'a Tr,
}

/// Shows the move list (below the board when the window is tall, else beside it); a click on
/// a move or on the graph shows that position. `opened`: the list opened this frame.
pub(super) fn show_move_list(
    ctx: &egui::Context,
    root: &mut egui::Ui,
    game: &Game,
    review: &mut ResMut<Review>,
    opened: bool,
    layout: &Layout,
    analysis: &GameAnalysis,
    tr: &Tr,
) {
    let frame = egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::same(10));
    let list = List {
        game,
        current: review.0.unwrap_or(game.ply()),
        reviewing: review.0.is_some(),
        opened,
        black: tr.msg(&side_name(Side::Black)),
        white: tr.msg(&side_name(Side::White)),
        analysis,
        tr,
    };
    let mut clicked = None;
    if move_list_below(layout.window) {
        // All the room the board leaves below it (see `Layout::below_room`).
        let height = (layout.below_room / ctx.zoom_factor()).max(MOVE_LIST_HEIGHT);
        let shown = egui::Panel::bottom("moves").exact_size(height).frame(frame).show(root, |ui| {
            ui.label(egui::RichText::new(tr.t("moves-title")).size(18.0).strong());
            // The graph and its notes on the left, the moves beside them.
            ui.horizontal_top(|ui| {
                if analysis.covers(game) {
                    ui.vertical(|ui| {
                        ui.set_width(ui.available_width().min(230.0));
                        // The graph grows into the room the board leaves.
                        clicked = graph(ui, &list, (height - 84.0).clamp(48.0, 220.0));
                    });
                }
                egui::ScrollArea::vertical().stick_to_bottom(!list.reviewing).show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| entry_rows(ui, &list, false, review));
                });
            });
        });
        note_list(&shown.response);
    } else {
        let shown = egui::Panel::right("moves").exact_size(MOVE_LIST_WIDTH).frame(frame).show(root, |ui| {
            ui.label(egui::RichText::new(tr.t("moves-title")).size(20.0).strong());
            clicked = graph(ui, &list, 80.0);
            egui::ScrollArea::vertical()
                .stick_to_bottom(!list.reviewing)
                .show(ui, |ui| entry_rows(ui, &list, true, review));
        });
        note_list(&shown.response);
    }
    if let Some(ply) = clicked {
        review.0 = review_at(ply, game.ply());
    }
}

/// One entry per move; clicking one shows the position after it (the last is the game).
fn entry_rows(ui: &mut egui::Ui, list: &List, numbered: bool, review: &mut ResMut<Review>) {
    for (i, text) in entries(list.game, numbered, &list.black, &list.white).into_iter().enumerate() {
        let shown = list.current == i + 1;
        let response = ui.selectable_label(shown, egui::RichText::new(text).size(16.0));
        if shown && (review.is_changed() || list.opened) {
            response.scroll_to_me(None);
        }
        if response.clicked() {
            review.0 = review_at(i + 1, list.game.ply());
        }
    }
}

/// The standing across the game, while it is analysed (a finished game, or review); returns
/// the ply clicked on it.
fn graph(ui: &mut egui::Ui, list: &List, height: f32) -> Option<usize> {
    if !list.analysis.covers(list.game) {
        return None;
    }
    let width = ui.available_width().min(420.0);
    analysis_view(ui, list.analysis, list.game, list.current, egui::vec2(width, height), list.tr, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_numbers_each_move_and_beside_the_board_names_its_side() {
        let mut game = Game::new(crate::game::setup::standard());
        for _ in 0..3 {
            let m = game.legal_moves()[0];
            game.play(m).unwrap();
        }
        let names: Vec<String> = game.moves().iter().map(|m| move_to_string(game.geometry(), *m)).collect();
        assert_eq!(entries(&game, false, "B", "W"), [0, 1, 2].map(|i| format!("{}. {}", i + 1, names[i])));
        let numbered = entries(&game, true, "Black", "White");
        assert_eq!(numbered[0], format!("  1. Black {}", names[0]));
        assert_eq!(numbered[1], format!("  2. White {}", names[1]));
    }

    #[test]
    fn choosing_the_last_move_goes_back_to_the_game() {
        assert_eq!(review_at(3, 10), Some(3));
        assert_eq!(review_at(0, 10), Some(0));
        assert_eq!(review_at(10, 10), None);
    }
}
