//! Menus as data: which items the title screen and the menus over the game offer, which one
//! has the focus, and what choosing one does. Pad, keys and pointer all end in
//! [`MenuChosen`]; the UI only draws the items and reports clicks, so every menu works the
//! same with a gamepad, a keyboard or a mouse — and headless tests can use them.

use crate::ai::Level;
use crate::ai::puzzle::Grade;
use crate::game::board::input::Action;
use crate::game::modes::online::{CodeEntry, OnlineStep};
use crate::game::modes::saves::{
    ContinueGame, CopyRecord, DeleteSave, ForgetUnfinished, OpenPending, OpenSave, PasteRecord, Resumable, SaveGame,
    SaveList,
};
use crate::game::modes::tutorial::Tutorial;
use crate::game::platform::i18n::{Lang, Msg, Tr, level_name, side_name};
use crate::game::platform::settings::{Controller, EditSettings, Settings};
use crate::game::play::authority::{Intent, NextGame, Rules};
use crate::game::play::screen::{
    Discard, MoveListOpen, Navigate, NewGameKind, Overlay, Review, Screen, Turn, TutorialStep,
};
use crate::game::play::screen::{GameSet, GoTo};
use crate::game::setup::{GameSetup, standard};
use crate::rules::{Color as Side, Geometry};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Something a menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuItem {
    /// Continue the unfinished game.
    Continue,
    /// Start a game against the computer (left/right: its difficulty).
    PlayComputer,
    /// Which colour you play against the computer (left/right swap it).
    YourColour,
    /// Start a game for two people at this screen.
    TwoPlayers,
    /// Watch the computer play itself.
    WatchComputer,
    /// Open the custom game setup.
    CustomGame,
    /// Open the other ways to play (two players, watch, custom, load).
    MoreGames,
    /// The end of a game's other actions.
    MoreActions,
    /// Start the tutorial at this lesson (0-based).
    Lesson(u8),
    /// Open the list of saved games.
    LoadGame,
    /// Open the rules page.
    HowToPlay,
    /// Start the tutorial (where it was left).
    Tutorial,
    /// Tutorial: close the lesson's text and try it.
    TryLesson,
    /// Tutorial: go on to the next lesson.
    NextLesson,
    /// Tutorial: the last lesson is done; back to the title.
    FinishTutorial,
    /// Open the puzzles (title).
    Puzzles,
    /// Play a grade's first unsolved puzzle (0 short, 1 middle, 2 long).
    PuzzleGrade(u8),
    /// The next puzzle of the grade.
    NextPuzzle,
    /// The same puzzle from its start.
    RetryPuzzle,
    /// Back to the list of puzzles.
    LeavePuzzle,
    /// Tutorial: show the lesson's text again.
    ShowLesson,
    /// Tutorial: leave it for the title.
    LeaveTutorial,
    /// Leave the game.
    Quit,
    /// Open the settings.
    Settings,
    /// Sound volume (left/right change it).
    Volume,
    /// Sound on or off.
    Mute,
    /// Surf-and-wind ambience volume (left/right).
    Ambience,
    /// Music volume (left/right).
    Music,
    /// Music on or paused while the window is in the background.
    MusicBackground,
    /// The board's look (left/right).
    Theme,
    /// Animation speed (left/right).
    Speed,
    /// Mark the stones that can move.
    Movable,
    /// Coordinates along the board.
    Coordinates,
    /// Fullscreen or windowed.
    Fullscreen,
    /// Size of the interface (left/right).
    UiScale,
    /// The interface's language (left/right).
    Language,
    /// Close this screen.
    Back,
    /// Setup: a board size from the usual ones (left/right).
    Preset,
    /// Setup: rows (left/right).
    Rows,
    /// Setup: columns (left/right).
    Columns,
    /// Setup: who plays Black (left/right).
    BlackPlayer,
    /// Setup: who plays White (left/right).
    WhitePlayer,
    /// Setup: swap who plays which colour.
    SwapColours,
    /// Setup: start the game as set up.
    StartCustom,
    /// Load: open the saved game at this place in the list.
    OpenSave(usize),
    /// Load: delete the saved game at this place in the list (asks first).
    DeleteSave(usize),
    /// Load: open a game from a record on the clipboard.
    Paste,
    /// Close the pause menu.
    Resume,
    /// Start this game again with the same players.
    Restart,
    /// Save the game into the saved games.
    Save,
    /// Copy the game's record to the clipboard.
    CopyRecord,
    /// Give up this game (asks first).
    Resign,
    /// Leave this game for the title screen.
    ToTitle,
    /// Play again with the same colours.
    Rematch,
    /// Play again with the colours swapped.
    RematchSwapped,
    /// Step through the finished game with the move list open.
    Review,
    /// Close the game-over panel to look at the board.
    LookAtBoard,
    /// Game over: take the last move (or the resignation) back and play on.
    TakeBack,
    /// Answer a confirmation question: go ahead.
    Yes,
    /// Answer a confirmation question: keep the game.
    No,
    /// Open playing a friend online (host, join, watch).
    PlayOnline,
    /// Online: set up a game to host.
    HostOnline,
    /// Online: type a friend's code to join their game.
    JoinOnline,
    /// Online: type a code to watch a game.
    WatchOnline,
    /// Online: host the game as set up.
    StartHosting,
    /// Online: the invite code being typed (left/right step its last symbol on a pad).
    CodeField,
    /// Online: join (or watch) the game of the typed code.
    JoinNow,
    /// Online: copy the invite code.
    CopyCode,
    /// Open About: version, licence, credits, the crates the game is built on.
    About,
    /// Open the accessibility settings (from the settings).
    Access,
    /// Calm motion on or off.
    ReducedMotion,
    /// Confirm each move (tap a landing, then again) on or off.
    ConfirmMoves,
    /// Open the page that says what the game does for accessibility.
    AccessGuide,
    /// Open the Controls screen (rebinding keys and pad buttons).
    Controls,
    /// Give this command (by its place in the list of commands) a new key or button.
    Bind(u8),
    /// Every key and button back as it came.
    ResetControls,
    /// Open your record: rating, statistics, milestones.
    Stats,
    /// Your record: the list of your finished games.
    RecordedGames,
    /// Your games: open the one at this place in the list (newest first) for review.
    OpenRecorded(usize),
    /// Puzzles: today's daily puzzle.
    DailyPuzzle,
    /// Puzzles: start a streak of puzzles of rising difficulty.
    PuzzleStreak,
    /// A puzzle of a streak solved: the next, a little harder.
    NextInStreak,
    /// Your games: the next page, of older games.
    OlderGames,
    /// Your games: the page of newer games.
    NewerGames,
}

impl MenuItem {
    /// The message key of the words on its button.
    pub fn key(self) -> &'static str {
        use MenuItem::*;
        match self {
            Continue => "item-continue",
            PlayComputer => "item-play-computer",
            YourColour => "item-your-colour",
            TwoPlayers => "item-two-players",
            WatchComputer => "item-watch",
            CustomGame => "item-custom",
            MoreGames => "item-more-games",
            MoreActions => "item-more-actions",
            Lesson(_) => "item-lesson",
            LoadGame => "item-load",
            HowToPlay => "item-how-to-play",
            About => "item-about",
            Tutorial => "item-tutorial",
            TryLesson => "item-try-lesson",
            NextLesson => "item-next-lesson",
            FinishTutorial => "item-finish-tutorial",
            Puzzles => "item-puzzles",
            PuzzleGrade(_) => "item-puzzle-grade",
            NextPuzzle => "item-next-puzzle",
            RetryPuzzle => "item-retry-puzzle",
            LeavePuzzle => "item-leave-puzzle",
            ShowLesson => "item-show-lesson",
            LeaveTutorial => "item-leave-tutorial",
            Quit => "item-quit",
            OpenSave(_) => "item-saved-game",
            DeleteSave(_) => "item-delete",
            Paste => "item-paste",
            Resume => "item-resume",
            Restart => "item-restart",
            Save => "item-save",
            CopyRecord => "item-copy",
            Resign => "item-resign",
            ToTitle => "item-to-title",
            Rematch => "item-rematch",
            RematchSwapped => "item-rematch-swapped",
            Review => "item-review",
            LookAtBoard => "item-look",
            TakeBack => "item-take-back",
            Yes => "item-yes",
            No => "item-no",
            PlayOnline | HostOnline | JoinOnline | WatchOnline | StartHosting | CodeField | JoinNow | CopyCode => {
                self.online_key()
            }
            Settings | Volume | Mute | Ambience | Music | MusicBackground | Theme | Speed | Movable => {
                self.settings_key()
            }
            Coordinates | Fullscreen | UiScale | Language | Back | Preset | Access | ReducedMotion => {
                self.settings_key()
            }
            ConfirmMoves | AccessGuide | Controls | Bind(_) | ResetControls => self.settings_key(),
            Rows | Columns | BlackPlayer | WhitePlayer | SwapColours | StartCustom => self.settings_key(),
            Stats | RecordedGames | OpenRecorded(_) | DailyPuzzle | PuzzleStreak | NextInStreak => self.record_key(),
            OlderGames | NewerGames => self.record_key(),
        }
    }

    /// The message key of an item of playing a friend online.
    fn online_key(self) -> &'static str {
        match self {
            MenuItem::PlayOnline => "item-online",
            MenuItem::HostOnline => "item-host",
            MenuItem::JoinOnline => "item-join",
            MenuItem::WatchOnline => "item-watch-online",
            MenuItem::StartHosting => "item-start-hosting",
            MenuItem::CodeField => "item-code",
            MenuItem::JoinNow => "item-join-now",
            MenuItem::CopyCode => "item-copy-code",
            _ => self.key(),
        }
    }

    /// The message key of an item of your record or of the daily puzzle and the streak.
    fn record_key(self) -> &'static str {
        match self {
            MenuItem::Stats => "item-stats",
            MenuItem::RecordedGames => "item-recorded-games",
            MenuItem::OpenRecorded(_) => "item-recorded",
            MenuItem::DailyPuzzle => "item-daily-puzzle",
            MenuItem::PuzzleStreak => "item-puzzle-streak",
            MenuItem::NextInStreak => "item-next-in-streak",
            MenuItem::OlderGames => "item-older-games",
            MenuItem::NewerGames => "item-newer-games",
            _ => self.key(),
        }
    }

    /// The message key of a settings or custom-setup item's button (any other item's is its
    /// [`key`](MenuItem::key)).
    fn settings_key(self) -> &'static str {
        match self {
            MenuItem::Settings => "item-settings",
            MenuItem::Volume => "item-volume",
            MenuItem::Mute => "item-sound",
            MenuItem::Ambience => "item-ambience",
            MenuItem::Music => "item-music",
            MenuItem::MusicBackground => "item-music-background",
            MenuItem::Theme => "item-theme",
            MenuItem::Speed => "item-speed",
            MenuItem::Movable => "item-movable",
            MenuItem::Coordinates => "item-coordinates",
            MenuItem::Fullscreen => "item-fullscreen",
            MenuItem::UiScale => "item-ui-scale",
            MenuItem::Access => "item-access",
            MenuItem::ReducedMotion => "item-reduced-motion",
            MenuItem::ConfirmMoves => "item-confirm-moves",
            MenuItem::AccessGuide => "item-access-guide",
            MenuItem::Controls => "item-controls",
            MenuItem::Bind(_) => "item-bind",
            MenuItem::ResetControls => "item-reset-controls",
            MenuItem::Language => "item-language",
            MenuItem::Back => "item-back",
            MenuItem::Preset => "item-preset",
            MenuItem::Rows => "item-rows",
            MenuItem::Columns => "item-columns",
            MenuItem::BlackPlayer => "item-black-player",
            MenuItem::WhitePlayer => "item-white-player",
            MenuItem::SwapColours => "item-swap",
            MenuItem::StartCustom => "item-start",
            _ => self.key(),
        }
    }
}

/// A command's item on the Controls screen: "Undo: U, Ctrl+Z" (the pad's buttons when `pad`).
pub fn bind_words(s: &Settings, i: u8, pad: bool) -> Msg {
    use crate::game::platform::bindings::{COMMANDS, button_name, chord_name};
    let c = COMMANDS[(i as usize).min(COMMANDS.len() - 1)];
    let names: Vec<String> = if pad {
        s.bindings.pads(c).iter().map(|b| button_name(*b)).collect()
    } else {
        s.bindings.keys(c).iter().map(|k| chord_name(*k)).collect()
    };
    let bound = if names.is_empty() { Msg::new("controls-none") } else { Msg::plain(names.join(", ")) };
    Msg::new("item-bind").sub("command", crate::game::board::input::command_words(c)).sub("keys", bound)
}

/// The usual board sizes offered first in the setup.
pub const PRESETS: [(u8, u8); 6] = [(6, 6), (8, 8), (10, 10), (9, 13), (13, 20), (14, 17)];

/// Everyone who can play a colour, in the order left/right steps through them.
const CONTROLLERS: [Controller; 7] = [
    Controller::Human,
    Controller::Ai(Level::Beginner),
    Controller::Ai(Level::Easy),
    Controller::Ai(Level::Medium),
    Controller::Ai(Level::Hard),
    Controller::Ai(Level::Strong),
    Controller::Ai(Level::Expert),
];

/// "Person" or "Computer — Medium".
pub fn controller_words(c: Controller) -> Msg {
    match c {
        Controller::Human => Msg::new("controller-person"),
        Controller::Ai(l) => Msg::new("controller-computer").sub("level", level_name(l)),
        Controller::Remote => Msg::new("controller-friend"),
    }
}

/// The computer's level and your colour for "Play vs computer", as last chosen on the title.
pub fn quick_game(settings: &Settings) -> (Level, Side) {
    (settings.level, settings.colour)
}

/// The game each of the title's ways to play starts: the quick games on the standard board,
/// the custom game as set up.
pub fn setup_for(kind: NewGameKind, settings: &Settings) -> GameSetup {
    let (level, colour) = quick_game(settings);
    match kind {
        NewGameKind::Computer => GameSetup::versus(level, colour),
        NewGameKind::TwoPlayers => GameSetup::play(standard(), [Controller::Human; 2]),
        NewGameKind::Watch => GameSetup::play(standard(), [Controller::Ai(level); 2]),
        NewGameKind::Custom => settings.custom_setup(),
    }
}

impl MenuItem {
    /// The words on its button, with the current value for a setting.
    pub fn text(self, s: &Settings, tr: &Tr) -> String {
        tr.msg(&self.msg(s, tr.lang()))
    }

    /// What its button says, with the current value for a setting.
    pub fn msg(self, s: &Settings, lang: Lang) -> Msg {
        let on = |b: bool| Msg::new(if b { "value-on" } else { "value-off" });
        let percent = |v: f32| (v * 100.0).round() as i64;
        let (level, colour) = quick_game(s);
        let m = Msg::new(self.key());
        match self {
            MenuItem::PlayComputer => m.sub("level", level_name(level)),
            MenuItem::YourColour => m.sub("side", side_name(colour)),
            MenuItem::Volume => m.num("percent", percent(s.volume)),
            MenuItem::Mute => s.bindings.prompt("item-sound").sub("value", on(!s.muted)),
            MenuItem::Ambience if s.ambient == 0.0 => Msg::new("item-ambience-off"),
            MenuItem::Ambience => m.num("percent", percent(s.ambient)),
            MenuItem::Music if s.music == 0.0 => Msg::new("item-music-off"),
            MenuItem::Music => m.num("percent", percent(s.music)),
            MenuItem::MusicBackground => m.sub("value", on(s.music_in_background)),
            MenuItem::Theme => m.sub("theme", Msg::new(s.theme.key())),
            MenuItem::Speed if s.anim_speed == 0.0 => Msg::new("item-speed-instant"),
            MenuItem::Speed => m.text("speed", lang.decimal(s.anim_speed, 2)),
            MenuItem::Movable => m.sub("value", on(s.show_movable)),
            MenuItem::Coordinates => m.sub("value", on(s.coordinates)),
            MenuItem::Fullscreen => m.sub("value", on(s.fullscreen)),
            MenuItem::ReducedMotion => m.sub("value", on(s.reduced_motion)),
            MenuItem::ConfirmMoves => m.sub("value", on(s.confirm_moves)),
            MenuItem::Bind(i) => bind_words(s, i, false),
            MenuItem::UiScale => m.num("percent", percent(s.ui_scale)),
            MenuItem::Language => m.text("language", s.language.native_name()),
            MenuItem::Preset => m.num("rows", s.size.rows()).num("cols", s.size.cols()),
            MenuItem::Rows => m.num("rows", s.size.rows()),
            MenuItem::Columns => m.num("cols", s.size.cols()),
            MenuItem::BlackPlayer => m.sub("who", controller_words(s.players[0])),
            MenuItem::WhitePlayer => m.sub("who", controller_words(s.players[1])),
            MenuItem::OpenSave(i) => m.num("n", i as i64 + 1),
            MenuItem::Lesson(n) => {
                let lesson = &crate::game::modes::tutorial::LESSONS
                    [(n as usize).min(crate::game::modes::tutorial::LESSONS.len() - 1)];
                let mark = if n < s.tutorial { "lesson-mark-passed" } else { "lesson-mark-open" };
                m.num("n", n as i64 + 1).sub("title", lesson.msg("title")).sub("mark", Msg::new(mark))
            }
            MenuItem::PuzzleGrade(g) => {
                let grade = Grade::ALL[(g as usize).min(2)];
                let (solved, total) = grade_solved(s, g);
                m.text("grade", grade.name()).num("solved", solved as i64).num("total", total as i64)
            }
            _ => m,
        }
    }

    /// Whether choosing it turns a setting over (see [`toggle`]).
    pub fn toggles(self) -> bool {
        matches!(
            self,
            MenuItem::Mute
                | MenuItem::MusicBackground
                | MenuItem::Movable
                | MenuItem::Coordinates
                | MenuItem::Fullscreen
                | MenuItem::SwapColours
                | MenuItem::ReducedMotion
                | MenuItem::ConfirmMoves
                | MenuItem::ResetControls
        )
    }

    /// Whether left/right change its value.
    pub fn adjustable(self) -> bool {
        matches!(
            self,
            MenuItem::Volume
                | MenuItem::Ambience
                | MenuItem::Music
                | MenuItem::Theme
                | MenuItem::Speed
                | MenuItem::UiScale
                | MenuItem::Language
                | MenuItem::PlayComputer
                | MenuItem::YourColour
                | MenuItem::Preset
                | MenuItem::Rows
                | MenuItem::Columns
                | MenuItem::BlackPlayer
                | MenuItem::WhitePlayer
                | MenuItem::CodeField
        )
    }
}

/// A setting's value was stepped down (-1) or up (+1) (pad/keys left/right, or − / +).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjust(pub MenuItem, pub i32);

/// Steps a setting; returns whether it changed.
pub fn adjust(settings: &mut Settings, item: MenuItem, dir: i32) -> bool {
    let step = |v: f32, by: f32| ((v + by * dir as f32) / by).round() * by;
    let before = settings.clone();
    let (level, colour) = quick_game(settings);
    let cycle = |i: usize, n: usize| (i as i32 + dir).rem_euclid(n as i32) as usize;
    let (rows, cols) = (settings.size.rows(), settings.size.cols());
    let (least, most) = (crate::game::platform::args::MIN_BOARD as i32, crate::rules::position::MAX_DIM as i32);
    let size = |r: i32, c: i32| Geometry::new(r.clamp(least, most) as u8, c.clamp(least, most) as u8).ok();
    match item {
        MenuItem::Volume => settings.volume = step(settings.volume, 0.1).clamp(0.0, 1.0),
        MenuItem::Ambience => settings.ambient = step(settings.ambient, 0.1).clamp(0.0, 1.0),
        MenuItem::Music => settings.music = step(settings.music, 0.1).clamp(0.0, 1.0),
        MenuItem::Theme => {
            let i = crate::game::platform::settings::Theme::ALL.iter().position(|t| *t == settings.theme).unwrap_or(0);
            settings.theme = crate::game::platform::settings::Theme::ALL
                [cycle(i, crate::game::platform::settings::Theme::ALL.len())];
        }
        MenuItem::Speed => {
            settings.anim_speed = step(settings.anim_speed, 0.25).clamp(0.0, crate::game::platform::args::MAX_SPEED)
        }
        MenuItem::UiScale => {
            settings.ui_scale = step(settings.ui_scale, 0.25)
                .clamp(crate::game::platform::settings::MIN_UI_SCALE, crate::game::platform::settings::MAX_UI_SCALE)
        }
        MenuItem::Language => settings.language = settings.language.step(dir),
        MenuItem::PlayComputer => {
            let i = Level::ALL.iter().position(|l| *l == level).unwrap_or(2);
            let to = (i as i32 + dir).clamp(0, Level::ALL.len() as i32 - 1) as usize;
            settings.level = Level::ALL[to];
        }
        MenuItem::YourColour => settings.colour = colour.opponent(),
        MenuItem::Preset => {
            let (r, c) = preset_after((rows, cols), dir);
            if let Some(g) = size(r as i32, c as i32) {
                settings.size = g;
            }
        }
        MenuItem::Rows => {
            if let Some(g) = size(rows as i32 + dir, cols as i32) {
                settings.size = g;
            }
        }
        MenuItem::Columns => {
            if let Some(g) = size(rows as i32, cols as i32 + dir) {
                settings.size = g;
            }
        }
        MenuItem::BlackPlayer | MenuItem::WhitePlayer => {
            let side = if item == MenuItem::BlackPlayer { 0 } else { 1 };
            let i = CONTROLLERS.iter().position(|c| *c == settings.players[side]).unwrap_or(0);
            settings.players[side] = CONTROLLERS[cycle(i, CONTROLLERS.len())];
        }
        _ => {}
    }
    *settings != before
}

/// The preset board size a step (`dir` -1 or +1) goes to from `size`: the next or previous
/// preset, round the list; from a size of one's own, the next larger preset (or the last
/// smaller one).
fn preset_after(size: (u8, u8), dir: i32) -> (u8, u8) {
    let area = |(r, c): (u8, u8)| r as u32 * c as u32;
    let to = match PRESETS.iter().position(|p| *p == size) {
        Some(i) => (i as i32 + dir).rem_euclid(PRESETS.len() as i32) as usize,
        None if dir > 0 => PRESETS.iter().position(|p| area(*p) > area(size)).unwrap_or(0),
        None => PRESETS.iter().rposition(|p| area(*p) < area(size)).unwrap_or(PRESETS.len() - 1),
    };
    PRESETS[to]
}

/// The puzzles of grade `g` (0 easiest) solved, and how many there are.
pub fn grade_solved(s: &Settings, g: u8) -> (usize, usize) {
    let grade = Grade::ALL[(g as usize).min(2)];
    let list = crate::game::modes::puzzles::book().of_grade(grade);
    let solved = list.iter().filter(|i| crate::game::modes::puzzles::is_solved(s.puzzles_solved, **i)).count();
    (solved, list.len())
}

/// How far along an item is, 0 to 1, for a bar in its button: a grade of puzzles, by those
/// solved.
pub fn progress(s: &Settings, item: MenuItem) -> Option<f32> {
    match item {
        MenuItem::PuzzleGrade(g) => {
            let (solved, total) = grade_solved(s, g);
            Some(solved as f32 / total.max(1) as f32)
        }
        _ => None,
    }
}

/// A value shown as a slider: where it is between its ends, and how many steps the whole
/// range has (so that a click at a place on the track becomes a number of steps).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    /// Where the value is, 0 at its lowest and 1 at its highest.
    pub fraction: f32,
    /// Steps from the lowest to the highest.
    pub steps: u32,
}

impl Slider {
    /// The steps (signed) that take the value to the one nearest `fraction` of its range.
    pub fn steps_to(self, fraction: f32) -> i32 {
        let here = (self.fraction * self.steps as f32).round() as i32;
        let there = (fraction.clamp(0.0, 1.0) * self.steps as f32).round() as i32;
        there - here
    }
}

/// The slider of a value with a range (volumes, the animation speed, the interface size).
pub fn slider(settings: &Settings, item: MenuItem) -> Option<Slider> {
    use crate::game::platform::settings::{MAX_UI_SCALE, MIN_UI_SCALE};
    let (value, low, high, step) = match item {
        MenuItem::Volume => (settings.volume, 0.0, 1.0, 0.1),
        MenuItem::Ambience => (settings.ambient, 0.0, 1.0, 0.1),
        MenuItem::Music => (settings.music, 0.0, 1.0, 0.1),
        MenuItem::Speed => (settings.anim_speed, 0.0, crate::game::platform::args::MAX_SPEED, 0.25),
        MenuItem::UiScale => (settings.ui_scale, MIN_UI_SCALE, MAX_UI_SCALE, 0.25),
        _ => return None,
    };
    let steps = ((high - low) / step).round() as u32;
    Some(Slider { fraction: ((value - low) / (high - low)).clamp(0.0, 1.0), steps })
}

/// Whether stepping `item` by `dir` would change anything (− and + at the end of a range
/// are drawn greyed out).
pub fn can_adjust(settings: &Settings, item: MenuItem, dir: i32) -> bool {
    // The code's symbols go round the alphabet.
    if item == MenuItem::CodeField {
        return true;
    }
    adjust(&mut settings.clone(), item, dir)
}

/// Steps a value up, or back to its lowest after the highest.
fn step_or_wrap(settings: &mut Settings, item: MenuItem) {
    if !adjust(settings, item, 1) {
        adjust(settings, item, -100);
    }
}

/// What the menus depend on besides the screen and the overlay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuContext {
    /// An unfinished game can be continued.
    pub can_continue: bool,
    /// Games in the saved-games list.
    pub saves: usize,
    /// In the tutorial: whether the lesson can be left for the next one (read or passed).
    pub lesson_ready: Option<bool>,
    /// In the tutorial: the lesson is the last one.
    pub last_lesson: bool,
    /// In a puzzle: whether it was solved.
    pub puzzle: Option<bool>,
    /// A game on the board has started and nobody has won.
    pub unfinished: bool,
    /// The game is unfinished and a person at this screen plays in it (so it can be resigned;
    /// the computer playing itself is only watched).
    pub resignable: bool,
    /// Lessons of the tutorial passed so far.
    pub lessons_passed: u8,
    /// The game on the board is an online game (you play, or watch when not seated).
    pub online: Option<bool>,
    /// The list of your games: games shown, and whether there are older or newer pages.
    pub recorded: crate::game::modes::history::RecordPage,
    /// In a puzzle: it is played in a streak.
    pub streak: bool,
}

impl MenuContext {
    /// Whether `item` can be chosen now. A menu keeps every item in its place (nothing moves
    /// under the pointer); one that cannot be chosen is drawn greyed out and the focus
    /// passes over it.
    pub fn enabled(&self, item: MenuItem) -> bool {
        match item {
            MenuItem::Continue => self.can_continue,
            // Kept in its place, greyed, once the game is over: items never shift.
            MenuItem::Resign => self.resignable,
            MenuItem::OlderGames => self.recorded.older,
            MenuItem::NewerGames => self.recorded.newer,
            _ => true,
        }
    }
}

/// The menu on screen: its items in order (empty when the board has the input).
pub fn menu_items(screen: Screen, overlay: Overlay, ctx: MenuContext) -> Vec<MenuItem> {
    if let Some(items) = overlay_items(overlay, ctx).or_else(|| online_items(overlay)) {
        return items;
    }
    match screen {
        // The title's first level fits a small window; the other ways to play are one step in.
        Screen::Title => title_items(ctx),
        Screen::Game => game_items(overlay, ctx),
    }
}

/// The items of a menu that is the same over the title and the game, if `overlay` is one.
fn overlay_items(overlay: Overlay, ctx: MenuContext) -> Option<Vec<MenuItem>> {
    use MenuItem::*;
    Some(match overlay {
        Overlay::Settings => {
            vec![
                Language,
                Volume,
                Mute,
                Ambience,
                Music,
                MusicBackground,
                Speed,
                Movable,
                Coordinates,
                Theme,
                Fullscreen,
                UiScale,
                Access,
                About,
                Back,
            ]
        }
        Overlay::Access => vec![ReducedMotion, ConfirmMoves, UiScale, Theme, Controls, AccessGuide, Back],
        Overlay::Controls => {
            (0..crate::game::platform::bindings::COMMANDS.len() as u8).map(Bind).chain([ResetControls, Back]).collect()
        }
        Overlay::Confirm(_) => vec![No, Yes],
        Overlay::Setup => vec![Preset, Rows, Columns, BlackPlayer, WhitePlayer, SwapColours, StartCustom, Back],
        Overlay::Load => (0..ctx.saves).map(OpenSave).chain([Paste, Back]).collect(),
        Overlay::HowToPlay | Overlay::About | Overlay::AccessGuide => vec![Back],
        Overlay::Stats => vec![RecordedGames, Back],
        Overlay::Recorded => (0..ctx.recorded.shown).map(OpenRecorded).chain([OlderGames, NewerGames, Back]).collect(),
        Overlay::Puzzles => vec![DailyPuzzle, PuzzleStreak, PuzzleGrade(0), PuzzleGrade(1), PuzzleGrade(2), Back],
        Overlay::PuzzleOver => match ctx.puzzle {
            // A streak goes on from a solved puzzle and starts again after a miss.
            Some(true) if ctx.streak => vec![NextInStreak, LeavePuzzle],
            Some(false) if ctx.streak => vec![PuzzleStreak, RetryPuzzle, LeavePuzzle],
            Some(true) => vec![NextPuzzle, LeavePuzzle],
            _ => vec![RetryPuzzle, NextPuzzle, LeavePuzzle],
        },
        Overlay::Lesson => match ctx.lesson_ready {
            Some(true) if ctx.last_lesson => vec![FinishTutorial],
            Some(true) => vec![NextLesson, LeaveTutorial],
            _ => vec![TryLesson, LeaveTutorial],
        },
        Overlay::MoreGames => vec![PlayComputer, YourColour, TwoPlayers, WatchComputer, CustomGame, LoadGame, Back],
        Overlay::Lessons => {
            (0..crate::game::platform::settings::LESSON_COUNT as u8).map(Lesson).chain([HowToPlay, Back]).collect()
        }
        Overlay::None | Overlay::Pause | Overlay::GameOver | Overlay::GameOverMore => return None,
        Overlay::Online | Overlay::OnlineHost | Overlay::OnlineJoin | Overlay::OnlineCode => return None,
    })
}

/// The items of the menus of playing a friend online (host, join, the invite code), if
/// `overlay` is one.
fn online_items(overlay: Overlay) -> Option<Vec<MenuItem>> {
    use MenuItem::*;
    match overlay {
        Overlay::Online => Some(vec![HostOnline, JoinOnline, WatchOnline, Back]),
        Overlay::OnlineHost => Some(vec![Preset, Rows, Columns, YourColour, StartHosting, Back]),
        Overlay::OnlineJoin => Some(vec![CodeField, JoinNow, Back]),
        Overlay::OnlineCode => Some(vec![CopyCode, LookAtBoard, ToTitle]),
        _ => None,
    }
}

/// The title's menu.
fn title_items(ctx: MenuContext) -> Vec<MenuItem> {
    use MenuItem::*;
    // One Play: the unfinished game if there is one, else a game against the computer as last
    // chosen (level and colour are in the New game sheet).
    let play = if ctx.can_continue { Continue } else { PlayComputer };
    vec![play, MoreGames, Tutorial, Puzzles, PlayOnline, Stats, Settings, Quit]
}

/// The pause menu and the game-over panel of the game on the board (nothing when no menu
/// is open).
fn game_items(overlay: Overlay, ctx: MenuContext) -> Vec<MenuItem> {
    use MenuItem::*;
    match (overlay, ctx.online) {
        (Overlay::None, _) => Vec::new(),
        (Overlay::Pause, _) if ctx.puzzle.is_some() => {
            vec![Resume, RetryPuzzle, NextPuzzle, HowToPlay, Settings, LeavePuzzle]
        }
        (Overlay::Pause, _) if ctx.lesson_ready.is_some() => vec![Resume, ShowLesson, Settings, LeaveTutorial],
        (_, Some(seated)) => online_game_items(overlay, seated),
        // Resign is greyed once the game is over (see `MenuContext::enabled`), never taken away:
        // the items below it would move under the pointer.
        (Overlay::Pause, None) => {
            vec![Resume, Restart, Save, CopyRecord, Resign, HowToPlay, Tutorial, Settings, ToTitle]
        }
        // The end of a game: two big actions, the rest one step in.
        (Overlay::GameOverMore, None) => vec![RematchSwapped, TakeBack, Save, CopyRecord, LookAtBoard, ToTitle, Back],
        (_, None) => vec![Rematch, Review, MoreActions],
    }
}

/// The pause menu (`pause`) or the game-over panel of an online game, `seated` or watched.
/// Online, a take-back is asked of the friend, a rematch swaps colours, and there is no
/// restarting; a watcher can only look, copy and leave.
fn online_game_items(overlay: Overlay, seated: bool) -> Vec<MenuItem> {
    use MenuItem::*;
    match (overlay, seated) {
        (Overlay::Pause, false) => vec![Resume, CopyRecord, Settings, ToTitle],
        (Overlay::Pause, true) => vec![Resume, Save, CopyRecord, Resign, HowToPlay, Settings, ToTitle],
        (_, false) => vec![Review, CopyRecord, LookAtBoard, ToTitle],
        (Overlay::GameOverMore, true) => vec![Save, CopyRecord, LookAtBoard, ToTitle, Back],
        (_, true) => vec![Rematch, Review, MoreActions],
    }
}

/// The message key of the question a confirmation asks.
pub fn question(about: Discard) -> &'static str {
    match about {
        Discard::Restart => "question-restart",
        Discard::Resign => "question-resign",
        Discard::NewGame(_) => "question-new-game",
        Discard::LeaveGame => "question-leave",
        Discard::DeleteSave(_) => "question-delete-save",
        Discard::OpenGame => "question-open-game",
        Discard::AllowUndo => "question-allow-undo",
    }
}

/// Which item of the open menu has the focus. [`apply_navigation`] puts it on the first item
/// whenever a menu opens.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus {
    /// Index into the open menu's items.
    pub index: usize,
}

/// Scroll the open page of text (the rules, About) by this many steps: up is negative.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScrollPage(pub i32);

/// An item was chosen (pad South, Enter, a click or tap).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuChosen(pub MenuItem);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .init_resource::<FocusTrail>()
        .add_message::<MenuChosen>()
        .add_message::<MenuAdjust>()
        .add_message::<Navigate>()
        .add_message::<ScrollPage>()
        // After the board has read the same actions: a menu that the board opens this frame
        // ignores them (it is new), and a menu closed this frame (Back, Rematch) never hands
        // its key on to the board.
        .add_systems(
            Update,
            (navigate, carry_out, apply_navigation).chain().in_set(crate::game::board::input::InputStage::Menus),
        )
        // What the rules, lessons and puzzles asked to show this frame is on screen this frame.
        .add_systems(Update, apply_navigation.in_set(GameSet::Presentation))
        .add_systems(OnEnter(Screen::Game), close_menus)
        .add_systems(OnEnter(Screen::Title), close_menus)
        .add_systems(OnEnter(Turn::Over), |rules: Option<Res<Rules>>, mut nav: MessageWriter<Navigate>| {
            // A lesson or a puzzle that ends the game keeps its own panel.
            if rules.is_some_and(|r| !r.setup.is_practice()) {
                nav.write(Navigate::To(Overlay::GameOver));
            }
        })
        // Play goes on (an undo, however it came): the game-over panel does not stay.
        .add_systems(OnExit(Turn::Over), |overlay: Res<Overlay>, mut nav: MessageWriter<Navigate>| {
            if overlay.is_game_over() {
                nav.write(Navigate::To(Overlay::None));
            }
        });
}

/// A new screen starts with no menu over it.
fn close_menus(mut overlay: ResMut<Overlay>, mut focus: ResMut<MenuFocus>, mut trail: ResMut<FocusTrail>) {
    *overlay = Overlay::None;
    *focus = MenuFocus::default();
    trail.0.clear();
}

/// Where the focus was in each menu left for another, so going back returns to the item
/// the player came from. Written only by [`apply_navigation`] (and emptied with a new screen).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct FocusTrail(pub Vec<(Overlay, usize)>);

impl FocusTrail {
    /// The focus in `to` after leaving `from` (focused on `at`) by `step`: a menu opened
    /// starts on its first item; going back returns to where the focus was.
    pub fn follow(&mut self, from: Overlay, at: usize, step: Navigate, to: Overlay) -> usize {
        self.0.retain(|(o, _)| *o != from);
        match step {
            Navigate::To(_) => {
                self.0.push((from, at));
                0
            }
            Navigate::Back => {
                let back = self.0.iter().rposition(|(o, _)| *o == to);
                back.map_or(0, |i| self.0.remove(i).1)
            }
        }
    }
}

/// Opens and closes the menus: the one writer of [`Overlay`]. A menu that opens starts with
/// the focus on its first item.
pub fn apply_navigation(
    mut nav: ResMut<Messages<Navigate>>,
    screen: Option<Res<State<Screen>>>,
    mut overlay: ResMut<Overlay>,
    mut focus: ResMut<MenuFocus>,
    mut trail: ResMut<FocusTrail>,
) {
    let Some(screen) = screen else {
        nav.clear();
        return;
    };
    for step in nav.drain() {
        let to = match step {
            Navigate::To(o) => o,
            Navigate::Back => overlay.parent(*screen.get()),
        };
        if *overlay != to {
            focus.index = trail.follow(*overlay, focus.index, step, to);
            *overlay = to;
        }
    }
}

/// What one action does in an open menu whose focused item is `items[focus]`: the new focus,
/// and the item chosen, stepped or the way back, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuStep {
    /// Nothing.
    Nothing,
    /// The focus moves to this index.
    Focus(usize),
    /// This item was chosen.
    Choose(MenuItem),
    /// This item's value steps by -1 or +1.
    Adjust(MenuItem, i32),
    /// Back to where this menu came from.
    Back,
}

/// Decides what `action` does in a menu of `items` with the focus at `focus`; disabled items
/// are passed over. Pure, so menus are tested without an `App`.
pub fn menu_step(items: &[MenuItem], focus: usize, action: &Action, enabled: impl Fn(MenuItem) -> bool) -> MenuStep {
    let Some(&item) = items.get(focus) else { return MenuStep::Nothing };
    match action {
        Action::Step(d) if d.x != 0 && item.adjustable() => MenuStep::Adjust(item, d.x),
        Action::Step(d) if d.y != 0 || d.x != 0 => {
            let step = if d.y != 0 { d.y } else { d.x };
            let n = items.len() as i32;
            (1..=n)
                .map(|k| (focus as i32 + step * k).rem_euclid(n) as usize)
                .find(|i| enabled(items[*i]))
                .map_or(MenuStep::Nothing, MenuStep::Focus)
        }
        Action::Confirm if enabled(item) => MenuStep::Choose(item),
        Action::Delete => match item {
            MenuItem::OpenSave(i) => MenuStep::Choose(MenuItem::DeleteSave(i)),
            _ => MenuStep::Nothing,
        },
        Action::Cancel | Action::Pause => MenuStep::Back,
        // U (or the pad's undo) over the game-over card takes the last move back (its Take back
        // is one step in, under More).
        Action::Undo if items.contains(&MenuItem::TakeBack) || items.contains(&MenuItem::MoreActions) => {
            MenuStep::Choose(MenuItem::TakeBack)
        }
        _ => MenuStep::Nothing,
    }
}

/// Moves the focus with directions, chooses with Confirm, goes back with Cancel / Pause.
fn navigate(
    mut actions: MessageReader<Action>,
    screen: Option<Res<State<Screen>>>,
    overlay: Res<Overlay>,
    mut focus: ResMut<MenuFocus>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
    (rules, tutorial, puzzle): (
        Option<Res<Rules>>,
        Option<Res<Tutorial>>,
        Option<Res<crate::game::modes::puzzles::PuzzleRun>>,
    ),
    settings: Res<Settings>,
    mut chosen: MessageWriter<MenuChosen>,
    mut adjusts: MessageWriter<MenuAdjust>,
    mut nav: MessageWriter<Navigate>,
    mut scrolls: MessageWriter<ScrollPage>,
    record: Option<Res<crate::game::modes::history::RecordView>>,
) {
    let Some(screen) = screen else { return };
    let recorded = record.map(|r| r.page()).unwrap_or_default();
    let ctx =
        context(&resumable, &saves, rules.as_deref(), tutorial.as_deref(), puzzle.as_deref(), &settings, recorded);
    let items = menu_items(*screen.get(), *overlay, ctx);
    if items.is_empty() {
        // No menu: the board has the actions.
        actions.clear();
        return;
    }
    // A list that shrank keeps the focus inside it, on an item that can be chosen.
    focus.index = focus.index.min(items.len() - 1);
    if !ctx.enabled(items[focus.index])
        && let Some(i) = items.iter().position(|i| ctx.enabled(*i))
    {
        focus.index = i;
    }
    for action in actions.read() {
        // A page of text scrolls with up and down; its lone Back keeps the focus.
        if let Action::Step(d) = action
            && d.y != 0
            && overlay.is_page()
        {
            scrolls.write(ScrollPage(d.y));
            continue;
        }
        match menu_step(&items, focus.index, action, |i| ctx.enabled(i)) {
            MenuStep::Nothing => {}
            MenuStep::Focus(i) => focus.index = i,
            MenuStep::Choose(item) => {
                chosen.write(MenuChosen(item));
            }
            MenuStep::Adjust(item, dir) => {
                adjusts.write(MenuAdjust(item, dir));
            }
            MenuStep::Back => {
                nav.write(Navigate::Back);
            }
        }
    }
}

/// The menu context from the resources.
pub fn context(
    resumable: &Resumable,
    saves: &SaveList,
    rules: Option<&Rules>,
    tutorial: Option<&Tutorial>,
    puzzle: Option<&crate::game::modes::puzzles::PuzzleRun>,
    settings: &Settings,
    recorded: crate::game::modes::history::RecordPage,
) -> MenuContext {
    MenuContext {
        recorded,
        can_continue: matches!(resumable, Resumable::Game(_) | Resumable::Online(_)),
        saves: saves.entries.len(),
        lesson_ready: tutorial
            .map(|t| t.passed || matches!(t.current().goal, crate::game::modes::tutorial::Goal::Read)),
        last_lesson: tutorial.is_some_and(|t| t.lesson + 1 >= crate::game::modes::tutorial::LESSONS.len()),
        puzzle: puzzle.map(|p| p.state == crate::game::modes::puzzles::PuzzleState::Solved),
        streak: puzzle.is_some_and(|p| matches!(p.kind, crate::game::modes::puzzles::PuzzleKind::Streak { .. })),
        unfinished: rules.is_some_and(Rules::unfinished),
        resignable: rules.is_some_and(|r| r.unfinished() && r.setup.players.contains(&Controller::Human)),
        lessons_passed: settings.tutorial,
        online: rules
            .filter(|r| r.setup.mode == crate::game::setup::GameMode::Online)
            .map(|r| r.setup.online_seat().is_some()),
    }
}

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
fn opens(item: MenuItem) -> Option<Overlay> {
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
fn online_choice(item: MenuItem, at: &Situation) -> Option<Vec<Effect>> {
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
        MenuItem::Rematch if at.online() => vec![E::Online(OnlineStep::Rematch)],
        MenuItem::No if at.overlay == Overlay::Confirm(Discard::AllowUndo) => {
            vec![E::Online(OnlineStep::AnswerUndo(false)), E::Navigate(Navigate::To(Overlay::None))]
        }
        _ => return None,
    })
}

/// What choosing an item of the puzzles or the tutorial does, if `item` is one.
fn puzzle_or_lesson_choice(item: MenuItem) -> Option<Vec<Effect>> {
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
fn new_game_kind(item: MenuItem) -> Option<NewGameKind> {
    match item {
        MenuItem::PlayComputer => Some(NewGameKind::Computer),
        MenuItem::TwoPlayers => Some(NewGameKind::TwoPlayers),
        MenuItem::WatchComputer => Some(NewGameKind::Watch),
        MenuItem::StartCustom => Some(NewGameKind::Custom),
        _ => None,
    }
}

/// What answering Yes to the question `about` does.
fn confirmed(about: Discard, at: &Situation) -> Vec<Effect> {
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

/// Requests to the saved-games feature.
#[derive(SystemParam)]
struct SaveRequests<'w> {
    save: MessageWriter<'w, SaveGame>,
    copy: MessageWriter<'w, CopyRecord>,
    paste: MessageWriter<'w, PasteRecord>,
    open: MessageWriter<'w, OpenSave>,
    delete: MessageWriter<'w, DeleteSave>,
    agreed: MessageWriter<'w, OpenPending>,
    continue_game: MessageWriter<'w, ContinueGame>,
    forget: MessageWriter<'w, ForgetUnfinished>,
}

impl SaveRequests<'_> {
    fn send(&mut self, r: SaveRequest) {
        match r {
            SaveRequest::Continue => _ = self.continue_game.write(ContinueGame),
            SaveRequest::Save => _ = self.save.write(SaveGame),
            SaveRequest::Copy => _ = self.copy.write(CopyRecord),
            SaveRequest::Paste => _ = self.paste.write(PasteRecord),
            SaveRequest::Open(i) => _ = self.open.write(OpenSave(i)),
            SaveRequest::Delete(i) => _ = self.delete.write(DeleteSave(i)),
            SaveRequest::OpenPending => _ = self.agreed.write(OpenPending),
        }
    }
}

/// Where the effects of a choice go.
#[derive(SystemParam)]
struct Outlets<'w, 's> {
    commands: Commands<'w, 's>,
    nav: MessageWriter<'w, Navigate>,
    edits: MessageWriter<'w, EditSettings>,
    goto: MessageWriter<'w, GoTo>,
    intents: MessageWriter<'w, Intent>,
    exit: MessageWriter<'w, AppExit>,
    saves: SaveRequests<'w>,
    tutorial: MessageWriter<'w, TutorialStep>,
    puzzle: MessageWriter<'w, crate::game::modes::puzzles::PuzzleStep>,
    review: ResMut<'w, Review>,
    move_list: ResMut<'w, MoveListOpen>,
    online: MessageWriter<'w, OnlineStep>,
    code: ResMut<'w, CodeEntry>,
    recorded: MessageWriter<'w, crate::game::modes::history::RecordRequest>,
    capture: MessageWriter<'w, crate::game::board::input::StartCapture>,
}

/// Does what the chosen items say (see [`choose`]) and steps the settings adjusted.
fn carry_out(
    mut chosen: MessageReader<MenuChosen>,
    mut adjusts: MessageReader<MenuAdjust>,
    overlay: Res<Overlay>,
    settings: Res<Settings>,
    rules: Option<Res<Rules>>,
    screen: Res<State<Screen>>,
    resumable: Res<Resumable>,
    data_dir: Option<Res<crate::game::modes::saves::DataDir>>,
    mut out: Outlets,
) {
    let at = Situation {
        screen: *screen.get(),
        overlay: *overlay,
        unfinished: rules.as_ref().is_some_and(|r| r.unfinished()),
        saved_game: matches!(*resumable, Resumable::Game(_)),
        keeps_saves: data_dir.is_some(),
        game: rules.as_ref().map(|r| (r.setup, r.game.to_move())),
    };
    let effects: Vec<Effect> = adjusts
        .read()
        .map(|MenuAdjust(item, dir)| match item {
            MenuItem::CodeField => Effect::StepCode(*dir),
            _ => Effect::Adjust(*item, *dir),
        })
        .chain(chosen.read().flat_map(|MenuChosen(item)| choose(*item, &at)))
        .collect();
    for effect in effects {
        apply_effect(effect, &settings, &mut out);
    }
}

fn apply_effect(effect: Effect, settings: &Settings, out: &mut Outlets) {
    match effect {
        Effect::Navigate(n) => _ = out.nav.write(n),
        Effect::Adjust(item, dir) => _ = out.edits.write(EditSettings::new(move |s| _ = adjust(s, item, dir))),
        Effect::Wrap(item) => _ = out.edits.write(EditSettings::new(move |s| step_or_wrap(s, item))),
        Effect::Toggle(item) => _ = out.edits.write(EditSettings::new(move |s| toggle(s, item))),
        Effect::Capture(c) => _ = out.capture.write(crate::game::board::input::StartCapture(c)),
        Effect::Start(kind, forget) => {
            if forget {
                out.saves.forget.write(ForgetUnfinished);
            }
            out.commands.insert_resource(NextGame::fresh(setup_for(kind, settings)));
            out.goto.write(GoTo(Screen::Game));
        }
        Effect::NewGame(setup) => _ = out.intents.write(Intent::NewGame(setup)),
        Effect::Resign(side) => _ = out.intents.write(Intent::Resign(side)),
        Effect::Undo => _ = out.intents.write(Intent::Undo),
        Effect::ToTitle => _ = out.goto.write(GoTo(Screen::Title)),
        Effect::Saves(r) => out.saves.send(r),
        Effect::Tutorial(step) => _ = out.tutorial.write(step),
        Effect::Puzzle(step) => _ = out.puzzle.write(step),
        Effect::Review => {
            out.move_list.0 = true;
            out.review.0 = Some(0);
        }
        Effect::Quit => _ = out.exit.write(AppExit::Success),
        Effect::Record(r) => _ = out.recorded.write(r),
        Effect::Online(step) => _ = out.online.write(step),
        Effect::NewCode(watch) => *out.code = CodeEntry { watch, ..CodeEntry::default() },
        Effect::StepCode(dir) => {
            let slot = out.code.text.len().saturating_sub(1);
            out.code.step(slot, dir);
        }
    }
}

/// Whether an on/off setting stands on (its switch drawn on): sound on when not muted.
pub fn is_on(s: &Settings, item: MenuItem) -> bool {
    match item {
        MenuItem::Mute => !s.muted,
        MenuItem::MusicBackground => s.music_in_background,
        MenuItem::Movable => s.show_movable,
        MenuItem::Coordinates => s.coordinates,
        MenuItem::Fullscreen => s.fullscreen,
        MenuItem::ReducedMotion => s.reduced_motion,
        MenuItem::ConfirmMoves => s.confirm_moves,
        _ => false,
    }
}

/// Turns an on/off setting over (or swaps the custom game's colours).
pub fn toggle(s: &mut Settings, item: MenuItem) {
    match item {
        MenuItem::Mute => s.muted = !s.muted,
        MenuItem::MusicBackground => s.music_in_background = !s.music_in_background,
        MenuItem::Movable => s.show_movable = !s.show_movable,
        MenuItem::Coordinates => s.coordinates = !s.coordinates,
        MenuItem::Fullscreen => s.fullscreen = !s.fullscreen,
        MenuItem::ReducedMotion => s.reduced_motion = !s.reduced_motion,
        MenuItem::ConfirmMoves => s.confirm_moves = !s.confirm_moves,
        MenuItem::ResetControls => s.bindings = Default::default(),
        MenuItem::SwapColours => s.players.swap(0, 1),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resign_is_offered_only_to_a_person_who_plays() {
        let started = |players| {
            let mut rules = Rules::new(GameSetup::play(standard(), players), None);
            let m = rules.legal_moves()[0];
            rules.game.play(m).unwrap();
            rules
        };
        let ctx = |rules: &Rules| {
            context(
                &Resumable::Nothing,
                &SaveList::default(),
                Some(rules),
                None,
                None,
                &Settings::default(),
                Default::default(),
            )
        };
        let watched = started([Controller::Ai(Level::Easy), Controller::Ai(Level::Hard)]);
        assert!(!ctx(&watched).enabled(MenuItem::Resign), "the computer playing itself is only watched");
        let played = started([Controller::Human, Controller::Ai(Level::Hard)]);
        assert!(ctx(&played).enabled(MenuItem::Resign));
    }

    #[test]
    fn going_back_returns_the_focus_to_the_item_the_player_came_from() {
        let mut trail = FocusTrail::default();
        // Title (5th item) → More ways → Load (from its 4th) → back, back.
        assert_eq!(trail.follow(Overlay::None, 4, Navigate::To(Overlay::MoreGames), Overlay::MoreGames), 0);
        assert_eq!(trail.follow(Overlay::MoreGames, 3, Navigate::To(Overlay::Load), Overlay::Load), 0);
        assert_eq!(trail.follow(Overlay::Load, 1, Navigate::Back, Overlay::MoreGames), 3);
        assert_eq!(trail.follow(Overlay::MoreGames, 3, Navigate::Back, Overlay::None), 4);
        // A menu opened afresh starts on its first item, whatever was there before.
        assert_eq!(trail.follow(Overlay::None, 2, Navigate::To(Overlay::Settings), Overlay::Settings), 0);
        assert_eq!(trail.follow(Overlay::Settings, 0, Navigate::To(Overlay::None), Overlay::None), 0);
        assert!(trail.0.len() <= 2, "{trail:?}");
    }

    #[test]
    fn the_board_size_steps_through_the_presets_round_the_list_and_from_a_size_of_ones_own() {
        assert_eq!(preset_after((8, 8), 1), (10, 10));
        assert_eq!(preset_after((8, 8), -1), (6, 6));
        assert_eq!(preset_after((14, 17), 1), (6, 6));
        assert_eq!(preset_after((6, 6), -1), (14, 17));
        // 7×7 is no preset: up is the next larger board, down the last smaller one.
        assert_eq!(preset_after((7, 7), 1), (8, 8));
        assert_eq!(preset_after((7, 7), -1), (6, 6));
        assert_eq!(preset_after((20, 20), 1), (6, 6));
        let mut s = Settings { size: Geometry::new(7, 7).unwrap(), ..Settings::default() };
        assert!(adjust(&mut s, MenuItem::Preset, 1));
        assert_eq!((s.size.rows(), s.size.cols()), (8, 8));
    }

    fn situation(game: Option<(GameSetup, Side)>, overlay: Overlay) -> Situation {
        Situation { screen: Screen::Game, overlay, unfinished: true, saved_game: false, keeps_saves: true, game }
    }

    #[test]
    fn yes_to_resigning_gives_up_for_the_person_at_the_screen_or_else_the_side_to_move() {
        let ask = Overlay::Confirm(Discard::Resign);
        let close = Effect::Navigate(Navigate::To(Overlay::None));
        let vs = GameSetup::versus(Level::Easy, Side::White);
        assert_eq!(
            choose(MenuItem::Yes, &situation(Some((vs, Side::Black)), ask)),
            [close, Effect::Resign(Side::White)]
        );
        let two = GameSetup::play(standard(), [Controller::Human; 2]);
        assert_eq!(
            choose(MenuItem::Yes, &situation(Some((two, Side::Black)), ask)),
            [close, Effect::Resign(Side::Black)]
        );
        // Yes with no question open does nothing.
        assert!(choose(MenuItem::Yes, &situation(Some((two, Side::Black)), Overlay::Pause)).is_empty());
    }

    #[test]
    fn deleting_a_saved_game_asks_first_and_yes_deletes_it_and_returns_to_the_list() {
        let at = situation(None, Overlay::Load);
        let ask = Overlay::Confirm(Discard::DeleteSave(2));
        assert_eq!(choose(MenuItem::DeleteSave(2), &at), [Effect::Navigate(Navigate::To(ask))]);
        assert_eq!(
            choose(MenuItem::Yes, &situation(None, ask)),
            [Effect::Saves(SaveRequest::Delete(2)), Effect::Navigate(Navigate::To(Overlay::Load))]
        );
    }

    #[test]
    fn a_new_game_from_the_title_asks_before_replacing_the_saved_one() {
        let title = |saved_game| Situation {
            screen: Screen::Title,
            overlay: Overlay::None,
            unfinished: false,
            saved_game,
            keeps_saves: true,
            game: None,
        };
        assert_eq!(choose(MenuItem::TwoPlayers, &title(false)), [Effect::Start(NewGameKind::TwoPlayers, false)]);
        let ask = Overlay::Confirm(Discard::NewGame(NewGameKind::Watch));
        assert_eq!(choose(MenuItem::WatchComputer, &title(true)), [Effect::Navigate(Navigate::To(ask))]);
        let yes = choose(MenuItem::Yes, &Situation { overlay: ask, ..title(true) });
        assert_eq!(yes[1], Effect::Start(NewGameKind::Watch, true));
    }

    #[test]
    fn the_end_of_a_game_offers_two_big_actions_and_the_rest_one_step_in() {
        use MenuItem::*;
        let menu = |overlay| menu_items(Screen::Game, overlay, MenuContext::default());
        assert_eq!(menu(Overlay::GameOver), [Rematch, Review, MoreActions]);
        let more = menu(Overlay::GameOverMore);
        for item in [RematchSwapped, TakeBack, Save, CopyRecord, LookAtBoard, ToTitle, Back] {
            assert!(more.contains(&item), "{item:?} missing from {more:?}");
        }
        let at = |overlay| Situation {
            screen: Screen::Game,
            overlay,
            unfinished: false,
            saved_game: false,
            keeps_saves: true,
            game: None,
        };
        assert_eq!(
            choose(MoreActions, &at(Overlay::GameOver)),
            [Effect::Navigate(Navigate::To(Overlay::GameOverMore))]
        );
        // Back returns to the card's first page, which is a card too: the board does not move.
        assert_eq!(Overlay::GameOverMore.parent(Screen::Game), Overlay::GameOver);
        let room = |o: Overlay| o.card_room(Vec2::new(1280.0, 800.0), 1.0);
        assert_eq!(room(Overlay::GameOverMore), room(Overlay::GameOver));
    }

    #[test]
    fn online_a_watcher_only_looks_and_a_player_cannot_restart_or_take_back_alone() {
        let menu = |overlay, online, unfinished| {
            menu_items(Screen::Game, overlay, MenuContext { online, unfinished, ..MenuContext::default() })
        };
        use MenuItem::*;
        assert_eq!(menu(Overlay::Pause, Some(false), true), [Resume, CopyRecord, Settings, ToTitle]);
        assert_eq!(menu(Overlay::GameOver, Some(false), false), [Review, CopyRecord, LookAtBoard, ToTitle]);
        let playing = menu(Overlay::Pause, Some(true), true);
        assert!(playing.contains(&Resign) && !playing.contains(&Restart) && !playing.contains(&Tutorial));
        // Over: Resign stays in its place, greyed (nothing below it moves).
        assert_eq!(menu(Overlay::Pause, Some(true), false), playing);
        let over_ctx = MenuContext { online: Some(true), unfinished: false, ..MenuContext::default() };
        assert!(
            !over_ctx.enabled(Resign) && MenuContext { unfinished: true, resignable: true, ..over_ctx }.enabled(Resign)
        );
        let over = menu(Overlay::GameOver, Some(true), false);
        assert!(over.contains(&Rematch) && !over.contains(&RematchSwapped) && !over.contains(&TakeBack));
        assert_eq!(menu_items(Screen::Title, Overlay::OnlineJoin, MenuContext::default()), [CodeField, JoinNow, Back]);
    }

    #[test]
    fn online_a_rematch_and_a_refused_take_back_go_to_the_server() {
        let online = GameSetup::online(standard(), Some(Side::Black));
        let at = situation(Some((online, Side::Black)), Overlay::GameOver);
        assert_eq!(choose(MenuItem::Rematch, &at), [Effect::Online(OnlineStep::Rematch)]);
        let asked = situation(Some((online, Side::Black)), Overlay::Confirm(Discard::AllowUndo));
        assert_eq!(
            choose(MenuItem::No, &asked),
            [Effect::Online(OnlineStep::AnswerUndo(false)), Effect::Navigate(Navigate::To(Overlay::None))]
        );
        let two = GameSetup::play(standard(), [Controller::Human; 2]);
        let local = choose(MenuItem::Rematch, &situation(Some((two, Side::Black)), Overlay::GameOver));
        assert_eq!(local[0], Effect::NewGame(two), "a game on this machine starts again here");
    }

    #[test]
    fn every_item_of_the_settings_and_the_setup_has_words_of_its_own() {
        let mut keys: Vec<&str> = menu_items(Screen::Game, Overlay::Settings, MenuContext::default())
            .into_iter()
            .chain(menu_items(Screen::Game, Overlay::Setup, MenuContext::default()))
            .filter(|i| *i != MenuItem::Back)
            .map(MenuItem::key)
            .collect();
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        assert_eq!(MenuItem::Mute.key(), "item-sound");
        assert_eq!(MenuItem::Yes.key(), "item-yes");
    }
}
