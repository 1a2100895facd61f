//! The player's settings kept between runs: a small `key = value` text file.
//!
//! ```text
//! size = 8x8
//! black = human
//! white = medium
//! speed = 1
//! coordinates = on
//! ```
//!
//! Loading never fails as a whole: each bad line is reported (file, line, what is wrong) and
//! skipped, the other lines still apply. Saving goes through a temporary file and a rename.

use super::{Controller, Screen, Settings};
use crate::ai::Level;
use crate::rules::{Color as Side, parse_size};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Where the settings live, when they are kept at all, and the text last known to be there
/// (what the run started with): only settings the player changed are written.
#[derive(Resource, Clone, Debug)]
pub struct SettingsPath {
    /// The file.
    pub path: PathBuf,
    /// The settings text the file is known to match.
    pub last: String,
}

/// The default place: `$XDG_CONFIG_HOME/konane/settings.txt`, else `~/.config/konane/settings.txt`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("konane").join("settings.txt"))
}

fn controller_text(c: Controller) -> &'static str {
    match c {
        Controller::Human => "human",
        Controller::Ai(l) => l.name(),
    }
}

impl Settings {
    /// The text of the settings file.
    pub fn to_text(&self) -> String {
        format!(
            "# Kōnane settings, written by the game\nsize = {}x{}\nblack = {}\nwhite = {}\nspeed = {}\ncoordinates = {}\n",
            self.size.rows(),
            self.size.cols(),
            controller_text(self.players[Side::Black.index()]),
            controller_text(self.players[Side::White.index()]),
            self.anim_speed,
            if self.coordinates { "on" } else { "off" }
        )
    }

    /// Applies settings text on top of `self`; returns one message per bad line (those lines
    /// change nothing).
    pub fn apply_text(&mut self, text: &str) -> Vec<String> {
        let mut errors = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let code = line.split('#').next().unwrap_or("").trim();
            if code.is_empty() {
                continue;
            }
            if let Err(e) = self.apply_line(code) {
                errors.push(format!("line {}: {e}", i + 1));
            }
        }
        errors
    }

    fn apply_line(&mut self, code: &str) -> Result<(), String> {
        let (key, value) = code.split_once('=').ok_or_else(|| format!("'{code}' is not 'key = value'"))?;
        let (key, value) = (key.trim(), value.trim());
        match key {
            "size" => {
                let g = parse_size(value).map_err(|e| format!("size: {e}"))?;
                self.size = Settings::check_board(g).map_err(|e| format!("size {e}"))?;
            }
            "black" | "white" => {
                let c = if value.eq_ignore_ascii_case("human") {
                    Controller::Human
                } else {
                    Controller::Ai(value.parse::<Level>().map_err(|e| format!("{key}: {e} or human"))?)
                };
                let side = if key == "black" { Side::Black } else { Side::White };
                self.players[side.index()] = c;
            }
            "speed" => {
                let v = value.parse::<f32>().map_err(|_| format!("speed '{value}': expected 0 (instant) to 20"))?;
                self.anim_speed = Settings::check_speed(v).map_err(|e| format!("speed {e}"))?;
            }
            "coordinates" => {
                self.coordinates = match value {
                    "on" | "true" | "yes" => true,
                    "off" | "false" | "no" => false,
                    _ => return Err(format!("coordinates '{value}': expected on or off")),
                }
            }
            other => return Err(format!("unknown setting '{other}' (size, black, white, speed, coordinates)")),
        }
        Ok(())
    }

    /// Reads the settings file at `path` on top of `self`. A missing file is not an error;
    /// a file that cannot be read, or bad lines in it, give messages naming the file.
    pub fn load_file(&mut self, path: &Path) -> Vec<String> {
        match std::fs::read_to_string(path) {
            Ok(text) => self.apply_text(&text).into_iter().map(|e| format!("{}: {e}", path.display())).collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => vec![format!("cannot read {}: {e}", path.display())],
        }
    }

    /// Writes the settings file atomically (the old file survives a failed write).
    pub fn save_file(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::files::write_atomically(path, self.to_text().as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Saves the settings whenever a game starts from them, when the player returns to the
/// title screen (where they are edited) and when the game is closed.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), save)
        .add_systems(OnEnter(Screen::Title), save)
        .add_systems(Last, save.run_if(on_message::<AppExit>));
}

fn save(settings: Res<Settings>, file: Option<ResMut<SettingsPath>>) {
    let Some(mut file) = file else { return };
    let text = settings.to_text();
    if file.last == text {
        return;
    }
    match settings.save_file(&file.path) {
        Ok(()) => file.last = text,
        Err(e) => warn!("settings not saved: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Geometry;

    #[test]
    fn text_round_trips() {
        let s = Settings {
            size: Geometry::new(9, 13).unwrap(),
            players: [Controller::Ai(Level::Expert), Controller::Human],
            anim_speed: 2.5,
            coordinates: false,
            ..Settings::default()
        };
        let mut back = Settings::default();
        assert!(back.apply_text(&s.to_text()).is_empty());
        assert_eq!(back.size, s.size);
        assert_eq!(back.players, s.players);
        assert_eq!(back.anim_speed, 2.5);
        assert!(!back.coordinates);
    }

    #[test]
    fn bad_lines_are_named_and_skipped() {
        let mut s = Settings::default();
        let errors =
            s.apply_text("size = 3x3\nblack = grandmaster\nwhite = expert\nspeed = fast\nvolume = 3\nnonsense\n");
        assert_eq!(errors.len(), 5, "{errors:?}");
        assert!(errors[0].starts_with("line 1: size 3x3"), "{errors:?}");
        assert!(errors[1].starts_with("line 2: black:"), "{errors:?}");
        assert!(errors[2].starts_with("line 4: speed 'fast'"), "{errors:?}");
        assert!(errors[3].contains("unknown setting 'volume'"), "{errors:?}");
        assert!(errors[4].starts_with("line 6:"), "{errors:?}");
        // The good line applied, the bad ones left the defaults.
        assert_eq!(s.players, [Controller::Human, Controller::Ai(Level::Expert)]);
        assert_eq!(s.size, Settings::default().size);
        assert_eq!(s.anim_speed, 1.0);
    }

    #[test]
    fn files_are_written_atomically_and_read_back() {
        let dir = std::env::temp_dir().join(format!("konane-settings-{}", std::process::id()));
        let path = dir.join("nested").join("settings.txt");
        let s = Settings { coordinates: false, ..Settings::default() };
        s.save_file(&path).unwrap();
        let mut back = Settings::default();
        assert!(back.load_file(&path).is_empty());
        assert!(!back.coordinates);
        assert!(!path.with_extension("txt.tmp").exists());
        // A missing file is simply the defaults; an unreadable one (a directory) is reported.
        assert!(Settings::default().load_file(&dir.join("missing.txt")).is_empty());
        let errors = Settings::default().load_file(&dir);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].contains("cannot read"), "{errors:?}");
        // Garbage in the file is reported with its name and line, and does not panic.
        std::fs::write(&path, "size = 8x8\n\u{0}\u{7f}garbage\n").unwrap();
        let errors = Settings::default().load_file(&path);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].contains("settings.txt: line 2"), "{errors:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
