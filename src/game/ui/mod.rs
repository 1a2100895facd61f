//! The egui interface: the title screen, the HUD above the board, the menus over the game
//! (pause, game over, confirmations) and the coordinates, in one theme taken from the board's
//! basalt-and-coral palette. Menus are drawn from [`crate::game::menus`]'s items; a click reports the
//! same [`MenuChosen`] a pad or key would.

use crate::ai::Outlook;
use crate::game::board::input::{LastDevice, UiHasKeyboard};
use crate::game::board::view::{Layout, cell_pos};
use crate::game::menus::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, context, menu_items, question};
use crate::game::modes::analysis::{GameAnalysis, judged};
use crate::game::modes::saves::{Resumable, SaveList};
use crate::game::platform::i18n::{Msg, Tr, level_about, level_name, side_key, side_name};
use crate::game::platform::settings::{Controller, Settings};
use crate::game::play::ai_task::{AiState, HintRequest, HintState};
use crate::game::play::authority::{Intent, MoveApplied, Rejected, Rules};
use crate::game::play::score::Score;
use crate::game::play::screen::{
    MOVE_LIST_HEIGHT, MOVE_LIST_WIDTH, MoveListOpen, Navigate, Notice, Overlay, Review, Screen, Turn, move_list_below,
};
use crate::game::setup::GameSetup;
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Game, Geometry, Phase, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The interface's colours, from the board: basalt greys, coral whites, the slab's warm stone.
mod palette {
    use crate::game::platform::settings::Theme;
    use bevy_egui::egui::Color32;

    /// The colours that follow the board's theme.
    pub struct Colours {
        /// Panels.
        pub panel: Color32,
        /// Buttons at rest.
        pub button: Color32,
        /// Buttons under the pointer (without the focus).
        pub button_soft: Color32,
        /// The focused button.
        pub button_hover: Color32,
    }

    impl Colours {
        /// Lava rock: dark basalt panels, warm grey buttons. Wood: dark koa-brown panels,
        /// buttons of oiled wood.
        pub fn of(theme: Theme) -> Colours {
            match theme {
                Theme::Lava => Colours {
                    panel: Color32::from_rgb(28, 30, 34),
                    button: Color32::from_rgb(58, 54, 50),
                    button_soft: Color32::from_rgb(68, 63, 58),
                    button_hover: Color32::from_rgb(84, 76, 68),
                },
                Theme::Wood => Colours {
                    panel: Color32::from_rgb(38, 29, 23),
                    button: Color32::from_rgb(78, 56, 40),
                    button_soft: Color32::from_rgb(92, 67, 48),
                    button_hover: Color32::from_rgb(112, 82, 58),
                },
            }
        }
    }
    /// Text: coral white.
    pub const TEXT: Color32 = Color32::from_rgb(240, 232, 216);
    /// Quieter text.
    pub const TEXT_DIM: Color32 = Color32::from_rgb(186, 176, 160);
    /// The focused menu item's frame: warm amber, like the last-move ring.
    pub const FOCUS: Color32 = Color32::from_rgb(255, 184, 64);
    /// Behind a menu over the board.
    pub const BACKDROP: Color32 = Color32::from_rgba_premultiplied(8, 10, 14, 170);
    /// Refusals and warnings.
    pub const WARN: Color32 = Color32::from_rgb(255, 140, 110);
}

/// Height of the HUD above the board, in logical pixels (the board is laid out below it).
pub const HUD_HEIGHT: f32 = crate::game::board::view::TOP_BAR;

pub(crate) fn plugin(app: &mut App) {
    // egui adds the glyphs a frame's text needs to its font atlas as it lays the text out, and
    // bevy_egui copies them into the atlas image in `PostProcessOutput`. Unless that happens
    // before the frame's asset events are sent, the renderer gets the new glyphs a frame late
    // and draws that frame's new text with letters missing.
    app.configure_sets(
        PostUpdate,
        bevy_egui::EguiPostUpdateSet::PostProcessOutput.before(bevy::asset::AssetEventSystems),
    )
    .add_systems(Update, collect_notices.in_set(crate::game::play::screen::GameSet::Presentation))
    .add_systems(
        EguiPrimaryContextPass,
        (
            apply_theme,
            warm_glyphs,
            title_screen.run_if(in_state(Screen::Title)),
            game_hud.run_if(in_state(Screen::Game)),
            overlay_menu,
            screen_fade,
        )
            .chain(),
    );
}

/// Refusals are said in words; what the computer played is said in words and notation.
fn collect_notices(
    mut rejected: MessageReader<Rejected>,
    mut applied: MessageReader<MoveApplied>,
    rules: Option<Res<Rules>>,
    time: Res<Time<Real>>,
    mut notice: ResMut<Notice>,
) {
    notice.left -= time.delta_secs();
    for r in rejected.read() {
        notice.say(r.reason.clone(), true);
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        // A refusal is old news once a move is made.
        if notice.warning {
            notice.left = 0.0;
        }
        if let Controller::Ai(_) = rules.controller(m.mover) {
            let text = Msg::new("notice-played")
                .sub("who", player_name(&rules.setup, m.mover))
                .text("move", move_to_string(rules.game.geometry(), m.mv));
            notice.say(text, false);
        }
    }
}

/// Whether exactly one side is played by a person at this screen (then the game says "you").
fn one_human(setup: &GameSetup) -> Option<Side> {
    setup.one_human()
}

/// `Some` when `side` is the one person playing the computer.
fn you_or_colour(setup: &GameSetup, side: Side) -> Option<Side> {
    one_human(setup).filter(|y| *y == side)
}

/// How the HUD names a side: "You", "The computer", or the colour.
fn player_name(setup: &GameSetup, side: Side) -> Msg {
    match (one_human(setup), setup.controller(side)) {
        (Some(you), _) if you == side => Msg::new("player-you"),
        (Some(_), _) => Msg::new("player-computer"),
        (None, Controller::Ai(_)) => Msg::new("player-side-computer").text("side", side_key(side)),
        (None, Controller::Human) => side_name(side),
    }
}

/// The status line in plain words, addressing the player when a person plays one side. While a
/// move is shown it describes that move's side, not the next one (it follows the animation).
pub fn status_line(game: &Game, resigned: Option<Side>, setup: &GameSetup, turn: Turn) -> Msg {
    let side = game.to_move();
    if let Some(r) = resigned {
        return match you_or_colour(setup, r) {
            Some(_) => Msg::new("status-you-resigned"),
            None if one_human(setup).is_some() => Msg::new("status-computer-resigned"),
            None => Msg::new("status-side-resigned").text("side", side_key(r)),
        };
    }
    let you = one_human(setup);
    if turn == Turn::Animating {
        // What was played, not "is moving": it stays true while the captured stones leave.
        return match game.last_move() {
            Some(m) if you == Some(side.opponent()) => {
                Msg::new("status-you-played").text("move", move_to_string(game.geometry(), m))
            }
            Some(m) => Msg::new("status-played")
                .sub("who", player_name(setup, side.opponent()))
                .text("move", move_to_string(game.geometry(), m)),
            None => Msg::plain(""),
        };
    }
    match game.phase() {
        Phase::Over { winner } => match you {
            // Only against the computer is there a "you": the loser is the computer.
            Some(y) if y == winner => Msg::new("status-you-win"),
            Some(_) => Msg::new("status-you-lose"),
            None => Msg::new("status-side-wins").text("side", side_key(winner)),
        },
        _ if setup.controller(side) != Controller::Human => match you {
            Some(_) => Msg::new("status-computer-thinking"),
            None => Msg::new("status-side-thinking").text("side", side_key(side)),
        },
        Phase::BlackRemoves if you.is_some() => Msg::new("status-your-first-removal"),
        Phase::BlackRemoves => Msg::new("status-black-removes"),
        Phase::WhiteRemoves if you.is_some() => Msg::new("status-your-second-removal"),
        Phase::WhiteRemoves => Msg::new("status-white-removes"),
        Phase::Jumping if you.is_some() => Msg::new("status-your-jump").text("colour", side_key(side)),
        Phase::Jumping => Msg::new("status-side-jumps").text("side", side_key(side)),
    }
}

/// A Ui covering the whole window, for panels.
fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    )
}

/// One theme for every screen: the board's palette, rounded frames, large text.
fn apply_theme(
    mut contexts: EguiContexts,
    mut done: Local<Option<crate::game::platform::settings::Theme>>,
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The interface size (with the window's size) and fullscreen follow the settings live.
    let window_size = windows.single().map(|w| Vec2::new(w.width(), w.height())).unwrap_or(Vec2::new(1280.0, 800.0));
    let zoom = crate::game::board::view::ui_zoom(settings.ui_scale, window_size);
    if (ctx.zoom_factor() - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(zoom);
    }
    if settings.is_changed()
        && let Ok(mut window) = windows.single_mut()
    {
        let mode = if settings.fullscreen {
            bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
        } else {
            bevy::window::WindowMode::Windowed
        };
        if window.mode != mode {
            window.mode = mode;
        }
    }
    // The interface takes its panel and button colours from the board's theme.
    if *done == Some(settings.theme) {
        return Ok(());
    }
    if done.is_none() {
        ctx.set_fonts(font_definitions());
    }
    let colours = palette::Colours::of(settings.theme);
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = colours.panel;
    visuals.window_fill = colours.panel;
    visuals.window_stroke = egui::Stroke::new(1.0, colours.button_hover);
    visuals.window_corner_radius = egui::CornerRadius::same(14);
    visuals.override_text_color = Some(palette::TEXT);
    for (w, fill) in [
        (&mut visuals.widgets.inactive, colours.button),
        (&mut visuals.widgets.hovered, colours.button_hover),
        (&mut visuals.widgets.active, colours.button_hover),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = egui::CornerRadius::same(10);
    }
    // Hovering only lightens a button a little: the amber frame alone marks the focus.
    visuals.widgets.hovered.bg_stroke = egui::Stroke::NONE;
    visuals.widgets.hovered.bg_fill = colours.button_soft;
    visuals.widgets.hovered.weak_bg_fill = colours.button_soft;
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 100, 40);
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily::Proportional, FontId, TextStyle};
        style.text_styles = [
            (TextStyle::Heading, FontId::new(30.0, Proportional)),
            (TextStyle::Body, FontId::new(BUTTON_TEXT_SIZE, Proportional)),
            (TextStyle::Button, FontId::new(BUTTON_TEXT_SIZE, Proportional)),
            (TextStyle::Small, FontId::new(15.0, Proportional)),
            (TextStyle::Monospace, FontId::new(17.0, egui::FontFamily::Monospace)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(10.0, 10.0);
        style.spacing.button_padding = egui::vec2(BUTTON_PADDING, 7.0);
    });
    *done = Some(settings.theme);
    Ok(())
}

/// The interface's fonts: egui's own (Ubuntu Light), then DejaVu Sans ExtraLight for what it
/// lacks — above all the ʻokina (U+02BB) of ʻŌlelo Hawaiʻi, which Ubuntu Light does not have.
pub fn font_definitions() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        std::sync::Arc::new(egui::FontData::from_static(include_bytes!(
            "../../../assets/fonts/DejaVuSans-ExtraLight.ttf"
        ))),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let list = fonts.families.entry(family).or_default();
        // Right after the main font, before the emoji fonts.
        list.insert(1.min(list.len()), "dejavu".into());
    }
    // One bitmap per glyph and size (not four, one per quarter-pixel offset), so that
    // `warm_glyphs` can make every glyph ready before any label shows it.
    for data in fonts.font_data.values_mut() {
        let mut font = (**data).clone();
        font.tweak.subpixel_binning = Some(false);
        *data = std::sync::Arc::new(font);
    }
    fonts
}

/// The text sizes (points) of the interface's words, whose glyphs are made ready at start.
const TEXT_SIZES: [f32; 15] =
    [12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 18.5, 19.0, 20.0, 21.0, 22.0, 26.0, 30.0, 48.0];

/// Every character the game's texts use in any language, and digits and signs.
fn all_glyphs() -> &'static str {
    static GLYPHS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    GLYPHS.get_or_init(|| {
        let mut chars: Vec<char> = crate::game::platform::i18n::SOURCES
            .iter()
            .flat_map(|(_, text)| text.chars())
            .chain((' '..='~').chain("−×·…–—’“”‘".chars()))
            .filter(|c| !c.is_control())
            .collect();
        chars.sort_unstable();
        chars.dedup();
        chars.into_iter().collect()
    })
}

/// Lays out every glyph of every language at every text size once for each pixel density the
/// interface is drawn at (the first frame, and after the interface size changes), so the font
/// atlas holds them before the first frame that shows a label: no text is drawn with letters
/// missing while the atlas catches up.
fn warm_glyphs(mut contexts: EguiContexts, mut warmed: Local<Option<f32>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let density = ctx.pixels_per_point();
    if *warmed == Some(density) {
        return Ok(());
    }
    *warmed = Some(density);
    ctx.fonts_mut(|fonts| {
        for size in TEXT_SIZES {
            let _ = fonts.layout_no_wrap(all_glyphs().to_string(), egui::FontId::proportional(size), palette::TEXT);
        }
        for size in [56.0, 76.0] {
            let _ = fonts.layout_no_wrap("Kōnane".into(), egui::FontId::proportional(size), palette::TEXT);
        }
    });
    Ok(())
}

/// The HUD's buttons (message keys), left to right.
pub const HUD_BUTTONS: [&str; 5] = ["hud-undo", "hud-redo", "hud-hint", "hud-menu", "hud-moves"];
/// The smallest width of a HUD button (its words get the button's padding around them).
pub const HUD_BUTTON_MIN_WIDTH: f32 = 72.0;
/// A button's padding on each side of its words.
pub const BUTTON_PADDING: f32 = 14.0;
/// The size of a button's words and of body text (see `apply_theme`).
pub const BUTTON_TEXT_SIZE: f32 = 19.0;

/// The room a menu button's words have in a window of `window` points (title card or menu
/// over the board, whichever is narrower): their text size and the widest they may be.
pub fn menu_text_room(window: egui::Vec2) -> (f32, f32) {
    let size = ButtonSize::for_height(window.y);
    let modal = 540.0_f32.min(window.x - 32.0);
    let card = (window.x - 16.0).min(560.0) - 24.0;
    (size.text, menu_button_width(modal.min(card)) - 2.0 * BUTTON_PADDING)
}

/// A menu button's width when its menu is `available` wide: room is left on both sides for
/// − and + and, right of them, for the scroll bar of a long menu.
fn menu_button_width(available: f32) -> f32 {
    (available - 140.0).clamp(200.0, 420.0)
}

/// How big menu buttons are: smaller in a low window so a whole menu fits.
#[derive(Clone, Copy)]
struct ButtonSize {
    height: f32,
    text: f32,
}

impl ButtonSize {
    fn for_height(h: f32) -> ButtonSize {
        if h < 700.0 { ButtonSize { height: 35.0, text: 18.5 } } else { ButtonSize { height: 48.0, text: 22.0 } }
    }
}

/// What a menu's items allow now: whether one can be chosen, and whether a value can step
/// down (-1) or up (+1).
struct MenuCan<'a> {
    choose: &'a dyn Fn(MenuItem) -> bool,
    step: &'a dyn Fn(MenuItem, i32) -> bool,
}

/// Draws a menu's items as large buttons; the focused one framed in amber (and scrolled into
/// view when the focus moved). Hovering moves the focus (so only one item ever looks focused);
/// a click chooses. `label` gives an item's words.
fn menu_buttons(
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
    for (i, item) in items.iter().enumerate() {
        let enabled = (can.choose)(*item);
        let focused = focus.index == i && enabled;
        let text = egui::RichText::new(label(*item)).size(size.text);
        let mut button = egui::Button::new(text).min_size(egui::vec2(width, size.height)).corner_radius(12);
        if focused {
            button = button.stroke(egui::Stroke::new(3.0, palette::FOCUS)).fill(ui.visuals().widgets.active.bg_fill);
        }
        // Room for − and + beside a value.
        let response = ui
            .horizontal(|ui| {
                ui.add_space((ui.available_width() - width) / 2.0);
                ui.add_enabled(enabled, button)
            })
            .inner;
        if focused && scroll_to_focus {
            response.scroll_to_me(None);
        }
        if enabled && response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
            focus.index = i;
        }
        if response.clicked() {
            chosen.push(*item);
        }
        if item.adjustable() {
            let rect = response.rect;
            for (dir, sign, x) in [(-1, "−", rect.left() - 44.0), (1, "+", rect.right() + 4.0)] {
                let at = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(40.0, rect.height()));
                // At the end of its range a step does nothing: its button is greyed out.
                let live = (can.step)(*item, dir);
                let step = egui::Button::new(egui::RichText::new(sign).size(size.text));
                if ui.put(at, |ui: &mut egui::Ui| ui.add_enabled(live, step)).clicked() {
                    adjusted.push(MenuAdjust(*item, dir));
                }
            }
        }
    }
}

/// The pad's and the keyboard's controls, in words (message keys, on the title).
const CONTROLS: [&str; 3] = ["controls-mouse", "controls-keys", "controls-pad"];

fn title_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    tr: Res<Tr>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
    profile: Option<Res<crate::game::modes::saves::Profile>>,
    device: Res<LastDevice>,
    mut fits: ResMut<crate::game::play::screen::MenuFits>,
    mut last_focus: Local<usize>,
    mut chosen_writer: MessageWriter<MenuChosen>,
    mut adjust_writer: MessageWriter<MenuAdjust>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    let mut root = root_ui(ctx);
    let height = ctx.content_rect().height();
    let size = ButtonSize::for_height(height);
    let compact = height < 700.0;
    let mut fitted = true;
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        let scrolled = egui::ScrollArea::vertical().show(ui, |ui| {
            // The menu on a dark, rounded card, so the board playing behind stays art.
            let card_width = (ui.available_width() - 16.0).min(560.0);
            let margin = ((ui.available_width() - card_width) / 2.0).max(0.0);
            ui.add_space(if compact { 4.0 } else { 16.0 });
            ui.horizontal(|ui| {
                ui.add_space(margin);
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 242))
                    .corner_radius(18)
                    .inner_margin(egui::Margin::symmetric(12, if compact { 6 } else { 14 }))
                    .show(ui, |ui| {
                        ui.set_width(card_width - 24.0);
                        ui.vertical_centered(|ui| {
                            ui.add_space(if compact { 2.0 } else { 12.0 });
                            ui.label(egui::RichText::new("Kōnane").size(if compact { 56.0 } else { 76.0 }).strong());
                            ui.label(egui::RichText::new(tr.t("title-subtitle")).size(20.0).color(palette::TEXT_DIM));
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            if settings.tutorial == 0 {
                                // Until a lesson has been passed, the title points newcomers to the tutorial.
                                ui.label(
                                    egui::RichText::new(tr.t("title-new-player")).size(17.0).color(palette::FOCUS),
                                );
                            }
                            if profile.as_ref().is_some_and(|p| !p.owns_autosave()) {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(tr.t("title-profile-in-use"))
                                            .color(palette::WARN)
                                            .size(15.0),
                                    )
                                    .wrap(),
                                );
                            }
                            if let Resumable::Unreadable(why) = &*resumable {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(
                                            tr.msg(&Msg::new("title-unreadable").text("why", why.clone())),
                                        )
                                        .color(palette::WARN)
                                        .size(15.0),
                                    )
                                    .wrap(),
                                );
                            }
                            let menu_ctx = context(&resumable, &saves, None, None, None, &settings);
                            let items = menu_items(Screen::Title, Overlay::None, menu_ctx);
                            let choose = |i: MenuItem| menu_ctx.enabled(i);
                            let step = |i: MenuItem, d: i32| crate::game::menus::can_adjust(&settings, i, d);
                            let can = MenuCan { choose: &choose, step: &step };
                            // While a screen is open over the title, its buttons only show.
                            let mut no_focus = *focus;
                            no_focus.index = usize::MAX;
                            let over = *overlay != Overlay::None;
                            let moved = focus.index != *last_focus;
                            *last_focus = focus.index;
                            let focus = if over { &mut no_focus } else { &mut *focus };
                            let label = |item: MenuItem| item.text(&settings, &tr);
                            ui.spacing_mut().item_spacing.y = if compact { 6.0 } else { 10.0 };
                            menu_buttons(ui, &items, &label, &can, size, focus, moved, &mut chosen, &mut adjusted);
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            // The controls of the device in use; before any is used, the mouse's
                            // and the keyboard's.
                            let shown: &[&str] = match *device {
                                LastDevice::Pointer => &CONTROLS[..2],
                                LastDevice::Keyboard => &CONTROLS[1..2],
                                LastDevice::Pad => &CONTROLS[2..],
                            };
                            for key in shown {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(tr.t(key)).size(15.0).color(palette::TEXT_DIM),
                                    )
                                    .wrap(),
                                );
                            }
                        });
                    });
            });
        });
        fitted = scrolled.content_size.y <= scrolled.inner_rect.height() + 1.0;
    });
    if *overlay == Overlay::None {
        fits.0 = fitted;
    }
    if *overlay == Overlay::None {
        for item in chosen {
            chosen_writer.write(MenuChosen(item));
        }
        for a in adjusted {
            adjust_writer.write(a);
        }
    }
    Ok(())
}

/// The bar above the board: a fixed group of buttons that never moves, then the status in
/// words on its own line, then a notice (a refusal, the computer's move, a hint).
fn game_hud(
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
    (tutorial, tr, puzzle, analysis): (
        Option<Res<crate::game::modes::tutorial::Tutorial>>,
        Res<Tr>,
        Option<Res<crate::game::modes::puzzles::PuzzleRun>>,
        Res<GameAnalysis>,
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
            if ui.add_enabled(live && game.can_undo(), small("hud-undo")).on_hover_text(tr.t("hud-undo-keys")).clicked()
            {
                intents.write(Intent::Undo);
            }
            if ui.add_enabled(live && game.can_redo(), small("hud-redo")).on_hover_text(tr.t("hud-redo-keys")).clicked()
            {
                intents.write(Intent::Redo);
            }
            if ui.add_enabled(live && human_turn && !hints.thinking(), small("hud-hint")).clicked() {
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

/// Stones of `side` captured so far (its own opening removal is not a capture).
fn captured_of(game: &Game, side: Side) -> u32 {
    let gone = game.start().count(side).saturating_sub(game.position().count(side));
    let removals = game.moves().iter().take(2).filter(|m| m.is_removal()).count();
    let own_removal = match side {
        Side::Black => removals >= 1,
        Side::White => removals >= 2,
    };
    gone.saturating_sub(own_removal as u32)
}

/// Whose tray is whose: "Black" and "White" over the trays — beside the board, above each
/// tray on the side away from the board; below it, above each tray's first row.
fn draw_tray_labels(
    ctx: &egui::Context,
    geo: &Geometry,
    layout: &Layout,
    names: &[String; 2],
    thinking: Option<Side>,
    clock: Option<f32>,
) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let font = egui::FontId::proportional((layout.cell / z * 0.32).clamp(12.0, 17.0));
    for owner in [Side::Black, Side::White] {
        let first = crate::game::board::view::tray_slot(geo, owner, 0, layout.trays_below);
        let (at, align) = if layout.trays_below {
            (layout.to_screen(first + Vec2::new(-0.25, 0.5)) / z, egui::Align2::LEFT_CENTER)
        } else if owner == Side::Black {
            (layout.to_screen(first + Vec2::new(0.3, 0.7)) / z, egui::Align2::RIGHT_CENTER)
        } else {
            (layout.to_screen(first + Vec2::new(-0.3, 0.7)) / z, egui::Align2::LEFT_CENTER)
        };
        let is_thinking = thinking == Some(owner);
        // Room for three dots after the name while this side thinks.
        let name = &names[owner.index()];
        let text = if is_thinking { format!("{name}      ") } else { name.clone() };
        let galley = painter.layout_no_wrap(text, font.clone(), palette::TEXT);
        let rect = align.anchor_size(egui::pos2(at.x, at.y), galley.size()).expand2(egui::vec2(6.0, 2.0));
        // A long label (some languages' words are long) stays inside the window.
        let screen = ctx.content_rect();
        let shift = (screen.left() + 4.0 - rect.left()).max(0.0) + (screen.right() - 4.0 - rect.right()).min(0.0);
        let rect = rect.translate(egui::vec2(shift, 0.0));
        let fill = if is_thinking {
            egui::Color32::from_rgba_unmultiplied(70, 52, 24, 230)
        } else {
            egui::Color32::from_rgba_unmultiplied(20, 22, 26, 200)
        };
        painter.rect_filled(rect, 6.0, fill);
        painter.galley(rect.min + egui::vec2(6.0, 2.0), galley, palette::TEXT);
        if is_thinking {
            // Three dots rising and falling in turn (still dots when animations are off).
            let r = font.size * 0.14;
            for k in 0..3 {
                let (lift, alpha) = match clock {
                    Some(t) => {
                        let phase = (t * 5.0 - k as f32 * 0.9).sin().max(0.0);
                        (phase * r * 1.6, 0.45 + 0.55 * phase)
                    }
                    None => (0.0, 0.8),
                };
                let centre =
                    egui::pos2(rect.right() - 8.0 - (2 - k) as f32 * r * 3.2, rect.center().y + r * 0.6 - lift);
                painter.circle_filled(centre, r, palette::FOCUS.gamma_multiply(alpha));
            }
            ctx.request_repaint();
        }
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

/// The standing across the game as a small plot (Black up, White down; proven results at
/// the edge in amber), the shown position as a line, moves that threw a proven win away in
/// red and blunders in orange; under it what was proven and the costliest mistakes in words
/// (at most `notes` of them). Returns the ply clicked on the plot.
fn analysis_view(
    ui: &mut egui::Ui,
    analysis: &GameAnalysis,
    game: &Game,
    shown: usize,
    size: egui::Vec2,
    tr: &Tr,
    notes: usize,
) -> Option<usize> {
    use crate::ai::review::{Standing, Verdict};
    let points = analysis.points();
    let moves = game.moves();
    let plies = moves.len();
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(16, 18, 22));
    painter
        .line_segment([rect.left_center(), rect.right_center()], egui::Stroke::new(1.0, egui::Color32::from_gray(70)));
    let x = |i: usize| rect.left() + 4.0 + (rect.width() - 8.0) * i as f32 / plies.max(1) as f32;
    let y = |s: Standing| rect.center().y - (rect.height() / 2.0 - 4.0) * s.plotted(1000) as f32 / 1000.0;
    for (i, pair) in points.windows(2).enumerate() {
        let proven = matches!((pair[0].standing, pair[1].standing), (Standing::Proven(..), Standing::Proven(..)));
        let colour = if proven { palette::FOCUS } else { palette::TEXT };
        let a = egui::pos2(x(i), y(pair[0].standing));
        let b = egui::pos2(x(i + 1), y(pair[1].standing));
        painter.line_segment([a, b], egui::Stroke::new(2.0, colour));
    }
    let mistakes = judged(&points, &moves, game.start());
    for &(i, v) in &mistakes {
        if let Some(p) = points.get(i + 1) {
            let colour = if v == Verdict::ThrewAwayWin { palette::WARN } else { egui::Color32::from_rgb(255, 180, 90) };
            painter.circle_filled(egui::pos2(x(i + 1), y(p.standing)), 4.0, colour);
        }
    }
    painter.line_segment(
        [egui::pos2(x(shown), rect.top()), egui::pos2(x(shown), rect.bottom())],
        egui::Stroke::new(1.0, egui::Color32::from_rgba_unmultiplied(255, 184, 64, 160)),
    );
    let clicked = response.clicked().then(|| response.interact_pointer_pos()).flatten().map(|pos| {
        (((pos.x - rect.left() - 4.0) / (rect.width() - 8.0)).clamp(0.0, 1.0) * plies as f32).round() as usize
    });
    // In words.
    let geo = game.geometry();
    let small = |ui: &mut egui::Ui, text: String, colour: egui::Color32| {
        ui.add(egui::Label::new(egui::RichText::new(text).size(14.0).color(colour)).wrap());
    };
    // The captions keep a fixed room (as many lines as they can have), so what is below the
    // graph never moves as the analysis comes in.
    let top = ui.cursor().top();
    if points.len() < plies + 1 {
        let m = Msg::new("analysis-working").num("done", points.len() as i64).num("total", plies as i64 + 1);
        small(ui, tr.msg(&m), palette::TEXT_DIM);
    }
    if let Some((i, side)) = points.iter().enumerate().find_map(|(i, p)| match p.standing {
        Standing::Proven(side, _) => Some((i, side)),
        Standing::Score(_) => None,
    }) {
        // A win proven for one side and then thrown away says both: what was proven, and
        // what happened.
        let thrown = game.winner().filter(|w| *w != side).and_then(|winner| {
            mistakes.iter().find(|(k, v)| *k >= i && *v == Verdict::ThrewAwayWin).map(|(k, _)| (winner, *k))
        });
        let m = match thrown {
            Some((winner, k)) => Msg::new("analysis-proven-thrown")
                .num("n", i as i64)
                .text("side", side_key(side))
                .text("winner", side_key(winner))
                .num("m", k as i64 + 1),
            None => Msg::new("analysis-proven").num("n", i as i64).text("side", side_key(side)),
        };
        small(ui, tr.msg(&m), palette::FOCUS);
    }
    let mut worst: Vec<&(usize, Verdict)> = mistakes.iter().filter(|(_, v)| *v == Verdict::ThrewAwayWin).collect();
    worst.extend(mistakes.iter().filter(|(_, v)| *v == Verdict::Blunder));
    for &&(i, v) in worst.iter().take(notes) {
        let key = if v == Verdict::ThrewAwayWin { "analysis-threw" } else { "analysis-blunder" };
        let best = points[i].best.map(|b| move_to_string(geo, b)).unwrap_or_default();
        let m = Msg::new(key).num("n", i as i64 + 1).text("played", move_to_string(geo, moves[i])).text("best", best);
        small(ui, tr.msg(&m), if v == Verdict::ThrewAwayWin { palette::WARN } else { palette::TEXT_DIM });
    }
    let room = ANALYSIS_CAPTION_LINE * (2 + notes) as f32;
    ui.add_space((room - (ui.cursor().top() - top)).max(0.0));
    clicked
}

/// The height of one caption line under the analysis graph.
const ANALYSIS_CAPTION_LINE: f32 = 19.0;

/// The room the game-over panel's graph captions take (working, proven, one mistake).
const ANALYSIS_CAPTION_ROOM: f32 = ANALYSIS_CAPTION_LINE * 3.0;

/// Letters under the board and numbers to its left.
fn draw_coordinates(ctx: &egui::Context, geo: &Geometry, layout: &Layout) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let font = egui::FontId::proportional((layout.cell / z * 0.3).clamp(12.0, 18.0));
    let color = egui::Color32::from_rgb(214, 204, 186);
    for c in 0..geo.cols() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(geo.rows() - 1, c)) + Vec2::new(0.0, -0.72)) / z;
        painter.text(egui::pos2(p.x, p.y), egui::Align2::CENTER_CENTER, col_letter(c).to_string(), font.clone(), color);
    }
    for r in 0..geo.rows() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(r, 0)) + Vec2::new(-0.72, 0.0)) / z;
        painter.text(
            egui::pos2(p.x, p.y),
            egui::Align2::CENTER_CENTER,
            row_number(geo.rows(), r).to_string(),
            font.clone(),
            color,
        );
    }
}

/// What a panel's words depend on.
pub struct PanelFacts<'a> {
    /// The player's settings (the custom game's players are described).
    pub settings: &'a Settings,
    /// The saved games.
    pub saves: &'a SaveList,
    /// The game on the board, if any.
    pub rules: Option<&'a Rules>,
    /// The tutorial, if one runs.
    pub tutorial: Option<&'a crate::game::modes::tutorial::Tutorial>,
    /// The puzzle, if one runs.
    pub puzzle: Option<&'a crate::game::modes::puzzles::PuzzleRun>,
    /// The device in use, for hints that name keys or buttons.
    pub device: LastDevice,
}

/// A panel's title and lines of text (with their colours), or `None` when it has nothing
/// to show (the game or lesson it is about is gone). Pure: tested without a window.
pub fn panel_words(overlay: Overlay, facts: &PanelFacts) -> Option<(Msg, Vec<(Msg, egui::Color32)>)> {
    let PanelFacts { settings, saves, rules, tutorial, puzzle, device } = facts;
    Some(match overlay {
        Overlay::Pause => (Msg::new("menu-paused"), Vec::new()),
        Overlay::Settings => (Msg::new("menu-settings"), vec![(Msg::new("settings-hint"), palette::TEXT_DIM)]),
        Overlay::Setup => {
            let mut lines = vec![(Msg::new("setup-hint"), palette::TEXT_DIM)];
            let first = lines.len();
            // What each computer player is like.
            for side in [Side::Black, Side::White] {
                if let Controller::Ai(level) = settings.players[side.index()] {
                    let m = Msg::new("setup-player")
                        .sub("side", side_name(side))
                        .sub("level", level_name(level))
                        .sub("about", level_about(level));
                    lines.push((m, palette::TEXT));
                }
            }
            // A line for each colour, blank for a person, so the buttons never move.
            while lines.len() < first + 2 {
                lines.push((Msg::plain(" "), palette::TEXT));
            }
            (Msg::new("setup-title"), lines)
        }
        Overlay::Load => {
            let mut lines = Vec::new();
            if saves.entries.is_empty() {
                lines.push((Msg::new("load-empty"), palette::TEXT_DIM));
            } else {
                // The hint names the keys or buttons of the device in use, not all of them.
                let hint = match *device {
                    LastDevice::Keyboard => "load-hint-keys",
                    LastDevice::Pad => "load-hint-pad",
                    LastDevice::Pointer => "load-hint-pointer",
                };
                lines.push((Msg::new(hint), palette::TEXT_DIM));
            }
            if let Some((m, warn)) = &saves.message {
                lines.push((m.clone(), if *warn { palette::WARN } else { palette::TEXT }));
            }
            (Msg::new("load-title"), lines)
        }
        Overlay::Confirm(about) => (Msg::new(question(about)), Vec::new()),
        Overlay::Puzzles => (Msg::new("puzzles-title"), vec![(Msg::new("puzzles-hint"), palette::TEXT_DIM)]),
        Overlay::PuzzleOver => {
            let (Some(run), Some(rules)) = (puzzle.as_deref(), rules.as_ref()) else { return None };
            let moves = crate::game::modes::puzzles::book().puzzles[run.index].moves() as i64;
            let geo = rules.game.geometry();
            match run.state {
                crate::game::modes::puzzles::PuzzleState::Failed { played, refutation } => (
                    Msg::new("puzzle-failed"),
                    vec![(
                        Msg::new("puzzle-failed-text")
                            .text("played", crate::rules::move_to_string(geo, played))
                            .text("answer", crate::rules::move_to_string(geo, refutation))
                            .text("side", side_key(run.side.opponent())),
                        palette::TEXT,
                    )],
                ),
                _ => (
                    Msg::new("puzzle-solved"),
                    vec![(Msg::new("puzzle-solved-text").num("moves", moves), palette::TEXT)],
                ),
            }
        }
        Overlay::HowToPlay => (Msg::new("rules-title"), Vec::new()),
        Overlay::MoreGames => (Msg::new("more-games-title"), vec![(Msg::new("more-games-hint"), palette::TEXT_DIM)]),
        Overlay::Lessons => (
            Msg::new("lessons-title"),
            vec![(
                Msg::new("lessons-hint")
                    .num("passed", settings.tutorial as i64)
                    .num("total", crate::game::modes::tutorial::LESSONS.len() as i64),
                palette::TEXT_DIM,
            )],
        ),
        Overlay::Lesson => {
            let t = tutorial.as_deref()?;
            let lesson = t.current();
            let title = Msg::new("lesson-heading")
                .num("n", t.lesson as i64 + 1)
                .num("total", crate::game::modes::tutorial::LESSONS.len() as i64)
                .sub("title", lesson.msg("title"));
            let mut lines = vec![(lesson.msg("text"), palette::TEXT)];
            if t.passed {
                lines = vec![(Msg::new("lesson-well-done").sub("done", lesson.msg("done")), palette::TEXT)];
            } else if lesson.asks_a_move() {
                lines.push((Msg::new("lesson-your-move").sub("task", lesson.msg("task")), palette::FOCUS));
            }
            (title, lines)
        }
        Overlay::GameOver => {
            let rules = rules.as_ref()?;
            let game = &rules.game;
            let winner = rules.winner().unwrap_or(Side::Black);
            let setup = &rules.setup;
            let headline = match one_human(setup) {
                Some(you) if you == winner => Msg::new("over-you-win"),
                Some(_) => Msg::new("over-you-lose"),
                None => Msg::new("over-side-wins").text("side", side_key(winner)),
            };
            let why = match rules.resigned {
                Some(r) if you_or_colour(setup, r).is_some() => Msg::new("over-you-resigned"),
                Some(r) => Msg::new("over-resigned").sub("who", player_name(setup, r)),
                None if you_or_colour(setup, winner.opponent()).is_some() => Msg::new("over-you-no-jump"),
                None => Msg::new("over-no-jump").sub("who", player_name(setup, winner.opponent())),
            };
            let taken = |s: Side| captured_of(game, s);
            let summary = Msg::new("over-summary")
                .num("moves", game.ply() as i64)
                .num("black", taken(Side::White))
                .num("white", taken(Side::Black));
            (headline, vec![(why, palette::TEXT_DIM), (summary, palette::TEXT_DIM)])
        }
        Overlay::None => return None,
    })
}

/// The menus over the title or the game: pause, game over, settings, custom setup, saved
/// games and confirmation questions, each in a modal that dims what is behind it.
fn overlay_menu(
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
    (tr, device): (Res<Tr>, Res<LastDevice>),
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
                    let label = |item: MenuItem| item.text(&settings, &tr);
                    menu_buttons(ui, &items, &label, &can, size, &mut focus, moved, &mut chosen, &mut adjusted);
                } else if overlay == Overlay::Load {
                    save_rows(ui, &saves, &tr, &mut focus, moved, &mut chosen);
                    let rest: Vec<MenuItem> =
                        items.iter().copied().filter(|i| !matches!(i, MenuItem::OpenSave(_))).collect();
                    let offset = items.len() - rest.len();
                    let mut sub = *focus;
                    sub.index = focus.index.wrapping_sub(offset);
                    let label = |item: MenuItem| item.text(&settings, &tr);
                    menu_buttons(ui, &rest, &label, &can, size, &mut sub, moved, &mut chosen, &mut adjusted);
                    if sub.index != focus.index.wrapping_sub(offset) {
                        focus.index = sub.index + offset;
                    }
                } else {
                    let label = |item: MenuItem| item.text(&settings, &tr);
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

/// Seconds the fade between screens takes, at speed 1.
const FADE_SECONDS: f32 = 0.3;

/// How dark the first frame of a new screen is at most: the new screen always shows through,
/// so a slow frame right after a switch (a busy machine) is never an empty, black one.
const FADE_DARKEST: f32 = 0.55;

/// The longest step one frame takes the fade (a frame that took longer still dims its next).
const FADE_STEP_MAX: f32 = 0.1;

/// A new screen comes in from dim over a moment (none at animation speed 0), in real time.
fn screen_fade(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut fade: ResMut<crate::game::play::screen::ScreenFade>,
    mut shown: Local<Option<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if shown.is_some_and(|s| s != *screen.get()) && settings.anim_speed > 0.0 {
        fade.0 = 1.0;
    }
    *shown = Some(*screen.get());
    if fade.0 <= 0.0 {
        return Ok(());
    }
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::new("fade")));
    let alpha = (fade.0 * fade.0 * FADE_DARKEST * 255.0) as u8;
    painter.rect_filled(ctx.content_rect(), 0.0, egui::Color32::from_rgba_unmultiplied(6, 10, 14, alpha));
    fade.0 = (fade.0 - time.delta_secs().min(FADE_STEP_MAX) * settings.anim_speed.max(0.25) / FADE_SECONDS).max(0.0);
    ctx.request_repaint();
    Ok(())
}

/// The rules on one page, in short paragraphs, with small diagrams of a jump and a double jump.
fn how_to_play_page(ui: &mut egui::Ui, tr: &Tr) {
    const PARAGRAPHS: [&str; 6] = ["board", "opening", "jump", "again", "end", "tips"];
    for id in PARAGRAPHS {
        ui.label(egui::RichText::new(tr.t(&format!("rules-{id}-head"))).size(19.0).strong().color(palette::FOCUS));
        ui.add(egui::Label::new(egui::RichText::new(tr.t(&format!("rules-{id}"))).size(17.0)).wrap());
        match id {
            // A row of cups before and after: Black on a jumps White on b into c.
            "jump" => rules_diagram(ui, tr, &[Some(Side::Black), Some(Side::White), None, None, None], 1),
            "again" => rules_diagram(ui, tr, &[Some(Side::Black), Some(Side::White), None, Some(Side::White), None], 2),
            _ => {}
        }
        ui.add_space(4.0);
    }
}

/// A row of cups before a jump and after it (`jumps` jumps to the right by the first stone).
fn rules_diagram(ui: &mut egui::Ui, tr: &Tr, row: &[Option<Side>], jumps: usize) {
    let mut after = row.to_vec();
    if let Some(stone) = after[0].take() {
        for k in 0..jumps {
            after[2 * k + 1] = None;
        }
        after[2 * jumps] = Some(stone);
    }
    let cup = 30.0;
    ui.horizontal(|ui| {
        let width = row.len() as f32 * cup * 2.0 + 150.0;
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        for (label, cells) in [(tr.t("rules-diagram-before"), row), (tr.t("rules-diagram-after"), &after[..])] {
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(label).size(15.0).color(palette::TEXT_DIM));
                let (rect, _) = ui.allocate_exact_size(egui::vec2(cells.len() as f32 * cup, cup), egui::Sense::hover());
                let painter = ui.painter_at(rect.expand(2.0));
                // The slab's light stone, darker cups, and stones with a rim so both colours show.
                painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(168, 156, 138));
                for (i, c) in cells.iter().enumerate() {
                    let centre = egui::pos2(rect.left() + cup * (i as f32 + 0.5), rect.center().y);
                    painter.circle_filled(centre, cup * 0.38, egui::Color32::from_rgb(118, 108, 96));
                    if let Some(side) = c {
                        let fill = match side {
                            Side::Black => egui::Color32::from_rgb(30, 30, 34),
                            Side::White => egui::Color32::from_rgb(236, 226, 208),
                        };
                        painter.circle(centre, cup * 0.34, fill, egui::Stroke::new(1.5, egui::Color32::from_gray(70)));
                    }
                }
            });
            ui.add_space(24.0);
        }
    });
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
    use crate::ai::Level;

    fn facts<'a>(settings: &'a Settings, saves: &'a SaveList, device: LastDevice) -> PanelFacts<'a> {
        PanelFacts { settings, saves, rules: None, tutorial: None, puzzle: None, device }
    }

    #[test]
    fn the_custom_setup_has_as_many_lines_whoever_plays_so_its_buttons_never_move() {
        let saves = SaveList::default();
        let count = |players: [Controller; 2]| {
            let s = Settings { players, ..Settings::default() };
            panel_words(Overlay::Setup, &facts(&s, &saves, LastDevice::Pointer)).unwrap().1.len()
        };
        let people = count([Controller::Human; 2]);
        assert_eq!(people, count([Controller::Human, Controller::Ai(Level::Hard)]));
        assert_eq!(people, count([Controller::Ai(Level::Easy), Controller::Ai(Level::Expert)]));
    }

    #[test]
    fn the_load_hint_names_the_device_in_use_and_a_panel_about_no_game_shows_nothing() {
        let s = Settings::default();
        let saves = SaveList {
            entries: vec![crate::game::modes::saves::SaveEntry {
                path: "a.txt".into(),
                game: Err("unreadable".into()),
            }],
            message: None,
        };
        for (device, key) in [
            (LastDevice::Keyboard, "load-hint-keys"),
            (LastDevice::Pad, "load-hint-pad"),
            (LastDevice::Pointer, "load-hint-pointer"),
        ] {
            let (_, lines) = panel_words(Overlay::Load, &facts(&s, &saves, device)).unwrap();
            assert_eq!(lines[0].0.key, key);
        }
        // The game-over panel and a lesson's panel need their game or lesson.
        assert!(panel_words(Overlay::GameOver, &facts(&s, &saves, LastDevice::Pointer)).is_none());
        assert!(panel_words(Overlay::Lesson, &facts(&s, &saves, LastDevice::Pointer)).is_none());
    }
}
