//! `konane match`: games between two players (levels, baselines), their openings, workers
//! and records, and the tallies.

use super::*;

/// The options of `konane match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// Board size.
    #[arg(long, value_parser = size(), allow_hyphen_values = true, default_value = "8x8")]
    pub size: Geometry,
    /// Black's player: a level (optionally `-mobility`/`-full`, or `-lin:W1:...:W8` for the
    /// linear evaluation with these weights, see `tune`), `baseline` (plain alpha-beta
    /// under the move time) or `baseline-dN` (plain alpha-beta to depth N, no clock); `@MS`
    /// gives that player its own move time (`expert@140`).
    #[arg(long)]
    pub black: String,
    /// White's player.
    #[arg(long)]
    pub white: String,
    /// Number of games; colours alternate every game.
    #[arg(long, default_value_t = 10, value_parser = whole::<usize>(1, MAX_GAMES), allow_hyphen_values = true)]
    pub games: usize,
    /// Seed for openings and the players' random choices.
    #[arg(long, default_value_t = 1, value_parser = whole::<u64>(0, u64::MAX), allow_hyphen_values = true)]
    pub seed: u64,
    /// Worker threads (never more than the games or the machine's cores).
    #[arg(long, default_value_t = 1, value_parser = whole::<usize>(1, MAX_THREADS), allow_hyphen_values = true)]
    pub threads: usize,
    /// Per-move time for both players in milliseconds (overrides the levels' budgets).
    #[arg(long, value_parser = whole::<u64>(1, MAX_MOVE_MS), allow_hyphen_values = true)]
    pub move_ms: Option<u64>,
    /// Random jumps played after the random removals, to vary openings.
    #[arg(long, default_value_t = 2, value_parser = whole::<usize>(0, MAX_RANDOM_PLIES), allow_hyphen_values = true)]
    pub random_plies: usize,
    /// Keep the first player on Black in every game.
    #[arg(long)]
    pub no_alternate: bool,
    /// Write every game's record to this directory (`game-001.txt`, ...), with the players
    /// and the winner as comments.
    #[arg(long)]
    pub records: Option<std::path::PathBuf>,
    /// Play only these games of the match (numbers from 1 to --games, as in the records'
    /// names, separated by commas), each from the opening and with the colours it has in
    /// the whole match: to replay chosen games with other players.
    #[arg(long, value_delimiter = ',', value_parser = whole::<usize>(1, MAX_GAMES), allow_hyphen_values = true)]
    pub only: Vec<usize>,
}

/// `match`: two engines play a series of games.
pub(super) fn run(args: MatchArgs) -> Result<(), Failure> {
    let MatchArgs { size, black, white, games, seed, threads, move_ms, random_plies, no_alternate, records, only } =
        args;
    let openings = Openings { games, seed, random_plies, alternate: !no_alternate, only };
    match_command(size, [black, white], move_ms, openings, threads, records)
}

/// `match`: plays the games between the two players (Black first), prints the result, and
/// fails when Ctrl-C stopped it early or records could not be written.
pub(super) fn match_command(
    size: Geometry,
    [black, white]: [String; 2],
    move_ms: Option<u64>,
    openings: Openings,
    threads: usize,
    records: Option<std::path::PathBuf>,
) -> Result<(), Failure> {
    let Openings { games, seed, random_plies, alternate, only } = openings;
    let a = PlayerSpec::parse(&black, move_ms)?;
    let b = PlayerSpec::parse(&white, move_ms)?;
    let only = chosen_games(only, games)?;
    if let Some(dir) = &records {
        prepare_records_dir(dir)?;
    }
    let to_play = if only.is_empty() { games } else { only.len() };
    let (workers, note) = worker_count(threads, to_play);
    if let Some(note) = note {
        errln!("konane: {note}");
    }
    let names = [black.clone(), white.clone()];
    let stop = interrupt_flag();
    let config = MatchConfig {
        size,
        a,
        b,
        games,
        seed,
        threads: workers,
        random_plies,
        alternate,
        only,
        records: records.map(|dir| (dir, names)),
        stop: stop.clone(),
    };
    let res = play_match(&config);
    res.print(&black, &white)?;
    match_failure(&res, to_play, stop.load(Ordering::SeqCst)).map_or(Ok(()), Err)
}

/// Which games of a match are played, and from which openings: the match's own arguments.
pub(super) struct Openings {
    pub(super) games: usize,
    pub(super) seed: u64,
    pub(super) random_plies: usize,
    pub(super) alternate: bool,
    /// `--only`: game numbers from 1 (empty: every game).
    pub(super) only: Vec<usize>,
}

/// `--only`'s game numbers as indices from 0, sorted, each once; an error names a number past
/// the match's last game.
pub(super) fn chosen_games(mut only: Vec<usize>, games: usize) -> Result<Vec<usize>, Failure> {
    if let Some(&n) = only.iter().find(|&&n| n > games) {
        return Err(format!("--only {n}: the match has {games} games (--games {games}), numbered from 1").into());
    }
    only.sort_unstable();
    only.dedup();
    Ok(only.into_iter().map(|n| n - 1).collect())
}

/// Why a finished match fails, if it does: stopped (Ctrl-C) before every game was played, or
/// records that could not be written.
pub(super) fn match_failure(res: &MatchResult, games: usize, stopped: bool) -> Option<Failure> {
    let played = res.wins[0] + res.wins[1];
    if played < games && stopped {
        return Some(Failure::Interrupted(format!("{played} of {games} games played")));
    }
    (res.unwritten > 0).then(|| format!("{} of {games} game records could not be written", res.unwritten).into())
}

/// Creates the records directory and checks, before any game, that a file can be written
/// there and that no `game-NNN.txt` already there is something a record cannot replace (a
/// directory, a FIFO, a device): such a name would otherwise fail only after its game.
pub(super) fn prepare_records_dir(dir: &std::path::Path) -> Result<(), String> {
    let name = show_path(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create records directory {name}: {e}"))?;
    check_writable(&dir.join("game-001.txt")).map_err(|e| format!("cannot write to records directory {name}: {e}"))?;
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read records directory {name}: {e}"))?;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let ours = file
            .strip_prefix("game-")
            .and_then(|r| r.strip_suffix(".txt"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let kind = entry.file_type().ok();
        if ours && kind.is_some_and(|t| !t.is_file() && !t.is_symlink()) {
            return Err(format!("{} is not a file a record can replace: move it away first", show_path(&entry.path())));
        }
    }
    Ok(())
}

/// Worker threads for a match: at most one per game and one per core; a note when fewer than
/// asked are used because of the cores.
pub(super) fn worker_count(threads: usize, games: usize) -> (usize, Option<String>) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = threads.min(games).min(cores).max(1);
    let note = (threads > cores && workers < threads.min(games))
        .then(|| format!("--threads {threads} is more than the {cores} cores: using {workers} worker threads"));
    (workers, note)
}

use crate::ai::{Persona, Rival};

/// A match participant.
#[derive(Clone, Copy, Debug)]
pub enum PlayerSpec {
    /// A difficulty level, optionally with its budget overridden, its evaluation replaced
    /// (`expert-mobility` is Expert with the plain mobility evaluation, for experiments) and
    /// its tables resized (`expert+tt19+sv21`: log2 entries of the search and solver tables).
    Level(Level, Option<Duration>, Option<EvalKind>, Tables),
    /// Plain alpha-beta with mobility evaluation under a time budget.
    Baseline(Duration),
    /// Plain alpha-beta with mobility evaluation to a fixed depth, without a clock
    /// (`baseline-d6`).
    BaselineDepth(u32),
    /// A named opponent at a level (`kekoa`, `kekoa-hard`; the rival `keala` adapts), with
    /// its time optionally overridden.
    Persona(Persona, Level, Option<Duration>),
}

/// A player's table sizes when not its level's (log2 entries).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tables {
    /// The search table.
    pub tt: Option<u32>,
    /// The endgame solver's table.
    pub solver: Option<u32>,
}

impl Tables {
    /// Splits `+ttN` and `+svN` off a player's name.
    fn parse(s: &str) -> Result<(&str, Tables), String> {
        let mut parts = s.split('+');
        let name = parts.next().unwrap_or_default();
        let mut tables = Tables::default();
        for part in parts {
            let (slot, digits) = if let Some(d) = part.strip_prefix("tt") {
                (&mut tables.tt, d)
            } else if let Some(d) = part.strip_prefix("sv") {
                (&mut tables.solver, d)
            } else {
                return Err(format!("bad player {}: after '+' comes ttN or svN (table sizes)", quoted(s)));
            };
            match digits.parse::<u32>() {
                Ok(n) if (10..=30).contains(&n) => *slot = Some(n),
                _ => return Err(format!("bad player {}: table sizes are log2 entries from 10 to 30", quoted(s))),
            }
        }
        Ok((name, tables))
    }
}

impl PlayerSpec {
    /// Parses a level name or `baseline`, optionally followed by `@MS`, that player's own
    /// per-move time (overrides `move_ms`).
    pub fn parse(s: &str, move_ms: Option<u64>) -> Result<PlayerSpec, String> {
        let (s, move_ms) = match s.split_once('@') {
            Some((name, ms)) => match ms.parse::<u64>() {
                Ok(ms) if (1..=MAX_MOVE_MS).contains(&ms) => (name, Some(ms)),
                _ => {
                    return Err(format!(
                        "bad player {}: the time after '@' must be milliseconds from 1 to {MAX_MOVE_MS}, e.g. expert@500",
                        quoted(s)
                    ));
                }
            },
            None => (s, move_ms),
        };
        let t = move_ms.map(Duration::from_millis);
        let (s, tables) = Tables::parse(s)?;
        let (name, level) = s.split_once('-').unwrap_or((s, ""));
        if let Some(persona) = Persona::from_id(name) {
            let level = if level.is_empty() { default_level(persona) } else { level.parse()? };
            return Ok(PlayerSpec::Persona(persona, level, t));
        }
        if s.eq_ignore_ascii_case("baseline") {
            Ok(PlayerSpec::Baseline(t.unwrap_or(Duration::from_millis(2000))))
        } else if let Some(d) = s.strip_prefix("baseline-d") {
            match d.parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => Ok(PlayerSpec::BaselineDepth(d)),
                _ => Err(format!("bad player {}: the fixed depth of baseline-dN must be 1 to 60", quoted(s))),
            }
        } else if let Some((level, w)) = s.split_once("-lin:") {
            let w = tune::parse_weights(w).map_err(|e| format!("bad player {}: {e}", quoted(s)))?;
            Ok(PlayerSpec::Level(level.parse()?, t, Some(EvalKind::Linear(w)), tables))
        } else if let Some(level) = s.strip_suffix("-mobility") {
            Ok(PlayerSpec::Level(level.parse()?, t, Some(EvalKind::Mobility), tables))
        } else if let Some(level) = s.strip_suffix("-full") {
            Ok(PlayerSpec::Level(level.parse()?, t, Some(EvalKind::Full), tables))
        } else {
            Ok(PlayerSpec::Level(s.parse()?, t, None, tables))
        }
    }

    fn build(self, seed: u64) -> Ai {
        match self {
            PlayerSpec::Level(l, t, eval, tables) => {
                let mut config = l.config();
                config.tt_bits = tables.tt.unwrap_or(config.tt_bits);
                config.solver_bits = tables.solver.unwrap_or(config.solver_bits);
                if let Some(t) = t {
                    config.budget = t;
                }
                if let Some(e) = eval {
                    config.eval = e;
                }
                Ai::with_config(config, seed)
            }
            PlayerSpec::Baseline(t) => Ai::baseline(t),
            PlayerSpec::BaselineDepth(d) => Ai::baseline_depth(d),
            PlayerSpec::Persona(persona, level, t) => {
                let mut ai = Ai::persona(persona, level, seed, Rival::prior_for_rating(1500.0));
                if let Some(t) = t {
                    ai.set_budget(t);
                }
                ai
            }
        }
    }
}

/// The level a named opponent plays at when none is given: the middle of its range.
pub fn default_level(persona: Persona) -> Level {
    let range = persona.level_range();
    range[range.len() / 2]
}

/// Settings of an AI-vs-AI match.
pub struct MatchConfig {
    /// Board.
    pub size: Geometry,
    /// First player (Black in even games).
    pub a: PlayerSpec,
    /// Second player.
    pub b: PlayerSpec,
    /// Number of games.
    pub games: usize,
    /// Seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Random jumps after the random removals.
    pub random_plies: usize,
    /// Swap colours every game.
    pub alternate: bool,
    /// Play only these games (indices from 0, below `games`); empty: every game.
    pub only: Vec<usize>,
    /// Directory for game records, and the two players' names for their headers.
    pub records: Option<(std::path::PathBuf, [String; 2])>,
    /// Set to stop: no new game starts and the game in progress is dropped.
    pub stop: Arc<AtomicBool>,
}

/// The score of a match.
#[derive(Default, Debug)]
pub struct MatchResult {
    /// Wins of the first and second player.
    pub wins: [usize; 2],
    /// Wins by colour (Black, White).
    pub color_wins: [usize; 2],
    /// Moves made and total thinking time, per player.
    pub moves: [u64; 2],
    /// Total thinking time per player.
    pub time: [Duration; 2],
    /// Longest single move per player.
    pub max_time: [Duration; 2],
    /// Moves over budget by more than 10 %, per player.
    pub over_budget: [u64; 2],
    /// Total plies over all games.
    pub plies: u64,
    /// Close games: at the game's middle ply the two sides' jump counts differed by at most two.
    pub close: usize,
    /// Records that could not be written.
    pub unwritten: usize,
    /// A rival's estimates of its opponent's error per move and its handicaps, one per game,
    /// per player.
    pub rival: [Vec<(f64, f64)>; 2],
}

impl MatchResult {
    fn print(&self, a: &str, b: &str) -> Result<(), OutputError> {
        let games = self.wins[0] + self.wins[1];
        for (i, name) in [a, b].iter().enumerate() {
            let avg = self.time[i].as_secs_f64() * 1000.0 / self.moves[i].max(1) as f64;
            outln!(
                "{name:>10}: {} wins ({:.1}%), avg {avg:.1} ms/move, max {:.1} ms, over budget+10%: {}",
                self.wins[i],
                100.0 * self.wins[i] as f64 / games.max(1) as f64,
                self.max_time[i].as_secs_f64() * 1000.0,
                self.over_budget[i]
            );
        }
        outln!(
            "games {games}, Black won {}, White won {}, avg plies {:.1}",
            self.color_wins[0],
            self.color_wins[1],
            self.plies as f64 / games.max(1) as f64
        );
        let (lo, hi) = wilson(self.wins[0], games);
        outln!(
            "{a} scored {:.1}% (95% interval {:.1}-{:.1}%); close games (mobility within 2 at the middle ply): {} ({:.1}%)",
            100.0 * self.wins[0] as f64 / games.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            self.close,
            100.0 * self.close as f64 / games.max(1) as f64
        );
        for (name, e) in [a, b].iter().zip(&self.rival) {
            if let Some(&(error, handicap)) = e.last() {
                let mean = e.iter().map(|x| x.1).sum::<f64>() / e.len() as f64;
                outln!(
                    "{name}: opponent's error per move {error:.1} (after the last game); handicap {handicap:.1} after the last game, {mean:.1} on average"
                );
            }
        }
        Ok(())
    }
}

/// The 95 % Wilson score interval of `wins` in `games`.
pub fn wilson(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (games as f64, wins as f64 / games as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Whether `game` was close: at its middle ply (past the removals) the two sides' jump
/// counts differed by at most two.
pub fn close_game(game: &Game) -> bool {
    let moves = game.moves();
    let middle = (moves.len() / 2).max(2).min(moves.len());
    let mut p = *game.start();
    for &m in &moves[..middle] {
        p.play_unchecked(m);
    }
    p.jump_count(Color::Black).abs_diff(p.jump_count(Color::White)) <= 2
}

/// A random opening: the two removals and `jumps` random jumps.
pub fn random_opening(geo: Geometry, jumps: usize, rng: &mut SmallRng) -> Game {
    let mut game = Game::new(geo);
    for _ in 0..2 + jumps {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        game.play(m).expect("generated move is legal");
    }
    game
}

/// Plays a whole match (games in parallel on at most `threads` workers, never more than there
/// are games). Stops early, dropping unfinished games, when `cfg.stop` is set.
pub fn play_match(cfg: &MatchConfig) -> MatchResult {
    let list: Vec<usize> = if cfg.only.is_empty() { (0..cfg.games).collect() } else { cfg.only.clone() };
    let next = AtomicUsize::new(0);
    let result = Mutex::new(MatchResult::default());
    let done = Arc::new(AtomicU64::new(0));
    let _progress = crate::online::progress::Progress::counting("konane", "match", list.len() as u64, done.clone());
    on_threads(cfg.threads.clamp(1, list.len().max(1)), || {
        let mut players = [cfg.a.build(cfg.seed), cfg.b.build(cfg.seed.wrapping_add(1))];
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(&g) = list.get(i) else { break };
            if cfg.stop.load(Ordering::SeqCst) {
                break;
            }
            let Some(mut played) = play_one(cfg, &mut players, g) else { break };
            if let Some((dir, names)) = &cfg.records {
                let text = record_text(g, cfg.random_plies, names, &played);
                let path = dir.join(format!("game-{:03}.txt", g + 1));
                // A name of ours in the user's folder: a symlink planted there is replaced.
                if let Err(e) = crate::files::write_atomically_no_follow(&path, text.as_bytes()) {
                    // Counted in `unwritten`, which fails the match at its end.
                    let _ = crate::console::err(format_args!("konane: cannot write {}: {e}\n", show_path(&path)));
                    played.unwritten = 1;
                }
            }
            result.lock().unwrap().add(&played);
            done.fetch_add(1, Ordering::Relaxed);
        }
    });
    result.into_inner().unwrap()
}

/// One game of a match, played to its end.
pub(super) struct Played {
    pub(super) game: Game,
    /// The first player had Black.
    pub(super) a_is_black: bool,
    pub(super) winner: Color,
    /// Moves, thinking time, longest move and moves over budget, per player.
    pub(super) moves: [u64; 2],
    pub(super) time: [Duration; 2],
    pub(super) max_time: [Duration; 2],
    pub(super) over: [u64; 2],
    /// Its record could not be written (0 or 1).
    pub(super) unwritten: usize,
    /// A rival's estimate of its opponent's error per move and its handicap after the game,
    /// per player.
    pub(super) rival: [Option<(f64, f64)>; 2],
}

/// Plays game `g` of a match from its random opening (each opening is played twice, once with
/// each colour assignment); `None` when the match is stopped first.
pub(super) fn play_one(cfg: &MatchConfig, players: &mut [Ai; 2], g: usize) -> Option<Played> {
    let mut rng = SmallRng::seed_from_u64(cfg.seed.wrapping_mul(1000).wrapping_add((g / 2) as u64));
    let game = random_opening(cfg.size, cfg.random_plies, &mut rng);
    let a_is_black = !cfg.alternate || g.is_multiple_of(2);
    for p in players.iter_mut() {
        p.new_game();
    }
    let z = Duration::ZERO;
    let mut played = Played {
        game,
        a_is_black,
        winner: Color::Black,
        moves: [0; 2],
        time: [z; 2],
        max_time: [z; 2],
        over: [0; 2],
        unwritten: 0,
        rival: [None; 2],
    };
    let game = &mut played.game;
    played.winner = loop {
        if let Phase::Over { winner } = game.phase() {
            break winner;
        }
        let idx = if (game.to_move() == Color::Black) == a_is_black { 0 } else { 1 };
        let t0 = Instant::now();
        let choice = players[idx].choose(game.position(), cfg.stop.clone());
        let dt = t0.elapsed();
        if cfg.stop.load(Ordering::SeqCst) {
            return None;
        }
        let m = choice.mv.expect("a player with legal moves returns one");
        game.play(m).unwrap_or_else(|e| panic!("AI played an illegal move: {e}"));
        played.moves[idx] += 1;
        played.time[idx] += dt;
        played.max_time[idx] = played.max_time[idx].max(dt);
        if dt.as_secs_f64() > players[idx].config().budget.as_secs_f64() * 1.1 {
            played.over[idx] += 1;
        }
    };
    for (i, p) in players.iter_mut().enumerate() {
        p.game_over((played.winner == Color::Black) == ((i == 0) == a_is_black));
    }
    played.rival = [players[0].rival_estimate(), players[1].rival_estimate()];
    Some(played)
}

/// The record file of game `g` of a match: who played which colour (`names`: the first
/// player's, then the second's), the winner, and the moves.
pub(super) fn record_text(g: usize, random_plies: usize, names: &[String; 2], played: &Played) -> String {
    let (bn, wn) = if played.a_is_black { (&names[0], &names[1]) } else { (&names[1], &names[0]) };
    format!(
        "# game {} (opening {} with {} random jumps)\n# black: {bn}\n# white: {wn}\n# winner: {}\n{}",
        g + 1,
        g / 2 + 1,
        random_plies,
        played.winner.name(),
        Record::of_game(&played.game).to_text()
    )
}

impl MatchResult {
    /// Counts a finished game.
    pub(super) fn add(&mut self, played: &Played) {
        let winner_idx = if (played.winner == Color::Black) == played.a_is_black { 0 } else { 1 };
        self.wins[winner_idx] += 1;
        self.color_wins[played.winner.index()] += 1;
        self.plies += played.game.ply() as u64;
        self.close += close_game(&played.game) as usize;
        for (kept, e) in self.rival.iter_mut().zip(played.rival) {
            kept.extend(e);
        }
        self.unwritten += played.unwritten;
        for i in 0..2 {
            self.moves[i] += played.moves[i];
            self.time[i] += played.time[i];
            self.max_time[i] = self.max_time[i].max(played.max_time[i]);
            self.over_budget[i] += played.over[i];
        }
    }
}

#[cfg(test)]
mod persona_tests {
    use super::*;

    #[test]
    fn named_opponents_parse_with_or_without_a_level_and_a_bad_level_is_named() {
        assert!(matches!(
            PlayerSpec::parse("kekoa-hard", None),
            Ok(PlayerSpec::Persona(Persona::Kekoa, Level::Hard, None))
        ));
        assert!(matches!(PlayerSpec::parse("Keala@50", None), Ok(PlayerSpec::Persona(Persona::Keala, _, Some(_)))));
        assert!(matches!(PlayerSpec::parse("lani", None), Ok(PlayerSpec::Persona(Persona::Lani, Level::Easy, None))));
        let e = PlayerSpec::parse("pua-fierce", None).unwrap_err();
        assert!(e.contains("fierce"), "{e}");
        // Levels with an evaluation suffix are still levels.
        assert!(matches!(PlayerSpec::parse("expert-mobility", None), Ok(PlayerSpec::Level(Level::Expert, ..))));
    }

    #[test]
    fn the_interval_holds_the_score_and_narrows_with_more_games() {
        let (lo, hi) = wilson(100, 200);
        assert!(lo < 0.5 && hi > 0.5 && hi - lo < 0.15, "{lo} {hi}");
        let (lo2, hi2) = wilson(10, 20);
        assert!(hi2 - lo2 > hi - lo);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
