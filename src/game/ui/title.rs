//! The title screen: the game's name on a card beside the board on its rock by the sea (over
//! it in a narrow window), its menu and the controls.

use super::palette;
use super::scroll_cues::more_cues;
use super::theme::{display, type_scale};
use super::widgets::{ButtonSize, Look, MenuCan, MenuOut, Tier, menu_item, root_ui};
use crate::game::board::input::LastDevice;
use crate::game::board::title_art::{TITLE_CARD_WIDTH, title_board};
use crate::game::menus::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, context, menu_items};
use crate::game::modes::saves::{Resumable, SaveList};
use crate::game::platform::i18n::{Msg, Tr};
use crate::game::platform::settings::Settings;
use crate::game::play::screen::{Overlay, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The pad's and the keyboard's controls, in words (message keys, on the title).
const CONTROLS: [&str; 3] = ["controls-mouse", "controls-keys", "controls-pad"];

/// The controls of the device in use; before any is used, the mouse's and the keyboard's.
fn shown_controls(device: LastDevice) -> &'static [&'static str] {
    // Two lines whatever the device, so the buttons above do not move when another is used.
    match device {
        LastDevice::Pointer | LastDevice::Keyboard => &CONTROLS[..2],
        LastDevice::Pad => &CONTROLS[1..],
    }
}

/// A line under the title: its words, colour and size, and whether it wraps.
#[derive(Debug, Clone, PartialEq)]
struct Note {
    msg: Msg,
    colour: egui::Color32,
    size: f32,
    wrap: bool,
}

/// The lines under the title: until a lesson has been passed, a pointer to the tutorial;
/// a warning when another copy of the game has the saved games (`profile_in_use`), or when
/// the unfinished game cannot be read. Pure.
fn title_notes(
    lessons_passed: u8,
    profile_in_use: bool,
    resumable: &Resumable,
    rating: Option<(crate::rating::Rating, u64)>,
    chosen: crate::ai::Level,
) -> Vec<Note> {
    let warn = |msg| Note { msg, colour: palette::WARN, size: 15.0, wrap: true };
    let mut notes = Vec::new();
    if lessons_passed == 0 {
        notes.push(Note { msg: Msg::new("title-new-player"), colour: palette::FOCUS, size: 17.0, wrap: false });
    } else if let Some((r, rated)) = rating {
        // The level that gives even chances (of two as even, the one on the Play button).
        let level = crate::game::platform::i18n::level_name(crate::history::even_level_or(&r, chosen));
        let msg = if rated == 0 {
            Msg::new("title-rating-new").sub("level", level)
        } else {
            Msg::new("title-rating").num("rating", r.rating.round() as i64).sub("level", level)
        };
        notes.push(Note { msg, colour: palette::TEXT_DIM, size: 16.0, wrap: true });
    }
    if profile_in_use {
        notes.push(warn(Msg::new("title-profile-in-use")));
    }
    if let Resumable::Unreadable(why) = resumable {
        notes.push(warn(Msg::new("title-unreadable").text("why", why.clone())));
    }
    notes
}

/// What the title card shows.
struct TitleCard<'a> {
    tr: &'a Tr,
    notes: Vec<Note>,
    items: Vec<MenuItem>,
    can: MenuCan<'a>,
    label: &'a dyn Fn(MenuItem) -> String,
    /// The line under Play: what it starts.
    caption: String,
    controls: &'static [&'static str],
    /// The keys and buttons in force, which the controls name.
    bindings: &'a crate::game::platform::bindings::Bindings,
    /// A low window: everything closer together.
    compact: bool,
}

pub(super) fn title_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    tr: Res<Tr>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
    profile: Option<Res<crate::game::modes::saves::Profile>>,
    history: Res<crate::game::modes::history::PlayerHistory>,
    device: Res<LastDevice>,
    (mut fits, graduated): (
        ResMut<crate::game::play::screen::MenuFits>,
        Option<Res<crate::game::modes::tutorial::Graduated>>,
    ),
    mut last_focus: Local<usize>,
    mut chosen_writer: MessageWriter<MenuChosen>,
    mut adjust_writer: MessageWriter<MenuAdjust>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A page opened from the title stands alone over the title's art: nothing of the title's
    // card shows through or around it.
    if *overlay != Overlay::None {
        *last_focus = usize::MAX;
        return Ok(());
    }
    let menu_ctx = context(&resumable, &saves, None, None, None, &settings, Default::default());
    let choose = |i: MenuItem| menu_ctx.enabled(i);
    let step = |i: MenuItem, d: i32| crate::game::menus::can_adjust(&settings, i, d);
    let label = |item: MenuItem| item.text(&settings, &tr);
    let mut notes = title_notes(
        settings.tutorial,
        profile.as_ref().is_some_and(|p| !p.owns_autosave()),
        &resumable,
        history.rating,
        settings.level,
    );
    if graduated.is_some() {
        // The tutorial just finished: well done, before anything else.
        notes.insert(0, Note { msg: Msg::new("title-graduated"), colour: palette::FOCUS, size: 17.0, wrap: true });
    }
    let card = TitleCard {
        tr: &tr,
        notes,
        items: menu_items(Screen::Title, Overlay::None, menu_ctx),
        can: MenuCan::new(&choose, &step, &|_| false, &tr),
        label: &label,
        caption: tr.msg(&play_caption(&settings, menu_ctx.can_continue)),
        controls: shown_controls(*device),
        bindings: &settings.bindings,
        compact: ctx.content_rect().height() < 700.0,
    };
    let moved = std::mem::replace(&mut *last_focus, focus.index) != focus.index;
    let (mut chosen, mut adjusted) = (Vec::new(), Vec::new());
    let mut out = MenuOut { focus: &mut focus, scroll_to_focus: moved, chosen: &mut chosen, adjusted: &mut adjusted };
    fits.0 = draw_title(ctx, &card, &mut out);
    chosen_writer.write_batch(chosen.into_iter().map(MenuChosen));
    adjust_writer.write_batch(adjusted);
    Ok(())
}

/// The line under Play: the level and colour of a game against the computer, or that it
/// continues the unfinished game. Pure.
fn play_caption(settings: &Settings, continues: bool) -> Msg {
    if continues {
        return Msg::new("title-continue-caption");
    }
    let (level, side) = crate::game::menus::quick_game(settings);
    Msg::new("title-play-caption")
        .sub("level", crate::game::platform::i18n::level_name(level))
        .sub("side", crate::game::platform::i18n::side_name(side))
}

/// Draws the title: the card centred over the board, scrolling in a window too low for it.
/// Returns whether it fits without scrolling.
fn draw_title(ctx: &egui::Context, card: &TitleCard, out: &mut MenuOut) -> bool {
    let mut root = root_ui(ctx);
    let compact = card.compact;
    let mut fitted = true;
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        // No bar beside the card (it showed for a fraction of a point of overflow); in a
        // window too small for the menu, the cue says there is more.
        let scrolled = egui::ScrollArea::vertical()
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysHidden)
            .show(ui, |ui| {
                // The menu on a dark, rounded card: at the left with the board beside it in a
                // wide window, else over the board, in the middle.
                let card_width = (ui.available_width() - 16.0).min(TITLE_CARD_WIDTH);
                let zoom = ui.ctx().zoom_factor();
                let window = ui.ctx().content_rect().size() * zoom;
                let beside = title_board(Vec2::new(window.x, window.y), TITLE_CARD_WIDTH * zoom).1 > 0.0;
                let margin = if beside { 24.0 } else { ((ui.available_width() - card_width) / 2.0).max(0.0) };
                // Half the room the card leaves, above it (its height as last drawn).
                let height_id = egui::Id::new("title card height");
                let last: f32 = ui.ctx().data(|d| d.get_temp(height_id)).unwrap_or(0.0);
                let top = ((ui.available_height() - last) / 2.0).max(if compact { 4.0 } else { 16.0 });
                ui.add_space(top);
                ui.horizontal(|ui| {
                    ui.add_space(margin);
                    let shown = egui::Frame::new()
                        .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 248))
                        .corner_radius(22)
                        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgba_unmultiplied(255, 210, 150, 40)))
                        .inner_margin(egui::Margin::symmetric(24, if compact { 8 } else { 18 }))
                        .show(ui, |ui| {
                            ui.set_width(card_width - 48.0);
                            ui.vertical_centered(|ui| card_contents(ui, card, out));
                        });
                    let height = shown.response.rect.height();
                    if (height - last).abs() > 0.5 {
                        ui.ctx().data_mut(|d| d.insert_temp(height_id, height));
                        ui.ctx().request_discard("the title card's height changed");
                    }
                });
            });
        fitted = scrolled.content_size.y <= scrolled.inner_rect.height() + 1.0;
        if !fitted {
            more_cues(ui, &scrolled, card.tr);
        }
    });
    fitted
}

/// The card: the wordmark and the subtitle, the notes, one large Play, New game, the tiles
/// (Learn, Puzzles, Online), the links (Your record, Settings, Quit) and the controls.
fn card_contents(ui: &mut egui::Ui, card: &TitleCard, out: &mut MenuOut) {
    let (tr, compact) = (card.tr, card.compact);
    ui.add_space(if compact { 0.0 } else { 4.0 });
    ui.label(egui::RichText::new("Kōnane").font(display(if compact { 48.0 } else { type_scale::WORDMARK })));
    ui.label(
        egui::RichText::new(tr.t("title-subtitle")).size(if compact { 16.0 } else { 19.0 }).color(palette::TEXT_DIM),
    );
    ui.add_space(if compact { 4.0 } else { 12.0 });
    for note in &card.notes {
        let text = egui::RichText::new(tr.msg(&note.msg)).color(note.colour).size(note.size);
        if note.wrap {
            ui.add(egui::Label::new(text).wrap());
        } else {
            ui.label(text);
        }
    }
    ui.add_space(if compact { 2.0 } else { 6.0 });
    title_menu(ui, card, out);
    ui.add_space(if compact { 4.0 } else { 12.0 });
    // A low window has room for one line of controls: the device's (the mouse's before any).
    let controls = if compact { &card.controls[..card.controls.len().min(1)] } else { card.controls };
    for key in controls {
        let words = tr.msg(&card.bindings.prompt(key));
        ui.add(egui::Label::new(egui::RichText::new(words).size(14.0).color(palette::TEXT_DIM)).wrap());
    }
}

/// The title's menu in its layout: Play, New game, three tiles, three links. The focus moves
/// through them in reading order (down and right to the next, up and left to the one before).
fn title_menu(ui: &mut egui::Ui, card: &TitleCard, out: &mut MenuOut) {
    let compact = card.compact;
    let size = ButtonSize::for_height(ui.ctx().content_rect().height());
    let width = ui.available_width();
    let gap = 10.0;
    let item = |i: usize| card.items[i];
    let words = |i: usize| (card.label)(item(i));
    ui.spacing_mut().item_spacing = egui::vec2(gap, if compact { 6.0 } else { 10.0 });
    let play_words = if item(0) == MenuItem::Continue { words(0) } else { card.tr.t("title-play") };
    let hero = Look::Hero { words: play_words, caption: card.caption.clone() };
    let hero_height = if compact { 58.0 } else { 72.0 };
    menu_item(ui, 0, item(0), words(0), &card.can, &hero, egui::vec2(width, hero_height), size, out);
    let new_game = Look::Row(Tier::Secondary);
    menu_item(ui, 1, item(1), words(1), &card.can, &new_game, egui::vec2(width, size.height), size, out);
    let tile = egui::vec2((width - 2.0 * gap) / 3.0, if compact { 60.0 } else { 78.0 });
    let tile_words = ["title-tile-learn", "title-tile-puzzles", "title-tile-online"];
    ui.horizontal(|ui| {
        for (k, i) in (2..5).enumerate() {
            let look = Look::Tile(card.tr.t(tile_words[k]));
            menu_item(ui, i, item(i), words(i), &card.can, &look, tile, size, out);
        }
    });
    let link = egui::vec2((width - 2.0 * gap) / 3.0, size.height);
    ui.horizontal(|ui| {
        for i in 5..card.items.len().min(8) {
            menu_item(ui, i, item(i), words(i), &card.can, &Look::Link, link, size, out);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn the_title_shows_the_controls_of_the_device_in_use() {
        assert_eq!(shown_controls(LastDevice::Pointer), ["controls-mouse", "controls-keys"]);
        assert_eq!(shown_controls(LastDevice::Keyboard), ["controls-mouse", "controls-keys"]);
        assert_eq!(shown_controls(LastDevice::Pad), ["controls-keys", "controls-pad"]);
        // As many lines for every device: the buttons never move when another is used.
        assert!([LastDevice::Keyboard, LastDevice::Pad].iter().all(|d| shown_controls(*d).len() == 2));
    }

    #[test]
    fn the_title_points_newcomers_to_the_tutorial_and_warns_of_what_cannot_be_used() {
        let keys = |notes: Vec<Note>| notes.into_iter().map(|n| n.msg.key.into_owned()).collect::<Vec<_>>();
        assert_eq!(keys(title_notes(0, false, &Resumable::Nothing, None, Level::Medium)), ["title-new-player"]);
        assert!(title_notes(1, false, &Resumable::Nothing, None, Level::Medium).is_empty());
        let unreadable = Resumable::Unreadable("bad".into());
        let notes = title_notes(3, true, &unreadable, None, Level::Medium);
        assert_eq!(keys(notes.clone()), ["title-profile-in-use", "title-unreadable"]);
        assert!(notes.iter().all(|n| n.colour == palette::WARN && n.wrap));
        assert_eq!(notes[1].msg, Msg::new("title-unreadable").text("why", "bad"));
    }

    #[test]
    fn after_the_first_lesson_the_title_suggests_the_level_for_an_even_game() {
        use crate::rating::{Rating, START};
        // A new player is as near Easy as Medium: the advice names the level on the button.
        let new = title_notes(1, false, &Resumable::Nothing, Some((START, 0)), Level::Medium);
        let medium = crate::game::platform::i18n::level_name(Level::Medium);
        assert_eq!(new[0].msg, Msg::new("title-rating-new").sub("level", medium));
        let new = title_notes(1, false, &Resumable::Nothing, Some((START, 0)), Level::Easy);
        let easy = crate::game::platform::i18n::level_name(Level::Easy);
        assert_eq!(new[0].msg, Msg::new("title-rating-new").sub("level", easy));
        let strong = Rating { rating: 2390.4, deviation: 70.0, volatility: 0.06 };
        let notes = title_notes(2, false, &Resumable::Nothing, Some((strong, 40)), Level::Medium);
        let level = crate::game::platform::i18n::level_name(crate::ai::Level::Strong);
        assert_eq!(notes[0].msg, Msg::new("title-rating").num("rating", 2390).sub("level", level));
    }
}
