//! Menus as data: which items the title screen and the menus over the game offer, which one
//! has the focus, and what choosing one does. Pad, keys and pointer all end in
//! [`MenuChosen`]; the UI only draws the items and reports clicks, so every menu works the
//! same with a gamepad, a keyboard or a mouse — and headless tests can use them.

use super::i18n::{Lang, Msg, Tr, level_name, side_name};
use super::input::Action;
use super::rules::{Intent, Rules};
use super::saves::{
    ContinueGame, CopyRecord, DeleteSave, OpenPending, OpenSave, PasteRecord, Resumable, SaveGame, SaveList,
};
use super::screen::{Discard, MoveListOpen, NewGameKind, Overlay, Practice, Review, Screen, Turn, TutorialStep};
use super::settings::{Controller, Settings};
use super::tutorial::Tutorial;
use crate::ai::Level;
use crate::ai::puzzle::Grade;
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
    /// Answer a confirmation question: go ahead.
    Yes,
    /// Answer a confirmation question: keep the game.
    No,
}

impl MenuItem {
    /// The message key of the words on its button.
    pub fn key(self) -> &'static str {
        match self {
            MenuItem::Continue => "item-continue",
            MenuItem::PlayComputer => "item-play-computer",
            MenuItem::YourColour => "item-your-colour",
            MenuItem::TwoPlayers => "item-two-players",
            MenuItem::WatchComputer => "item-watch",
            MenuItem::CustomGame => "item-custom",
            MenuItem::LoadGame => "item-load",
            MenuItem::HowToPlay => "item-how-to-play",
            MenuItem::Tutorial => "item-tutorial",
            MenuItem::TryLesson => "item-try-lesson",
            MenuItem::NextLesson => "item-next-lesson",
            MenuItem::FinishTutorial => "item-finish-tutorial",
            MenuItem::Puzzles => "item-puzzles",
            MenuItem::PuzzleGrade(_) => "item-puzzle-grade",
            MenuItem::NextPuzzle => "item-next-puzzle",
            MenuItem::RetryPuzzle => "item-retry-puzzle",
            MenuItem::LeavePuzzle => "item-leave-puzzle",
            MenuItem::ShowLesson => "item-show-lesson",
            MenuItem::LeaveTutorial => "item-leave-tutorial",
            MenuItem::Quit => "item-quit",
            MenuItem::Settings => "item-settings",
            MenuItem::Volume => "item-volume",
            MenuItem::Mute => "item-sound",
            MenuItem::Ambience => "item-ambience",
            MenuItem::Theme => "item-theme",
            MenuItem::Speed => "item-speed",
            MenuItem::Movable => "item-movable",
            MenuItem::Coordinates => "item-coordinates",
            MenuItem::Fullscreen => "item-fullscreen",
            MenuItem::UiScale => "item-ui-scale",
            MenuItem::Language => "item-language",
            MenuItem::Back => "item-back",
            MenuItem::Preset => "item-preset",
            MenuItem::Rows => "item-rows",
            MenuItem::Columns => "item-columns",
            MenuItem::BlackPlayer => "item-black-player",
            MenuItem::WhitePlayer => "item-white-player",
            MenuItem::SwapColours => "item-swap",
            MenuItem::StartCustom => "item-start",
            MenuItem::OpenSave(_) => "item-saved-game",
            MenuItem::DeleteSave(_) => "item-delete",
            MenuItem::Paste => "item-paste",
            MenuItem::Resume => "item-resume",
            MenuItem::Restart => "item-restart",
            MenuItem::Save => "item-save",
            MenuItem::CopyRecord => "item-copy",
            MenuItem::Resign => "item-resign",
            MenuItem::ToTitle => "item-to-title",
            MenuItem::Rematch => "item-rematch",
            MenuItem::RematchSwapped => "item-rematch-swapped",
            MenuItem::Review => "item-review",
            MenuItem::LookAtBoard => "item-look",
            MenuItem::Yes => "item-yes",
            MenuItem::No => "item-no",
        }
    }
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
    }
}

/// The computer's level and your colour for "Play vs computer": taken from the last players
/// chosen, so the title remembers them.
pub fn quick_game(settings: &Settings) -> (Level, Side) {
    let level = settings
        .players
        .iter()
        .find_map(|c| match c {
            Controller::Ai(l) => Some(*l),
            Controller::Human => None,
        })
        .unwrap_or(Level::Medium);
    let colour = match settings.players {
        [Controller::Ai(_), Controller::Human] => Side::White,
        _ => Side::Black,
    };
    (level, colour)
}

fn quick_players(level: Level, colour: Side) -> [Controller; 2] {
    match colour {
        Side::Black => [Controller::Human, Controller::Ai(level)],
        Side::White => [Controller::Ai(level), Controller::Human],
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
            MenuItem::Mute => m.sub("value", on(!s.muted)),
            MenuItem::Ambience if s.ambient == 0.0 => Msg::new("item-ambience-off"),
            MenuItem::Ambience => m.num("percent", percent(s.ambient)),
            MenuItem::Theme => m.sub("theme", Msg::new(s.theme.key())),
            MenuItem::Speed if s.anim_speed == 0.0 => Msg::new("item-speed-instant"),
            MenuItem::Speed => m.text("speed", lang.decimal(s.anim_speed, 2)),
            MenuItem::Movable => m.sub("value", on(s.show_movable)),
            MenuItem::Coordinates => m.sub("value", on(s.coordinates)),
            MenuItem::Fullscreen => m.sub("value", on(s.fullscreen)),
            MenuItem::UiScale => m.num("percent", percent(s.ui_scale)),
            MenuItem::Language => m.text("language", s.language.native_name()),
            MenuItem::Preset => m.num("rows", s.size.rows()).num("cols", s.size.cols()),
            MenuItem::Rows => m.num("rows", s.size.rows()),
            MenuItem::Columns => m.num("cols", s.size.cols()),
            MenuItem::BlackPlayer => m.sub("who", controller_words(s.players[0])),
            MenuItem::WhitePlayer => m.sub("who", controller_words(s.players[1])),
            MenuItem::OpenSave(i) => m.num("n", i as i64 + 1),
            MenuItem::PuzzleGrade(g) => {
                let grade = Grade::ALL[(g as usize).min(2)];
                let list = super::puzzles::book().of_grade(grade);
                let solved = list.iter().filter(|i| super::puzzles::is_solved(s.puzzles_solved, **i)).count();
                m.text("grade", grade.name()).num("solved", solved as i64).num("total", list.len() as i64)
            }
            _ => m,
        }
    }

    /// Whether left/right change its value.
    pub fn adjustable(self) -> bool {
        matches!(
            self,
            MenuItem::Volume
                | MenuItem::Ambience
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
    let size = |r: i32, c: i32| Geometry::new(r.clamp(4, 20) as u8, c.clamp(4, 20) as u8).ok();
    match item {
        MenuItem::Volume => settings.volume = step(settings.volume, 0.1).clamp(0.0, 1.0),
        MenuItem::Ambience => settings.ambient = step(settings.ambient, 0.1).clamp(0.0, 1.0),
        MenuItem::Theme => {
            let i = super::settings::Theme::ALL.iter().position(|t| *t == settings.theme).unwrap_or(0);
            settings.theme = super::settings::Theme::ALL[cycle(i, super::settings::Theme::ALL.len())];
        }
        MenuItem::Speed => settings.anim_speed = step(settings.anim_speed, 0.25).clamp(0.0, super::args::MAX_SPEED),
        MenuItem::UiScale => {
            settings.ui_scale =
                step(settings.ui_scale, 0.25).clamp(super::settings::MIN_UI_SCALE, super::settings::MAX_UI_SCALE)
        }
        MenuItem::Language => settings.language = settings.language.step(dir),
        MenuItem::PlayComputer => {
            let i = Level::ALL.iter().position(|l| *l == level).unwrap_or(2);
            let to = (i as i32 + dir).clamp(0, Level::ALL.len() as i32 - 1) as usize;
            settings.players = quick_players(Level::ALL[to], colour);
        }
        MenuItem::YourColour => settings.players = quick_players(level, colour.opponent()),
        MenuItem::Preset => {
            let i = PRESETS.iter().position(|p| *p == (rows, cols));
            let to = match i {
                Some(i) => cycle(i, PRESETS.len()),
                // From a size of one's own: the next larger preset (or the last smaller one).
                None if dir > 0 => {
                    PRESETS.iter().position(|p| p.0 as u32 * p.1 as u32 > rows as u32 * cols as u32).unwrap_or(0)
                }
                None => PRESETS
                    .iter()
                    .rposition(|p| (p.0 as u32 * p.1 as u32) < rows as u32 * cols as u32)
                    .unwrap_or(PRESETS.len() - 1),
            };
            if let Some(g) = size(PRESETS[to].0 as i32, PRESETS[to].1 as i32) {
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
}

/// The menu on screen: its items in order (empty when the board has the input).
pub fn menu_items(screen: Screen, overlay: Overlay, ctx: MenuContext) -> Vec<MenuItem> {
    use MenuItem::*;
    match (screen, overlay) {
        (_, Overlay::Settings) => {
            vec![Language, Volume, Mute, Ambience, Speed, Movable, Coordinates, Theme, Fullscreen, UiScale, Back]
        }
        (_, Overlay::Confirm(_)) => vec![No, Yes],
        (_, Overlay::Setup) => vec![Preset, Rows, Columns, BlackPlayer, WhitePlayer, SwapColours, StartCustom, Back],
        (_, Overlay::Load) => (0..ctx.saves).map(OpenSave).chain([Paste, Back]).collect(),
        (_, Overlay::Rules) => vec![Back],
        (_, Overlay::Puzzles) => vec![PuzzleGrade(0), PuzzleGrade(1), PuzzleGrade(2), Back],
        (_, Overlay::PuzzleOver) => match ctx.puzzle {
            Some(true) => vec![NextPuzzle, LeavePuzzle],
            _ => vec![RetryPuzzle, NextPuzzle, LeavePuzzle],
        },
        (Screen::Game, Overlay::Pause) if ctx.puzzle.is_some() => {
            vec![Resume, RetryPuzzle, NextPuzzle, HowToPlay, Settings, LeavePuzzle]
        }
        (_, Overlay::Lesson) => match ctx.lesson_ready {
            Some(true) if ctx.last_lesson => vec![FinishTutorial],
            Some(true) => vec![NextLesson, LeaveTutorial],
            _ => vec![TryLesson, LeaveTutorial],
        },
        (Screen::Game, Overlay::Pause) if ctx.lesson_ready.is_some() => {
            vec![Resume, ShowLesson, Settings, LeaveTutorial]
        }
        (Screen::Title, _) => {
            let mut items = vec![
                PlayComputer,
                YourColour,
                TwoPlayers,
                WatchComputer,
                CustomGame,
                LoadGame,
                Tutorial,
                Puzzles,
                HowToPlay,
                Settings,
                Quit,
            ];
            if ctx.can_continue {
                items.insert(0, Continue);
            }
            items
        }
        (Screen::Game, Overlay::None) => Vec::new(),
        (Screen::Game, Overlay::Pause) => {
            vec![Resume, Restart, Save, CopyRecord, Resign, HowToPlay, Tutorial, Settings, ToTitle]
        }
        (Screen::Game, Overlay::GameOver) => {
            vec![Rematch, RematchSwapped, Review, Save, CopyRecord, LookAtBoard, ToTitle]
        }
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
    }
}

/// Which item of the open menu has the focus.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus {
    /// Index into the open menu's items.
    pub index: usize,
    /// The menu it belongs to; another menu starts at its first item.
    menu: Option<(Screen, Overlay)>,
}

/// An item was chosen (pad South, Enter, a click or tap).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuChosen(pub MenuItem);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuFocus>()
        .add_message::<MenuChosen>()
        .add_message::<MenuAdjust>()
        .add_systems(
            Update,
            (navigate, carry_out)
                .chain()
                .in_set(super::input::InputStage::Interpret)
                // After the board has read the same actions: a menu that the board opens this
                // frame ignores them (it is new), and a menu closed this frame (Back, Rematch)
                // never hands its key on to the board.
                .after(super::input::apply_actions)
                .before(super::input::resolve_activations),
        )
        .add_systems(OnEnter(Turn::Over), |mut overlay: ResMut<Overlay>, tutorial: Option<Res<Practice>>| {
            // A lesson that ends the game keeps its own panel.
            if tutorial.is_none() {
                *overlay = Overlay::GameOver;
            }
        });
}

/// The menu context from the resources.
pub fn context(
    resumable: &Resumable,
    saves: &SaveList,
    tutorial: Option<&Tutorial>,
    puzzle: Option<&super::puzzles::PuzzleRun>,
) -> MenuContext {
    MenuContext {
        can_continue: matches!(resumable, Resumable::Game(_)),
        saves: saves.entries.len(),
        lesson_ready: tutorial.map(|t| t.passed || matches!(t.current().goal, super::tutorial::Goal::Read)),
        last_lesson: tutorial.is_some_and(|t| t.lesson + 1 >= super::tutorial::LESSONS.len()),
        puzzle: puzzle.map(|p| p.state == super::puzzles::PuzzleState::Solved),
    }
}

/// Moves the focus with directions, chooses with Confirm, goes back with Cancel / Pause.
fn navigate(
    mut actions: MessageReader<Action>,
    screen: Option<Res<State<Screen>>>,
    mut overlay: ResMut<Overlay>,
    mut focus: ResMut<MenuFocus>,
    resumable: Res<Resumable>,
    saves: Res<SaveList>,
    (tutorial, puzzle): (Option<Res<Tutorial>>, Option<Res<super::puzzles::PuzzleRun>>),
    mut chosen: MessageWriter<MenuChosen>,
    mut adjusts: MessageWriter<MenuAdjust>,
) {
    let Some(screen) = screen else { return };
    let menu = (*screen.get(), *overlay);
    let items = menu_items(menu.0, menu.1, context(&resumable, &saves, tutorial.as_deref(), puzzle.as_deref()));
    // A menu that just opened starts at its first item and ignores what opened it; with no
    // menu open, the board has the actions. (This system always runs, so it never reads
    // actions from frames it skipped.) A list that shrank keeps the focus inside it.
    if focus.menu != Some(menu) || items.is_empty() {
        *focus = MenuFocus { index: 0, menu: Some(menu) };
        actions.clear();
        return;
    }
    focus.index = focus.index.min(items.len() - 1);
    for action in actions.read() {
        let item = items[focus.index];
        match action {
            Action::Step(d) if d.x != 0 && item.adjustable() => {
                adjusts.write(MenuAdjust(item, d.x));
            }
            Action::Step(d) if d.y != 0 || d.x != 0 => {
                let step = if d.y != 0 { d.y } else { d.x };
                let n = items.len() as i32;
                focus.index = (focus.index as i32 + step).rem_euclid(n) as usize;
            }
            Action::Confirm => {
                chosen.write(MenuChosen(item));
            }
            Action::Delete => {
                if let MenuItem::OpenSave(i) = item {
                    chosen.write(MenuChosen(MenuItem::DeleteSave(i)));
                }
            }
            Action::Cancel | Action::Pause => *overlay = overlay.parent(menu.0),
            _ => {}
        }
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
    tutorial: MessageWriter<'w, TutorialStep>,
    puzzle: MessageWriter<'w, super::puzzles::PuzzleStep>,
}

/// The views a menu item can open on the game.
#[derive(SystemParam)]
struct GameViews<'w> {
    review: ResMut<'w, Review>,
    move_list: ResMut<'w, MoveListOpen>,
}

/// Does what the chosen item says. Anything that would throw away an unfinished game asks
/// first.
fn carry_out(
    mut chosen: MessageReader<MenuChosen>,
    mut adjusts: MessageReader<MenuAdjust>,
    mut overlay: ResMut<Overlay>,
    mut settings: ResMut<Settings>,
    rules: Option<Res<Rules>>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut intents: MessageWriter<Intent>,
    mut exit: MessageWriter<AppExit>,
    resumable: Res<Resumable>,
    data_dir: Option<Res<super::saves::DataDir>>,
    mut requests: SaveRequests,
    mut views: GameViews,
) {
    let (level, colour) = quick_game(&settings);
    let unfinished = rules.as_ref().is_some_and(|r| r.unfinished());
    let saved_game = matches!(*resumable, Resumable::Game(_));
    let players = |kind: NewGameKind, current: [Controller; 2]| match kind {
        NewGameKind::Computer => quick_players(level, colour),
        NewGameKind::TwoPlayers => [Controller::Human, Controller::Human],
        NewGameKind::Watch => [Controller::Ai(level), Controller::Ai(level)],
        NewGameKind::Custom => current,
    };
    for MenuAdjust(item, dir) in adjusts.read() {
        adjust(&mut settings, *item, *dir);
    }
    for MenuChosen(item) in chosen.read() {
        let kind = match item {
            MenuItem::PlayComputer => Some(NewGameKind::Computer),
            MenuItem::TwoPlayers => Some(NewGameKind::TwoPlayers),
            MenuItem::WatchComputer => Some(NewGameKind::Watch),
            MenuItem::StartCustom => Some(NewGameKind::Custom),
            _ => None,
        };
        if let Some(kind) = kind {
            // A new game from the title replaces the saved one: ask first.
            if saved_game {
                *overlay = Overlay::Confirm(Discard::NewGame(kind));
            } else {
                settings.players = players(kind, settings.players);
                *overlay = Overlay::None;
                next_screen.set(Screen::Game);
            }
            continue;
        }
        match item {
            MenuItem::PlayComputer | MenuItem::TwoPlayers | MenuItem::WatchComputer | MenuItem::StartCustom => {}
            MenuItem::Continue => {
                requests.continue_game.write(ContinueGame);
            }
            MenuItem::Settings => *overlay = Overlay::Settings,
            MenuItem::CustomGame => *overlay = Overlay::Setup,
            MenuItem::Puzzles => *overlay = Overlay::Puzzles,
            MenuItem::PuzzleGrade(g) => {
                requests.puzzle.write(super::puzzles::PuzzleStep::Open(Grade::ALL[(*g as usize).min(2)]));
            }
            MenuItem::NextPuzzle => {
                requests.puzzle.write(super::puzzles::PuzzleStep::Next);
            }
            MenuItem::RetryPuzzle => {
                requests.puzzle.write(super::puzzles::PuzzleStep::Retry);
            }
            MenuItem::LeavePuzzle => {
                requests.puzzle.write(super::puzzles::PuzzleStep::Leave);
            }
            MenuItem::LoadGame => *overlay = Overlay::Load,
            MenuItem::HowToPlay => *overlay = Overlay::Rules,
            MenuItem::Tutorial => {
                requests.tutorial.write(TutorialStep::Start);
            }
            MenuItem::TryLesson => {
                requests.tutorial.write(TutorialStep::Try);
            }
            MenuItem::NextLesson | MenuItem::FinishTutorial => {
                requests.tutorial.write(TutorialStep::Next);
            }
            MenuItem::ShowLesson => {
                requests.tutorial.write(TutorialStep::Explain);
            }
            MenuItem::LeaveTutorial => {
                requests.tutorial.write(TutorialStep::Leave);
            }
            MenuItem::Back => *overlay = overlay.parent(*screen.get()),
            // Choosing a value steps it up, wrapping round at the top.
            item if item.adjustable() => step_or_wrap(&mut settings, *item),
            MenuItem::Mute => settings.muted = !settings.muted,
            MenuItem::Movable => settings.show_movable = !settings.show_movable,
            MenuItem::Coordinates => settings.coordinates = !settings.coordinates,
            MenuItem::Fullscreen => settings.fullscreen = !settings.fullscreen,
            MenuItem::SwapColours => settings.players.swap(0, 1),
            MenuItem::OpenSave(i) => {
                requests.open.write(OpenSave(*i));
            }
            MenuItem::DeleteSave(i) => *overlay = Overlay::Confirm(Discard::DeleteSave(*i)),
            MenuItem::Paste => {
                requests.paste.write(PasteRecord);
            }
            MenuItem::Save => {
                requests.save.write(SaveGame);
            }
            MenuItem::CopyRecord => {
                requests.copy.write(CopyRecord);
            }
            MenuItem::Resign if unfinished => *overlay = Overlay::Confirm(Discard::Resign),
            MenuItem::Resign => *overlay = Overlay::None,
            MenuItem::Quit => {
                exit.write(AppExit::Success);
            }
            MenuItem::Resume | MenuItem::LookAtBoard => *overlay = Overlay::None,
            MenuItem::Review => {
                *overlay = Overlay::None;
                views.move_list.0 = true;
                views.review.0 = Some(0);
            }
            MenuItem::Restart if unfinished => *overlay = Overlay::Confirm(Discard::Restart),
            MenuItem::Restart | MenuItem::Rematch => {
                intents.write(Intent::NewGame);
                *overlay = Overlay::None;
            }
            MenuItem::RematchSwapped => {
                settings.players.swap(0, 1);
                intents.write(Intent::NewGame);
                *overlay = Overlay::None;
            }
            // With saves kept, leaving loses nothing: the title offers to continue.
            MenuItem::ToTitle if unfinished && data_dir.is_none() => *overlay = Overlay::Confirm(Discard::LeaveGame),
            MenuItem::ToTitle if *screen.get() == Screen::Game => next_screen.set(Screen::Title),
            MenuItem::Yes => {
                let Overlay::Confirm(about) = *overlay else { continue };
                *overlay = Overlay::None;
                match about {
                    Discard::LeaveGame => next_screen.set(Screen::Title),
                    Discard::NewGame(kind) => {
                        settings.players = players(kind, settings.players);
                        next_screen.set(Screen::Game);
                    }
                    Discard::Restart => {
                        intents.write(Intent::NewGame);
                    }
                    Discard::Resign => {
                        // The person at the screen gives up; in a game of two people (or of
                        // two computers), the side to move.
                        if let Some(rules) = &rules {
                            let side = match settings.players {
                                [Controller::Human, Controller::Ai(_)] => Side::Black,
                                [Controller::Ai(_), Controller::Human] => Side::White,
                                _ => rules.game.to_move(),
                            };
                            intents.write(Intent::Resign(side));
                        }
                    }
                    Discard::DeleteSave(i) => {
                        requests.delete.write(DeleteSave(i));
                        *overlay = Overlay::Load;
                    }
                    Discard::OpenGame => {
                        requests.agreed.write(OpenPending);
                    }
                }
            }
            MenuItem::No => *overlay = overlay.parent(*screen.get()),
            // Values are stepped above.
            _ => {}
        }
    }
}
