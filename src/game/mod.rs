//! The Bevy game: one plugin per feature, assembled here.
//!
//! Data flows one way: input (mouse, touch, keys, pad, script, AI) → intent messages →
//! the [`play::authority::Rules`] resource validates and applies them → "applied" messages → board,
//! animation, markers, sound and UI react.

pub mod audio;
pub mod board;
pub mod menus;
pub mod modes;
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
        audio::cues_plugin,
        play::score::plugin,
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
    app.add_plugins((board::view::board_plugin, board::anim::plugin, board::markers::plugin));
}

/// Opens the window and runs the game until it is closed. Returns the process exit code.
pub fn run(args: GameArgs) -> i32 {
    // Messages before the window opens go through `console::err`, which cannot panic on a
    // full or closed stderr (a failure to print leaves exit status 2 to say it).
    let say = |m: &str| {
        let _ = crate::console::err(format_args!("konane: {m}\n"));
    };
    // The files named on the command line, before the window: a script that cannot be read,
    // or a frame log that could not be written when the run ends, is found now.
    let script = match &args.script {
        Some(path) => match script::Script::load(path) {
            Ok(s) => Some(s),
            Err(e) => {
                say(&e);
                return 2;
            }
        },
        None => None,
    };
    if let Some(path) = &args.frame_log
        && let Err(e) = crate::files::check_writable(path)
    {
        say(&format!("--frame-log: {e}"));
        return 2;
    }
    if script.is_some() {
        let dir = args.screenshot_dir.clone().unwrap_or_else(|| std::path::PathBuf::from("screenshots"));
        let checked = std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", crate::files::show_path(&dir)))
            .and_then(|()| crate::files::check_writable(&dir.join("screenshot.png")));
        if let Err(e) = checked {
            say(&format!("--screenshot-dir: {e}"));
            return 2;
        }
    }
    // A display and a GPU, before winit and the renderer would panic without them.
    if !crate::display::x_display_reachable() {
        say(crate::display::NO_DISPLAY);
        return 2;
    }
    if let Some(missing) = crate::display::vulkan_missing() {
        say(&missing);
        return 2;
    }
    // Saved settings first (scripted runs keep none unless asked, so they stay reproducible),
    // then the command line on top; the command line's values are not saved unless changed.
    let settings_path =
        args.settings.clone().or_else(|| if args.script.is_none() { platform::settings::default_path() } else { None });
    let (settings, settings_file) = match &settings_path {
        Some(path) => {
            // The first launch (no language saved yet) speaks the system's language.
            let base = Settings { language: platform::i18n::Lang::from_env(), ..Settings::default() };
            let loaded = platform::settings::SettingsFile::load(path, base);
            for m in &loaded.messages {
                say(m);
            }
            let settings = loaded.settings.with_args(&args);
            let mut file = loaded.file;
            file.agree(&settings);
            (settings, Some(file))
        }
        None => (Settings::default().with_args(&args), None),
    };
    let mut app = App::new();
    app.insert_resource(play::engine_job::YieldToRenderer)
        .insert_resource(settings)
        .insert_resource(ClearColor(Color::srgb(0.05, 0.10, 0.14)))
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Kōnane".into(),
                        resolution: {
                            let (w, h) = args.window_size.unwrap_or(platform::window::DEFAULT_SIZE);
                            WindowResolution::new(w, h)
                        },
                        // Shown once it has been fitted to the monitor (see `window`).
                        visible: false,
                        ..default()
                    }),
                    ..default()
                })
                .set(bevy::log::LogPlugin {
                    level: bevy::log::Level::WARN,
                    // A scripted run logs each step, so a run that stops short shows where.
                    filter: format!("{},konane::game::script=info", bevy::log::DEFAULT_FILTER),
                    ..default()
                }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default());
    core_plugin(&mut app);
    app.insert_resource(platform::window::AskedSize(args.window_size));
    app.add_plugins((
        platform::window::plugin,
        board::view::camera_plugin,
        board_plugins,
        board::title_art::plugin,
        board::input::device_plugin,
        audio::plugin,
        ui::plugin,
    ));
    if let Some(file) = settings_file {
        app.insert_resource(file);
    }
    let data_dir =
        args.data_dir.clone().or_else(|| if args.script.is_none() { modes::saves::default_data_dir() } else { None });
    if let Some(dir) = data_dir {
        app.insert_resource(modes::saves::Profile::lock(&dir));
        app.insert_resource(modes::saves::DataDir(dir));
    }
    if args.resume {
        app.add_systems(Startup, |mut resume: MessageWriter<modes::saves::ContinueGame>| {
            resume.write(modes::saves::ContinueGame);
        });
    } else if args.start || script.is_some() {
        app.add_systems(Startup, |mut goto: MessageWriter<play::screen::GoTo>| {
            goto.write(play::screen::GoTo(Screen::Game));
        });
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
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get().into(),
    }
}
