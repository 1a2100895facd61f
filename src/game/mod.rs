//! The Bevy game: one plugin per feature, assembled here.
//!
//! Data flows one way: input (mouse, touch, keys, pad, script, AI) → intent messages →
//! the [`play::authority::Rules`] resource validates and applies them → "applied" messages → board,
//! animation, markers, sound and UI react.

pub mod audio;
pub mod board;
pub mod menus;
pub mod modes;
pub mod music;
pub mod platform;
pub mod play;
pub mod script;
pub mod sets;
pub mod setup;
pub mod ui;

pub use platform::args::GameArgs;
pub use platform::settings::{Controller, Settings};
pub use play::screen::{Screen, Turn};
pub use sets::GameSet;

use bevy::prelude::*;
use bevy::window::WindowResolution;

/// The plugins that need no renderer: states, rules, turn logic, AI and input interpretation.
/// Headless tests run these on `MinimalPlugins` (with `StatesPlugin`).
pub fn core_plugin(app: &mut App) {
    if !app.world().contains_resource::<Settings>() {
        app.init_resource::<Settings>();
    }
    // The words follow the language the settings choose.
    // Without a window nothing wakes: headless runs drive their own frames (and nothing reads
    // the requests for one, registered here so the systems that write them run anywhere).
    app.init_resource::<platform::redraw::Wake>().add_message::<bevy::window::RequestRedraw>();
    let lang = app.world().resource::<Settings>().language;
    app.insert_resource(platform::i18n::Tr::new(lang)).add_systems(PreUpdate, follow_language);
    app.add_plugins((
        play::screen::plugin,
        platform::settings::plugin,
        play::authority::plugin,
        play::ai_task::plugin,
        board::input::interaction_plugin,
        platform::clipboard::plugin,
        modes::saves::plugin,
        menus::plugin,
        modes::tutorial::plugin,
        modes::puzzles::plugin,
        modes::analysis::plugin,
        modes::online::plugin,
        audio::cues_plugin,
        play::score::plugin,
        (modes::history::plugin, play::spoken::plugin, play::quips::plugin, play::coach::plugin),
    ));
}

fn follow_language(settings: Res<Settings>, mut tr: ResMut<platform::i18n::Tr>) {
    if settings.is_changed() && tr.lang() != settings.language {
        tr.set_lang(settings.language);
    }
}

/// The board, its animations and marks; needs image assets but no window (headless tests add
/// `AssetPlugin` and `ImagePlugin`).
pub fn board_plugins(app: &mut App) {
    app.add_message::<bevy::window::RequestRedraw>();
    app.add_plugins((board::view::board_plugin, board::anim::plugin, board::markers::plugin));
}

/// Opens the window and runs the game until it is closed. Returns the process exit code.
pub fn run(args: GameArgs) -> i32 {
    let launched = script::launch_instant();
    // Messages before the window opens go through `console::err`, which cannot panic on a
    // full or closed stderr (a failure to print leaves exit status 2 to say it).
    let say = |m: &str| {
        let _ = crate::console::err(format_args!("konane: {m}\n"));
    };
    let script = match before_window(&args) {
        Ok(script) => script,
        Err(e) => {
            say(&e);
            return 2;
        }
    };
    let files = run_files(&args, platform::settings::default_path, modes::saves::default_data_dir);
    let (settings, settings_file) = load_settings(&args, files.settings.as_deref(), &say);
    let mut app = window_app(&args, settings);
    if let Some(file) = settings_file {
        app.insert_resource(file);
    }
    if let Some(dir) = files.data_dir {
        app.insert_resource(modes::saves::Profile::lock(&dir));
        app.insert_resource(modes::saves::DataDir(dir));
    }
    match opening(&args, script.is_some()) {
        Opening::Title => {}
        Opening::Resume => {
            _ = app.add_systems(Startup, |mut resume: MessageWriter<modes::saves::ContinueGame>| {
                resume.write(modes::saves::ContinueGame);
            })
        }
        Opening::Game => {
            _ = app.add_systems(
                Startup,
                |mut games: MessageWriter<play::authority::GameChange>, settings: Res<platform::settings::Settings>| {
                    games.write(play::authority::GameChange::fresh(settings.custom_setup()));
                },
            )
        }
    }
    if let Some(s) = script {
        app.insert_resource(s);
        app.insert_resource(script::ScreenshotDir(files.screenshots));
        app.add_plugins(script::plugin);
    }
    if let Some(path) = &args.frame_log {
        app.insert_resource(script::FrameLog::new(path.clone()));
        app.add_plugins(script::frame_log_plugin);
    }
    if let Some(path) = &args.startup_log {
        app.insert_resource(script::StartupLog::new(path.clone(), launched));
        app.add_plugins(script::startup_log_plugin);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get().into(),
    }
}

/// What must hold before the window opens, checked in this order: the script named on the
/// command line can be read (it is returned), the frame log and the screenshots can be
/// written, and there is a display and a GPU (winit and the renderer would panic without).
fn before_window(args: &GameArgs) -> Result<Option<script::Script>, String> {
    let script = args.script.as_deref().map(script::Script::load).transpose()?;
    if let Some(path) = &args.frame_log {
        crate::files::check_writable(path).map_err(|e| format!("--frame-log: {e}"))?;
    }
    if let Some(path) = &args.startup_log {
        crate::files::check_writable(path).map_err(|e| format!("--startup-log: {e}"))?;
    }
    if script.is_some() {
        let dir = screenshot_dir(args);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", crate::files::show_path(&dir)))
            .and_then(|()| crate::files::check_writable(&dir.join("screenshot.png")))
            .map_err(|e| format!("--screenshot-dir: {e}"))?;
    }
    if !crate::display::x_display_reachable() {
        return Err(crate::display::NO_DISPLAY.into());
    }
    match crate::display::vulkan_missing() {
        Some(missing) => Err(missing),
        None => Ok(script),
    }
}

/// Where a scripted run writes its screenshots.
fn screenshot_dir(args: &GameArgs) -> std::path::PathBuf {
    args.screenshot_dir.clone().unwrap_or_else(|| std::path::PathBuf::from("screenshots"))
}

/// The files a run keeps.
#[derive(Debug, PartialEq)]
struct RunFiles {
    /// The settings file, if the settings are kept.
    settings: Option<std::path::PathBuf>,
    /// The saved games' directory, if games are kept.
    data_dir: Option<std::path::PathBuf>,
    /// Where a script's screenshots go.
    screenshots: std::path::PathBuf,
}

/// Where a run keeps its settings and games: where the command line says, else the usual
/// places (asked of `default_settings` and `default_data`) — except that a scripted run keeps
/// none unless told, so it stays reproducible.
fn run_files(
    args: &GameArgs,
    default_settings: impl FnOnce() -> Option<std::path::PathBuf>,
    default_data: impl FnOnce() -> Option<std::path::PathBuf>,
) -> RunFiles {
    let scripted = args.script.is_some();
    RunFiles {
        settings: args.settings.clone().or_else(|| if scripted { None } else { default_settings() }),
        data_dir: args.data_dir.clone().or_else(|| if scripted { None } else { default_data() }),
        screenshots: screenshot_dir(args),
    }
}

/// Saved settings first, then the command line on top; the command line's values are not
/// saved unless changed. Messages about the file are said.
fn load_settings(
    args: &GameArgs,
    path: Option<&std::path::Path>,
    say: &dyn Fn(&str),
) -> (Settings, Option<platform::settings::SettingsFile>) {
    let Some(path) = path else { return (Settings::default().with_args(args), None) };
    // The first launch (no language saved yet) speaks the system's language.
    let base = Settings { language: platform::i18n::Lang::from_env(), ..Settings::default() };
    let loaded = platform::settings::SettingsFile::load(path, base);
    for m in &loaded.messages {
        say(m);
    }
    let settings = loaded.settings.with_args(args);
    let mut file = loaded.file;
    file.agree(&settings);
    (settings, Some(file))
}

/// What the window shows first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opening {
    /// The title screen.
    Title,
    /// The unfinished saved game, continued (`--continue`).
    Resume,
    /// A game (`--start`, or a script).
    Game,
}

/// What the window shows first, from the command line.
fn opening(args: &GameArgs, scripted: bool) -> Opening {
    if args.resume {
        Opening::Resume
    } else if args.start || scripted {
        Opening::Game
    } else {
        Opening::Title
    }
}

/// The app with the window (hidden until fitted to the monitor), logging, egui and every
/// plugin of the game.
fn window_app(args: &GameArgs, settings: Settings) -> App {
    let (w, h) = args.window_size.unwrap_or(platform::window::DEFAULT_SIZE);
    let window = Window {
        title: "Kōnane".into(),
        // WM_CLASS on X11, matched by the desktop entry's StartupWMClass.
        name: Some("konane".into()),
        resolution: WindowResolution::new(w, h),
        // Shown once it has been fitted to the monitor (see `window`).
        visible: false,
        ..default()
    };
    let log = bevy::log::LogPlugin {
        level: bevy::log::Level::WARN,
        // A scripted run logs each step, so a run that stops short shows where.
        filter: format!("{},konane::game::script=info", bevy::log::DEFAULT_FILTER),
        ..default()
    };
    let mut app = App::new();
    app.insert_resource(play::engine_job::YieldToRenderer)
        .insert_resource(settings)
        .insert_resource(ClearColor(Color::srgb(0.05, 0.10, 0.14)))
        .add_plugins(DefaultPlugins.set(WindowPlugin { primary_window: Some(window), ..default() }).set(log))
        .add_plugins(bevy_egui::EguiPlugin::default());
    core_plugin(&mut app);
    app.insert_resource(platform::window::AskedSize(args.window_size));
    // Frames only when something changes (a scripted run drives its own, see `script`).
    platform::window::watch_renderer(&mut app);
    app.add_plugins(platform::redraw::plugin);
    app.add_plugins((
        platform::window::plugin,
        platform::access::plugin,
        platform::x11::plugin,
        board::view::camera_plugin,
        board_plugins,
        board::title_art::plugin,
        board::input::device_plugin,
        audio::plugin,
        music::plugin,
        ui::plugin,
    ));
    app
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn a_scripted_run_keeps_no_settings_or_games_unless_told_where() {
        let home = || Some(PathBuf::from("/home/settings.toml"));
        let data = || Some(PathBuf::from("/home/data"));
        let plain = run_files(&GameArgs::default(), home, data);
        assert_eq!((plain.settings, plain.data_dir), (home(), data()));
        let scripted = GameArgs { script: Some("run.txt".into()), ..GameArgs::default() };
        let files = run_files(&scripted, home, data);
        assert_eq!((files.settings, files.data_dir), (None, None));
        assert_eq!(files.screenshots, PathBuf::from("screenshots"));
        let told = GameArgs { data_dir: Some("/tmp/d".into()), settings: Some("/tmp/s".into()), ..scripted };
        let files = run_files(&told, home, data);
        assert_eq!((files.settings, files.data_dir), (Some("/tmp/s".into()), Some("/tmp/d".into())));
    }

    #[test]
    fn the_window_opens_on_the_title_unless_asked_to_play_or_continue() {
        assert_eq!(opening(&GameArgs::default(), false), Opening::Title);
        assert_eq!(opening(&GameArgs::default(), true), Opening::Game);
        assert_eq!(opening(&GameArgs { start: true, ..GameArgs::default() }, false), Opening::Game);
        assert_eq!(opening(&GameArgs { resume: true, start: true, ..GameArgs::default() }, true), Opening::Resume);
    }
}
