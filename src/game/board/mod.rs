//! The board on screen: its layout and entities, the pointer and cursor on it, marks, animations, textures, and the board behind the title.

pub mod anim;
pub mod input;
pub mod markers;
pub mod textures;
pub mod title_art;
pub mod view;
