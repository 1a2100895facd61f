//! The keys of the settings file: each key's name, how its value is written and read, and
//! the values that need more than a word (the solved puzzles).

use super::*;

/// Bad values are quoted short and with control characters escaped, like all user input.
pub(super) fn quote(s: &str) -> String {
    crate::rules::quote::quoted(s)
}

/// One key of the settings file: its name, how its value is written and how it is read.
pub(super) struct Key {
    /// The name before `=`.
    pub(super) name: &'static str,
    /// The value as the file writes it.
    pub(super) get: fn(&Settings) -> String,
    /// How the file writes the value.
    pub(super) shape: Shape,
    /// Reads a value (already trimmed); the message names the key and the bad value.
    pub(super) set: fn(&mut Settings, &str) -> Result<(), String>,
}

/// How a key's value is written in the settings file (TOML). Reading is lenient: any of these
/// forms is taken as the text the key's reader checks (`mute = "on"` reads as `mute = true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// A string: `theme = "wood"`.
    Word,
    /// A number: `volume = 80`, `speed = 1.5`.
    Number,
    /// `true` or `false` (the text form's `on` and `off`).
    Switch,
    /// An array of strings: `puzzles = ["6x6-3f9a2c1d"]`, `keys-undo = ["U", "Ctrl+Z"]`.
    List(Joiner),
}

/// How a list's words are joined in the text form its key's reader takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Joiner {
    /// `U, Ctrl+Z` (the bindings).
    Comma,
    /// `6x6-3f9a2c1d 7x7-0b4e77a1` (the solved puzzles).
    Space,
}

impl Joiner {
    /// The words of a text value.
    pub(super) fn split(self, text: &str) -> Vec<&str> {
        match self {
            Joiner::Comma => text.split(',').map(str::trim).filter(|w| !w.is_empty()).collect(),
            Joiner::Space => text.split_whitespace().collect(),
        }
    }

    /// The text value of words.
    pub(super) fn join(self, words: &[String]) -> String {
        words.join(if self == Joiner::Comma { ", " } else { " " })
    }
}

/// How the file writes `key`'s value (the bindings' `keys-…` and `pad-…` are lists).
pub(super) fn shape_of(key: &str) -> Shape {
    KEYS.iter().find(|k| k.name == key).map_or(Shape::List(Joiner::Comma), |k| k.shape)
}

pub(super) fn on_off(b: bool) -> String {
    (if b { "on" } else { "off" }).to_string()
}

pub(super) fn parse_on_off(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(format!("{key} {}: expected on or off", quote(value))),
    }
}

pub(super) fn percent(v: f32) -> String {
    format!("{}", (v * 100.0).round() as u32)
}

pub(super) fn parse_percent(key: &str, value: &str) -> Result<f32, String> {
    match value.parse::<u32>() {
        Ok(v) if v <= 100 => Ok(v as f32 / 100.0),
        _ => Err(format!("{key} {}: expected 0 to 100", quote(value))),
    }
}

pub(super) fn controller_name(c: Controller) -> String {
    match c {
        Controller::Human => "human".to_string(),
        Controller::Ai(l) => l.name().to_string(),
        // Never a preference: an online game's setup is not kept here.
        Controller::Remote => "human".to_string(),
    }
}

pub(super) fn parse_controller(key: &str, value: &str) -> Result<Controller, String> {
    if value.eq_ignore_ascii_case("human") {
        return Ok(Controller::Human);
    }
    value
        .parse::<Level>()
        .map(Controller::Ai)
        .map_err(|_| format!("{key} {}: expected human, beginner, easy, medium, hard, strong or expert", quote(value)))
}

/// Every key the file keeps, in the order a fresh file lists them: the one table that both
/// writing and reading use.
pub(super) const KEYS: [Key; 29] = [
    Key {
        name: "size",
        shape: Shape::Word,
        get: |s| format!("{}x{}", s.size.rows(), s.size.cols()),
        set: |s, v| {
            let g = parse_size(v).map_err(|e| format!("size: {}", crate::rules::quote::shown(&e.to_string())))?;
            s.size = check_board(g).map_err(|e| format!("size {e}"))?;
            Ok(())
        },
    },
    Key {
        name: "black",
        shape: Shape::Word,
        get: |s| controller_name(s.players[Side::Black.index()]),
        set: |s, v| {
            s.players[Side::Black.index()] = parse_controller("black", v)?;
            Ok(())
        },
    },
    Key {
        name: "white",
        shape: Shape::Word,
        get: |s| controller_name(s.players[Side::White.index()]),
        set: |s, v| {
            s.players[Side::White.index()] = parse_controller("white", v)?;
            Ok(())
        },
    },
    Key {
        name: "level",
        shape: Shape::Word,
        get: |s| s.level.name().to_string(),
        set: |s, v| {
            s.level = v
                .parse::<Level>()
                .map_err(|_| format!("level {}: expected beginner, easy, medium, hard, strong or expert", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "opponent",
        shape: Shape::Word,
        get: |s| s.opponent.map_or("computer", |p| p.id()).to_string(),
        set: |s, v| {
            s.opponent = match v {
                "computer" => None,
                _ => Some(crate::ai::Persona::from_id(v).ok_or_else(|| {
                    format!("opponent {}: expected computer, keala, lani, pua, kekoa or makana", quote(v))
                })?),
            };
            Ok(())
        },
    },
    Key {
        name: "rival-handicap",
        shape: Shape::Number,
        get: |s| format!("{:.1}", s.rival_handicap),
        set: |s, v| {
            s.rival_handicap = v.parse::<f64>().ok().filter(|h| (-1.0..=1500.0).contains(h)).ok_or_else(|| {
                format!("rival-handicap {}: expected -1 (not met yet) or a number from 0 to 1500", quote(v))
            })?;
            Ok(())
        },
    },
    Key {
        name: "colour",
        shape: Shape::Word,
        get: |s| (if s.colour == Side::Black { "black" } else { "white" }).to_string(),
        set: |s, v| {
            s.colour = match v {
                "black" => Side::Black,
                "white" => Side::White,
                _ => return Err(format!("colour {}: expected black or white", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "speed",
        shape: Shape::Number,
        get: |s| format!("{}", s.anim_speed),
        set: |s, v| {
            let a = v.parse::<f32>().map_err(|_| {
                format!("speed {}: expected 0 (instant) to {}", quote(v), crate::game::platform::args::MAX_SPEED)
            })?;
            s.anim_speed = check_speed(a).map_err(|e| format!("speed {e}"))?;
            Ok(())
        },
    },
    Key {
        name: "online-private",
        shape: Shape::Switch,
        get: |s| on_off(s.online_private),
        set: |s, v| {
            s.online_private = parse_on_off("online-private", v)?;
            Ok(())
        },
    },
    Key {
        name: "online-clock",
        shape: Shape::Word,
        get: |s| s.online_clock.label(),
        set: |s, v| {
            s.online_clock =
                crate::online::protocol::TimeControl::parse(v).map_err(|e| format!("online-clock: {e}"))?;
            Ok(())
        },
    },
    Key {
        name: "coordinates",
        shape: Shape::Switch,
        get: |s| on_off(s.coordinates),
        set: |s, v| {
            s.coordinates = parse_on_off("coordinates", v)?;
            Ok(())
        },
    },
    Key {
        name: "volume",
        shape: Shape::Number,
        get: |s| percent(s.volume),
        set: |s, v| {
            s.volume = parse_percent("volume", v)?;
            Ok(())
        },
    },
    Key {
        name: "mute",
        shape: Shape::Switch,
        get: |s| on_off(s.muted),
        set: |s, v| {
            s.muted = parse_on_off("mute", v)?;
            Ok(())
        },
    },
    Key {
        name: "ambient",
        shape: Shape::Number,
        get: |s| percent(s.ambient),
        set: |s, v| {
            s.ambient = parse_percent("ambient", v)?;
            Ok(())
        },
    },
    Key {
        name: "music",
        shape: Shape::Number,
        get: |s| percent(s.music),
        set: |s, v| {
            s.music = parse_percent("music", v)?;
            Ok(())
        },
    },
    Key {
        name: "music-in-background",
        shape: Shape::Switch,
        get: |s| on_off(s.music_in_background),
        set: |s, v| {
            s.music_in_background = parse_on_off("music-in-background", v)?;
            Ok(())
        },
    },
    Key {
        name: "theme",
        shape: Shape::Word,
        get: |s| s.theme.name().to_string(),
        set: |s, v| {
            s.theme = Theme::ALL
                .into_iter()
                .find(|t| t.name() == v)
                .ok_or_else(|| format!("theme {}: expected lava or wood", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "movable",
        shape: Shape::Switch,
        get: |s| on_off(s.show_movable),
        set: |s, v| {
            s.show_movable = parse_on_off("movable", v)?;
            Ok(())
        },
    },
    Key {
        name: "fullscreen",
        shape: Shape::Switch,
        get: |s| on_off(s.fullscreen),
        set: |s, v| {
            s.fullscreen = parse_on_off("fullscreen", v)?;
            Ok(())
        },
    },
    Key {
        name: "reduced-motion",
        shape: Shape::Switch,
        get: |s| on_off(s.reduced_motion),
        set: |s, v| {
            s.reduced_motion = parse_on_off("reduced-motion", v)?;
            Ok(())
        },
    },
    Key {
        name: "thinking-pause",
        shape: Shape::Switch,
        get: |s| on_off(s.thinking_pause),
        set: |s, v| {
            s.thinking_pause = parse_on_off("thinking-pause", v)?;
            Ok(())
        },
    },
    Key {
        name: "coach",
        shape: Shape::Word,
        get: |s| s.coach.name().to_string(),
        set: |s, v| {
            s.coach = super::CoachMode::ALL
                .into_iter()
                .find(|m| m.name() == v)
                .ok_or_else(|| format!("coach {}: expected auto (against Beginner and Easy), on or off", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "confirm-moves",
        shape: Shape::Switch,
        get: |s| on_off(s.confirm_moves),
        set: |s, v| {
            s.confirm_moves = parse_on_off("confirm-moves", v)?;
            Ok(())
        },
    },
    Key {
        name: "ui-scale",
        shape: Shape::Number,
        get: |s| format!("{}", s.ui_scale),
        set: |s, v| {
            s.ui_scale = match v.parse::<f32>() {
                Ok(x) if (MIN_UI_SCALE..=MAX_UI_SCALE).contains(&x) => x,
                _ => return Err(format!("ui-scale {}: expected {MIN_UI_SCALE} to {MAX_UI_SCALE}", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "tutorial",
        shape: Shape::Number,
        get: |s| format!("{}", s.tutorial),
        set: |s, v| {
            s.tutorial = match v.parse::<u8>() {
                Ok(n) if n as usize <= LESSON_COUNT => n,
                _ => return Err(format!("tutorial {}: expected 0 to {LESSON_COUNT} (lessons passed)", quote(v))),
            };
            Ok(())
        },
    },
    Key {
        name: "language",
        shape: Shape::Word,
        get: |s| s.language.code().to_string(),
        set: |s, v| {
            s.language = Lang::from_code(v).ok_or_else(|| {
                format!("language {}: expected en (English), haw (ʻŌlelo Hawaiʻi) or nl (Nederlands)", quote(v))
            })?;
            Ok(())
        },
    },
    Key {
        name: "server",
        shape: Shape::Word,
        get: |s| s.server.clone(),
        set: |s, v| {
            s.server = check_server(v).map_err(|e| format!("server {}: {e}", quote(v)))?;
            Ok(())
        },
    },
    Key {
        name: "window",
        shape: Shape::Word,
        get: |s| s.window.map(|w| w.text()).unwrap_or_default(),
        set: |s, v| {
            s.window = match v {
                "" => None,
                v => Some(WindowPlace::parse(v).ok_or_else(|| {
                    format!("window {}: expected a size such as 1280x800, or 1280x800 at 100,50", quote(v))
                })?),
            };
            Ok(())
        },
    },
    Key {
        name: "puzzles",
        shape: Shape::List(Joiner::Space),
        get: |s| s.puzzles_solved.ids().collect::<Vec<_>>().join(" "),
        set: |s, v| {
            s.puzzles_solved = PuzzleMarks::parse(v)?;
            Ok(())
        },
    },
];

/// Which puzzles are solved, by their stable identifiers (`6x6-3f9a2c1d`, see
/// `Puzzle::id`): a puzzle added to a book moves no other puzzle's mark.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleMarks(std::collections::BTreeSet<String>);

impl PuzzleMarks {
    /// Whether the puzzle `id` is solved.
    pub fn contains(&self, id: &str) -> bool {
        self.0.contains(id)
    }

    /// Marks the puzzle `id` solved.
    pub fn insert(&mut self, id: String) {
        self.0.insert(id);
    }

    /// The identifiers, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    /// Reads the settings' `puzzles` value: identifiers, or (as the 0.1.0 release wrote them)
    /// places in its book counted from 1, which are moved onto the identifiers of those
    /// puzzles here, once (the file is written with identifiers from then on).
    pub(super) fn parse(value: &str) -> Result<PuzzleMarks, String> {
        use crate::history::legacy_puzzles::{id_of_place, legacy_puzzles};
        let mut marks = PuzzleMarks::default();
        for word in value.split_whitespace() {
            if crate::ai::puzzle::Puzzle::is_id(word) {
                marks.insert(word.to_string());
                continue;
            }
            match word.parse::<usize>().ok().and_then(id_of_place) {
                Some(id) => marks.insert(id.to_string()),
                None => {
                    return Err(format!(
                        "puzzles {}: expected puzzle identifiers such as 6x6-3f9a2c1d (or the numbers of \
                         solved puzzles, 1 to {})",
                        quote(word),
                        legacy_puzzles().len()
                    ));
                }
            }
        }
        Ok(marks)
    }
}
