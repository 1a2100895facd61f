//! One device at a time for headless tests: the raw gamepad and keyboard messages a driver
//! would send, for the few things a player does.

#![allow(dead_code)]

use bevy::input::ButtonState;
use bevy::input::gamepad::{RawGamepadButtonChangedEvent, RawGamepadEvent};
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// One device's buttons for the few things a player does.
#[derive(Clone, Copy)]
pub enum Device {
    /// A gamepad (its entity).
    Pad(Entity),
    /// The keyboard.
    Keyboard,
}

#[derive(Clone, Copy, Debug)]
pub enum Press {
    Up,
    Down,
    Left,
    Right,
    Choose,
    Back,
    Delete,
    Undo,
}

impl Device {
    pub fn send(self, app: &mut App, press: Press, down: bool) {
        match self {
            Device::Pad(pad) => {
                let button = match press {
                    Press::Up => GamepadButton::DPadUp,
                    Press::Down => GamepadButton::DPadDown,
                    Press::Left => GamepadButton::DPadLeft,
                    Press::Right => GamepadButton::DPadRight,
                    Press::Choose => GamepadButton::South,
                    Press::Back => GamepadButton::East,
                    Press::Delete => GamepadButton::West,
                    Press::Undo => GamepadButton::LeftTrigger,
                };
                let value = if down { 1.0 } else { 0.0 };
                app.world_mut()
                    .write_message(RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, button, value)));
            }
            Device::Keyboard => {
                let (key_code, logical_key) = match press {
                    Press::Up => (KeyCode::ArrowUp, Key::ArrowUp),
                    Press::Down => (KeyCode::ArrowDown, Key::ArrowDown),
                    Press::Left => (KeyCode::ArrowLeft, Key::ArrowLeft),
                    Press::Right => (KeyCode::ArrowRight, Key::ArrowRight),
                    Press::Choose => (KeyCode::Enter, Key::Enter),
                    Press::Back => (KeyCode::Escape, Key::Escape),
                    Press::Delete => (KeyCode::Delete, Key::Delete),
                    Press::Undo => (KeyCode::KeyU, Key::Character("u".into())),
                };
                key_event(app, key_code, logical_key, down);
            }
        }
    }

    /// A short press: down for one frame, then up.
    pub fn press(self, app: &mut App, press: Press) {
        self.send(app, press, true);
        app.update();
        self.send(app, press, false);
        app.update();
    }
}

/// A key going down or up, as the keyboard driver sends it (not yet read: the next frame does).
pub fn key_event(app: &mut App, key_code: KeyCode, logical_key: Key, down: bool) {
    let state = if down { ButtonState::Pressed } else { ButtonState::Released };
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key,
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}
