//! The egui interface: the title screen, the HUD above the board, the menus over the game
//! (pause, game over, confirmations) and the coordinates, in one theme taken from the board's
//! basalt-and-coral palette. Menus are drawn from [`super::menu`]'s items; a click reports the
//! same [`MenuChosen`] a pad or key would.

use super::ai_task::{AiState, HintRequest, HintState};
use super::args::MAX_SPEED;
use super::board::{Layout, cell_pos};
use super::input::UiHasKeyboard;
use super::menu::{MenuAdjust, MenuChosen, MenuFocus, MenuItem, menu_items, question};
use super::rules::{Intent, MoveApplied, Rejected, Rules};
use super::saves::Resumable;
use super::screen::{MOVE_LIST_WIDTH, MoveListOpen, Overlay, Review, Screen, Turn};
use super::settings::{Controller, Settings};
use crate::ai::{Level, Outlook};
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Game, Geometry, Phase, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The interface's colours, from the board: basalt greys, coral whites, the slab's warm stone.
mod palette {
    use bevy_egui::egui::Color32;
    /// Panels: dark basalt.
    pub const PANEL: Color32 = Color32::from_rgb(28, 30, 34);
    /// Buttons at rest.
    pub const BUTTON: Color32 = Color32::from_rgb(58, 54, 50);
    /// Buttons under the pointer.
    pub const BUTTON_HOVER: Color32 = Color32::from_rgb(84, 76, 68);
    /// Text: coral white.
    pub const TEXT: Color32 = Color32::from_rgb(240, 232, 216);
    /// Quieter text.
    pub const TEXT_DIM: Color32 = Color32::from_rgb(186, 176, 160);
    /// The focused menu item's frame: warm amber, like the last-move ring.
    pub const FOCUS: Color32 = Color32::from_rgb(255, 184, 64);
    /// Behind a menu over the board.
    pub const BACKDROP: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 120);
    /// Refusals and warnings.
    pub const WARN: Color32 = Color32::from_rgb(255, 140, 110);
}

/// Height of the HUD above the board, in logical pixels (the board is laid out below it).
pub const HUD_HEIGHT: f32 = super::board::TOP_BAR;

/// A short message shown under the status for a moment: why something was refused, or what
/// the computer just played.
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice {
    /// The words.
    pub text: String,
    /// A refusal (drawn as a warning).
    pub warning: bool,
    /// Seconds it stays.
    pub left: f32,
}

/// Wins per side since the game was launched.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct SessionScore(pub [u32; 2]);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>()
        .init_resource::<SessionScore>()
        .add_systems(Update, (collect_notices, count_wins).after(super::screen::GameSet::Rules))
        .add_systems(
            EguiPrimaryContextPass,
            (
                apply_theme,
                title_screen.run_if(in_state(Screen::Title)),
                game_hud.run_if(in_state(Screen::Game)),
                overlay_menu,
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
        *notice = Notice { text: sentence(&r.reason), warning: true, left: 2.5 };
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        if let Controller::Ai(_) = settings.controller(m.mover) {
            let text =
                format!("{} played {}", player_name(&settings, m.mover), move_to_string(rules.game.geometry(), m.mv));
            *notice = Notice { text, warning: false, left: 4.0 };
        }
    }
}

fn count_wins(mut over: MessageReader<super::rules::GameOver>, mut score: ResMut<SessionScore>) {
    for o in over.read() {
        score.0[o.winner.index()] += 1;
    }
}

/// A reason as a sentence: capital first letter.
fn sentence(reason: &str) -> String {
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
pub fn status_line(game: &Game, settings: &Settings, turn: Turn) -> String {
    let side = game.to_move();
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
        Phase::BlackRemoves if you.is_some() => {
            "Your turn — remove one of your stones from the centre or a corner".into()
        }
        Phase::BlackRemoves => "Black removes one of its stones from the centre or a corner".into(),
        Phase::WhiteRemoves if you.is_some() => "Your turn — remove one of your stones next to the hole".into(),
        Phase::WhiteRemoves => "White removes one of its stones next to the hole".into(),
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
    mut done: Local<bool>,
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The interface size and fullscreen follow the settings live.
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
        ctx.set_zoom_factor(settings.ui_scale);
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
    if *done {
        return Ok(());
    }
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = palette::PANEL;
    visuals.window_fill = palette::PANEL;
    visuals.window_stroke = egui::Stroke::new(1.0, palette::BUTTON_HOVER);
    visuals.window_corner_radius = egui::CornerRadius::same(14);
    visuals.override_text_color = Some(palette::TEXT);
    for (w, fill) in [
        (&mut visuals.widgets.inactive, palette::BUTTON),
        (&mut visuals.widgets.hovered, palette::BUTTON_HOVER),
        (&mut visuals.widgets.active, palette::BUTTON_HOVER),
    ] {
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
        w.corner_radius = egui::CornerRadius::same(10);
    }
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
    *done = true;
    Ok(())
}

/// Draws a menu's items as large buttons; the focused one framed in amber. Hovering moves
/// the focus (so only one item ever looks focused); a click chooses.
fn menu_buttons(
    ui: &mut egui::Ui,
    items: &[MenuItem],
    settings: &Settings,
    focus: &mut MenuFocus,
    chosen: &mut Vec<MenuItem>,
    adjusted: &mut Vec<MenuAdjust>,
) {
    let width = ui.available_width().clamp(200.0, 380.0);
    for (i, item) in items.iter().enumerate() {
        let focused = focus.index == i;
        let text = egui::RichText::new(item.text(settings)).size(22.0);
        let mut button = egui::Button::new(text).min_size(egui::vec2(width, 48.0)).corner_radius(12);
        if focused {
            button = button.stroke(egui::Stroke::new(3.0, palette::FOCUS)).fill(palette::BUTTON_HOVER);
        }
        let response = ui.add(button);
        if response.hovered() && ui.input(|i| i.pointer.delta() != egui::Vec2::ZERO) {
            focus.index = i;
        }
        if response.clicked() {
            chosen.push(*item);
        }
        // A value also has − and + on either side of its button.
        if item.adjustable() {
            let rect = response.rect;
            for (dir, sign, x) in [(-1, "−", rect.left() - 44.0), (1, "+", rect.right() + 4.0)] {
                let at = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(40.0, rect.height()));
                if ui.put(at, egui::Button::new(egui::RichText::new(sign).size(22.0))).clicked() {
                    adjusted.push(MenuAdjust(*item, dir));
                }
            }
        }
    }
}

fn controller_label(c: Controller) -> String {
    match c {
        Controller::Human => "Person".into(),
        Controller::Ai(l) => format!("Computer ({l})"),
    }
}

fn title_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    resumable: Res<Resumable>,
    mut chosen_writer: MessageWriter<MenuChosen>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    let mut root = root_ui(ctx);
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space((ui.available_height() * 0.06).min(48.0));
            ui.label(egui::RichText::new("Kōnane").size(72.0).strong());
            ui.label(egui::RichText::new("The Hawaiian stone-jumping game").size(22.0).color(palette::TEXT_DIM));
            ui.add_space(16.0);
            if let Resumable::Unreadable(why) = &*resumable {
                ui.label(
                    egui::RichText::new(format!("The unfinished game could not be read (the file is kept): {why}"))
                        .color(palette::WARN)
                        .size(16.0),
                );
            }
            let items = menu_items(Screen::Title, Overlay::None, matches!(*resumable, Resumable::Game(_)));
            // While a question is open over the title, its buttons only show.
            let mut no_focus = *focus;
            no_focus.index = usize::MAX;
            let focus = if *overlay == Overlay::None { &mut *focus } else { &mut no_focus };
            menu_buttons(ui, &items, &settings, focus, &mut chosen, &mut adjusted);
            ui.add_space(12.0);
            egui::CollapsingHeader::new("Game setup").default_open(false).show(ui, |ui| setup(ui, &mut settings));
            ui.add_space(8.0);
            for line in [
                "Jump over an enemy stone into an empty cup to capture it. Whoever cannot move loses.",
                "Mouse: click a stone, then where it lands (or drag it).",
                "Keys: arrows, Enter, Esc, U to undo, M for sound.",
                "Pad: d-pad, A to choose, B to go back, bumpers to undo and redo, Start for the menu.",
            ] {
                ui.add(egui::Label::new(egui::RichText::new(line).size(16.0).color(palette::TEXT_DIM)).wrap());
            }
        });
    });
    for item in chosen {
        chosen_writer.write(MenuChosen(item));
    }
    Ok(())
}

/// The board size, the players and the presentation, for a custom game.
fn setup(ui: &mut egui::Ui, settings: &mut Settings) {
    let (mut rows, mut cols) = (settings.size.rows(), settings.size.cols());
    ui.horizontal_wrapped(|ui| {
        ui.label("Board");
        for (r, c) in [(6u8, 6u8), (8, 8), (9, 13), (10, 10), (13, 20), (14, 17)] {
            if ui.selectable_label(rows == r && cols == c, format!("{r}×{c}")).clicked() {
                (rows, cols) = (r, c);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::Slider::new(&mut rows, 4..=20).text("rows"));
        ui.add(egui::Slider::new(&mut cols, 4..=20).text("columns"));
    });
    if let Ok(g) = Geometry::new(rows, cols) {
        settings.size = g;
    }
    for side in [Side::Black, Side::White] {
        ui.horizontal(|ui| {
            ui.label(format!("{:>5}", side.name()));
            let current = settings.players[side.index()];
            egui::ComboBox::from_id_salt(side.name()).selected_text(controller_label(current)).show_ui(ui, |ui| {
                ui.selectable_value(&mut settings.players[side.index()], Controller::Human, "Person");
                for l in Level::ALL {
                    ui.selectable_value(
                        &mut settings.players[side.index()],
                        Controller::Ai(l),
                        format!("Computer ({l})"),
                    );
                }
            });
        });
    }
    if ui.button("Swap colours").clicked() {
        settings.players.swap(0, 1);
    }
    // The same range as the command line and the settings file, so showing the slider never
    // clamps (and so changes) a saved value.
    ui.add(egui::Slider::new(&mut settings.anim_speed, 0.0..=MAX_SPEED).text("animation speed (0 = instant)"));
    ui.checkbox(&mut settings.coordinates, "show coordinates");
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
) -> Result {
    let ctx = contexts.ctx_mut()?;
    keyboard.0 = ctx.egui_wants_keyboard_input();
    let Some(rules) = rules else { return Ok(()) };
    let game = &rules.game;
    let status = status_line(game, &settings, *turn.get());
    let frame = egui::Frame::new().fill(palette::PANEL).inner_margin(egui::Margin::symmetric(12, 6));
    let mut root = root_ui(ctx);
    egui::Panel::top("hud").exact_size(HUD_HEIGHT).frame(frame).show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let human_turn = *turn.get() == Turn::Human;
            let small = |text: &str| egui::Button::new(text).min_size(egui::vec2(72.0, 30.0));
            if ui.add_enabled(game.can_undo(), small("Undo")).on_hover_text("U, Ctrl+Z, left bumper").clicked() {
                intents.write(Intent::Undo);
            }
            if ui.add_enabled(game.can_redo(), small("Redo")).on_hover_text("Ctrl+Y, right bumper").clicked() {
                intents.write(Intent::Redo);
            }
            if ui.add_enabled(human_turn && !hints.thinking(), small("Hint")).clicked() {
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
                let taken = |s: Side| captured_of(game, s);
                let (b, w, n) = (taken(Side::White), taken(Side::Black), game.ply());
                // Shorter words when the window is narrow, so the buttons never move.
                let [bw, ww] = score.0;
                let text = if ui.available_width() > 420.0 {
                    format!("Black took {b} · White took {w} · move {n} · wins {bw}–{ww}")
                } else if ui.available_width() > 300.0 {
                    format!("Black took {b} · White took {w} · move {n}")
                } else {
                    format!("B {b} · W {w} · #{n}")
                };
                ui.add(egui::Label::new(egui::RichText::new(text).color(palette::TEXT_DIM).size(16.0)).truncate());
            });
        });
        ui.horizontal(|ui| {
            if let Some(k) = review.0 {
                if ui.add(egui::Button::new("Back to game")).on_hover_text("Esc, B").clicked() {
                    review.0 = None;
                }
                let text = format!(
                    "Looking at the game after move {k} of {} (left and right step through the moves)",
                    game.ply()
                );
                ui.add(egui::Label::new(egui::RichText::new(text).size(21.0).strong()).truncate());
                return;
            }
            if ai.thinking() && *turn.get() == Turn::AiThinking {
                ui.add(egui::Spinner::new());
            }
            ui.add(egui::Label::new(egui::RichText::new(&status).size(21.0).strong()).truncate());
        });
        let line = if hints.thinking() {
            Some(("Looking for a good move…".to_string(), false))
        } else if let Some(a) = hints.for_generation(rules.generation)
            && let Some(m) = a.best
        {
            Some((hint_words(game, m, a.outlook), false))
        } else if notice.left > 0.0 {
            Some((notice.text.clone(), notice.warning))
        } else {
            None
        };
        if let Some((text, warning)) = line {
            let color = if warning { palette::WARN } else { palette::TEXT_DIM };
            ui.add(egui::Label::new(egui::RichText::new(text).size(17.0).color(color)).truncate());
        }
    });
    if move_list.0 {
        let frame = egui::Frame::new().fill(palette::PANEL).inner_margin(egui::Margin::same(10));
        egui::Panel::right("moves").exact_size(MOVE_LIST_WIDTH).frame(frame).show(&mut root, |ui| {
            ui.label(egui::RichText::new("Moves").size(20.0).strong());
            egui::ScrollArea::vertical().stick_to_bottom(true).show(ui, |ui| {
                let geo = game.geometry();
                let current = review.0.unwrap_or(game.ply());
                for (i, m) in game.moves().iter().enumerate() {
                    let side = if i % 2 == 0 { "Black" } else { "White" };
                    let text = format!("{:>3}. {side} {}", i + 1, move_to_string(geo, *m));
                    let shown = current == i + 1;
                    if ui.selectable_label(shown, egui::RichText::new(text).size(16.0)).clicked() {
                        review.0 = (i + 1 < game.ply()).then_some(i + 1);
                    }
                }
            });
        });
    }
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
    let font = egui::FontId::proportional((layout.cell * 0.3).clamp(12.0, 18.0));
    let color = egui::Color32::from_rgb(214, 204, 186);
    for c in 0..geo.cols() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(geo.rows() - 1, c)) + Vec2::new(0.0, -0.72));
        painter.text(egui::pos2(p.x, p.y), egui::Align2::CENTER_CENTER, col_letter(c).to_string(), font.clone(), color);
    }
    for r in 0..geo.rows() {
        let p = layout.to_screen(cell_pos(geo, Coord::new(r, 0)) + Vec2::new(-0.72, 0.0));
        painter.text(
            egui::pos2(p.x, p.y),
            egui::Align2::CENTER_CENTER,
            row_number(geo.rows(), r).to_string(),
            font.clone(),
            color,
        );
    }
}

/// The pause menu, the game-over panel and confirmation questions, centred over the board.
fn overlay_menu(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    screen: Res<State<Screen>>,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    mut focus: ResMut<MenuFocus>,
    mut chosen_writer: MessageWriter<MenuChosen>,
    mut adjust_writer: MessageWriter<MenuAdjust>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let overlay = *overlay;
    if overlay == Overlay::None {
        return Ok(());
    }
    let items = menu_items(*screen.get(), overlay, false);
    if items.is_empty() {
        return Ok(());
    }
    let (title, lines): (String, Vec<String>) = match overlay {
        Overlay::Pause => ("Paused".into(), Vec::new()),
        Overlay::Settings => ("Settings".into(), vec!["Left and right change a value.".into()]),
        Overlay::Confirm(about) => (question(about).into(), Vec::new()),
        Overlay::GameOver => {
            let Some(game) = rules.as_ref().map(|r| &r.game) else { return Ok(()) };
            let winner = game.winner().unwrap_or(Side::Black);
            let headline = match one_human(&settings) {
                Some(you) if you == winner => "You win!".to_string(),
                Some(_) => "You lose".to_string(),
                None => format!("{} wins", winner.name()),
            };
            let taken = |s: Side| captured_of(game, s);
            (
                headline,
                vec![
                    format!("{} has no jump left.", player_name(&settings, winner.opponent())),
                    format!(
                        "{} moves · Black took {} stones, White took {}",
                        game.ply(),
                        taken(Side::White),
                        taken(Side::Black)
                    ),
                ],
            )
        }
        Overlay::None => return Ok(()),
    };
    let mut chosen = Vec::new();
    let mut adjusted = Vec::new();
    // A modal dims the board behind it; closing it is the menu's business (Back, Resume).
    let frame = egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::same(24));
    egui::Modal::new(egui::Id::new("overlay")).frame(frame).backdrop_color(palette::BACKDROP).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(title).size(32.0).strong());
            for l in lines {
                ui.label(egui::RichText::new(l).color(palette::TEXT_DIM));
            }
            ui.add_space(8.0);
            menu_buttons(ui, &items, &settings, &mut focus, &mut chosen, &mut adjusted);
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
