//! Input: every device becomes the same few messages. Cells are activated (click, tap,
//! Enter, South), selections cancelled (right click, Esc, East), and the interaction system
//! turns activations into intents using only what the rules resource says is legal.

use super::rules::{Intent, Rejected, Rules};
use super::{GameSet, Screen, Turn};
use crate::rules::{Coord, Move, Phase};
use bevy::input::gamepad::{Gamepad, GamepadAxis, GamepadButton};
use bevy::prelude::*;

/// A cell was chosen (click, tap, Enter/Space, gamepad South, script).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellActivated(pub Coord);

/// Drop the current selection.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CancelSelection;

/// What the player is pointing at and has picked up.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// The stone picked up, if any.
    pub selected: Option<Coord>,
    /// The cell under the mouse.
    pub hover: Option<Coord>,
}

impl Selection {
    /// Legal moves of the selected stone.
    pub fn moves_of_selected(&self, rules: &Rules) -> Vec<Move> {
        match self.selected {
            Some(from) => rules.legal_moves().into_iter().filter(|m| m.from == from).collect(),
            None => Vec::new(),
        }
    }
}

/// The keyboard/gamepad cursor.
#[derive(Resource, Debug, Clone)]
pub struct BoardCursor {
    /// Cell under the cursor.
    pub at: Coord,
    /// Hidden while the mouse is in use.
    pub visible: bool,
    repeat: Timer,
    held: Option<IVec2>,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            at: Coord::new(0, 0),
            visible: false,
            repeat: Timer::from_seconds(0.3, TimerMode::Once),
            held: None,
        }
    }
}

pub(super) fn interaction_plugin(app: &mut App) {
    app.add_message::<CellActivated>()
        .add_message::<CancelSelection>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .add_systems(Update, resolve_activations.in_set(GameSet::Input).run_if(in_state(Screen::Game)))
        .add_systems(OnEnter(Screen::Game), |mut sel: ResMut<Selection>| *sel = Selection::default());
}

/// Turns activations into intents: pick up a stone, play to a landing, remove in the opening.
#[allow(clippy::too_many_arguments)]
pub fn resolve_activations(
    mut activations: MessageReader<CellActivated>,
    mut cancels: MessageReader<CancelSelection>,
    rules: Option<Res<Rules>>,
    settings: Res<super::Settings>,
    turn: Res<State<Turn>>,
    mut selection: ResMut<Selection>,
    mut intents: MessageWriter<Intent>,
    mut rejected: MessageWriter<Rejected>,
) {
    if cancels.read().count() > 0 {
        selection.selected = None;
    }
    let Some(rules) = rules else { return };
    if rules.is_changed() {
        // A stale selection never survives a board change.
        if let Some(s) = selection.selected
            && !rules.legal_moves().iter().any(|m| m.from == s)
        {
            selection.selected = None;
        }
    }
    for &CellActivated(at) in activations.read() {
        // Input waits while the AI thinks or a move animates (the turn state lags a frame
        // behind a move, so the controller of the side to move is checked as well).
        if *turn.get() != Turn::Human || settings.controller(rules.game.to_move()) != super::Controller::Human {
            continue;
        }
        let legal = rules.legal_moves();
        match rules.game.phase() {
            Phase::BlackRemoves | Phase::WhiteRemoves => {
                if legal.contains(&Move::remove(at)) {
                    intents.write(Intent::Play { mv: Move::remove(at), generation: None });
                } else {
                    rejected.write(Rejected { at: Some(at), reason: "that stone cannot be removed".into() });
                }
            }
            Phase::Jumping => {
                if let Some(from) = selection.selected
                    && let Some(m) = legal.iter().find(|m| m.from == from && m.to == at)
                {
                    intents.write(Intent::Play { mv: *m, generation: None });
                    selection.selected = None;
                } else if selection.selected == Some(at) {
                    selection.selected = None;
                } else if legal.iter().any(|m| m.from == at) {
                    selection.selected = Some(at);
                } else {
                    let had = selection.selected.take().is_some();
                    if !had || rules.game.position().at(at).is_some() {
                        rejected.write(Rejected { at: Some(at), reason: "no legal move there".into() });
                    }
                }
            }
            Phase::Over { .. } => {}
        }
    }
}

/// Keyboard and gamepad share one action map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    Confirm,
    Cancel,
    Undo,
    Redo,
    Menu,
}

pub(super) fn device_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (mouse_hides_cursor, cursor_and_actions).chain().in_set(GameSet::Input).run_if(in_state(Screen::Game)),
    );
}

fn mouse_hides_cursor(mut moved: MessageReader<CursorMoved>, mut cursor: ResMut<BoardCursor>) {
    if moved.read().count() > 0 && cursor.visible {
        cursor.visible = false;
    }
}

/// Reads keys and pads into directions and actions.
#[allow(clippy::too_many_arguments)]
fn cursor_and_actions(
    keys: Res<ButtonInput<KeyCode>>,
    pads: Query<&Gamepad>,
    time: Res<Time>,
    rules: Option<Res<Rules>>,
    mut cursor: ResMut<BoardCursor>,
    mut activations: MessageWriter<CellActivated>,
    mut cancels: MessageWriter<CancelSelection>,
    mut intents: MessageWriter<Intent>,
    mut next_screen: ResMut<NextState<Screen>>,
    egui_wants: Option<Res<super::ui::EguiWantsKeyboard>>,
) {
    let Some(rules) = rules else { return };
    if egui_wants.is_some_and(|w| w.0) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    // Direction held right now (keys, d-pad, left stick).
    let mut dir = IVec2::ZERO;
    let key_dir = |a: KeyCode, b: KeyCode| keys.pressed(a) || keys.pressed(b);
    if key_dir(KeyCode::ArrowUp, KeyCode::KeyW) {
        dir.y -= 1;
    }
    if key_dir(KeyCode::ArrowDown, KeyCode::KeyS) {
        dir.y += 1;
    }
    if key_dir(KeyCode::ArrowLeft, KeyCode::KeyA) {
        dir.x -= 1;
    }
    if key_dir(KeyCode::ArrowRight, KeyCode::KeyD) {
        dir.x += 1;
    }
    let mut actions = Vec::new();
    if keys.any_just_pressed([KeyCode::Enter, KeyCode::Space, KeyCode::NumpadEnter]) {
        actions.push(Action::Confirm);
    }
    if keys.just_pressed(KeyCode::Escape) {
        actions.push(Action::Cancel);
    }
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        actions.push(Action::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        actions.push(Action::Redo);
    }
    for pad in &pads {
        if pad.pressed(GamepadButton::DPadUp) {
            dir.y -= 1;
        }
        if pad.pressed(GamepadButton::DPadDown) {
            dir.y += 1;
        }
        if pad.pressed(GamepadButton::DPadLeft) {
            dir.x -= 1;
        }
        if pad.pressed(GamepadButton::DPadRight) {
            dir.x += 1;
        }
        let (sx, sy) =
            (pad.get(GamepadAxis::LeftStickX).unwrap_or(0.0), pad.get(GamepadAxis::LeftStickY).unwrap_or(0.0));
        if sx.abs() > 0.5 {
            dir.x += sx.signum() as i32;
        }
        if sy.abs() > 0.5 {
            dir.y -= sy.signum() as i32;
        }
        for (button, action) in [
            (GamepadButton::South, Action::Confirm),
            (GamepadButton::East, Action::Cancel),
            (GamepadButton::LeftTrigger, Action::Undo),
            (GamepadButton::RightTrigger, Action::Redo),
            (GamepadButton::Start, Action::Menu),
        ] {
            if pad.just_pressed(button) {
                actions.push(action);
            }
        }
    }
    let dir = dir.clamp(IVec2::splat(-1), IVec2::splat(1));
    let geo = *rules.game.geometry();
    // Move on the first press, then repeat while held.
    let step = if dir == IVec2::ZERO {
        cursor.held = None;
        false
    } else if cursor.held != Some(dir) {
        cursor.held = Some(dir);
        cursor.repeat = Timer::from_seconds(0.35, TimerMode::Once);
        true
    } else {
        cursor.repeat.tick(time.delta());
        if cursor.repeat.is_finished() {
            cursor.repeat = Timer::from_seconds(0.09, TimerMode::Once);
            true
        } else {
            false
        }
    };
    if step {
        if cursor.visible {
            let r = (cursor.at.row as i32 + dir.y).clamp(0, geo.rows() as i32 - 1);
            let c = (cursor.at.col as i32 + dir.x).clamp(0, geo.cols() as i32 - 1);
            cursor.at = Coord::new(r as u8, c as u8);
        }
        cursor.visible = true;
    }
    if !geo.contains(cursor.at) {
        cursor.at = Coord::new(0, 0);
    }
    for action in actions {
        match action {
            Action::Confirm => {
                if cursor.visible {
                    activations.write(CellActivated(cursor.at));
                } else {
                    cursor.visible = true;
                }
            }
            Action::Cancel => {
                cancels.write(CancelSelection);
            }
            Action::Undo => {
                intents.write(Intent::Undo);
            }
            Action::Redo => {
                intents.write(Intent::Redo);
            }
            Action::Menu => next_screen.set(Screen::Title),
        }
    }
}
