//! The player's settings, and the small `key = value` file that keeps them between runs.
//!
//! ```text
//! size = 8x8
//! black = human
//! white = medium
//! speed = 1
//! coordinates = on
//! ```
//!
//! Nothing the player wrote is ever lost: loading never fails as a whole (a bad line, even one
//! that is not UTF-8, is reported and skipped; the other lines still apply), a file that could
//! not be read is never written over, and saving changes only the lines whose values changed
//! (comments, unknown keys and order stay), appends new keys, keeps the file's permissions,
//! writes through a symlink to its target, and replaces the file atomically.

pub use super::args::Theme;
use super::args::{GameArgs, Mode, check_board, check_speed};
use super::i18n::Lang;
use super::screen::Screen;
use crate::ai::Level;
use crate::rules::{Color as Side, Geometry, parse_size};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// Who controls a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this screen.
    Human,
    /// The AI at a level.
    Ai(Level),
}

/// Player and presentation settings, edited on the title screen.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Board size of the next game.
    pub size: Geometry,
    /// Controllers of Black and White.
    pub players: [Controller; 2],
    /// Animation speed multiplier, 0 (instant) to [`super::args::MAX_SPEED`].
    pub anim_speed: f32,
    /// Show coordinates along the board edges.
    pub coordinates: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    /// All sound off (the M key), keeping the volume for later.
    pub muted: bool,
    /// Volume of the surf-and-wind ambience, 0 (off) to 1, under the main volume.
    pub ambient: f32,
    /// The board's look.
    pub theme: Theme,
    /// Mark the stones that can move at the start of a person's turn.
    pub show_movable: bool,
    /// Fill the screen.
    pub fullscreen: bool,
    /// Size of the interface's text and buttons, 0.75 to 2.
    pub ui_scale: f32,
    /// Tutorial lessons passed so far (the tutorial resumes after them).
    pub tutorial: u8,
    /// The interface's language.
    pub language: Lang,
    /// Puzzles solved: bit `i` for the shipped puzzle `i` (0-based).
    pub puzzles_solved: u128,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Smallest time (seconds of game time) the AI's reply takes, so it reads as a move.
    pub ai_min_delay: f32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: Geometry::new(8, 8).expect("8x8 is valid"),
            players: [Controller::Human, Controller::Ai(Level::Medium)],
            anim_speed: 1.0,
            coordinates: true,
            volume: 0.8,
            muted: false,
            ambient: 0.0,
            theme: Theme::Lava,
            show_movable: true,
            fullscreen: false,
            ui_scale: 1.0,
            tutorial: 0,
            language: Lang::En,
            puzzles_solved: 0,
            seed: 1,
            ai_min_delay: 0.35,
        }
    }
}

impl Settings {
    /// Who plays `side`.
    pub fn controller(&self, side: Side) -> Controller {
        self.players[side.index()]
    }

    /// Applies command-line options on top of `self` (defaults or the saved settings).
    /// Sizes and speeds were checked when the command line was parsed.
    pub fn with_args(mut self, args: &GameArgs) -> Settings {
        if let Some(g) = args.size {
            self.size = g;
        }
        let saved_level = self.players.iter().find_map(|c| match c {
            Controller::Ai(l) => Some(*l),
            Controller::Human => None,
        });
        let level = args.level.or(saved_level).unwrap_or(Level::Medium);
        match args.mode {
            Some(mode) => {
                let (h, ai) = (Controller::Human, Controller::Ai(level));
                self.players = match mode {
                    Mode::HumanAi => [h, ai],
                    Mode::AiHuman => [ai, h],
                    Mode::HumanHuman => [h, h],
                    Mode::AiAi => [ai, ai],
                };
            }
            // A level alone re-levels whichever colours the AI plays.
            None => {
                if let Some(l) = args.level {
                    for c in self.players.iter_mut() {
                        if let Controller::Ai(_) = c {
                            *c = Controller::Ai(l);
                        }
                    }
                }
            }
        }
        if let Some(a) = args.anim_speed {
            self.anim_speed = a;
        }
        if let Some(t) = args.theme {
            self.theme = t;
        }
        if let Some(l) = args.lang {
            self.language = l;
        }
        if let Some(seed) = args.seed {
            self.seed = seed;
        }
        self
    }

    /// The value of each key as the file writes it, in file order.
    fn entries(&self) -> [(&'static str, String); 15] {
        let on_off = |b: bool| (if b { "on" } else { "off" }).to_string();
        let controller = |c: Controller| match c {
            Controller::Human => "human".to_string(),
            Controller::Ai(l) => l.name().to_string(),
        };
        [
            ("size", format!("{}x{}", self.size.rows(), self.size.cols())),
            ("black", controller(self.players[Side::Black.index()])),
            ("white", controller(self.players[Side::White.index()])),
            ("speed", format!("{}", self.anim_speed)),
            ("coordinates", on_off(self.coordinates)),
            ("volume", format!("{}", (self.volume * 100.0).round() as u32)),
            ("mute", on_off(self.muted)),
            ("ambient", format!("{}", (self.ambient * 100.0).round() as u32)),
            ("theme", self.theme.name().to_string()),
            ("movable", on_off(self.show_movable)),
            ("fullscreen", on_off(self.fullscreen)),
            ("ui-scale", format!("{}", self.ui_scale)),
            ("tutorial", format!("{}", self.tutorial)),
            ("language", self.language.code().to_string()),
            (
                "puzzles",
                (0..128)
                    .filter(|i| self.puzzles_solved & (1u128 << i) != 0)
                    .map(|i| (i + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        ]
    }

    /// The whole text of a fresh settings file.
    pub fn to_text(&self) -> String {
        let mut text = String::from("# Kōnane settings, written by the game\n");
        for (key, value) in self.entries() {
            text.push_str(&format!("{key} = {value}\n"));
        }
        text
    }

    /// Applies one `key = value` (without comment); returns the key it set.
    fn apply_line(&mut self, code: &str) -> Result<&'static str, String> {
        let (key, value) = code.split_once('=').ok_or_else(|| format!("{} is not 'key = value'", quote(code)))?;
        let (key, value) = (key.trim(), value.trim());
        Ok(match key {
            "size" => {
                let g = parse_size(value).map_err(|e| format!("size: {}", short(&e.to_string())))?;
                self.size = check_board(g).map_err(|e| format!("size {e}"))?;
                "size"
            }
            "black" | "white" => {
                let c = if value.eq_ignore_ascii_case("human") {
                    Controller::Human
                } else {
                    let level = value.parse::<Level>().map_err(|_| {
                        format!(
                            "{key} {}: expected human, beginner, easy, medium, hard, strong or expert",
                            quote(value)
                        )
                    })?;
                    Controller::Ai(level)
                };
                let side = if key == "black" { Side::Black } else { Side::White };
                self.players[side.index()] = c;
                if key == "black" { "black" } else { "white" }
            }
            "speed" => {
                let v = value.parse::<f32>().map_err(|_| {
                    format!("speed {}: expected 0 (instant) to {}", quote(value), super::args::MAX_SPEED)
                })?;
                self.anim_speed = check_speed(v).map_err(|e| format!("speed {e}"))?;
                "speed"
            }
            "coordinates" | "mute" | "movable" | "fullscreen" => {
                let on = match value {
                    "on" | "true" | "yes" => true,
                    "off" | "false" | "no" => false,
                    _ => return Err(format!("{key} {}: expected on or off", quote(value))),
                };
                match key {
                    "coordinates" => {
                        self.coordinates = on;
                        "coordinates"
                    }
                    "mute" => {
                        self.muted = on;
                        "mute"
                    }
                    "movable" => {
                        self.show_movable = on;
                        "movable"
                    }
                    _ => {
                        self.fullscreen = on;
                        "fullscreen"
                    }
                }
            }
            "volume" => {
                self.volume = match value.parse::<u32>() {
                    Ok(v) if v <= 100 => v as f32 / 100.0,
                    _ => return Err(format!("volume {}: expected 0 to 100", quote(value))),
                };
                "volume"
            }
            "ambient" => {
                self.ambient = match value.parse::<u32>() {
                    Ok(v) if v <= 100 => v as f32 / 100.0,
                    _ => return Err(format!("ambient {}: expected 0 to 100", quote(value))),
                };
                "ambient"
            }
            "tutorial" => {
                self.tutorial = match value.parse::<u8>() {
                    Ok(v) if v <= 8 => v,
                    _ => return Err(format!("tutorial {}: expected 0 to 8 (lessons passed)", quote(value))),
                };
                "tutorial"
            }
            "puzzles" => {
                let mut solved = 0u128;
                for n in value.split_whitespace() {
                    match n.parse::<u32>() {
                        Ok(k) if (1..=128).contains(&k) => solved |= 1 << (k - 1),
                        _ => {
                            return Err(format!(
                                "puzzles {}: expected the numbers of solved puzzles, 1 to 128",
                                quote(n)
                            ));
                        }
                    }
                }
                self.puzzles_solved = solved;
                "puzzles"
            }
            "language" => {
                self.language = Lang::from_code(value).ok_or_else(|| {
                    format!("language {}: expected en (English), haw (ʻŌlelo Hawaiʻi) or nl (Nederlands)", quote(value))
                })?;
                "language"
            }
            "theme" => {
                self.theme = match Theme::ALL.into_iter().find(|t| t.name() == value) {
                    Some(t) => t,
                    None => return Err(format!("theme {}: expected lava or wood", quote(value))),
                };
                "theme"
            }
            "ui-scale" => {
                self.ui_scale = match value.parse::<f32>() {
                    Ok(v) if (MIN_UI_SCALE..=MAX_UI_SCALE).contains(&v) => v,
                    _ => return Err(format!("ui-scale {}: expected {MIN_UI_SCALE} to {MAX_UI_SCALE}", quote(value))),
                };
                "ui-scale"
            }
            other => {
                return Err(format!(
                    "unknown setting {} (size, black, white, speed, coordinates, volume, mute, ambient, theme, \
                     movable, fullscreen, ui-scale, tutorial)",
                    quote(other)
                ));
            }
        })
    }

    /// Applies settings text on top of `self`; returns one message per bad line (those lines
    /// change nothing).
    pub fn apply_text(&mut self, text: &str) -> Vec<String> {
        self.apply_lines(text.as_bytes(), usize::MAX).errors
    }

    /// Applies the lines of a file's bytes; keeps the first `max_errors` messages.
    fn apply_lines(&mut self, bytes: &[u8], max_errors: usize) -> Applied {
        let mut applied = Applied::default();
        for (i, raw) in split_lines(bytes).enumerate() {
            // Only the part before a comment must be text: a bad byte in a comment is harmless.
            let code = raw.split(|b| *b == b'#').next().unwrap_or(&[]);
            let result = match std::str::from_utf8(code) {
                Err(e) => Err(format!("not UTF-8 text (byte {})", e.valid_up_to() + 1)),
                Ok(code) if code.trim().is_empty() => continue,
                Ok(code) => self.apply_line(code.trim()),
            };
            match result {
                Ok(key) => applied.keys.push((i, key)),
                Err(e) => {
                    applied.bad_lines += 1;
                    if applied.errors.len() < max_errors {
                        applied.errors.push(format!("line {}: {e}", i + 1));
                    }
                }
            }
        }
        applied
    }
}

/// What applying a file's lines did.
#[derive(Default)]
struct Applied {
    /// The valid lines (0-based) and the key each set.
    keys: Vec<(usize, &'static str)>,
    /// Messages for the first bad lines.
    errors: Vec<String>,
    /// How many lines were bad.
    bad_lines: usize,
}

/// Smallest and largest interface scale.
pub const MIN_UI_SCALE: f32 = 0.75;
/// Largest interface scale.
pub const MAX_UI_SCALE: f32 = 2.0;

/// At most this many bad lines are reported one by one; the rest are counted.
const MAX_REPORTED: usize = 20;
/// Settings files larger than this are not read (and so never written over).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// Lines of a file without their line ends (`\n` or `\r\n`).
fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    // An empty file has no lines (not one empty line).
    (!bytes.is_empty())
        .then_some(body)
        .into_iter()
        .flat_map(|b| b.split(|c| *c == b'\n'))
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
}

/// Input shortened to at most 60 characters, with control characters escaped, in quotes.
fn quote(s: &str) -> String {
    let mut out = String::from("'");
    for (n, c) in s.chars().enumerate() {
        if n == 60 {
            out.push_str(&format!("…' ({} characters)", s.chars().count()));
            return out;
        }
        if c.is_control() { out.extend(c.escape_default()) } else { out.push(c) }
    }
    out.push('\'');
    out
}

/// An error message from elsewhere shortened the same way (it may quote the input).
fn short(s: &str) -> String {
    if s.chars().count() <= 100 { s.to_string() } else { s.chars().take(100).chain("…".chars()).collect() }
}

/// The default place: `$XDG_CONFIG_HOME/konane/settings.txt`, else `~/.config/konane/settings.txt`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("konane").join("settings.txt"))
}

/// The settings file as read: its lines, which key each valid line set, and the settings
/// the file is known to hold. Saving rewrites only what differs from those.
#[derive(Resource, Clone, Debug)]
pub struct SettingsFile {
    /// The file.
    pub path: PathBuf,
    /// The file as read (raw bytes, so a bad byte is kept as it was).
    bytes: Vec<u8>,
    /// The valid lines (0-based) and the key each set.
    keys: Vec<(usize, &'static str)>,
    /// The settings the file and this run agree on; changes from these are written.
    saved: Settings,
    /// False when the file exists but could not be read: it is then never written.
    writable: bool,
}

/// What loading found.
#[derive(Debug)]
pub struct Loaded {
    /// The settings: defaults with the file's valid lines applied.
    pub settings: Settings,
    /// The file, for saving later.
    pub file: SettingsFile,
    /// Messages for the player: bad lines (at most 20, then a count), unreadable file.
    pub messages: Vec<String>,
}

impl SettingsFile {
    /// Reads `path` on top of `base`. A missing file is not an error; a file that cannot be
    /// read is reported and will not be written over.
    pub fn load(path: &Path, base: Settings) -> Loaded {
        let mut settings = base;
        let unreadable = |message: String, settings: Settings| Loaded {
            file: SettingsFile {
                path: path.to_path_buf(),
                bytes: Vec::new(),
                keys: Vec::new(),
                saved: settings.clone(),
                writable: false,
            },
            messages: vec![message],
            settings,
        };
        let bytes = match std::fs::metadata(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            // Directories, FIFOs and devices are refused at once; so is a huge file.
            _ => match crate::files::read_regular_bytes(path, MAX_FILE_BYTES) {
                Ok(b) => b,
                Err(why) => return unreadable(format!("{why}; settings will not be saved this time"), settings),
            },
        };
        let applied = settings.apply_lines(&bytes, MAX_REPORTED);
        let mut messages: Vec<String> =
            applied.errors.iter().map(|e| format!("{}: {e} (ignored)", path.display())).collect();
        if applied.bad_lines > MAX_REPORTED {
            messages.push(format!("{}: {} more bad lines ignored", path.display(), applied.bad_lines - MAX_REPORTED));
        }
        let file = SettingsFile {
            path: path.to_path_buf(),
            bytes,
            keys: applied.keys,
            saved: settings.clone(),
            writable: true,
        };
        Loaded { settings, file, messages }
    }

    /// Takes `settings` as what the file agrees with (command-line values are not saved
    /// unless the player changes them again).
    pub fn agree(&mut self, settings: &Settings) {
        self.saved = settings.clone();
    }

    /// Whether saving is allowed (the file was readable or absent).
    pub fn writable(&self) -> bool {
        self.writable
    }

    /// The file's new text for `settings`, or `None` when nothing the file keeps changed.
    pub fn updated_text(&self, settings: &Settings) -> Option<Vec<u8>> {
        let old = self.saved.entries();
        let changed: Vec<(&str, String)> =
            settings.entries().into_iter().zip(old).filter(|(new, old)| new.1 != old.1).map(|(new, _)| new).collect();
        if changed.is_empty() {
            return None;
        }
        let mut lines: Vec<Vec<u8>> = split_lines(&self.bytes).map(<[u8]>::to_vec).collect();
        for (key, value) in changed {
            // The last valid line of a key is the one that applied: change it in place.
            match self.keys.iter().rev().find(|(_, k)| *k == key).map(|(i, _)| *i) {
                Some(i) => {
                    let mut line = format!("{key} = {value}").into_bytes();
                    if let Some(at) = lines[i].iter().position(|b| *b == b'#') {
                        line.push(b' ');
                        line.extend_from_slice(&lines[i][at..]);
                    }
                    lines[i] = line;
                }
                None => {
                    if lines.is_empty() {
                        lines.push(b"# K\xc5\x8dnane settings, written by the game".to_vec());
                    }
                    lines.push(format!("{key} = {value}").into_bytes());
                }
            }
        }
        let mut text = lines.join(&b'\n');
        text.push(b'\n');
        Some(text)
    }

    /// Writes the changed settings, if any; afterwards the file agrees with `settings`.
    pub fn save(&mut self, settings: &Settings) -> Result<bool, String> {
        if !self.writable {
            return Ok(false);
        }
        let Some(text) = self.updated_text(settings) else { return Ok(false) };
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::files::write_atomically(&self.path, &text)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        // Remember what was written, so later saves edit the new lines.
        self.keys = settings.clone().apply_lines(&text, 0).keys;
        self.bytes = text;
        self.saved = settings.clone();
        Ok(true)
    }
}

/// Saves the settings whenever a game starts from them, when the player returns to the
/// title screen (where they are edited) and when the game is closed.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), save)
        .add_systems(OnEnter(Screen::Title), save)
        .add_systems(Last, save.run_if(on_message::<AppExit>));
}

fn save(settings: Res<Settings>, file: Option<ResMut<SettingsFile>>) {
    let Some(mut file) = file else { return };
    if let Err(e) = file.save(&settings) {
        warn!("settings not saved: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("konane-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn text_round_trips() {
        let s = Settings {
            size: Geometry::new(9, 13).unwrap(),
            players: [Controller::Ai(Level::Expert), Controller::Human],
            anim_speed: 2.5,
            coordinates: false,
            ambient: 0.3,
            theme: Theme::Wood,
            ..Settings::default()
        };
        let mut back = Settings::default();
        assert!(back.apply_text(&s.to_text()).is_empty());
        assert_eq!(back, s);
    }

    #[test]
    fn a_bad_theme_or_ambience_is_named_and_changes_nothing() {
        let mut s = Settings::default();
        let errors = s.apply_text("theme = marble\nambient = 101\nambient = -1\ntheme = wood\n");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].contains("theme 'marble': expected lava or wood"), "{errors:?}");
        assert!(errors[1].contains("ambient '101': expected 0 to 100"), "{errors:?}");
        assert!(errors[2].contains("ambient '-1'"), "{errors:?}");
        assert_eq!(s.theme, Theme::Wood, "the good line still applies");
        assert_eq!(s.ambient, 0.0);
    }

    #[test]
    fn bad_lines_are_named_and_skipped() {
        let mut s = Settings::default();
        let errors = s.apply_text(
            "size = 3x3\nblack = grandmaster\nwhite = expert\nspeed = fast\npalette = 3\nnonsense\nspeed = 10\n",
        );
        assert_eq!(errors.len(), 6, "{errors:?}");
        assert!(errors[0].starts_with("line 1: size 3x3 is out of range"), "{errors:?}");
        assert!(errors[1].starts_with("line 2: black 'grandmaster'"), "{errors:?}");
        assert!(errors[2].starts_with("line 4: speed 'fast'"), "{errors:?}");
        assert!(errors[3].contains("unknown setting 'palette'"), "{errors:?}");
        assert!(errors[4].starts_with("line 6:"), "{errors:?}");
        assert!(errors[5].starts_with("line 7: speed 10 is out of range"), "{errors:?}");
        // The good line applied, the bad ones left the defaults.
        assert_eq!(s.players, [Controller::Human, Controller::Ai(Level::Expert)]);
        assert_eq!(s.size, Settings::default().size);
        assert_eq!(s.anim_speed, 1.0);
    }

    #[test]
    fn a_bad_byte_spoils_only_its_line_and_nothing_is_lost_on_save() {
        let dir = temp_dir("bytes");
        let path = dir.join("settings.txt");
        let original: &[u8] =
            b"# mine \xff\xfe\nsize = 10x10 # big\nblack = expert\nwhite = human\nbad \xc3 line\npalette = dark\n";
        std::fs::write(&path, original).unwrap();
        let loaded = SettingsFile::load(&path, Settings::default());
        assert_eq!(loaded.settings.size, Geometry::new(10, 10).unwrap());
        assert_eq!(loaded.settings.players, [Controller::Ai(Level::Expert), Controller::Human]);
        // The bad byte in the comment spoils nothing; the one in line 5 spoils that line.
        assert_eq!(loaded.messages.len(), 2, "{:?}", loaded.messages);
        assert!(loaded.messages[0].contains("line 5: not UTF-8"), "{:?}", loaded.messages);
        assert!(loaded.messages[1].contains("line 6: unknown setting 'palette'"), "{:?}", loaded.messages);
        let mut file = loaded.file;
        // Nothing changed: the file is not touched, byte for byte.
        assert!(!file.save(&loaded.settings).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), original);
        // One value changed: only its line changes (its comment stays), a new key is appended.
        let mut s = loaded.settings.clone();
        s.size = Geometry::new(6, 6).unwrap();
        s.coordinates = false;
        assert!(file.save(&s).unwrap());
        let expected: &[u8] = b"# mine \xff\xfe\nsize = 6x6 # big\nblack = expert\nwhite = human\nbad \xc3 line\npalette = dark\ncoordinates = off\n";
        assert_eq!(std::fs::read(&path).unwrap(), expected);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreadable_file_is_never_written_over() {
        let dir = temp_dir("unreadable");
        // A directory where the file should be, and a FIFO: reported at once, never written.
        let as_dir = dir.join("settings.txt");
        std::fs::create_dir_all(&as_dir).unwrap();
        let loaded = SettingsFile::load(&as_dir, Settings::default());
        assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
        assert!(loaded.messages[0].contains("will not be saved"), "{:?}", loaded.messages);
        let mut file = loaded.file;
        let changed = Settings { coordinates: false, ..Settings::default() };
        assert!(!file.save(&changed).unwrap());
        assert!(as_dir.is_dir());
        let fifo = dir.join("fifo.txt");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: plain libc call on a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let loaded = SettingsFile::load(&fifo, Settings::default());
        assert!(loaded.messages[0].contains("not a regular file"), "{:?}", loaded.messages);
        assert!(!loaded.file.writable());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn many_bad_lines_are_reported_as_twenty_and_a_count() {
        let dir = temp_dir("many");
        let path = dir.join("settings.txt");
        let text = "nonsense\n".repeat(100_000) + "size = 6x6\n";
        std::fs::write(&path, &text).unwrap();
        let loaded = SettingsFile::load(&path, Settings::default());
        assert_eq!(loaded.messages.len(), 21);
        assert!(loaded.messages[20].contains("99980 more bad lines ignored"), "{:?}", loaded.messages[20]);
        assert_eq!(loaded.settings.size, Geometry::new(6, 6).unwrap());
        // A long bad value is quoted short.
        let mut s = Settings::default();
        let errors = s.apply_text(&format!("black = {}\n", "x".repeat(10_000)));
        assert!(errors[0].len() < 200, "{}", errors[0]);
        assert!(errors[0].contains("(10000 characters)"), "{}", errors[0]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn saving_keeps_permissions_and_writes_through_a_symlink() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("links");
        let target = dir.join("real.txt");
        std::fs::write(&target, "# my settings\nspeed = 2\n").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("settings.txt");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let loaded = SettingsFile::load(&link, Settings::default());
        assert_eq!(loaded.settings.anim_speed, 2.0);
        let mut file = loaded.file;
        let s = Settings { anim_speed: 3.0, ..loaded.settings };
        assert!(file.save(&s).unwrap());
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link was replaced");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "# my settings\nspeed = 3\n");
        assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
