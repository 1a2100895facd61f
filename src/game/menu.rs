//! Menus as data: which items the title screen and the menus over the game offer, which one
//! has the focus, and what choosing one does. Pad, keys and pointer all end in
//! [`MenuChosen`]; the UI only draws the items and reports clicks, so every menu works the
//! same with a gamepad, a keyboard or a mouse — and headless tests can use them.

use super::input::Action;
use super::rules::{Intent, Rules};
use super::saves::{ContinueGame, Resumable};
use super::screen::{Discard, NewGameKind, Overlay, Screen, Turn};
use super::settings::{Controller, Settings};
use crate::ai::Level;
use bevy::prelude::*;

/// Something a menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuItem {
    /// Continue the unfinished game.
    Continue,
    /// Start a game against the computer (you play Black).
    PlayComputer,
    /// Start a game for two people at this screen.
    TwoPlayers,
    /// Watch the computer play itself.
    WatchComputer,
    /// Leave the game.
    Quit,
    /// Open the settings.
    Settings,
    /// Sound volume (left/right change it).
    Volume,
    /// Sound on or off.
    Mute,
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
    /// Close the settings.
    Back,
    /// Close the pause menu.
    Resume,
    /// Start this game again with the same players.
    Restart,
    /// Leave this game for the title screen.
    ToTitle,
    /// Play again with the same colours.
    Rematch,
    /// Play again with the colours swapped.
    RematchSwapped,
    /// Close the game-over panel to look at the board.
    LookAtBoard,
    /// Answer a confirmation question: go ahead.
    Yes,
    /// Answer a confirmation question: keep the game.
    No,
}

impl MenuItem {
    /// The words on its button.
    pub fn label(self) -> &'static str {
        match self {
            MenuItem::Continue => "Continue",
            MenuItem::PlayComputer => "Play vs computer",
            MenuItem::TwoPlayers => "Two players",
            MenuItem::WatchComputer => "Watch computer vs computer",
            MenuItem::Quit => "Quit",
            MenuItem::Settings => "Settings",
            MenuItem::Volume => "Volume",
            MenuItem::Mute => "Sound",
            MenuItem::Speed => "Animation speed",
            MenuItem::Movable => "Show stones that can move",
            MenuItem::Coordinates => "Coordinates",
            MenuItem::Fullscreen => "Fullscreen",
            MenuItem::UiScale => "Interface size",
            MenuItem::Back => "Back",
            MenuItem::Resume => "Resume",
            MenuItem::Restart => "Restart",
            MenuItem::ToTitle => "Quit to title",
            MenuItem::Rematch => "Rematch",
            MenuItem::RematchSwapped => "Rematch, colours swapped",
            MenuItem::LookAtBoard => "Look at the board",
            MenuItem::Yes => "Yes",
            MenuItem::No => "No",
        }
    }
}

impl MenuItem {
    /// The words on its button, with the current value for a setting.
    pub fn text(self, s: &Settings) -> String {
        let on = |b: bool| if b { "on" } else { "off" };
        match self {
            MenuItem::Volume => format!("Volume: {} %", (s.volume * 100.0).round()),
            MenuItem::Mute => format!("Sound: {} (M)", on(!s.muted)),
            MenuItem::Speed if s.anim_speed == 0.0 => "Animation speed: instant".into(),
            MenuItem::Speed => format!("Animation speed: {:.2}×", s.anim_speed),
            MenuItem::Movable => format!("Show stones that can move: {}", on(s.show_movable)),
            MenuItem::Coordinates => format!("Coordinates: {}", on(s.coordinates)),
            MenuItem::Fullscreen => format!("Fullscreen: {}", on(s.fullscreen)),
            MenuItem::UiScale => format!("Interface size: {:.0} %", s.ui_scale * 100.0),
            other => other.label().into(),
        }
    }

    /// Whether left/right change its value.
    pub fn adjustable(self) -> bool {
        matches!(self, MenuItem::Volume | MenuItem::Speed | MenuItem::UiScale)
    }
}

/// A setting's value was stepped down (-1) or up (+1) (pad/keys left/right, or − / +).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjust(pub MenuItem, pub i32);

/// Steps a setting; returns whether it changed.
pub fn adjust(settings: &mut Settings, item: MenuItem, dir: i32) -> bool {
    let step = |v: f32, by: f32| ((v + by * dir as f32) / by).round() * by;
    let before = settings.clone();
    match item {
        MenuItem::Volume => settings.volume = step(settings.volume, 0.1).clamp(0.0, 1.0),
        MenuItem::Speed => settings.anim_speed = step(settings.anim_speed, 0.25).clamp(0.0, super::args::MAX_SPEED),
        MenuItem::UiScale => {
            settings.ui_scale =
                step(settings.ui_scale, 0.25).clamp(super::settings::MIN_UI_SCALE, super::settings::MAX_UI_SCALE)
        }
        _ => {}
    }
    *settings != before
}

/// The menu on screen: its items in order (empty when the board has the input).
pub fn menu_items(screen: Screen, overlay: Overlay, can_continue: bool) -> Vec<MenuItem> {
    use MenuItem::*;
    match (screen, overlay) {
        (_, Overlay::Settings) => vec![Volume, Mute, Speed, Movable, Coordinates, Fullscreen, UiScale, Back],
        (Screen::Title, Overlay::Confirm(_)) => vec![No, Yes],
        (Screen::Title, _) if can_continue => vec![Continue, PlayComputer, TwoPlayers, WatchComputer, Settings, Quit],
        (Screen::Title, _) => vec![PlayComputer, TwoPlayers, WatchComputer, Settings, Quit],
        (Screen::Game, Overlay::None) => Vec::new(),
        (Screen::Game, Overlay::Pause) => vec![Resume, Restart, Settings, ToTitle],
        (Screen::Game, Overlay::GameOver) => vec![Rematch, RematchSwapped, LookAtBoard, ToTitle],
        (Screen::Game, Overlay::Confirm(_)) => vec![No, Yes],
    }
}

/// The question a confirmation asks.
pub fn question(about: Discard) -> &'static str {
    match about {
        Discard::Restart => "Start again? This game will be lost.",
        Discard::Resign => "Give up this game?",
        Discard::NewGame(_) => "Start a new game? The unfinished one will be lost.",
        Discard::LeaveGame => "Leave this game? It will be lost.",
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
                // Before the board reads the same actions: a Pause that opens the menu this
                // frame must not also close it.
                .before(super::input::apply_actions)
                .before(super::input::resolve_activations),
        )
        .add_systems(OnEnter(Turn::Over), |mut overlay: ResMut<Overlay>| *overlay = Overlay::GameOver);
}

/// Moves the focus with directions, chooses with Confirm, goes back with Cancel / Pause.
fn navigate(
    mut actions: MessageReader<Action>,
    screen: Option<Res<State<Screen>>>,
    mut overlay: ResMut<Overlay>,
    mut focus: ResMut<MenuFocus>,
    resumable: Res<Resumable>,
    mut chosen: MessageWriter<MenuChosen>,
    mut adjusts: MessageWriter<MenuAdjust>,
) {
    let Some(screen) = screen else { return };
    let menu = (*screen.get(), *overlay);
    let items = menu_items(menu.0, menu.1, matches!(*resumable, Resumable::Game(_)));
    // A menu that just opened starts at its first item and ignores what opened it; with no
    // menu open, the board has the actions. (This system always runs, so it never reads
    // actions from frames it skipped.)
    if focus.menu != Some(menu) || items.is_empty() {
        *focus = MenuFocus { index: 0, menu: Some(menu) };
        actions.clear();
        return;
    }
    for action in actions.read() {
        match action {
            Action::Step(d) if d.x != 0 && items[focus.index.min(items.len() - 1)].adjustable() => {
                adjusts.write(MenuAdjust(items[focus.index.min(items.len() - 1)], d.x));
            }
            Action::Step(d) if d.y != 0 || d.x != 0 => {
                let step = if d.y != 0 { d.y } else { d.x };
                let n = items.len() as i32;
                focus.index = (focus.index as i32 + step).rem_euclid(n) as usize;
            }
            Action::Confirm => {
                chosen.write(MenuChosen(items[focus.index.min(items.len() - 1)]));
            }
            Action::Cancel | Action::Pause => match *overlay {
                Overlay::Pause | Overlay::GameOver => *overlay = Overlay::None,
                Overlay::Settings if menu.0 == Screen::Game => *overlay = Overlay::Pause,
                Overlay::Settings => *overlay = Overlay::None,
                Overlay::Confirm(_) if menu.0 == Screen::Title => *overlay = Overlay::None,
                Overlay::Confirm(_) => *overlay = Overlay::Pause,
                Overlay::None => {}
            },
            _ => {}
        }
    }
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
    mut continue_game: MessageWriter<ContinueGame>,
) {
    let level = settings
        .players
        .iter()
        .find_map(|c| match c {
            Controller::Ai(l) => Some(*l),
            Controller::Human => None,
        })
        .unwrap_or(Level::Medium);
    let unfinished = rules.as_ref().is_some_and(|r| r.game.ply() > 0 && r.game.winner().is_none());
    let on_title = *screen.get() == Screen::Title;
    let saved_game = matches!(*resumable, Resumable::Game(_));
    let players = |kind: NewGameKind| match kind {
        NewGameKind::Computer => [Controller::Human, Controller::Ai(level)],
        NewGameKind::TwoPlayers => [Controller::Human, Controller::Human],
        NewGameKind::Watch => [Controller::Ai(level), Controller::Ai(level)],
    };
    for MenuAdjust(item, dir) in adjusts.read() {
        adjust(&mut settings, *item, *dir);
    }
    for MenuChosen(item) in chosen.read() {
        let kind = match item {
            MenuItem::PlayComputer => Some(NewGameKind::Computer),
            MenuItem::TwoPlayers => Some(NewGameKind::TwoPlayers),
            MenuItem::WatchComputer => Some(NewGameKind::Watch),
            _ => None,
        };
        if let Some(kind) = kind {
            // A new game from the title replaces the saved one: ask first.
            if saved_game {
                *overlay = Overlay::Confirm(Discard::NewGame(kind));
            } else {
                settings.players = players(kind);
                next_screen.set(Screen::Game);
            }
            continue;
        }
        match item {
            MenuItem::PlayComputer | MenuItem::TwoPlayers | MenuItem::WatchComputer => {}
            MenuItem::Continue => {
                continue_game.write(ContinueGame);
            }
            MenuItem::Settings => *overlay = Overlay::Settings,
            MenuItem::Back => *overlay = if on_title { Overlay::None } else { Overlay::Pause },
            MenuItem::Volume | MenuItem::Speed | MenuItem::UiScale => {
                // Choosing a value steps it up, wrapping round at the top.
                if !adjust(&mut settings, *item, 1) {
                    adjust(&mut settings, *item, -100);
                }
            }
            MenuItem::Mute => settings.muted = !settings.muted,
            MenuItem::Movable => settings.show_movable = !settings.show_movable,
            MenuItem::Coordinates => settings.coordinates = !settings.coordinates,
            MenuItem::Fullscreen => settings.fullscreen = !settings.fullscreen,
            MenuItem::Quit => {
                exit.write(AppExit::Success);
            }
            MenuItem::Resume | MenuItem::LookAtBoard => *overlay = Overlay::None,
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
            MenuItem::ToTitle => {
                if *screen.get() == Screen::Game {
                    next_screen.set(Screen::Title);
                }
            }
            MenuItem::Yes => {
                match *overlay {
                    Overlay::Confirm(Discard::LeaveGame) => next_screen.set(Screen::Title),
                    Overlay::Confirm(Discard::NewGame(kind)) => {
                        settings.players = players(kind);
                        next_screen.set(Screen::Game);
                    }
                    Overlay::Confirm(_) => {
                        intents.write(Intent::NewGame);
                    }
                    _ => {}
                }
                *overlay = Overlay::None;
            }
            MenuItem::No => *overlay = if on_title { Overlay::None } else { Overlay::Pause },
        }
    }
}
