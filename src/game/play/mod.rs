//! A game being played: the screens and turn states, the rules authority (the one writer of the game), the score, and the computer player on engine threads.

pub mod ai_task;
pub mod authority;
pub mod coach;
pub mod cues;
pub mod engine_job;
pub mod quips;
pub mod score;
pub mod screen;
pub mod spoken;
