//! Puzzles: "win in N" positions proven by the exact distance solver (`konane puzzle
//! generate`, shipped in `assets/puzzles/`). The player plays the side to move; any move that
//! keeps a proven win is accepted (not only the stored one), the defence is played by the
//! solver choosing the longest resistance, and a losing move is answered by the solver's
//! refutation and shown as losing. Solved puzzles are kept in the settings.

use crate::ai::puzzle::{Grade, Puzzle};
use crate::ai::{DistanceSolver, Value};
use crate::game::modes::history::PuzzleFinished;
use crate::game::platform::i18n::{Msg, side_key};
use crate::game::platform::redraw::Wake;
use crate::game::platform::settings::{EditSettings, PuzzleMarks, Settings};
use crate::game::play::authority::{GameChange, Intent, MoveApplied, Rules};
use crate::game::play::engine_job::{EngineJob, YieldToRenderer};
use crate::game::play::screen::{GameSet, Navigate, Overlay, Screen, Turn};
use crate::game::setup::{GameMode, GameSetup};
use crate::history::puzzles::PuzzleAttempt;
use crate::rules::{Color as Side, Game, Geometry, Move, Position, move_to_string};
use bevy::prelude::*;

/// The shipped puzzle files, smallest board first, proven by `konane puzzle check` in the
/// tests: each puzzle's place in the book (and so in the settings' solved marks) is its place
/// in this order, and its name is the file's board and its number there (`7x7-012`).
pub const PUZZLE_FILES: [(&str, &str); 3] = [
    ("6x6", include_str!("../../../assets/puzzles/6x6.txt")),
    ("7x7", include_str!("../../../assets/puzzles/7x7.txt")),
    ("8x8", include_str!("../../../assets/puzzles/8x8.txt")),
];

/// Positions a puzzle's solver may value (the shipped ones need far fewer).
const SOLVER_NODES: u64 = 4_000_000;

/// The shipped puzzles, read once.
pub fn book() -> &'static PuzzleBook {
    static BOOK: std::sync::OnceLock<PuzzleBook> = std::sync::OnceLock::new();
    BOOK.get_or_init(PuzzleBook::shipped)
}

/// Every puzzle, in file order (each file by grade, then length).
#[derive(Debug, Clone)]
pub struct PuzzleBook {
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
    /// Their stable identifiers (`6x6-3f9a2c1d`), by which the settings mark them solved and
    /// the history records their attempts.
    pub ids: Vec<String>,
    /// Their places, easiest first (by difficulty rating, then place).
    pub by_difficulty: Vec<usize>,
}

impl PuzzleBook {
    /// Reads the shipped files; a line that cannot be read is logged and left out.
    pub fn shipped() -> PuzzleBook {
        PuzzleBook::from_files(&PUZZLE_FILES)
    }

    /// Reads puzzle files given as (size, text), in order.
    pub fn from_files(files: &[(&str, &str)]) -> PuzzleBook {
        let mut book = PuzzleBook { puzzles: Vec::new(), ids: Vec::new(), by_difficulty: Vec::new() };
        for (size, text) in files {
            for (i, raw) in text.lines().enumerate() {
                let line = raw.split('#').next().unwrap_or("").trim();
                if line.is_empty() {
                    continue;
                }
                match Puzzle::parse_line(line) {
                    Ok(p) => {
                        book.ids.push(p.id());
                        book.puzzles.push(p);
                    }
                    Err(e) => error!("puzzles {size} line {}: {e}", i + 1),
                }
            }
        }
        let difficulty: Vec<f64> = book.puzzles.iter().map(Puzzle::difficulty).collect();
        book.by_difficulty = (0..book.puzzles.len()).collect();
        book.by_difficulty.sort_by(|a, b| difficulty[*a].total_cmp(&difficulty[*b]).then(a.cmp(b)));
        book
    }

    /// The indices of a grade's puzzles.
    pub fn of_grade(&self, grade: Grade) -> Vec<usize> {
        (0..self.puzzles.len()).filter(|i| self.puzzles[*i].grade() == grade).collect()
    }
}

/// FNV-1a: the same number for the same text on every machine and build.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The daily puzzle of `date` (`2026-12-02`): the same for everyone with this book, chosen
/// among the wins of two moves or more (a win in one is too slight for the day).
pub fn daily_index(book: &PuzzleBook, date: &str) -> usize {
    let pool: Vec<usize> = (0..book.puzzles.len()).filter(|i| book.puzzles[*i].moves() >= 2).collect();
    let pool = if pool.is_empty() { (0..book.puzzles.len()).collect() } else { pool };
    pool.get((fnv(date) % pool.len().max(1) as u64) as usize).copied().unwrap_or(0)
}

/// Bands of rising difficulty a streak climbs: its `k`-th puzzle comes from band `k` (the last
/// band once past it).
pub const STREAK_BANDS: usize = 30;

/// The puzzle at place `k` (0 for the first) of a streak started with `seed`: one of band `k`
/// of the book sorted by difficulty, picked by the seed.
pub fn streak_index(book: &PuzzleBook, k: u32, seed: u64) -> usize {
    let order = &book.by_difficulty;
    if order.is_empty() {
        return 0;
    }
    let band = order.len().div_ceil(STREAK_BANDS).max(1);
    let lo = ((k as usize).min(STREAK_BANDS - 1) * band).min(order.len() - 1);
    let hi = (lo + band).min(order.len());
    order[lo + (fnv(&format!("{seed}/{k}")) % (hi - lo) as u64) as usize]
}

/// What a puzzle is being played as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    /// From the book, by grade.
    Book,
    /// The daily puzzle of this date.
    Daily(String),
    /// Place `place` (1 for the first) of a streak started with `seed`.
    Streak {
        /// Its place in the streak.
        place: u32,
        /// The streak's seed.
        seed: u64,
    },
}

/// Whether puzzle `index` of `book` is marked solved in `solved`.
pub fn is_solved(book: &PuzzleBook, solved: &PuzzleMarks, index: usize) -> bool {
    book.ids.get(index).is_some_and(|id| solved.contains(id))
}

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is looking for the win.
    Playing,
    /// The defence has no move left: solved.
    Solved,
    /// The player's move lost; `refutation` is the defence's winning answer.
    Failed {
        /// The move that lost.
        played: Move,
        /// The answer that wins for the defence.
        refutation: Move,
    },
}

/// The running puzzle.
#[derive(Resource)]
pub struct PuzzleRun {
    /// Index into the book.
    pub index: usize,
    /// What it is played as: from the book, the daily puzzle, or a place in a streak.
    pub kind: PuzzleKind,
    /// Its result has gone to the history.
    recorded: bool,
    /// The side the player plays (the puzzle's side to move).
    pub side: Side,
    /// Where it stands.
    pub state: PuzzleState,
    /// The solver with every position below the puzzle valued (once its task is done).
    solver: Option<DistanceSolver>,
    task: Option<EngineJob<DistanceSolver>>,
    /// A player's move waits for the verdict.
    awaiting: bool,
    /// The "solved" panel has been shown.
    announced: bool,
    /// The defence's move, played once the player's move has been shown.
    reply: Option<Move>,
    /// Hints taken so far (a nudge, the stone, the move): each says more and pays less.
    pub hints: u8,
}

impl PuzzleRun {
    /// Puzzle `index` of the book, at `position`, played as `kind`. The solver values every
    /// position below it on an engine thread (the shipped puzzles take well under a second);
    /// verdicts wait for it.
    fn start(index: usize, kind: PuzzleKind, position: Position, idle: bool, wake: &Wake) -> PuzzleRun {
        let task = EngineJob::spawn(idle, wake, move || {
            let mut solver = DistanceSolver::new(SOLVER_NODES);
            let _ = solver.moves(&position);
            solver
        });
        PuzzleRun {
            index,
            kind,
            recorded: false,
            side: position.to_move(),
            state: PuzzleState::Playing,
            solver: None,
            task: Some(task),
            awaiting: false,
            announced: false,
            reply: None,
            hints: 0,
        }
    }

    /// The attempt as the history keeps it (its result as it stands now).
    pub fn attempt(&self) -> PuzzleAttempt {
        let book = book();
        PuzzleAttempt {
            at: crate::history::now(),
            puzzle: book.ids.get(self.index).cloned().unwrap_or_default(),
            difficulty: book.puzzles.get(self.index).map_or(1500.0, Puzzle::difficulty),
            solved: self.state == PuzzleState::Solved,
            daily: match &self.kind {
                PuzzleKind::Daily(date) => Some(date.clone()),
                _ => None,
            },
            streak: match self.kind {
                PuzzleKind::Streak { place, .. } => Some(place),
                _ => None,
            },
            hints: self.hints,
        }
    }

    /// Whether the solver is ready (the verdicts wait for it).
    pub fn ready(&self) -> bool {
        self.solver.is_some()
    }
}

/// A step in the puzzles, from the menus.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleStep {
    /// Open the first unsolved puzzle of a grade.
    Open(Grade),
    /// Open today's daily puzzle.
    Daily,
    /// Start a new puzzle streak.
    Streak,
    /// The next puzzle of the same grade.
    Next,
    /// The same puzzle again.
    Retry,
    /// Back to the list of puzzles on the title screen.
    Leave,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PuzzleStep>()
        // Steps ask for their board in the rules stage, so it starts in the same frame.
        .add_systems(Update, steps.in_set(GameSet::Rules))
        .add_systems(Update, verdicts.in_set(GameSet::Presentation))
        .add_systems(Update, count_hints.in_set(GameSet::Input))
        .add_systems(OnEnter(Screen::Title), reopen_list)
        .add_systems(OnExit(Screen::Game), |mut commands: Commands| commands.remove_resource::<PuzzleRun>());
}

/// Each press of Hint while a puzzle is played says a little more (see [`puzzle_hint`]).
fn count_hints(mut requests: MessageReader<crate::game::play::ai_task::HintRequest>, run: Option<ResMut<PuzzleRun>>) {
    let asked = requests.read().count() > 0;
    if let Some(mut run) = run
        && asked
        && run.state == PuzzleState::Playing
        && run.hints < crate::history::puzzles::HINT_STEPS
    {
        run.hints += 1;
    }
}

/// A puzzle's hint at step `step` (1: a nudge, 2: the stone, 3: the move) for `best`, the
/// winning move: graded, so a hint helps without giving the whole answer at once.
pub fn puzzle_hint(step: u8, best: Move, geo: &Geometry) -> Msg {
    match step {
        0 | 1 => Msg::new("hint-puzzle-nudge").num("n", best.captured().len() as i64),
        2 => Msg::new("hint-puzzle-stone").text("cell", crate::rules::notation::coord_to_string(geo, best.from)),
        _ => Msg::new("hint-puzzle-move").text("move", move_to_string(geo, best)),
    }
}

/// Leaving a puzzle returns to the list of puzzles on the title screen.
#[derive(Resource)]
struct BackToPuzzles;

fn reopen_list(mut commands: Commands, back: Option<Res<BackToPuzzles>>, mut nav: MessageWriter<Navigate>) {
    if back.is_some() {
        commands.remove_resource::<BackToPuzzles>();
        nav.write(Navigate::To(Overlay::Puzzles));
    }
}

/// The status line during a puzzle.
pub fn status(run: &PuzzleRun, geo: &Geometry) -> Msg {
    let book = book();
    let puzzle = &book.puzzles[run.index];
    let grade = book.of_grade(puzzle.grade());
    let n = grade.iter().position(|i| *i == run.index).unwrap_or(0) + 1;
    let title = match run.kind {
        PuzzleKind::Book => Msg::new("puzzle-title-book").num("n", n as i64).num("total", grade.len() as i64),
        PuzzleKind::Daily(_) => Msg::new("puzzle-title-daily"),
        PuzzleKind::Streak { place, .. } => Msg::new("puzzle-title-streak").num("n", place as i64),
    };
    match run.state {
        PuzzleState::Playing => Msg::new("puzzle-status")
            .sub("title", title)
            .text("side", side_key(run.side))
            .num("moves", puzzle.moves() as i64),
        PuzzleState::Solved => Msg::new("puzzle-solved-status").num("moves", puzzle.moves() as i64),
        PuzzleState::Failed { played, refutation } => Msg::new("puzzle-failed-status")
            .text("played", move_to_string(geo, played))
            .text("answer", move_to_string(geo, refutation)),
    }
}

/// The first puzzle of `grade` after puzzle `after` (from the grade's start without one),
/// round the grade's list, that is not solved; if all are, the first of them.
fn first_unsolved(book: &PuzzleBook, grade: Grade, after: Option<usize>, solved: &PuzzleMarks) -> Option<usize> {
    let list = book.of_grade(grade);
    let start = after.and_then(|a| list.iter().position(|i| *i == a)).map_or(0, |p| p + 1).min(list.len());
    let mut rotated = list[start..].iter().chain(list[..start].iter());
    rotated.clone().find(|i| !is_solved(book, solved, **i)).or(rotated.next()).copied()
}

/// The puzzle a step opens: a grade's first unsolved one, the next of the same grade, or the
/// same again (`current` is the puzzle on the board, if any). `None` for Leave.
fn puzzle_for(book: &PuzzleBook, step: PuzzleStep, current: Option<usize>, solved: &PuzzleMarks) -> Option<usize> {
    match step {
        PuzzleStep::Open(grade) => first_unsolved(book, grade, None, solved),
        PuzzleStep::Next => current.and_then(|c| first_unsolved(book, book.puzzles[c].grade(), Some(c), solved)),
        PuzzleStep::Retry => current,
        PuzzleStep::Daily | PuzzleStep::Streak | PuzzleStep::Leave => None,
    }
}

/// The puzzle a step opens and what it is played as. `current` is the puzzle on the board:
/// its place, kind and state. A streak goes on only from a solved puzzle; retrying a streak's
/// puzzle is practice, retrying the daily puzzle is the daily puzzle again.
fn opening(
    book: &PuzzleBook,
    step: PuzzleStep,
    current: Option<(usize, &PuzzleKind, PuzzleState)>,
    solved: &PuzzleMarks,
    today: &str,
    seed: u64,
) -> Option<(usize, PuzzleKind)> {
    let from_book = |i: usize| (i, PuzzleKind::Book);
    match (step, current) {
        (PuzzleStep::Daily, _) => Some((daily_index(book, today), PuzzleKind::Daily(today.into()))),
        (PuzzleStep::Streak, _) => Some((streak_index(book, 0, seed), PuzzleKind::Streak { place: 1, seed })),
        (PuzzleStep::Next, Some((_, PuzzleKind::Streak { place, seed }, PuzzleState::Solved))) => {
            Some((streak_index(book, *place, *seed), PuzzleKind::Streak { place: place + 1, seed: *seed }))
        }
        (PuzzleStep::Retry, Some((i, PuzzleKind::Daily(date), _))) => Some((i, PuzzleKind::Daily(date.clone()))),
        _ => puzzle_for(book, step, current.map(|c| c.0), solved).map(from_book),
    }
}

/// Opens, moves through and leaves the puzzles.
fn steps(
    mut commands: Commands,
    mut steps: MessageReader<PuzzleStep>,
    run: Option<Res<PuzzleRun>>,
    settings: Res<Settings>,
    mut nav: MessageWriter<Navigate>,
    mut games: MessageWriter<GameChange>,
    yield_to_renderer: Option<Res<YieldToRenderer>>,
    wake: Res<Wake>,
) {
    let book = book();
    for step in steps.read() {
        if *step == PuzzleStep::Leave {
            commands.remove_resource::<PuzzleRun>();
            games.write(GameChange::Leave);
            commands.insert_resource(BackToPuzzles);
            continue;
        }
        let current = run.as_ref().map(|r| (r.index, &r.kind, r.state));
        let today = crate::history::puzzles::date_of(crate::history::now());
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        let Some((index, kind)) = opening(book, *step, current, &settings.puzzles_solved, &today, seed) else {
            continue;
        };
        let puzzle = &book.puzzles[index];
        let game = Game::from_position(puzzle.position);
        let setup = GameSetup::practice(*game.geometry(), GameMode::Puzzle);
        games.write(GameChange::at(setup, game, None));
        commands.insert_resource(PuzzleRun::start(index, kind, puzzle.position, yield_to_renderer.is_some(), &wake));
        nav.write(Navigate::To(Overlay::None));
    }
}

/// What the solver's values of the defence's moves (best first; `None`: not valued within
/// the budget) say of the player's move `played`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The defence has no move: solved.
    Solved,
    /// Still a proven win: the defence resists as long as it can (its best value is its
    /// longest loss) with this move.
    Resist(Move),
    /// The move gave the win away: the defence's quickest win is the refutation.
    Lost { played: Move, refutation: Move },
    /// The position was not valued within the budget.
    Unknown,
    /// No move was played.
    Nothing,
}

/// Judges a move of the player from the defence's moves and their values. Pure.
fn verdict(defence: Option<&[(Move, Value)]>, played: Option<Move>) -> Verdict {
    match defence {
        None => Verdict::Unknown,
        Some([]) => Verdict::Solved,
        Some([(best, Value::Loss(_)), ..]) => Verdict::Resist(*best),
        Some([(refutation, _), ..]) => match played {
            Some(played) => Verdict::Lost { played, refutation: *refutation },
            None => Verdict::Nothing,
        },
    }
}

impl PuzzleRun {
    /// Takes the verdict on the player's move; a solve is marked in the settings, and a
    /// finished puzzle's attempt goes to the history (once).
    fn conclude(
        &mut self,
        verdict: Verdict,
        edits: &mut MessageWriter<EditSettings>,
        finished: &mut MessageWriter<PuzzleFinished>,
    ) {
        if self.take(verdict)
            && let Some(id) = book().ids.get(self.index).cloned()
        {
            edits.write(EditSettings::new(move |s| s.puzzles_solved.insert(id)));
        }
        if self.state != PuzzleState::Playing && !self.recorded {
            self.recorded = true;
            finished.write(PuzzleFinished(self.attempt()));
        }
    }

    /// Takes the verdict on the player's move: the puzzle is solved or lost, or the
    /// defence's reply is due. Returns whether it was solved by this move.
    fn take(&mut self, verdict: Verdict) -> bool {
        match verdict {
            Verdict::Solved => {
                self.state = PuzzleState::Solved;
                return true;
            }
            Verdict::Resist(reply) => self.reply = Some(reply),
            Verdict::Lost { played, refutation } => {
                self.state = PuzzleState::Failed { played, refutation };
                self.reply = Some(refutation);
            }
            Verdict::Unknown => warn!("puzzle {}: the position was not valued within the budget", self.index + 1),
            Verdict::Nothing => {}
        }
        false
    }
}

/// Judges the player's moves, plays the defence, and says when the puzzle is solved or lost.
fn verdicts(
    run: Option<ResMut<PuzzleRun>>,
    rules: Option<Res<Rules>>,
    mut applied: MessageReader<MoveApplied>,
    turn: Option<Res<State<Turn>>>,
    mut edits: MessageWriter<EditSettings>,
    mut nav: MessageWriter<Navigate>,
    mut intents: MessageWriter<Intent>,
    mut finished: MessageWriter<PuzzleFinished>,
) {
    let (Some(mut run), Some(rules)) = (run, rules) else {
        applied.clear();
        return;
    };
    if let Some(task) = run.task.as_mut()
        && let Some(solver) = task.poll()
    {
        run.solver = Some(solver);
        run.task = None;
    }
    let mut moved_now = false;
    for m in applied.read() {
        moved_now = true;
        if m.mover == run.side && run.state == PuzzleState::Playing {
            run.awaiting = true;
        } else if m.mover != run.side && matches!(run.state, PuzzleState::Failed { .. }) {
            // The refutation has been played: the panel says what happened.
            nav.write(Navigate::To(Overlay::PuzzleOver));
        }
    }
    let run = &mut *run;
    if run.awaiting
        && let Some(solver) = run.solver.as_mut()
    {
        run.awaiting = false;
        let here = *rules.game.position();
        let verdict = verdict(solver.moves(&here).as_deref(), rules.game.last_move());
        if verdict == Verdict::Nothing {
            return;
        }
        run.conclude(verdict, &mut edits, &mut finished);
    }
    // The defence moves once the player's move has been shown.
    let turn = turn.map(|t| *t.get());
    if turn.is_none_or(|t| t == Turn::Human)
        && !moved_now
        && let Some(reply) = run.reply.take()
    {
        intents.write(Intent::Play { mv: reply, generation: None });
    }
    // Solved: the panel opens once the last move has been shown.
    if run.state == PuzzleState::Solved && !run.announced && !moved_now && turn != Some(Turn::Animating) {
        run.announced = true;
        nav.write(Navigate::To(Overlay::PuzzleOver));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Coord;

    #[test]
    fn a_grade_opens_at_its_first_unsolved_puzzle_and_next_goes_round_the_grade() {
        let book = book();
        let grade = Grade::ALL[0];
        let list = book.of_grade(grade);
        assert!(list.len() >= 2, "the shipped book has puzzles of every grade");
        let bit = |i: usize| {
            let mut m = PuzzleMarks::default();
            m.insert(book.ids[i].clone());
            m
        };
        assert_eq!(puzzle_for(book, PuzzleStep::Open(grade), None, &PuzzleMarks::default()), Some(list[0]));
        assert_eq!(puzzle_for(book, PuzzleStep::Open(grade), None, &bit(list[0])), Some(list[1]));
        // Next skips solved puzzles, goes round to the start, and with all solved simply
        // takes the next one.
        let last = *list.last().unwrap();
        assert_eq!(puzzle_for(book, PuzzleStep::Next, Some(last), &bit(list[0])), Some(list[1]));
        let all = list.iter().fold(PuzzleMarks::default(), |mut s, i| {
            s.insert(book.ids[*i].clone());
            s
        });
        assert_eq!(puzzle_for(book, PuzzleStep::Next, Some(list[0]), &all), Some(list[1]));
        assert_eq!(puzzle_for(book, PuzzleStep::Retry, Some(list[1]), &PuzzleMarks::default()), Some(list[1]));
        assert_eq!(puzzle_for(book, PuzzleStep::Next, None, &PuzzleMarks::default()), None);
        assert_eq!(puzzle_for(book, PuzzleStep::Leave, Some(list[1]), &PuzzleMarks::default()), None);
    }

    #[test]
    fn a_puzzle_added_to_a_book_moves_no_solved_mark_and_the_old_marks_migrate_onto_their_puzzles() {
        let shipped = book();
        assert_eq!(shipped.ids.iter().collect::<std::collections::HashSet<_>>().len(), shipped.ids.len());
        // Today's book is the 0.1.0 book: its frozen list names the same puzzles in the same order.
        let legacy = crate::history::legacy_puzzles::legacy_puzzles();
        assert!(legacy.iter().all(|(_, id)| shipped.ids.contains(id)), "every 0.1.0 puzzle is still shipped");
        // A 0.1.0 settings line (places in the book, from 1) marks the puzzles at those places.
        let mut s = Settings::default();
        assert!(s.apply_text("puzzles = \"1 2 67 200 382\"").is_empty());
        let marked: Vec<usize> =
            (0..shipped.puzzles.len()).filter(|i| is_solved(shipped, &s.puzzles_solved, *i)).collect();
        let places: Vec<usize> = [1, 2, 67, 200, 382]
            .iter()
            .map(|p| shipped.ids.iter().position(|id| *id == legacy[p - 1].1).unwrap())
            .collect();
        assert_eq!(marked, places);
        // One new 6x6 puzzle at the head of its file (and so before every 7x7 and 8x8 one).
        let extra = "BW.W.W/....../B.B.../.B..../BW...W/WB..WB w | win in 1 | plies 1 | a1-c1";
        let six = format!("{extra}\n{}", PUZZLE_FILES[0].1);
        let grown = PuzzleBook::from_files(&[("6x6", &six), PUZZLE_FILES[1], PUZZLE_FILES[2]]);
        assert_eq!(grown.puzzles.len(), shipped.puzzles.len() + 1);
        // Every mark stays on its puzzle (the same position), and the new one is not marked.
        for i in 0..shipped.puzzles.len() {
            let j = grown.puzzles.iter().position(|p| p.position == shipped.puzzles[i].position).unwrap();
            assert_eq!(is_solved(&grown, &s.puzzles_solved, j), is_solved(shipped, &s.puzzles_solved, i), "puzzle {i}");
        }
        assert!(!is_solved(&grown, &s.puzzles_solved, 0));
        // Written back, the line holds identifiers and reads back the same.
        let text = s.to_text();
        let line = text.lines().find(|l| l.starts_with("puzzles = ")).unwrap();
        assert!(s.puzzles_solved.ids().all(|id| crate::ai::puzzle::Puzzle::is_id(id) && line.contains(id)), "{line}");
        let mut again = Settings::default();
        assert!(again.apply_text(line).is_empty());
        assert_eq!(again.puzzles_solved, s.puzzles_solved);
        // A number past the 0.1.0 book or a word that is neither is refused, naming it.
        assert!(again.apply_text("puzzles = [383]")[0].contains("383"));
        assert!(again.apply_text("puzzles = [\"6x6-zzzzzzzz\"]")[0].contains("6x6-zzzzzzzz"));
    }

    #[test]
    fn a_move_that_keeps_the_win_is_resisted_and_one_that_throws_it_away_is_refuted() {
        let a = Move::jump(Coord::new(0, 0), Coord::new(0, 2));
        let b = Move::jump(Coord::new(2, 0), Coord::new(2, 2));
        let played = Move::jump(Coord::new(4, 0), Coord::new(4, 2));
        assert_eq!(verdict(Some(&[]), Some(played)), Verdict::Solved);
        assert_eq!(verdict(Some(&[(a, Value::Loss(4)), (b, Value::Loss(2))]), Some(played)), Verdict::Resist(a));
        assert_eq!(
            verdict(Some(&[(b, Value::Win(3)), (a, Value::Loss(2))]), Some(played)),
            Verdict::Lost { played, refutation: b }
        );
        assert_eq!(verdict(None, Some(played)), Verdict::Unknown);
        assert_eq!(verdict(Some(&[(b, Value::Win(3))]), None), Verdict::Nothing);
    }

    #[test]
    fn the_daily_puzzle_is_fixed_by_the_date_and_a_streak_rises_in_difficulty() {
        let book = book();
        let a = daily_index(book, "2026-12-02");
        assert_eq!(a, daily_index(book, "2026-12-02"), "the same for everyone on a date");
        assert!(book.puzzles[a].moves() >= 2);
        let days: std::collections::BTreeSet<_> =
            (1..=28).map(|d| daily_index(book, &format!("2027-02-{d:02}"))).collect();
        assert!(days.len() >= 20, "a month of dailies repeats little: {} different", days.len());
        for seed in [1, 2, 99] {
            let climb: Vec<f64> =
                (0..STREAK_BANDS as u32).map(|k| book.puzzles[streak_index(book, k, seed)].difficulty()).collect();
            assert!(climb.windows(2).all(|w| w[0] <= w[1]), "seed {seed}: {climb:?}");
        }
        let starts: std::collections::BTreeSet<_> = (1..=6).map(|seed| streak_index(book, 0, seed)).collect();
        assert!(starts.len() >= 2, "streaks start differently");
    }

    #[test]
    fn a_streak_goes_on_only_from_a_solved_puzzle_and_a_retry_is_practice() {
        let book = book();
        let none = &PuzzleMarks::default();
        let streak = PuzzleKind::Streak { place: 3, seed: 7 };
        let solved = opening(book, PuzzleStep::Next, Some((5, &streak, PuzzleState::Solved)), none, "d", 1);
        assert_eq!(solved, Some((streak_index(book, 3, 7), PuzzleKind::Streak { place: 4, seed: 7 })));
        let retry = opening(book, PuzzleStep::Retry, Some((5, &streak, PuzzleState::Playing)), none, "d", 1);
        assert_eq!(retry, Some((5, PuzzleKind::Book)));
        let daily = PuzzleKind::Daily("2026-12-02".into());
        let again = opening(book, PuzzleStep::Retry, Some((9, &daily, PuzzleState::Playing)), none, "x", 1);
        assert_eq!(again, Some((9, daily.clone())));
        let new = opening(book, PuzzleStep::Streak, None, none, "x", 42);
        assert_eq!(new, Some((streak_index(book, 0, 42), PuzzleKind::Streak { place: 1, seed: 42 })));
    }
}
