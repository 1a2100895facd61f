//! Move notation (`d5`, `c3-c7`, `c3-c5-c7`) and position text (`BWBW/WBWB/... b`).

use super::position::{Color, Coord, Geometry, Move, Position};
use std::fmt;

/// A parse failure: what was wrong and at which character (0-based) of the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// Character offset of the problem within the parsed text.
    pub offset: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.offset + 1, self.message)
    }
}

impl std::error::Error for NotationError {}

fn err(offset: usize, message: impl Into<String>) -> NotationError {
    NotationError { offset, message: message.into() }
}

/// The column letter of a 0-based column.
pub fn col_letter(col: u8) -> char {
    (b'a' + col) as char
}

/// The row number (from the bottom) of a 0-based row on a board with `rows` rows.
pub fn row_number(rows: u8, row: u8) -> u8 {
    rows - row
}

/// A cell in notation, e.g. `a8`.
pub fn coord_to_string(geo: &Geometry, c: Coord) -> String {
    format!("{}{}", col_letter(c.col), row_number(geo.rows(), c.row))
}

/// A move in notation: `d5` for a removal, `c3-c7` for a jump.
pub fn move_to_string(geo: &Geometry, m: Move) -> String {
    if m.is_removal() {
        coord_to_string(geo, m.from)
    } else {
        format!("{}-{}", coord_to_string(geo, m.from), coord_to_string(geo, m.to))
    }
}

/// Parses one cell such as `c3` on a board of this geometry.
pub fn parse_coord(geo: &Geometry, text: &str) -> Result<Coord, NotationError> {
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(|| err(0, "expected a cell such as a1, found nothing"))?;
    if !letter.is_ascii_lowercase() {
        return Err(err(0, format!("expected a column letter a-{}, found '{letter}'", col_letter(geo.cols() - 1))));
    }
    let col = letter as u8 - b'a';
    if col >= geo.cols() {
        return Err(err(0, format!("column '{letter}' is off the board (columns a-{})", col_letter(geo.cols() - 1))));
    }
    let digits = &text[1..];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
        return Err(err(1, format!("expected a row number 1-{} after '{letter}', found '{digits}'", geo.rows())));
    }
    let num: u8 = digits.parse().map_err(|_| err(1, format!("bad row number '{digits}'")))?;
    if num == 0 || num > geo.rows() {
        return Err(err(1, format!("row {num} is off the board (rows 1-{})", geo.rows())));
    }
    Ok(Coord::new(geo.rows() - num, col))
}

/// Parses a move on a board of this geometry. Checks the shape of a jump (a straight line in
/// steps of two), not its legality in a position.
pub fn parse_move(geo: &Geometry, text: &str) -> Result<Move, NotationError> {
    let text_trim = text.trim();
    if text_trim.is_empty() {
        return Err(err(0, "expected a move, found nothing"));
    }
    let mut cells = Vec::new();
    let mut offset = 0;
    for part in text_trim.split('-') {
        let c = parse_coord(geo, part).map_err(|e| err(offset + e.offset, e.message))?;
        cells.push((offset, c));
        offset += part.len() + 1;
    }
    if cells.len() == 1 {
        return Ok(Move::remove(cells[0].1));
    }
    let from = cells[0].1;
    let to = cells[cells.len() - 1].1;
    if from.row != to.row && from.col != to.col {
        return Err(err(0, "a jump must stay in one row or one column"));
    }
    let mut prev = from;
    for &(off, c) in &cells[1..] {
        let (dr, dc) = (c.row.abs_diff(prev.row), c.col.abs_diff(prev.col));
        let dist = dr + dc;
        if (dr != 0 && dc != 0) || dist == 0 || dist % 2 != 0 {
            return Err(err(off, "each jump lands two cells away in a straight line"));
        }
        if cells.len() > 2 && dist != 2 {
            return Err(err(off, "when landings are spelled out, each must be one jump (two cells) further"));
        }
        prev = c;
    }
    // Spelled-out landings must all go the same way.
    let m = Move::jump(from, to);
    if cells.len() > 2 {
        let lands = m.landings();
        if lands.len() != cells.len() - 1 || lands.iter().zip(&cells[1..]).any(|(a, (_, b))| a != b) {
            return Err(err(0, "the landings of a multi-jump must continue in the same direction"));
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

/// Parses position text (see [`position_to_string`]).
pub fn parse_position(text: &str) -> Result<Position, NotationError> {
    let lead = text.len() - text.trim_start().len();
    let body = text.trim();
    let (board, side) = match body.rsplit_once(' ') {
        Some((b, s)) => (b.trim_end(), s),
        None => return Err(err(lead + body.len(), "missing the side to move: add ' b' or ' w' after the rows")),
    };
    let side_at = lead + body.len() - side.len();
    let to_move = match side {
        "b" => Color::Black,
        "w" => Color::White,
        other => return Err(err(side_at, format!("side to move must be 'b' or 'w', found '{other}'"))),
    };
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut at = lead;
    for r in board.split('/') {
        rows.push((at, r));
        at += r.len() + 1;
    }
    if rows.len() > 20 {
        return Err(err(lead, format!("{} rows given; at most 20 are allowed", rows.len())));
    }
    let cols = rows[0].1.chars().count();
    if cols == 0 || cols > 20 {
        return Err(err(lead, format!("row 1 has {cols} cells; rows must have 1 to 20 cells")));
    }
    for (i, (off, r)) in rows.iter().enumerate() {
        let n = r.chars().count();
        if n != cols {
            return Err(err(*off, format!("row {} has {n} cells but row 1 has {cols}", i + 1)));
        }
    }
    let geo = Geometry::new(rows.len() as u8, cols as u8).map_err(|e| err(lead, e))?;
    let mut p = Position::empty(geo, to_move);
    for (r, (off, row)) in rows.iter().enumerate() {
        for (c, (bi, ch)) in row.char_indices().enumerate() {
            let stone = match ch {
                'B' => Some(Color::Black),
                'W' => Some(Color::White),
                '.' => None,
                other => {
                    return Err(err(off + bi, format!("unexpected '{other}' in row {}: cells are B, W or .", r + 1)));
                }
            };
            p.put(Coord::new(r as u8, c as u8), stone);
        }
    }
    let empties = p.empties().count();
    if empties == 0 && to_move != Color::Black {
        return Err(err(side_at, "a full board is the start of the game: Black must be to move (it removes first)"));
    }
    if empties == 1 && to_move != Color::White {
        return Err(err(side_at, "a board with one hole is White's removal turn: White must be to move"));
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
        assert!(parse_move(&g, "c9").is_err());
    }

    #[test]
    fn position_errors_name_the_place() {
        let e = parse_position("BWBW/WBXB/BWBW/WBWB b").unwrap_err();
        assert_eq!(e.offset, 7, "{e}");
        assert!(e.message.contains("'X'"));
        let e = parse_position("BWBW/WBW/BWBW/WBWB b").unwrap_err();
        assert!(e.message.contains("row 2"), "{e}");
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB").is_err());
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB x").is_err());
        assert!(parse_position("BWBW/WBWB/BWBW/WBWB w").is_err());
        assert!(parse_position("").is_err());
        let ok = parse_position("BWBW/WBWB/BWBW/WBWB b").unwrap();
        assert_eq!(position_to_string(&ok), "BWBW/WBWB/BWBW/WBWB b");
    }
}
