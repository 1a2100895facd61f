//! Move notation (`d5`, `c3-c7`, `c3-c5-c7`) and position text (`BWBW/WBWB/... b`).

use super::position::{Color, Coord, Geometry, MAX_DIM, Move, Position};
use super::quote::quoted;
use std::fmt;

/// What was wrong with a cell or move in notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotationProblem {
    /// Nothing where a cell was expected.
    NoCell,
    /// The cell does not start with a lowercase letter.
    BadColumnLetter {
        /// What was there.
        found: char,
        /// The board's last column letter.
        last: char,
    },
    /// A column letter past the board's edge.
    ColumnOffBoard {
        /// The letter.
        letter: char,
        /// The board's last column letter.
        last: char,
    },
    /// No row number of one or two digits after the letter.
    BadRowNumber {
        /// The column letter.
        letter: char,
        /// What followed it.
        found: String,
        /// The board's number of rows.
        rows: u8,
    },
    /// A row number past the board's edge.
    RowOffBoard {
        /// The number.
        row: u8,
        /// The board's number of rows.
        rows: u8,
    },
    /// Nothing where a move was expected.
    NoMove,
    /// A jump between cells in different rows and columns.
    NotStraight,
    /// A landing that is not an even number of cells away in a straight line.
    BadStep,
    /// A spelled-out landing more than one jump further.
    StepTooLong,
    /// Spelled-out landings that turn.
    Turns,
}

impl fmt::Display for NotationProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationProblem::NoCell => write!(f, "expected a cell such as a1, found nothing"),
            NotationProblem::BadColumnLetter { found, last } => {
                write!(f, "expected a column letter a-{last}, found {}", quoted(&found.to_string()))
            }
            NotationProblem::ColumnOffBoard { letter, last } => {
                write!(f, "column '{letter}' is off the board (columns a-{last})")
            }
            NotationProblem::BadRowNumber { letter, found, rows } => {
                write!(f, "expected a row number 1-{rows} after '{letter}', found {}", quoted(found))
            }
            NotationProblem::RowOffBoard { row, rows } => write!(f, "row {row} is off the board (rows 1-{rows})"),
            NotationProblem::NoMove => write!(f, "expected a move, found nothing"),
            NotationProblem::NotStraight => write!(f, "a jump must stay in one row or one column"),
            NotationProblem::BadStep => write!(f, "each jump lands two cells away in a straight line"),
            NotationProblem::StepTooLong => {
                write!(f, "when landings are spelled out, each must be one jump (two cells) further")
            }
            NotationProblem::Turns => write!(f, "the landings of a multi-jump must continue in the same direction"),
        }
    }
}

/// A cell or move that could not be read: what was wrong and at which character (0-based) of
/// the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// Character offset of the problem within the parsed text.
    pub offset: usize,
    /// What was wrong.
    pub problem: NotationProblem,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.offset + 1, self.problem)
    }
}

impl std::error::Error for NotationError {}

fn err(offset: usize, problem: NotationProblem) -> NotationError {
    NotationError { offset, problem }
}

pub use super::position::{col_letter, row_number};

/// A cell in notation, e.g. `a8`.
pub fn coord_to_string(geo: &Geometry, c: Coord) -> String {
    geo.coord_name(c)
}

/// A move in notation: `d5` for a removal, `c3-c7` for a jump.
pub fn move_to_string(geo: &Geometry, m: Move) -> String {
    geo.move_name(m)
}

/// Parses one cell such as `c3` on a board of this geometry.
pub fn parse_coord(geo: &Geometry, text: &str) -> Result<Coord, NotationError> {
    let last = col_letter(geo.cols() - 1);
    let letter = text.chars().next().ok_or(err(0, NotationProblem::NoCell))?;
    if !letter.is_ascii_lowercase() {
        return Err(err(0, NotationProblem::BadColumnLetter { found: letter, last }));
    }
    let col = letter as u8 - b'a';
    if col >= geo.cols() {
        return Err(err(0, NotationProblem::ColumnOffBoard { letter, last }));
    }
    let digits = &text[1..];
    // `a08` is not a cell name: a row number has no leading zero.
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with("0") && digits.len() == 2
    {
        return Err(err(1, NotationProblem::BadRowNumber { letter, found: digits.to_string(), rows: geo.rows() }));
    }
    let num: u8 = digits.parse().expect("one or two digits");
    if num == 0 || num > geo.rows() {
        return Err(err(1, NotationProblem::RowOffBoard { row: num, rows: geo.rows() }));
    }
    Ok(Coord::new(geo.rows() - num, col))
}

/// Parses a move on a board of this geometry. Checks the shape of a jump (a straight line in
/// steps of two), not its legality in a position.
pub fn parse_move(geo: &Geometry, text: &str) -> Result<Move, NotationError> {
    let text_trim = text.trim();
    if text_trim.is_empty() {
        return Err(err(0, NotationProblem::NoMove));
    }
    let mut cells = Vec::new();
    let mut offset = 0;
    for part in text_trim.split('-') {
        // Every part before this one parsed, so it was ASCII: bytes and characters agree.
        let c = parse_coord(geo, part).map_err(|e| err(offset + e.offset, e.problem))?;
        cells.push((offset, c));
        offset += part.len() + 1;
    }
    if cells.len() == 1 {
        return Ok(Move::remove(cells[0].1));
    }
    let from = cells[0].1;
    let to = cells[cells.len() - 1].1;
    if from.row != to.row && from.col != to.col {
        return Err(err(0, NotationProblem::NotStraight));
    }
    let mut prev = from;
    for &(off, c) in &cells[1..] {
        let (dr, dc) = (c.row.abs_diff(prev.row), c.col.abs_diff(prev.col));
        let dist = dr + dc;
        if (dr != 0 && dc != 0) || dist == 0 || dist % 2 != 0 {
            return Err(err(off, NotationProblem::BadStep));
        }
        if cells.len() > 2 && dist != 2 {
            return Err(err(off, NotationProblem::StepTooLong));
        }
        prev = c;
    }
    // Spelled-out landings must all go the same way.
    let m = Move::jump(from, to);
    if cells.len() > 2 {
        let lands = m.landings();
        if lands.len() != cells.len() - 1 || lands.iter().zip(&cells[1..]).any(|(a, (_, b))| a != b) {
            return Err(err(0, NotationProblem::Turns));
        }
    }
    Ok(m)
}

/// Position text: rows top to bottom separated by `/`, cells `B`/`W`/`.`, then ` b` or ` w`.
pub fn position_to_string(p: &Position) -> String {
    let g = p.geometry();
    let mut s = String::new();
    for r in 0..g.rows() {
        if r > 0 {
            s.push('/');
        }
        for c in 0..g.cols() {
            s.push(match p.at(Coord::new(r, c)) {
                Some(Color::Black) => 'B',
                Some(Color::White) => 'W',
                None => '.',
            });
        }
    }
    s.push(' ');
    s.push(if p.to_move() == Color::Black { 'b' } else { 'w' });
    s
}

/// Why position text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionProblem {
    /// No ` b` or ` w` after the rows.
    MissingSide,
    /// The side to move is neither `b` nor `w`.
    BadSide {
        /// What was there.
        found: String,
    },
    /// More than 20 rows.
    TooManyRows {
        /// How many.
        rows: usize,
    },
    /// The first row is empty or longer than 20 cells.
    BadWidth {
        /// Its number of cells.
        cells: usize,
    },
    /// A row whose length differs from the first row's.
    UnevenRow {
        /// 1-based row of the text, from the top.
        row: usize,
        /// Its number of cells.
        cells: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// A cell that is not `B`, `W` or `.`.
    BadCell {
        /// 1-based row of the text, from the top.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The cell's name in move notation, e.g. `c3`.
        cell: String,
        /// The character found.
        found: char,
    },
    /// A full board with White to move.
    FullBoardNeedsBlack,
    /// A board with one hole with Black to move.
    OneHoleNeedsWhite,
}

/// Position text that could not be read: what was wrong and at which character (0-based,
/// counted in characters, not bytes).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// Character offset of the problem within the text.
    pub offset: usize,
    /// What was wrong.
    pub problem: PositionProblem,
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingSide => write!(f, "missing the side to move: add ' b' or ' w' after the rows"),
            PositionProblem::BadSide { found } => {
                write!(f, "side to move must be 'b' or 'w', found {}", quoted(found))
            }
            PositionProblem::TooManyRows { rows } => write!(f, "{rows} rows given; at most {MAX_DIM} are allowed"),
            PositionProblem::BadWidth { cells } => {
                write!(f, "row 1 has {cells} cells; rows must have 1 to {MAX_DIM} cells")
            }
            PositionProblem::UnevenRow { row, cells, expected } => {
                write!(f, "row {row} has {cells} cells but row 1 has {expected}")
            }
            PositionProblem::BadCell { row, column, cell, found } => write!(
                f,
                "unexpected {} in row {row}, column {column} (cell {cell}): cells are B, W or .",
                quoted(&found.to_string())
            ),
            PositionProblem::FullBoardNeedsBlack => {
                write!(f, "a full board is the start of the game: Black must be to move (it removes first)")
            }
            PositionProblem::OneHoleNeedsWhite => {
                write!(f, "a board with one hole is White's removal turn: White must be to move")
            }
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.offset + 1, self.problem)
    }
}

impl std::error::Error for PositionError {}

/// The position whose rows (each with its character offset in the text) are given, on a
/// board of `geo` already checked against them; a character that is no cell is refused.
fn fill_rows(geo: Geometry, to_move: Color, rows: &[(usize, &str, usize)]) -> Result<Position, PositionError> {
    let mut p = Position::empty(geo, to_move);
    for (r, &(off, row, _)) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let stone = match ch {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                '.' => None,
                found => {
                    let cell = geo.coord_name(Coord::new(r as u8, c as u8));
                    let problem = PositionProblem::BadCell { row: r + 1, column: c + 1, cell, found };
                    return Err(PositionError { offset: off + c, problem });
                }
            };
            p.put(Coord::new(r as u8, c as u8), stone);
        }
    }
    Ok(p)
}

/// Parses position text (see [`position_to_string`]).
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    let fail = |offset: usize, problem: PositionProblem| PositionError { offset, problem };
    let chars = |s: &str| s.chars().count();
    // A byte-order mark (a file saved by some editors) is not part of the position.
    let (text, bom) = text.strip_prefix('\u{feff}').map_or((text, 0), |t| (t, 1));
    let trimmed_start = text.trim_start();
    let lead = bom + chars(&text[..text.len() - trimmed_start.len()]);
    let body = trimmed_start.trim_end();
    let body_chars = chars(body);
    let (board, side) = match body.rsplit_once(' ') {
        Some((b, s)) => (b.trim_end(), s),
        None => return Err(fail(lead + body_chars, PositionProblem::MissingSide)),
    };
    let side_at = lead + body_chars - chars(side);
    let to_move = match side {
        "b" => Color::Black,
        "w" => Color::White,
        other => return Err(fail(side_at, PositionProblem::BadSide { found: other.to_string() })),
    };
    // Each row with its character offset and number of cells.
    let mut rows: Vec<(usize, &str, usize)> = Vec::new();
    let mut at = lead;
    for r in board.split('/') {
        if rows.len() == MAX_DIM as usize {
            let count = board.split('/').count();
            return Err(fail(lead, PositionProblem::TooManyRows { rows: count }));
        }
        let n = chars(r);
        rows.push((at, r, n));
        at += n + 1;
    }
    let cols = rows[0].2;
    if cols == 0 || cols > MAX_DIM as usize {
        return Err(fail(lead, PositionProblem::BadWidth { cells: cols }));
    }
    for (i, &(off, _, n)) in rows.iter().enumerate() {
        if n != cols {
            return Err(fail(off, PositionProblem::UnevenRow { row: i + 1, cells: n, expected: cols }));
        }
    }
    let geo = Geometry::new(rows.len() as u8, cols as u8).expect("rows and columns were checked");
    let p = fill_rows(geo, to_move, &rows)?;
    let empties = p.empties().count();
    if empties == 0 && to_move != Color::Black {
        return Err(fail(side_at, PositionProblem::FullBoardNeedsBlack));
    }
    if empties == 1 && to_move != Color::White {
        return Err(fail(side_at, PositionProblem::OneHoleNeedsWhite));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_names_on_8x8() {
        let g = Geometry::new(8, 8).unwrap();
        assert_eq!(coord_to_string(&g, Coord::new(0, 0)), "a8");
        assert_eq!(coord_to_string(&g, Coord::new(7, 7)), "h1");
        assert_eq!(parse_coord(&g, "h1").unwrap(), Coord::new(7, 7));
    }

    #[test]
    fn spelled_out_multi_jump_equals_short_form() {
        let g = Geometry::new(8, 8).unwrap();
        assert_eq!(parse_move(&g, "c3-c5-c7").unwrap(), parse_move(&g, "c3-c7").unwrap());
        assert!(parse_move(&g, "c3-c5-e5").is_err());
        assert!(parse_move(&g, "c3-d4").is_err());
        assert!(parse_move(&g, "c3-c4").is_err());
        assert!(parse_move(&g, "z3").is_err());
        assert_eq!(parse_move(&g, "c9").unwrap_err().to_string(), "at character 2: row 9 is off the board (rows 1-8)");
        assert_eq!(
            parse_move(&g, "c3-c5-e5").unwrap_err().to_string(),
            "at character 1: a jump must stay in one row or one column"
        );
        assert_eq!(
            parse_move(&g, "c3-\u{7}").unwrap_err().to_string(),
            "at character 4: expected a column letter a-h, found '\\u{7}'"
        );
    }

    #[test]
    fn position_errors_name_the_place() {
        let e = parse_position("BWBW/WBXB/BWBW/WBWB b").unwrap_err();
        assert_eq!(e.offset, 7, "{e}");
        assert_eq!(e.to_string(), "at character 8: unexpected 'X' in row 2, column 3 (cell c3): cells are B, W or .");
        let e = parse_position("BWBW/WBW/BWBW/WBWB b").unwrap_err();
        assert!(e.to_string().contains("row 2"), "{e}");
        // Offsets count characters, not bytes.
        let e = parse_position("BWé/WB b").unwrap_err();
        assert_eq!(e.to_string(), "at character 5: row 2 has 2 cells but row 1 has 3");
        let e = parse_position(" ééé/BWX b").unwrap_err();
        assert_eq!(e.to_string(), "at character 2: unexpected 'é' in row 1, column 1 (cell a2): cells are B, W or .");
        let e = parse_position("BW/Wé\u{7} b").unwrap_err();
        assert!(e.to_string().contains("row 2 has 3 cells"), "{e}");
        let e = parse_position("BW/W\u{7} b").unwrap_err();
        assert!(e.to_string().contains("'\\u{7}'"), "{e}");
        let many = vec!["B"; 5000].join("/") + " b";
        let e = parse_position(&many).unwrap_err();
        assert_eq!(e.problem, PositionProblem::TooManyRows { rows: 5000 });
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB").is_err());
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB x").is_err());
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB w").is_err());
        assert!(parse_position("").is_err());
        let ok = parse_position("BWBW/WBWB/BWBW/WBWB b").unwrap();
        assert_eq!(position_to_string(&ok), "BWBW/WBWB/BWBW/WBWB b");
    }

    #[test]
    fn a_byte_order_mark_before_a_position_is_passed_over() {
        let plain = parse_position("B...../W...../....../W...../....../...... b").unwrap();
        assert_eq!(parse_position("\u{feff}B...../W...../....../W...../....../...... b").unwrap(), plain);
        // A mistake after it is still found where it is (the mark counts as one character).
        let e = parse_position("\u{feff}B...../W...../....../W...../....../...... x").unwrap_err();
        assert_eq!(e.offset, 43);
    }
}
