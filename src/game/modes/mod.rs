//! What the game screen is used for besides a plain game: lessons, puzzles, saved games, games
//! against a friend online, and the analysis of a finished game.

pub mod analysis;
pub mod history;
pub mod online;
pub mod profile;
pub mod puzzles;
pub mod saved_game;
pub mod saves;
pub mod tutorial;
