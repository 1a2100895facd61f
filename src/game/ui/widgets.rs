//! The interface's building blocks: a Ui over the whole window, and menus drawn as large
//! buttons, sized for the window.

use super::icons::Icon;
use super::palette;
use super::theme::BUTTON_PADDING;
use crate::game::menus::{MenuAdjust, MenuFocus, MenuItem, Slider};
use crate::game::platform::i18n::Tr;
use bevy_egui::egui;

/// A Ui covering the whole window, for panels.
pub(super) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    )
}

/// The room a menu button's words have in a window of `window` points (title card or menu
/// over the board, whichever is narrower): their text size and the widest they may be.
pub fn menu_text_room(window: egui::Vec2) -> (f32, f32) {
    let size = ButtonSize::for_height(window.y);
    let modal = 540.0_f32.min(window.x - 32.0);
    let card = (window.x - 16.0).min(560.0) - 24.0;
    (size.text, menu_button_width(modal.min(card)) - 2.0 * BUTTON_PADDING)
}

/// A menu button's width when its menu is `available` wide: room is left on the right for the
/// scroll bar of a long menu (a value's ‹ and › are inside its row).
fn menu_button_width(available: f32) -> f32 {
    (available - 28.0).clamp(200.0, 440.0)
}

/// No item has a slider.
fn no_slider(_: MenuItem) -> Option<Slider> {
    None
}

/// No item shows progress.
fn no_slider_fraction(_: MenuItem) -> Option<f32> {
    None
}

/// No switch is on.
fn never_on(_: MenuItem) -> bool {
    false
}

/// How big menu buttons are: smaller in a low window so a whole menu fits.
#[derive(Clone, Copy)]
pub(super) struct ButtonSize {
    pub(super) height: f32,
    pub(super) text: f32,
}

impl ButtonSize {
    pub(super) fn for_height(h: f32) -> ButtonSize {
        // The large buttons need a window at least 840 points high for the title's menu of
        // nine items (a 1280x800 screen gives a 720-point window); an 800x600 screen's
        // 540-point window takes slightly smaller ones still.
        if h < 600.0 {
            ButtonSize { height: 33.0, text: 18.0 }
        } else if h < 840.0 {
            ButtonSize { height: 35.0, text: 18.5 }
        } else {
            ButtonSize { height: 48.0, text: 22.0 }
        }
    }

    /// This size, or smaller (never below [`MIN_BUTTON_HEIGHT`]) so that `n` buttons with
    /// `spacing` between them fit in `room` points; the text shrinks with the button.
    pub(super) fn to_fit(self, n: usize, room: f32, spacing: f32) -> ButtonSize {
        let fitting = room / n.max(1) as f32 - spacing;
        let height = self.height.min(fitting.floor()).max(MIN_BUTTON_HEIGHT.min(self.height));
        ButtonSize { height, text: (self.text * height / self.height).max(self.text * 0.8) }
    }
}

/// The lowest a menu button gets to make its menu fit; below it, the menu scrolls.
const MIN_BUTTON_HEIGHT: f32 = 32.0;

/// What a menu's items allow now: whether one can be chosen, and whether a value can step
/// down (-1) or up (+1).
pub(super) struct MenuCan<'a> {
    pub(super) choose: &'a dyn Fn(MenuItem) -> bool,
    pub(super) step: &'a dyn Fn(MenuItem, i32) -> bool,
    /// Whether a value's − and + buttons are drawn beside it (the invite code's are for pads
    /// only: a keyboard types it, and a mouse user found them odd).
    pub(super) steppers: &'a dyn Fn(MenuItem) -> bool,
    /// What a screen reader calls the − and + buttons ("previous", "next").
    pub(super) step_words: [String; 2],
    /// The slider of a value with a range.
    pub(super) slider: &'a dyn Fn(MenuItem) -> Option<Slider>,
    /// Whether an on/off setting is on.
    pub(super) switched: &'a dyn Fn(MenuItem) -> bool,
    /// How far along an item is (a bar along its button's foot).
    pub(super) progress: &'a dyn Fn(MenuItem) -> Option<f32>,
}

impl<'a> MenuCan<'a> {
    /// What a menu allows, with the words a reader says for its − and + buttons.
    pub(super) fn new(
        choose: &'a dyn Fn(MenuItem) -> bool,
        step: &'a dyn Fn(MenuItem, i32) -> bool,
        steppers: &'a dyn Fn(MenuItem) -> bool,
        tr: &Tr,
    ) -> MenuCan<'a> {
        MenuCan {
            choose,
            step,
            steppers,
            step_words: [tr.t("access-step-down"), tr.t("access-step-up")],
            slider: &no_slider,
            switched: &never_on,
            progress: &no_slider_fraction,
        }
    }

    /// With the settings' sliders and switches, and items' progress.
    pub(super) fn with_values(
        self,
        slider: &'a dyn Fn(MenuItem) -> Option<Slider>,
        switched: &'a dyn Fn(MenuItem) -> bool,
        progress: &'a dyn Fn(MenuItem) -> Option<f32>,
    ) -> MenuCan<'a> {
        MenuCan { slider, switched, progress, ..self }
    }
}

/// How a menu item's button looks (docs/design.md): the one main action of a menu filled in
/// the accent, the others outlined, leaving and going back as quiet text, what cannot be
/// undone in lava red, and a setting as a row with its name left and its control right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    /// Filled amber: the one main action.
    Primary,
    /// Outlined grey: every other action.
    Secondary,
    /// Words only: going back or leaving.
    Quiet,
    /// Lava red: what cannot be undone.
    Danger,
    /// A row: a setting's name and its control.
    Setting,
}

/// The tier of an item's button.
pub fn tier(item: MenuItem) -> Tier {
    use MenuItem::*;
    match item {
        Continue | PlayComputer | StartCustom | StartHosting | JoinNow | Resume | Rematch | NextLesson | TryLesson
        | FinishTutorial | NextPuzzle | NextInStreak => Tier::Primary,
        Resign | DeleteSave(_) | Yes => Tier::Danger,
        Back | LeaveTutorial | LeavePuzzle | Quit | ToTitle => Tier::Quiet,
        SwapColours | ResetControls | CodeField => Tier::Secondary,
        i if i.toggles() || i.adjustable() => Tier::Setting,
        _ => Tier::Secondary,
    }
}

/// The tiers of a menu's items: as [`tier`] gives them, but only the first main action of a
/// menu is filled (a puzzle's pause menu has Resume and Next puzzle: Resume is the one).
pub fn tiers(items: &[MenuItem]) -> Vec<Tier> {
    let mut primary_seen = false;
    items
        .iter()
        .map(|item| match tier(*item) {
            Tier::Primary if primary_seen => Tier::Secondary,
            Tier::Primary => {
                primary_seen = true;
                Tier::Primary
            }
            other => other,
        })
        .collect()
}

/// The icon drawn before an item's words, if it has one.
pub fn icon_of(item: MenuItem) -> Option<Icon> {
    use MenuItem::*;
    Some(match item {
        Continue | PlayComputer | Resume => Icon::Play,
        Tutorial => Icon::Book,
        Puzzles => Icon::Jump,
        PlayOnline => Icon::Globe,
        Settings => Icon::Gear,
        Stats => Icon::Chart,
        Quit => Icon::Power,
        Back => Icon::Back,
        _ => return None,
    })
}

/// A setting's words split into its name and its value at the last ": " ("Music: 50 %" →
/// "Music", "50 %"); the whole as the name when there is no value.
pub fn name_and_value(words: &str) -> (&str, &str) {
    match words.rfind(": ") {
        Some(at) => (&words[..at], &words[at + 2..]),
        None => (words, ""),
    }
}

/// Where a menu's choices go, and its focus.
pub(super) struct MenuOut<'m> {
    pub(super) focus: &'m mut MenuFocus,
    /// The focus moved: scroll the focused item into view.
    pub(super) scroll_to_focus: bool,
    pub(super) chosen: &'m mut Vec<MenuItem>,
    pub(super) adjusted: &'m mut Vec<MenuAdjust>,
}

/// How an item is laid out: a row of a menu, the title's one large Play (its words and a
/// caption under them), a tile (icon over words) or a quiet link with an icon.
pub(super) enum Look {
    Row(Tier),
    Hero { words: String, caption: String },
    Tile(String),
    Link,
}

/// Draws a menu's items in their tiers; the focused one ringed in amber (and scrolled into
/// view when the focus moved). Hovering moves the focus (so only one item ever looks focused);
/// a click chooses. `label` gives an item's words.
pub(super) fn menu_buttons(
    ui: &mut egui::Ui,
    items: &[MenuItem],
    label: &dyn Fn(MenuItem) -> String,
    can: &MenuCan,
    size: ButtonSize,
    focus: &mut MenuFocus,
    scroll_to_focus: bool,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let width = menu_button_width(ui.available_width());
    let mut out = MenuOut { focus, scroll_to_focus, chosen, adjusted };
    // Room above the first item and below the last for the focus ring drawn outside them (a
    // scrolling menu would clip it).
    ui.add_space(FOCUS_RING_ROOM);
    for (i, (item, tier)) in items.iter().zip(tiers(items)).enumerate() {
        ui.horizontal(|ui| {
            ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
            let slot = egui::vec2(width, size.height);
            menu_item(ui, i, *item, label(*item), can, &Look::Row(tier), slot, size, &mut out);
        });
    }
    ui.add_space(FOCUS_RING_ROOM);
}

/// How far the focus ring reaches outside its button.
pub(super) const FOCUS_RING_ROOM: f32 = 6.0;

/// Draws the item at `index` of a menu in `slot`, in its look, and takes its hover (the focus
/// follows the pointer) and its click.
pub(super) fn menu_item(
    ui: &mut egui::Ui,
    index: usize,
    item: MenuItem,
    words: String,
    can: &MenuCan,
    look: &Look,
    slot: egui::Vec2,
    size: ButtonSize,
    out: &mut MenuOut,
) -> egui::Response {
    let enabled = (can.choose)(item);
    let focused = out.focus.index == index && enabled;
    let row = Row { item, words, enabled, focused, size, width: slot.x, height: slot.y };
    let response = menu_row(ui, &row, look, can, out.adjusted);
    if focused && out.scroll_to_focus {
        response.scroll_to_me(None);
    }
    if focused {
        // A screen reader follows the game's focus, not egui's.
        crate::game::platform::access::focus(ui.ctx(), response.id);
    }
    if enabled && response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
        out.focus.index = index;
    }
    if response.clicked() {
        out.chosen.push(item);
    }
    response
}

/// One menu item as drawn.
struct Row {
    item: MenuItem,
    words: String,
    enabled: bool,
    focused: bool,
    size: ButtonSize,
    width: f32,
    height: f32,
}

/// Draws one item in its tier and look; returns the response of its button.
fn menu_row(
    ui: &mut egui::Ui,
    row: &Row,
    look: &Look,
    can: &MenuCan,
    adjusted: &mut Vec<MenuAdjust>,
) -> egui::Response {
    let tier = match look {
        Look::Link => Tier::Quiet,
        Look::Tile(_) => Tier::Secondary,
        Look::Hero { .. } => Tier::Primary,
        Look::Row(tier) => *tier,
    };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(row.width, row.height), egui::Sense::click());
    super::probe::note(super::probe::Kind::Widget, ui.layer_id(), &row.words, rect, ui.clip_rect());
    let enabled = row.enabled;
    let response = if enabled { response } else { ui.interact(rect, response.id, egui::Sense::hover()) };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, &row.words));
    let words = row.words.clone();
    ui.ctx().accesskit_node_builder(response.id, |node| node.set_label(words));
    let hot = enabled && (response.hovered() || row.focused);
    let visuals = ui.visuals().clone();
    let (fill, stroke, text) = tier_colours(tier, &visuals, hot, enabled);
    let painter = ui.painter_at(rect.expand(6.0));
    painter.rect(rect, 12, fill, stroke, egui::StrokeKind::Inside);
    if row.focused {
        let ring = egui::Stroke::new(2.5, palette::FOCUS);
        painter.rect_stroke(rect.expand(FOCUS_RING_ROOM - 2.5), 15, ring, egui::StrokeKind::Outside);
    }
    let steppers = row.item.adjustable() && (can.steppers)(row.item);
    match look {
        Look::Hero { words, caption } => return hero_words(&painter, rect, words, caption, text, response),
        Look::Tile(shown) => return tile_words(&painter, rect, row, shown, text, response),
        _ => {}
    }
    if tier == Tier::Setting {
        setting_row(ui, row, rect, text, can, steppers, adjusted);
    } else {
        let inset = if steppers { 34.0 } else { 0.0 };
        let font = if tier == Tier::Primary {
            super::theme::medium(row.size.text * 1.05)
        } else {
            super::theme::medium(row.size.text)
        };
        centred_words(&painter, rect.shrink2(egui::vec2(inset, 0.0)), &row.words, font, text, icon_of(row.item));
        if let Some(done) = (can.progress)(row.item) {
            progress_bar(&painter, rect, done);
        }
        if steppers {
            chevrons(ui, row, rect, text, can, adjusted);
        }
    }
    response
}

/// The title's Play: an icon and large words, a caption under them.
fn hero_words(
    painter: &egui::Painter,
    rect: egui::Rect,
    words: &str,
    caption: &str,
    colour: egui::Color32,
    response: egui::Response,
) -> egui::Response {
    let big = super::theme::medium((rect.height() * 0.36).min(26.0));
    let line = egui::Rect::from_center_size(
        egui::pos2(rect.center().x, rect.top() + rect.height() * 0.38),
        egui::vec2(rect.width(), big.size * 1.3),
    );
    centred_words(painter, line, words, big, colour, Some(Icon::Play));
    let small = egui::FontId::proportional((rect.height() * 0.22).min(15.0));
    painter.text(
        egui::pos2(rect.center().x, rect.top() + rect.height() * 0.76),
        egui::Align2::CENTER_CENTER,
        caption,
        small,
        colour.gamma_multiply(0.85),
    );
    response
}

/// A tile: its icon large above its words.
fn tile_words(
    painter: &egui::Painter,
    rect: egui::Rect,
    row: &Row,
    shown: &str,
    colour: egui::Color32,
    response: egui::Response,
) -> egui::Response {
    let icon_size = (rect.height() * 0.36).min(30.0);
    if let Some(icon) = icon_of(row.item) {
        let square = egui::Rect::from_center_size(
            egui::pos2(rect.center().x, rect.top() + 8.0 + icon_size / 2.0),
            egui::Vec2::splat(icon_size),
        );
        super::icons::paint(painter, square, icon, colour);
    }
    let galley =
        painter.layout(shown.to_owned(), super::theme::medium(row.size.text * 0.9), colour, rect.width() - 12.0);
    let at = egui::pos2(rect.center().x - galley.size().x / 2.0, rect.bottom() - 8.0 - galley.size().y);
    painter.galley(at, galley, colour);
    response
}

/// A thin bar along a button's foot, filled in the accent as far as `done` (0 to 1).
fn progress_bar(painter: &egui::Painter, rect: egui::Rect, done: f32) {
    let track = egui::Rect::from_min_max(
        egui::pos2(rect.left() + 24.0, rect.bottom() - 4.0),
        egui::pos2(rect.right() - 24.0, rect.bottom() - 2.0),
    );
    painter.rect_filled(track, 1.5, palette::TRACK);
    let filled = track.with_max_x(track.left() + track.width() * done.clamp(0.0, 1.0));
    painter.rect_filled(filled, 1.5, palette::ACCENT);
}

/// A tier's fill, frame and words' colour, lit when under the pointer or focused, greyed when
/// it cannot be chosen.
fn tier_colours(
    tier: Tier,
    visuals: &egui::Visuals,
    hot: bool,
    enabled: bool,
) -> (egui::Color32, egui::Stroke, egui::Color32) {
    let widgets = &visuals.widgets;
    let (rest, lit) = (widgets.inactive.bg_fill, widgets.hovered.bg_fill);
    let outline = egui::Stroke::new(1.0, widgets.active.bg_fill);
    let (fill, stroke, text) = match tier {
        Tier::Primary => {
            (if hot { palette::ACCENT_HOVER } else { palette::ACCENT }, egui::Stroke::NONE, palette::ON_ACCENT)
        }
        Tier::Secondary => (if hot { lit } else { rest }, outline, palette::TEXT),
        Tier::Setting => (if hot { lit } else { rest.gamma_multiply(0.75) }, egui::Stroke::NONE, palette::TEXT),
        Tier::Quiet => (if hot { lit } else { egui::Color32::TRANSPARENT }, egui::Stroke::NONE, palette::TEXT_DIM),
        Tier::Danger => (if hot { palette::DANGER_HOVER } else { palette::DANGER }, egui::Stroke::NONE, palette::TEXT),
    };
    if enabled {
        (fill, stroke, text)
    } else {
        (rest.gamma_multiply(0.45), egui::Stroke::NONE, palette::TEXT_DIM.gamma_multiply(0.55))
    }
}

/// Words centred in `rect`, after an icon if the item has one.
fn centred_words(
    painter: &egui::Painter,
    rect: egui::Rect,
    words: &str,
    font: egui::FontId,
    colour: egui::Color32,
    icon: Option<Icon>,
) {
    let galley = painter.layout(words.to_owned(), font.clone(), colour, rect.width() - 16.0);
    let icon_room = if icon.is_some() { font.size * 1.2 } else { 0.0 };
    let left = rect.center().x - (galley.size().x + icon_room) / 2.0;
    if let Some(icon) = icon {
        let square = egui::Rect::from_center_size(
            egui::pos2(left + font.size * 0.45, rect.center().y),
            egui::Vec2::splat(font.size * 0.9),
        );
        super::icons::paint(painter, square, icon, colour);
    }
    let at = egui::pos2(left + icon_room, rect.center().y - galley.size().y / 2.0);
    painter.galley(at, galley, colour);
}

/// A setting: its name on the left; on the right a switch (on/off), a slider (a value in a
/// range) or its value between ‹ and › (a choice).
fn setting_row(
    ui: &mut egui::Ui,
    row: &Row,
    rect: egui::Rect,
    text: egui::Color32,
    can: &MenuCan,
    steppers: bool,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let (name, value) = name_and_value(&row.words);
    let painter = ui.painter_at(rect);
    let body = egui::FontId::proportional(row.size.text);
    let inner = rect.shrink2(egui::vec2(14.0, 0.0));
    let value_font = super::theme::medium(row.size.text);
    let value_width = painter.layout_no_wrap(value.to_owned(), value_font.clone(), text).size().x;
    let control = if row.item.toggles() {
        let switch = egui::Rect::from_center_size(
            egui::pos2(inner.right() - 22.0, inner.center().y),
            egui::vec2(44.0, 24.0_f32.min(rect.height() - 8.0)),
        );
        paint_switch(&painter, switch, value_is_on(row, can), row.enabled);
        switch.left() - 10.0
    } else if let Some(slider) = (can.slider)(row.item) {
        slider_control(ui, row, inner, value_width, slider, adjusted)
    } else if steppers {
        chevrons(ui, row, inner.with_min_x(inner.right() - value_width - 60.0), text, can, adjusted);
        inner.right() - 26.0
    } else {
        inner.right()
    };
    let right = egui::pos2(control, inner.center().y);
    painter.text(right, egui::Align2::RIGHT_CENTER, value, value_font, text);
    let room = (right.x - value_width - 12.0 - inner.left()).max(20.0);
    let galley = painter.layout(name.to_owned(), body, text, room);
    let name_at = egui::pos2(inner.left(), inner.center().y - galley.size().y / 2.0);
    painter
        .with_clip_rect(egui::Rect::from_min_max(inner.min, egui::pos2(inner.left() + room, inner.bottom())))
        .galley(name_at, galley, text);
}

/// Whether a switch stands on: choosing it would turn it off (the item's value word says).
fn value_is_on(row: &Row, can: &MenuCan) -> bool {
    (can.switched)(row.item)
}

/// A switch: a pill with a knob, right and in the accent when on.
fn paint_switch(painter: &egui::Painter, rect: egui::Rect, on: bool, enabled: bool) {
    let radius = rect.height() / 2.0;
    let track = if on { palette::ACCENT } else { palette::TRACK };
    let track = if enabled { track } else { track.gamma_multiply(0.5) };
    painter.rect_filled(rect, radius, track);
    let x = if on { rect.right() - radius } else { rect.left() + radius };
    let knob = if on { palette::ON_ACCENT } else { palette::TEXT };
    painter.circle_filled(egui::pos2(x, rect.center().y), radius - 3.0, knob);
}

/// A slider right of a setting's value: a track filled to the value, with a knob; a click or a
/// drag on it steps the value to the place. Returns where the value's words end on the right.
fn slider_control(
    ui: &mut egui::Ui,
    row: &Row,
    inner: egui::Rect,
    value_width: f32,
    slider: Slider,
    adjusted: &mut Vec<MenuAdjust>,
) -> f32 {
    let length = (inner.width() * 0.32).clamp(60.0, 150.0);
    let track = egui::Rect::from_min_max(
        egui::pos2(inner.right() - length, inner.center().y - 9.0),
        egui::pos2(inner.right() - 6.0, inner.center().y + 9.0),
    );
    let id = egui::Id::new(("slider", row.item));
    let sense = if row.enabled { egui::Sense::click_and_drag() } else { egui::Sense::hover() };
    let response = ui.interact(track, id, sense);
    if let Some(at) = response.interact_pointer_pos().filter(|_| response.is_pointer_button_down_on()) {
        let steps = slider.steps_to((at.x - track.left()) / track.width());
        if steps != 0 {
            adjusted.push(MenuAdjust(row.item, steps));
        }
    }
    let painter = ui.painter_at(track.expand(10.0));
    let line = egui::Rect::from_center_size(track.center(), egui::vec2(track.width(), 6.0));
    painter.rect_filled(line, 3.0, palette::TRACK);
    let x = track.left() + slider.fraction * track.width();
    painter.rect_filled(line.with_max_x(x), 3.0, palette::ACCENT);
    painter.circle_filled(egui::pos2(x, track.center().y), 8.0, palette::TEXT);
    let _ = value_width;
    track.left() - 14.0
}

/// ‹ and › at the two ends of `rect`, stepping the item's value down and up; greyed at the end
/// of its range. A screen reader calls them by the item's words and "previous" / "next".
fn chevrons(
    ui: &mut egui::Ui,
    row: &Row,
    rect: egui::Rect,
    colour: egui::Color32,
    can: &MenuCan,
    adjusted: &mut Vec<MenuAdjust>,
) {
    for (dir, n) in [(-1, 0), (1, 1)] {
        let x = if dir < 0 { rect.left() + 2.0 } else { rect.right() - 30.0 };
        let at = egui::Rect::from_min_size(egui::pos2(x, rect.top() + 2.0), egui::vec2(28.0, rect.height() - 4.0));
        let live = row.enabled && (can.step)(row.item, dir);
        let stepped = ui.put(at, |ui: &mut egui::Ui| ui.add_enabled(live, egui::Button::new("").frame(false)));
        let colour = if live && stepped.hovered() {
            palette::FOCUS
        } else if live {
            colour
        } else {
            colour.gamma_multiply(0.3)
        };
        // A chevron drawn: the fonts' ‹ › sit low and small.
        let (c, h) = (at.center(), (row.size.text * 0.32).max(5.0));
        let tip = egui::pos2(c.x + dir as f32 * h * 0.55, c.y);
        let back = |y: f32| egui::pos2(c.x - dir as f32 * h * 0.55, c.y + y);
        let stroke = egui::Stroke::new(2.2, colour);
        ui.painter().add(egui::Shape::line(vec![back(-h), tip, back(h)], stroke));
        let name = format!("{}, {}", row.words, can.step_words[n]);
        ui.ctx().accesskit_node_builder(stepped.id, |node| node.set_label(name));
        if stepped.clicked() {
            adjusted.push(MenuAdjust(row.item, dir));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::menus::{MenuContext, menu_items};
    use crate::game::play::screen::{Overlay, Screen};

    #[test]
    fn a_setting_splits_into_its_name_and_value_at_the_last_colon() {
        assert_eq!(name_and_value("Music: 50 %"), ("Music", "50 %"));
        assert_eq!(name_and_value("Sound: on (M)"), ("Sound", "on (M)"));
        assert_eq!(name_and_value("Board: 8 × 8: wide"), ("Board: 8 × 8", "wide"));
        assert_eq!(name_and_value("Swap colours"), ("Swap colours", ""));
    }

    #[test]
    fn a_click_on_a_slider_steps_to_the_nearest_value_of_the_place() {
        let volume = Slider { fraction: 0.8, steps: 10 };
        assert_eq!(volume.steps_to(0.8), 0);
        assert_eq!(volume.steps_to(0.0), -8);
        assert_eq!(volume.steps_to(1.4), 2, "beyond the end: to the end");
        assert_eq!(volume.steps_to(0.33), -5);
        let mut settings = crate::game::platform::settings::Settings { volume: 0.8, ..Default::default() };
        assert_eq!(crate::game::menus::slider(&settings, MenuItem::Volume), Some(volume));
        // The steps a click sends are what the menus step the value by.
        assert!(crate::game::menus::adjust(&mut settings, MenuItem::Volume, volume.steps_to(0.33)));
        assert!((settings.volume - 0.3).abs() < 1e-4, "{}", settings.volume);
        assert_eq!(crate::game::menus::slider(&settings, MenuItem::Theme), None);
    }

    #[test]
    fn every_menu_has_at_most_one_primary_action_and_only_settings_are_rows() {
        let overlays = [
            Overlay::Pause,
            Overlay::GameOver,
            Overlay::GameOverMore,
            Overlay::Settings,
            Overlay::Setup,
            Overlay::Load,
            Overlay::Puzzles,
            Overlay::PuzzleOver,
            Overlay::MoreGames,
            Overlay::Lessons,
            Overlay::Lesson,
            Overlay::Online,
            Overlay::OnlineHost,
            Overlay::OnlineJoin,
            Overlay::Access,
            Overlay::Controls,
            Overlay::Stats,
        ];
        let contexts = [
            MenuContext::default(),
            MenuContext { can_continue: true, saves: 2, ..Default::default() },
            MenuContext { lesson_ready: Some(true), ..Default::default() },
            MenuContext { puzzle: Some(true), ..Default::default() },
        ];
        for ctx in contexts {
            for screen in [Screen::Title, Screen::Game] {
                for overlay in std::iter::once(Overlay::None).chain(overlays) {
                    let items = menu_items(screen, overlay, ctx);
                    let drawn = tiers(&items);
                    let primary = drawn.iter().filter(|t| **t == Tier::Primary).count();
                    assert!(primary <= 1, "{screen:?} {overlay:?}: {primary} primary actions in {items:?}");
                    for (item, tier) in items.iter().zip(drawn) {
                        if tier == Tier::Setting {
                            assert!(item.toggles() || item.adjustable(), "{item:?} is a row without a value");
                        }
                    }
                }
            }
        }
        // A puzzle's pause menu: Resume is the main action, not Next puzzle; after a solved
        // puzzle, Next puzzle is.
        let paused =
            menu_items(Screen::Game, Overlay::Pause, MenuContext { puzzle: Some(false), ..Default::default() });
        assert_eq!(tiers(&paused)[..3], [Tier::Primary, Tier::Secondary, Tier::Secondary]);
        let solved =
            menu_items(Screen::Game, Overlay::PuzzleOver, MenuContext { puzzle: Some(true), ..Default::default() });
        assert_eq!(solved[0], MenuItem::NextPuzzle);
        assert_eq!(tiers(&solved)[0], Tier::Primary);
        assert_eq!(tier(MenuItem::Resign), Tier::Danger);
        assert_eq!(tier(MenuItem::Back), Tier::Quiet);
        assert_eq!(tier(MenuItem::Volume), Tier::Setting);
    }

    #[test]
    fn buttons_shrink_to_fit_their_menu_but_no_lower_than_a_floor() {
        let big = ButtonSize::for_height(900.0);
        // Eight items in 420 points: smaller buttons, all in view.
        let fit = big.to_fit(8, 420.0, 10.0);
        assert!(fit.height < big.height && 8.0 * (fit.height + 10.0) <= 420.0, "{}", fit.height);
        assert!(fit.text < big.text && fit.text >= big.text * 0.8);
        // Room enough: unchanged.
        assert_eq!(big.to_fit(4, 420.0, 10.0).height, big.height);
        // Far too many: the floor, and the menu scrolls.
        assert_eq!(big.to_fit(30, 420.0, 10.0).height, MIN_BUTTON_HEIGHT);
    }
}
