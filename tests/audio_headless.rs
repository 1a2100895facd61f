//! Sound in a headless `App` with Bevy's audio plugin and no audio device (as on CI): cues
//! never pile up as entities, muting stops new sounds, and the ambience comes and goes with its
//! setting.

use bevy::audio::AudioPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use konane::game::audio::{Ambience, MAX_VOICES, Sfx, Voice};
use konane::game::{Settings, core_plugin};
use konane::synth::Effect;
use std::time::{Duration, Instant};

fn app() -> App {
    app_with(false)
}

/// The app with the sounds made, and with the music plugin too when `music`.
fn app_with(music: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default(), AudioPlugin::default()));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(16)));
    app.insert_resource(Settings { volume: 0.8, ..Settings::default() });
    core_plugin(&mut app);
    konane::game::audio::plugin(&mut app);
    if music {
        konane::game::music::plugin(&mut app);
    }
    // The sounds are made on a thread: wait until they are there (a state, not a time).
    let start = Instant::now();
    while !app.world().contains_resource::<konane::game::audio::Sounds>() {
        assert!(start.elapsed() < Duration::from_secs(60), "the sounds were never made");
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
    app
}

fn voices(app: &mut App) -> usize {
    app.world_mut().query_filtered::<(), (With<Voice>, Without<Ambience>)>().iter(app.world()).count()
}

#[test]
fn five_hundred_moves_of_cues_never_pile_up_without_an_audio_device() {
    let mut app = app();
    let mut most = 0;
    for m in 0..500u32 {
        // One move's worth: pick, lift, a double jump's landings, two captures, a menu tick.
        for cue in [
            Effect::Select,
            Effect::Lift,
            Effect::Land(0),
            Effect::Land(1),
            Effect::Capture,
            Effect::Capture,
            Effect::UiFocus,
        ]
        .map(Sfx)
        {
            app.world_mut().write_message(cue);
        }
        if m % 50 == 0 {
            app.world_mut().write_message(Sfx(Effect::Win));
        }
        app.update();
        most = most.max(voices(&mut app));
        assert!(voices(&mut app) <= MAX_VOICES, "move {m}: {} sound entities", voices(&mut app));
    }
    assert!(most > 0, "no sound was ever started");
    // Every sound has a deadline: with nothing to play them, they are all gone after it.
    let start = Instant::now();
    while voices(&mut app) > 0 {
        assert!(start.elapsed() < Duration::from_secs(60), "sounds were never removed");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn muted_sound_starts_nothing_and_the_ambience_follows_its_setting() {
    let mut app = app();
    app.world_mut().resource_mut::<Settings>().muted = true;
    app.update();
    for _ in 0..20 {
        app.world_mut().write_message(Sfx(Effect::Land(0)));
        app.update();
    }
    assert_eq!(voices(&mut app), 0, "muted, yet sounds were started");
    // The surf and wind: on with a level above 0 (and sound on), off again at 0.
    let ambience = |app: &mut App| app.world_mut().query_filtered::<(), With<Ambience>>().iter(app.world()).count();
    app.world_mut().resource_mut::<Settings>().ambient = 0.3;
    app.update();
    assert_eq!(ambience(&mut app), 0, "the ambience plays while muted");
    app.world_mut().resource_mut::<Settings>().muted = false;
    app.update();
    app.update();
    assert_eq!(ambience(&mut app), 1);
    app.world_mut().resource_mut::<Settings>().ambient = 0.5;
    app.update();
    app.update();
    assert_eq!(ambience(&mut app), 1, "changing the level must not start a second loop");
    app.world_mut().resource_mut::<Settings>().ambient = 0.0;
    app.update();
    app.update();
    assert_eq!(ambience(&mut app), 0);
}

#[test]
fn the_music_plays_the_title_s_piece_then_a_game_s_and_stops_when_off_or_muted() {
    use konane::game::Screen;
    use konane::game::music::{MusicPlayer, Pieces};
    let mut app = app_with(true);
    let start = Instant::now();
    while !app.world().contains_resource::<Pieces>() {
        assert!(start.elapsed() < Duration::from_secs(120), "the music was never made");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let playing = |app: &mut App| {
        app.update();
        app.update();
        app.world_mut().query::<&MusicPlayer>().iter(app.world()).map(|p| p.0).collect::<Vec<_>>()
    };
    assert_eq!(playing(&mut app), [konane::music::Piece::Malie], "the title's piece");
    app.world_mut().write_message(konane::game::play::screen::GoTo(Screen::Game));
    let in_game = playing(&mut app);
    assert_eq!(in_game.len(), 1);
    assert_ne!(in_game[0], konane::music::Piece::Malie, "a game has a piece of its own");
    app.world_mut().resource_mut::<Settings>().muted = true;
    assert!(playing(&mut app).is_empty(), "muted, the music stops");
    app.world_mut().resource_mut::<Settings>().muted = false;
    assert_eq!(playing(&mut app).len(), 1);
    app.world_mut().resource_mut::<Settings>().music = 0.0;
    assert!(playing(&mut app).is_empty(), "at 0 the music is off");
}
