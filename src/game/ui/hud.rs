//! The bar above the board (its buttons, the score, the status line and a notice or hint),
//! and the words around the board.

use super::board_labels::{PlayerCard, draw_coordinates, draw_tray_labels};
use super::icons::Icon;
use super::move_list::show_move_list;
use super::palette;
use super::probe;
use super::status::status_line;
use super::toolbar::{Tool, tool_button};
use super::widgets::root_ui;
use crate::ai::Outlook;
use crate::game::board::input::UiHasKeyboard;
use crate::game::board::view::Layout;
use crate::game::modes::analysis::GameAnalysis;
use crate::game::platform::i18n::{Msg, Tr, level_name};
use crate::game::platform::redraw::Wake;
use crate::game::platform::settings::Settings;
use crate::game::play::ai_task::{AiState, HintRequest, HintState};
use crate::game::play::authority::{Intent, Rules};
use crate::game::play::score::Score;
use crate::game::play::screen::{CardPlace, CardRoom, LastMove, MoveListOpen, Navigate, Notice, Overlay, Review, Turn};
use crate::online::client::LinkState;
use crate::rules::{Color as Side, Game, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Height of the HUD above the board, in logical pixels (the board is laid out below it).
pub const HUD_HEIGHT: f32 = crate::game::board::view::TOP_BAR;

/// The HUD's buttons (message keys), left to right.
pub const HUD_BUTTONS: [&str; 5] = ["hud-undo", "hud-redo", "hud-hint", "hud-menu", "hud-moves"];
/// The smallest width of a HUD button (its words get the button's padding around them).
pub const HUD_BUTTON_MIN_WIDTH: f32 = 72.0;
/// Room kept right of the buttons for the score, in the narrowest bar.
const HUD_SCORE_ROOM: f32 = 84.0;

/// The bar above the board, two rows: a fixed group of buttons that never moves and the
/// score; then the status in words with, at its right, a notice (a refusal, a hint) or the
/// other side's last move. Then the move list, if open, and the words around the board.
pub(super) fn game_hud(
    mut contexts: EguiContexts,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    turn: Res<State<Turn>>,
    ai: Res<AiState>,
    layout: Res<Layout>,
    (notice, last_move, wake, card): (Res<Notice>, Res<LastMove>, Res<Wake>, Res<CardPlace>),
    score: Res<Score>,
    mut nav: MessageWriter<Navigate>,
    mut review: ResMut<Review>,
    mut move_list: ResMut<MoveListOpen>,
    mut intents: MessageWriter<Intent>,
    mut keyboard: ResMut<UiHasKeyboard>,
    (hints, mut hint_requests): (Res<HintState>, MessageWriter<HintRequest>),
    (tutorial, tr, puzzle, analysis, online, selection): (
        Option<Res<crate::game::modes::tutorial::Tutorial>>,
        Res<Tr>,
        Option<Res<crate::game::modes::puzzles::PuzzleRun>>,
        Res<GameAnalysis>,
        Option<Res<crate::game::modes::online::OnlineGame>>,
        Res<crate::game::board::input::Selection>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    keyboard.0 = ctx.text_edit_focused(); // only a text field takes the board's keys
    let Some(rules) = rules else { return Ok(()) };
    let (game, turn, puzzle, shown) = (&rules.game, *turn.get(), puzzle.as_deref(), review.0);
    let bar = Bar {
        rules: &rules,
        tr: &tr,
        status: tr.msg(&online_end(online.as_deref()).unwrap_or(status_msg(&rules, turn, tutorial.as_deref(), puzzle))),
        score: score_words(&rules, &score, shown.unwrap_or(game.ply())),
        shown_move: shown.unwrap_or(game.ply()),
        settings: &settings,
        enabled: Enabled::of(&rules, turn, shown, hints.thinking()),
        hints: &hints,
        notice: &notice,
        last_move: last_move.0.as_ref().filter(|_| shown.is_none()).map(|m| tr.msg(m)),
        puzzle_hints: puzzle.map(|p| p.hints),
        link: online.as_deref().and_then(link_words),
        proposal: selection.pending.map(|m| crate::game::play::spoken::proposal(game.geometry(), m)),
    };
    let mut root = root_ui(ctx);
    for press in draw_bar(ctx, &mut root, &bar, &mut review, &mut move_list) {
        match press {
            Press::Undo => _ = intents.write(Intent::Undo),
            Press::Redo => _ = intents.write(Intent::Redo),
            Press::Hint => _ = hint_requests.write(HintRequest),
            Press::Menu => _ = nav.write(Navigate::To(Overlay::Pause)),
        }
    }
    if move_list.0 {
        show_move_list(ctx, &mut root, game, &mut review, move_list.is_changed(), &layout, &analysis, &tr);
    }
    let thinking = (ai.thinking() && turn == Turn::AiThinking && review.0.is_none()).then(|| game.to_move());
    let side = (thinking, right_taken(ctx, card.0, move_list.0), card_clocks(online.as_deref(), &wake));
    around_board(ctx, &rules, *review, &layout, &settings, side, &tr, &wake);
    Ok(())
}

/// The words around the board: whose tray is whose and what it took (with three dots beside
/// the side that is `thinking`, the computer's), and the coordinates when asked for and the cells are large
/// enough.
fn around_board(
    ctx: &egui::Context,
    rules: &Rules,
    review: Review,
    layout: &Layout,
    settings: &Settings,
    (thinking, right_taken, clocks): (Option<Side>, f32, [Option<(String, bool)>; 2]),
    tr: &Tr,
    wake: &Wake,
) {
    let clock =
        if settings.motion() > 0.0 { Some(ctx.input(|i| i.time) as f32 * settings.motion().sqrt()) } else { None };
    let game = &rules.game;
    note_board(ctx, game.geometry(), layout);
    let shown = crate::game::board::view::shown_game(game, review);
    let cards = [Side::Black, Side::White].map(|side| PlayerCard {
        side,
        name: tr.msg(&card_name(&rules.setup, side)),
        took: tr.msg(&tray_words(game, review)[side.index()]),
        count: took_count(game, review, side),
        lit: shown.winner().is_none() && shown.to_move() == side && rules.resigned.is_none(),
        clock: clocks[side.index()].clone(),
    });
    draw_tray_labels(ctx, game.geometry(), layout, &cards, (thinking, right_taken), clock, wake);
    if settings.coordinates && layout.cell >= 14.0 {
        draw_coordinates(ctx, game.geometry(), layout);
    }
}

/// Online, each side's clock in words (drawn again when its words change).
fn card_clocks(online: Option<&crate::game::modes::online::OnlineGame>, wake: &Wake) -> [Option<(String, bool)>; 2] {
    let now = std::time::Instant::now();
    if let Some(next) = online.and_then(|o| o.clock_redraw(now)) {
        wake.after(next);
    }
    [Side::Black, Side::White].map(|s| online.and_then(|o| o.clock_words(s, now)))
}

/// Online, how the game ended when a clock, an absence or an abort decided it.
fn online_end(online: Option<&crate::game::modes::online::OnlineGame>) -> Option<Msg> {
    online.and_then(|o| o.end_words())
}

/// Online: the line to the friend in words when there is something to say, and whether it is
/// trouble.
fn link_words(online: &crate::game::modes::online::OnlineGame) -> Option<(Msg, bool)> {
    online.link_words().map(|w| (w, online.link != LinkState::Connected))
}

/// The width (points) a card beside the board (the end of a game, a lesson) and the move list
/// take at the window's right edge.
fn right_taken(ctx: &egui::Context, card: CardRoom, list_open: bool) -> f32 {
    let (window, zoom) = (ctx.content_rect().size(), ctx.zoom_factor());
    let px = Vec2::new(window.x, window.y) * zoom;
    // A card over the right-hand tray sits under its player card, not beside it.
    let card = match card {
        CardRoom::Right(w) => w / zoom + 8.0,
        _ => 0.0,
    };
    let list = list_open && !crate::game::play::screen::move_list_below(px);
    card + if list { crate::game::play::screen::MOVE_LIST_WIDTH } else { 0.0 }
}

/// Notes the board's cells (in points) for the layout probe.
fn note_board(ctx: &egui::Context, geo: &crate::rules::Geometry, layout: &Layout) {
    let z = ctx.zoom_factor();
    let (w, h) = (geo.cols() as f32 / 2.0, geo.rows() as f32 / 2.0);
    let a = layout.to_screen(Vec2::new(-w, h)) / z;
    let b = layout.to_screen(Vec2::new(w, -h)) / z;
    let rect = egui::Rect::from_two_pos(egui::pos2(a.x, a.y), egui::pos2(b.x, b.y));
    probe::note(probe::Kind::Board, egui::LayerId::background(), "board", rect, rect);
}

/// What the bar shows.
struct Bar<'a> {
    rules: &'a Rules,
    tr: &'a Tr,
    /// The status line, in words.
    status: String,
    /// The score (or the move) in full and shortened.
    score: (Msg, Msg),
    /// The move shown, for a bar too narrow for any score.
    shown_move: usize,
    /// The player's settings (the keys and buttons the tooltips name, sound off).
    settings: &'a Settings,
    enabled: Enabled,
    hints: &'a HintState,
    notice: &'a Notice,
    /// The other side's last move in words, beside the status (while nothing else is said there).
    last_move: Option<String>,
    /// In a puzzle: the hints taken (a puzzle's hint is graded: a nudge, the stone, the move).
    puzzle_hints: Option<u8>,
    /// Online: the line to the friend in words when there is something to say, and whether
    /// it is trouble.
    link: Option<(Msg, bool)>,
    /// A move proposed and waiting for its second tap ("confirm each move").
    proposal: Option<Msg>,
}

/// A button of the bar that sends a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Press {
    Undo,
    Redo,
    Hint,
    Menu,
}

/// Which of the bar's buttons can be pressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Enabled {
    undo: bool,
    redo: bool,
    hint: bool,
}

impl Enabled {
    /// While an earlier position is shown nothing is taken back, replayed or hinted; a hint
    /// only on a person's turn, and not while one is being looked for. Online, Undo asks the
    /// friend, and there is no redo and no hint (fair play).
    fn of(rules: &Rules, turn: Turn, review: Option<usize>, hint_thinking: bool) -> Enabled {
        let live = review.is_none();
        let online = rules.setup.mode == crate::game::setup::GameMode::Online;
        // Online, Undo asks to take back your own last move: none before you have moved, and
        // none for someone watching.
        let yours = match rules.setup.online_seat() {
            _ if !online => true,
            Some(you) => rules.game.ply() > you.index(),
            None => false,
        };
        Enabled {
            undo: live && rules.game.can_undo() && yours,
            redo: live && rules.game.can_redo() && !online,
            hint: live && turn == Turn::Human && !hint_thinking && !online,
        }
    }
}

/// Draws the bar; the move list's button and "back to the game" act at once (what is drawn
/// after them follows), the other buttons are returned.
fn draw_bar(
    ctx: &egui::Context,
    root: &mut egui::Ui,
    bar: &Bar,
    review: &mut ResMut<Review>,
    move_list: &mut ResMut<MoveListOpen>,
) -> Vec<Press> {
    let frame =
        egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::symmetric(12, 6));
    let mut pressed = Vec::new();
    egui::Panel::top("hud").exact_size(HUD_HEIGHT).frame(frame).show(root, |ui| {
        ui.horizontal(|ui| {
            pressed = bar_buttons(ui, bar, move_list);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| score_and_sound(ui, bar));
        });
        let shown = review.0;
        // Beside the status: a move waiting for its second tap, a fresh refusal or a hint,
        // the line to a friend, else the other side's last move.
        let proposal = bar.proposal.clone().map(|text| Line { text, warning: false, detail: None });
        let side = proposal
            .or_else(|| aside_line(shown.is_some(), bar.hints, bar.rules, bar.notice, bar.puzzle_hints))
            .or_else(|| bar.link.clone().map(|(text, warning)| Line { text, warning, detail: None }))
            .map(|l| Aside { text: bar.tr.msg(&l.text), warning: l.warning, detail: l.detail.map(|d| bar.tr.msg(&d)) })
            .or_else(|| {
                bar.last_move.clone().filter(|_| shown.is_none()).map(|text| Aside {
                    text,
                    warning: false,
                    detail: None,
                })
            });
        ui.horizontal(|ui| match shown {
            Some(k) => {
                if ui
                    .add(egui::Button::new(bar.tr.t("hud-back-to-game")))
                    .on_hover_text(bar.tr.msg(&bar.settings.bindings.prompt("hud-back-keys")))
                    .clicked()
                {
                    review.0 = None;
                }
                let text = bar.tr.msg(&review_words(k, bar.rules.game.ply()));
                ui.add(egui::Label::new(egui::RichText::new(text).size(21.0).strong()).truncate());
            }
            None => status_row(ui, bar, side),
        });
    });
    pressed
}

/// The fixed group of buttons: undo, redo, hint, menu and the move list (which opens or
/// closes at once).
fn bar_buttons(ui: &mut egui::Ui, bar: &Bar, move_list: &mut ResMut<MoveListOpen>) -> Vec<Press> {
    let tr = bar.tr;
    // In a narrow window (or with large text) the five buttons share what is left beside the
    // score, in smaller type, rather than running off the edge.
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width() - 4.0 * gap - HUD_SCORE_ROOM;
    let fit = (room / 5.0).min(HUD_BUTTON_MIN_WIDTH);
    // The five buttons at a text size, with or without their words (padding 12, or 3 when small).
    let needed = |size: f32, words: bool| -> f32 {
        let pad = if size < 16.0 { 3.0 } else { 12.0 };
        HUD_BUTTONS
            .iter()
            .map(|k| {
                let w = ui.painter().layout_no_wrap(tr.t(k), super::theme::medium(size), palette::TEXT).size().x;
                let text = if words { w + 6.0 } else { 0.0 };
                (text + size * 0.95 + 2.0 * pad).max(fit)
            })
            .sum()
    };
    // Their words in full size, else smaller, else the icons alone (each says its words on
    // hover and to a screen reader).
    let (size, icon_only) = if needed(16.0, true) <= room {
        (16.0, false)
    } else if needed(13.0, true) <= room {
        (13.0, false)
    } else {
        (13.0, true)
    };
    if size < 16.0 {
        ui.spacing_mut().button_padding.x = 3.0;
    }
    let button = |ui: &mut egui::Ui, icon: Icon, key: &str, enabled: bool, selected: bool| {
        let words = tr.t(key);
        tool_button(ui, &Tool { icon, words: &words, enabled, selected, icon_only }, fit, size)
    };
    let mut pressed = Vec::new();
    // In a rated game the tooltip says, before the press, what Undo costs.
    let undo_tip = tr.msg(&bar.settings.bindings.prompt("hud-undo-keys"));
    let undo_tip =
        if bar.rules.undo_would_unrate() { format!("{}\n{undo_tip}", tr.t("hud-undo-unrates")) } else { undo_tip };
    if button(ui, Icon::Undo, "hud-undo", bar.enabled.undo, false).on_hover_text(undo_tip).clicked() {
        pressed.push(Press::Undo);
    }
    let redo_tip = tr.msg(&bar.settings.bindings.prompt("hud-redo-keys"));
    if button(ui, Icon::Redo, "hud-redo", bar.enabled.redo, false).on_hover_text(redo_tip).clicked() {
        pressed.push(Press::Redo);
    }
    if button(ui, Icon::Hint, "hud-hint", bar.enabled.hint, false).clicked() {
        pressed.push(Press::Hint);
    }
    let menu_tip = tr.msg(&bar.settings.bindings.prompt("hud-menu-keys"));
    if button(ui, Icon::Pause, "hud-menu", true, false).on_hover_text(menu_tip).clicked() {
        pressed.push(Press::Menu);
    }
    if button(ui, Icon::List, "hud-moves", true, move_list.0).on_hover_text(tr.t("hud-moves-tip")).clicked() {
        move_list.0 = !move_list.0;
    }
    pressed
}

/// At the right end of the bar: sound off (the M key), always visible, then the score —
/// shortened when the window is narrow, so the buttons never move.
fn score_and_sound(ui: &mut egui::Ui, bar: &Bar) {
    if bar.settings.muted {
        ui.label(
            egui::RichText::new(bar.tr.msg(&bar.settings.bindings.prompt("hud-muted"))).color(palette::WARN).size(16.0),
        );
    }
    let (long, short) = (bar.tr.msg(&bar.score.0), bar.tr.msg(&bar.score.1));
    let room = ui.available_width() - 8.0;
    let fits = |text: &String, size: f32| {
        ui.painter().layout_no_wrap(text.clone(), super::theme::medium(size), palette::TEXT).size().x < room
    };
    // The whole score, else the short one, else only the move (large text in a small window).
    let (text, size) = if fits(&long, 16.0) {
        (long, 16.0)
    } else if fits(&short, 16.0) {
        (short, 16.0)
    } else {
        (bar.tr.msg(&Msg::new("hud-move").num("n", bar.shown_move as i64)), 16.0)
    };
    let label = egui::Label::new(egui::RichText::new(&text).font(super::theme::medium(size)).color(palette::TEXT));
    let score = ui.add(label.truncate());
    probe::note(probe::Kind::Widget, ui.layer_id(), &text, score.rect, ui.clip_rect());
}

/// What the bar says at the right of the status, in smaller type.
struct Aside {
    text: String,
    warning: bool,
    /// More, on hover (a hint's number from the engine).
    detail: Option<String>,
}

/// The status at the left, in large type, and the aside at the right: each whole when both
/// fit, else the status in smaller type, else the aside shortened (whole on hover).
fn status_row(ui: &mut egui::Ui, bar: &Bar, aside: Option<Aside>) {
    // The computer thinking is shown by the dots on its card: a spinner here would draw every
    // frame.
    let Some(aside) = aside else {
        status_label(ui, bar, ui.available_width());
        return;
    };
    let width = |text: &str, size: f32| {
        ui.painter().layout_no_wrap(text.to_owned(), egui::FontId::proportional(size), palette::TEXT).size().x
    };
    let room = ui.available_width() - 24.0;
    let (status, said) = (width(&bar.status, 17.0), width(&aside.text, 17.0));
    // Both whole when they fit; else a warning (a refusal: what the player needs to read now)
    // keeps its words and the status gives way, else the status keeps at least half.
    let aside_room = match (status + said <= room, aside.warning) {
        (true, _) => said,
        (false, true) => said.min(room - 120.0),
        (false, false) => (room - status).max(room * 0.45),
    }
    .max(0.0);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        let color = if aside.warning { palette::WARN } else { palette::TEXT_DIM };
        let label = egui::Label::new(egui::RichText::new(&aside.text).size(17.0).color(color)).truncate();
        let response = ui.add_sized([aside_room.min(ui.available_width()), 24.0], label);
        probe::note(probe::Kind::Widget, ui.layer_id(), &aside.text, response.rect, ui.clip_rect());
        if let Some(d) = aside.detail {
            response.on_hover_text(d);
        }
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            status_label(ui, bar, ui.available_width() - 16.0)
        });
    });
}

/// The status in words, in large type (smaller when it would not fit in `room`).
fn status_label(ui: &mut egui::Ui, bar: &Bar, room: f32) {
    let width = |size: f32| {
        ui.painter().layout_no_wrap(bar.status.clone(), egui::FontId::proportional(size), palette::TEXT).size().x
    };
    let size = if width(21.0) > room { 17.0 } else { 21.0 };
    let label = egui::Label::new(egui::RichText::new(&bar.status).size(size).strong()).truncate();
    let status = ui.add_sized([width(size).min(room.max(0.0)), 28.0], label);
    probe::note(probe::Kind::Widget, ui.layer_id(), &bar.status, status.rect, ui.clip_rect());
    // A screen reader says every change of the status: whose turn it is, who won.
    ui.ctx().accesskit_node_builder(status.id, |node| node.set_live(egui::accesskit::Live::Polite));
}

/// The status line: the game's (see [`status_line`]), or in a lesson its number and task
/// (its title once passed, or for reading), or in a puzzle the puzzle's.
fn status_msg(
    rules: &Rules,
    turn: Turn,
    tutorial: Option<&crate::game::modes::tutorial::Tutorial>,
    puzzle: Option<&crate::game::modes::puzzles::PuzzleRun>,
) -> Msg {
    if let Some(run) = puzzle {
        return crate::game::modes::puzzles::status(run, rules.game.geometry());
    }
    if let Some(t) = tutorial {
        let lesson = t.current();
        let (n, total) = (t.lesson as i64 + 1, crate::game::modes::tutorial::LESSONS.len() as i64);
        // The task while one is asked; else only the lesson's number (its title heads the card).
        if !t.passed && lesson.asks_a_move() {
            return Msg::new("status-lesson").num("n", n).num("total", total).sub("text", lesson.msg("task"));
        }
        return Msg::new("status-lesson-reading").num("n", n).num("total", total);
    }
    status_line(&rules.game, rules.resigned, &rules.setup, turn)
}

/// The move shown (`n`) and, against the computer in a game that counts, the score of this
/// run at its level: in full, and shortened for a narrow window.
fn score_words(rules: &Rules, score: &Score, n: usize) -> (Msg, Msg) {
    let m = Msg::new("hud-move").num("n", n as i64);
    match (rules.setup.opponent_level(), rules.setup.is_practice()) {
        (Some(level), false) => {
            let (you, them) = score.against(level);
            let m = Msg::new("hud-score").num("n", n as i64).num("b", you as i64).num("w", them as i64);
            let long = m.clone().sub("left", Msg::new("score-you")).sub("right", opponent_score_name(rules, level));
            (long, Msg { key: "hud-score-short".into(), ..m })
        }
        _ => (m.clone(), m),
    }
}

/// The opponent's name on the score line: "Computer (Hard)" or "Lani (Easy)".
fn opponent_score_name(rules: &Rules, level: crate::ai::Level) -> Msg {
    match rules.setup.persona {
        Some(p) => Msg::new("score-persona-level").text("name", p.name()).sub("level", level_name(level)),
        None => Msg::new("score-computer-level").sub("level", level_name(level)),
    }
}

/// While reviewing: which position of how many is shown.
fn review_words(k: usize, plies: usize) -> Msg {
    let m = if k == 0 { Msg::new("review-start") } else { Msg::new("review-after").num("k", k as i64) };
    m.num("total", plies as i64)
}

/// What is said beside the status: its words, whether it warns, and (for a hint) the engine's number.
#[derive(Debug, Clone, PartialEq)]
struct Line {
    text: Msg,
    warning: bool,
    detail: Option<Msg>,
}

/// Beside the status: nothing while reviewing; else a fresh refusal or lesson hint (it answers
/// what the player just did, so it goes before a hint shown earlier), that a hint is being
/// looked for, or the hint for this position. (The other side's last move has its own place.)
fn aside_line(
    reviewing: bool,
    hints: &HintState,
    rules: &Rules,
    notice: &Notice,
    puzzle_hints: Option<u8>,
) -> Option<Line> {
    if reviewing {
        return None;
    }
    if notice.left > 0.0 {
        return Some(Line { text: notice.text.clone(), warning: notice.warning, detail: None });
    }
    if hints.thinking() {
        return Some(Line { text: Msg::new("hint-looking"), warning: false, detail: None });
    }
    if let Some(a) = hints.for_generation(rules.generation)
        && let Some(m) = a.best
    {
        // A puzzle's hint says a little more at each press, never the engine's numbers.
        if let Some(step) = puzzle_hints {
            let text = crate::game::modes::puzzles::puzzle_hint(step, m, rules.game.geometry());
            return Some(Line { text, warning: false, detail: None });
        }
        let detail = match a.outlook {
            Outlook::Score(s) => Msg::new("hint-detail-score").text("score", format!("{s:+}")),
            Outlook::Win { plies: Some(p) } | Outlook::Loss { plies: Some(p) } => {
                Msg::new("hint-detail-proven-plies").num("plies", p as i64)
            }
            Outlook::Win { plies: None } | Outlook::Loss { plies: None } => Msg::new("hint-detail-proven"),
        };
        return Some(Line { text: hint_words(&rules.game, m, a.outlook), warning: false, detail: Some(detail) });
    }
    None
}

/// What each tray says its side took ("Black took 3"), in the position shown (a review shows
/// an earlier one), counting what the tray holds: captures, not its own removal.
fn tray_words(game: &Game, review: Review) -> [Msg; 2] {
    let trays = crate::game::board::view::tray_contents(&crate::game::board::view::shown_game(game, review));
    [Side::Black, Side::White].map(|s| {
        let took = trays[s.index()].iter().filter(|c| **c != s).count();
        Msg::new("card-took").num("n", took as i64)
    })
}

/// The stones `side` took in the position shown.
fn took_count(game: &Game, review: Review, side: Side) -> usize {
    let trays = crate::game::board::view::tray_contents(&crate::game::board::view::shown_game(game, review));
    trays[side.index()].iter().filter(|c| **c != side).count()
}

/// A player card's name: "You", "The computer · Expert", "Your friend", or the colour.
fn card_name(setup: &crate::game::setup::GameSetup, side: Side) -> Msg {
    let name = super::status::player_name(setup, side);
    match setup.controller(side) {
        crate::game::platform::settings::Controller::Ai(level) => match setup.persona {
            Some(p) if p.style() == crate::ai::Style::Rival => {
                Msg::new("card-name-level").text("name", p.name()).sub("level", Msg::new("level-adapts"))
            }
            Some(p) => Msg::new("card-name-level").text("name", p.name()).sub("level", level_name(level)),
            None => Msg::new("card-name-level").sub("name", name).sub("level", level_name(level)),
        },
        _ => name,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{Analysis, Level};
    use crate::game::setup::GameSetup;

    fn played(setup: GameSetup, plies: usize) -> Rules {
        let mut rules = Rules::new(setup, None);
        for _ in 0..plies {
            let m = rules.legal_moves()[0];
            rules.game.play(m).unwrap();
        }
        rules
    }

    #[test]
    fn against_the_computer_the_bar_shows_the_score_at_its_level_and_otherwise_the_move() {
        let mut vs = played(GameSetup::versus(Level::Hard, Side::Black), 3);
        let mut score = Score::default();
        score.follow(&vs);
        vs.resigned = Some(Side::White);
        score.follow(&vs);
        let (long, short) = score_words(&vs, &score, 3);
        assert_eq!(long.key, "hud-score");
        assert_eq!(short, Msg::new("hud-score-short").num("n", 3).num("b", 1).num("w", 0));
        let two =
            played(GameSetup::play(crate::game::setup::standard(), [crate::game::setup::Controller::Human; 2]), 3);
        assert_eq!(score_words(&two, &score, 2), (Msg::new("hud-move").num("n", 2), Msg::new("hud-move").num("n", 2)));
    }

    #[test]
    fn undo_redo_and_hint_are_off_while_an_earlier_position_is_shown() {
        let mut rules = played(GameSetup::default(), 3);
        rules.game.undo();
        let on = Enabled::of(&rules, Turn::Human, None, false);
        assert_eq!(on, Enabled { undo: true, redo: true, hint: true });
        assert_eq!(Enabled::of(&rules, Turn::Human, Some(1), false), Enabled { undo: false, redo: false, hint: false });
        // No hint on the computer's turn, nor while one is being looked for.
        assert!(!Enabled::of(&rules, Turn::AiThinking, None, false).hint);
        assert!(!Enabled::of(&rules, Turn::Human, None, true).hint);
        let fresh = Rules::new(GameSetup::default(), None);
        assert!(!Enabled::of(&fresh, Turn::Human, None, false).undo);
    }

    #[test]
    fn online_undo_is_lit_only_once_you_have_a_move_to_take_back_and_never_for_a_watcher() {
        let geo = crate::rules::Geometry::new(8, 8).unwrap();
        let white = |plies| played(GameSetup::online(geo, Some(Side::White)), plies);
        assert!(!Enabled::of(&white(1), Turn::Human, None, false).undo, "Black's first move is not yours");
        assert!(Enabled::of(&white(2), Turn::Human, None, false).undo);
        let black = played(GameSetup::online(geo, Some(Side::Black)), 1);
        assert!(Enabled::of(&black, Turn::Human, None, false).undo);
        let watching = played(GameSetup::online(geo, None), 4);
        assert!(!Enabled::of(&watching, Turn::Human, None, false).undo);
    }

    #[test]
    fn the_aside_shows_a_fresh_refusal_then_the_hint_for_this_position_then_the_computer_s_move() {
        let rules = played(GameSetup::default(), 2);
        let notice = Notice { text: Msg::new("refuse-wait"), warning: true, left: 1.0 };
        let mut hints = HintState::default();
        let line = aside_line(false, &hints, &rules, &notice, None).unwrap();
        assert_eq!((line.text, line.warning), (Msg::new("refuse-wait"), true));
        let best = rules.legal_moves()[0];
        let analysis = Analysis { best: Some(best), outlook: Outlook::Score(200), pv: Vec::new(), depth: 8 };
        hints.shown = Some((rules.generation, analysis.clone()));
        // A refusal answers what the player just did: it goes before the hint shown earlier.
        assert_eq!(aside_line(false, &hints, &rules, &notice, None).unwrap().text, Msg::new("refuse-wait"));
        // Once it has gone, the hint shows.
        let line = aside_line(false, &hints, &rules, &Notice { left: 0.0, ..notice.clone() }, None).unwrap();
        assert_eq!(line.text, hint_words(&rules.game, best, Outlook::Score(200)));
        assert_eq!(line.detail, Some(Msg::new("hint-detail-score").text("score", "+200")));
        // In a puzzle, the first hint is only a nudge, the second the stone, the third the move.
        let quiet = Notice { left: 0.0, ..notice.clone() };
        let graded = |n| aside_line(false, &hints, &rules, &quiet, Some(n)).unwrap().text.key.into_owned();
        assert_eq!(
            (graded(1), graded(2), graded(3)),
            ("hint-puzzle-nudge".into(), "hint-puzzle-stone".into(), "hint-puzzle-move".into())
        );
        // A hint for another position is not shown; nothing is while reviewing.
        hints.shown = Some((rules.generation + 1, analysis));
        assert_eq!(aside_line(false, &hints, &rules, &notice, None).unwrap().text, Msg::new("refuse-wait"));
        assert_eq!(aside_line(true, &hints, &rules, &notice, None), None);
        assert_eq!(
            aside_line(false, &HintState::default(), &rules, &Notice { left: 0.0, ..notice.clone() }, None),
            None
        );
    }

    #[test]
    fn a_hint_says_how_the_game_stands_in_moves_not_plies() {
        let rules = played(GameSetup::default(), 2);
        let m = rules.legal_moves()[0];
        let standing = |o| hint_words(&rules.game, m, o).args.into_iter().find(|(k, _)| *k == "standing").unwrap().1;
        let sub = |msg: Msg| crate::game::platform::i18n::Arg::Msg(Box::new(msg));
        assert_eq!(standing(Outlook::Score(-400)), sub(Msg::new("hint-behind")));
        assert_eq!(standing(Outlook::Win { plies: Some(5) }), sub(Msg::new("hint-proven-win-in").num("n", 3)));
    }

    #[test]
    fn review_and_trays_are_put_in_words() {
        assert_eq!(review_words(0, 9), Msg::new("review-start").num("total", 9));
        assert_eq!(review_words(4, 9), Msg::new("review-after").num("k", 4).num("total", 9));
        // Three plies: two removals (not captures) and a jump that took one stone.
        let rules = played(GameSetup::default(), 3);
        let took = |review| tray_words(&rules.game, Review(review)).map(|m| m.args[0].1.clone());
        let n = |n: i64| crate::game::platform::i18n::Arg::Num(n);
        assert_eq!(took(None), [n(1), n(0)]);
        assert_eq!(took(Some(2)), [n(0), n(0)]);
    }
}
