//! Sounds, synthesised at start-up as WAV data: a stone clack, a capture thunk, a soft deny.

use super::input::Action;
use super::screen::{GameSet, Screen};
use super::settings::Settings;
use bevy::audio::Volume;
use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
use bevy::prelude::*;
use std::sync::Arc;

const RATE: u32 = 44_100;

/// A sound cue, raised by animations and feedback.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sfx {
    /// A stone lands in a cup.
    Land,
    /// A stone is captured or lifted out.
    Capture,
    /// Refused input.
    Deny,
}

/// Handles of the generated sounds.
#[derive(Resource)]
pub struct Sounds {
    land: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    deny: Handle<AudioSource>,
}

/// Encodes mono samples in -1..1 as a 16-bit PCM WAV file.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32_000.0) as i16).to_le_bytes());
    }
    out
}

/// A synthesised hit: a noise transient plus decaying partials `(Hz, decay s, gain)`.
pub fn hit(duration: f32, noise_gain: f32, noise_decay: f32, partials: &[(f32, f32, f32)], seed: u32) -> Vec<f32> {
    let n = (duration * RATE as f32) as usize;
    let mut state = seed.max(1);
    let mut low = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let white = state as f32 / u32::MAX as f32 * 2.0 - 1.0;
            low += (white - low) * 0.35; // soften the noise
            let mut s = low * noise_gain * (-t / noise_decay).exp();
            for &(f, d, g) in partials {
                s += (t * f * std::f32::consts::TAU).sin() * g * (-t / d).exp();
            }
            s * 0.8
        })
        .collect()
}

/// The cue messages and the mute key; needs no audio device.
pub(super) fn cues_plugin(app: &mut App) {
    app.add_message::<Sfx>().add_systems(Update, toggle_mute.in_set(super::input::InputStage::Interpret));
}

/// Synthesises the sounds and plays the cues.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(Update, play_cues.in_set(GameSet::Presentation).run_if(in_state(Screen::Game)));
}

/// M turns all sound off, and on again at the volume it had.
fn toggle_mute(mut actions: MessageReader<Action>, mut settings: ResMut<Settings>) {
    for a in actions.read() {
        if *a == Action::Mute {
            settings.muted = !settings.muted;
        }
    }
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |samples: Vec<f32>| sources.add(AudioSource { bytes: Arc::from(wav(&samples)) });
    let land = add(hit(0.12, 0.9, 0.004, &[(2300.0, 0.018, 0.35), (3900.0, 0.01, 0.2), (850.0, 0.03, 0.25)], 7));
    let capture = add(hit(0.25, 0.5, 0.012, &[(310.0, 0.06, 0.5), (620.0, 0.04, 0.2), (1500.0, 0.02, 0.15)], 11));
    let deny = add(hit(0.14, 0.1, 0.01, &[(180.0, 0.08, 0.35), (190.0, 0.08, 0.3)], 3));
    commands.insert_resource(Sounds { land, capture, deny });
}

fn play_cues(
    mut commands: Commands,
    mut cues: MessageReader<Sfx>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
) {
    let Some(sounds) = sounds else { return };
    // Each cue is short, so the volume applies from the next one on.
    let volume = if settings.muted { 0.0 } else { settings.volume };
    if volume <= 0.0 {
        cues.clear();
        return;
    }
    for cue in cues.read() {
        let handle = match cue {
            Sfx::Land => sounds.land.clone(),
            Sfx::Capture => sounds.capture.clone(),
            Sfx::Deny => sounds.deny.clone(),
        };
        commands.spawn((AudioPlayer::new(handle), PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume))));
    }
}
