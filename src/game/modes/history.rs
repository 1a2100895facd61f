//! The player's history in the game: every finished game of this run is recorded once (with
//! its rating change when rated), a take-back makes the game unrated (and says so), earned
//! milestones queue for their moment on screen, and the statistics are read when asked.
//!
//! The file is opened on a thread of its own at start (its check reads every game), so the
//! first frame never waits for it; a game that ends before it is open waits in a queue.

use crate::game::modes::saves::{DataDir, OpenThis, SavedGame};
use crate::game::platform::i18n::Msg;
use crate::game::play::authority::Rules;
use crate::game::play::screen::{GameSet, Notice, Overlay};
use crate::game::setup::Controller;
use crate::history::milestones::{Milestone, Progress};
use crate::history::puzzles::{PuzzleAttempt, PuzzleRecorded};
use crate::history::stats::{GameRow, Stats};
use crate::history::{FinishedGame, History, Player, Problem, Recorded};
use crate::rating::Rating;
use crate::rules::Color as Side;
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};

type Opened = (Option<History>, Option<Problem>);

/// The history, once open, and what this run recorded.
#[derive(Resource, Default)]
pub struct PlayerHistory {
    history: Option<Mutex<History>>,
    opening: Option<Mutex<Receiver<Opened>>>,
    /// What went wrong opening it, if anything.
    pub problem: Option<Problem>,
    /// Your rating and rated games so far (none before the history is open).
    pub rating: Option<(Rating, u64)>,
    /// Games of this run seen unfinished, by the rules' game number: only these are recorded.
    played: BTreeSet<u64>,
    /// Games of this run recorded (or given up on): each is recorded once.
    recorded: BTreeSet<u64>,
    /// Finished games waiting for the history to open.
    waiting: Vec<(u64, FinishedGame)>,
    /// What recording each game of this run did, by game number (the latest few).
    pub results: Vec<(u64, Recorded)>,
    /// Your puzzles as they stand (none before the history is open).
    pub puzzles: Option<PuzzleStanding>,
    /// What recording the last puzzle attempt did: the puzzle's name and the result.
    pub last_puzzle: Option<(String, PuzzleRecorded)>,
    /// Milestones earned in this run, in order (the toast shows each once).
    pub milestones: Vec<&'static Milestone>,
}

impl PlayerHistory {
    /// Runs `f` on the open history, if there is one.
    pub fn read<T>(&self, f: impl FnOnce(&History) -> T) -> Option<T> {
        let guard = self.history.as_ref()?.lock().ok()?;
        Some(f(&guard))
    }

    /// What recording game `id` of this run did, if it was recorded.
    pub fn result_of(&self, id: u64) -> Option<&Recorded> {
        self.results.iter().find(|(g, _)| *g == id).map(|(_, r)| r)
    }

    /// Whether game `id` of this run is in the record.
    pub fn was_recorded(&self, id: u64) -> bool {
        self.recorded.contains(&id)
    }

    fn refresh_rating(&mut self) {
        self.rating = self.read(|h| Some((h.rating().ok()?, h.rated_games().ok()?))).flatten();
        let today = crate::history::puzzles::date_of(crate::history::now());
        self.puzzles = self
            .read(|h| {
                Some(PuzzleStanding {
                    rating: h.puzzle_rating().ok()?,
                    best_streak: h.best_puzzle_streak().ok()?,
                    daily: h.daily_result(&today).ok()?,
                    today,
                })
            })
            .flatten();
    }

    /// Records a puzzle attempt (dropped while the history opens: a puzzle is over in seconds).
    fn record_puzzle(&mut self, attempt: &PuzzleAttempt) {
        let Some(result) = self.history.as_ref().and_then(|h| h.lock().ok().map(|mut h| h.record_puzzle(attempt)))
        else {
            return;
        };
        match result {
            Ok(recorded) => {
                self.milestones.extend(recorded.milestones.iter().copied());
                self.last_puzzle = Some((attempt.puzzle.clone(), recorded));
                self.refresh_rating();
            }
            Err(e) => warn!("the puzzle was not recorded: {e}"),
        }
    }

    /// Records `game` (game `id` of this run) now, or once the history is open.
    fn record(&mut self, id: u64, game: FinishedGame) {
        self.recorded.insert(id);
        if self.opening.is_some() {
            self.waiting.push((id, game));
            return;
        }
        let Some(result) = self.history.as_ref().and_then(|h| h.lock().ok().map(|mut h| h.record(&game))) else {
            return;
        };
        match result {
            Ok(recorded) => {
                self.milestones.extend(recorded.milestones.iter().copied());
                self.results.push((id, recorded));
                if self.results.len() > 8 {
                    self.results.remove(0);
                }
                self.refresh_rating();
            }
            Err(e) => warn!("the game was not recorded: {e}"),
        }
    }
}

/// Your side and who played each side, when the game is one the history keeps: a person at
/// this screen against the computer, two people at this screen, or you against a friend
/// online. Games the computer plays alone, lessons, puzzles and games watched are not kept.
fn players_of(rules: &Rules) -> Option<(Option<Side>, [Player; 2])> {
    if rules.setup.is_practice() {
        return None;
    }
    let player = |c: Controller| match c {
        Controller::Human => Player::Person,
        Controller::Ai(level) => Player::Computer(level),
        Controller::Remote => Player::Friend,
    };
    let players = rules.setup.players.map(player);
    let you = match players {
        [Player::Person, Player::Person] => None,
        [Player::Person, _] => Some(Side::Black),
        [_, Player::Person] => Some(Side::White),
        _ => return None,
    };
    Some((you, players))
}

/// The finished game as the history keeps it, if it keeps this kind.
pub fn finished_game(rules: &Rules, now: i64) -> Option<FinishedGame> {
    let (you, players) = players_of(rules)?;
    Some(FinishedGame {
        finished_at: now,
        players,
        you,
        winner: rules.winner()?,
        resigned: rules.resigned.is_some(),
        took_back: rules.took_back,
        game: rules.game.clone(),
    })
}

/// Whether the game on the board is rated while no move is taken back: you against the
/// computer, on a board the ratings cover.
pub fn ratable(rules: &Rules) -> bool {
    rules.counts_for_rating()
}

/// Most games in the list of your games.
pub const LISTED_GAMES: u64 = 50;

/// What the statistics screen and the list of your games show, read when either opens.
#[derive(Resource, Default, Debug)]
pub struct RecordView {
    /// The statistics (none without a history).
    pub stats: Option<Stats>,
    /// Every milestone with your progress.
    pub milestones: Vec<Progress>,
    /// A page of your games, newest first.
    pub games: Vec<GameRow>,
    /// How many newer games come before this page.
    pub skip: u64,
    /// Your puzzle rating and best puzzle streak.
    pub puzzles: Option<(Rating, u32)>,
    /// How long the reading took, in milliseconds.
    pub query_ms: f64,
}

/// A puzzle was solved or lost: its attempt, for the history.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct PuzzleFinished(pub PuzzleAttempt);

/// Your puzzles as they stand: rating, best streak, and today's daily puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStanding {
    /// Your puzzle rating.
    pub rating: Rating,
    /// The most puzzles solved in one streak.
    pub best_streak: u32,
    /// Today's date (`2026-12-02`).
    pub today: String,
    /// Today's daily puzzle: not tried, or whether it was solved.
    pub daily: Option<bool>,
}

impl RecordView {
    /// Where the list of your games stands.
    pub fn page(&self) -> RecordPage {
        let total = self.stats.as_ref().map_or(0, |s| s.games);
        RecordPage {
            shown: self.games.len(),
            older: self.skip + (self.games.len() as u64) < total,
            newer: self.skip > 0,
        }
    }
}

/// What the list of your games is asked to do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordRequest {
    /// Open the game at this place in [`RecordView::games`] for review.
    Open(usize),
    /// Show the next page of older games.
    Older,
    /// Show the page of newer games.
    Newer,
}

/// Where the list of your games stands: games shown, and whether older or newer ones are
/// on other pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordPage {
    /// Games on this page.
    pub shown: usize,
    /// There are older games.
    pub older: bool,
    /// There are newer games (this is not the first page).
    pub newer: bool,
}

impl Drop for PlayerHistory {
    /// Waits for a history still being opened, so nothing of it outlives the game (its thread
    /// would otherwise go on making files after the app is gone).
    fn drop(&mut self) {
        if let Some(receiver) = self.opening.take().and_then(|r| r.into_inner().ok()) {
            let _ = receiver.recv();
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayerHistory>()
        .init_resource::<RecordView>()
        .add_message::<RecordRequest>()
        .add_message::<PuzzleFinished>()
        .add_systems(Startup, open_history)
        .add_systems(
            Update,
            (receive_history, follow_games, record_puzzles, read_record).chain().in_set(GameSet::Presentation),
        )
        .add_systems(Update, open_recorded.in_set(GameSet::Rules))
        .add_systems(Update, share_rating.in_set(GameSet::Presentation));
}

/// Tells the computer's side the player's rating (the friendly rival's first guess).
fn share_rating(history: Res<PlayerHistory>, rating: Option<ResMut<crate::game::play::ai_task::PlayerRating>>) {
    let Some(mut rating) = rating else { return };
    let now = history.rating.map(|(r, _)| r.rating);
    if history.is_changed() && rating.0 != now {
        rating.0 = now;
    }
}

/// Reads the statistics, milestones and games when the record's screens open (and whenever
/// a game is recorded while they are open).
fn read_record(
    overlay: Res<Overlay>,
    history: Res<PlayerHistory>,
    mut view: ResMut<RecordView>,
    mut requests: MessageReader<RecordRequest>,
    mut was_open: Local<bool>,
) {
    let open = matches!(*overlay, Overlay::Stats | Overlay::Recorded);
    if open && (!*was_open || history.is_changed()) {
        let start = std::time::Instant::now();
        let read = history.read(|h| {
            let (stats, milestones) = h.stats_and_milestones().ok()?;
            Some((
                stats,
                milestones,
                h.games(0, LISTED_GAMES).ok()?,
                h.puzzle_rating().ok()?,
                h.best_puzzle_streak().ok()?,
            ))
        });
        *view = match read.flatten() {
            Some((stats, milestones, games, puzzle, streak)) => RecordView {
                stats: Some(stats),
                milestones,
                games,
                skip: 0,
                puzzles: Some((puzzle, streak)),
                query_ms: start.elapsed().as_secs_f64() * 1e3,
            },
            None => RecordView::default(),
        };
    }
    *was_open = open;
    for request in requests.read() {
        let page = view.page();
        let skip = match request {
            RecordRequest::Older if page.older => view.skip + LISTED_GAMES,
            RecordRequest::Newer if page.newer => view.skip.saturating_sub(LISTED_GAMES),
            _ => continue,
        };
        if let Some(Ok(games)) = history.read(|h| h.games(skip, LISTED_GAMES)) {
            view.games = games;
            view.skip = skip;
        }
    }
}

/// Opens a game of your record as a finished game (the game-over panel, review and analysis),
/// through the saved games' opening (which asks first if it would replace an unfinished game).
fn open_recorded(
    mut opens: MessageReader<RecordRequest>,
    view: Res<RecordView>,
    history: Res<PlayerHistory>,
    mut open: MessageWriter<OpenThis>,
    mut notice: ResMut<Notice>,
) {
    for request in opens.read() {
        let RecordRequest::Open(i) = request else { continue };
        let Some(row) = view.games.get(*i) else { continue };
        match history.read(|h| h.record_text(row.id)).map(|r| r.map_err(|e| e.to_string())) {
            Some(Ok(text)) => match recorded_game(row, &text) {
                Ok(saved) => _ = open.write(OpenThis(Box::new(saved))),
                Err(e) => notice.say(Msg::new("load-cannot-open").text("why", e), true),
            },
            Some(Err(e)) => notice.say(Msg::new("load-cannot-open").text("why", e), true),
            None => {}
        }
    }
}

/// A recorded game as a saved game: a friend online opens as a person at this screen.
pub fn recorded_game(row: &GameRow, text: &str) -> Result<SavedGame, String> {
    if text.trim().is_empty() {
        return Err("its moves were lost when the record file was damaged".into());
    }
    let game = crate::rules::Record::parse(text).map_err(|e| e.to_string())?.replay().map_err(|e| e.to_string())?;
    let controller = |p: Player| match p {
        Player::Computer(level) => Controller::Ai(level),
        Player::Person | Player::Friend => Controller::Human,
    };
    Ok(SavedGame {
        game,
        players: row.players.map(controller),
        resigned: row.resigned.then(|| row.winner.opponent()),
        date: Some(crate::history::puzzles::date_of(row.finished_at)),
        // As it was played: a game that counted is not said to be unrated. (Opened finished,
        // it is never recorded again.)
        took_back: row.took_back,
        // The history keeps levels, not who the computer played as.
        persona: None,
    })
}

fn open_history(dir: Option<Res<DataDir>>, mut history: ResMut<PlayerHistory>) {
    let Some(dir) = dir else { return };
    let path = dir.0.join(crate::history::FILE_NAME);
    let (send, receive) = channel();
    let spawned = std::thread::Builder::new().name("history".into()).spawn(move || {
        let _ = send.send(History::open(&path));
    });
    if spawned.is_ok() {
        history.opening = Some(Mutex::new(receive));
    }
}

fn receive_history(mut history: ResMut<PlayerHistory>, mut notice: ResMut<Notice>) {
    let Some(opened) = history.opening.as_ref().and_then(|r| r.lock().ok()?.try_recv().ok()) else { return };
    history.opening = None;
    let (h, problem) = opened;
    history.history = h.map(Mutex::new);
    if let Some(p) = &problem {
        warn!("{p}");
        let key = match p {
            Problem::Damaged { .. } | Problem::Foreign { .. } => "notice-history-set-aside",
            Problem::Newer { .. } | Problem::ReadOnly { .. } => "notice-history-read-only",
            Problem::Unavailable { .. } => "notice-history-unavailable",
        };
        notice.say(Msg::new(key), true);
        notice.left = 8.0;
    }
    history.problem = problem;
    history.refresh_rating();
    for (id, game) in std::mem::take(&mut history.waiting) {
        history.recorded.remove(&id);
        history.record(id, game);
    }
}

/// Records each puzzle attempt.
fn record_puzzles(mut finished: MessageReader<PuzzleFinished>, mut history: ResMut<PlayerHistory>) {
    for PuzzleFinished(attempt) in finished.read() {
        history.record_puzzle(attempt);
    }
}

/// Records each game of this run once, when it ends; says when a take-back makes it unrated.
fn follow_games(
    rules: Option<Res<Rules>>,
    mut history: ResMut<PlayerHistory>,
    mut notice: ResMut<Notice>,
    mut seen: Local<(u64, bool)>,
) {
    let Some(rules) = rules.filter(|r| r.is_changed()) else { return };
    let id = rules.game_id;
    if *seen != (id, rules.took_back) {
        let took_back_now = seen.0 == id && !seen.1 && rules.took_back;
        *seen = (id, rules.took_back);
        if took_back_now && history.was_recorded(id) {
            notice.say(Msg::new("notice-result-stands"), false);
            notice.left = 6.0;
        } else if took_back_now && ratable(&rules) {
            notice.say(Msg::new("notice-unrated"), false);
            notice.left = 6.0;
        }
    }
    if players_of(&rules).is_none() {
        return;
    }
    match rules.winner() {
        None => {
            history.played.insert(id);
        }
        Some(_) if history.played.contains(&id) && !history.was_recorded(id) => {
            if let Some(game) = finished_game(&rules, crate::history::now()) {
                history.record(id, game);
            }
        }
        Some(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::game::setup::GameSetup;

    #[test]
    fn only_games_with_a_person_at_this_screen_are_kept_and_only_some_are_ratable() {
        let geo = crate::rules::Geometry::new(8, 8).unwrap();
        let you_black = Rules::new(GameSetup::play(geo, [Controller::Human, Controller::Ai(Level::Hard)]), None);
        assert_eq!(players_of(&you_black), Some((Some(Side::Black), [Player::Person, Player::Computer(Level::Hard)])));
        assert!(ratable(&you_black));
        let two = Rules::new(GameSetup::play(geo, [Controller::Human; 2]), None);
        assert_eq!(players_of(&two), Some((None, [Player::Person; 2])));
        assert!(!ratable(&two));
        let watch = Rules::new(GameSetup::play(geo, [Controller::Ai(Level::Easy); 2]), None);
        assert_eq!(players_of(&watch), None);
        let online = Rules::new(GameSetup::online(geo, Some(Side::White)), None);
        assert_eq!(players_of(&online), Some((Some(Side::White), [Player::Friend, Player::Person])));
        assert!(!ratable(&online));
        let small = Rules::new(
            GameSetup::play(
                crate::rules::Geometry::new(4, 4).unwrap(),
                [Controller::Human, Controller::Ai(Level::Hard)],
            ),
            None,
        );
        assert!(!ratable(&small));
    }
}
