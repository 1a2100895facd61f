//! What choosing a menu item does, as data ([`Effect`]), decided from where the player is.

use super::*;

/// What choosing a menu item does, as data: [`carry_out`] applies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Open another menu, or go back.
    Navigate(Navigate),
    /// Step a setting (left/right, − / +).
    Adjust(MenuItem, i32),
    /// Step a setting up, wrapping round at the top (choosing it).
    Wrap(MenuItem),
    /// Turn an on/off setting over, or swap the custom game's colours.
    Toggle(MenuItem),
    /// Wait for a new key or button for this command.
    Capture(crate::game::platform::bindings::Command),
    /// Go to the game screen with a fresh game of this kind; `forget` drops the unfinished
    /// game the player agreed to lose.
    Start(NewGameKind, bool),
    /// A fresh game of this setup on the board (restart, rematch).
    NewGame(GameSetup),
    /// This side gives up.
    Resign(Side),
    /// Take back the last move (or resignation).
    Undo,
    /// Leave the game for the title.
    ToTitle,
    /// A request to the saved games.
    Saves(SaveRequest),
    /// A step of the tutorial.
    Tutorial(TutorialStep),
    /// A step of the puzzles.
    Puzzle(crate::game::modes::puzzles::PuzzleStep),
    /// Review the finished game from its start with the move list open.
    Review,
    /// Quit the program.
    Quit,
    /// A step of online play.
    Online(crate::game::modes::online::OnlineStep),
    /// Start typing a code: to watch (true) or to join.
    NewCode(bool),
    /// Step the code's last symbol (a pad's left/right).
    StepCode(i32),
    /// Open a game of your games for review, or turn their page.
    Record(crate::game::modes::history::RecordRequest),
}

/// What a menu asks of the saved games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveRequest {
    /// Continue the unfinished game.
    Continue,
    /// Save the game into the saved games.
    Save,
    /// Copy the game's record.
    Copy,
    /// Open a record from the clipboard.
    Paste,
    /// Open the saved game at this place in the list.
    Open(usize),
    /// Delete the saved game at this place (agreed).
    Delete(usize),
    /// The player agreed to open the waiting game.
    OpenPending,
}

/// What the choice of a menu item depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Situation {
    /// The screen.
    pub screen: Screen,
    /// The menu open over it.
    pub overlay: Overlay,
    /// A game on the board has started and nobody has won.
    pub unfinished: bool,
    /// A saved unfinished game could be continued from the title.
    pub saved_game: bool,
    /// Saved games are kept (leaving a game loses nothing).
    pub keeps_saves: bool,
    /// The game on the board: its setup and the side to move.
    pub game: Option<(GameSetup, Side)>,
}

impl Situation {
    fn online(&self) -> bool {
        self.game.is_some_and(|(s, _)| s.mode == crate::game::setup::GameMode::Online)
    }
}

/// The menu or page an item only opens, if it is one of those.
pub(super) fn opens(item: MenuItem) -> Option<Overlay> {
    Some(match item {
        MenuItem::Settings => Overlay::Settings,
        MenuItem::CustomGame => Overlay::Setup,
        MenuItem::MoreGames => Overlay::MoreGames,
        MenuItem::MoreActions => Overlay::GameOverMore,
        MenuItem::Puzzles => Overlay::Puzzles,
        MenuItem::LoadGame => Overlay::Load,
        MenuItem::HowToPlay => Overlay::HowToPlay,
        MenuItem::About => Overlay::About,
        MenuItem::Access => Overlay::Access,
        MenuItem::AccessGuide => Overlay::AccessGuide,
        MenuItem::Controls => Overlay::Controls,
        MenuItem::Stats => Overlay::Stats,
        MenuItem::RecordedGames => Overlay::Recorded,
        MenuItem::Tutorial => Overlay::Lessons,
        _ => return None,
    })
}

/// What choosing `item` does. Anything that would throw away an unfinished game asks first.
pub fn choose(item: MenuItem, at: &Situation) -> Vec<Effect> {
    use Effect as E;
    let to = |o: Overlay| vec![E::Navigate(Navigate::To(o))];
    if let Some(kind) = new_game_kind(item) {
        // A new game from the title replaces the saved one: ask first.
        return if at.saved_game { to(Overlay::Confirm(Discard::NewGame(kind))) } else { vec![E::Start(kind, false)] };
    }
    if let Some(effects) = online_choice(item, at).or_else(|| puzzle_or_lesson_choice(item)) {
        return effects;
    }
    if let Some(o) = opens(item) {
        return to(o);
    }
    let setup = at.game.map(|(s, _)| s);
    match item {
        MenuItem::Continue => vec![E::Saves(SaveRequest::Continue)],
        MenuItem::OpenRecorded(i) => vec![E::Record(crate::game::modes::history::RecordRequest::Open(i))],
        MenuItem::OlderGames => vec![E::Record(crate::game::modes::history::RecordRequest::Older)],
        MenuItem::NewerGames => vec![E::Record(crate::game::modes::history::RecordRequest::Newer)],
        MenuItem::Back | MenuItem::No => vec![E::Navigate(Navigate::Back)],
        item if item.adjustable() => vec![E::Wrap(item)],
        item if item.toggles() => vec![E::Toggle(item)],
        MenuItem::Bind(i) => {
            use crate::game::platform::bindings::COMMANDS;
            vec![E::Capture(COMMANDS[(i as usize).min(COMMANDS.len() - 1)])]
        }
        MenuItem::OpenSave(i) => vec![E::Saves(SaveRequest::Open(i))],
        MenuItem::DeleteSave(i) => to(Overlay::Confirm(Discard::DeleteSave(i))),
        MenuItem::Paste => vec![E::Saves(SaveRequest::Paste)],
        MenuItem::Save => vec![E::Saves(SaveRequest::Save)],
        MenuItem::CopyRecord => vec![E::Saves(SaveRequest::Copy)],
        MenuItem::Resign if at.unfinished => to(Overlay::Confirm(Discard::Resign)),
        MenuItem::Quit => vec![E::Quit],
        MenuItem::Resume | MenuItem::LookAtBoard | MenuItem::Resign => to(Overlay::None),
        MenuItem::Review => vec![E::Navigate(Navigate::To(Overlay::None)), E::Review],
        MenuItem::TakeBack => vec![E::Navigate(Navigate::To(Overlay::None)), E::Undo],
        MenuItem::Restart if at.unfinished => to(Overlay::Confirm(Discard::Restart)),
        MenuItem::Restart | MenuItem::Rematch => {
            setup.map_or_else(Vec::new, |s| vec![E::NewGame(s), E::Navigate(Navigate::To(Overlay::None))])
        }
        MenuItem::RematchSwapped => {
            setup.map_or_else(Vec::new, |s| vec![E::NewGame(s.swapped()), E::Navigate(Navigate::To(Overlay::None))])
        }
        // With saves kept, leaving loses nothing: the title offers to continue.
        MenuItem::ToTitle if at.unfinished && !at.keeps_saves => to(Overlay::Confirm(Discard::LeaveGame)),
        MenuItem::ToTitle if at.screen == Screen::Game => vec![E::ToTitle],
        MenuItem::Yes => match at.overlay {
            Overlay::Confirm(about) => confirmed(about, at),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// What choosing an item of online play does (the online menus, a rematch of an online game,
/// declining the friend's take-back request), if `item` is one of them here.
pub(super) fn online_choice(item: MenuItem, at: &Situation) -> Option<Vec<Effect>> {
    use Effect as E;
    let to = |o: Overlay| vec![E::Navigate(Navigate::To(o))];
    Some(match item {
        MenuItem::PlayOnline => to(Overlay::Online),
        MenuItem::HostOnline => to(Overlay::OnlineHost),
        MenuItem::JoinOnline => vec![E::NewCode(false), E::Navigate(Navigate::To(Overlay::OnlineJoin))],
        MenuItem::WatchOnline => vec![E::NewCode(true), E::Navigate(Navigate::To(Overlay::OnlineJoin))],
        MenuItem::StartHosting => vec![E::Online(OnlineStep::Host)],
        MenuItem::CodeField => vec![E::Online(OnlineStep::CodeConfirm)],
        MenuItem::JoinNow => vec![E::Online(OnlineStep::Join)],
        MenuItem::CopyCode => vec![E::Online(OnlineStep::CopyCode)],
        MenuItem::ClaimWin => vec![E::Online(OnlineStep::Claim), E::Navigate(Navigate::To(Overlay::None))],
        MenuItem::AbortGame => vec![E::Online(OnlineStep::Abort), E::Navigate(Navigate::To(Overlay::None))],
        MenuItem::Rematch if at.online() => vec![E::Online(OnlineStep::Rematch)],
        MenuItem::No if at.overlay == Overlay::Confirm(Discard::AllowUndo) => {
            vec![E::Online(OnlineStep::AnswerUndo(false)), E::Navigate(Navigate::To(Overlay::None))]
        }
        _ => return None,
    })
}

/// What choosing an item of the puzzles or the tutorial does, if `item` is one.
pub(super) fn puzzle_or_lesson_choice(item: MenuItem) -> Option<Vec<Effect>> {
    use Effect as E;
    Some(match item {
        MenuItem::PuzzleGrade(g) => {
            vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Open(Grade::ALL[(g as usize).min(2)]))]
        }
        MenuItem::NextPuzzle | MenuItem::NextInStreak => vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Next)],
        MenuItem::DailyPuzzle => vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Daily)],
        MenuItem::PuzzleStreak => vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Streak)],
        MenuItem::RetryPuzzle => vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Retry)],
        MenuItem::LeavePuzzle => vec![E::Puzzle(crate::game::modes::puzzles::PuzzleStep::Leave)],
        MenuItem::Lesson(n) => vec![E::Tutorial(TutorialStep::Start(n))],
        MenuItem::TryLesson => vec![E::Tutorial(TutorialStep::Try)],
        MenuItem::NextLesson | MenuItem::FinishTutorial => vec![E::Tutorial(TutorialStep::Next)],
        MenuItem::ShowLesson => vec![E::Tutorial(TutorialStep::Explain)],
        MenuItem::LeaveTutorial => vec![E::Tutorial(TutorialStep::Leave)],
        _ => return None,
    })
}

/// The kind of game an item of the title (or the custom setup) starts, if it starts one.
pub(super) fn new_game_kind(item: MenuItem) -> Option<NewGameKind> {
    match item {
        MenuItem::PlayComputer => Some(NewGameKind::Computer),
        MenuItem::TwoPlayers => Some(NewGameKind::TwoPlayers),
        MenuItem::WatchComputer => Some(NewGameKind::Watch),
        MenuItem::StartCustom => Some(NewGameKind::Custom),
        _ => None,
    }
}

/// What answering Yes to the question `about` does.
pub(super) fn confirmed(about: Discard, at: &Situation) -> Vec<Effect> {
    let close = Effect::Navigate(Navigate::To(Overlay::None));
    let setup = at.game.map(|(s, _)| s);
    match about {
        Discard::LeaveGame => vec![close, Effect::ToTitle],
        Discard::NewGame(kind) => vec![close, Effect::Start(kind, true)],
        Discard::Restart => setup.map_or_else(Vec::new, |s| vec![close, Effect::NewGame(s)]),
        // The person at the screen gives up; in a game of two people (or of two
        // computers), the side to move.
        Discard::Resign => match at.game {
            Some((s, to_move)) => vec![close, Effect::Resign(s.one_human().or(s.online_seat()).unwrap_or(to_move))],
            None => vec![close],
        },
        Discard::DeleteSave(i) => {
            vec![Effect::Saves(SaveRequest::Delete(i)), Effect::Navigate(Navigate::To(Overlay::Load))]
        }
        Discard::OpenGame => vec![close, Effect::Saves(SaveRequest::OpenPending)],
        Discard::AllowUndo => vec![close, Effect::Online(OnlineStep::AnswerUndo(true))],
    }
}
