//! Game records: the board size, then one move per token. `#` starts a comment to the end of
//! the line. Example:
//!
//! ```text
//! # a short game
//! 6x6
//! a6 b6 a4-a6
//! ```

use super::game::Game;
use super::notation::{move_to_string, parse_move};
use super::position::{Geometry, Move, Phase, Position};
use std::fmt;

/// A parsed record: the board and the moves in order (not yet checked for legality).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board.
    pub geometry: Geometry,
    /// The moves, one per ply.
    pub moves: Vec<Move>,
}

/// A record that failed to parse, with the 1-based line and column of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The offending token, if any.
    pub token: String,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
        } else {
            write!(f, "line {}, column {}: '{}': {}", self.line, self.column, self.token, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

/// A move in a record that is not legal when it is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// 1-based ply number of the illegal move.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// Why it is illegal.
    pub message: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}: {}", self.ply, self.text, self.message)
    }
}

impl std::error::Error for ReplayError {}

/// Parses board size text like `8x8` or `9x13` (rows x columns).
pub fn parse_size(text: &str) -> Result<Geometry, String> {
    let (r, c) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("board size '{text}' must look like 8x8 (rows x columns)"))?;
    let r: u8 = r.trim().parse().map_err(|_| format!("board size '{text}': '{r}' is not a row count"))?;
    let c: u8 = c.trim().parse().map_err(|_| format!("board size '{text}': '{c}' is not a column count"))?;
    Geometry::new(r, c)
}

impl Record {
    /// Parses record text.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut geometry: Option<Geometry> = None;
        let mut moves = Vec::new();
        let mut last_line = 1;
        for (ln, line) in text.lines().enumerate() {
            last_line = ln + 1;
            let code = line.split('#').next().unwrap_or("");
            let mut rest = code;
            let mut col0 = 0;
            while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
                let after = &rest[start..];
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                let token = &after[..end];
                let column = line[..col0 + start].chars().count() + 1;
                let fail = |message: String| RecordError { line: ln + 1, column, token: token.to_string(), message };
                match geometry {
                    None => geometry = Some(parse_size(token).map_err(fail)?),
                    Some(g) => moves.push(parse_move(&g, token).map_err(|e| fail(e.message))?),
                }
                col0 += start + end;
                rest = &after[end..];
            }
        }
        let geometry = geometry.ok_or(RecordError {
            line: last_line,
            column: 1,
            token: String::new(),
            message: "the record is empty: it must start with the board size, e.g. 8x8".into(),
        })?;
        Ok(Record { geometry, moves })
    }

    /// Record text; parses back to the same record.
    pub fn to_text(&self) -> String {
        let mut s = format!("{}x{}\n", self.geometry.rows(), self.geometry.cols());
        for pair in self.moves.chunks(2) {
            let line: Vec<String> = pair.iter().map(|m| move_to_string(&self.geometry, *m)).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s
    }

    /// The record of a game played from the full start.
    pub fn of_game(game: &Game) -> Record {
        Record { geometry: *game.geometry(), moves: game.moves() }
    }

    /// Replays the moves from the start; stops at the first illegal one.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.geometry);
        for (i, &m) in self.moves.iter().enumerate() {
            let text = move_to_string(&self.geometry, m);
            if let Phase::Over { winner } = game.phase() {
                return Err(ReplayError {
                    ply: i + 1,
                    text,
                    message: format!("the game is already over ({} won)", winner.name()),
                });
            }
            game.play(m).map_err(|message| ReplayError { ply: i + 1, text, message })?;
        }
        Ok(game)
    }
}

/// A one-line summary of a finished or unfinished game.
pub fn result_text(p: &Position, plies: usize) -> String {
    match p.phase() {
        Phase::Over { winner } => {
            format!("{} wins after {plies} plies ({} has no move)", winner.name(), winner.opponent().name())
        }
        _ => format!("unfinished after {plies} plies, {} to move", p.to_move().name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_carry_line_and_column() {
        let e = Record::parse("# header\n6x6\na6 b6\n  zz9 \n").unwrap_err();
        assert_eq!((e.line, e.column, e.token.as_str()), (4, 3, "zz9"), "{e}");
        let e = Record::parse("# only a comment\n").unwrap_err();
        assert!(e.message.contains("empty"));
        let e = Record::parse("66\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(Record::parse("21x4\n").is_err());
    }

    #[test]
    fn replay_reports_first_illegal_ply() {
        let r = Record::parse("6x6\na6 b6 a4-a6 c6\n").unwrap();
        let e = r.replay().unwrap_err();
        assert_eq!(e.ply, 4, "{e}");
        let ok = Record::parse("6x6 a6 b6 a4-a6").unwrap().replay().unwrap();
        assert_eq!(ok.ply(), 3);
    }
}
