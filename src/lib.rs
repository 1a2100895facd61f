//! Kōnane: rules engine, AI, command line and the Bevy game.

pub mod ai;
pub mod art;
pub mod cli;
pub mod clock;
pub mod console;
pub mod display;
pub mod files;
pub mod game;
pub mod history;
pub mod memory;
pub mod music;
pub mod online;
pub mod rating;
pub mod rules;
pub mod synth;
