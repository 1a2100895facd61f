//! The game's ties to the machine and the player: the command line, the settings file, the window on the monitor, the clipboard and the languages.

pub mod args;
pub mod clipboard;
pub mod i18n;
pub mod settings;
pub mod window;
