//! The bar above the board (its buttons, the score, the status line and a notice or hint)
//! and the move list beside or below the board.

use super::analysis::analysis_view;
use super::board_labels::{draw_coordinates, draw_tray_labels};
use super::palette;
use super::status::status_line;
use super::widgets::root_ui;
use crate::ai::Outlook;
use crate::game::board::input::UiHasKeyboard;
use crate::game::board::view::Layout;
use crate::game::modes::analysis::GameAnalysis;
use crate::game::platform::i18n::{Msg, Tr, level_name, side_name};
use crate::game::platform::settings::Settings;
use crate::game::play::ai_task::{AiState, HintRequest, HintState};
use crate::game::play::authority::{Intent, Rules};
use crate::game::play::score::Score;
use crate::game::play::screen::{
    MOVE_LIST_HEIGHT, MOVE_LIST_WIDTH, MoveListOpen, Navigate, Notice, Overlay, Review, Turn, move_list_below,
};
use crate::rules::{Color as Side, Game, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Height of the HUD above the board, in logical pixels (the board is laid out below it).
pub const HUD_HEIGHT: f32 = crate::game::board::view::TOP_BAR;

/// The HUD's buttons (message keys), left to right.
pub const HUD_BUTTONS: [&str; 5] = ["hud-undo", "hud-redo", "hud-hint", "hud-menu", "hud-moves"];
/// The smallest width of a HUD button (its words get the button's padding around them).
pub const HUD_BUTTON_MIN_WIDTH: f32 = 72.0;

/// The bar above the board: a fixed group of buttons that never moves, then the status in
/// words on its own line, then a notice (a refusal, the computer's move, a hint).
pub(super) fn game_hud(
    mut contexts: EguiContexts,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    turn: Res<State<Turn>>,
    ai: Res<AiState>,
    layout: Res<Layout>,
    notice: Res<Notice>,
    score: Res<Score>,
    mut nav: MessageWriter<Navigate>,
    mut review: ResMut<Review>,
    mut move_list: ResMut<MoveListOpen>,
    mut intents: MessageWriter<Intent>,
    mut keyboard: ResMut<UiHasKeyboard>,
    hints: Res<HintState>,
    mut hint_requests: MessageWriter<HintRequest>,
    (tutorial, tr, puzzle, analysis, online): (
        Option<Res<crate::game::modes::tutorial::Tutorial>>,
        Res<Tr>,
        Option<Res<crate::game::modes::puzzles::PuzzleRun>>,
        Res<GameAnalysis>,
        Option<Res<crate::game::modes::online::OnlineGame>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    keyboard.0 = ctx.egui_wants_keyboard_input();
    let Some(rules) = rules else { return Ok(()) };
    let game = &rules.game;
    let mut status = tr.msg(&status_line(game, rules.resigned, &rules.setup, *turn.get()));
    if let Some(t) = tutorial.as_deref() {
        let lesson = t.current();
        let part = if !t.passed && lesson.asks_a_move() { "task" } else { "title" };
        let m = Msg::new("status-lesson")
            .num("n", t.lesson as i64 + 1)
            .num("total", crate::game::modes::tutorial::LESSONS.len() as i64)
            .sub("text", lesson.msg(part));
        status = tr.msg(&m);
    }
    if let Some(run) = puzzle.as_deref() {
        status = tr.msg(&crate::game::modes::puzzles::status(run, game.geometry()));
    }
    let frame =
        egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::symmetric(12, 6));
    let mut root = root_ui(ctx);
    egui::Panel::top("hud").exact_size(HUD_HEIGHT).frame(frame).show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let human_turn = *turn.get() == Turn::Human;
            let small = |key: &str| egui::Button::new(tr.t(key)).min_size(egui::vec2(HUD_BUTTON_MIN_WIDTH, 30.0));
            let live = review.0.is_none();
            // Online: Undo asks the friend, and there is no redo and no hint (fair play).
            let online_game = rules.setup.mode == crate::game::setup::GameMode::Online;
            if ui.add_enabled(live && game.can_undo(), small("hud-undo")).on_hover_text(tr.t("hud-undo-keys")).clicked()
            {
                intents.write(Intent::Undo);
            }
            if ui.add_enabled(live && game.can_redo() && !online_game, small("hud-redo")).on_hover_text(tr.t("hud-redo-keys")).clicked()
            {
                intents.write(Intent::Redo);
            }
            if ui.add_enabled(live && human_turn && !hints.thinking() && !online_game, small("hud-hint")).clicked() {
                hint_requests.write(HintRequest);
            }
            if ui.add(small("hud-menu")).on_hover_text(tr.t("hud-menu-keys")).clicked() {
                nav.write(Navigate::To(Overlay::Pause));
            }
            if ui.add(small("hud-moves").selected(move_list.0)).on_hover_text(tr.t("hud-moves-tip")).clicked() {
                move_list.0 = !move_list.0;
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // Sound off (the M key) is always visible, at the right end of the bar.
                if settings.muted {
                    ui.label(egui::RichText::new(tr.t("hud-muted")).color(palette::WARN).size(16.0));
                }
                let n = review.0.unwrap_or(game.ply());
                // Against the computer, the score of this run at its level; shorter when the
                // window is narrow, so the buttons never move. Other games show the move only.
                let m = Msg::new("hud-move").num("n", n as i64);
                let (long, short) = match (rules.setup.opponent_level(), rules.setup.is_practice()) {
                    (Some(level), false) => {
                        let (you, them) = score.against(level);
                        let m = Msg::new("hud-score").num("n", n as i64).num("b", you as i64).num("w", them as i64);
                        let long = m
                            .clone()
                            .sub("left", Msg::new("score-you"))
                            .sub("right", Msg::new("score-computer-level").sub("level", level_name(level)));
                        (tr.msg(&long), tr.msg(&Msg { key: "hud-score-short".into(), ..m }))
                    }
                    _ => (tr.msg(&m), tr.msg(&m)),
                };
                let font = egui::FontId::proportional(16.0);
                let fits = ui.painter().layout_no_wrap(long.clone(), font, palette::TEXT).size().x
                    < ui.available_width() - 8.0;
                let text = if fits { long } else { short };
                ui.add(egui::Label::new(egui::RichText::new(text).color(palette::TEXT_DIM).size(16.0)).truncate());
            });
        });
        ui.horizontal(|ui| {
            if let Some(k) = review.0 {
                if ui.add(egui::Button::new(tr.t("hud-back-to-game"))).on_hover_text(tr.t("hud-back-keys")).clicked() {
                    review.0 = None;
                }
                let m = if k == 0 { Msg::new("review-start") } else { Msg::new("review-after").num("k", k as i64) };
                let text = tr.msg(&m.num("total", game.ply() as i64));
                ui.add(egui::Label::new(egui::RichText::new(text).size(21.0).strong()).truncate());
                return;
            }
            if ai.thinking() && *turn.get() == Turn::AiThinking {
                ui.add(egui::Spinner::new());
            }
            // Smaller type rather than lost words in a narrow window.
            let wide = ui.painter().layout_no_wrap(status.clone(), egui::FontId::proportional(21.0), palette::TEXT);
            let size = if wide.size().x > ui.available_width() { 17.0 } else { 21.0 };
            ui.add(egui::Label::new(egui::RichText::new(&status).size(size).strong()).truncate());
        });
        // The third line, and (for a hint) the engine's number for the curious, on hover.
        let mut detail = None;
        let line = if review.0.is_some() {
            None
        } else if hints.thinking() {
            Some((tr.t("hint-looking"), false))
        } else if let Some(a) = hints.for_generation(rules.generation)
            && let Some(m) = a.best
        {
            detail = Some(tr.msg(&match a.outlook {
                Outlook::Score(s) => Msg::new("hint-detail-score").text("score", format!("{s:+}")),
                Outlook::Win { plies: Some(p) } | Outlook::Loss { plies: Some(p) } => {
                    Msg::new("hint-detail-proven-plies").num("plies", p as i64)
                }
                Outlook::Win { plies: None } | Outlook::Loss { plies: None } => Msg::new("hint-detail-proven"),
            }));
            Some((tr.msg(&hint_words(game, m, a.outlook)), false))
        } else if notice.left > 0.0 {
            Some((tr.msg(&notice.text), notice.warning))
        } else if let Some(words) = online.as_deref().and_then(|o| o.link_words()) {
            // The line to the friend, whenever it is not simply fine.
            let trouble = online.as_deref().is_some_and(|o| !matches!(o.link, crate::online::client::LinkState::Connected));
            Some((tr.msg(&words), trouble))
        } else {
            None
        };
        if let Some((text, warning)) = line {
            let color = if warning { palette::WARN } else { palette::TEXT_DIM };
            let response = ui.add(egui::Label::new(egui::RichText::new(text).size(17.0).color(color)).truncate());
            if let Some(d) = detail {
                response.on_hover_text(d);
            }
        }
    });
    let list_opened = move_list.is_changed() && move_list.0;
    let reviewing = review.0;
    if move_list.0 {
        let frame = egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::same(10));
        let geo = *game.geometry();
        let current = review.0.unwrap_or(game.ply());
        let last = game.ply();
        let (black, white) = (tr.msg(&side_name(Side::Black)), tr.msg(&side_name(Side::White)));
        // One entry per move; clicking shows the position after it (the last is the game).
        let mut entries = |ui: &mut egui::Ui, numbered: bool| {
            for (i, m) in game.moves().iter().enumerate() {
                let side = if i % 2 == 0 { &black } else { &white };
                let text = if numbered {
                    format!("{:>3}. {side} {}", i + 1, move_to_string(&geo, *m))
                } else {
                    format!("{}. {}", i + 1, move_to_string(&geo, *m))
                };
                let shown = current == i + 1;
                let response = ui.selectable_label(shown, egui::RichText::new(text).size(16.0));
                // The move shown is scrolled to when it changes and when the list opens.
                if shown && (review.is_changed() || list_opened) {
                    response.scroll_to_me(None);
                }
                if response.clicked() {
                    review.0 = (i + 1 < last).then_some(i + 1);
                }
            }
        };
        // The standing across the game, while it is analysed (a finished game, or review).
        let mut clicked = None;
        let mut graph = |ui: &mut egui::Ui, height: f32| {
            if analysis.covers(game) {
                let width = ui.available_width().min(420.0);
                clicked = analysis_view(ui, &analysis, game, current, egui::vec2(width, height), &tr, 2);
            }
        };
        if move_list_below(layout.window) {
            // All the room the board leaves below it (see `Layout::below_room`).
            let height = (layout.below_room / ctx.zoom_factor()).max(MOVE_LIST_HEIGHT);
            egui::Panel::bottom("moves").exact_size(height).frame(frame).show(&mut root, |ui| {
                ui.label(egui::RichText::new(tr.t("moves-title")).size(18.0).strong());
                // The graph and its notes on the left, the moves beside them.
                ui.horizontal_top(|ui| {
                    if analysis.covers(game) {
                        ui.vertical(|ui| {
                            ui.set_width(ui.available_width().min(230.0));
                            // The graph grows into the room the board leaves.
                            graph(ui, (height - 84.0).clamp(48.0, 220.0));
                        });
                    }
                    egui::ScrollArea::vertical().stick_to_bottom(reviewing.is_none()).show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| entries(ui, false));
                    });
                });
            });
        } else {
            egui::Panel::right("moves").exact_size(MOVE_LIST_WIDTH).frame(frame).show(&mut root, |ui| {
                ui.label(egui::RichText::new(tr.t("moves-title")).size(20.0).strong());
                graph(ui, 80.0);
                egui::ScrollArea::vertical().stick_to_bottom(reviewing.is_none()).show(ui, |ui| entries(ui, true));
            });
        }
        if let Some(ply) = clicked {
            review.0 = (ply < last).then_some(ply);
        }
    }
    // The computer's side shows that it is thinking, beside its tray.
    let thinking = (ai.thinking() && *turn.get() == Turn::AiThinking && review.0.is_none()).then(|| game.to_move());
    let clock =
        if settings.anim_speed > 0.0 { Some(ctx.input(|i| i.time) as f32 * settings.anim_speed.sqrt()) } else { None };
    // Each tray says what its side took ("Black took 3"), in the position shown (a review
    // shows an earlier one), counting what the tray holds: captures, not its own removal.
    let trays = crate::game::board::view::tray_contents(&crate::game::board::view::shown_game(game, *review));
    let names = [Side::Black, Side::White].map(|s| {
        let took = trays[s.index()].iter().filter(|c| **c != s).count();
        tr.msg(&Msg::new("tray-took").sub("who", side_name(s)).num("n", took as i64))
    });
    draw_tray_labels(ctx, game.geometry(), &layout, &names, thinking, clock);
    if settings.coordinates && layout.cell >= 14.0 {
        draw_coordinates(ctx, game.geometry(), &layout);
    }
    Ok(())
}

/// A hint in words: the move, and how the game stands.
fn hint_words(game: &Game, m: crate::rules::Move, outlook: Outlook) -> Msg {
    let mv = move_to_string(game.geometry(), m);
    let standing = match outlook {
        Outlook::Score(s) if s > 150 => Msg::new("hint-winning"),
        Outlook::Score(s) if s < -150 => Msg::new("hint-behind"),
        Outlook::Score(_) => Msg::new("hint-even"),
        Outlook::Win { plies: Some(n) } => Msg::new("hint-proven-win-in").num("n", n.div_ceil(2) as i64),
        Outlook::Win { plies: None } => Msg::new("hint-proven-win"),
        Outlook::Loss { plies: Some(n) } => Msg::new("hint-proven-loss-in").num("n", n.div_ceil(2) as i64),
        Outlook::Loss { plies: None } => Msg::new("hint-proven-loss"),
    };
    Msg::new("hint-good-move").text("move", mv).sub("standing", standing)
}
