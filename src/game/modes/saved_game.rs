//! A saved game's file: a game record with a few header comments naming who played each
//! colour and how it stands, read back with every problem named by its line.

use crate::ai::Level;
use crate::game::platform::i18n::{Msg, level_name, side_key};
use crate::game::platform::settings::Controller;
use crate::rules::{Color as Side, Game, Record};
use std::path::Path;

/// Largest saved game read (a 20x20 game has at most a few hundred moves).
pub(crate) const MAX_SAVE_BYTES: u64 = 1 << 20;

/// A game as saved: its record and who played each colour.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, replayed from its record (so its history can be undone).
    pub game: Game,
    /// Who plays Black and White.
    pub players: [Controller; 2],
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
    /// When it was saved, as written in the file (`2026-11-30 09:12 UTC`), if it says.
    pub date: Option<String>,
    /// Whether a move was taken back (the game is then unrated).
    pub took_back: bool,
    /// The named opponent the computer played as, if any.
    pub persona: Option<crate::ai::Persona>,
}

fn controller_word(c: Controller) -> &'static str {
    match c {
        Controller::Human => "human",
        Controller::Ai(l) => l.name(),
        Controller::Remote => "friend",
    }
}

/// "Person" or "Computer (Medium)", for lists.
pub fn controller_label(c: Controller) -> Msg {
    match c {
        Controller::Human => Msg::new("save-person"),
        Controller::Ai(l) => Msg::new("save-computer").sub("level", level_name(l)),
        Controller::Remote => Msg::new("save-friend"),
    }
}

/// The side a `resigned:` header names (`line` for the error).
fn header_side(value: &str, line: usize) -> Result<Side, String> {
    match value {
        "black" => Ok(Side::Black),
        "white" => Ok(Side::White),
        _ => {
            Err(format!("line {line}: resigned: expected black or white, found {}", crate::rules::quote::quoted(value)))
        }
    }
}

/// The named opponent an `opponent:` header names (`line` for the error).
fn header_persona(value: &str, line: usize) -> Result<crate::ai::Persona, String> {
    crate::ai::Persona::from_id(value).ok_or_else(|| {
        format!(
            "line {line}: opponent: expected keala, lani, pua, kekoa or makana, found {}",
            crate::rules::quote::quoted(value)
        )
    })
}

impl SavedGame {
    /// The winner, counting a resignation.
    pub fn winner(&self) -> Option<Side> {
        self.resigned.map(Side::opponent).or_else(|| self.game.winner())
    }

    /// The result for the Load screen.
    pub fn result_msg(&self) -> Msg {
        match (self.winner(), self.resigned) {
            (Some(w), Some(_)) => Msg::new("result-won-resigned").text("winner", side_key(w)),
            (Some(w), None) => Msg::new("result-won").text("winner", side_key(w)),
            (None, _) => Msg::new("result-unfinished"),
        }
    }

    /// The result in the file's words (always English): "Black won", "White won (Black
    /// resigned)", "unfinished".
    pub fn result_words(&self) -> String {
        match (self.winner(), self.resigned) {
            (Some(w), Some(r)) => format!("{} won ({} resigned)", w.name(), r.name()),
            (Some(w), None) => format!("{} won", w.name()),
            (None, _) => "unfinished".into(),
        }
    }

    /// The file's text.
    pub fn to_text(game: &Game, players: [Controller; 2], resigned: Option<Side>, date: Option<&str>) -> String {
        SavedGame::to_text_with(game, players, resigned, date, false)
    }

    /// The file's text, saying whether a move was taken back (the game is then unrated).
    pub fn to_text_with(
        game: &Game,
        players: [Controller; 2],
        resigned: Option<Side>,
        date: Option<&str>,
        took_back: bool,
    ) -> String {
        let saved = SavedGame { game: game.clone(), players, resigned, date: None, took_back, persona: None };
        let mut text = String::from("# Kōnane game\n");
        if let Some(d) = date {
            text += &format!("# date: {d}\n");
        }
        text += &format!(
            "# black: {}\n# white: {}\n",
            controller_word(players[Side::Black.index()]),
            controller_word(players[Side::White.index()])
        );
        if let Some(r) = resigned {
            text += &format!("# resigned: {}\n", r.name().to_lowercase());
        }
        if took_back {
            text += "# took back: yes\n";
        }
        text += &format!("# result: {}\n{}", saved.result_words(), Record::of_game(game).to_text());
        text
    }

    /// `text` (of [`SavedGame::to_text`]) naming the computer's named opponent, if any, in a
    /// header line of its own before the result.
    pub fn with_persona(text: String, persona: Option<crate::ai::Persona>) -> String {
        match persona {
            Some(p) => text.replacen("# result:", &format!("# opponent: {}\n# result:", p.id()), 1),
            None => text,
        }
    }

    /// Reads a saved game's text; errors name the line, token or ply.
    pub fn parse(text: &str) -> Result<SavedGame, String> {
        let record = Record::parse(text).map_err(|e| e.to_string())?;
        let game = record.replay().map_err(|e| format!("illegal move at {e}"))?;
        let mut saved = SavedGame {
            game,
            players: [Controller::Human, Controller::Ai(Level::Medium)],
            resigned: None,
            date: None,
            took_back: false,
            persona: None,
        };
        for (i, line) in text.lines().enumerate() {
            let Some(header) = line.trim().strip_prefix('#') else { continue };
            let Some((key, value)) = header.split_once(':') else { continue };
            let value = value.trim();
            let side = match key.trim() {
                "black" => Side::Black,
                "white" => Side::White,
                "took back" => {
                    saved.took_back = value == "yes";
                    continue;
                }
                "date" => {
                    saved.date = Some(value.chars().take(40).collect());
                    continue;
                }
                "opponent" => {
                    saved.persona = Some(header_persona(value, i + 1)?);
                    continue;
                }
                "resigned" => {
                    saved.resigned = Some(header_side(value, i + 1)?);
                    continue;
                }
                _ => continue,
            };
            // An online game's record opens as a game of two people at this screen.
            saved.players[side.index()] = if value == "human" || value == "friend" {
                Controller::Human
            } else {
                Controller::Ai(value.parse::<Level>().map_err(|e| format!("line {}: {e}", i + 1))?)
            };
        }
        if saved.resigned.is_some() && saved.game.winner().is_some() {
            return Err("the record says a side resigned, but the game had already ended".into());
        }
        Ok(saved)
    }

    /// Reads a saved game file.
    pub fn load(path: &Path) -> Result<SavedGame, String> {
        let text = crate::files::read_regular_file(path, MAX_SAVE_BYTES)?;
        SavedGame::parse(&text).map_err(|e| format!("{}: {e}", crate::files::show_path(path)))
    }
}

/// A time as `2026-11-30 09:12 UTC` (for people) and `2026-11-30_09-12-05` (for file names).
pub fn utc_stamp(t: std::time::SystemTime) -> (String, String) {
    let secs = t.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (h, m, s) = (rest / 3600, rest / 60 % 60, rest % 60);
    let (year, month, day) = crate::history::puzzles::civil_from_days(days as i64);
    (
        format!("{year:04}-{month:02}-{day:02} {h:02}:{m:02} UTC"),
        format!("{year:04}-{month:02}-{day:02}_{h:02}-{m:02}-{s:02}"),
    )
}
