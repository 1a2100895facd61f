//! Game records: the board size, then one move per token. `#` starts a comment to the end of
//! the line. Example:
//!
//! ```text
//! # a short game
//! 6x6
//! a6 b6 a4-a6
//! ```
//!
//! A game that did not start from the full board begins with `position` and the position text
//! on the rest of that line instead of the size (`position BWB/W.W/BWB b`). A leading UTF-8
//! byte-order mark is skipped. Parsing and replaying take time linear in the length of the text.

use super::game::Game;
use super::notation::{
    NotationProblem, PositionProblem, move_to_string, parse_move, parse_position, position_to_string,
};
use super::position::{Color, Geometry, IllegalMove, MAX_DIM, Move, Phase, Position};
use super::quote::quoted;
use std::fmt;

/// A parsed record: the start and the moves in order (not yet checked for legality).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board.
    pub geometry: Geometry,
    /// The position the moves start from: the full board unless the record gives a position.
    pub start: Position,
    /// The moves, one per ply.
    pub moves: Vec<Move>,
}

/// What was wrong in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// The first token is not a board size (the message of [`parse_size`]).
    Size(String),
    /// A move that cannot be read.
    Move(NotationProblem),
    /// A `position` line whose position cannot be read.
    Start(PositionProblem),
    /// Nothing but comments and blank lines.
    Empty,
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::Size(message) => write!(f, "{message}"),
            RecordProblem::Move(p) => write!(f, "{p}"),
            RecordProblem::Start(p) => write!(f, "bad start position: {p}"),
            RecordProblem::Empty => write!(f, "the record is empty: it must start with the board size, e.g. 8x8"),
        }
    }
}

/// A record that failed to parse, with the 1-based line and column (in characters) of the
/// problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The offending token, if any (shown shortened by `Display`).
    pub token: String,
    /// What was wrong.
    pub problem: RecordProblem,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "line {}, column {}: {}", self.line, self.column, self.problem)
        } else {
            write!(f, "line {}, column {}: {}: {}", self.line, self.column, quoted(&self.token), self.problem)
        }
    }
}

impl std::error::Error for RecordError {}

/// A move in a record that is not legal when it is reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// A move after the end of the game.
    GameOver {
        /// 1-based ply number of the move.
        ply: usize,
        /// The move.
        mv: Move,
        /// The board, to name the move.
        geometry: Geometry,
        /// Who had already won.
        winner: Color,
    },
    /// A move the rules do not allow.
    Illegal {
        /// 1-based ply number of the move.
        ply: usize,
        /// The move and why.
        error: IllegalMove,
    },
}

impl ReplayError {
    /// 1-based ply number of the first move that could not be played.
    pub fn ply(&self) -> usize {
        match self {
            ReplayError::GameOver { ply, .. } | ReplayError::Illegal { ply, .. } => *ply,
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::GameOver { ply, mv, geometry, winner } => {
                write!(f, "ply {ply}: {}: the game is already over ({} won)", geometry.move_name(*mv), winner.name())
            }
            ReplayError::Illegal { ply, error } => {
                write!(f, "ply {ply}: {}: {error}", error.geometry.move_name(error.mv))
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Parses board size text like `8x8` or `9x13` (rows x columns, each 1 to 20).
pub fn parse_size(text: &str) -> Result<Geometry, String> {
    let (r, c) = text
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("board size {} must look like 8x8 (rows x columns)", quoted(text)))?;
    let mut out_of_range = false;
    let mut dim = |part: &str, what: &str| -> Result<u8, String> {
        let t = part.trim();
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("board size {}: {} is not a {what} count", quoted(text), quoted(t)));
        }
        match t.parse::<i64>() {
            Ok(n) if (1..=MAX_DIM as i64).contains(&n) => Ok(n as u8),
            _ => {
                out_of_range = true;
                Ok(0)
            }
        }
    };
    let (r, c) = (dim(r, "row")?, dim(c, "column")?);
    if out_of_range {
        return Err(format!(
            "board size {} is out of range: rows and columns must be 1 to {MAX_DIM}",
            quoted(text.trim())
        ));
    }
    Geometry::new(r, c)
}

impl Record {
    /// Parses record text.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut start: Option<Position> = None;
        let mut moves = Vec::new();
        let mut last_line = 1;
        for (ln, line) in text.lines().enumerate() {
            last_line = ln + 1;
            let code = line.find('#').map_or(line, |i| &line[..i]);
            // `rest` is the unread part of the line and `col` the characters before it: every
            // character is counted once, so a long line costs linear time.
            let mut rest = code;
            let mut col = 0;
            while let Some(ws) = rest.find(|c: char| !c.is_whitespace()) {
                col += rest[..ws].chars().count();
                let after = &rest[ws..];
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                let token = &after[..end];
                let column = col + 1;
                let fail = |problem| RecordError { line: ln + 1, column, token: token.to_string(), problem };
                match start {
                    None if token == "position" => {
                        let body = &after[end..];
                        let p = parse_position(body).map_err(|e| RecordError {
                            line: ln + 1,
                            column: column + token.len() + e.offset,
                            token: String::new(),
                            problem: RecordProblem::Start(e.problem),
                        })?;
                        start = Some(p);
                        break;
                    }
                    None => start = Some(Position::start(parse_size(token).map_err(|e| fail(RecordProblem::Size(e)))?)),
                    Some(p) => {
                        moves.push(parse_move(p.geometry(), token).map_err(|e| fail(RecordProblem::Move(e.problem)))?)
                    }
                }
                col += token.chars().count();
                rest = &after[end..];
            }
        }
        let start = start.ok_or(RecordError {
            line: last_line,
            column: 1,
            token: String::new(),
            problem: RecordProblem::Empty,
        })?;
        Ok(Record { geometry: *start.geometry(), start, moves })
    }

    /// Record text; parses back to the same record.
    pub fn to_text(&self) -> String {
        let mut s = if self.start == Position::start(self.geometry) {
            format!("{}x{}\n", self.geometry.rows(), self.geometry.cols())
        } else {
            format!("position {}\n", position_to_string(&self.start))
        };
        for pair in self.moves.chunks(2) {
            let line: Vec<String> = pair.iter().map(|m| move_to_string(&self.geometry, *m)).collect();
            s.push_str(&line.join(" "));
            s.push('\n');
        }
        s
    }

    /// The record of a game: its start (the full board, or the position it was built from) and
    /// every move played.
    pub fn of_game(game: &Game) -> Record {
        Record { geometry: *game.geometry(), start: *game.start(), moves: game.moves() }
    }

    /// Replays the moves from the start; stops at the first illegal one.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(self.start);
        for (i, &mv) in self.moves.iter().enumerate() {
            if let Phase::Over { winner } = game.phase() {
                return Err(ReplayError::GameOver { ply: i + 1, mv, geometry: self.geometry, winner });
            }
            game.try_play(mv).map_err(|error| ReplayError::Illegal { ply: i + 1, error })?;
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
        assert_eq!(e.problem, RecordProblem::Empty);
        assert_eq!(e.to_string(), "line 1, column 1: the record is empty: it must start with the board size, e.g. 8x8");
        let e = Record::parse("66\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(Record::parse("21x4\n").is_err());
    }

    #[test]
    fn replay_reports_first_illegal_ply() {
        let r = Record::parse("6x6\na6 b6 a4-a6 c6\n").unwrap();
        let e = r.replay().unwrap_err();
        assert_eq!(e.ply(), 4, "{e}");
        assert_eq!(e.to_string(), "ply 4: c6: c6 is not a legal move for White here");
        let ok = Record::parse("6x6 a6 b6 a4-a6").unwrap().replay().unwrap();
        assert_eq!(ok.ply(), 3);
    }

    #[test]
    fn sizes_out_of_range_say_so() {
        for bad in ["1x400", "256x1", "99999999999x1", "21x21", "0x5", "-1x8", "8x-3"] {
            let e = parse_size(bad).unwrap_err();
            assert_eq!(e, format!("board size '{bad}' is out of range: rows and columns must be 1 to 20"));
        }
        assert_eq!(parse_size("8xq").unwrap_err(), "board size '8xq': 'q' is not a column count");
        assert_eq!(parse_size(" 9 x 13 ").unwrap(), Geometry::new(9, 13).unwrap());
        let long = format!("8x{}", "9".repeat(1000));
        let e = parse_size(&long).unwrap_err();
        assert!(e.contains("out of range") && e.len() < 200, "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let r = Record::parse("\u{feff}6x6\na6 b6\n").unwrap();
        assert_eq!((r.geometry, r.moves.len()), (Geometry::new(6, 6).unwrap(), 2));
    }

    #[test]
    fn long_tokens_are_quoted_short() {
        let text = format!("6x6\na6 {}\n", "z".repeat(1_000_000));
        let e = Record::parse(&text).unwrap_err();
        let shown = e.to_string();
        assert!(shown.starts_with("line 2, column 4: 'zzz"), "{shown}");
        assert!(shown.len() < 200, "{} bytes", shown.len());
    }

    #[test]
    fn columns_count_characters_on_long_lines() {
        // 100,000 moves on one line: the last token's column is found without rescanning.
        let mut line = "a6 b6 ".repeat(50_000);
        line.push_str("é9");
        let e = Record::parse(&format!("6x6\n{line}\n")).unwrap_err();
        assert_eq!((e.line, e.column), (2, 300_001), "{e}");
    }

    #[test]
    fn games_from_a_position_record_their_start() {
        let p = parse_position("...../W..../...../W..../B.... b").unwrap();
        let mut g = Game::from_position(p);
        g.try_play(parse_move(p.geometry(), "a1-a5").unwrap()).unwrap();
        let rec = Record::of_game(&g);
        let text = rec.to_text();
        assert_eq!(text, "position ...../W..../...../W..../B.... b\na1-a5\n");
        let back = Record::parse(&format!("# from a puzzle\n{text}")).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.replay().unwrap(), g);
        // Full-board games keep the short size header.
        let mut full = Game::new(Geometry::new(4, 4).unwrap());
        full.try_play(full.legal_moves()[0]).unwrap();
        assert!(Record::of_game(&full).to_text().starts_with("4x4\n"));
        let e = Record::parse("position BWX/WBW/BWB b\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 12), "{e}");
        assert!(matches!(e.problem, RecordProblem::Start(PositionProblem::BadCell { found: 'X', .. })), "{e}");
        assert!(e.to_string().contains("bad start position: unexpected 'X'"), "{e}");
    }
}
