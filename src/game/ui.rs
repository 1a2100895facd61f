//! The egui interface: title menu, status bar with buttons, game-over banner, coordinates.

use super::ai_task::{AiState, HintRequest, HintState};
use super::args::MAX_SPEED;
use super::board::{Layout, cell_pos};
use super::input::UiHasKeyboard;
use super::rules::{Intent, Rules};
use super::screen::{Screen, Turn};
use super::settings::{Controller, Settings};
use crate::ai::{Level, Outlook};
use crate::rules::notation::{col_letter, row_number};
use crate::rules::{Color as Side, Coord, Geometry, Phase, move_to_string};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (title_screen.run_if(in_state(Screen::Title)), game_hud.run_if(in_state(Screen::Game))),
    );
}

fn controller_label(c: Controller) -> String {
    match c {
        Controller::Human => "Human".into(),
        Controller::Ai(l) => format!("AI ({l})"),
    }
}

fn title_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Kōnane")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.heading("The Hawaiian stone-jumping game");
            ui.label("Jump over an enemy stone into an empty cup to capture it. Whoever cannot move loses.");
            ui.separator();
            let (mut rows, mut cols) = (settings.size.rows(), settings.size.cols());
            ui.horizontal(|ui| {
                ui.label("Board");
                for (r, c) in [(6u8, 6u8), (8, 8), (9, 13), (10, 10), (13, 20), (14, 17)] {
                    if ui.selectable_label(rows == r && cols == c, format!("{r}×{c}")).clicked() {
                        (rows, cols) = (r, c);
                    }
                }
            });
            ui.horizontal(|ui| {
                ui.add(egui::Slider::new(&mut rows, 4..=20).text("rows"));
                ui.add(egui::Slider::new(&mut cols, 4..=20).text("columns"));
            });
            if let Ok(g) = Geometry::new(rows, cols) {
                settings.size = g;
            }
            ui.separator();
            for side in [Side::Black, Side::White] {
                ui.horizontal(|ui| {
                    ui.label(format!("{:>5}", side.name()));
                    let current = settings.players[side.index()];
                    egui::ComboBox::from_id_salt(side.name()).selected_text(controller_label(current)).show_ui(ui, |ui| {
                        ui.selectable_value(&mut settings.players[side.index()], Controller::Human, "Human");
                        for l in Level::ALL {
                            ui.selectable_value(&mut settings.players[side.index()], Controller::Ai(l), format!("AI ({l})"));
                        }
                    });
                });
            }
            ui.separator();
            // The same range as the command line and the settings file, so showing the slider
            // never clamps (and so changes) a saved value.
            ui.add(egui::Slider::new(&mut settings.anim_speed, 0.0..=MAX_SPEED).text("animation speed (0 = instant)"));
            ui.checkbox(&mut settings.coordinates, "show coordinates");
            ui.separator();
            if ui.button(egui::RichText::new("  Play  ").size(20.0)).clicked() {
                next.set(Screen::Game);
            }
            ui.small("Mouse: click a stone, then a landing (or drag). Keys: arrows/WASD, Enter, Esc, U / Ctrl+Z, Ctrl+Y. Pad: d-pad, A, B, bumpers, Start.");
        });
    Ok(())
}

fn game_hud(
    mut contexts: EguiContexts,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    turn: Res<State<Turn>>,
    ai: Res<AiState>,
    layout: Res<Layout>,
    mut intents: MessageWriter<Intent>,
    mut next: ResMut<NextState<Screen>>,
    mut keyboard: ResMut<UiHasKeyboard>,
    hints: Res<HintState>,
    mut hint_requests: MessageWriter<HintRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    keyboard.0 = ctx.egui_wants_keyboard_input();
    let Some(rules) = rules else { return Ok(()) };
    let game = &rules.game;
    let side = game.to_move();
    let status = match game.phase() {
        Phase::BlackRemoves => "Black removes a stone from the centre or a corner".to_string(),
        Phase::WhiteRemoves => "White removes a stone next to the hole".to_string(),
        Phase::Jumping => format!("{} to move", side.name()),
        Phase::Over { winner } => format!("{} wins", winner.name()),
    };
    egui::Area::new(egui::Id::new("hud")).anchor(egui::Align2::LEFT_TOP, [10.0, 8.0]).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new(&status).size(18.0).strong());
                if ai.thinking() && *turn.get() == Turn::AiThinking {
                    ui.add(egui::Spinner::new());
                    ui.label(format!("{} is thinking…", controller_label(settings.controller(side))));
                }
                ui.separator();
                ui.label(format!("ply {}", game.ply()));
                ui.label(format!(
                    "Black {} · White {}",
                    game.position().count(Side::Black),
                    game.position().count(Side::White)
                ));
                ui.separator();
                if ui.add_enabled(game.can_undo(), egui::Button::new("Undo")).clicked() {
                    intents.write(Intent::Undo);
                }
                if ui.add_enabled(game.can_redo(), egui::Button::new("Redo")).clicked() {
                    intents.write(Intent::Redo);
                }
                let human_turn = *turn.get() == Turn::Human;
                if ui.add_enabled(human_turn && !hints.thinking(), egui::Button::new("Hint")).clicked() {
                    hint_requests.write(HintRequest);
                }
                if hints.thinking() {
                    ui.add(egui::Spinner::new());
                } else if let Some(a) = hints.for_generation(rules.generation)
                    && let Some(m) = a.best
                {
                    let outlook = match a.outlook {
                        Outlook::Score(s) => format!("eval {:+}", s),
                        Outlook::Win { plies: Some(n) } => format!("wins in {n}"),
                        Outlook::Win { plies: None } => "proven win".into(),
                        Outlook::Loss { plies: Some(n) } => format!("loses in {n}"),
                        Outlook::Loss { plies: None } => "proven loss".into(),
                    };
                    ui.label(format!("Hint: {} ({outlook})", move_to_string(game.geometry(), m)));
                }
                if ui.button("New game").clicked() {
                    intents.write(Intent::NewGame);
                }
                if ui.button("Menu").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    });
    if let Some(winner) = game.winner() {
        let plies = game.ply();
        egui::Area::new(egui::Id::new("over")).anchor(egui::Align2::CENTER_BOTTOM, [0.0, -6.0]).show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "{} wins after {plies} moves — {} has no move.",
                            winner.name(),
                            winner.opponent().name()
                        ))
                        .size(20.0)
                        .strong(),
                    );
                    if ui.button("Play again").clicked() {
                        intents.write(Intent::NewGame);
                    }
                });
            });
        });
    }
    if settings.coordinates && layout.cell >= 14.0 {
        let geo = *game.geometry();
        let painter = ctx.layer_painter(egui::LayerId::background());
        let font = egui::FontId::proportional((layout.cell * 0.3).clamp(9.0, 16.0));
        let color = egui::Color32::from_rgb(200, 190, 170);
        for c in 0..geo.cols() {
            let p = layout.to_screen(cell_pos(&geo, Coord::new(geo.rows() - 1, c)) + Vec2::new(0.0, -0.72));
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                col_letter(c).to_string(),
                font.clone(),
                color,
            );
        }
        for r in 0..geo.rows() {
            let p = layout.to_screen(cell_pos(&geo, Coord::new(r, 0)) + Vec2::new(-0.72, 0.0));
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                row_number(geo.rows(), r).to_string(),
                font.clone(),
                color,
            );
        }
    }
    Ok(())
}
