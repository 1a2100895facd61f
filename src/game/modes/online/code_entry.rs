//! The invite code being typed: keys, a paste, or a pad stepping each symbol.

use super::*;

/// The invite code being typed (keys, paste, or a pad stepping each symbol).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CodeEntry {
    /// The symbols so far, canonical (upper case, no dash), at most ten.
    pub text: String,
    /// The code is for watching rather than joining.
    pub watch: bool,
    /// Why the last try with this code failed (no such game, both seats taken…): said in the
    /// panel until the code is changed or tried again.
    pub refused: Option<Msg>,
}

impl CodeEntry {
    /// Adds a typed character if it belongs in a code (lower case is raised); false if not.
    pub fn push(&mut self, ch: char) -> bool {
        let up = ch.to_ascii_uppercase();
        if self.text.len() >= code::CODE_LEN || !up.is_ascii() || !code::ALPHABET.contains(&(up as u8)) {
            return false;
        }
        self.text.push(up);
        self.refused = None;
        true
    }

    /// Removes the last symbol.
    pub fn pop(&mut self) {
        self.text.pop();
        self.refused = None;
    }

    /// Takes a pasted text: its code symbols, ignoring dashes and spaces, up to ten.
    pub fn paste(&mut self, text: &str) {
        self.text.clear();
        self.refused = None;
        for ch in text.chars().filter(|c| !matches!(c, '-' | ' ')) {
            if !self.push(ch) {
                break;
            }
        }
    }

    /// The symbol in `slot`, if typed.
    pub fn symbol(&self, slot: usize) -> Option<char> {
        self.text.chars().nth(slot)
    }

    /// Steps the symbol in `slot` through the alphabet (a pad's left/right); the slot must be
    /// typed already or the next one.
    pub fn step(&mut self, slot: usize, dir: i32) -> bool {
        let n = code::ALPHABET.len() as i32;
        let len = self.text.len();
        if slot > len || slot >= code::CODE_LEN {
            return false;
        }
        let next = match self.symbol(slot) {
            Some(c) => {
                let i = code::ALPHABET.iter().position(|a| *a as char == c).unwrap_or(0) as i32;
                code::ALPHABET[(i + dir).rem_euclid(n) as usize] as char
            }
            None => code::ALPHABET[if dir > 0 { 0 } else { n as usize - 1 }] as char,
        };
        let mut chars: Vec<char> = self.text.chars().collect();
        if slot == len {
            chars.push(next);
        } else {
            chars[slot] = next;
        }
        self.text = chars.into_iter().collect();
        self.refused = None;
        true
    }

    /// All ten symbols are there.
    pub fn complete(&self) -> bool {
        self.text.len() == code::CODE_LEN
    }
}
