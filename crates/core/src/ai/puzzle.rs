//! "Win in N" puzzles: positions from real self-play games where the side to move has a
//! forced win, proven and graded by the exact [`DistanceSolver`].
//!
//! A puzzle file has one puzzle per line (`#` starts a comment):
//!
//! ```text
//! ....../..W.../.BW.B./...W../....../...... b | win in 1 | plies 1 | b4-d4
//! ```
//!
//! the position (rows from the top, then the side to move), how many moves of the side to
//! move the shortest forced win takes, the same in plies (both sides' moves), and every first
//! move that keeps a forced win.

use super::distance::{DistanceSolver, Value};
use super::level::{Ai, Level};
use crate::rules::{Geometry, Move, Position, move_to_string, parse_move, parse_position, position_to_string};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How long a puzzle's forced win is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grade {
    /// A win in 1 to 3 moves.
    Short,
    /// A win in 4 to 7 moves.
    Middle,
    /// A win in 8 moves or more.
    Long,
}

impl Grade {
    /// Every grade, shortest first.
    pub const ALL: [Grade; 3] = [Grade::Short, Grade::Middle, Grade::Long];

    /// The grade of a win in `moves` moves of the side to move.
    pub fn of(moves: u16) -> Grade {
        match moves {
            0..=3 => Grade::Short,
            4..=7 => Grade::Middle,
            _ => Grade::Long,
        }
    }

    /// Its name in files and messages.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Short => "short",
            Grade::Middle => "middle",
            Grade::Long => "long",
        }
    }
}

/// One proven puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position; its side to move has a forced win.
    pub position: Position,
    /// Plies of the shortest forced win (odd: the winner makes the last move).
    pub plies: u16,
    /// Every first move that keeps a forced win, in notation order of the move list.
    pub winning: Vec<Move>,
}

impl Puzzle {
    /// Moves of the side to move in the shortest forced win.
    pub fn moves(&self) -> u16 {
        self.plies.div_ceil(2)
    }

    /// Its grade.
    pub fn grade(&self) -> Grade {
        Grade::of(self.moves())
    }

    /// Its difficulty rating, on the players' rating scale (about 700 to 2400): a longer
    /// forced win, fewer winning first moves among more legal ones, and a larger board are each
    /// harder. Made from what the puzzle line says, so it needs no solver.
    pub fn difficulty(&self) -> f64 {
        let legal = self.position.move_count().max(1) as f64;
        let winning = self.winning.len().clamp(1, legal as usize) as f64;
        let geo = self.position.geometry();
        let cells = (geo.rows() as f64) * (geo.cols() as f64);
        let d = 700.0 + 170.0 * (self.moves() as f64 - 1.0) + 110.0 * (legal / winning).ln() + 4.0 * (cells - 36.0);
        d.clamp(600.0, 2800.0).round()
    }

    /// Its stable identifier: the board and a 32-bit FNV-1a hash of its position text
    /// (`6x6-3f9a2c1d`). It depends on the position alone, so adding, removing or reordering
    /// the puzzles of a book leaves every other puzzle's identifier as it was: the player's
    /// solved marks and the history's attempts are kept by it.
    pub fn id(&self) -> String {
        let geo = self.position.geometry();
        let hash = position_to_string(&self.position)
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
        format!("{}x{}-{:08x}", geo.rows(), geo.cols(), (hash ^ (hash >> 32)) as u32)
    }

    /// Whether `text` has the form of a puzzle identifier (`6x6-3f9a2c1d`).
    pub fn is_id(text: &str) -> bool {
        let Some((size, hash)) = text.split_once('-') else { return false };
        let dims: Vec<&str> = size.split('x').collect();
        dims.len() == 2
            && dims.iter().all(|d| (1..=2).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit()))
            && hash.len() == 8
            && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    }

    /// Its line in a puzzle file.
    pub fn to_line(&self) -> String {
        let geo = self.position.geometry();
        let moves: Vec<String> = self.winning.iter().map(|m| move_to_string(geo, *m)).collect();
        format!(
            "{} | win in {} | plies {} | {}",
            position_to_string(&self.position),
            self.moves(),
            self.plies,
            moves.join(" ")
        )
    }

    /// Reads a puzzle file's line (without its comment). Errors say which field is wrong.
    pub fn parse_line(line: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [position, win, plies, moves] = fields[..] else {
            return Err(format!(
                "expected 4 fields separated by '|' (position | win in N | plies K | moves), found {}",
                fields.len()
            ));
        };
        let position = parse_position(position).map_err(|e| format!("position: {e}"))?;
        let number = |field: &str, prefix: &str| -> Result<u16, String> {
            field
                .strip_prefix(prefix)
                .and_then(|n| n.trim().parse::<u16>().ok())
                .ok_or_else(|| format!("expected '{prefix}N', found {}", crate::rules::quote::quoted(field)))
        };
        let win = number(win, "win in ")?;
        let plies = number(plies, "plies ")?;
        if plies == 0 || plies.div_ceil(2) != win || plies % 2 == 0 {
            return Err(format!("win in {win} does not match plies {plies} (a win has an odd number of plies)"));
        }
        let geo = *position.geometry();
        let winning = moves
            .split_whitespace()
            .map(|m| parse_move(&geo, m).map_err(|e| format!("move {}: {e}", crate::rules::quote::quoted(m))))
            .collect::<Result<Vec<_>, _>>()?;
        if winning.is_empty() {
            return Err("no winning move listed".into());
        }
        if let Some(m) = winning.iter().find(|m| !position.is_legal(**m)) {
            return Err(format!("{} is not a legal move in the position", move_to_string(&geo, *m)));
        }
        Ok(Puzzle { position, plies, winning })
    }
}

/// What proving a position found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The side to move wins: the puzzle.
    Win(Box<Puzzle>),
    /// The side to move loses, in this many plies.
    Loss(u16),
    /// The node budget ran out first.
    Unknown,
    /// The memory ran out first (a budget too large for this machine).
    OutOfMemory,
}

/// Proves `p` with the distance solver within `max_nodes` new positions.
pub fn prove(p: &Position, max_nodes: u64) -> Proof {
    let mut solver = DistanceSolver::new(max_nodes);
    let Some(moves) = solver.moves(p) else {
        return if solver.out_of_memory() { Proof::OutOfMemory } else { Proof::Unknown };
    };
    match moves.first().map(|(_, v)| *v) {
        Some(Value::Win(plies)) => {
            let winning = moves.iter().filter(|(_, v)| matches!(v, Value::Win(_))).map(|(m, _)| *m).collect();
            Proof::Win(Box::new(Puzzle { position: *p, plies, winning: sorted(p, winning) }))
        }
        Some(Value::Loss(plies)) => Proof::Loss(plies),
        None => Proof::Loss(0),
    }
}

/// Moves in the order of the position's move list (so files are stable).
fn sorted(p: &Position, moves: Vec<Move>) -> Vec<Move> {
    p.legal_moves().into_iter().filter(|m| moves.contains(m)).collect()
}

/// Re-proves every puzzle of a file's text. Returns how many there are, or the first line
/// that is wrong (unreadable, not re-proved within the budget, another length, other moves).
pub fn check(text: &str, max_nodes: u64) -> Result<usize, String> {
    let mut count = 0;
    // A byte-order mark (a file saved by some editors) is not part of the first line.
    for (i, raw) in text.trim_start_matches('\u{feff}').lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        count += 1;
        let at = format!("line {} (puzzle {count})", i + 1);
        let recorded = Puzzle::parse_line(line).map_err(|e| format!("{at}: {e}"))?;
        let geo = *recorded.position.geometry();
        let names = |moves: &[Move]| moves.iter().map(|m| move_to_string(&geo, *m)).collect::<Vec<_>>().join(" ");
        match prove(&recorded.position, max_nodes) {
            Proof::Win(proven) => {
                if proven.plies != recorded.plies {
                    return Err(format!(
                        "{at}: recorded a win in {} plies, but the shortest forced win takes {}",
                        recorded.plies, proven.plies
                    ));
                }
                if sorted(&recorded.position, recorded.winning.clone()) != proven.winning
                    || recorded.winning.len() != proven.winning.len()
                {
                    return Err(format!(
                        "{at}: recorded winning moves {}, but the winning moves are {}",
                        names(&recorded.winning),
                        names(&proven.winning)
                    ));
                }
            }
            Proof::Loss(plies) => {
                return Err(format!("{at}: the side to move does not win (it loses in {plies} plies)"));
            }
            Proof::Unknown => return Err(format!("{at}: not re-proved within {max_nodes} positions")),
            Proof::OutOfMemory => {
                return Err(format!("{at}: the memory ran out before {max_nodes} positions: give a smaller budget"));
            }
        }
    }
    if count == 0 {
        return Err("no puzzles in the file".into());
    }
    Ok(count)
}

/// What the generator did.
#[derive(Clone, Debug, Default)]
pub struct GenerateStats {
    /// Self-play games played.
    pub games: u32,
    /// Positions given to the solver.
    pub tried: u32,
    /// Proven wins for the side to move.
    pub wins: u32,
    /// Proven losses for the side to move.
    pub losses: u32,
    /// Positions whose proof needed more than the budget.
    pub unknown: u32,
    /// Wins dropped because too many first moves win.
    pub too_easy: u32,
    /// Puzzles kept per grade (short, middle, long).
    pub kept: [u32; 3],
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// How to generate.
#[derive(Clone, Copy, Debug)]
pub struct GenerateConfig {
    /// The board.
    pub geometry: Geometry,
    /// Puzzles wanted per grade.
    pub per_grade: [u32; 3],
    /// Random seed (games and levels).
    pub seed: u64,
    /// Node budget of each proof.
    pub max_nodes: u64,
    /// Give up after this many games.
    pub max_games: u32,
    /// Thinking time of each self-play move.
    pub move_time: Duration,
    /// Set to stop early (Ctrl-C): the puzzles kept so far are returned.
    pub stop: Option<&'static AtomicBool>,
}

/// Whether a proven win is a real puzzle: one winning first move (with a choice to make),
/// or two among many.
pub fn is_a_puzzle(p: &Puzzle) -> bool {
    let legal = p.position.move_count() as usize;
    match p.winning.len() {
        1 => legal >= 2,
        2 => legal >= 8,
        _ => false,
    }
}

/// Plays self-play games between levels chosen at random (so the positions look like real
/// play) and keeps, per grade, proven wins with few winning first moves. `progress` is called
/// after every game.
pub fn generate(cfg: &GenerateConfig, mut progress: impl FnMut(&GenerateStats)) -> (Vec<Puzzle>, GenerateStats) {
    let start = Instant::now();
    let mut rng = SmallRng::seed_from_u64(cfg.seed);
    let mut stats = GenerateStats::default();
    let mut kept: Vec<Puzzle> = Vec::new();
    let mut seen: HashSet<u64> = HashSet::new();
    let levels = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];
    let full = |kept: &[u32; 3]| (0..3).all(|g| kept[g] >= cfg.per_grade[g]);
    let stopped = || cfg.stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::SeqCst));
    while !full(&stats.kept) && stats.games < cfg.max_games && !stopped() {
        stats.games += 1;
        let mut players = [0, 1].map(|_| {
            let mut ai = Ai::new(levels[rng.random_range(0..levels.len())], rng.random());
            ai.set_budget(cfg.move_time);
            ai
        });
        let mut p = Position::start(cfg.geometry);
        let mut line = Vec::new();
        // The openings at random, so games differ (a board too small for both removals, such
        // as 1x1, ends at once).
        for _ in 0..2 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[rng.random_range(0..moves.len())]);
        }
        loop {
            line.push(p);
            let side = p.to_move().index();
            let Some(m) = players[side].choose(&p, Arc::new(AtomicBool::new(false))).mv else { break };
            p = p.after(m);
        }
        // From the end backwards: late positions are proven fastest, and an unprovable
        // position means every earlier one is out of reach too.
        for pos in line.iter().rev() {
            if stopped() {
                break;
            }
            if !seen.insert(pos.hash()) {
                continue;
            }
            stats.tried += 1;
            match prove(pos, cfg.max_nodes) {
                Proof::Unknown | Proof::OutOfMemory => {
                    stats.unknown += 1;
                    break;
                }
                Proof::Loss(_) => stats.losses += 1,
                Proof::Win(puzzle) => {
                    stats.wins += 1;
                    if !is_a_puzzle(&puzzle) {
                        stats.too_easy += 1;
                        continue;
                    }
                    let g = puzzle.grade() as usize;
                    if stats.kept[g] < cfg.per_grade[g] {
                        stats.kept[g] += 1;
                        kept.push(*puzzle);
                    }
                }
            }
        }
        stats.elapsed = start.elapsed();
        progress(&stats);
    }
    kept.sort_by_key(|p| (p.grade(), p.plies));
    stats.elapsed = start.elapsed();
    (kept, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_line_round_trips_and_is_checked() {
        let p = parse_position("B...../W...../....../W...../....../...... b").unwrap();
        let Proof::Win(puzzle) = prove(&p, 10_000) else { panic!("a6-a2 wins") };
        assert_eq!(puzzle.plies, 1);
        assert_eq!(puzzle.to_line(), "B...../W...../....../W...../....../...... b | win in 1 | plies 1 | a6-a2");
        assert_eq!(Puzzle::parse_line(&puzzle.to_line()).unwrap(), *puzzle);
        assert_eq!(check(&format!("# one\n{}\n", puzzle.to_line()), 10_000), Ok(1));
        // A wrong length, a wrong move list and a lost position are each named by line.
        let wrong = "# x\n\nB...../W...../....../W...../....../...... b | win in 2 | plies 3 | a6-a2\n";
        assert!(check(wrong, 10_000).unwrap_err().starts_with("line 3 (puzzle 1): recorded a win in 3 plies"));
        let wrong = "B...../W...../....../W...../....../...... b | win in 1 | plies 1 | a6-a4\n";
        assert!(check(wrong, 10_000).unwrap_err().contains("the winning moves are a6-a2"));
        let lost = "B...../W...../....../W...../....../...... w | win in 1 | plies 1 | a5-a7\n";
        assert!(check(lost, 10_000).is_err());
        for bad in [
            "nonsense",
            "B...... b | win in 1 | plies 1 | a6-a2",
            "B...../W...../....../W...../....../...... b | win in x | plies 1 | a6-a2",
        ] {
            assert!(check(bad, 10_000).unwrap_err().starts_with("line 1"), "{bad}");
        }
        assert!(check("# nothing\n", 10_000).is_err());
    }

    #[test]
    fn a_puzzle_s_identifier_depends_on_its_position_alone() {
        let line = "B...../W...../....../W...../....../...... b | win in 1 | plies 1 | a6-a2";
        let p = Puzzle::parse_line(line).unwrap();
        let id = p.id();
        assert!(Puzzle::is_id(&id) && id.starts_with("6x6-"), "{id}");
        // The same position with another side to move is another puzzle.
        let mut q = p.clone();
        q.position = parse_position("B...../W...../....../W...../....../...... w").unwrap();
        assert_ne!(q.id(), id);
        // The winning moves and the length are not part of it.
        q = p.clone();
        q.plies = 3;
        assert_eq!(q.id(), id);
        for bad in ["6x6-001", "6x6-3F9A2C1D", "6x6-3f9a2c1", "66-3f9a2c1d", "x6-3f9a2c1d", "6x6x6-3f9a2c1d", "1"] {
            assert!(!Puzzle::is_id(bad), "{bad}");
        }
    }

    #[test]
    fn generated_puzzles_are_proven_wins_with_few_winning_moves() {
        let cfg = GenerateConfig {
            geometry: Geometry::new(5, 5).unwrap(),
            per_grade: [3, 1, 0],
            seed: 3,
            max_nodes: 100_000,
            max_games: 40,
            move_time: Duration::from_millis(5),
            stop: None,
        };
        let (puzzles, stats) = generate(&cfg, |_| {});
        assert!(stats.kept[0] >= 1, "{stats:?}");
        assert_eq!(puzzles.len() as u32, stats.kept.iter().sum::<u32>());
        let text: String = puzzles.iter().map(|p| p.to_line() + "\n").collect();
        assert_eq!(check(&text, 100_000), Ok(puzzles.len()));
        for p in &puzzles {
            assert!(is_a_puzzle(p));
        }
    }
}
