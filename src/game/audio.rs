//! Sound: the effects of [`crate::synth`], synthesised at start-up, played for the cues that
//! animation, input, menus and the rules raise. Volume, mute and the ambience follow the
//! settings live, also for sounds already playing. Every sound is a short-lived entity with a
//! deadline; without an audio device nothing plays them, so a cleanup by deadline (and a cap
//! on how many exist at once) keeps them from piling up.

use super::input::{Action, HeldStone, Selection};
use super::menu::{MenuChosen, MenuFocus};
use super::rules::Rules;
use super::rules::{GameOver, MoveApplied};
use super::settings::{EditSettings, Settings};
use crate::synth::{Effect, LAND_VARIANTS, render, wav};
use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use std::collections::HashMap;
use std::sync::Arc;

/// A sound cue, raised by animations, input, menus and the end of a game.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sfx {
    /// A stone lifted by the pointer.
    Lift,
    /// A stone lands after its n-th hop.
    Land(u8),
    /// A stone is captured.
    Capture,
    /// A stone is removed in the opening.
    Remove,
    /// A stone is picked to move.
    Select,
    /// Refused input.
    Deny,
    /// The menu focus moved.
    Focus,
    /// A menu item was chosen.
    Click,
    /// The game was won (by you, or by anyone when no single person plays).
    Win,
    /// You lost.
    Loss,
}

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
pub(super) fn cues_plugin(app: &mut App) {
    app.add_message::<Sfx>().add_systems(Update, toggle_mute.in_set(super::input::InputStage::Interpret));
}

/// Synthesises the sounds and plays the cues (needs Bevy's audio plugin, not a device).
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds).add_systems(
        Update,
        (cues_from_the_game, play_cues, follow_volume, expire_voices)
            .chain()
            .in_set(super::screen::GameSet::Presentation),
    );
}

/// M turns all sound off, and on again at the volume it had; a notice says which.
fn toggle_mute(
    mut actions: MessageReader<Action>,
    settings: Res<Settings>,
    mut edits: MessageWriter<EditSettings>,
    mut notice: ResMut<super::screen::Notice>,
) {
    let presses = actions.read().filter(|a| **a == Action::Mute).count();
    if presses % 2 == 1 {
        let muted = !settings.muted;
        edits.write(EditSettings::new(move |s| s.muted = muted));
        notice.say(if muted { "notice-muted" } else { "notice-unmuted" }, false);
    }
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut sounds = Sounds::default();
    for effect in Effect::all() {
        let samples = render(effect);
        let seconds = samples.len() as f32 / crate::synth::RATE as f32;
        let handle = sources.add(AudioSource { bytes: Arc::from(wav(&samples)) });
        sounds.0.insert(effect, (handle, seconds));
    }
    commands.insert_resource(sounds);
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
        sfx.write(Sfx::Lift);
    }
    let selected = selection.and_then(|s| s.selected);
    if selected.is_some() && last.1 != selected && held_from.is_none() {
        sfx.write(Sfx::Select);
    }
    if last.2.is_some_and(|i| i != focus.index) {
        sfx.write(Sfx::Focus);
    }
    *last = (held_from, selected, Some(focus.index));
    for m in applied.read() {
        if m.mv.is_removal() {
            sfx.write(Sfx::Remove);
        }
    }
    if chosen.read().count() > 0 {
        sfx.write(Sfx::Click);
    }
    for o in over.read() {
        let lost = rules.as_ref().and_then(|r| r.setup.one_human()).is_some_and(|you| o.winner != you);
        sfx.write(if lost { Sfx::Loss } else { Sfx::Win });
    }
}

/// The main volume now: 0 when muted.
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
        let (effect, gain, speed) = match *cue {
            Sfx::Lift => (Effect::Lift, 0.8, jitter),
            Sfx::Land(hop) => (Effect::Land(hop % LAND_VARIANTS), 1.0, jitter * (1.0 + hop as f32 * 0.01)),
            Sfx::Capture => (Effect::Capture, 0.9, jitter),
            Sfx::Remove => (Effect::Remove, 0.9, jitter),
            Sfx::Select => (Effect::Select, 0.8, jitter),
            Sfx::Deny => (Effect::Deny, 0.9, 1.0),
            Sfx::Focus => (Effect::UiFocus, 0.6, 1.0),
            Sfx::Click => (Effect::UiClick, 0.7, 1.0),
            Sfx::Win => (Effect::Win, 0.9, 1.0),
            Sfx::Loss => (Effect::Loss, 0.9, 1.0),
        };
        let Some((handle, seconds)) = sounds.0.get(&effect) else { continue };
        commands.spawn((
            Name::new("Sound"),
            AudioPlayer::new(handle.clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume * gain)).with_speed(speed),
            Voice { gain, until: time.elapsed_secs() + seconds / speed + 0.5 },
        ));
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
    let volume = main_volume(&settings);
    for (voice, mut sink, is_ambience) in &mut sinks {
        let gain = if is_ambience { settings.ambient } else { voice.gain };
        sink.set_volume(Volume::Linear(volume * gain));
    }
    let wanted = volume * settings.ambient;
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
