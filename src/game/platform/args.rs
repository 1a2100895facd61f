//! The game window's command-line options.

use crate::ai::Level;
use crate::rules::{Geometry, parse_size};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// Who plays which colour.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// You play Black against the computer.
    HumanAi,
    /// The computer plays Black, you White.
    AiHuman,
    /// Two people at one screen.
    HumanHuman,
    /// Watch the computer play itself.
    AiAi,
}

/// Options for the game window.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Board size for the first game, 4x4 to 20x20, e.g. 8x8, 9x13, 13x20.
    #[arg(long, value_parser = board_size, allow_hyphen_values = true)]
    pub size: Option<Geometry>,
    /// Who plays.
    #[arg(long, value_enum)]
    pub mode: Option<Mode>,
    /// AI level: beginner, easy, medium, hard, strong or expert.
    #[arg(long)]
    pub level: Option<Level>,
    /// Skip the title screen and start playing at once.
    #[arg(long)]
    pub start: bool,
    /// Run a script of intents (one per line) for end-to-end tests; implies --start.
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// Directory for screenshots and marker files of a script.
    #[arg(long)]
    pub screenshot_dir: Option<PathBuf>,
    /// Animation speed, 0 (instant) to 4.
    #[arg(long, value_parser = anim_speed, allow_hyphen_values = true)]
    pub anim_speed: Option<f32>,
    /// Board look: lava (carved lava rock, basalt and coral) or wood (monkeypod, polished stones).
    #[arg(long, value_enum)]
    pub theme: Option<Theme>,
    /// Random seed for the AI.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Log main-thread frame times to this file (one millisecond value per line).
    #[arg(long)]
    pub frame_log: Option<PathBuf>,
    /// Write how long the start took to this file: milliseconds from launch to the first
    /// frame that shows the title drawn whole, and to the first frame after which the game
    /// answers input at once (three frames in a row under 100 ms).
    #[arg(long)]
    pub startup_log: Option<PathBuf>,
    /// Keep saved games (the unfinished game, for Continue) in this directory (default
    /// `~/.local/share/konane`, or under `$XDG_DATA_HOME`; scripted runs keep none unless this
    /// is given).
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
    /// The online game server (kept in the settings as `server`): tls://host:port for an
    /// encrypted line (tls://host:port#FINGERPRINT for a server with a certificate of its own
    /// making), host:port for one that is not; without one, online games are hosted by the game
    /// itself and found on the local network.
    #[arg(long, value_parser = server_address)]
    pub server: Option<String>,
    /// Continue the unfinished saved game at once.
    #[arg(long = "continue")]
    pub resume: bool,
    /// Window size in logical pixels, e.g. 1280x800, 800x600 or 600x900 (shrunk if larger than
    /// the screen). Without it: the last size if it still fits, else 1280x800 or less, to fit.
    #[arg(long, value_parser = window_size)]
    pub window_size: Option<(u32, u32)>,
    /// Keep the player's settings in this file (TOML; default `~/.config/konane/settings.toml`;
    /// scripted runs keep none unless this is given). Options given here win over it.
    #[arg(long)]
    pub settings: Option<PathBuf>,
    /// The interface's language: en (English), haw (ʻŌlelo Hawaiʻi) or nl (Nederlands).
    /// Without it the saved choice is used; on the first launch, the system's locale.
    #[arg(long, value_enum)]
    pub lang: Option<crate::game::platform::i18n::Lang>,
}

/// Smallest board the game offers on each side.
pub const MIN_BOARD: u8 = 4;

fn server_address(v: &str) -> Result<String, String> {
    check_server(v)
}

/// A server address as the settings keep it: empty (this network), `host:port` (not
/// encrypted), `tls://host:port` or `tls://host:port#FINGERPRINT` (encrypted).
pub fn check_server(v: &str) -> Result<String, String> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(String::new());
    }
    crate::online::tls::Endpoint::parse(v).map(|e| e.to_string()).map_err(|e| {
        format!("{e}; expected tls://host:port (encrypted), host:port (not encrypted), or nothing for this network")
    })
}
/// Largest animation speed; 0 is instant.
pub const MAX_SPEED: f32 = 4.0;

/// A board the game offers: 4x4 to 20x20 (the rules allow smaller ones).
pub fn check_board(g: Geometry) -> Result<Geometry, String> {
    if g.rows() < MIN_BOARD || g.cols() < MIN_BOARD {
        let most = crate::rules::position::MAX_DIM;
        Err(format!(
            "{}x{} is out of range: the game offers boards from {MIN_BOARD}x{MIN_BOARD} to {most}x{most}",
            g.rows(),
            g.cols()
        ))
    } else {
        Ok(g)
    }
}

/// An animation speed the game offers: 0 (instant) to 4, the same range as the settings slider.
pub fn check_speed(a: f32) -> Result<f32, String> {
    if (0.0..=MAX_SPEED).contains(&a) {
        Ok(a)
    } else {
        Err(format!("{a} is out of range: expected 0 (instant) to {MAX_SPEED}"))
    }
}

fn board_size(s: &str) -> Result<Geometry, String> {
    check_board(parse_size(s)?)
}

fn window_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || {
        format!(
            "'{}' is not a window size: expected WIDTHxHEIGHT, each 320 to 8192",
            s.chars().take(40).collect::<String>()
        )
    };
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    match (w.trim().parse::<u32>(), h.trim().parse::<u32>()) {
        (Ok(w), Ok(h)) if (320..=8192).contains(&w) && (320..=8192).contains(&h) => Ok((w, h)),
        _ => Err(bad()),
    }
}

fn anim_speed(s: &str) -> Result<f32, String> {
    let v: f32 = s.trim().parse().map_err(|_| "expected a number from 0 (instant) to 4".to_string())?;
    check_speed(v)
}

/// How the board and its surroundings look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, ValueEnum)]
pub enum Theme {
    /// A carved lava-rock papamū with basalt and coral stones.
    #[default]
    Lava,
    /// A monkeypod-wood board with polished stones.
    Wood,
    /// High contrast: black and white stones on a near-black slab, strong marks.
    Contrast,
}

impl Theme {
    /// Every theme, in the order settings step through them.
    pub const ALL: [Theme; 3] = [Theme::Lava, Theme::Wood, Theme::Contrast];

    /// Its name in the settings file and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Lava => "lava",
            Theme::Wood => "wood",
            Theme::Contrast => "contrast",
        }
    }

    /// The message key of its name for people.
    pub fn key(self) -> &'static str {
        match self {
            Theme::Lava => "theme-lava",
            Theme::Wood => "theme-wood",
            Theme::Contrast => "theme-contrast",
        }
    }
}
