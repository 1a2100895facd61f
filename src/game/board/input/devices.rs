//! Keys and gamepads read into actions (bound by command, with a held direction's repeat),
//! and a moved mouse hiding the keyboard cursor.

use super::*;

/// The direction held on keys, d-pad or stick, and when it next repeats.
#[derive(Resource, Debug, Clone)]
pub(super) struct HeldDirection {
    dir: Option<IVec2>,
    repeat: Timer,
}

impl Default for HeldDirection {
    fn default() -> Self {
        HeldDirection { dir: None, repeat: Timer::from_seconds(REPEAT_DELAY, TimerMode::Once) }
    }
}

impl HeldDirection {
    /// Whether the direction held now (zero for none) makes a step this frame, `delta` after
    /// the last: on the first press, then after [`REPEAT_DELAY`], then every [`REPEAT_EVERY`].
    pub(super) fn step(&mut self, dir: IVec2, delta: std::time::Duration) -> bool {
        if dir == IVec2::ZERO {
            self.dir = None;
            false
        } else if self.dir != Some(dir) {
            self.dir = Some(dir);
            self.repeat = Timer::from_seconds(REPEAT_DELAY, TimerMode::Once);
            true
        } else {
            self.repeat.tick(delta);
            if self.repeat.is_finished() {
                self.repeat = Timer::from_seconds(REPEAT_EVERY, TimerMode::Once);
                true
            } else {
                false
            }
        }
    }
}

pub(super) fn mouse_hides_cursor(mut moved: MessageReader<CursorMoved>, mut cursor: ResMut<BoardCursor>) {
    if moved.read().count() > 0 && cursor.visible {
        cursor.visible = false;
    }
}

/// Records keys, pad buttons, d-pad and stick into actions (a held direction steps once, then
/// repeats); a mouse press while a move animates skips it.
pub(super) fn read_devices(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    pads: Query<&Gamepad>,
    turn: Option<Res<State<Turn>>>,
    time: Res<Time<Real>>,
    mut last: ResMut<LastDevice>,
    mut direction: ResMut<HeldDirection>,
    mut actions: MessageWriter<Action>,
    mut skip: MessageWriter<SkipAnimation>,
    typing: Option<Res<TypingText>>,
    settings: Res<Settings>,
    wake: Res<crate::game::platform::redraw::Wake>,
) {
    let no_keys = ButtonInput::<KeyCode>::default();
    let keys = keys.as_deref().unwrap_or(&no_keys);
    let device = if pads.iter().any(|p| p.get_just_pressed().next().is_some()) {
        Some(LastDevice::Pad)
    } else if keys.get_just_pressed().next().is_some() {
        Some(LastDevice::Keyboard)
    } else if mouse.as_ref().is_some_and(|m| m.get_just_pressed().next().is_some()) {
        Some(LastDevice::Pointer)
    } else {
        None
    };
    if let Some(d) = device
        && *last != d
    {
        *last = d;
    }
    let bindings = &settings.bindings;
    let mut dir = read_keys(keys, typing.is_some_and(|t| t.0), bindings, &mut actions);
    for pad in &pads {
        dir += read_pad(pad, bindings, &mut actions);
    }
    let dir = dir.clamp(IVec2::splat(-1), IVec2::splat(1));
    if direction.step(dir, time.delta()) {
        actions.write(Action::Step(dir));
    }
    if direction.dir.is_some() {
        // A held direction repeats: a frame when the next step is due.
        wake.after(direction.repeat.remaining());
    }
    let animating = turn.is_some_and(|t| *t.get() == Turn::Animating);
    if animating && mouse.is_some_and(|m| m.just_pressed(MouseButton::Left)) {
        skip.write(SkipAnimation);
    }
}

/// The keys' actions this frame, and the direction the held keys point (not clamped), by the
/// player's bindings.
pub(super) fn read_keys(
    keys: &ButtonInput<KeyCode>,
    typing: bool,
    bindings: &Bindings,
    actions: &mut MessageWriter<Action>,
) -> IVec2 {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let mut dir = IVec2::ZERO;
    for c in COMMANDS {
        for chord in bindings.keys(c) {
            let k = chord.key;
            if typing && is_text_key(k) {
                continue;
            }
            match meaning(c) {
                // A tap shorter than a frame is pressed and released in the same frame: it
                // still steps. Directions ignore Ctrl unless bound with it.
                Ok(d) if (keys.pressed(k) || keys.just_pressed(k)) && (ctrl || !chord.ctrl) => dir += d,
                Err(a) if keys.just_pressed(k) && chord.ctrl == ctrl => _ = actions.write(a),
                _ => {}
            }
        }
    }
    // Tab goes to the next item and Shift+Tab to the one before, as in any window, unless
    // the player bound Tab to a command of its own.
    let tab_free = COMMANDS.iter().all(|c| bindings.keys(*c).iter().all(|ch| ch.key != KeyCode::Tab));
    if tab_free && !typing && (keys.pressed(KeyCode::Tab) || keys.just_pressed(KeyCode::Tab)) {
        let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
        dir += if shift { IVec2::NEG_Y } else { IVec2::Y };
    }
    dir
}

/// A key that types a letter or a digit.
pub(super) fn is_text_key(key: KeyCode) -> bool {
    use KeyCode::*;
    matches!(
        key,
        KeyA | KeyB
            | KeyC
            | KeyD
            | KeyE
            | KeyF
            | KeyG
            | KeyH
            | KeyI
            | KeyJ
            | KeyK
            | KeyL
            | KeyM
            | KeyN
            | KeyO
            | KeyP
            | KeyQ
            | KeyR
            | KeyS
            | KeyT
            | KeyU
            | KeyV
            | KeyW
            | KeyX
            | KeyY
            | KeyZ
            | Digit0
            | Digit1
            | Digit2
            | Digit3
            | Digit4
            | Digit5
            | Digit6
            | Digit7
            | Digit8
            | Digit9
            | Space
    )
}

/// A gamepad's button actions this frame, and the direction its d-pad and stick point, by the
/// player's bindings.
pub(super) fn read_pad(pad: &Gamepad, bindings: &Bindings, actions: &mut MessageWriter<Action>) -> IVec2 {
    let mut dir = IVec2::ZERO;
    for c in COMMANDS {
        for b in bindings.pads(c) {
            match meaning(c) {
                Ok(d) if pad.pressed(*b) || pad.just_pressed(*b) => dir += d,
                Err(a) if pad.just_pressed(*b) => _ = actions.write(a),
                _ => {}
            }
        }
    }
    let (sx, sy) = (pad.get(GamepadAxis::LeftStickX).unwrap_or(0.0), pad.get(GamepadAxis::LeftStickY).unwrap_or(0.0));
    dir + stick_direction(sx, sy)
}

/// The direction a stick leaning (`x` right, `y` up) points on the board (y down), past the
/// dead zone.
pub(super) fn stick_direction(x: f32, y: f32) -> IVec2 {
    let mut dir = IVec2::ZERO;
    if x.abs() > STICK_DEADZONE {
        dir.x += x.signum() as i32;
    }
    if y.abs() > STICK_DEADZONE {
        dir.y -= y.signum() as i32;
    }
    dir
}
