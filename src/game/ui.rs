//! The egui interface: the title screen, the HUD above the board, the menus over the game
//! (pause, game over, confirmations) and the coordinates, in one theme taken from the board's
//! basalt-and-coral palette. Menus are drawn from [`super::menu`]'s items; a click reports the
//! same [`MenuChosen`] a pad or key would.

use super::ai_task::{AiState, HintRequest, HintState};
use super::board::{Layout, cell_pos};
use super::input::UiHasKeyboard;
use super::menu::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, context, menu_items, question};
use super::rules::{Intent, MoveApplied, Rejected, Rules};
use super::saves::{Resumable, SaveList};
use super::screen::{
    MOVE_LIST_HEIGHT, MOVE_LIST_WIDTH, MoveListOpen, Notice, Overlay, Review, Screen, Turn, move_list_below,
};
use super::settings::{Controller, Settings};
use crate::ai::Outlook;
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Game, Geometry, Phase, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The interface's colours, from the board: basalt greys, coral whites, the slab's warm stone.
mod palette {
    use crate::game::settings::Theme;
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
pub const HUD_HEIGHT: f32 = super::board::TOP_BAR;

/// Wins per side since the game was launched.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct SessionScore(pub [u32; 2]);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SessionScore>()
        .add_systems(Update, (collect_notices, count_wins).after(super::screen::GameSet::Rules))
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_theme,
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
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut notice: ResMut<Notice>,
) {
    notice.left -= time.delta_secs();
    for r in rejected.read() {
        notice.say(sentence(&r.reason), true);
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        // A refusal is old news once a move is made.
        if notice.warning {
            notice.left = 0.0;
        }
        if let Controller::Ai(_) = settings.controller(m.mover) {
            let text =
                format!("{} played {}", player_name(&settings, m.mover), move_to_string(rules.game.geometry(), m.mv));
            notice.say(text, false);
        }
    }
}

fn count_wins(
    mut over: MessageReader<super::rules::GameOver>,
    mut score: ResMut<SessionScore>,
    tutorial: Option<Res<super::screen::TutorialActive>>,
) {
    for o in over.read() {
        if tutorial.is_some() {
            continue;
        }
        score.0[o.winner.index()] += 1;
    }
}

/// A reason as a sentence: capital first letter (but a cell's name, like "b5", stays as it is).
fn sentence(reason: &str) -> String {
    let b = reason.as_bytes();
    if b.len() > 1 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
        return reason.to_string();
    }
    let mut c = reason.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Whether exactly one side is played by a person at this screen (then the game says "you").
fn one_human(settings: &Settings) -> Option<Side> {
    match settings.players {
        [Controller::Human, Controller::Ai(_)] => Some(Side::Black),
        [Controller::Ai(_), Controller::Human] => Some(Side::White),
        _ => None,
    }
}

/// `Some` when `side` is the one person playing the computer.
fn you_or_colour(settings: &Settings, side: Side) -> Option<Side> {
    one_human(settings).filter(|y| *y == side)
}

/// How the HUD names a side: "You", "The computer", or the colour.
fn player_name(settings: &Settings, side: Side) -> String {
    match (one_human(settings), settings.controller(side)) {
        (Some(you), _) if you == side => "You".into(),
        (Some(_), _) => "The computer".into(),
        (None, Controller::Ai(_)) => format!("{} (computer)", side.name()),
        (None, Controller::Human) => side.name().into(),
    }
}

/// The status line in plain words, addressing the player when a person plays one side. While a
/// move is shown it describes that move's side, not the next one (it follows the animation).
pub fn status_line(game: &Game, resigned: Option<Side>, settings: &Settings, turn: Turn) -> String {
    let side = game.to_move();
    if let Some(r) = resigned {
        return match you_or_colour(settings, r) {
            Some(_) => "You resigned".into(),
            None if one_human(settings).is_some() => "The computer resigned — you win".into(),
            None => format!("{} resigned — {} wins", r.name(), r.opponent().name()),
        };
    }
    let stone = |s: Side| if s == Side::Black { "black" } else { "white" };
    let you = one_human(settings);
    if turn == Turn::Animating {
        return match game.last_move() {
            Some(_) => format!("{} moving…", player_name(settings, side.opponent())),
            None => String::new(),
        };
    }
    match game.phase() {
        Phase::Over { winner } => match you {
            Some(y) if y == winner => format!("You win — {} has no move", player_name(settings, winner.opponent())),
            Some(_) => "You lose — you have no move".into(),
            None => format!("{} wins — {} has no move", winner.name(), winner.opponent().name()),
        },
        _ if settings.controller(side) != Controller::Human => match you {
            Some(_) => "The computer is thinking…".into(),
            None => format!("{} (computer) is thinking…", side.name()),
        },
        Phase::BlackRemoves if you.is_some() => "Your turn — remove a centre or corner stone".into(),
        Phase::BlackRemoves => "Black removes a centre or corner stone".into(),
        Phase::WhiteRemoves if you.is_some() => "Your turn — remove a stone next to the hole".into(),
        Phase::WhiteRemoves => "White removes a stone next to the hole".into(),
        Phase::Jumping if you.is_some() => format!("Your turn — jump with a {} stone", stone(side)),
        Phase::Jumping => format!("{} to move — jump with a {} stone", side.name(), stone(side)),
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
    mut done: Local<Option<super::settings::Theme>>,
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The interface size (with the window's size) and fullscreen follow the settings live.
    let window_size = windows.single().map(|w| Vec2::new(w.width(), w.height())).unwrap_or(Vec2::new(1280.0, 800.0));
    let zoom = super::board::ui_zoom(settings.ui_scale, window_size);
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
            (TextStyle::Body, FontId::new(19.0, Proportional)),
            (TextStyle::Button, FontId::new(19.0, Proportional)),
            (TextStyle::Small, FontId::new(15.0, Proportional)),
            (TextStyle::Monospace, FontId::new(17.0, egui::FontFamily::Monospace)),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(10.0, 10.0);
        style.spacing.button_padding = egui::vec2(14.0, 7.0);
    });
    *done = Some(settings.theme);
    Ok(())
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

/// Draws a menu's items as large buttons; the focused one framed in amber (and scrolled into
/// view when the focus moved). Hovering moves the focus (so only one item ever looks focused);
/// a click chooses. `label` gives an item's words.
fn menu_buttons(
    ui: &mut egui::Ui,
    items: &[MenuItem],
    label: &dyn Fn(MenuItem) -> String,
    size: ButtonSize,
    focus: &mut MenuFocus,
    scroll_to_focus: bool,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let width = (ui.available_width() - 110.0).clamp(200.0, 420.0);
    for (i, item) in items.iter().enumerate() {
        let focused = focus.index == i;
        let text = egui::RichText::new(label(*item)).size(size.text);
        let mut button = egui::Button::new(text).min_size(egui::vec2(width, size.height)).corner_radius(12);
        if focused {
            button = button.stroke(egui::Stroke::new(3.0, palette::FOCUS)).fill(ui.visuals().widgets.active.bg_fill);
        }
        // Room for − and + beside a value.
        let response = ui
            .horizontal(|ui| {
                ui.add_space((ui.available_width() - width) / 2.0);
                ui.add(button)
            })
            .inner;
        if focused && scroll_to_focus {
            response.scroll_to_me(None);
        }
        if response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
            focus.index = i;
        }
        if response.clicked() {
            chosen.push(*item);
        }
        if item.adjustable() {
            let rect = response.rect;
            for (dir, sign, x) in [(-1, "−", rect.left() - 44.0), (1, "+", rect.right() + 4.0)] {
                let at = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(40.0, rect.height()));
                if ui.put(at, egui::Button::new(egui::RichText::new(sign).size(size.text))).clicked() {
                    adjusted.push(MenuAdjust(*item, dir));
                }
            }
        }
    }
}

/// The pad's and the keyboard's controls, in words (on the title and in menus).
const CONTROLS: [&str; 3] = [
    "Mouse: click a stone, then where it lands (or drag it).",
    "Keys: arrows, Enter, Esc; U undo, M sound, Delete removes a saved game.",
    "Pad: d-pad, A choose, B back, LB/RB undo/redo, X delete, Start menu.",
];

fn title_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
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
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            // The menu on a dark, rounded card, so the board playing behind stays art.
            let card_width = (ui.available_width() - 16.0).min(560.0);
            let margin = ((ui.available_width() - card_width) / 2.0).max(0.0);
            ui.add_space(if compact { 4.0 } else { 16.0 });
            ui.horizontal(|ui| {
                ui.add_space(margin);
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(20, 22, 26, 225))
                    .corner_radius(18)
                    .inner_margin(egui::Margin::symmetric(12, if compact { 6 } else { 14 }))
                    .show(ui, |ui| {
                        ui.set_width(card_width - 24.0);
                        ui.vertical_centered(|ui| {
                            ui.add_space(if compact { 2.0 } else { 12.0 });
                            ui.label(egui::RichText::new("Kōnane").size(if compact { 56.0 } else { 76.0 }).strong());
                            ui.label(
                                egui::RichText::new("The Hawaiian stone-jumping game")
                                    .size(20.0)
                                    .color(palette::TEXT_DIM),
                            );
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            if settings.tutorial == 0 {
                                // Until a lesson has been passed, the title points newcomers to the tutorial.
                                ui.label(
                                    egui::RichText::new("New to Kōnane? Choose Learn to play: eight short lessons.")
                                        .size(17.0)
                                        .color(palette::FOCUS),
                                );
                            }
                            if let Resumable::Unreadable(why) = &*resumable {
                                ui.add(
                                    egui::Label::new(
                                        egui::RichText::new(format!(
                                            "The unfinished game could not be read (the file is kept): {why}"
                                        ))
                                        .color(palette::WARN)
                                        .size(15.0),
                                    )
                                    .wrap(),
                                );
                            }
                            let items = menu_items(Screen::Title, Overlay::None, context(&resumable, &saves, None));
                            // While a screen is open over the title, its buttons only show.
                            let mut no_focus = *focus;
                            no_focus.index = usize::MAX;
                            let over = *overlay != Overlay::None;
                            let moved = focus.index != *last_focus;
                            *last_focus = focus.index;
                            let focus = if over { &mut no_focus } else { &mut *focus };
                            let label = |item: MenuItem| item.text(&settings);
                            ui.spacing_mut().item_spacing.y = if compact { 6.0 } else { 10.0 };
                            menu_buttons(ui, &items, &label, size, focus, moved, &mut chosen, &mut adjusted);
                            ui.add_space(if compact { 6.0 } else { 16.0 });
                            for line in CONTROLS {
                                ui.add(
                                    egui::Label::new(egui::RichText::new(line).size(15.0).color(palette::TEXT_DIM))
                                        .wrap(),
                                );
                            }
                        });
                    });
            });
        });
    });
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
    score: Res<SessionScore>,
    mut overlay: ResMut<Overlay>,
    mut review: ResMut<Review>,
    mut move_list: ResMut<MoveListOpen>,
    mut intents: MessageWriter<Intent>,
    mut keyboard: ResMut<UiHasKeyboard>,
    hints: Res<HintState>,
    mut hint_requests: MessageWriter<HintRequest>,
    tutorial: Option<Res<super::tutorial::Tutorial>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    keyboard.0 = ctx.egui_wants_keyboard_input();
    let Some(rules) = rules else { return Ok(()) };
    let game = &rules.game;
    let mut status = status_line(game, rules.resigned, &settings, *turn.get());
    if let Some(t) = tutorial.as_deref() {
        let lesson = t.current();
        let n = super::tutorial::LESSONS.len();
        status = match (t.passed, lesson.task) {
            (false, task) if !task.is_empty() => format!("Lesson {}/{n}: {task}", t.lesson + 1),
            _ => format!("Lesson {}/{n}: {}", t.lesson + 1, lesson.title),
        };
    }
    let frame =
        egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::symmetric(12, 6));
    let mut root = root_ui(ctx);
    egui::Panel::top("hud").exact_size(HUD_HEIGHT).frame(frame).show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let human_turn = *turn.get() == Turn::Human;
            let small = |text: &str| egui::Button::new(text).min_size(egui::vec2(72.0, 30.0));
            let live = review.0.is_none();
            if ui.add_enabled(live && game.can_undo(), small("Undo")).on_hover_text("U, Ctrl+Z, left bumper").clicked()
            {
                intents.write(Intent::Undo);
            }
            if ui.add_enabled(live && game.can_redo(), small("Redo")).on_hover_text("Ctrl+Y, right bumper").clicked() {
                intents.write(Intent::Redo);
            }
            if ui.add_enabled(live && human_turn && !hints.thinking(), small("Hint")).clicked() {
                hint_requests.write(HintRequest);
            }
            if ui.add(small("Menu")).on_hover_text("Esc, Start").clicked() {
                *overlay = Overlay::Pause;
            }
            if ui
                .add(small("Moves").selected(move_list.0))
                .on_hover_text("The move list; click a move to see it")
                .clicked()
            {
                move_list.0 = !move_list.0;
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let n = review.0.unwrap_or(game.ply());
                // The score since launch, naming the players; shorter when the window is narrow,
                // so the buttons never move.
                let [bw, ww] = score.0;
                let (bn, b, w, wn) = match one_human(&settings) {
                    Some(Side::Black) => ("You", bw, ww, "Computer"),
                    Some(Side::White) => ("You", ww, bw, "Computer"),
                    None => ("Black", bw, ww, "White"),
                };
                let text = if ui.available_width() > 300.0 {
                    format!("Move {n} · {bn} {b} – {w} {wn}")
                } else {
                    format!("Move {n} · {b}–{w}")
                };
                ui.add(egui::Label::new(egui::RichText::new(text).color(palette::TEXT_DIM).size(16.0)).truncate());
            });
        });
        ui.horizontal(|ui| {
            if let Some(k) = review.0 {
                if ui.add(egui::Button::new("Back to game")).on_hover_text("Esc, B").clicked() {
                    review.0 = None;
                }
                let text = if k == 0 {
                    format!("The start, before move 1 of {} · left/right step", game.ply())
                } else {
                    format!("After move {k} of {} · left/right step", game.ply())
                };
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
            Some(("Looking for a good move…".to_string(), false))
        } else if let Some(a) = hints.for_generation(rules.generation)
            && let Some(m) = a.best
        {
            detail = Some(match a.outlook {
                Outlook::Score(s) => format!("Engine evaluation: {s:+} (positive: good for you)"),
                Outlook::Win { plies } | Outlook::Loss { plies } => {
                    format!("Proven by the exact solver{}", plies.map(|p| format!(" ({p} plies)")).unwrap_or_default())
                }
            });
            Some((hint_words(game, m, a.outlook), false))
        } else if notice.left > 0.0 {
            Some((notice.text.clone(), notice.warning))
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
    if move_list.0 {
        let frame = egui::Frame::new().fill(ctx.global_style().visuals.panel_fill).inner_margin(egui::Margin::same(10));
        let geo = *game.geometry();
        let current = review.0.unwrap_or(game.ply());
        let last = game.ply();
        // One entry per move; clicking shows the position after it (the last is the game).
        let mut entries = |ui: &mut egui::Ui, numbered: bool| {
            for (i, m) in game.moves().iter().enumerate() {
                let side = if i % 2 == 0 { "Black" } else { "White" };
                let text = if numbered {
                    format!("{:>3}. {side} {}", i + 1, move_to_string(&geo, *m))
                } else {
                    format!("{}. {}", i + 1, move_to_string(&geo, *m))
                };
                let shown = current == i + 1;
                let response = ui.selectable_label(shown, egui::RichText::new(text).size(16.0));
                if shown && review.is_changed() {
                    response.scroll_to_me(None);
                }
                if response.clicked() {
                    review.0 = (i + 1 < last).then_some(i + 1);
                }
            }
        };
        if move_list_below(layout.window) {
            egui::Panel::bottom("moves").exact_size(MOVE_LIST_HEIGHT).frame(frame).show(&mut root, |ui| {
                ui.label(egui::RichText::new("Moves").size(18.0).strong());
                egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| entries(ui, false));
                });
            });
        } else {
            egui::Panel::right("moves").exact_size(MOVE_LIST_WIDTH).frame(frame).show(&mut root, |ui| {
                ui.label(egui::RichText::new("Moves").size(20.0).strong());
                egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| entries(ui, true));
            });
        }
    }
    // The computer's side shows that it is thinking, beside its tray.
    let thinking = (ai.thinking() && *turn.get() == Turn::AiThinking && review.0.is_none()).then(|| game.to_move());
    let clock =
        if settings.anim_speed > 0.0 { Some(ctx.input(|i| i.time) as f32 * settings.anim_speed.sqrt()) } else { None };
    draw_tray_labels(ctx, game.geometry(), &layout, thinking, clock);
    if settings.coordinates && layout.cell >= 14.0 {
        draw_coordinates(ctx, game.geometry(), &layout);
    }
    Ok(())
}

/// "1 stone", "3 stones".
fn stones(n: u32) -> String {
    if n == 1 { "1 stone".into() } else { format!("{n} stones") }
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
fn draw_tray_labels(ctx: &egui::Context, geo: &Geometry, layout: &Layout, thinking: Option<Side>, clock: Option<f32>) {
    let painter = ctx.layer_painter(egui::LayerId::background());
    // The layout is in window pixels; egui draws in points (pixels over the zoom).
    let z = ctx.zoom_factor();
    let font = egui::FontId::proportional((layout.cell / z * 0.32).clamp(12.0, 17.0));
    for owner in [Side::Black, Side::White] {
        let first = super::board::tray_slot(geo, owner, 0, layout.trays_below);
        let (at, align) = if layout.trays_below {
            (layout.to_screen(first + Vec2::new(-0.25, 0.5)) / z, egui::Align2::LEFT_CENTER)
        } else if owner == Side::Black {
            (layout.to_screen(first + Vec2::new(0.3, 0.7)) / z, egui::Align2::RIGHT_CENTER)
        } else {
            (layout.to_screen(first + Vec2::new(-0.3, 0.7)) / z, egui::Align2::LEFT_CENTER)
        };
        let is_thinking = thinking == Some(owner);
        // Room for three dots after the name while this side thinks.
        let text = if is_thinking { format!("{}      ", owner.name()) } else { owner.name().to_string() };
        let galley = painter.layout_no_wrap(text, font.clone(), palette::TEXT);
        let rect = align.anchor_size(egui::pos2(at.x, at.y), galley.size()).expand2(egui::vec2(6.0, 2.0));
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
fn hint_words(game: &Game, m: crate::rules::Move, outlook: Outlook) -> String {
    let mv = move_to_string(game.geometry(), m);
    let standing = match outlook {
        Outlook::Score(s) if s > 150 => "you are winning".to_string(),
        Outlook::Score(s) if s < -150 => "you are behind".to_string(),
        Outlook::Score(_) => "the game is even".to_string(),
        Outlook::Win { plies: Some(n) } => format!("proven: you win within {} of your moves", n.div_ceil(2)),
        Outlook::Win { plies: None } => "proven: you win".to_string(),
        Outlook::Loss { plies: Some(n) } => format!("proven: you lose within {} of your moves", n.div_ceil(2)),
        Outlook::Loss { plies: None } => "proven: you lose with best play".to_string(),
    };
    format!("Good move: {mv} — {standing}")
}

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
    tutorial: Option<Res<super::tutorial::Tutorial>>,
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
    let items = menu_items(*screen.get(), overlay, context(&resumable, &saves, tutorial.as_deref()));
    if items.is_empty() {
        return Ok(());
    }
    let moved = *last_focus != Some((overlay, focus.index));
    *last_focus = Some((overlay, focus.index));
    let screen_size = ctx.content_rect().size();
    let size = ButtonSize::for_height(screen_size.y);
    let (title, mut lines): (String, Vec<(String, egui::Color32)>) = match overlay {
        Overlay::Pause => ("Paused".into(), Vec::new()),
        Overlay::Settings => ("Settings".into(), vec![("Left and right change a value.".into(), palette::TEXT_DIM)]),
        Overlay::Setup => {
            let mut lines =
                vec![("Left and right change a value; the choice is remembered.".into(), palette::TEXT_DIM)];
            // What each computer player is like.
            for side in [Side::Black, Side::White] {
                if let Controller::Ai(level) = settings.players[side.index()] {
                    let name = level.name();
                    let level_name = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                    lines.push((format!("{}: {level_name} — {}", side.name(), level.description()), palette::TEXT));
                }
            }
            ("Custom game".into(), lines)
        }
        Overlay::Load => {
            let mut lines = Vec::new();
            if saves.entries.is_empty() {
                lines.push(("No saved games yet: save one from the pause menu.".into(), palette::TEXT_DIM));
            } else {
                lines.push(("A or Enter opens a game; X or Delete deletes it.".into(), palette::TEXT_DIM));
            }
            if let Some((m, warn)) = &saves.message {
                lines.push((m.clone(), if *warn { palette::WARN } else { palette::TEXT }));
            }
            ("Saved games".into(), lines)
        }
        Overlay::Confirm(about) => (question(about).into(), Vec::new()),
        Overlay::Rules => ("How to play".into(), Vec::new()),
        Overlay::Lesson => {
            let Some(t) = tutorial.as_deref() else { return Ok(()) };
            let lesson = t.current();
            let n = super::tutorial::LESSONS.len();
            let title = format!("Lesson {} of {n}: {}", t.lesson + 1, lesson.title);
            let mut lines = vec![(lesson.text.to_string(), palette::TEXT)];
            if t.passed {
                lines = vec![(format!("Well done. {}", lesson.done), palette::TEXT)];
            } else if !lesson.task.is_empty() {
                lines.push((format!("Your move: {}.", lesson.task), palette::FOCUS));
            }
            (title, lines)
        }
        Overlay::GameOver => {
            let Some(rules) = rules.as_ref() else { return Ok(()) };
            let game = &rules.game;
            let winner = rules.winner().unwrap_or(Side::Black);
            let headline = match one_human(&settings) {
                Some(you) if you == winner => "You win!".to_string(),
                Some(_) => "You lose".to_string(),
                None => format!("{} wins", winner.name()),
            };
            let why = match rules.resigned {
                Some(r) => format!("{} resigned.", player_name(&settings, r)),
                None => {
                    format!("{} has no jump left (its stones are marked).", player_name(&settings, winner.opponent()))
                }
            };
            let taken = |s: Side| captured_of(game, s);
            (
                headline,
                vec![
                    (why, palette::TEXT_DIM),
                    (
                        format!(
                            "{} moves · Black took {}, White took {}",
                            game.ply(),
                            stones(taken(Side::White)),
                            stones(taken(Side::Black))
                        ),
                        palette::TEXT_DIM,
                    ),
                ],
            )
        }
        Overlay::None => return Ok(()),
    };
    // What a menu item just did (saved, copied, refused) shows inside the menu.
    if notice.left > 0.0 && matches!(overlay, Overlay::Pause | Overlay::GameOver) {
        lines.push((notice.text.clone(), if notice.warning { palette::WARN } else { palette::TEXT }));
    }
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    let wide = matches!(overlay, Overlay::Load | Overlay::Rules | Overlay::Lesson);
    let max_width = if wide { (screen_size.x - 48.0).min(720.0) } else { 540.0_f32.min(screen_size.x - 32.0) };
    let frame = egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::same(20));
    egui::Modal::new(egui::Id::new("overlay")).frame(frame).backdrop_color(palette::BACKDROP).show(ctx, |ui| {
        ui.set_max_width(max_width);
        ui.set_min_width(max_width.min(if wide { 640.0 } else { 360.0 }));
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(title).size(if size.height < 40.0 { 26.0 } else { 30.0 }).strong());
            for (l, color) in lines {
                ui.add(egui::Label::new(egui::RichText::new(l).size(16.0).color(color)).wrap());
            }
            ui.add_space(6.0);
            // The menu scrolls when the window is too low for it.
            let max_height = (screen_size.y - 190.0).max(120.0);
            let spacing = ui.spacing().item_spacing.y;
            let needed = if overlay == Overlay::Rules { max_height } else { 0.0 }
                + items.len() as f32 * (size.height + spacing)
                + if overlay == Overlay::Load { saves.entries.len() as f32 * (52.0 - size.height) } else { 0.0 };
            egui::ScrollArea::vertical().max_height(max_height).min_scrolled_height(needed.min(max_height)).show(
                ui,
                |ui| {
                    if overlay == Overlay::Rules {
                        rules_page(ui);
                        let label = |item: MenuItem| item.text(&settings);
                        menu_buttons(ui, &items, &label, size, &mut focus, moved, &mut chosen, &mut adjusted);
                    } else if overlay == Overlay::Load {
                        save_rows(ui, &saves, &mut focus, moved, &mut chosen);
                        let rest: Vec<MenuItem> =
                            items.iter().copied().filter(|i| !matches!(i, MenuItem::OpenSave(_))).collect();
                        let offset = items.len() - rest.len();
                        let mut sub = *focus;
                        sub.index = focus.index.wrapping_sub(offset);
                        let label = |item: MenuItem| item.text(&settings);
                        menu_buttons(ui, &rest, &label, size, &mut sub, moved, &mut chosen, &mut adjusted);
                        if sub.index != focus.index.wrapping_sub(offset) {
                            focus.index = sub.index + offset;
                        }
                    } else {
                        let label = |item: MenuItem| item.text(&settings);
                        menu_buttons(ui, &items, &label, size, &mut focus, moved, &mut chosen, &mut adjusted);
                    }
                },
            );
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

/// A new screen comes in from dark over a moment (none at animation speed 0).
fn screen_fade(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut fade: ResMut<super::screen::ScreenFade>,
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
    let alpha = (fade.0 * fade.0 * 255.0) as u8;
    painter.rect_filled(ctx.content_rect(), 0.0, egui::Color32::from_rgba_unmultiplied(6, 10, 14, alpha));
    fade.0 = (fade.0 - time.delta_secs() * settings.anim_speed.max(0.25) / FADE_SECONDS).max(0.0);
    ctx.request_repaint();
    Ok(())
}

/// The rules on one page, in short paragraphs.
fn rules_page(ui: &mut egui::Ui) {
    let paragraphs: [(&str, &str); 6] = [
        ("The board", "Stones fill every cup in a checkerboard: black basalt and white coral. Black moves first."),
        (
            "Opening",
            "Black takes one of its own stones off the board, from the centre or a corner. \
             White then takes one of its stones from a cup right next to that hole.",
        ),
        (
            "Jumping",
            "From then on every move is a jump: a stone jumps straight (not diagonally) over an \
             enemy stone next to it into the empty cup behind, and captures it.",
        ),
        (
            "Jumping again",
            "The same stone may jump again in the same direction, one enemy stone and one empty cup \
             at a time. You may stop after any jump: a jump is never forced to continue.",
        ),
        ("The end", "Whoever cannot jump on their turn loses. There are no passes and no draws."),
        (
            "Tips",
            "Keep moves for yourself and take away your opponent's; near the end, count the jumps \
             each side has left.",
        ),
    ];
    for (head, text) in paragraphs {
        ui.label(egui::RichText::new(head).size(19.0).strong().color(palette::FOCUS));
        ui.add(egui::Label::new(egui::RichText::new(text).size(17.0)).wrap());
        ui.add_space(4.0);
    }
}

/// The saved games as rows of two lines (what and when), each with a Delete button.
fn save_rows(
    ui: &mut egui::Ui,
    saves: &SaveList,
    focus: &mut MenuFocus,
    scroll_to_focus: bool,
    chosen: &mut Vec<MenuItem>,
) {
    let width = ui.available_width();
    for (i, entry) in saves.entries.iter().enumerate() {
        let (what, when) = entry.describe();
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
            if ui.add_sized(egui::vec2(84.0, 52.0), egui::Button::new("Delete")).clicked() {
                chosen.push(MenuItem::DeleteSave(i));
            }
        });
    }
}
