//! `konane personas`: how the named opponents differ. Every personality chooses a move in the
//! same fixed positions at the same strength; the command prints, for each pair, how often
//! their moves differ, and each one's style statistics over its moves.

use super::*;
use crate::ai::persona::StyleStats;
use crate::ai::{Persona, Style};
use crate::rules::Move;

/// The options of `konane personas`.
#[derive(clap::Args, Debug)]
pub struct PersonasArgs {
    /// Board size.
    #[arg(long, value_parser = size(), allow_hyphen_values = true, default_value = "8x8")]
    pub size: Geometry,
    /// Positions compared (taken from games between two Medium players, a few plies apart,
    /// each with at least two moves to choose from).
    #[arg(long, default_value_t = 1000, value_parser = whole::<usize>(1, 100_000), allow_hyphen_values = true)]
    pub positions: usize,
    /// The level every personality plays at here (its search; the style is its own).
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Seed of the positions.
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    pub seed: u64,
}

/// The personalities compared: every one with a style of its own (the rival only adapts).
fn compared() -> Vec<Persona> {
    Persona::ALL.into_iter().filter(|p| p.style() != Style::Rival).collect()
}

/// `personas`: the difference matrix and the style statistics.
pub(super) fn run(args: PersonasArgs) -> Result<(), Failure> {
    let positions = fixed_positions(args.size, args.positions, args.seed);
    let people = compared();
    let stop = interrupt_flag();
    let mut chosen: Vec<Vec<Move>> = Vec::new();
    let mut stats: Vec<StyleStats> = Vec::new();
    // The plain level first, as the reference.
    let mut players: Vec<(String, Ai)> = vec![(args.level.name().to_string(), Ai::new(args.level, args.seed))];
    for &p in &people {
        players.push((p.name().to_string(), Ai::persona_at(p, args.level, args.seed)));
    }
    for (_, ai) in players.iter_mut() {
        let mut moves = Vec::with_capacity(positions.len());
        let mut tally = StyleStats::default();
        for p in &positions {
            ai.new_game();
            let m =
                ai.choose(p, stop.clone()).mv.ok_or_else(|| Failure::from("a position without moves".to_string()))?;
            if stop.load(Ordering::SeqCst) {
                return Err(Failure::Interrupted("stopped by Ctrl-C".into()));
            }
            tally.add(p, m);
            moves.push(m);
        }
        chosen.push(moves);
        stats.push(tally);
    }
    let names: Vec<&str> = players.iter().map(|(n, _)| n.as_str()).collect();
    let (rows, cols) = (args.size.rows(), args.size.cols());
    outln!("{} positions ({rows}x{cols}), every player searching like {}:", positions.len(), args.level);
    outln!("moves that differ, per pair:");
    outln!("{:>10}{}", "", names.iter().map(|n| format!("{n:>10}")).collect::<String>());
    for (i, a) in names.iter().enumerate() {
        let row: String = (0..names.len())
            .map(|j| {
                let differ = chosen[i].iter().zip(&chosen[j]).filter(|(x, y)| x != y).count();
                format!("{:>9.1}%", 100.0 * differ as f64 / positions.len() as f64)
            })
            .collect();
        outln!("{a:>10}{row}");
    }
    outln!("style, over the moves chosen:");
    outln!("{:>10}{:>12}{:>12}{:>12}{:>12}{:>12}", "", "captures", "multi-jumps", "own moves", "mirrored", "attacks");
    for (name, s) in names.iter().zip(&stats) {
        outln!(
            "{name:>10}{:>12.3}{:>11.1}%{:>12.2}{:>11.1}%{:>12.2}",
            s.captures_per_move(),
            100.0 * s.multi_share(),
            s.mobility(),
            100.0 * s.mirror_share(),
            s.attacks_per_move()
        );
    }
    Ok(())
}

/// `count` positions with at least two jumps to choose from, from games between two Medium
/// players after random openings, every fifth ply, the same for a given seed.
pub fn fixed_positions(size: Geometry, count: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::with_capacity(count);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut players = [Ai::new(Level::Medium, seed), Ai::new(Level::Medium, seed.wrapping_add(1))];
    let never = Arc::new(AtomicBool::new(false));
    while out.len() < count {
        let mut game = random_opening(size, 2, &mut rng);
        let skip = rng.random_range(0..5);
        while game.winner().is_none() && out.len() < count {
            let p = *game.position();
            if game.ply() % 5 == skip && p.opening_phase() == Phase::Jumping && p.move_count() >= 2 {
                out.push(p);
            }
            let who = game.ply() % 2;
            let Some(m) = players[who].choose(&p, never.clone()).mv else { break };
            if game.play(m).is_err() {
                break;
            }
        }
    }
    out
}
