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

use crate::ai::Level;
pub use crate::game::platform::args::Theme;
use crate::game::platform::args::{GameArgs, Mode, check_board, check_server, check_speed};
use crate::game::platform::i18n::Lang;
use crate::game::sets::GameSet;
use crate::game::setup::GameSetup;
use crate::rules::{Color as Side, Geometry, parse_size};
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub use crate::game::setup::Controller;

/// Player and presentation settings, edited on the title screen, the settings and the custom
/// setup. Only this module's [`apply_edits`] changes them (others send [`EditSettings`]); a
/// game's setup is not kept here but in the rules (see [`crate::game::setup::GameSetup`]).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Settings {
    /// Board size of the custom game.
    pub size: Geometry,
    /// Who plays Black and White in the custom game.
    pub players: [Controller; 2],
    /// The computer's level in the title's quick games (Play vs computer, Watch).
    pub level: Level,
    /// The colour you play in Play vs computer.
    pub colour: Side,
    /// Animation speed multiplier, 0 (instant) to [`crate::game::platform::args::MAX_SPEED`].
    pub anim_speed: f32,
    /// Show coordinates along the board edges.
    pub coordinates: bool,
    /// The sound effects' volume, 0 to 1.
    pub volume: f32,
    /// All sound off (the M key), keeping the volume for later.
    pub muted: bool,
    /// Volume of the surf-and-wind ambience, 0 (off) to 1, apart from the effects' volume.
    pub ambient: f32,
    /// Volume of the music, 0 (off) to 1, apart from the effects' volume.
    pub music: f32,
    /// The music goes on while the window is in the background (else it pauses).
    pub music_in_background: bool,
    /// The board's look.
    pub theme: Theme,
    /// Mark the stones that can move at the start of a person's turn.
    pub show_movable: bool,
    /// Fill the screen.
    pub fullscreen: bool,
    /// Calm motion: moves shown at once, and no shakes, bursts, bounces, glow waves, fades
    /// or play behind the title.
    pub reduced_motion: bool,
    /// A tapped landing only proposes the move; tapping it again (or Enter) plays it.
    pub confirm_moves: bool,
    /// Size of the interface's text and buttons, 0.75 to 2.
    pub ui_scale: f32,
    /// Tutorial lessons passed so far (the tutorial resumes after them).
    pub tutorial: u8,
    /// The interface's language.
    pub language: Lang,
    /// Puzzles solved, by their place in the shipped book (0-based).
    pub puzzles_solved: PuzzleMarks,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Smallest time (seconds of game time) the AI's reply takes, so it reads as a move.
    pub ai_min_delay: f32,
    /// The window's last size and place, restored when they still fit the screen.
    pub window: Option<WindowPlace>,
    /// The online game server (`host:port`); empty: this network (the game hosts itself and
    /// finds friends' games by their code).
    pub server: String,
    /// Which keys and pad buttons give each command.
    pub bindings: crate::game::platform::bindings::Bindings,
}

/// A window's size (logical pixels) and top-left corner (physical pixels, if known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowPlace {
    /// Width and height.
    pub size: (u32, u32),
    /// Where its top-left corner was.
    pub at: Option<bevy::math::IVec2>,
}

impl WindowPlace {
    /// As the file writes it: `1280x800`, or `1280x800 at 100,50`.
    fn text(&self) -> String {
        match self.at {
            Some(p) => format!("{}x{} at {},{}", self.size.0, self.size.1, p.x, p.y),
            None => format!("{}x{}", self.size.0, self.size.1),
        }
    }

    /// Reads [`WindowPlace::text`]'s form.
    fn parse(v: &str) -> Option<WindowPlace> {
        let (size, at) = match v.split_once(" at ") {
            Some((s, a)) => (s.trim(), Some(a.trim())),
            None => (v, None),
        };
        let (w, h) = size.split_once('x')?;
        let size = (w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?);
        if !(100..=16384).contains(&size.0) || !(100..=16384).contains(&size.1) {
            return None;
        }
        let at = match at {
            Some(a) => {
                let (x, y) = a.split_once(',')?;
                Some(bevy::math::IVec2::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
            }
            None => None,
        };
        Some(WindowPlace { size, at })
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: Geometry::new(8, 8).expect("8x8 is valid"),
            players: [Controller::Human, Controller::Ai(Level::Medium)],
            level: Level::Medium,
            colour: Side::Black,
            anim_speed: 1.0,
            coordinates: true,
            volume: 0.8,
            muted: false,
            ambient: 0.0,
            music: 0.5,
            music_in_background: false,
            theme: Theme::Lava,
            show_movable: true,
            fullscreen: false,
            reduced_motion: false,
            confirm_moves: false,
            ui_scale: 1.0,
            tutorial: 0,
            language: Lang::En,
            puzzles_solved: PuzzleMarks::default(),
            seed: 1,
            ai_min_delay: 0.35,
            window: None,
            server: String::new(),
            bindings: Default::default(),
        }
    }
}

impl Settings {
    /// How fast things move: the animation speed, or 0 (everything at once) with reduced motion.
    pub fn motion(&self) -> f32 {
        if self.reduced_motion { 0.0 } else { self.anim_speed }
    }

    /// The custom game as set up (board and players).
    pub fn custom_setup(&self) -> GameSetup {
        GameSetup::play(self.size, self.players)
    }

    /// Applies command-line options on top of `self` (defaults or the saved settings).
    /// Sizes and speeds were checked when the command line was parsed.
    pub fn with_args(mut self, args: &GameArgs) -> Settings {
        if let Some(server) = &args.server {
            self.server = server.clone();
        }
        if let Some(g) = args.size {
            self.size = g;
        }
        let level = args.level.unwrap_or(self.level);
        if let Some(l) = args.level {
            self.level = l;
        }
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
    fn entries(&self) -> impl Iterator<Item = (&'static str, String)> + '_ {
        KEYS.iter().map(move |k| (k.name, (k.get)(self))).chain(self.bindings.entries())
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
        if let Some(result) = self.bindings.apply(key, value) {
            let name = crate::game::platform::bindings::Bindings::line_name(key);
            return result.and_then(|()| name.ok_or_else(|| format!("unknown setting {}", quote(key))));
        }
        let Some(k) = KEYS.iter().find(|k| k.name == key) else {
            let names: Vec<&str> = KEYS.iter().map(|k| k.name).collect();
            return Err(format!("unknown setting {} (known: {})", quote(key), names.join(", ")));
        };
        (k.set)(self, value)?;
        Ok(k.name)
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

/// Bad values are quoted short and with control characters escaped, like all user input.
fn quote(s: &str) -> String {
    crate::rules::quote::quoted(s)
}

/// One key of the settings file: its name, how its value is written and how it is read.
struct Key {
    /// The name before `=`.
    name: &'static str,
    /// The value as the file writes it.
    get: fn(&Settings) -> String,
    /// Reads a value (already trimmed); the message names the key and the bad value.
    set: fn(&mut Settings, &str) -> Result<(), String>,
}

fn on_off(b: bool) -> String {
    (if b { "on" } else { "off" }).to_string()
}

fn parse_on_off(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(format!("{key} {}: expected on or off", quote(value))),
    }
}

fn percent(v: f32) -> String {
    format!("{}", (v * 100.0).round() as u32)
}

fn parse_percent(key: &str, value: &str) -> Result<f32, String> {
    match value.parse::<u32>() {
        Ok(v) if v <= 100 => Ok(v as f32 / 100.0),
        _ => Err(format!("{key} {}: expected 0 to 100", quote(value))),
    }
}

fn controller_name(c: Controller) -> String {
    match c {
        Controller::Human => "human".to_string(),
        Controller::Ai(l) => l.name().to_string(),
        // Never a preference: an online game's setup is not kept here.
        Controller::Remote => "human".to_string(),
    }
}

fn parse_controller(key: &str, value: &str) -> Result<Controller, String> {
    if value.eq_ignore_ascii_case("human") {
        return Ok(Controller::Human);
    }
    value
        .parse::<Level>()
        .map(Controller::Ai)
        .map_err(|_| format!("{key} {}: expected human, beginner, easy, medium, hard, strong or expert", quote(value)))
}

/// Every key the file keeps, in the order a fresh file lists them: the one table that both
/// writing and reading use.
const KEYS: [Key; 23] = [
    Key {
        name: "size",
        get: |s| format!("{}x{}", s.size.rows(), s.size.cols()),
        set: |s, v| {
            let g = parse_size(v).map_err(|e| format!("size: {}", crate::rules::quote::shown(&e.to_string())))?;
            s.size = check_board(g).map_err(|e| format!("size {e}"))?;
            Ok(())
        },
    },
    Key {
        name: "black",
        get: |s| controller_name(s.players[Side::Black.index()]),
        set: |s, v| {
            s.players[Side::Black.index()] = parse_controller("black", v)?;
            Ok(())
        },
    },
    Key {
        name: "white",
        get: |s| controller_name(s.players[Side::White.index()]),
        set: |s, v| {
            s.players[Side::White.index()] = parse_controller("white", v)?;
            Ok(())
        },
    },
    Key {
        name: "level",
        get: |s| s.level.name().to_string(),
        set: |s, v| {
            s.level = v
                .parse::<Level>()
                .map_err(|_| format!("level {}: expected beginner, easy, medium, hard, strong or expert", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "colour",
        get: |s| (if s.colour == Side::Black { "black" } else { "white" }).to_string(),
        set: |s, v| {
            s.colour = match v {
                "black" => Side::Black,
                "white" => Side::White,
                _ => return Err(format!("colour {}: expected black or white", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "speed",
        get: |s| format!("{}", s.anim_speed),
        set: |s, v| {
            let a = v.parse::<f32>().map_err(|_| {
                format!("speed {}: expected 0 (instant) to {}", quote(v), crate::game::platform::args::MAX_SPEED)
            })?;
            s.anim_speed = check_speed(a).map_err(|e| format!("speed {e}"))?;
            Ok(())
        },
    },
    Key {
        name: "coordinates",
        get: |s| on_off(s.coordinates),
        set: |s, v| {
            s.coordinates = parse_on_off("coordinates", v)?;
            Ok(())
        },
    },
    Key {
        name: "volume",
        get: |s| percent(s.volume),
        set: |s, v| {
            s.volume = parse_percent("volume", v)?;
            Ok(())
        },
    },
    Key {
        name: "mute",
        get: |s| on_off(s.muted),
        set: |s, v| {
            s.muted = parse_on_off("mute", v)?;
            Ok(())
        },
    },
    Key {
        name: "ambient",
        get: |s| percent(s.ambient),
        set: |s, v| {
            s.ambient = parse_percent("ambient", v)?;
            Ok(())
        },
    },
    Key {
        name: "music",
        get: |s| percent(s.music),
        set: |s, v| {
            s.music = parse_percent("music", v)?;
            Ok(())
        },
    },
    Key {
        name: "music-in-background",
        get: |s| on_off(s.music_in_background),
        set: |s, v| {
            s.music_in_background = parse_on_off("music-in-background", v)?;
            Ok(())
        },
    },
    Key {
        name: "theme",
        get: |s| s.theme.name().to_string(),
        set: |s, v| {
            s.theme = Theme::ALL
                .into_iter()
                .find(|t| t.name() == v)
                .ok_or_else(|| format!("theme {}: expected lava or wood", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "movable",
        get: |s| on_off(s.show_movable),
        set: |s, v| {
            s.show_movable = parse_on_off("movable", v)?;
            Ok(())
        },
    },
    Key {
        name: "fullscreen",
        get: |s| on_off(s.fullscreen),
        set: |s, v| {
            s.fullscreen = parse_on_off("fullscreen", v)?;
            Ok(())
        },
    },
    Key {
        name: "reduced-motion",
        get: |s| on_off(s.reduced_motion),
        set: |s, v| {
            s.reduced_motion = parse_on_off("reduced-motion", v)?;
            Ok(())
        },
    },
    Key {
        name: "confirm-moves",
        get: |s| on_off(s.confirm_moves),
        set: |s, v| {
            s.confirm_moves = parse_on_off("confirm-moves", v)?;
            Ok(())
        },
    },
    Key {
        name: "ui-scale",
        get: |s| format!("{}", s.ui_scale),
        set: |s, v| {
            s.ui_scale = match v.parse::<f32>() {
                Ok(x) if (MIN_UI_SCALE..=MAX_UI_SCALE).contains(&x) => x,
                _ => return Err(format!("ui-scale {}: expected {MIN_UI_SCALE} to {MAX_UI_SCALE}", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "tutorial",
        get: |s| format!("{}", s.tutorial),
        set: |s, v| {
            s.tutorial = match v.parse::<u8>() {
                Ok(n) if n as usize <= LESSON_COUNT => n,
                _ => return Err(format!("tutorial {}: expected 0 to {LESSON_COUNT} (lessons passed)", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "language",
        get: |s| s.language.code().to_string(),
        set: |s, v| {
            s.language = Lang::from_code(v).ok_or_else(|| {
                format!("language {}: expected en (English), haw (ʻŌlelo Hawaiʻi) or nl (Nederlands)", quote(v))
            })?;
            Ok(())
        },
    },
    Key {
        name: "server",
        get: |s| s.server.clone(),
        set: |s, v| {
            s.server = check_server(v).map_err(|e| format!("server {}: {e}", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "window",
        get: |s| s.window.map(|w| w.text()).unwrap_or_default(),
        set: |s, v| {
            s.window = match v {
                "" => None,
                v => Some(WindowPlace::parse(v).ok_or_else(|| {
                    format!("window {}: expected a size such as 1280x800, or 1280x800 at 100,50", quote(v))
                })?),
            };
            Ok(())
        },
    },
    Key {
        name: "puzzles",
        get: |s| {
            (0..PUZZLE_BITS as usize)
                .filter(|i| s.puzzles_solved.contains(*i))
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        },
        set: |s, v| {
            let mut solved = PuzzleMarks::default();
            for n in v.split_whitespace() {
                match n.parse::<u32>() {
                    Ok(k) if (1..=PUZZLE_BITS).contains(&k) => solved.insert(k as usize - 1),
                    _ => {
                        return Err(format!(
                            "puzzles {}: expected the numbers of solved puzzles, 1 to {PUZZLE_BITS}",
                            quote(n)
                        ));
                    }
                }
            }
            s.puzzles_solved = solved;
            Ok(())
        },
    },
];

/// How many puzzles the settings can mark as solved (one bit each).
pub const PUZZLE_BITS: u32 = 512;

/// Which puzzles of the shipped book are solved, by place (0-based, below [`PUZZLE_BITS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleMarks([u64; PUZZLE_BITS as usize / 64]);

impl PuzzleMarks {
    /// Whether puzzle `i` is solved.
    pub fn contains(&self, i: usize) -> bool {
        i < PUZZLE_BITS as usize && self.0[i / 64] & (1 << (i % 64)) != 0
    }

    /// Marks puzzle `i` solved (a place past the end is ignored).
    pub fn insert(&mut self, i: usize) {
        if i < PUZZLE_BITS as usize {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }
}

/// How many lessons the tutorial has.
pub const LESSON_COUNT: usize = 8;

/// The default place: `$XDG_CONFIG_HOME/konane/settings.txt`, else `~/.config/konane/settings.txt`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("konane").join("settings.txt"))
}

/// The settings file, and what this run last agreed with it. Saving re-reads the file and
/// changes only the lines of the keys this run changed since, so two games open on one
/// profile keep each other's changes, and a line the player wrote is never lost.
#[derive(Resource, Clone, Debug)]
pub struct SettingsFile {
    /// The file.
    pub path: PathBuf,
    /// The settings this run and the file agree on; keys whose values differ from these are
    /// what this run changed.
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

/// Reads the file's bytes: `Ok(None)` when there is none; an error for anything else that
/// is not a readable regular file of a sane size.
fn read_file(path: &Path) -> Result<Option<Vec<u8>>, String> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        // Directories, FIFOs and devices are refused at once; so is a huge file.
        _ => crate::files::read_regular_bytes(path, MAX_FILE_BYTES).map(Some),
    }
}

impl SettingsFile {
    /// Reads `path` on top of `base`. A missing file is not an error; a file that cannot be
    /// read is reported and will not be written over.
    pub fn load(path: &Path, base: Settings) -> Loaded {
        let mut settings = base;
        let bytes = match read_file(path) {
            Ok(b) => b.unwrap_or_default(),
            Err(why) => {
                return Loaded {
                    file: SettingsFile { path: path.to_path_buf(), saved: settings.clone(), writable: false },
                    messages: vec![format!("{why}; settings will not be saved this time")],
                    settings,
                };
            }
        };
        let applied = settings.apply_lines(&bytes, MAX_REPORTED);
        let mut messages: Vec<String> =
            applied.errors.iter().map(|e| format!("{}: {e} (ignored)", path.display())).collect();
        if applied.bad_lines > MAX_REPORTED {
            messages.push(format!("{}: {} more bad lines ignored", path.display(), applied.bad_lines - MAX_REPORTED));
        }
        let file = SettingsFile { path: path.to_path_buf(), saved: settings.clone(), writable: true };
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

    /// The keys whose values `settings` changed since the file and this run last agreed.
    fn changed(&self, settings: &Settings) -> Vec<(&'static str, String)> {
        settings.entries().zip(self.saved.entries()).filter(|(new, old)| new.1 != old.1).map(|(new, _)| new).collect()
    }

    /// Writes the keys this run changed into the file as it is now, if any; afterwards the
    /// file agrees with `settings` on those keys. Returns whether it wrote.
    pub fn save(&mut self, settings: &Settings) -> Result<bool, String> {
        if !self.writable {
            return Ok(false);
        }
        let changed = self.changed(settings);
        if changed.is_empty() {
            return Ok(false);
        }
        // Another game on this profile may have written since: start from the file as it is.
        let current = read_file(&self.path)?.unwrap_or_default();
        let text = edited_text(&current, &changed);
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        crate::files::write_atomically(&self.path, &text)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))?;
        for (key, value) in changed {
            if let Some(k) = KEYS.iter().find(|k| k.name == key) {
                let _ = (k.set)(&mut self.saved, &value);
            }
        }
        Ok(true)
    }
}

/// `file` with the lines of the `changed` keys set to their new values (in place, keeping a
/// comment after the value) and keys it lacks appended. Every other byte stays: comments,
/// unknown keys, bad lines, the order, the line ends (`\n` or `\r\n`) and whether the last
/// line ends with one.
pub fn edited_text(file: &[u8], changed: &[(&str, String)]) -> Vec<u8> {
    let crlf = file.windows(2).any(|w| w == b"\r\n");
    let eol: &[u8] = if crlf { b"\r\n" } else { b"\n" };
    let ends_with_eol = file.is_empty() || file.ends_with(b"\n");
    let mut lines: Vec<Vec<u8>> = split_lines(file).map(<[u8]>::to_vec).collect();
    let keys = Settings::default().apply_lines(file, 0).keys;
    for (key, value) in changed {
        // The last valid line of a key is the one that applied: change it in place.
        match keys.iter().rev().find(|(_, k)| k == key).map(|(i, _)| *i) {
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
    let mut text = lines.join(eol);
    if ends_with_eol {
        text.extend_from_slice(eol);
    }
    text
}

/// A change to the settings. Only [`apply_edits`] applies them, in the order sent, so the
/// settings have one writer: the settings and setup screens, the M key, the tutorial's and the
/// puzzles' progress all send one of these.
#[derive(Message)]
pub struct EditSettings(Box<dyn FnOnce(&mut Settings) + Send + Sync>);

impl EditSettings {
    /// A change made by `edit`.
    pub fn new(edit: impl FnOnce(&mut Settings) + Send + Sync + 'static) -> EditSettings {
        EditSettings(Box::new(edit))
    }
}

/// How long after the last change the settings are written (a slider held down writes once).
pub const SAVE_DELAY: f32 = 0.4;

/// When the settings last changed and are not yet written.
#[derive(Resource, Default, Debug)]
struct SaveDue(Option<f32>);

/// Registers the one writer of the settings and their saving: written a moment after they
/// change (not on screen changes), and at once when the window closes or the game quits.
pub fn plugin(app: &mut App) {
    super::redraw::settle_on_resource::<Settings>(app);
    app.add_message::<EditSettings>()
        .add_message::<bevy::window::WindowCloseRequested>()
        .init_resource::<SaveDue>()
        .add_systems(Update, apply_edits.in_set(GameSet::Rules))
        .add_systems(Last, save_when_due);
}

/// Applies every change sent this frame; the only system that writes [`Settings`].
pub fn apply_edits(mut edits: ResMut<Messages<EditSettings>>, mut settings: ResMut<Settings>) {
    let edits: Vec<EditSettings> = edits.drain().collect();
    if edits.is_empty() {
        return;
    }
    let mut next = settings.clone();
    for EditSettings(edit) in edits {
        edit(&mut next);
    }
    // Unchanged values do not count as a change (nothing to save, nothing to redraw).
    settings.set_if_neq(next);
}

fn save_when_due(
    settings: Res<Settings>,
    file: Option<ResMut<SettingsFile>>,
    mut due: ResMut<SaveDue>,
    time: Res<Time<Real>>,
    mut exits: MessageReader<AppExit>,
    mut closing: MessageReader<bevy::window::WindowCloseRequested>,
    wake: Option<Res<super::redraw::Wake>>,
) {
    let Some(mut file) = file else { return };
    let now = time.elapsed_secs();
    if settings.is_changed() && !settings.is_added() {
        due.0 = Some(now + SAVE_DELAY);
        // Written then, even if nothing else happens by then.
        if let Some(wake) = &wake {
            wake.after_secs(SAVE_DELAY);
        }
    }
    let leaving = exits.read().count() + closing.read().count() > 0;
    if due.0.is_some_and(|at| now >= at) || (leaving && due.0.is_some()) {
        due.0 = None;
        if let Err(e) = file.save(&settings) {
            warn!("settings not saved: {e}");
        }
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
            music: 0.25,
            music_in_background: true,
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
        assert!(errors[0].contains("(10000 bytes)"), "{}", errors[0]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn saving_keeps_the_file_s_line_ends_and_its_last_line_as_they_were() {
        let dir = temp_dir("crlf");
        let path = dir.join("settings.txt");
        // Windows line ends, and no line end after the last line.
        let original: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = lava";
        std::fs::write(&path, original).unwrap();
        let loaded = SettingsFile::load(&path, Settings::default());
        let mut file = loaded.file;
        let s = Settings { theme: Theme::Wood, coordinates: false, ..loaded.settings };
        assert!(file.save(&s).unwrap());
        let expected: &[u8] = b"# mine\r\nvolume = 50\r\ntheme = wood\r\ncoordinates = off";
        assert_eq!(std::fs::read(&path).unwrap(), expected);
        // A plain file with a final newline keeps it.
        std::fs::write(&path, "volume = 50\n").unwrap();
        let loaded = SettingsFile::load(&path, Settings::default());
        let mut file = loaded.file;
        assert!(file.save(&Settings { volume: 0.6, ..loaded.settings }).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "volume = 60\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn two_games_on_one_profile_keep_each_other_s_changes() {
        let dir = temp_dir("two");
        let path = dir.join("settings.txt");
        std::fs::write(&path, "# shared\nvolume = 80\n").unwrap();
        let a = SettingsFile::load(&path, Settings::default());
        let b = SettingsFile::load(&path, Settings::default());
        let (mut fa, mut fb) = (a.file, b.file);
        // A sets the volume to 70 and saves; B, which read the file before, sets the theme.
        assert!(fa.save(&Settings { volume: 0.7, ..a.settings.clone() }).unwrap());
        assert!(fb.save(&Settings { theme: Theme::Wood, ..b.settings.clone() }).unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "# shared\nvolume = 70\ntheme = wood\n");
        // B saving again, with nothing new of its own, leaves A's volume alone.
        assert!(!fb.save(&Settings { theme: Theme::Wood, ..b.settings }).unwrap());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unknown_key_is_answered_with_every_key_there_is() {
        let mut s = Settings::default();
        let errors = s.apply_text("palette = dark\n");
        for key in KEYS.iter().map(|k| k.name) {
            assert!(errors[0].contains(key), "{key} missing from: {}", errors[0]);
        }
        // And every key the file writes, it reads back.
        let mut back = Settings::default();
        let text: String = KEYS.iter().map(|k| format!("{} = {}\n", k.name, (k.get)(&s))).collect();
        assert!(back.apply_text(&text).is_empty(), "{text}");
    }

    #[test]
    fn the_window_s_place_and_the_quick_game_are_kept() {
        let s = Settings {
            window: Some(WindowPlace { size: (1000, 700), at: Some(bevy::math::IVec2::new(-20, 40)) }),
            level: Level::Strong,
            colour: Side::White,
            ..Settings::default()
        };
        let mut back = Settings::default();
        assert!(back.apply_text(&s.to_text()).is_empty());
        assert_eq!(back, s);
        let errors = back.apply_text("window = huge\nlevel = god\ncolour = red\n");
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert_eq!(back, s, "bad values change nothing");
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
