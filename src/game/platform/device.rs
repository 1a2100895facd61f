//! What the player types and points with, as the rest of the game needs to know it: the
//! device used last, and whether a text is being typed. The board's input sets them.

use bevy::prelude::*;

/// The kind of device the player used last: hints name its keys or buttons.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastDevice {
    /// A mouse or a touch screen (the start: nothing pressed yet).
    #[default]
    Pointer,
    /// The keyboard.
    Keyboard,
    /// A gamepad.
    Pad,
}

/// Whether a text is being typed (an invite code): letter and digit keys then type, and do
/// not act (W, A, S, D, U, M…). Set by the screen that takes the text.
#[derive(Resource, Default, Debug)]
pub struct TypingText(pub bool);
