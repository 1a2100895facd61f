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
use crate::game::play::authority::{GameChange, Intent, Rules};
use crate::game::play::screen::GameSet;
use crate::game::play::screen::{
    Discard, MoveListOpen, Navigate, NewGameKind, Overlay, Review, Screen, Turn, TutorialStep,
};
use crate::game::setup::{GameSetup, standard};
use crate::rules::{Color as Side, Geometry};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

mod choices;
mod items;
#[cfg(test)]
mod tests;
mod values;

pub use choices::*;
pub use items::*;
pub use values::*;

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
    /// Online: the opponent has been away long enough for you to claim the game.
    pub can_claim: bool,
    /// Online: neither side has made its first move, so the game can be aborted.
    pub can_abort: bool,
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
            MenuItem::ClaimWin => self.can_claim,
            MenuItem::AbortGame => self.can_abort,
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
                ThinkingPause,
                Coach,
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
        Overlay::MoreGames => {
            vec![PlayComputer, Opponent, YourColour, TwoPlayers, WatchComputer, CustomGame, LoadGame, Back]
        }
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
        Overlay::OnlineHost => Some(vec![Preset, Rows, Columns, YourColour, Watchers, TimeClock, StartHosting, Back]),
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
        (Overlay::Pause, true) => {
            vec![Resume, Save, CopyRecord, Resign, ClaimWin, AbortGame, HowToPlay, Settings, ToTitle]
        }
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
        can_claim: false,
        can_abort: false,
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
struct Outlets<'w> {
    nav: MessageWriter<'w, Navigate>,
    edits: MessageWriter<'w, EditSettings>,
    games: MessageWriter<'w, GameChange>,
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
            out.games.write(GameChange::fresh(setup_for(kind, settings)));
        }
        Effect::NewGame(setup) => _ = out.games.write(GameChange::fresh(setup)),
        Effect::Resign(side) => _ = out.intents.write(Intent::Resign(side)),
        Effect::Undo => _ = out.intents.write(Intent::Undo),
        Effect::ToTitle => _ = out.games.write(GameChange::Leave),
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
