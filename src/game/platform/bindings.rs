//! The controls: which keys and which gamepad buttons give each command. The player can
//! rebind every command (Settings → Accessibility… → Controls…); the bindings are kept in the
//! settings file, one key per command and device (`keys-undo = ["U", "Ctrl+Z"]`, `pad-undo = ["LB"]`),
//! and a bad one spoils only itself.

use crate::game::platform::i18n::Msg;
use bevy::input::gamepad::GamepadButton;
use bevy::prelude::KeyCode;
use std::collections::BTreeMap;

/// Something the player can ask for with a key or a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Command {
    /// Move the cursor or the focus up.
    Up,
    /// Down.
    Down,
    /// Left (or a value down).
    Left,
    /// Right (or a value up).
    Right,
    /// Choose, pick up, land.
    Confirm,
    /// Drop the selection, go back.
    Cancel,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Open or close the pause menu.
    Pause,
    /// Sound off or on.
    Mute,
    /// Delete the focused saved game.
    Delete,
    /// Read the position out.
    Describe,
    /// Type a move.
    TypeMove,
    /// Ask for a hint.
    Hint,
    /// Open or close the list of moves beside the board.
    MoveList,
}

/// Every command, in the order the Controls screen lists them.
pub const COMMANDS: [Command; 15] = [
    Command::Up,
    Command::Down,
    Command::Left,
    Command::Right,
    Command::Confirm,
    Command::Cancel,
    Command::Undo,
    Command::Redo,
    Command::Pause,
    Command::Mute,
    Command::Delete,
    Command::Describe,
    Command::TypeMove,
    Command::Hint,
    Command::MoveList,
];

impl Command {
    /// Its name in the settings file (`keys-NAME`, `pad-NAME`) and its message key's tail.
    pub fn name(self) -> &'static str {
        match self {
            Command::Up => "up",
            Command::Down => "down",
            Command::Left => "left",
            Command::Right => "right",
            Command::Confirm => "confirm",
            Command::Cancel => "cancel",
            Command::Undo => "undo",
            Command::Redo => "redo",
            Command::Pause => "pause",
            Command::Mute => "mute",
            Command::Delete => "delete",
            Command::Describe => "describe",
            Command::TypeMove => "type-move",
            Command::Hint => "hint",
            Command::MoveList => "moves",
        }
    }

    /// Its line of keys in the settings file: `keys-` and its name.
    pub fn key_line(self) -> &'static str {
        match self {
            Command::Up => "keys-up",
            Command::Down => "keys-down",
            Command::Left => "keys-left",
            Command::Right => "keys-right",
            Command::Confirm => "keys-confirm",
            Command::Cancel => "keys-cancel",
            Command::Undo => "keys-undo",
            Command::Redo => "keys-redo",
            Command::Pause => "keys-pause",
            Command::Mute => "keys-mute",
            Command::Delete => "keys-delete",
            Command::Describe => "keys-describe",
            Command::TypeMove => "keys-type-move",
            Command::Hint => "keys-hint",
            Command::MoveList => "keys-moves",
        }
    }

    /// Its line of pad buttons: `pad-` and its name.
    pub fn pad_line(self) -> &'static str {
        match self {
            Command::Up => "pad-up",
            Command::Down => "pad-down",
            Command::Left => "pad-left",
            Command::Right => "pad-right",
            Command::Confirm => "pad-confirm",
            Command::Cancel => "pad-cancel",
            Command::Undo => "pad-undo",
            Command::Redo => "pad-redo",
            Command::Pause => "pad-pause",
            Command::Mute => "pad-mute",
            Command::Delete => "pad-delete",
            Command::Describe => "pad-describe",
            Command::TypeMove => "pad-type-move",
            Command::Hint => "pad-hint",
            Command::MoveList => "pad-moves",
        }
    }

    /// The keys it has until the player rebinds it.
    fn default_keys(self) -> Vec<Chord> {
        use KeyCode as K;
        let p = Chord::plain;
        match self {
            Command::Up => vec![p(K::ArrowUp), p(K::KeyW)],
            Command::Down => vec![p(K::ArrowDown), p(K::KeyS)],
            Command::Left => vec![p(K::ArrowLeft), p(K::KeyA)],
            Command::Right => vec![p(K::ArrowRight), p(K::KeyD)],
            Command::Confirm => vec![p(K::Enter), p(K::NumpadEnter), p(K::Space)],
            Command::Cancel => vec![p(K::Escape)],
            Command::Undo => vec![p(K::KeyU), Chord { key: K::KeyZ, ctrl: true }],
            Command::Redo => vec![Chord { key: K::KeyY, ctrl: true }],
            Command::Pause => vec![],
            Command::Mute => vec![p(K::KeyM)],
            Command::Delete => vec![p(K::Delete)],
            Command::Describe => vec![p(K::KeyI)],
            Command::TypeMove => vec![p(K::KeyT)],
            Command::Hint => vec![p(K::KeyH)],
            Command::MoveList => vec![p(K::KeyL)],
        }
    }

    /// The pad buttons it has until the player rebinds it.
    fn default_pads(self) -> Vec<GamepadButton> {
        use GamepadButton as B;
        match self {
            Command::Up => vec![B::DPadUp],
            Command::Down => vec![B::DPadDown],
            Command::Left => vec![B::DPadLeft],
            Command::Right => vec![B::DPadRight],
            Command::Confirm => vec![B::South],
            Command::Cancel => vec![B::East],
            Command::Undo => vec![B::LeftTrigger],
            Command::Redo => vec![B::RightTrigger],
            Command::Pause => vec![B::Start],
            Command::Mute => vec![],
            Command::Delete => vec![B::West],
            Command::Describe => vec![B::Select],
            Command::TypeMove => vec![],
            Command::Hint => vec![B::North],
            Command::MoveList => vec![B::RightTrigger2],
        }
    }
}

/// A key, with Ctrl held or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chord {
    /// The key.
    pub key: KeyCode,
    /// Whether Ctrl is held with it.
    pub ctrl: bool,
}

impl Chord {
    const fn plain(key: KeyCode) -> Chord {
        Chord { key, ctrl: false }
    }
}

/// Which keys and buttons give each command, kept by command (every command has an entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    keys: BTreeMap<Command, Vec<Chord>>,
    pads: BTreeMap<Command, Vec<GamepadButton>>,
}

impl Default for Bindings {
    fn default() -> Bindings {
        Bindings {
            keys: COMMANDS.iter().map(|c| (*c, c.default_keys())).collect(),
            pads: COMMANDS.iter().map(|c| (*c, c.default_pads())).collect(),
        }
    }
}

impl Bindings {
    /// The keys of a command.
    pub fn keys(&self, c: Command) -> &[Chord] {
        self.keys.get(&c).map_or(&[], Vec::as_slice)
    }

    /// The pad buttons of a command.
    pub fn pads(&self, c: Command) -> &[GamepadButton] {
        self.pads.get(&c).map_or(&[], Vec::as_slice)
    }

    /// A command's keys (or, `pad`, its buttons) as a prompt names them: "U, Ctrl+Z"; "–" for
    /// none.
    pub fn words(&self, c: Command, pad: bool) -> String {
        let names: Vec<String> = if pad {
            self.pads(c).iter().map(|b| button_name(*b)).collect()
        } else {
            self.keys(c).iter().map(|k| chord_name(*k)).collect()
        };
        if names.is_empty() { "–".to_string() } else { names.join(", ") }
    }

    /// The first key (or button) of each of the four directions: "Up/Down/Left/Right".
    pub fn directions(&self, pad: bool) -> String {
        let d_pad = [GamepadButton::DPadUp, GamepadButton::DPadDown, GamepadButton::DPadLeft, GamepadButton::DPadRight];
        let dirs = [Command::Up, Command::Down, Command::Left, Command::Right];
        if pad && dirs.iter().zip(d_pad).all(|(c, b)| self.pads(*c).first() == Some(&b)) {
            return "D-pad".to_string();
        }
        let first = |c: Command| self.words(c, pad).split(", ").next().unwrap_or("–").to_string();
        [Command::Up, Command::Down, Command::Left, Command::Right].map(first).join("/")
    }

    /// A command's first key (or button), or "–".
    fn first(&self, c: Command, pad: bool) -> String {
        self.words(c, pad).split(", ").next().unwrap_or("–").to_string()
    }

    /// A prompt that names keys or buttons (`controls-keys`, `controls-pad`, `load-hint-keys`,
    /// `load-hint-pad`, `hud-*-keys`, and the sound's `item-sound`, `hud-muted`,
    /// `notice-muted`), with the bindings in force; any other key as it is.
    pub fn prompt(&self, key: &'static str) -> Msg {
        let m = Msg::new(key);
        let f = |c: Command, pad: bool| self.first(c, pad);
        match key {
            "controls-keys" | "controls-pad" => {
                let pad = key == "controls-pad";
                m.text("move", self.directions(pad))
                    .text("choose", f(Command::Confirm, pad))
                    .text("back", f(Command::Cancel, pad))
                    .text("undo", f(Command::Undo, pad))
                    .text("redo", f(Command::Redo, pad))
                    .text("mute", f(Command::Mute, pad))
                    .text("delete", f(Command::Delete, pad))
                    .text("pause", f(Command::Pause, pad))
            }
            // The sound's key, wherever its words name it.
            "item-sound" | "hud-muted" | "notice-muted" => m.text("key", f(Command::Mute, false)),
            "load-hint-keys" | "load-hint-pad" => {
                let pad = key == "load-hint-pad";
                m.text("open", f(Command::Confirm, pad)).text("delete", f(Command::Delete, pad))
            }
            "hud-undo-keys" | "hud-redo-keys" | "hud-menu-keys" | "hud-back-keys" => {
                let c = match key {
                    "hud-undo-keys" => Command::Undo,
                    "hud-redo-keys" => Command::Redo,
                    "hud-menu-keys" => Command::Pause,
                    _ => Command::Cancel,
                };
                // The pause menu opens with Back on the keyboard, with Start on a pad.
                let keys = if c == Command::Pause { self.words(Command::Cancel, false) } else { self.words(c, false) };
                m.text("keys", keys).text("pad", self.words(c, true))
            }
            _ => m,
        }
    }

    /// The command a key gives, if any.
    pub fn command_of_key(&self, chord: Chord) -> Option<Command> {
        COMMANDS.into_iter().find(|c| self.keys(*c).contains(&chord))
    }

    /// The command a pad button gives, if any.
    pub fn command_of_button(&self, b: GamepadButton) -> Option<Command> {
        COMMANDS.into_iter().find(|c| self.pads(*c).contains(&b))
    }

    /// Binds `chord` alone to `c`; refused (with the command that has it) when another command
    /// has that key.
    pub fn bind_key(&mut self, c: Command, chord: Chord) -> Result<(), Command> {
        match self.command_of_key(chord) {
            Some(other) if other != c => Err(other),
            _ => {
                self.keys.insert(c, vec![chord]);
                Ok(())
            }
        }
    }

    /// Binds `b` alone to `c`; refused when another command has that button.
    pub fn bind_button(&mut self, c: Command, b: GamepadButton) -> Result<(), Command> {
        match self.command_of_button(b) {
            Some(other) if other != c => Err(other),
            _ => {
                self.pads.insert(c, vec![b]);
                Ok(())
            }
        }
    }

    /// The settings file's lines: `keys-NAME` and `pad-NAME` with their values.
    pub fn entries(&self) -> Vec<(&'static str, String)> {
        let keys = COMMANDS.iter().map(|c| (c.key_line(), self.words_or_none(*c, false)));
        let pads = COMMANDS.iter().map(|c| (c.pad_line(), self.words_or_none(*c, true)));
        keys.chain(pads).collect()
    }

    /// A command's keys (or buttons) as its settings line gives them: "U, Ctrl+Z"; nothing
    /// for none.
    fn words_or_none(&self, c: Command, pad: bool) -> String {
        let names: Vec<String> = if pad {
            self.pads(c).iter().map(|b| button_name(*b)).collect()
        } else {
            self.keys(c).iter().map(|k| chord_name(*k)).collect()
        };
        names.join(", ")
    }

    /// The line name (as [`Bindings::entries`] writes it) of a `keys-`/`pad-` key.
    pub fn line_name(key: &str) -> Option<&'static str> {
        COMMANDS.iter().flat_map(|c| [c.key_line(), c.pad_line()]).find(|n| *n == key)
    }

    /// Applies one `keys-NAME` or `pad-NAME` line; `None` when `key` is neither. A value that
    /// names an unknown key is refused and changes nothing; a key another command had moves
    /// to this one (the later line wins), so any set of bindings the game saved reads back.
    pub fn apply(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let (pad, name) = match (key.strip_prefix("keys-"), key.strip_prefix("pad-")) {
            (Some(n), _) => (false, n),
            (_, Some(n)) => (true, n),
            _ => return None,
        };
        let Some(c) = COMMANDS.into_iter().find(|c| c.name() == name) else {
            let names: Vec<&str> = COMMANDS.iter().map(|c| c.name()).collect();
            return Some(Err(format!("{key}: no such command (known: {})", names.join(", "))));
        };
        let parts = value.split(',').map(str::trim).filter(|p| !p.is_empty());
        let mut next = self.clone();
        if pad {
            let buttons: Result<Vec<_>, _> = parts.map(|p| parse_button(p).ok_or(p)).collect();
            let buttons = match buttons {
                Ok(b) => b,
                Err(p) => {
                    return Some(Err(format!("{key}: {} is not a gamepad button (A, B, LB, Start, …)", quote(p))));
                }
            };
            // A button the line gives is taken from any command that had it: the file is read
            // top to bottom, so a saved swap (U for hint, H for undo) reads back as it was.
            for pads in next.pads.values_mut() {
                pads.retain(|b| !buttons.contains(b));
            }
            next.pads.insert(c, buttons);
        } else {
            let chords: Result<Vec<_>, _> = parts.map(|p| parse_chord(p).ok_or(p)).collect();
            let chords = match chords {
                Ok(k) => k,
                Err(p) => return Some(Err(format!("{key}: {} is not a key (A, Enter, Ctrl+Z, Up, …)", quote(p)))),
            };
            for keys in next.keys.values_mut() {
                keys.retain(|k| !chords.contains(k));
            }
            next.keys.insert(c, chords);
        }
        *self = next;
        Some(Ok(()))
    }
}

fn quote(s: &str) -> String {
    crate::rules::quote::quoted(s)
}

/// Keys that can be bound, with the names the file and the screen use.
const KEY_NAMES: &[(KeyCode, &str)] = &[
    (KeyCode::KeyA, "A"),
    (KeyCode::KeyB, "B"),
    (KeyCode::KeyC, "C"),
    (KeyCode::KeyD, "D"),
    (KeyCode::KeyE, "E"),
    (KeyCode::KeyF, "F"),
    (KeyCode::KeyG, "G"),
    (KeyCode::KeyH, "H"),
    (KeyCode::KeyI, "I"),
    (KeyCode::KeyJ, "J"),
    (KeyCode::KeyK, "K"),
    (KeyCode::KeyL, "L"),
    (KeyCode::KeyM, "M"),
    (KeyCode::KeyN, "N"),
    (KeyCode::KeyO, "O"),
    (KeyCode::KeyP, "P"),
    (KeyCode::KeyQ, "Q"),
    (KeyCode::KeyR, "R"),
    (KeyCode::KeyS, "S"),
    (KeyCode::KeyT, "T"),
    (KeyCode::KeyU, "U"),
    (KeyCode::KeyV, "V"),
    (KeyCode::KeyW, "W"),
    (KeyCode::KeyX, "X"),
    (KeyCode::KeyY, "Y"),
    (KeyCode::KeyZ, "Z"),
    (KeyCode::Digit0, "0"),
    (KeyCode::Digit1, "1"),
    (KeyCode::Digit2, "2"),
    (KeyCode::Digit3, "3"),
    (KeyCode::Digit4, "4"),
    (KeyCode::Digit5, "5"),
    (KeyCode::Digit6, "6"),
    (KeyCode::Digit7, "7"),
    (KeyCode::Digit8, "8"),
    (KeyCode::Digit9, "9"),
    (KeyCode::ArrowUp, "Up"),
    (KeyCode::ArrowDown, "Down"),
    (KeyCode::ArrowLeft, "Left"),
    (KeyCode::ArrowRight, "Right"),
    (KeyCode::Enter, "Enter"),
    (KeyCode::NumpadEnter, "NumpadEnter"),
    (KeyCode::Space, "Space"),
    (KeyCode::Escape, "Esc"),
    (KeyCode::Tab, "Tab"),
    (KeyCode::Backspace, "Backspace"),
    (KeyCode::Delete, "Delete"),
    (KeyCode::Insert, "Insert"),
    (KeyCode::Home, "Home"),
    (KeyCode::End, "End"),
    (KeyCode::PageUp, "PageUp"),
    (KeyCode::PageDown, "PageDown"),
    (KeyCode::F1, "F1"),
    (KeyCode::F2, "F2"),
    (KeyCode::F3, "F3"),
    (KeyCode::F4, "F4"),
    (KeyCode::F5, "F5"),
    (KeyCode::F6, "F6"),
    (KeyCode::F7, "F7"),
    (KeyCode::F8, "F8"),
    (KeyCode::F9, "F9"),
    (KeyCode::F10, "F10"),
    (KeyCode::F11, "F11"),
    (KeyCode::F12, "F12"),
    (KeyCode::Numpad0, "Numpad0"),
    (KeyCode::Numpad1, "Numpad1"),
    (KeyCode::Numpad2, "Numpad2"),
    (KeyCode::Numpad3, "Numpad3"),
    (KeyCode::Numpad4, "Numpad4"),
    (KeyCode::Numpad5, "Numpad5"),
    (KeyCode::Numpad6, "Numpad6"),
    (KeyCode::Numpad7, "Numpad7"),
    (KeyCode::Numpad8, "Numpad8"),
    (KeyCode::Numpad9, "Numpad9"),
    (KeyCode::Minus, "Minus"),
    (KeyCode::Equal, "Equal"),
    (KeyCode::Comma, "Comma"),
    (KeyCode::Period, "Period"),
    (KeyCode::Slash, "Slash"),
    (KeyCode::Semicolon, "Semicolon"),
    (KeyCode::Quote, "Quote"),
    (KeyCode::BracketLeft, "BracketLeft"),
    (KeyCode::BracketRight, "BracketRight"),
    (KeyCode::Backslash, "Backslash"),
    (KeyCode::Backquote, "Backquote"),
];

/// Pad buttons, with the names the file and the screen use.
const BUTTON_NAMES: &[(GamepadButton, &str)] = &[
    (GamepadButton::South, "A"),
    (GamepadButton::East, "B"),
    (GamepadButton::North, "Y"),
    (GamepadButton::West, "X"),
    (GamepadButton::LeftTrigger, "LB"),
    (GamepadButton::RightTrigger, "RB"),
    (GamepadButton::LeftTrigger2, "LT"),
    (GamepadButton::RightTrigger2, "RT"),
    (GamepadButton::Select, "Select"),
    (GamepadButton::Start, "Start"),
    (GamepadButton::LeftThumb, "LeftStick"),
    (GamepadButton::RightThumb, "RightStick"),
    (GamepadButton::DPadUp, "DPadUp"),
    (GamepadButton::DPadDown, "DPadDown"),
    (GamepadButton::DPadLeft, "DPadLeft"),
    (GamepadButton::DPadRight, "DPadRight"),
];

/// Whether a key can be bound (modifier keys and unnamed keys cannot).
pub fn bindable_key(k: KeyCode) -> bool {
    KEY_NAMES.iter().any(|(c, _)| *c == k)
}

/// Whether a pad button can be bound.
pub fn bindable_button(b: GamepadButton) -> bool {
    BUTTON_NAMES.iter().any(|(c, _)| *c == b)
}

/// A key's name: `U`, `Ctrl+Z`, `Enter`.
pub fn chord_name(c: Chord) -> String {
    let name = KEY_NAMES.iter().find(|(k, _)| *k == c.key).map_or("?", |(_, n)| n);
    if c.ctrl { format!("Ctrl+{name}") } else { name.to_string() }
}

/// A pad button's name: `South`, `LB`, `Start`.
pub fn button_name(b: GamepadButton) -> String {
    BUTTON_NAMES.iter().find(|(k, _)| *k == b).map_or("?", |(_, n)| n).to_string()
}

fn parse_chord(text: &str) -> Option<Chord> {
    let (ctrl, name) = match text.split_once('+') {
        Some((m, n)) if m.trim().eq_ignore_ascii_case("ctrl") => (true, n.trim()),
        Some(_) => return None,
        None => (false, text),
    };
    // The arrows are also known by their long names.
    let name = name.strip_prefix("Arrow").unwrap_or(name);
    let key = KEY_NAMES.iter().find(|(_, n)| n.eq_ignore_ascii_case(name)).map(|(k, _)| *k)?;
    Some(Chord { key, ctrl })
}

fn parse_button(text: &str) -> Option<GamepadButton> {
    // The face buttons are also known by where they sit.
    let text = match text.to_ascii_lowercase().as_str() {
        "south" => "A",
        "east" => "B",
        "north" => "Y",
        "west" => "X",
        _ => text,
    };
    BUTTON_NAMES.iter().find(|(_, n)| n.eq_ignore_ascii_case(text)).map(|(b, _)| *b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_bindings_have_no_conflicts_and_survive_their_own_lines() {
        let d = Bindings::default();
        let mut seen_keys = std::collections::HashSet::new();
        let mut seen_pads = std::collections::HashSet::new();
        for c in COMMANDS {
            assert!(d.keys(c).iter().all(|k| seen_keys.insert(*k)), "{c:?}");
            assert!(d.pads(c).iter().all(|b| seen_pads.insert(*b)), "{c:?}");
        }
        let mut other = Bindings::default();
        other.bind_key(Command::Hint, Chord::plain(KeyCode::KeyG)).unwrap();
        other.bind_button(Command::Mute, GamepadButton::RightThumb).unwrap();
        let mut read = Bindings::default();
        for (k, v) in other.entries() {
            read.apply(k, &v).unwrap().unwrap();
        }
        assert_eq!(read, other);
    }

    #[test]
    fn every_command_s_lines_are_named_after_it_and_no_two_commands_share_a_name() {
        let mut names = std::collections::HashSet::new();
        for c in COMMANDS {
            assert_eq!(c.key_line(), format!("keys-{}", c.name()));
            assert_eq!(c.pad_line(), format!("pad-{}", c.name()));
            assert!(names.insert(c.name()), "{c:?}");
        }
        // A line names its command; its place in the file does not matter.
        let mut b = Bindings::default();
        b.apply("pad-moves", "Y").unwrap().unwrap();
        b.apply("keys-describe", "F1").unwrap().unwrap();
        assert_eq!(b.pads(Command::MoveList), &[GamepadButton::North]);
        assert!(b.pads(Command::Hint).is_empty(), "the button moved from Hint");
        assert_eq!(b.keys(Command::Describe), &[Chord::plain(KeyCode::F1)]);
    }

    #[test]
    fn prompts_name_the_keys_and_buttons_in_force() {
        let tr = crate::game::platform::i18n::Tr::new(crate::game::platform::i18n::Lang::En);
        let mut b = Bindings::default();
        let keys = tr.msg(&b.prompt("controls-keys"));
        assert_eq!(
            keys,
            "Keys: Up/Down/Left/Right, Enter choose, Esc back; U undo, M sound, Delete removes a saved game."
        );
        let pad = tr.msg(&b.prompt("controls-pad"));
        assert!(pad.starts_with("Pad: D-pad or the stick, A choose, B back, LB/RB undo/redo, X delete"), "{pad}");
        b.bind_key(Command::Undo, Chord::plain(KeyCode::KeyG)).unwrap();
        b.bind_button(Command::Delete, GamepadButton::North).unwrap_err();
        b.bind_button(Command::Delete, GamepadButton::RightThumb).unwrap();
        assert!(tr.msg(&b.prompt("controls-keys")).contains("; G undo,"));
        assert_eq!(tr.msg(&b.prompt("load-hint-pad")), "A opens a game; RightStick deletes it.");
        assert_eq!(tr.msg(&b.prompt("hud-undo-keys")), "G · pad LB");
        // The sound's key follows its binding wherever it is named.
        assert_eq!(tr.msg(&b.prompt("hud-muted")), "Sound off (M)");
        b.bind_key(Command::Mute, Chord::plain(KeyCode::KeyJ)).unwrap();
        assert_eq!(tr.msg(&b.prompt("hud-muted")), "Sound off (J)");
        assert_eq!(tr.msg(&b.prompt("notice-muted")), "Sound off: J turns it back on");
        let item = b.prompt("item-sound").sub("value", crate::game::platform::i18n::Msg::new("value-on"));
        assert!(tr.msg(&item).ends_with("(J)"), "{}", tr.msg(&item));
    }

    #[test]
    fn a_key_another_command_has_is_refused_on_screen_and_bad_lines_change_nothing() {
        let mut b = Bindings::default();
        assert_eq!(b.bind_key(Command::Hint, Chord::plain(KeyCode::KeyU)), Err(Command::Undo));
        assert_eq!(b.bind_button(Command::Hint, GamepadButton::South), Err(Command::Confirm));
        assert_eq!(b, Bindings::default());
        assert!(b.apply("keys-hint", "Ctrl+Q, Banana").unwrap().unwrap_err().contains("Banana"));
        assert!(b.apply("pad-hint", "Z-button").unwrap().is_err());
        assert!(b.apply("keys-jump", "J").unwrap().is_err());
        assert!(b.apply("volume", "3").is_none());
        assert_eq!(b, Bindings::default());
        // A swap made on the Controls screen (through a free key) is saved and read back,
        // though each of its lines names a key another command had by default.
        let mut swapped = Bindings::default();
        swapped.bind_key(Command::Undo, Chord::plain(KeyCode::KeyG)).unwrap();
        swapped.bind_key(Command::Hint, Chord::plain(KeyCode::KeyU)).unwrap();
        swapped.bind_key(Command::Undo, Chord::plain(KeyCode::KeyH)).unwrap();
        let mut read = Bindings::default();
        for (k, v) in swapped.entries() {
            read.apply(k, &v).unwrap().unwrap();
        }
        assert_eq!(read, swapped);
        // By hand, a key given to a second command moves to it.
        let mut moved = Bindings::default();
        moved.apply("keys-hint", "U").unwrap().unwrap();
        assert_eq!(moved.keys(Command::Undo), &[Chord { key: KeyCode::KeyZ, ctrl: true }]);
        assert_eq!(moved.keys(Command::Hint), &[Chord::plain(KeyCode::KeyU)]);
        // Rebinding to a key it already has keeps it; unbinding is an empty value.
        assert_eq!(b.bind_key(Command::Undo, Chord::plain(KeyCode::KeyU)), Ok(()));
        b.apply("keys-mute", "").unwrap().unwrap();
        assert!(b.keys(Command::Mute).is_empty());
        assert_eq!(b.apply("keys-hint", "ctrl+h"), Some(Ok(())));
        assert_eq!(b.keys(Command::Hint), &[Chord { key: KeyCode::KeyH, ctrl: true }]);
    }
}
