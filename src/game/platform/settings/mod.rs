//! The player's settings, and the small TOML file that keeps them between runs.
//!
//! ```toml
//! size = "8x8"
//! black = "human"
//! white = "medium"
//! speed = 1
//! coordinates = true
//! keys-undo = ["U", "Ctrl+Z"]
//! ```
//!
//! Nothing the player wrote is ever lost: loading never fails as a whole (a bad key or value
//! is reported and skipped, the others still apply; a file that is not TOML is read line by
//! line, kept as it was beside the new one and rewritten as TOML), a file that could not be
//! read is never written over, and saving changes only the values that changed (through
//! `toml_edit`: comments, unknown keys, spacing and order stay), appends new keys, keeps the
//! file's permissions, writes through a symlink to its target, and replaces the file
//! atomically. An older release's `settings.txt` is read once into `settings.toml` and left as
//! it was.

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

mod document;
mod file;
mod keys;
mod legacy;
#[cfg(test)]
mod tests;

pub use file::{Loaded, SettingsFile, default_path};
pub use keys::PuzzleMarks;
use keys::{KEYS, quote};

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
    /// The named opponent of "Play vs computer" (none: the computer at the plain level).
    pub opponent: Option<crate::ai::Persona>,
    /// What the friendly rival has learned of this player: its handicap (evaluation points it
    /// lets go per move), carried from game to game; negative before the first game (then a
    /// guess from the player's rating).
    pub rival_handicap: f64,
    /// The colour you play in Play vs computer.
    pub colour: Side,
    /// Animation speed multiplier, 0 (instant) to [`crate::game::platform::args::MAX_SPEED`].
    pub anim_speed: f32,
    /// Show coordinates along the board edges.
    pub coordinates: bool,
    /// Games hosted online are private: watchers need a separate watch code.
    pub online_private: bool,
    /// The time control of games hosted online.
    pub online_clock: crate::online::protocol::TimeControl,
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
    /// The computer pauses before its move as if thinking (longer when the choice is hard).
    pub thinking_pause: bool,
    /// When the coach comments on your mistakes.
    pub coach: CoachMode,
    /// Size of the interface's text and buttons, 0.75 to 2.
    pub ui_scale: f32,
    /// Tutorial lessons passed so far (the tutorial resumes after them).
    pub tutorial: u8,
    /// The interface's language.
    pub language: Lang,
    /// Puzzles solved, by their identifiers.
    pub puzzles_solved: PuzzleMarks,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Smallest time (seconds of game time) the AI's reply takes, so it reads as a move.
    pub ai_min_delay: f32,
    /// The window's last size and place, restored when they still fit the screen.
    pub window: Option<WindowPlace>,
    /// The online game server (`tls://host:port`, `tls://host:port#FINGERPRINT` or `host:port`);
    /// empty: this network (the game hosts itself and
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
            opponent: None,
            rival_handicap: -1.0,
            colour: Side::Black,
            anim_speed: 1.0,
            coordinates: true,
            online_private: false,
            online_clock: crate::online::protocol::TimeControl::Untimed,
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
            thinking_pause: true,
            coach: CoachMode::Auto,
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

/// When the coach speaks (see `play::coach`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CoachMode {
    /// Against Beginner and Easy.
    #[default]
    Auto,
    /// In every game against the computer.
    On,
    /// Never.
    Off,
}

impl CoachMode {
    /// Every mode, in the order the setting steps through them.
    pub const ALL: [CoachMode; 3] = [CoachMode::Auto, CoachMode::On, CoachMode::Off];

    /// The word in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            CoachMode::Auto => "auto",
            CoachMode::On => "on",
            CoachMode::Off => "off",
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

    /// The whole text of a fresh settings file (TOML).
    pub fn to_text(&self) -> String {
        let entries: Vec<(&str, String)> = self.entries().collect();
        document::edited("", &entries).expect("a fresh document takes every key")
    }

    /// Applies one key's value (its text form: `on`, `80`, `U, Ctrl+Z`); returns the key.
    fn apply_entry(&mut self, key: &str, value: &str) -> Result<&'static str, String> {
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

    /// Applies settings text (TOML) on top of `self`; returns one message per bad key (those
    /// change nothing), or the syntax error that kept the text from being read at all.
    pub fn apply_text(&mut self, text: &str) -> Vec<String> {
        match document::parse(text) {
            Ok(doc) => document::apply_document(self, &doc, usize::MAX).errors,
            Err(e) => vec![e],
        }
    }
}

/// Smallest and largest interface scale.
pub const MIN_UI_SCALE: f32 = 0.75;
/// Largest interface scale.
pub const MAX_UI_SCALE: f32 = 2.0;

/// At most this many bad lines are reported one by one; the rest are counted.
const MAX_REPORTED: usize = 20;
/// Settings files larger than this are not read (and so never written over).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// How many lessons the tutorial has.
pub const LESSON_COUNT: usize = 8;

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
