//! A menu's card: its size in the window, its head (title, words, badges), its graph and
//! its scrolling body.

use super::*;

/// How far one press of up or down scrolls a page of text, in points.
pub(super) const PAGE_STEP: f32 = 90.0;

/// What a panel shows.
pub(super) struct Panel<'a> {
    pub(super) overlay: Overlay,
    pub(super) title: String,
    pub(super) lines: Vec<(String, egui::Color32)>,
    pub(super) items: Vec<MenuItem>,
    pub(super) can: MenuCan<'a>,
    pub(super) label: &'a dyn Fn(MenuItem) -> String,
    /// The room it may fill (points): the window's size, or a card's room.
    pub(super) window: egui::Vec2,
    /// Where it sits when it is a card (beside, below or over a tray), else nothing.
    pub(super) card: CardRoom,
    /// The menu opened this frame (it starts scrolled to its top).
    pub(super) opened: bool,
    /// Scroll to the focused item.
    pub(super) moved: bool,
    /// Steps to scroll a page of text by (down is positive).
    pub(super) scroll: i32,
    /// The game whose standing the game-over panel shows.
    pub(super) game: Option<&'a crate::rules::Game>,
    /// The game's winner, whose stone the game-over card shows beside its words.
    pub(super) winner: Option<crate::rules::Color>,
    /// In a lesson's card: which lesson, and whether it is passed (its progress dots).
    pub(super) lesson: Option<(usize, bool)>,
    /// At the end of a game: the milestones it earned, in words (badges in the card).
    pub(super) badges: Vec<String>,
    /// How far it has faded in, 0 to 1 (1 at once with reduced motion).
    pub(super) fade: f32,
    /// Seconds since it opened (forever with reduced motion: what moves stands at its end).
    pub(super) age: f32,
    /// At the end of a rated game: its rating change.
    pub(super) rating: Option<RatingChip>,
    /// In the other ways to play: the computer's opponent as chosen, with its portrait.
    pub(super) opponent: Option<OpponentCard>,
    pub(super) analysis: &'a GameAnalysis,
    pub(super) saves: &'a SaveList,
    pub(super) record: &'a crate::game::modes::history::RecordView,
    pub(super) tr: &'a Tr,
}

/// Who "Play vs computer" plays against, as the other ways to play show it: a portrait, a name,
/// a line of character and the levels it plays.
pub(super) struct OpponentCard {
    pub(super) persona: Option<crate::ai::Persona>,
    pub(super) name: String,
    pub(super) line: String,
    pub(super) range: String,
}

/// The opponent's row: its portrait beside its name, its line and its levels (always there in
/// its menu, so the items below never move when another opponent is chosen).
fn opponent_row(ui: &mut egui::Ui, card: &OpponentCard, low: bool) {
    let size = if low { 44.0 } else { 64.0 };
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
        crate::game::ui::portraits::paint(ui.painter(), rect, card.persona);
        ui.vertical(|ui| {
            ui.label(egui::RichText::new(&card.name).size(18.0).strong().color(palette::TEXT));
            ui.add(egui::Label::new(egui::RichText::new(&card.line).size(15.0).color(palette::TEXT_DIM)).wrap());
            ui.label(egui::RichText::new(&card.range).size(14.0).color(palette::TEXT_DIM));
        });
    });
}

/// Shows a panel in its modal; a lesson's coach and the end of a game are cards beside the board
/// (below it in a tall window) in the room the board leaves them (see [`CardRoom`]): no veil,
/// the position they talk about in view, its stones there to click.
pub(super) fn show_panel(
    ctx: &egui::Context,
    panel: &Panel,
    list_room: f32,
    focus: &mut MenuFocus,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let frame = egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::same(20));
    let zoom = ctx.zoom_factor();
    let window = ctx.content_rect().size();
    let card = panel.card;
    let (max_width, min_width) = card_widths(panel, zoom);
    let card_height = card_height(card, window.y, zoom);
    let contents = |ui: &mut egui::Ui| {
        ui.set_opacity(panel.fade);
        ui.set_max_width(max_width);
        ui.set_min_width(min_width);
        let mut inside = |ui: &mut egui::Ui| {
            ui.vertical_centered(|ui| panel_body(ui, panel, max_width, focus, chosen, adjusted));
        };
        if card_height.is_finite() {
            card_scroll(panel, card_height).show(ui, inside);
        } else {
            inside(ui);
        }
    };
    let area = |anchor: egui::Align2, offset: egui::Vec2| {
        egui::Area::new(egui::Id::new("overlay")).order(egui::Order::Foreground).anchor(anchor, offset)
    };
    let shown = match card {
        CardRoom::Right(_) => {
            let top = crate::game::ui::HUD_HEIGHT + 8.0;
            area(egui::Align2::RIGHT_TOP, egui::vec2(-8.0 - list_room, top)).show(ctx, |ui| frame.show(ui, contents))
        }
        CardRoom::Over { top, .. } => area(egui::Align2::RIGHT_TOP, egui::vec2(-8.0 - list_room, top / zoom))
            .show(ctx, |ui| frame.show(ui, contents)),
        CardRoom::Bottom(h) => {
            // At the top of its room, right under the board.
            let top = window.y - h / zoom + 8.0;
            area(egui::Align2::CENTER_TOP, egui::vec2(0.0, top)).show(ctx, |ui| frame.show(ui, contents))
        }
        CardRoom::None => {
            let modal = egui::Modal::new(egui::Id::new("overlay")).frame(frame).backdrop_color(palette::BACKDROP);
            modal.show(ctx, contents);
            return;
        }
    };
    let rect = shown.response.rect;
    super::super::probe::note(super::super::probe::Kind::Card, shown.response.layer_id, &panel.title, rect, rect);
}

/// The widest and narrowest a panel's contents are (points): a card's fill its room less
/// its frame, a panel's over the board suit what it shows.
pub(super) fn card_widths(panel: &Panel, zoom: f32) -> (f32, f32) {
    let w = match panel.card {
        CardRoom::Right(w) => w / zoom - 16.0 - 40.0,
        CardRoom::Over { width, .. } => width / zoom - 40.0,
        _ => return panel_width(panel.overlay, panel.window.x),
    };
    (w, w)
}

/// A panel's head, its graph (after a game) and its menu: in a card the actions before the
/// graph, so they show first in a small window.
pub(super) fn panel_body(
    ui: &mut egui::Ui,
    panel: &Panel,
    max_width: f32,
    focus: &mut MenuFocus,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    panel_head(ui, panel, max_width);
    ui.add_space(6.0);
    if panel.overlay.is_card() {
        panel_menu(ui, panel, focus, chosen, adjusted);
        ui.add_space(6.0);
        panel_graph(ui, panel, max_width);
    } else {
        panel_graph(ui, panel, max_width);
        panel_menu(ui, panel, focus, chosen, adjusted);
    }
}

/// A card's scroll area: the whole room when its contents need it (an area is sized by its last
/// frame, and would otherwise keep a scroll area as small as it first was); at its top when it
/// opens, and each lesson's its own.
pub(super) fn card_scroll(panel: &Panel, card_height: f32) -> egui::ScrollArea {
    let height = card_height.max(80.0);
    let lesson = panel.lesson.map(|(n, _)| n);
    let scroll = egui::ScrollArea::vertical()
        .id_salt(format!("card {:?} {lesson:?}", panel.overlay))
        .max_height(height)
        .min_scrolled_height(height);
    if panel.opened { scroll.vertical_scroll_offset(0.0) } else { scroll }
}

/// The height a card's contents have: its room (under the bar, or under the board) less its
/// frame; they scroll when they need more (a large interface in a small window). Unbounded for
/// a panel over the window (it has its own ways to fit).
pub(super) fn card_height(card: CardRoom, window_height: f32, zoom: f32) -> f32 {
    match card {
        CardRoom::Right(_) => window_height - crate::game::ui::HUD_HEIGHT - 16.0 - 40.0,
        CardRoom::Over { top, .. } => window_height - top / zoom - 8.0 - 40.0,
        CardRoom::Bottom(h) => h / zoom - 16.0 - 40.0,
        CardRoom::None => f32::INFINITY,
    }
}

/// A panel's title, its badges or lesson dots, and its lines.
pub(super) fn panel_head(ui: &mut egui::Ui, panel: &Panel, max_width: f32) {
    let low = ButtonSize::for_height(panel.window.y).height < 40.0;
    match panel.winner {
        // The end of a game: its result large, beside the winner's stone.
        Some(winner) => {
            let size = if low { 32.0 } else { type_scale::RESULT };
            // Smaller, rather than wider than the card (a long result in a narrow card).
            let natural = ui.painter().layout_no_wrap(panel.title.clone(), display(size), palette::TEXT).size().x;
            let size = (size * (max_width - 8.0) / (natural + size * 1.1)).clamp(20.0, size);
            ui.horizontal(|ui| {
                let title = egui::RichText::new(&panel.title).font(display(size));
                let galley_width =
                    ui.painter().layout_no_wrap(panel.title.clone(), display(size), palette::TEXT).size().x;
                ui.add_space(((ui.available_width() - galley_width - size * 1.1) / 2.0).max(0.0));
                let (rect, _) = ui.allocate_exact_size(egui::vec2(size * 0.9, size), egui::Sense::hover());
                winner_stone(ui.painter(), rect.center(), size * 0.4, winner);
                ui.label(title);
            });
        }
        None => {
            _ = ui.label(egui::RichText::new(&panel.title).font(display(if low { 24.0 } else { type_scale::HEADING })))
        }
    }
    if !panel.badges.is_empty() {
        badge_row(ui, &panel.badges);
    }
    if let Some((current, passed)) = panel.lesson {
        lesson_dots(ui, current, passed);
    }
    // At the end of a game the rating's chip comes before the last line, the notice's (kept
    // even when empty, so nothing below moves when something is said).
    let split = if panel.rating.is_some() { panel.lines.len().saturating_sub(1) } else { panel.lines.len() };
    for (i, (l, color)) in panel.lines.iter().enumerate() {
        if i == split
            && let Some(chip) = &panel.rating
        {
            ui.add_space(4.0);
            super::super::rating_chip::rating_chip(ui, chip, panel.age);
        }
        ui.add(egui::Label::new(egui::RichText::new(l).size(16.0).color(*color)).wrap());
    }
    if let Some(chip) = panel.rating.as_ref().filter(|_| panel.lines.is_empty()) {
        super::super::rating_chip::rating_chip(ui, chip, panel.age);
    }
    if let Some(card) = &panel.opponent {
        ui.add_space(4.0);
        opponent_row(ui, card, panel.window.y < 700.0);
    }
}

/// After a game, its standing across the moves as the analysis comes in (its room kept from
/// the first frame, so nothing moves when it arrives). In a card it comes after the actions, so
/// Rematch and Review show first in a small window.
pub(super) fn panel_graph(ui: &mut egui::Ui, panel: &Panel, max_width: f32) {
    let low = ButtonSize::for_height(panel.window.y).height < 40.0;
    if let Some(game) = panel.game {
        // Beside the board the end of a game has room for a taller graph.
        let (card, tall) = (panel.overlay.is_card(), panel.window.y >= 600.0);
        let below = matches!(panel.card, CardRoom::Bottom(_));
        let height = match (card, tall, low) {
            // Under the board (a portrait window) the card shares the height with the board:
            // a short graph, so Rematch, Review and More all show.
            (true, _, _) if below => 44.0,
            // Over the right-hand tray, under its player card: a little less height.
            (true, true, _) if matches!(panel.card, CardRoom::Over { .. }) => 56.0,
            (true, true, _) => 130.0,
            // Below the board in a tall window: the result and both actions come first.
            (true, false, true) => 40.0,
            (_, _, true) => 56.0,
            _ => 80.0,
        };
        let size = egui::vec2((max_width - 40.0).min(460.0), height);
        if panel.analysis.covers(game) {
            analysis_view(ui, panel.analysis, game, game.ply(), size, panel.tr, 1);
        } else {
            ui.allocate_space(size + egui::vec2(0.0, ANALYSIS_CAPTION_ROOM));
        }
    }
}
