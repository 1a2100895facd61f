//! What the statistics screen shows, read from the history in a few queries over narrow rows
//! (the records are in a table of their own), so 100,000 games read in well under 100 ms.

use super::{History, HistoryError, Player, level_rating};
use crate::ai::Level;
use crate::rating::Rating;
use crate::rules::Color as Side;

/// Most points of the rating plot (a longer history is thinned evenly, keeping the last).
pub const PLOT_POINTS: usize = 400;

/// Wins and losses against one kind of opponent on one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Who you played (a person at this screen: games of two people, not yours to win).
    pub opponent: Player,
    /// Board rows and columns.
    pub size: (u8, u8),
    /// Games you won.
    pub wins: u32,
    /// Games you lost (or, with two people at this screen, games played).
    pub losses: u32,
}

/// The statistics.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Finished games recorded.
    pub games: u64,
    /// Rated games.
    pub rated: u64,
    /// Your rating now (a new player's before any rated game).
    pub rating: Option<Rating>,
    /// The rating after each rated game (thinned to [`PLOT_POINTS`]): game number, rating.
    pub series: Vec<(u64, f64)>,
    /// Wins and losses by opponent and board size, weakest opponent first.
    pub tallies: Vec<Tally>,
    /// Most wins in a row (games with one person: against the computer or a friend).
    pub longest_streak: u32,
    /// Wins in a row up to now.
    pub current_streak: u32,
    /// Average moves (plies) per game.
    pub average_moves: f64,
    /// The strongest level you have beaten.
    pub best_win: Option<Level>,
    /// Games whose row could not be read (a value of the wrong type or out of range, from a
    /// damaged or edited file): left out of everything above, and said.
    pub unreadable: u64,
}

/// One game in the list.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Its number.
    pub id: i64,
    /// When it ended (Unix seconds).
    pub finished_at: i64,
    /// Board rows and columns.
    pub size: (u8, u8),
    /// Black's and White's players.
    pub players: [Player; 2],
    /// Your side, if one person played.
    pub you: Option<Side>,
    /// The winner.
    pub winner: Side,
    /// Whether the loser resigned.
    pub resigned: bool,
    /// Plies.
    pub moves: u32,
    /// Your rating after it, if rated.
    pub rating: Option<f64>,
    /// A move was taken back in it (so it did not count for the rating).
    pub took_back: bool,
}

/// The order of opponents in the table: the levels weakest first, then friends, then people.
fn opponent_order(p: Player) -> usize {
    match p {
        Player::Computer(l) => Level::ALL.iter().position(|x| *x == l).unwrap_or(0),
        Player::Friend => 6,
        Player::Person => 7,
    }
}

/// What one pass over the games finds, besides [`Stats`]'s fields: for the milestones.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feats {
    /// Most stones one of your moves took.
    pub longest_jump: u32,
    /// You won a game as White.
    pub won_as_white: bool,
    /// You won a rated game without a take-back.
    pub clean_win: bool,
    /// You won on a board of 10×10 or more.
    pub big_board_win: bool,
}

/// Reads a text column without copying it.
fn text<'r>(row: &'r rusqlite::Row, i: usize) -> rusqlite::Result<&'r str> {
    row.get_ref(i)?
        .as_str()
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e)))
}

fn side_of(word: &str) -> Option<Side> {
    match word {
        "black" => Some(Side::Black),
        "white" => Some(Side::White),
        _ => None,
    }
}

/// Running totals of the one pass.
#[derive(Default)]
struct Pass {
    stats: Stats,
    feats: Feats,
    moves: u64,
    run: u32,
    ratings: Vec<(u64, f64)>,
}

/// One game's row, read whole before it counts: a row with any value that cannot be read
/// counts for nothing (rather than for half, or failing the whole pass).
struct Facts {
    you: Option<Side>,
    winner: Side,
    size: (u8, u8),
    players: [Option<Player>; 2],
    moves: i64,
    /// The rating after the game, for a rated game.
    rated: Option<f64>,
    longest_jump: u32,
    took_back: bool,
}

/// The facts of a row of `stats_and_feats`'s query; `None` for a game with no winner named.
fn facts(row: &rusqlite::Row) -> rusqlite::Result<Option<Facts>> {
    let you = match row.get_ref(0)? {
        rusqlite::types::ValueRef::Null => None,
        _ => side_of(text(row, 0)?),
    };
    let Some(winner) = side_of(text(row, 1)?) else { return Ok(None) };
    let rated = if row.get::<_, bool>(7)? { Some(row.get::<_, f64>(8)?).filter(|r| r.is_finite()) } else { None };
    if row.get::<_, bool>(7)? && rated.is_none() {
        return Err(rusqlite::Error::InvalidColumnType(8, "rating".into(), rusqlite::types::Type::Real));
    }
    Ok(Some(Facts {
        you,
        winner,
        size: (row.get(2)?, row.get(3)?),
        players: [Player::from_word(text(row, 4)?), Player::from_word(text(row, 5)?)],
        moves: row.get(6)?,
        rated,
        longest_jump: row.get(9)?,
        took_back: row.get(10)?,
    }))
}

impl Pass {
    fn game(&mut self, f: Facts) {
        let Facts { you, winner, size, players, .. } = f;
        self.stats.games += 1;
        self.moves += f.moves.max(0) as u64;
        if let Some(rating) = f.rated {
            self.stats.rated += 1;
            self.ratings.push((self.stats.rated, rating));
        }
        let won = you.map(|y| y == winner);
        let opponent = match you {
            Some(y) => players[y.opponent().index()],
            None => Some(Player::Person),
        };
        if let Some(opponent) = opponent {
            self.tally(opponent, size, won);
        }
        match won {
            Some(true) => {
                self.run += 1;
                self.stats.longest_streak = self.stats.longest_streak.max(self.run);
                self.win(opponent, you, size, f.rated.is_some() && !f.took_back);
            }
            Some(false) => self.run = 0,
            None => {}
        }
        if you.is_some() {
            self.feats.longest_jump = self.feats.longest_jump.max(f.longest_jump);
        }
    }

    fn tally(&mut self, opponent: Player, size: (u8, u8), won: Option<bool>) {
        let (w, l) = if won == Some(true) { (1, 0) } else { (0, 1) };
        match self.stats.tallies.iter_mut().find(|t| t.opponent == opponent && t.size == size) {
            Some(t) => {
                t.wins += w;
                t.losses += l;
            }
            None => self.stats.tallies.push(Tally { opponent, size, wins: w, losses: l }),
        }
    }

    fn win(&mut self, opponent: Option<Player>, you: Option<Side>, size: (u8, u8), clean_rated: bool) {
        if let Some(Player::Computer(l)) = opponent {
            let better = self.stats.best_win.is_none_or(|b| level_rating(l).rating > level_rating(b).rating);
            if better {
                self.stats.best_win = Some(l);
            }
        }
        self.feats.won_as_white |= you == Some(Side::White);
        self.feats.clean_win |= clean_rated;
        self.feats.big_board_win |= size.0 >= 10 && size.1 >= 10;
    }

    fn finish(mut self, last: Option<Rating>) -> (Stats, Feats) {
        let stats = &mut self.stats;
        stats.current_streak = self.run;
        stats.average_moves = if stats.games > 0 { self.moves as f64 / stats.games as f64 } else { 0.0 };
        stats.tallies.sort_by_key(|t| (opponent_order(t.opponent), t.size));
        // The plot: at most PLOT_POINTS, evenly thinned, always with the last.
        let step = (self.ratings.len() as u64).div_ceil(PLOT_POINTS as u64).max(1);
        let n = self.ratings.len();
        stats.series = self
            .ratings
            .into_iter()
            .enumerate()
            .filter(|(i, _)| (*i as u64 + 1).is_multiple_of(step) || *i + 1 == n)
            .map(|(_, p)| p)
            .collect();
        stats.rating = last;
        (self.stats, self.feats)
    }
}

/// The statistics and the milestones' facts, in one pass over the games.
pub(super) fn stats_and_feats(conn: &rusqlite::Connection) -> rusqlite::Result<(Stats, Feats)> {
    let mut stmt = conn.prepare_cached(
        "SELECT you, winner, rows, cols, black, white, moves, rated, rating, longest_jump, took_back
         FROM games ORDER BY id",
    )?;
    let mut rows = stmt.query([])?;
    let mut pass = Pass::default();
    while let Some(row) = rows.next()? {
        match facts(row) {
            Ok(Some(f)) => pass.game(f),
            Ok(None) => {}
            Err(_) => pass.stats.unreadable += 1,
        }
    }
    let last = if pass.stats.rated > 0 { Some(super::last_rating(conn)?) } else { None };
    Ok(pass.finish(last))
}

/// A row of [`History::games`]'s query; `None` for one naming no player or winner we know.
fn game_row(r: &rusqlite::Row) -> rusqlite::Result<Option<GameRow>> {
    let players = [r.get::<_, String>(4)?, r.get::<_, String>(5)?].map(|w| Player::from_word(&w));
    let (Some(black), Some(white), Some(winner)) =
        (players[0], players[1], r.get::<_, String>(7).ok().as_deref().and_then(side_of))
    else {
        return Ok(None);
    };
    Ok(Some(GameRow {
        id: r.get(0)?,
        finished_at: r.get(1)?,
        size: (r.get(2)?, r.get(3)?),
        players: [black, white],
        you: r.get::<_, Option<String>>(6)?.as_deref().and_then(side_of),
        winner,
        resigned: r.get(8)?,
        moves: r.get(9)?,
        rating: r.get(10)?,
        took_back: r.get(11).unwrap_or(false),
    }))
}

impl History {
    /// Everything the statistics screen shows but the game list.
    pub fn stats(&self) -> Result<Stats, HistoryError> {
        Ok(stats_and_feats(self.conn())?.0)
    }

    /// Up to `limit` finished games, newest first, skipping the `skip` newest.
    pub fn games(&self, skip: u64, limit: u64) -> Result<Vec<GameRow>, HistoryError> {
        let mut stmt = self.conn().prepare(
            "SELECT id, finished_at, rows, cols, black, white, you, winner, resigned, moves, rating, took_back
             FROM games ORDER BY id DESC LIMIT ?1 OFFSET ?2",
        )?;
        let mut rows = stmt.query([limit as i64, skip as i64])?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            // A row that cannot be read is left out of the list (the statistics count it).
            if let Ok(Some(row)) = game_row(r) {
                out.push(row);
            }
        }
        Ok(out)
    }
}
