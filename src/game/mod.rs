//! The Bevy game: one plugin per feature, assembled here.
//!
//! Data flows one way: input (mouse, touch, keys, pad, script, AI) → intent messages →
//! the [`rules::Rules`] resource validates and applies them → "applied" messages → view,
//! animation, sound and UI react.

pub mod ai_task;
pub mod anim;
pub mod audio;
pub mod input;
pub mod rules;
pub mod script;
pub mod settings_file;
pub mod textures;
pub mod ui;
pub mod view;

use crate::ai::Level;
use crate::cli::GameArgs;
use crate::rules::{Color as Side, Geometry};
use bevy::prelude::*;
use bevy::window::WindowResolution;

/// Top-level screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Menu: board size, players, level.
    #[default]
    Title,
    /// Playing.
    Game,
}

/// Whose turn it is, within the game screen.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game)]
pub enum Turn {
    /// A human picks a move.
    #[default]
    Human,
    /// The AI searches on the task pool.
    AiThinking,
    /// A move is being shown; input waits.
    Animating,
    /// Someone won; the board stays for review.
    Over,
}

/// The ordered stages of a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Devices, script and AI produce intents.
    Input,
    /// Intents are validated and applied.
    Rules,
    /// View, animation, sound and UI react.
    Presentation,
}

/// Who controls a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person at this screen.
    Human,
    /// The AI at a level.
    Ai(Level),
}

/// Player and presentation settings, edited on the title screen.
#[derive(Resource, Clone, Debug)]
pub struct Settings {
    /// Board size of the next game.
    pub size: Geometry,
    /// Controllers of Black and White.
    pub players: [Controller; 2],
    /// Animation speed multiplier; 0 means instant.
    pub anim_speed: f32,
    /// Show coordinates along the board edges.
    pub coordinates: bool,
    /// Seed for the AI's random choices.
    pub seed: u64,
    /// Smallest time the AI's reply takes, so it reads as a move.
    pub ai_min_delay: f32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: Geometry::new(8, 8).expect("8x8 is valid"),
            players: [Controller::Human, Controller::Ai(Level::Medium)],
            anim_speed: 1.0,
            coordinates: true,
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

    /// A board the game offers (4x4 to 20x20; the rules allow smaller ones).
    pub fn check_board(g: Geometry) -> Result<Geometry, String> {
        if g.rows() < 4 || g.cols() < 4 {
            Err(format!("{}x{}: the game offers boards from 4x4 to 20x20", g.rows(), g.cols()))
        } else {
            Ok(g)
        }
    }

    /// An animation speed the game offers (0 = instant, up to 20).
    pub fn check_speed(a: f32) -> Result<f32, String> {
        if (0.0..=20.0).contains(&a) { Ok(a) } else { Err(format!("{a}: expected 0 (instant) to 20")) }
    }

    /// Applies command-line options on top of `s` (defaults or the saved settings).
    pub fn with_args(mut self, args: &GameArgs) -> Result<Settings, String> {
        let s = &mut self;
        if let Some(g) = args.size {
            s.size = Settings::check_board(g).map_err(|e| format!("--size {e}"))?;
        }
        let saved_level = s.players.iter().find_map(|c| match c {
            Controller::Ai(l) => Some(*l),
            Controller::Human => None,
        });
        let level = args.level.or(saved_level).unwrap_or(Level::Medium);
        match args.mode.as_deref() {
            Some(mode) => {
                s.players = match mode {
                    "human-ai" => [Controller::Human, Controller::Ai(level)],
                    "ai-human" => [Controller::Ai(level), Controller::Human],
                    "human-human" => [Controller::Human, Controller::Human],
                    "ai-ai" => [Controller::Ai(level), Controller::Ai(level)],
                    other => {
                        return Err(format!("--mode {other}: expected human-ai, ai-human, human-human or ai-ai"));
                    }
                }
            }
            // A level alone re-levels whichever colours the AI plays.
            None => {
                if let Some(l) = args.level {
                    for c in s.players.iter_mut() {
                        if let Controller::Ai(_) = c {
                            *c = Controller::Ai(l);
                        }
                    }
                }
            }
        }
        if let Some(a) = args.anim_speed {
            s.anim_speed = Settings::check_speed(a).map_err(|e| format!("--anim-speed {e}"))?;
        }
        if let Some(seed) = args.seed {
            s.seed = seed;
        }
        Ok(self)
    }
}

/// The plugins that need no renderer: states, rules, turn logic, AI and the script driver.
/// Headless tests run these on `MinimalPlugins`.
pub fn core_plugin(app: &mut App) {
    app.add_sub_state::<Turn>()
        .configure_sets(Update, (GameSet::Input, GameSet::Rules, GameSet::Presentation).chain())
        .add_plugins((rules::plugin, ai_task::plugin, input::interaction_plugin));
    if !app.world().contains_resource::<Settings>() {
        app.init_resource::<Settings>();
    }
    app.init_state::<Screen>();
}

/// Opens the window and runs the game until it is closed.
pub fn run(args: GameArgs) {
    // Saved settings first (scripted runs keep none unless asked, so they stay reproducible),
    // then the command line on top.
    let settings_path =
        args.settings.clone().or_else(|| if args.script.is_none() { settings_file::default_path() } else { None });
    let mut saved = Settings::default();
    if let Some(path) = &settings_path {
        for e in saved.load_file(path) {
            eprintln!("konane: {e} (ignored)");
        }
    }
    let settings = match saved.with_args(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("konane: {e}");
            std::process::exit(2);
        }
    };
    let script = match &args.script {
        Some(path) => match script::Script::load(path) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("konane: {e}");
                std::process::exit(2);
            }
        },
        None => None,
    };
    let startup_text = settings.to_text();
    let mut app = App::new();
    app.insert_resource(settings)
        .insert_resource(ClearColor(Color::srgb(0.05, 0.10, 0.14)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Kōnane".into(),
                        resolution: WindowResolution::new(1280, 800),
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin { level: bevy::log::Level::WARN, ..default() }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default());
    core_plugin(&mut app);
    app.add_plugins((view::plugin, anim::plugin, input::device_plugin, audio::plugin, ui::plugin));
    if let Some(path) = settings_path {
        app.insert_resource(settings_file::SettingsPath { path, last: startup_text });
        app.add_plugins(settings_file::plugin);
    }
    if args.start || script.is_some() {
        app.add_systems(Startup, |mut next: ResMut<NextState<Screen>>| next.set(Screen::Game));
    }
    if let Some(s) = script {
        app.insert_resource(s);
        app.insert_resource(script::ScreenshotDir(
            args.screenshot_dir.clone().unwrap_or_else(|| std::path::PathBuf::from("screenshots")),
        ));
        app.add_plugins(script::plugin);
    }
    if let Some(path) = &args.frame_log {
        app.insert_resource(script::FrameLog::new(path.clone()));
        app.add_plugins(script::frame_log_plugin);
    }
    app.run();
}
