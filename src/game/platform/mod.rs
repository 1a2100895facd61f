//! The game's ties to the machine and the player: the command line, the settings file, the window on the monitor, the clipboard, the input device, the languages and the bridge to assistive technology.

pub mod access;
pub mod args;
pub mod bindings;
pub mod clipboard;
pub mod device;
pub mod i18n;
pub mod redraw;
pub mod settings;
pub mod window;
pub mod x11;
