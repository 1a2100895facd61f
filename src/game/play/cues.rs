//! Sound cues: what happened that should be heard. Animations, input, menus and the end of a
//! game raise them; the audio plugin plays them. The cue names the synthesised effect itself,
//! so there is one list of sounds (`crate::synth::Effect`).

use crate::synth::Effect;
use bevy::prelude::*;

/// A sound cue: the effect to play (a landing carries the hop it ends, from 0).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sfx(pub Effect);
