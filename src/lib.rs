//! Kōnane: the Bevy game and the command line, over the engine of `konane-core` (the rules,
//! the AI and its solvers, ratings: no Bevy, no tokio) and the online play of `konane-server`
//! (protocol, server, store, client: no Bevy), whose modules are re-exported here under their
//! own names (`online` for the server crate).

pub use konane_core::{ai, console, errln, files, memory, outln, rating, rules};
pub use konane_server as online;

pub mod art;
pub mod cli;
pub mod clock;
pub mod display;
pub mod game;
pub mod history;
pub mod music;
pub mod synth;
