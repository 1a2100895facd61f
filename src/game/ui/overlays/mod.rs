//! The menus over the title or the game, each in a modal that dims what is behind it, and
//! the saved games' rows.

use super::about::about_page;
use super::analysis::{ANALYSIS_CAPTION_ROOM, analysis_view};
use super::how_to_play::how_to_play_page;
use super::palette;
use super::panels::{PanelFacts, RATING_LINE, panel_words};
use super::rating_chip::RatingChip;
use super::scroll_cues::more_below_row;
use super::theme::{display, type_scale};
use super::widgets::{ButtonSize, FOCUS_RING_ROOM, MenuCan, menu_buttons};
use crate::game::board::input::LastDevice;
use crate::game::menus::{MenuAdjust, MenuChosen, MenuContext, MenuFocus, MenuItem, ScrollPage, context, menu_items};
use crate::game::modes::analysis::GameAnalysis;
use crate::game::modes::saves::{Resumable, SaveList};
use crate::game::platform::i18n::{Msg, Tr};
use crate::game::platform::settings::Settings;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{CardRoom, Notice, Overlay, Screen};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

mod panel;

use panel::*;

/// What the panels over the screen show.
#[derive(SystemParam)]
pub(super) struct Shown<'w> {
    rules: Option<Res<'w, Rules>>,
    settings: Res<'w, Settings>,
    saves: Res<'w, SaveList>,
    resumable: Res<'w, Resumable>,
    notice: Res<'w, Notice>,
    tutorial: Option<Res<'w, crate::game::modes::tutorial::Tutorial>>,
    puzzle: Option<Res<'w, crate::game::modes::puzzles::PuzzleRun>>,
    analysis: Res<'w, GameAnalysis>,
    tr: Res<'w, Tr>,
    device: Res<'w, LastDevice>,
    online: Option<Res<'w, crate::game::modes::online::OnlineGame>>,
    code: Res<'w, crate::game::modes::online::CodeEntry>,
    history: Option<Res<'w, crate::game::modes::history::PlayerHistory>>,
    record: Res<'w, crate::game::modes::history::RecordView>,
    capture: Res<'w, crate::game::board::input::Capture>,
    move_list: Res<'w, crate::game::play::screen::MoveListOpen>,
    card: Res<'w, crate::game::play::screen::CardPlace>,
    wake: Res<'w, crate::game::platform::redraw::Wake>,
}

impl Shown<'_> {
    /// A panel's lines, with what the connection or the rebinding has to say (the rating's
    /// change is drawn as a chip of its own, see [`Shown::rating_chip`]).
    fn lines(&self, lines: Vec<(Msg, egui::Color32)>, overlay: Overlay) -> Vec<(Msg, egui::Color32)> {
        let chip = self.rating_chip(overlay).is_some();
        let lines = lines.into_iter().filter(|(m, _)| !(chip && m.key == RATING_LINE)).collect();
        with_capture(with_notice(lines, overlay, &self.notice), overlay, &self.capture)
    }

    /// Seconds since the panel opened (forever with reduced motion: what moves stands at its
    /// end); while its rating chip still counts, the next frame is asked for (a game that waits
    /// draws nothing unless woken).
    fn card_age(&self, ctx: &egui::Context, opened_at: Option<(Overlay, f64)>, overlay: Overlay) -> f32 {
        let age = match opened_at {
            _ if self.settings.motion() <= 0.0 => f32::INFINITY,
            Some((_, at)) => (ctx.input(|i| i.time) - at) as f32,
            None => 0.0,
        };
        if let Some(chip) = self.rating_chip(overlay)
            && !super::rating_chip::counted(&chip, age, age.is_finite()).1
        {
            self.wake.after_secs(1.0 / 30.0);
        }
        age
    }

    /// At the end of a rated game: its rating change, for the chip (its words those of the
    /// rating's line).
    fn rating_chip(&self, overlay: Overlay) -> Option<RatingChip> {
        let rules = self.rules.as_deref().filter(|_| overlay.is_game_over())?;
        let change = self.history.as_deref()?.result_of(rules.game_id)?.rating?;
        let (line, _) = super::panels::rating_line(rules, self.history.as_deref())?;
        let (before, after) = (change.before.rating.round() as i64, change.after.rating.round() as i64);
        Some(RatingChip { before, after, words: self.tr.msg(&line) })
    }

    /// Where a card sits: the board's layout's place for it (the board keeps clear of it); a
    /// panel over the board has the window.
    fn card_place(&self, overlay: Overlay) -> CardRoom {
        if overlay.is_card() { self.card.0 } else { CardRoom::None }
    }

    /// What the menus depend on besides the screen and the overlay.
    fn menu_context(&self) -> MenuContext {
        let (rules, tutorial, puzzle) = (self.rules.as_deref(), self.tutorial.as_deref(), self.puzzle.as_deref());
        let recorded = self.record.page();
        let mut ctx = context(&self.resumable, &self.saves, rules, tutorial, puzzle, &self.settings, recorded);
        if let Some(online) = self.online.as_deref() {
            ctx.can_claim = online.can_claim(std::time::Instant::now());
            ctx.can_abort = online.can_abort(rules.map_or(0, |r| r.game.ply()));
        }
        ctx
    }

    /// What the panels' words are made of.
    fn facts(&self) -> PanelFacts<'_> {
        PanelFacts {
            settings: &self.settings,
            saves: &self.saves,
            rules: self.rules.as_deref(),
            tutorial: self.tutorial.as_deref(),
            puzzle: self.puzzle.as_deref(),
            device: *self.device,
            online: self.online.as_deref(),
            code: &self.code,
            history: self.history.as_deref(),
            recorded: self.record.games.len(),
        }
    }
}

/// An item's words; the code field and its button say what was typed and what it will do.
fn item_label(item: MenuItem, shown: &Shown) -> String {
    let (settings, code, tr): (&Settings, &crate::game::modes::online::CodeEntry, &Tr) =
        (&shown.settings, &shown.code, &shown.tr);
    match item {
        MenuItem::Bind(i) => {
            let pad = *shown.device == LastDevice::Pad;
            tr.msg(&crate::game::menus::bind_words(settings, i, pad))
        }
        MenuItem::OpenRecorded(i) => {
            shown.record.games.get(i).map(|row| tr.msg(&super::stats::game_label(row))).unwrap_or_default()
        }
        MenuItem::CodeField => {
            let typed: String = (0..crate::online::code::CODE_LEN)
                .map(|i| code.symbol(i).unwrap_or('_'))
                .enumerate()
                .flat_map(|(i, c)| if i == crate::online::code::CODE_LEN / 2 { vec!['-', c] } else { vec![c] })
                .collect();
            tr.msg(&Msg::new("item-code").text("code", typed))
        }
        MenuItem::JoinNow if code.watch => tr.t("item-watch-now"),
        // After a resignation, taking back takes back the resignation, not a move.
        MenuItem::TakeBack if shown.rules.as_deref().is_some_and(|r| r.resigned.is_some()) => {
            tr.t("item-take-back-resignation")
        }
        _ => item.text(settings, tr),
    }
}

/// The chosen opponent's card in words.
fn opponent_card(settings: &Settings, tr: &Tr) -> panel::OpponentCard {
    use crate::game::platform::i18n::level_name;
    let persona = settings.opponent;
    let (lo, hi) = persona.map_or((crate::ai::Level::Beginner, crate::ai::Level::Expert), |p| p.levels());
    let range =
        crate::game::platform::i18n::Msg::new("persona-range").sub("from", level_name(lo)).sub("to", level_name(hi));
    panel::OpponentCard {
        persona,
        name: persona.map_or_else(|| tr.t("opponent-computer-title"), |p| p.name().to_string()),
        line: tr.t(&persona.map_or("opponent-computer-line".to_string(), |p| format!("persona-{}-line", p.id()))),
        range: tr.msg(&range),
    }
}

/// The menus over the title or the game: pause, game over, settings, custom setup, saved
/// games and confirmation questions, each in a modal that dims what is behind it.
pub(super) fn overlay_menu(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    screen: Res<State<Screen>>,
    shown: Shown,
    mut focus: ResMut<MenuFocus>,
    (mut last_focus, mut opened_at): (Local<Option<(Overlay, usize, f32)>>, Local<Option<(Overlay, f64)>>),
    (mut chosen_writer, mut adjust_writer): (MessageWriter<MenuChosen>, MessageWriter<MenuAdjust>),
    mut scrolls: MessageReader<ScrollPage>,
) -> Result {
    let (ctx, scroll) = (contexts.ctx_mut()?, scrolls.read().map(|s| s.0).sum::<i32>());
    let overlay = *overlay;
    if overlay == Overlay::None {
        (*last_focus, *opened_at) = (None, None);
        return Ok(());
    }
    let menu_ctx = shown.menu_context();
    let items = menu_items(*screen.get(), overlay, menu_ctx);
    if items.is_empty() {
        return Ok(());
    }
    let (zoom, tr): (f32, &Tr) = (ctx.zoom_factor(), &shown.tr);
    let (opened, moved) = focus_change(*last_focus, overlay, focus.index, zoom);
    *last_focus = Some((overlay, focus.index, zoom));
    let Some((title, lines)) = panel_words(overlay, &shown.facts()) else { return Ok(()) };
    let choose = |i: MenuItem| menu_ctx.enabled(i);
    let step = |i: MenuItem, d: i32| crate::game::menus::can_adjust(&shown.settings, i, d);
    let (steppers, label) = (|i: MenuItem| shows_steppers(i, *shown.device), |item: MenuItem| item_label(item, &shown));
    let (slider, switched, progress) = value_readers(&shown.settings);
    let panel = Panel {
        overlay,
        title: tr.msg(&title),
        lines: shown.lines(lines, overlay).into_iter().map(|(m, c)| (tr.msg(&m), c)).collect(),
        items,
        can: MenuCan::new(&choose, &step, &steppers, tr).with_values(&slider, &switched, &progress),
        label: &label,
        window: panel_room(shown.card_place(overlay), ctx),
        card: shown.card_place(overlay),
        opened,
        moved,
        scroll,
        game: shown.rules.as_deref().filter(|_| overlay.is_game_over()).map(|r| &r.game),
        winner: shown.rules.as_deref().filter(|_| overlay.is_game_over()).and_then(winner_shown),
        badges: badges(&shown, overlay),
        fade: fade_in(ctx, &mut opened_at, overlay, shown.settings.motion() > 0.0),
        age: shown.card_age(ctx, *opened_at, overlay),
        rating: shown.rating_chip(overlay),
        opponent: (overlay == Overlay::MoreGames).then(|| opponent_card(&shown.settings, tr)),
        lesson: shown.tutorial.as_deref().filter(|_| overlay == Overlay::Lesson).map(|t| (t.lesson, t.passed)),
        analysis: &shown.analysis,
        saves: &shown.saves,
        record: &shown.record,
        tr,
    };
    let (mut chosen, mut adjusted) = (Vec::new(), Vec::new());
    show_panel(ctx, &panel, list_room(ctx, shown.move_list.0), &mut focus, &mut chosen, &mut adjusted);
    adjust_writer.write_batch(adjusted);
    chosen_writer.write_batch(chosen.into_iter().map(MenuChosen));
    Ok(())
}

/// What a setting's row reads of the settings: its slider, its switch, its bar of progress.
fn value_readers(
    settings: &Settings,
) -> (
    impl Fn(MenuItem) -> Option<crate::game::menus::Slider> + '_,
    impl Fn(MenuItem) -> bool + '_,
    impl Fn(MenuItem) -> Option<f32> + '_,
) {
    (
        move |i| crate::game::menus::slider(settings, i),
        move |i| crate::game::menus::is_on(settings, i),
        move |i| crate::game::menus::progress(settings, i),
    )
}

/// The width the move list takes at the window's right edge when it is open beside the board
/// (a card there keeps left of it).
fn list_room(ctx: &egui::Context, open: bool) -> f32 {
    let (window, zoom) = (ctx.content_rect().size(), ctx.zoom_factor());
    let beside = open && !crate::game::play::screen::move_list_below(Vec2::new(window.x, window.y) * zoom);
    if beside { crate::game::play::screen::MOVE_LIST_WIDTH } else { 0.0 }
}

/// The room a panel may fill, in points: a card's room beside or below the board (see
/// [`CardRoom`]), or the window for a panel over it.
fn panel_room(card: CardRoom, ctx: &egui::Context) -> egui::Vec2 {
    let (window, zoom) = (ctx.content_rect().size(), ctx.zoom_factor());
    match card {
        CardRoom::Right(w) => egui::vec2(w / zoom, window.y - crate::game::ui::HUD_HEIGHT - 16.0),
        CardRoom::Over { width, top } => egui::vec2(width / zoom, window.y - top / zoom - 8.0),
        CardRoom::Bottom(h) => egui::vec2(window.x, h / zoom - 16.0),
        CardRoom::None => window,
    }
}

/// Whether a value's − and + are drawn: the invite code's only for a pad (a keyboard types
/// the code; a mouse user found them odd beside a text field).
fn shows_steppers(item: MenuItem, device: LastDevice) -> bool {
    item != MenuItem::CodeField || device == LastDevice::Pad
}

/// Whether the menu `overlay` was just opened, and whether its focus should be scrolled to
/// (it moved, the menu opened, or the interface's size changed under it, so the rows grew or
/// shrank) — except that the rules page opens at its top, not scrolled down to its Back
/// button. `last` is the menu, focus and zoom of the last frame.
fn focus_change(last: Option<(Overlay, usize, f32)>, overlay: Overlay, focus: usize, zoom: f32) -> (bool, bool) {
    let opened = last.map(|(o, _, _)| o) != Some(overlay);
    let resized = last.is_some_and(|(_, _, z)| (z - zoom).abs() > 1e-4);
    let moved = (last.map(|(o, f, _)| (o, f)) != Some((overlay, focus)) || resized) && !(opened && overlay.is_page());
    (opened, moved)
}

/// A panel's lines, with what a menu item just did (saved, copied, refused) in the pause
/// menu and the game-over panel.
/// On the Controls screen, while a command waits for its new key: what to press, and why the
/// last press was refused.
fn with_capture(
    mut lines: Vec<(Msg, egui::Color32)>,
    overlay: Overlay,
    capture: &crate::game::board::input::Capture,
) -> Vec<(Msg, egui::Color32)> {
    if let (Overlay::Controls, Some(c)) = (overlay, capture.command) {
        let press = Msg::new("controls-press").sub("command", crate::game::board::input::command_words(c));
        lines.push((press, palette::FOCUS));
        if let Some(refused) = &capture.refused {
            lines.push((refused.clone(), palette::WARN));
        }
    }
    lines
}

fn with_notice(mut lines: Vec<(Msg, egui::Color32)>, overlay: Overlay, notice: &Notice) -> Vec<(Msg, egui::Color32)> {
    // Online, what the connection says (refused, not found, copied) shows in its panels too.
    let speaks = matches!(
        overlay,
        Overlay::Pause
            | Overlay::GameOver
            | Overlay::GameOverMore
            | Overlay::Online
            | Overlay::OnlineHost
            | Overlay::OnlineJoin
            | Overlay::OnlineCode
    );
    // Said once: a refusal the panel keeps itself is not repeated by the notice. The line is
    // there, empty, when there is nothing to say, so the buttons below never move when
    // something is said (Copy record, Save).
    if !speaks {
        return lines;
    }
    if notice.left > 0.0 && !lines.iter().any(|(m, _)| *m == notice.text) {
        lines.push((notice.text.clone(), if notice.warning { palette::WARN } else { palette::TEXT }));
    } else {
        lines.push((Msg::plain(" "), palette::TEXT));
    }
    lines
}

/// The widest and the narrowest a panel is in a window `window_width` wide: wide for the saved
/// games, the rules and a lesson's text, never wider than the window.
fn panel_width(overlay: Overlay, window_width: f32) -> (f32, f32) {
    let wide = matches!(
        overlay,
        Overlay::Load
            | Overlay::HowToPlay
            | Overlay::Lesson
            | Overlay::About
            | Overlay::AccessGuide
            | Overlay::Stats
            | Overlay::Recorded
    );
    let max = if wide { (window_width - 48.0).min(720.0) } else { 540.0_f32.min(window_width - 32.0) };
    (max, max.min(if wide { 640.0 } else { 360.0 }))
}

/// The winner whose stone the end-of-game card shows beside its result: none when the result
/// says "You lose" (the other side's stone beside it read as yours).
fn winner_shown(rules: &Rules) -> Option<crate::rules::Color> {
    let winner = rules.winner()?;
    match super::status::one_human(&rules.setup) {
        Some(you) if you != winner => None,
        _ => Some(winner),
    }
}

/// Seconds a page or card takes to fade in.
const FADE_IN: f64 = 0.16;

/// How far the overlay has faded in since its first frame (real time, so a frame after a rest
/// does not skip it), asking for frames until it is whole; whole at once without motion.
fn fade_in(ctx: &egui::Context, opened_at: &mut Option<(Overlay, f64)>, overlay: Overlay, motion: bool) -> f32 {
    let now = ctx.input(|i| i.time);
    let since = match *opened_at {
        Some((shown, at)) if shown == overlay => at,
        _ => {
            *opened_at = Some((overlay, now));
            now
        }
    };
    let fade = if motion { ((now - since) / FADE_IN).clamp(0.0, 1.0) as f32 } else { 1.0 };
    if fade < 1.0 {
        ctx.request_repaint();
    }
    // Never from nothing: the first frame already shows the page faintly.
    fade.max(0.25)
}

/// The milestones the game that just ended earned, in words, for the end-of-game card.
fn badges(shown: &Shown, overlay: Overlay) -> Vec<String> {
    let (Some(rules), Some(history)) = (shown.rules.as_deref(), shown.history.as_deref()) else { return Vec::new() };
    if !overlay.is_game_over() {
        return Vec::new();
    }
    let earned = history.result_of(rules.game_id).map(|r| r.milestones.clone()).unwrap_or_default();
    earned.iter().map(|m| shown.tr.msg(&Msg::new(m.name))).collect()
}

/// Badges in a row (wrapping): a gold medal and the milestone's name on a dark pill.
fn badge_row(ui: &mut egui::Ui, names: &[String]) {
    ui.horizontal_wrapped(|ui| {
        let total: f32 = names.iter().map(|n| badge_width(ui, n) + 8.0).sum();
        ui.add_space(((ui.available_width() - total) / 2.0).max(0.0));
        for name in names {
            let size = egui::vec2(badge_width(ui, name), 28.0);
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
            let label = name.clone();
            response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &label));
            let painter = ui.painter_at(rect);
            painter.rect(
                rect,
                14,
                egui::Color32::from_rgb(48, 40, 28),
                egui::Stroke::new(1.0, palette::FOCUS.gamma_multiply(0.7)),
                egui::StrokeKind::Inside,
            );
            let medal = egui::pos2(rect.left() + 15.0, rect.center().y);
            painter.circle_filled(medal, 8.0, palette::ACCENT);
            painter.circle_stroke(medal, 5.0, egui::Stroke::new(1.5, palette::ON_ACCENT));
            painter.text(
                egui::pos2(rect.left() + 29.0, rect.center().y),
                egui::Align2::LEFT_CENTER,
                name,
                super::theme::medium(15.0),
                palette::TEXT,
            );
        }
    });
}

/// A badge's width: its medal and its words.
fn badge_width(ui: &egui::Ui, name: &str) -> f32 {
    ui.painter().layout_no_wrap(name.to_owned(), super::theme::medium(15.0), palette::TEXT).size().x + 40.0
}

/// A lesson's progress under its title: a dot for each lesson, filled for those done, ringed
/// for the one at hand.
fn lesson_dots(ui: &mut egui::Ui, current: usize, passed: bool) {
    let total = crate::game::modes::tutorial::LESSONS.len();
    let (r, gap) = (5.0, 8.0);
    let width = total as f32 * (2.0 * r + gap) - gap;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 2.0 * r + 8.0), egui::Sense::hover());
    let left = rect.center().x - width / 2.0 + r;
    for i in 0..total {
        let centre = egui::pos2(left + i as f32 * (2.0 * r + gap), rect.center().y);
        let done = i < current || (i == current && passed);
        if done {
            ui.painter().circle_filled(centre, r, palette::FOCUS);
        } else if i == current {
            ui.painter().circle_stroke(centre, r - 0.5, egui::Stroke::new(2.0, palette::FOCUS));
        } else {
            ui.painter().circle_filled(centre, r * 0.7, palette::TEXT_DIM.gamma_multiply(0.6));
        }
    }
}

/// A stone of `side` drawn in the interface: basalt or coral, with a soft highlight.
fn winner_stone(painter: &egui::Painter, centre: egui::Pos2, radius: f32, side: crate::rules::Color) {
    palette::paint_stone(painter, centre, radius, side);
    painter.circle_stroke(centre, radius, egui::Stroke::new(1.5, palette::FOCUS));
}

/// A panel's menu (after the rules page, or the saved games' rows), scrolling when the window
/// is too low for it: it gets the height left under what the panel already shows and the
/// frame. Each menu scrolls on its own, and opens at its top.
fn panel_menu(
    ui: &mut egui::Ui,
    panel: &Panel,
    focus: &mut MenuFocus,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let (overlay, items) = (panel.overlay, &panel.items);
    // A card's room is its own (beside or below the board): only its frame's margin is kept.
    let margin = if overlay.is_card() { 44.0 } else { 80.0 };
    let mut max_height = (panel.window.y - ui.min_rect().height() - margin).max(120.0);
    let spacing = ui.spacing().item_spacing.y;
    // Buttons shrink (to a point) before a menu scrolls: a last item hidden below went unseen.
    let size = match overlay {
        Overlay::Load => ButtonSize::for_height(panel.window.y),
        _ if overlay.is_page() => ButtonSize::for_height(panel.window.y),
        _ => ButtonSize::for_height(panel.window.y).to_fit(items.len(), max_height - FOCUS_RING_ROOM * 2.0, spacing),
    };
    // With the room kept above and below a menu for the focus ring.
    let buttons = items.len() as f32 * (size.height + spacing) + FOCUS_RING_ROOM * 2.0;
    if overlay.is_page() {
        // A page scrolls above its Back, which stays in view.
        max_height = (max_height - buttons).max(80.0);
    }
    let needed = if overlay.is_page() { max_height } else { buttons }
        + if overlay == Overlay::Load { panel.saves.entries.len() as f32 * (52.0 - size.height) } else { 0.0 };
    if needed > max_height {
        // Room for the "more below" line under what scrolls.
        max_height -= MORE_ROW;
    }
    let mut scroll = egui::ScrollArea::vertical()
        .id_salt(format!("menu {overlay:?}"))
        .max_height(max_height)
        .min_scrolled_height(needed.min(max_height));
    if panel.opened {
        scroll = scroll.vertical_scroll_offset(0.0);
    }
    let moved = panel.moved;
    let output = scroll.show(ui, |ui| {
        if panel.scroll != 0 {
            ui.scroll_with_delta(egui::vec2(0.0, -PAGE_STEP * panel.scroll as f32));
        }
        match overlay {
            Overlay::HowToPlay => how_to_play_page(ui, panel.tr),
            Overlay::About => about_page(ui, panel.tr),
            Overlay::AccessGuide => super::about::access_page(ui, panel.tr),
            Overlay::Stats => super::stats::stats_page(ui, panel.record, panel.tr),
            Overlay::Load => load_rows(ui, panel, size, focus, chosen, adjusted),
            _ => menu_buttons(ui, items, panel.label, &panel.can, size, focus, moved, chosen, adjusted),
        }
    });
    if needed > max_height {
        more_below_row(ui, &output, MORE_ROW, panel.tr);
    }
    if overlay.is_page() {
        menu_buttons(ui, items, panel.label, &panel.can, size, focus, moved, chosen, adjusted);
    }
}

/// The height of the line that says a menu has more below.
const MORE_ROW: f32 = 20.0;

/// The saved games' rows, then the rest of the menu (its focus counted after them).
fn load_rows(
    ui: &mut egui::Ui,
    panel: &Panel,
    size: ButtonSize,
    focus: &mut MenuFocus,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let items = &panel.items;
    save_rows(ui, panel.saves, panel.tr, focus, panel.moved, chosen);
    let rest: Vec<MenuItem> = items.iter().copied().filter(|i| !matches!(i, MenuItem::OpenSave(_))).collect();
    let offset = items.len() - rest.len();
    let mut sub = MenuFocus { index: focus.index.wrapping_sub(offset) };
    menu_buttons(ui, &rest, panel.label, &panel.can, size, &mut sub, panel.moved, chosen, adjusted);
    if sub.index != focus.index.wrapping_sub(offset) {
        focus.index = sub.index + offset;
    }
}

/// The saved games as rows of two lines (what and when), each with a Delete button.
fn save_rows(
    ui: &mut egui::Ui,
    saves: &SaveList,
    tr: &Tr,
    focus: &mut MenuFocus,
    scroll_to_focus: bool,
    chosen: &mut Vec<MenuItem>,
) {
    let width = ui.available_width();
    for (i, entry) in saves.entries.iter().enumerate() {
        let (what, when) = entry.describe();
        let (what, when) = (tr.msg(&what), tr.msg(&when));
        let focused = focus.index == i;
        let color = if entry.game.is_ok() { palette::TEXT } else { palette::WARN };
        let mut text = egui::text::LayoutJob::default();
        text.append(&what, 0.0, egui::TextFormat::simple(egui::FontId::proportional(18.0), color));
        text.append(
            &format!("\n{when}"),
            0.0,
            egui::TextFormat::simple(egui::FontId::proportional(15.0), palette::TEXT_DIM),
        );
        ui.horizontal(|ui| {
            let mut button = egui::Button::new(text).min_size(egui::vec2(width - 100.0, 52.0)).corner_radius(10).wrap();
            if focused {
                button =
                    button.stroke(egui::Stroke::new(3.0, palette::FOCUS)).fill(ui.visuals().widgets.active.bg_fill);
            }
            let response = ui.add_sized(egui::vec2(width - 100.0, 52.0), button);
            if focused && scroll_to_focus {
                response.scroll_to_me(None);
            }
            if response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
                focus.index = i;
            }
            if response.clicked() {
                chosen.push(MenuItem::OpenSave(i));
            }
            if ui.add_sized(egui::vec2(84.0, 52.0), egui::Button::new(tr.t("item-delete"))).clicked() {
                chosen.push(MenuItem::DeleteSave(i));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_opens_scrolled_to_its_focus_but_the_rules_page_opens_at_its_top() {
        assert_eq!(focus_change(None, Overlay::Pause, 0, 1.0), (true, true));
        assert_eq!(focus_change(Some((Overlay::Pause, 0, 1.0)), Overlay::Pause, 0, 1.0), (false, false));
        assert_eq!(focus_change(Some((Overlay::Pause, 0, 1.0)), Overlay::Pause, 2, 1.0), (false, true));
        assert_eq!(focus_change(Some((Overlay::Pause, 3, 1.0)), Overlay::HowToPlay, 0, 1.0), (true, false));
        assert_eq!(focus_change(Some((Overlay::HowToPlay, 0, 1.0)), Overlay::HowToPlay, 0, 1.0), (false, false));
        // The interface size changed by keys on its row: the row is kept in view.
        assert_eq!(focus_change(Some((Overlay::Settings, 9, 1.0)), Overlay::Settings, 9, 1.25), (false, true));
    }

    #[test]
    fn the_code_field_has_steppers_for_a_pad_only_other_values_always() {
        assert!(shows_steppers(MenuItem::CodeField, LastDevice::Pad));
        assert!(!shows_steppers(MenuItem::CodeField, LastDevice::Keyboard));
        assert!(!shows_steppers(MenuItem::CodeField, LastDevice::Pointer));
        assert!(shows_steppers(MenuItem::Volume, LastDevice::Pointer));
    }

    #[test]
    fn what_an_item_just_did_shows_in_the_pause_menu_the_game_over_panel_and_the_online_panels() {
        let notice = Notice { text: Msg::new("load-deleted"), warning: true, left: 2.0 };
        let lines = with_notice(Vec::new(), Overlay::Pause, &notice);
        assert_eq!(lines, [(Msg::new("load-deleted"), palette::WARN)]);
        assert_eq!(with_notice(Vec::new(), Overlay::GameOver, &notice).len(), 1);
        assert!(with_notice(Vec::new(), Overlay::Settings, &notice).is_empty());
        // "No game with the code … was found" shows where the code was typed.
        assert_eq!(with_notice(Vec::new(), Overlay::OnlineJoin, &notice).len(), 1);
        // With nothing to say the line is there, empty: the buttons do not move when it speaks.
        let quiet = with_notice(Vec::new(), Overlay::Pause, &Notice { left: 0.0, ..notice.clone() });
        assert_eq!(quiet, [(Msg::plain(" "), palette::TEXT)]);
    }

    #[test]
    fn the_saved_games_the_rules_and_a_lesson_get_a_wide_panel_never_wider_than_the_window() {
        assert_eq!(panel_width(Overlay::Load, 1280.0), (720.0, 640.0));
        assert_eq!(panel_width(Overlay::Pause, 1280.0), (540.0, 360.0));
        let (max, min) = panel_width(Overlay::HowToPlay, 500.0);
        assert!(max <= 500.0 && min <= max);
        assert_eq!(panel_width(Overlay::Settings, 400.0).0, 368.0);
    }
}
