//! The rules of Kōnane (written up in the README's Rules section): positions, move generation, notation, records and
//! games with undo/redo. Plain Rust: no engine, no I/O.

pub mod bits;
pub mod game;
pub mod notation;
pub mod perft;
pub mod position;
pub mod quote;
pub mod record;
pub mod wide;

pub use game::Game;
pub use notation::{
    NotationError, NotationProblem, PositionError, PositionProblem, move_to_string, parse_coord as parse_coord_public,
    parse_move, parse_position, position_to_string,
};
pub use perft::{PerftTable, perft, perft_divide, perft_until, perft_until_hashed};
pub use position::{Color, Coord, Geometry, IllegalMove, JumpFeatures, Move, Phase, Position, start_color};
pub use record::{Record, RecordError, RecordProblem, ReplayError, parse_size};
pub use wide::WideBoard;
