//! The board for a screen reader, and moves typed in notation. A reader sees, besides the
//! widgets: the cell under the board's cursor (focused while the board has the input, named
//! "d5, black stone, can jump to d3 and d1"), and a polite live region with the latest
//! announcement (a move and its captures, a refusal, the position read out). The field where
//! a move is typed opens with T: `c3-c5` and Enter plays it, through the same cell activations
//! a click or the cursor makes, so every check and refusal is the board's own.

use super::palette;
use crate::game::board::input::{BoardCursor, CancelSelection, CellActivated, OpenMoveEntry, Selection};
use crate::game::platform::access;
use crate::game::platform::i18n::{Msg, Tr};
use crate::game::platform::settings::Settings;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{Overlay, Review, Turn};
use crate::game::play::spoken::{Announcement, describe_cell};
use crate::game::setup::Controller;
use crate::rules::{Color as Side, Move, parse_move};
use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Live, Role};
use bevy_egui::{EguiContexts, egui};

/// The field where a move is typed: open or not, its text, and what was wrong with the last
/// try. Only [`board_speech`] changes it.
#[derive(Default)]
pub(super) struct MoveEntry {
    open: bool,
    just_opened: bool,
    text: String,
    error: Option<Msg>,
    /// A typed move waiting for the move being shown to finish (the board takes no move
    /// while it animates; a typed one is kept, not lost).
    pending: Vec<crate::rules::Coord>,
}

/// The one person at this screen, if exactly one side is a person here (then stones are "yours").
fn you(rules: &Rules) -> Option<Side> {
    let human = |s: Side| rules.controller(s) == Controller::Human;
    match (human(Side::Black), human(Side::White)) {
        (true, false) => Some(Side::Black),
        (false, true) => Some(Side::White),
        _ => None,
    }
}

/// What typing `text` does: the cells to activate in order (the stone, then its landing; a
/// removal's cup alone), or the message for a text that is no move on this board.
pub(super) fn typed_move(rules: &Rules, text: &str) -> Result<Vec<crate::rules::Coord>, Msg> {
    let geo = rules.game.geometry();
    match parse_move(geo, text) {
        Ok(m) if m.is_removal() => Ok(vec![m.from]),
        Ok(Move { from, to }) => Ok(vec![from, to]),
        Err(_) => Err(Msg::new("move-entry-bad").text("text", crate::rules::quote::shown(text.trim()))),
    }
}

/// The reader's board and announcements, and the move field, over the game screen.
pub(super) fn board_speech(
    mut contexts: EguiContexts,
    rules: Option<Res<Rules>>,
    cursor: Res<BoardCursor>,
    selection: Res<Selection>,
    overlay: Res<Overlay>,
    review: Res<Review>,
    said: Res<Announcement>,
    tr: Res<Tr>,
    turn: Res<State<Turn>>,
    settings: Res<Settings>,
    mut entry: Local<MoveEntry>,
    mut open: MessageReader<OpenMoveEntry>,
    mut cells: MessageWriter<CellActivated>,
    mut cancel: MessageWriter<CancelSelection>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(rules) = rules else { return Ok(()) };
    if open.read().count() > 0 && !entry.open {
        *entry = MoveEntry { open: true, just_opened: true, ..MoveEntry::default() };
    }
    if !entry.pending.is_empty() && *turn.get() != Turn::Animating {
        cancel.write(CancelSelection);
        cells.write_batch(std::mem::take(&mut entry.pending).into_iter().map(CellActivated));
    }
    announcements(ctx, tr.msg(&said.msg), &tr);
    let board_has_input = *overlay == Overlay::None && review.0.is_none();
    if !board_has_input {
        entry.open = false;
    }
    if entry.open {
        if let Some(typed) = move_field(ctx, &mut entry, &tr) {
            match typed_move(&rules, &typed) {
                Ok(mut at) => {
                    // Typing the move and Enter is the confirmation "confirm each move" asks for.
                    if settings.confirm_moves && !at.is_empty() {
                        at.push(at[at.len() - 1]);
                    }
                    entry.pending = at;
                    entry.open = false;
                }
                Err(msg) => entry.error = Some(msg),
            }
        }
        return Ok(());
    }
    if board_has_input {
        let words = tr.msg(&describe_cell(&rules.game, cursor.at, you(&rules), selection.selected));
        board_cell(ctx, cursor.at, words, &tr);
    }
    Ok(())
}

/// The polite live region that says the latest announcement.
fn announcements(ctx: &egui::Context, text: String, tr: &Tr) {
    ctx.accesskit_node_builder(egui::Id::new("konane-announcements"), |node| {
        node.set_role(Role::Label);
        node.set_value(text);
        node.set_description(tr.t("say-announcements"));
        node.set_live(Live::Polite);
    });
}

/// The board's cursor cell, described in `words`, as the focus (its own node for each cell,
/// so that a reader hears the move of the cursor as a change of focus).
fn board_cell(ctx: &egui::Context, at: crate::rules::Coord, words: String, tr: &Tr) {
    let id = egui::Id::new(("konane-board-cell", at.row, at.col));
    ctx.accesskit_node_builder(id, |node| {
        node.set_role(Role::Cell);
        node.set_label(words);
        node.set_description(tr.t("say-board"));
    });
    access::focus(ctx, id);
}

/// The move field at the foot of the window; the text when Enter was pressed in it. Esc (or
/// leaving it) closes it.
fn move_field(ctx: &egui::Context, entry: &mut MoveEntry, tr: &Tr) -> Option<String> {
    let mut submitted = None;
    egui::Area::new(egui::Id::new("konane-move-entry"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -24.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(tr.t("move-entry-label")).strong().size(18.0));
                let field = egui::TextEdit::singleline(&mut entry.text)
                    .hint_text(tr.t("move-entry-hint"))
                    .desired_width(320.0)
                    .font(egui::FontId::proportional(20.0));
                let response = ui.add(field);
                if entry.just_opened {
                    response.request_focus();
                    entry.just_opened = false;
                }
                if let Some(error) = &entry.error {
                    ui.label(egui::RichText::new(tr.msg(error)).color(palette::WARN).size(16.0));
                }
                if response.lost_focus() {
                    if ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        submitted = Some(entry.text.clone());
                        response.request_focus();
                    } else {
                        entry.open = false;
                    }
                }
            });
        });
    submitted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup::GameSetup;
    use crate::rules::{Coord, Geometry};

    #[test]
    fn a_typed_move_becomes_its_cells_and_nonsense_is_named() {
        let g = Geometry::new(8, 8).unwrap();
        let rules = Rules::new(GameSetup::play(g, [Controller::Human, Controller::Human]), None);
        assert_eq!(typed_move(&rules, " d5 "), Ok(vec![Coord::new(3, 3)]));
        assert_eq!(typed_move(&rules, "c3-c5-c7"), Ok(vec![Coord::new(5, 2), Coord::new(1, 2)]));
        let bad = typed_move(&rules, "z9").unwrap_err();
        assert_eq!(
            Tr::new(crate::game::platform::i18n::Lang::En).msg(&bad),
            "“z9” is not a move here: type a cup (d5) or from-to (c3-c5)"
        );
    }
}
