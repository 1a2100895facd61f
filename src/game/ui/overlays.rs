//! The menus over the title or the game, each in a modal that dims what is behind it, and
//! the saved games' rows.

use super::analysis::{ANALYSIS_CAPTION_ROOM, analysis_view};
use super::how_to_play::how_to_play_page;
use super::palette;
use super::panels::{PanelFacts, panel_words};
use super::widgets::{ButtonSize, MenuCan, menu_buttons};
use crate::game::board::input::LastDevice;
use crate::game::menus::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, context, menu_items};
use crate::game::modes::analysis::GameAnalysis;
use crate::game::modes::saves::{Resumable, SaveList};
use crate::game::platform::i18n::Tr;
use crate::game::platform::settings::Settings;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{Notice, Overlay, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// An item's words; the code field and its button say what was typed and what it will do.
fn item_label(item: MenuItem, settings: &Settings, code: &crate::game::modes::online::CodeEntry, tr: &Tr) -> String {
    use crate::game::platform::i18n::Msg;
    match item {
        MenuItem::CodeField => {
            let typed: String = (0..crate::online::code::CODE_LEN)
                .map(|i| code.symbol(i).unwrap_or('_'))
                .enumerate()
                .flat_map(|(i, c)| if i == 3 { vec!['-', c] } else { vec![c] })
                .collect();
            tr.msg(&Msg::new("item-code").text("code", typed))
        }
        MenuItem::JoinNow if code.watch => tr.t("item-watch-now"),
        _ => item.text(settings, tr),
    }
}

/// The menus over the title or the game: pause, game over, settings, custom setup, saved
/// games and confirmation questions, each in a modal that dims what is behind it.
pub(super) fn overlay_menu(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    screen: Res<State<Screen>>,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    saves: Res<SaveList>,
    resumable: Res<Resumable>,
    notice: Res<Notice>,
    (tutorial, puzzle, analysis): (
        Option<Res<crate::game::modes::tutorial::Tutorial>>,
        Option<Res<crate::game::modes::puzzles::PuzzleRun>>,
        Res<GameAnalysis>,
    ),
    (tr, device, online, code): (
        Res<Tr>,
        Res<LastDevice>,
        Option<Res<crate::game::modes::online::OnlineGame>>,
        Res<crate::game::modes::online::CodeEntry>,
    ),
    mut focus: ResMut<MenuFocus>,
    mut last_focus: Local<Option<(Overlay, usize)>>,
    mut chosen_writer: MessageWriter<MenuChosen>,
    mut adjust_writer: MessageWriter<MenuAdjust>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let overlay = *overlay;
    if overlay == Overlay::None {
        *last_focus = None;
        return Ok(());
    }
    let menu_ctx = context(&resumable, &saves, rules.as_deref(), tutorial.as_deref(), puzzle.as_deref(), &settings);
    let items = menu_items(*screen.get(), overlay, menu_ctx);
    let choose = |i: MenuItem| menu_ctx.enabled(i);
    let step = |i: MenuItem, d: i32| crate::game::menus::can_adjust(&settings, i, d);
    let can = MenuCan { choose: &choose, step: &step };
    if items.is_empty() {
        return Ok(());
    }
    // The rules page opens at its top, not scrolled down to its Back button.
    let opened = last_focus.map(|(o, _)| o) != Some(overlay);
    let moved = *last_focus != Some((overlay, focus.index)) && !(opened && overlay == Overlay::HowToPlay);
    *last_focus = Some((overlay, focus.index));
    let screen_size = ctx.content_rect().size();
    let size = ButtonSize::for_height(screen_size.y);
    let facts = PanelFacts {
        settings: &settings,
        saves: &saves,
        rules: rules.as_deref(),
        tutorial: tutorial.as_deref(),
        puzzle: puzzle.as_deref(),
        device: *device,
        online: online.as_deref(),
        code: &code,
    };
    let Some((title, mut lines)) = panel_words(overlay, &facts) else { return Ok(()) };
    // What a menu item just did (saved, copied, refused) shows inside the menu.
    if notice.left > 0.0 && matches!(overlay, Overlay::Pause | Overlay::GameOver) {
        lines.push((notice.text.clone(), if notice.warning { palette::WARN } else { palette::TEXT }));
    }
    let title = tr.msg(&title);
    let lines: Vec<(String, egui::Color32)> = lines.into_iter().map(|(m, c)| (tr.msg(&m), c)).collect();
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    let wide = matches!(overlay, Overlay::Load | Overlay::HowToPlay | Overlay::Lesson);
    let max_width = if wide { (screen_size.x - 48.0).min(720.0) } else { 540.0_f32.min(screen_size.x - 32.0) };
    let frame = egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::same(20));
    let mut modal = egui::Modal::new(egui::Id::new("overlay")).frame(frame).backdrop_color(palette::BACKDROP);
    if overlay == Overlay::Lesson {
        // A lesson's panel sits low, over a light veil, so the position it talks about stays
        // in view above it.
        let area = egui::Modal::default_area(egui::Id::new("overlay"))
            .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -8.0));
        modal = modal.area(area).backdrop_color(egui::Color32::from_rgba_premultiplied(4, 5, 7, 60));
    }
    modal.show(ctx, |ui| {
        ui.set_max_width(max_width);
        ui.set_min_width(max_width.min(if wide { 640.0 } else { 360.0 }));
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(title).size(if size.height < 40.0 { 26.0 } else { 30.0 }).strong());
            for (l, color) in lines {
                ui.add(egui::Label::new(egui::RichText::new(l).size(16.0).color(color)).wrap());
            }
            // After a game: its standing across the moves, as the analysis comes in.
            // Its room is kept from the first frame, so the buttons never move when it arrives.
            if overlay == Overlay::GameOver
                && let Some(rules) = rules.as_ref()
            {
                let size = egui::vec2((max_width - 40.0).min(460.0), if size.height < 40.0 { 56.0 } else { 80.0 });
                if analysis.covers(&rules.game) {
                    analysis_view(ui, &analysis, &rules.game, rules.game.ply(), size, &tr, 1);
                } else {
                    ui.allocate_space(size + egui::vec2(0.0, ANALYSIS_CAPTION_ROOM));
                }
            }
            ui.add_space(6.0);
            // The menu scrolls when the window is too low for it: it gets the height left
            // under what the panel already shows (its title, lines and graph) and the frame.
            let max_height = (screen_size.y - ui.min_rect().height() - 80.0).max(120.0);
            let spacing = ui.spacing().item_spacing.y;
            let needed = if overlay == Overlay::HowToPlay { max_height } else { 0.0 }
                + items.len() as f32 * (size.height + spacing)
                + if overlay == Overlay::Load { saves.entries.len() as f32 * (52.0 - size.height) } else { 0.0 };
            // Each menu scrolls on its own, and opens at its top.
            let mut scroll = egui::ScrollArea::vertical()
                .id_salt(format!("menu {overlay:?}"))
                .max_height(max_height)
                .min_scrolled_height(needed.min(max_height));
            if opened {
                scroll = scroll.vertical_scroll_offset(0.0);
            }
            scroll.show(ui, |ui| {
                if overlay == Overlay::HowToPlay {
                    how_to_play_page(ui, &tr);
                    let label = |item: MenuItem| item_label(item, &settings, &code, &tr);
                    menu_buttons(ui, &items, &label, &can, size, &mut focus, moved, &mut chosen, &mut adjusted);
                } else if overlay == Overlay::Load {
                    save_rows(ui, &saves, &tr, &mut focus, moved, &mut chosen);
                    let rest: Vec<MenuItem> =
                        items.iter().copied().filter(|i| !matches!(i, MenuItem::OpenSave(_))).collect();
                    let offset = items.len() - rest.len();
                    let mut sub = *focus;
                    sub.index = focus.index.wrapping_sub(offset);
                    let label = |item: MenuItem| item_label(item, &settings, &code, &tr);
                    menu_buttons(ui, &rest, &label, &can, size, &mut sub, moved, &mut chosen, &mut adjusted);
                    if sub.index != focus.index.wrapping_sub(offset) {
                        focus.index = sub.index + offset;
                    }
                } else {
                    let label = |item: MenuItem| item_label(item, &settings, &code, &tr);
                    menu_buttons(ui, &items, &label, &can, size, &mut focus, moved, &mut chosen, &mut adjusted);
                }
            });
        });
    });
    for a in adjusted {
        adjust_writer.write(a);
    }
    for item in chosen {
        chosen_writer.write(MenuChosen(item));
    }
    Ok(())
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
