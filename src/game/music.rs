//! Music: the pieces of [`crate::music`] (slack-key guitar, synthesised), made on a thread at
//! start-up and looped under the game — the calm one at the title, the other two in turn from
//! game to game. It has a volume of its own; the mute key silences it with everything else;
//! it steps down under the sound effects so a clack is never lost in it, and it pauses while
//! the window is in the background unless the player wants it on.

use crate::game::audio::{Ambience, Voice};
use crate::game::platform::settings::Settings;
use crate::game::play::authority::Rules;
use crate::game::play::screen::Screen;
use crate::music::{Piece, render};
use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use std::collections::HashMap;
use std::sync::Arc;

/// How far the music steps down while an effect plays (about −8 dB).
pub const DUCKED: f32 = 0.4;

/// The pieces as audio sources, once made.
#[derive(Resource, Default)]
pub struct Pieces(HashMap<Piece, Handle<AudioSource>>);

/// The music playing, and which piece it is.
#[derive(Component, Debug)]
pub struct MusicPlayer(pub Piece);

/// The pieces as WAV bytes, made on a thread (rendering them takes most of a second).
#[derive(Resource)]
struct PendingPieces(std::sync::Mutex<std::sync::mpsc::Receiver<Vec<(Piece, Vec<u8>)>>>);

/// Music under the game (needs Bevy's audio plugin, not a device).
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_pieces).add_systems(
        Update,
        (receive_pieces, choose_music, follow_music).chain().in_set(crate::game::play::screen::GameSet::Presentation),
    );
}

fn make_pieces(mut commands: Commands, wake: Res<crate::game::platform::redraw::Wake>) {
    let (send, receive) = std::sync::mpsc::channel();
    let ready = wake.notifier();
    let spawned = std::thread::Builder::new().name("music".into()).spawn(move || {
        let made = Piece::all().into_iter().map(|p| (p, crate::synth::wav(&render(p)))).collect();
        let _ = send.send(made);
        // The music starts in the next frame, whatever else happens.
        if let Some(ready) = ready {
            ready();
        }
    });
    if spawned.is_err() {
        warn!("no thread to make the music: the game plays without it");
        return;
    }
    commands.insert_resource(PendingPieces(std::sync::Mutex::new(receive)));
}

fn receive_pieces(
    mut commands: Commands,
    pending: Option<Res<PendingPieces>>,
    mut sources: ResMut<Assets<AudioSource>>,
) {
    let Some(pending) = pending else { return };
    let Some(made) = pending.0.lock().ok().and_then(|r| r.try_recv().ok()) else { return };
    let mut pieces = Pieces::default();
    for (piece, bytes) in made {
        pieces.0.insert(piece, sources.add(AudioSource { bytes: Arc::from(bytes) }));
    }
    commands.insert_resource(pieces);
    commands.remove_resource::<PendingPieces>();
}

/// The piece for what is on screen: the calm waltz at the title, and in games the other two
/// in turn (a new game brings the other piece). None when the music is off.
pub fn piece_for(screen: Screen, game_id: u64, settings: &Settings) -> Option<Piece> {
    if settings.music <= 0.0 || settings.muted {
        return None;
    }
    Some(match screen {
        Screen::Title => Piece::Malie,
        Screen::Game if game_id.is_multiple_of(2) => Piece::Kaiao,
        Screen::Game => Piece::Ahiahi,
    })
}

/// Starts the piece for the screen (and stops the one before), or stops the music.
fn choose_music(
    mut commands: Commands,
    pieces: Option<Res<Pieces>>,
    settings: Res<Settings>,
    screen: Res<State<Screen>>,
    rules: Option<Res<Rules>>,
    playing: Query<(Entity, &MusicPlayer)>,
) {
    let Some(pieces) = pieces else { return };
    let wanted = piece_for(*screen.get(), rules.map_or(0, |r| r.game_id), &settings);
    let now = playing.iter().next().map(|(_, p)| p.0);
    if now == wanted {
        return;
    }
    for (e, _) in &playing {
        commands.entity(e).despawn();
    }
    if let Some(piece) = wanted
        && let Some(handle) = pieces.0.get(&piece)
    {
        commands.spawn((
            Name::new("Music"),
            MusicPlayer(piece),
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::LOOP.with_volume(Volume::Linear(settings.music)),
        ));
    }
}

/// How loud the music plays: its volume, stepped down while an effect plays.
pub fn music_level(settings: &Settings, effects_playing: bool) -> f32 {
    let level = if settings.muted { 0.0 } else { settings.music };
    if effects_playing { level * DUCKED } else { level }
}

/// The music's level follows the settings and the effects; it pauses in the background.
fn follow_music(
    settings: Res<Settings>,
    effects: Query<(), (With<Voice>, Without<Ambience>)>,
    mut sinks: Query<&mut AudioSink, With<MusicPlayer>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<(f32, bool)>>,
) {
    let Ok(mut sink) = sinks.single_mut() else {
        *last = None;
        return;
    };
    let level = music_level(&settings, !effects.is_empty());
    // Without a window (headless) there is no background to pause in.
    let background = windows.iter().next().is_some_and(|w| !w.focused);
    let paused = background && !settings.music_in_background;
    if *last == Some((level, paused)) {
        return;
    }
    *last = Some((level, paused));
    sink.set_volume(Volume::Linear(level));
    if paused { sink.pause() } else { sink.play() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_has_its_piece_games_take_the_other_two_in_turn_and_off_is_off() {
        let s = Settings::default();
        assert_eq!(piece_for(Screen::Title, 7, &s), Some(Piece::Malie));
        let (a, b) = (piece_for(Screen::Game, 0, &s), piece_for(Screen::Game, 1, &s));
        assert!(a.is_some() && b.is_some() && a != b && a != Some(Piece::Malie) && b != Some(Piece::Malie));
        assert_eq!(piece_for(Screen::Game, 2, &s), a, "every other game");
        assert_eq!(piece_for(Screen::Title, 0, &Settings { music: 0.0, ..s.clone() }), None);
        assert_eq!(piece_for(Screen::Game, 0, &Settings { muted: true, ..s }), None);
    }

    #[test]
    fn the_music_steps_down_under_the_effects_and_is_silent_when_muted() {
        let s = Settings { music: 0.5, ..Settings::default() };
        assert_eq!(music_level(&s, false), 0.5);
        assert!((music_level(&s, true) - 0.5 * DUCKED).abs() < 1e-6);
        assert_eq!(music_level(&Settings { muted: true, ..s }, false), 0.0);
    }
}
