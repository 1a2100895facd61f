//! The engine of Kōnane: the rules (positions, moves, notation, records), the AI (evaluation,
//! search, the solvers and provers, puzzles), the memory the big tables may take, and
//! Glicko-2 ratings. No Bevy, no tokio, no files beyond what a solver's checkpoint needs: the
//! game, the command line and the server build on it.

pub mod ai;
pub mod memory;
pub mod rating;
pub mod rules;
