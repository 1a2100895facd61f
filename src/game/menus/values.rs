//! The settings a menu item shows and changes: presets, steps, sliders and switches.

use super::*;

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
pub(super) const CONTROLLERS: [Controller; 7] = [
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
        NewGameKind::Computer => match settings.opponent {
            Some(persona) => GameSetup::versus_persona(persona, level, colour),
            None => GameSetup::versus(level, colour),
        },
        NewGameKind::TwoPlayers => GameSetup::play(standard(), [Controller::Human; 2]),
        NewGameKind::Watch => GameSetup::play(standard(), [Controller::Ai(level); 2]),
        NewGameKind::Custom => settings.custom_setup(),
    }
}

/// A setting's value was stepped down (-1) or up (+1) (pad/keys left/right, or − / +).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjust(pub MenuItem, pub i32);

/// Steps the computer's level (within a named opponent's range) or the opponent (the plain
/// computer, then each named one; the level is brought into the new one's range).
fn adjust_opponent(settings: &mut Settings, item: MenuItem, level: Level, dir: i32) {
    if item == MenuItem::PlayComputer {
        let levels = settings.opponent.map_or(Level::ALL.to_vec(), |p| p.level_range());
        let i = levels.iter().position(|l| *l == level).unwrap_or(levels.len() / 2);
        let to = (i as i32 + dir).clamp(0, levels.len() as i32 - 1) as usize;
        settings.level = levels[to];
        return;
    }
    let all: Vec<Option<crate::ai::Persona>> =
        std::iter::once(None).chain(crate::ai::Persona::ALL.into_iter().map(Some)).collect();
    let i = all.iter().position(|p| *p == settings.opponent).unwrap_or(0) as i32;
    settings.opponent = all[(i + dir).rem_euclid(all.len() as i32) as usize];
    if let Some(p) = settings.opponent {
        let (lo, hi) = p.levels();
        settings.level = settings.level.clamp(lo, hi);
    }
}

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
        MenuItem::TimeClock => settings.online_clock = step_clock(settings.online_clock, dir),
        MenuItem::Coach => {
            use crate::game::platform::settings::CoachMode;
            let i = CoachMode::ALL.iter().position(|m| *m == settings.coach).unwrap_or(0);
            settings.coach = CoachMode::ALL[cycle(i, CoachMode::ALL.len())];
        }
        MenuItem::PlayComputer | MenuItem::Opponent => adjust_opponent(settings, item, level, dir),
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
pub(super) fn preset_after(size: (u8, u8), dir: i32) -> (u8, u8) {
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
    let book = crate::game::modes::puzzles::book();
    let list = book.of_grade(grade);
    let solved = list.iter().filter(|i| crate::game::modes::puzzles::is_solved(book, &s.puzzles_solved, **i)).count();
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
pub(super) fn step_or_wrap(settings: &mut Settings, item: MenuItem) {
    if !adjust(settings, item, 1) {
        adjust(settings, item, -100);
    }
}

/// Whether an on/off setting stands on (its switch drawn on): sound on when not muted.
pub fn is_on(s: &Settings, item: MenuItem) -> bool {
    match item {
        MenuItem::Mute => !s.muted,
        MenuItem::MusicBackground => s.music_in_background,
        MenuItem::Movable => s.show_movable,
        MenuItem::Coordinates => s.coordinates,
        MenuItem::Watchers => s.online_private,
        MenuItem::Fullscreen => s.fullscreen,
        MenuItem::ReducedMotion => s.reduced_motion,
        MenuItem::ConfirmMoves => s.confirm_moves,
        MenuItem::ThinkingPause => s.thinking_pause,
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
        MenuItem::Watchers => s.online_private = !s.online_private,
        MenuItem::Fullscreen => s.fullscreen = !s.fullscreen,
        MenuItem::ReducedMotion => s.reduced_motion = !s.reduced_motion,
        MenuItem::ConfirmMoves => s.confirm_moves = !s.confirm_moves,
        MenuItem::ThinkingPause => s.thinking_pause = !s.thinking_pause,
        MenuItem::ResetControls => s.bindings = Default::default(),
        MenuItem::SwapColours => s.players.swap(0, 1),
        _ => {}
    }
}

/// The time control `dir` steps from `c` among the presets; a custom one (from the settings
/// file) steps to the first or last preset.
fn step_clock(c: crate::online::protocol::TimeControl, dir: i32) -> crate::online::protocol::TimeControl {
    let all = crate::online::protocol::TimeControl::PRESETS;
    let n = all.len() as i32;
    match all.iter().position(|p| *p == c) {
        Some(i) => all[(i as i32 + dir.signum()).rem_euclid(n) as usize],
        None if dir > 0 => all[0],
        None => all[all.len() - 1],
    }
}
