//! Board geometry, positions, move generation and move application.

use super::bits::{BITS, Bits};
use std::fmt;

/// Largest number of rows or columns the engine accepts.
pub const MAX_DIM: u8 = 20;

/// A player colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first; owns cells where `row + col` is even.
    Black,
    /// Moves second.
    White,
}

impl Color {
    /// The other colour.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Capitalised English name.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

/// A cell, 0-based, row 0 at the top.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Coord {
    /// Row from the top.
    pub row: u8,
    /// Column from the left.
    pub col: u8,
}

impl Coord {
    /// A coordinate.
    pub const fn new(row: u8, col: u8) -> Coord {
        Coord { row, col }
    }
}

/// A move: a removal (`from == to`) or a jump in one direction over one or more stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The stone that moves (or is removed).
    pub from: Coord,
    /// The final landing (equal to `from` for a removal).
    pub to: Coord,
}

impl Move {
    /// A removal of the stone at `at`.
    pub const fn remove(at: Coord) -> Move {
        Move { from: at, to: at }
    }

    /// A jump from `from` to `to` (same row or column, even distance).
    pub const fn jump(from: Coord, to: Coord) -> Move {
        Move { from, to }
    }

    /// Whether this is an opening removal.
    pub fn is_removal(&self) -> bool {
        self.from == self.to
    }

    /// Number of stones captured (0 for a removal).
    pub fn hops(&self) -> u8 {
        let d = self.from.row.abs_diff(self.to.row) + self.from.col.abs_diff(self.to.col);
        d / 2
    }

    /// The unit step `(drow, dcol)` of a jump; `(0, 0)` for a removal.
    pub fn step(&self) -> (i8, i8) {
        let dr = (self.to.row as i8 - self.from.row as i8).signum();
        let dc = (self.to.col as i8 - self.from.col as i8).signum();
        (dr, dc)
    }

    /// Cells of captured stones, in jump order.
    pub fn captured(&self) -> Vec<Coord> {
        let (dr, dc) = self.step();
        (0..self.hops() as i8)
            .map(|k| {
                Coord::new(
                    (self.from.row as i8 + dr * (2 * k + 1)) as u8,
                    (self.from.col as i8 + dc * (2 * k + 1)) as u8,
                )
            })
            .collect()
    }

    /// Every landing of a jump in order (the last is `to`).
    pub fn landings(&self) -> Vec<Coord> {
        let (dr, dc) = self.step();
        (1..=self.hops() as i8)
            .map(|k| Coord::new((self.from.row as i8 + dr * 2 * k) as u8, (self.from.col as i8 + dc * 2 * k) as u8))
            .collect()
    }
}

/// The opening phase or play phase of a position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Black removes one stone from a centre cell or a corner.
    BlackRemoves,
    /// White removes one stone next to Black's hole.
    WhiteRemoves,
    /// Players alternate jumps.
    Jumping,
    /// The side to move has no legal move; `winner` moved last.
    Over {
        /// The player who won.
        winner: Color,
    },
}

/// Board dimensions and the derived bit layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    rows: u8,
    cols: u8,
    stride: u8,
    valid: Bits,
}

impl Geometry {
    /// A `rows × cols` board; both in `1..=20`.
    pub fn new(rows: u8, cols: u8) -> Result<Geometry, String> {
        if !(1..=MAX_DIM).contains(&rows) || !(1..=MAX_DIM).contains(&cols) {
            return Err(format!("board size {rows}x{cols} is out of range: rows and columns must be 1 to {MAX_DIM}"));
        }
        let stride = cols + 1;
        let mut valid = Bits::EMPTY;
        for r in 0..rows {
            for c in 0..cols {
                valid.set(r as usize * stride as usize + c as usize);
            }
        }
        debug_assert!(rows as usize * stride as usize <= BITS);
        Ok(Geometry { rows, cols, stride, valid })
    }

    /// Number of rows.
    #[inline]
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Number of columns.
    #[inline]
    pub fn cols(&self) -> u8 {
        self.cols
    }

    /// A cell in notation, e.g. `a8` (column letter, row number counted from the bottom).
    pub fn coord_name(&self, c: Coord) -> String {
        format!("{}{}", col_letter(c.col), row_number(self.rows, c.row))
    }

    /// A move in notation: `d5` for a removal, `c3-c7` for a jump.
    pub fn move_name(&self, m: Move) -> String {
        if m.is_removal() {
            self.coord_name(m.from)
        } else {
            format!("{}-{}", self.coord_name(m.from), self.coord_name(m.to))
        }
    }

    /// Bit index of a cell.
    #[inline]
    pub fn index(&self, c: Coord) -> usize {
        c.row as usize * self.stride as usize + c.col as usize
    }

    /// Cell of a bit index.
    #[inline]
    pub fn coord(&self, i: usize) -> Coord {
        let s = self.stride as usize;
        Coord::new((i / s) as u8, (i % s) as u8)
    }

    /// Whether a coordinate is on the board.
    #[inline]
    pub fn contains(&self, c: Coord) -> bool {
        c.row < self.rows && c.col < self.cols
    }

    /// All cells of the board as a set.
    #[inline]
    pub fn cells(&self) -> Bits {
        self.valid
    }

    /// Bit offsets of the four orthogonal directions: north, south, west, east.
    #[inline]
    fn offsets(&self) -> [i32; 4] {
        let s = self.stride as i32;
        [-s, s, -1, 1]
    }

    /// The central cells: the middle row(s) crossed with the middle column(s) (1, 2 or 4 cells).
    pub fn central_cells(&self) -> Vec<Coord> {
        let mid = |n: u8| -> Vec<u8> { if n.is_multiple_of(2) { vec![n / 2 - 1, n / 2] } else { vec![n / 2] } };
        let mut out = Vec::new();
        for r in mid(self.rows) {
            for c in mid(self.cols) {
                out.push(Coord::new(r, c));
            }
        }
        out
    }

    /// The four corners (fewer on 1-wide boards, without duplicates).
    pub fn corners(&self) -> Vec<Coord> {
        let mut out = Vec::new();
        for c in [
            Coord::new(0, 0),
            Coord::new(0, self.cols - 1),
            Coord::new(self.rows - 1, 0),
            Coord::new(self.rows - 1, self.cols - 1),
        ] {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }
}

/// The column letter of a 0-based column.
pub fn col_letter(col: u8) -> char {
    (b'a' + col) as char
}

/// The row number (from the bottom) of a 0-based row on a board with `rows` rows.
pub fn row_number(rows: u8, row: u8) -> u8 {
    rows - row
}

/// A move that is not legal in the position it was tried in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The side that was to move.
    pub side: Color,
    /// The board, to name the move.
    pub geometry: Geometry,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move for {} here", self.geometry.move_name(self.mv), self.side.name())
    }
}

impl std::error::Error for IllegalMove {}

/// The colour of the stone on a cell at the start of a game.
pub fn start_color(c: Coord) -> Color {
    if (c.row + c.col).is_multiple_of(2) { Color::Black } else { Color::White }
}

/// Counts about one side's jumps, for the evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JumpFeatures {
    /// Jump moves (a double jump and its first hop are two moves).
    pub moves: u32,
    /// Distinct stones that can jump.
    pub movers: u32,
    /// Distinct enemy stones that a jump could capture first.
    pub captures: u32,
    /// Moves of two hops or more.
    pub multi: u32,
}

/// A position: which stone is on every cell, and who moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    geo: Geometry,
    stones: [Bits; 2],
    to_move: Color,
    hash: u64,
}

/// Zobrist keys: one per (colour, bit index), plus one toggled when White is to move. There is
/// no phase key: the phase follows from the number of empty cells.
const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

const fn zobrist_table() -> [[u64; BITS]; 2] {
    let mut t = [[0u64; BITS]; 2];
    let mut i = 0;
    while i < BITS {
        t[0][i] = splitmix(i as u64 * 2 + 1);
        t[1][i] = splitmix(i as u64 * 2 + 2);
        i += 1;
    }
    t
}

static ZOBRIST: [[u64; BITS]; 2] = zobrist_table();
const ZOBRIST_WHITE_TO_MOVE: u64 = splitmix(0xDEAD_BEEF);

/// The Zobrist key of a stone of `color` on bit index `index` (for symmetric hashing).
#[inline]
pub fn zobrist_key(color: Color, index: usize) -> u64 {
    ZOBRIST[color.index()][index]
}

/// The Zobrist key toggled when White is to move.
pub const fn zobrist_side_key() -> u64 {
    ZOBRIST_WHITE_TO_MOVE
}

impl Geometry {
    /// The board's symmetries as maps from bit index to bit index: 8 on a square board,
    /// 4 on a rectangle (identity first). Only valid cells are mapped.
    pub fn symmetries(&self) -> Vec<Vec<u16>> {
        let (r, c) = (self.rows as i32, self.cols as i32);
        type CellMap = Box<dyn Fn(i32, i32) -> (i32, i32)>;
        let mut maps: Vec<CellMap> = vec![
            Box::new(|y, x| (y, x)),
            Box::new(move |y, x| (y, c - 1 - x)),
            Box::new(move |y, x| (r - 1 - y, x)),
            Box::new(move |y, x| (r - 1 - y, c - 1 - x)),
        ];
        if r == c {
            maps.push(Box::new(|y, x| (x, y)));
            maps.push(Box::new(move |y, x| (c - 1 - x, r - 1 - y)));
            maps.push(Box::new(move |y, x| (x, r - 1 - y)));
            maps.push(Box::new(move |y, x| (c - 1 - x, y)));
        }
        maps.iter()
            .map(|f| {
                let mut m = vec![0u16; BITS];
                for y in 0..r {
                    for x in 0..c {
                        let (ny, nx) = f(y, x);
                        m[self.index(Coord::new(y as u8, x as u8))] = self.index(Coord::new(ny as u8, nx as u8)) as u16;
                    }
                }
                m
            })
            .collect()
    }
}

impl Position {
    /// The full starting board of a geometry, Black to move.
    pub fn start(geo: Geometry) -> Position {
        let mut p = Position { geo, stones: [Bits::EMPTY; 2], to_move: Color::Black, hash: 0 };
        for r in 0..geo.rows {
            for c in 0..geo.cols {
                let at = Coord::new(r, c);
                p.put(at, Some(start_color(at)));
            }
        }
        p
    }

    /// An empty board with the given side to move (for building positions).
    pub fn empty(geo: Geometry, to_move: Color) -> Position {
        let hash = if to_move == Color::White { ZOBRIST_WHITE_TO_MOVE } else { 0 };
        Position { geo, stones: [Bits::EMPTY; 2], to_move, hash }
    }

    /// The board geometry.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Zobrist hash of stones and side to move (the phase follows from the stones).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones of one colour.
    #[inline]
    pub fn stones(&self, c: Color) -> Bits {
        self.stones[c.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empties(&self) -> Bits {
        self.geo.valid.and_not(self.stones[0].or(self.stones[1]))
    }

    /// Number of stones of a colour.
    pub fn count(&self, c: Color) -> u32 {
        self.stones[c.index()].count()
    }

    /// The stone on a cell, if any. Off-board cells are empty.
    pub fn at(&self, c: Coord) -> Option<Color> {
        if !self.geo.contains(c) {
            return None;
        }
        let i = self.geo.index(c);
        if self.stones[0].get(i) {
            Some(Color::Black)
        } else if self.stones[1].get(i) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Places (or clears, with `None`) a stone; keeps the hash in step.
    pub fn put(&mut self, c: Coord, stone: Option<Color>) {
        let i = self.geo.index(c);
        for col in [Color::Black, Color::White] {
            if self.stones[col.index()].get(i) {
                self.stones[col.index()].clear(i);
                self.hash ^= ZOBRIST[col.index()][i];
            }
        }
        if let Some(col) = stone {
            self.stones[col.index()].set(i);
            self.hash ^= ZOBRIST[col.index()][i];
        }
    }

    /// Number of empty cells (0 and 1 mean the opening removals).
    #[inline]
    fn empty_count(&self) -> u32 {
        self.geo.valid.count() - self.stones[0].count() - self.stones[1].count()
    }

    /// The phase, ignoring whether the side to move is stuck.
    pub fn opening_phase(&self) -> Phase {
        match self.empty_count() {
            0 => Phase::BlackRemoves,
            1 => Phase::WhiteRemoves,
            _ => Phase::Jumping,
        }
    }

    /// The phase, including `Over` when the side to move has no legal move.
    pub fn phase(&self) -> Phase {
        if self.move_count() == 0 { Phase::Over { winner: self.to_move.opponent() } } else { self.opening_phase() }
    }

    /// Bits of the cells a removal may take in the current opening phase.
    fn removal_set(&self) -> Bits {
        let own = self.stones[self.to_move.index()];
        match self.opening_phase() {
            Phase::BlackRemoves => {
                let mut s = Bits::EMPTY;
                for c in self.geo.central_cells().into_iter().chain(self.geo.corners()) {
                    s.set(self.geo.index(c));
                }
                s.and(own)
            }
            Phase::WhiteRemoves => {
                let hole = self.empties();
                let mut near = Bits::EMPTY;
                for off in self.geo.offsets() {
                    near = near.or(hole.look(off));
                }
                near.and(own)
            }
            _ => Bits::EMPTY,
        }
    }

    /// Calls `f(from_bits, offset, hops)` for every group of jumps with the same direction
    /// and length; each set bit of `from_bits` is one legal jump.
    #[inline]
    fn for_each_jump_group(&self, side: Color, mut f: impl FnMut(Bits, i32, u32)) {
        let own = self.stones[side.index()];
        let enemy = self.stones[side.opponent().index()];
        let empty = self.empties();
        for off in self.geo.offsets() {
            // `pattern` holds x where x+off is enemy and x+2*off is empty: one hop from x works.
            let pattern = enemy.look(off).and(empty.look(2 * off));
            let mut from = own.and(pattern);
            let mut ahead = pattern;
            let mut hops = 1;
            while !from.is_empty() {
                f(from, off, hops);
                ahead = ahead.look(2 * off);
                from = from.and(ahead);
                hops += 1;
            }
        }
    }

    /// Number of jump moves `side` would have here (ignores the opening phase).
    #[inline]
    pub fn jump_count(&self, side: Color) -> u32 {
        let mut n = 0;
        self.for_each_jump_group(side, |b, _, _| n += b.count());
        n
    }

    /// Number of jump moves and of distinct stones that can jump, for `side`.
    #[inline]
    pub fn jump_stats(&self, side: Color) -> (u32, u32) {
        let mut n = 0;
        let mut movers = Bits::EMPTY;
        self.for_each_jump_group(side, |b, _, hops| {
            n += b.count();
            if hops == 1 {
                movers = movers.or(b);
            }
        });
        (n, movers.count())
    }

    /// What the linear evaluation reads about `side`'s jumps here (ignores the opening phase);
    /// [`Position::jump_stats`] is its cheaper first half, for the full evaluation's hot path.
    #[inline]
    pub fn jump_features(&self, side: Color) -> JumpFeatures {
        let mut moves = 0;
        let mut single = 0;
        let mut movers = Bits::EMPTY;
        let mut captures = Bits::EMPTY;
        self.for_each_jump_group(side, |b, off, hops| {
            moves += b.count();
            if hops == 1 {
                single += b.count();
                movers = movers.or(b);
                // The stone jumped over sits one step from the jumping stone.
                captures = captures.or(b.look(-off));
            }
        });
        JumpFeatures { moves, movers: movers.count(), captures: captures.count(), multi: moves - single }
    }

    /// Number of legal moves for the side to move.
    #[inline]
    pub fn move_count(&self) -> u32 {
        match self.opening_phase() {
            Phase::Jumping => self.jump_count(self.to_move),
            _ => self.removal_set().count(),
        }
    }

    /// Appends every legal move for the side to move.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        match self.opening_phase() {
            Phase::Jumping => {
                let geo = self.geo;
                self.for_each_jump_group(self.to_move, |b, off, hops| {
                    for i in b.iter() {
                        let to = (i as i32 + 2 * hops as i32 * off) as usize;
                        out.push(Move::jump(geo.coord(i), geo.coord(to)));
                    }
                });
            }
            _ => {
                for i in self.removal_set().iter() {
                    out.push(Move::remove(self.geo.coord(i)));
                }
            }
        }
    }

    /// Every legal move for the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        if !self.geo.contains(m.from) || !self.geo.contains(m.to) {
            return false;
        }
        match self.opening_phase() {
            Phase::Jumping => {
                if m.is_removal() || (m.from.row != m.to.row && m.from.col != m.to.col) {
                    return false;
                }
                let dist = m.from.row.abs_diff(m.to.row) + m.from.col.abs_diff(m.to.col);
                if !dist.is_multiple_of(2) || self.at(m.from) != Some(self.to_move) {
                    return false;
                }
                let enemy = Some(self.to_move.opponent());
                let lands = m.landings();
                m.captured().iter().zip(&lands).all(|(c, l)| self.at(*c) == enemy && self.at(*l).is_none())
            }
            _ => m.is_removal() && self.removal_set().get(self.geo.index(m.from)),
        }
    }

    /// Applies a move known to be legal (the AI's fast path). Use [`Position::try_play`]
    /// for untrusted moves.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let side = self.to_move;
        if m.is_removal() {
            self.put(m.from, None);
        } else {
            let g = self.geo;
            let from = g.index(m.from) as i32;
            let to = g.index(m.to) as i32;
            let hops = m.hops() as i32;
            let off = (to - from) / (2 * hops);
            let (own, enemy) = (side.index(), side.opponent().index());
            self.stones[own].clear(from as usize);
            self.hash ^= ZOBRIST[own][from as usize];
            self.stones[own].set(to as usize);
            self.hash ^= ZOBRIST[own][to as usize];
            for k in 0..hops {
                let cap = (from + (2 * k + 1) * off) as usize;
                self.stones[enemy].clear(cap);
                self.hash ^= ZOBRIST[enemy][cap];
            }
        }
        self.to_move = side.opponent();
        self.hash ^= ZOBRIST_WHITE_TO_MOVE;
    }

    /// Applies a move after checking it is legal.
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove { mv: m, side: self.to_move, geometry: self.geo });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// The position after a legal move.
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut p = *self;
        p.play_unchecked(m);
        p
    }
}
