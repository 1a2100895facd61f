//! The engine of Kōnane: the rules (positions, moves, notation, records), the AI (evaluation,
//! search, the solvers and provers, puzzles), the memory the big tables may take, and
//! Glicko-2 ratings. No Bevy, no tokio, no files beyond what a solver's checkpoint needs: the
//! game, the command line and the server build on it. Beside the engine, the two small std-only
//! helpers every program of the workspace writes through: [`console`] (standard output and
//! error that report failures instead of panicking) and [`files`] (atomic writes, regular-file
//! reads, paths shown safely in messages).

pub mod ai;
pub mod console;
pub mod files;
pub mod memory;
pub mod rating;
pub mod rules;
