//! Sound: the effects of [`crate::synth`], synthesised at start-up, played for the cues that
//! animation, input, menus and the rules raise. Volume, mute and the ambience follow the
//! settings live, also for sounds already playing. Every sound is a short-lived entity with a
//! deadline; without an audio device nothing plays them, so a cleanup by deadline (and a cap
//! on how many exist at once) keeps them from piling up.

use crate::game::board::input::{Action, HeldStone, Selection};
use crate::game::menus::{MenuChosen, MenuFocus};
use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::{EditSettings, Settings};
use crate::game::play::authority::Rules;
use crate::game::play::authority::{GameOver, MoveApplied};
pub use crate::game::play::cues::Sfx;
use crate::synth::{Effect, LAND_VARIANTS, render, wav};
use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// At most this many sounds exist at once; a new cue beyond it is dropped.
pub const MAX_VOICES: usize = 16;

/// Handles of the generated sounds, with their lengths in seconds.
#[derive(Resource, Default)]
pub struct Sounds(HashMap<Effect, (Handle<AudioSource>, f32)>);

/// A playing (or waiting) sound: how loud relative to the main volume, and when it is gone.
#[derive(Component, Debug)]
pub struct Voice {
    /// Loudness relative to the main volume.
    pub gain: f32,
    /// Real time (seconds since start-up) after which it is removed, played or not.
    pub until: f32,
}

/// The looping surf and wind.
#[derive(Component, Debug)]
pub struct Ambience;

/// The cue messages and the mute key; needs no audio device.
pub(crate) fn cues_plugin(app: &mut App) {
    app.add_message::<Sfx>().add_systems(Update, toggle_mute.in_set(crate::game::board::input::InputStage::Interpret));
}

/// Synthesises the sounds and plays the cues (needs Bevy's audio plugin, not a device).
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds).add_systems(
        Update,
        (receive_sounds, cues_from_the_game, play_cues, follow_volume, expire_voices)
            .chain()
            .in_set(crate::game::play::screen::GameSet::Presentation),
    );
}

/// M turns all sound off, and on again at the volume it had; a notice says which.
fn toggle_mute(
    mut actions: MessageReader<Action>,
    settings: Res<Settings>,
    mut edits: MessageWriter<EditSettings>,
    mut notice: ResMut<crate::game::play::screen::Notice>,
) {
    let presses = actions.read().filter(|a| **a == Action::Mute).count();
    if presses % 2 == 1 {
        let muted = !settings.muted;
        edits.write(EditSettings::new(move |s| s.muted = muted));
        let said = if muted { settings.bindings.prompt("notice-muted") } else { Msg::new("notice-unmuted") };
        notice.say(said, false);
    }
}

/// The sounds as WAV bytes with their lengths, made on a thread: nothing needs them before
/// the first frame, which they would delay by some 40 ms.
#[derive(Resource)]
struct PendingSounds(std::sync::Mutex<std::sync::mpsc::Receiver<Vec<(Effect, Vec<u8>, f32)>>>);

fn make_sounds(mut commands: Commands) {
    let synthesise = || {
        Effect::all()
            .into_iter()
            .map(|effect| {
                let samples = render(effect);
                let seconds = samples.len() as f32 / crate::synth::RATE as f32;
                (effect, wav(&samples), seconds)
            })
            .collect::<Vec<_>>()
    };
    let (send, receive) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("sounds".into()).spawn(move || {
        let _ = send.send(synthesise());
    });
    let receive = match spawned {
        Ok(_) => receive,
        Err(_) => {
            // No thread to be had: made here instead.
            let (send, receive) = std::sync::mpsc::channel();
            let _ = send.send(synthesise());
            receive
        }
    };
    commands.insert_resource(PendingSounds(std::sync::Mutex::new(receive)));
}

/// The sounds made on their thread become audio sources (until then, cues are silent).
fn receive_sounds(
    mut commands: Commands,
    pending: Option<Res<PendingSounds>>,
    mut sources: ResMut<Assets<AudioSource>>,
) {
    let Some(pending) = pending else { return };
    let Some(made) = pending.0.lock().ok().and_then(|r| r.try_recv().ok()) else { return };
    let mut sounds = Sounds::default();
    for (effect, bytes, seconds) in made {
        let handle = sources.add(AudioSource { bytes: Arc::from(bytes) });
        sounds.0.insert(effect, (handle, seconds));
    }
    commands.insert_resource(sounds);
    commands.remove_resource::<PendingSounds>();
}

/// Cues that come from the state of play rather than from an animation: a stone lifted or
/// picked, a removal, the menus, the end of a game.
fn cues_from_the_game(
    held: Option<Res<HeldStone>>,
    selection: Option<Res<Selection>>,
    focus: Res<MenuFocus>,
    rules: Option<Res<Rules>>,
    mut applied: MessageReader<MoveApplied>,
    mut chosen: MessageReader<MenuChosen>,
    mut over: MessageReader<GameOver>,
    mut last: Local<(Option<crate::rules::Coord>, Option<crate::rules::Coord>, Option<usize>)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let held_from = held.and_then(|h| h.from);
    if held_from.is_some() && last.0 != held_from {
        sfx.write(Sfx(Effect::Lift));
    }
    let selected = selection.and_then(|s| s.selected);
    if selected.is_some() && last.1 != selected && held_from.is_none() {
        sfx.write(Sfx(Effect::Select));
    }
    if last.2.is_some_and(|i| i != focus.index) {
        sfx.write(Sfx(Effect::UiFocus));
    }
    *last = (held_from, selected, Some(focus.index));
    for m in applied.read() {
        if m.mv.is_removal() {
            sfx.write(Sfx(Effect::Remove));
        }
    }
    if chosen.read().count() > 0 {
        sfx.write(Sfx(Effect::UiClick));
    }
    for o in over.read() {
        let lost = rules.as_ref().and_then(|r| r.setup.one_human()).is_some_and(|you| o.winner != you);
        sfx.write(if lost { Sfx(Effect::Loss) } else { Sfx(Effect::Win) });
    }
}

/// How loud a cue plays (relative to the main volume) and at what speed: the stones' sounds
/// vary a little in pitch (`jitter`), a landing rises with each hop, the interface's do not.
fn mix(effect: Effect, jitter: f32) -> (f32, f32) {
    match effect {
        Effect::Lift | Effect::Select => (0.8, jitter),
        Effect::Land(hop) => (1.0, jitter * (1.0 + hop as f32 * 0.01)),
        Effect::Capture | Effect::Remove => (0.9, jitter),
        Effect::Deny | Effect::Win | Effect::Loss | Effect::Milestone => (0.9, 1.0),
        Effect::UiFocus => (0.6, 1.0),
        Effect::UiClick => (0.7, 1.0),
        Effect::Ambient => (1.0, 1.0),
    }
}

/// The effects' volume now: 0 when muted.
fn main_volume(settings: &Settings) -> f32 {
    if settings.muted { 0.0 } else { settings.volume }
}

fn play_cues(
    mut commands: Commands,
    mut cues: MessageReader<Sfx>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    voices: Query<(), (With<Voice>, Without<Ambience>)>,
    mut count: Local<u32>,
    wake: Option<Res<crate::game::platform::redraw::Wake>>,
) {
    let Some(sounds) = sounds else {
        cues.clear();
        return;
    };
    let volume = main_volume(&settings);
    let mut alive = voices.iter().count();
    for cue in cues.read() {
        if volume <= 0.0 || alive >= MAX_VOICES {
            continue;
        }
        *count = count.wrapping_add(1);
        // A little variation in pitch, so repeated sounds are never quite the same.
        let jitter = 1.0 + (((*count).wrapping_mul(2_654_435_761) >> 16) % 61) as f32 / 1000.0 - 0.03;
        let Sfx(effect) = *cue;
        let (gain, speed) = mix(effect, jitter);
        // Landings after many hops share the few landing sounds.
        let effect = match effect {
            Effect::Land(hop) => Effect::Land(hop % LAND_VARIANTS),
            other => other,
        };
        let Some((handle, seconds)) = sounds.0.get(&effect) else { continue };
        commands.spawn((
            Name::new("Sound"),
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume * gain)).with_speed(speed),
            Voice { gain, until: time.elapsed_secs() + seconds / speed + 0.5 },
        ));
        // A frame when it is over: it is removed then, and the music comes back up.
        if let Some(wake) = &wake {
            wake.after_secs(seconds / speed + 0.55);
        }
        alive += 1;
    }
}

/// Volume, mute and the ambience level apply at once, to sounds already playing too.
fn follow_volume(
    mut commands: Commands,
    settings: Res<Settings>,
    sounds: Option<Res<Sounds>>,
    mut sinks: Query<(&Voice, &mut AudioSink, Has<Ambience>)>,
    ambience: Query<Entity, With<Ambience>>,
) {
    if !settings.is_changed() {
        return;
    }
    // The effects' volume and the ambience's are separate; M silences both.
    let volume = main_volume(&settings);
    let wanted = if settings.muted { 0.0 } else { settings.ambient };
    for (voice, mut sink, is_ambience) in &mut sinks {
        sink.set_volume(Volume::Linear(if is_ambience { wanted } else { volume * voice.gain }));
    }
    match (ambience.iter().next(), wanted > 0.0, sounds) {
        (None, true, Some(sounds)) => {
            if let Some((handle, _)) = sounds.0.get(&Effect::Ambient) {
                commands.spawn((
                    Name::new("Ambience"),
                    AudioPlayer::new(handle.clone()),
                    PlaybackSettings::LOOP.with_volume(Volume::Linear(wanted)),
                    Voice { gain: settings.ambient, until: f32::INFINITY },
                    Ambience,
                ));
            }
        }
        (Some(e), false, _) => commands.entity(e).despawn(),
        _ => {}
    }
}

/// Removes sounds past their deadline: finished ones Bevy has not yet removed, and ones that
/// never started because there is no audio device.
fn expire_voices(mut commands: Commands, voices: Query<(Entity, &Voice)>, time: Res<Time<Real>>) {
    let now = time.elapsed_secs();
    for (e, v) in &voices {
        if now > v.until {
            commands.entity(e).despawn();
        }
    }
}
