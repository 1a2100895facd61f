//! Kōnane: the Bevy game, the command line and the server, over the engine of
//! `konane-core` (the rules, the AI and its solvers, ratings: no Bevy, no tokio), whose
//! modules are re-exported here under their own names.

pub use konane_core::{ai, memory, rating, rules};

pub mod art;
pub mod cli;
pub mod clock;
pub mod console;
pub mod display;
pub mod files;
pub mod game;
pub mod history;
pub mod music;
pub mod online;
pub mod synth;
