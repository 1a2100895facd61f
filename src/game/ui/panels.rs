//! What a panel over the game says: its title and lines, decided without a window.

use super::palette;
use super::status::{one_human, player_name, you_or_colour};
use crate::game::board::input::LastDevice;
use crate::game::menus::question;
use crate::game::modes::saves::SaveList;
use crate::game::platform::i18n::{Msg, level_about, level_name, side_key, side_name};
use crate::game::platform::settings::{Controller, Settings};
use crate::game::play::authority::Rules;
use crate::game::play::screen::Overlay;
use crate::rules::{Color as Side, Game};
use bevy_egui::egui;

/// Stones of `side` captured so far (its own opening removal is not a capture).
fn captured_of(game: &Game, side: Side) -> u32 {
    let gone = game.start().count(side).saturating_sub(game.position().count(side));
    let removals = game.moves().iter().take(2).filter(|m| m.is_removal()).count();
    let own_removal = match side {
        Side::Black => removals >= 1,
        Side::White => removals >= 2,
    };
    gone.saturating_sub(own_removal as u32)
}

/// What a panel's words depend on.
pub struct PanelFacts<'a> {
    /// The player's settings (the custom game's players are described).
    pub settings: &'a Settings,
    /// The saved games.
    pub saves: &'a SaveList,
    /// The game on the board, if any.
    pub rules: Option<&'a Rules>,
    /// The tutorial, if one runs.
    pub tutorial: Option<&'a crate::game::modes::tutorial::Tutorial>,
    /// The puzzle, if one runs.
    pub puzzle: Option<&'a crate::game::modes::puzzles::PuzzleRun>,
    /// The device in use, for hints that name keys or buttons.
    pub device: LastDevice,
}

/// A panel's title and lines of text (with their colours), or `None` when it has nothing
/// to show (the game or lesson it is about is gone). Pure: tested without a window.
pub fn panel_words(overlay: Overlay, facts: &PanelFacts) -> Option<(Msg, Vec<(Msg, egui::Color32)>)> {
    let PanelFacts { settings, saves, rules, tutorial, puzzle, device } = facts;
    Some(match overlay {
        Overlay::Pause => (Msg::new("menu-paused"), Vec::new()),
        Overlay::Settings => (Msg::new("menu-settings"), vec![(Msg::new("settings-hint"), palette::TEXT_DIM)]),
        Overlay::Setup => {
            let mut lines = vec![(Msg::new("setup-hint"), palette::TEXT_DIM)];
            let first = lines.len();
            // What each computer player is like.
            for side in [Side::Black, Side::White] {
                if let Controller::Ai(level) = settings.players[side.index()] {
                    let m = Msg::new("setup-player")
                        .sub("side", side_name(side))
                        .sub("level", level_name(level))
                        .sub("about", level_about(level));
                    lines.push((m, palette::TEXT));
                }
            }
            // A line for each colour, blank for a person, so the buttons never move.
            while lines.len() < first + 2 {
                lines.push((Msg::plain(" "), palette::TEXT));
            }
            (Msg::new("setup-title"), lines)
        }
        Overlay::Load => {
            let mut lines = Vec::new();
            if saves.entries.is_empty() {
                lines.push((Msg::new("load-empty"), palette::TEXT_DIM));
            } else {
                // The hint names the keys or buttons of the device in use, not all of them.
                let hint = match *device {
                    LastDevice::Keyboard => "load-hint-keys",
                    LastDevice::Pad => "load-hint-pad",
                    LastDevice::Pointer => "load-hint-pointer",
                };
                lines.push((Msg::new(hint), palette::TEXT_DIM));
            }
            if let Some((m, warn)) = &saves.message {
                lines.push((m.clone(), if *warn { palette::WARN } else { palette::TEXT }));
            }
            (Msg::new("load-title"), lines)
        }
        Overlay::Confirm(about) => (Msg::new(question(about)), Vec::new()),
        Overlay::Puzzles => (Msg::new("puzzles-title"), vec![(Msg::new("puzzles-hint"), palette::TEXT_DIM)]),
        Overlay::PuzzleOver => {
            let (Some(run), Some(rules)) = (puzzle.as_deref(), rules.as_ref()) else { return None };
            let moves = crate::game::modes::puzzles::book().puzzles[run.index].moves() as i64;
            let geo = rules.game.geometry();
            match run.state {
                crate::game::modes::puzzles::PuzzleState::Failed { played, refutation } => (
                    Msg::new("puzzle-failed"),
                    vec![(
                        Msg::new("puzzle-failed-text")
                            .text("played", crate::rules::move_to_string(geo, played))
                            .text("answer", crate::rules::move_to_string(geo, refutation))
                            .text("side", side_key(run.side.opponent())),
                        palette::TEXT,
                    )],
                ),
                _ => (
                    Msg::new("puzzle-solved"),
                    vec![(Msg::new("puzzle-solved-text").num("moves", moves), palette::TEXT)],
                ),
            }
        }
        Overlay::HowToPlay => (Msg::new("rules-title"), Vec::new()),
        Overlay::MoreGames => (Msg::new("more-games-title"), vec![(Msg::new("more-games-hint"), palette::TEXT_DIM)]),
        Overlay::Lessons => (
            Msg::new("lessons-title"),
            vec![(
                Msg::new("lessons-hint")
                    .num("passed", settings.tutorial as i64)
                    .num("total", crate::game::modes::tutorial::LESSONS.len() as i64),
                palette::TEXT_DIM,
            )],
        ),
        Overlay::Lesson => {
            let t = tutorial.as_deref()?;
            let lesson = t.current();
            let title = Msg::new("lesson-heading")
                .num("n", t.lesson as i64 + 1)
                .num("total", crate::game::modes::tutorial::LESSONS.len() as i64)
                .sub("title", lesson.msg("title"));
            let mut lines = vec![(lesson.msg("text"), palette::TEXT)];
            if t.passed {
                lines = vec![(Msg::new("lesson-well-done").sub("done", lesson.msg("done")), palette::TEXT)];
            } else if lesson.asks_a_move() {
                lines.push((Msg::new("lesson-your-move").sub("task", lesson.msg("task")), palette::FOCUS));
            }
            (title, lines)
        }
        Overlay::GameOver => {
            let rules = rules.as_ref()?;
            let game = &rules.game;
            let winner = rules.winner().unwrap_or(Side::Black);
            let setup = &rules.setup;
            let headline = match one_human(setup) {
                Some(you) if you == winner => Msg::new("over-you-win"),
                Some(_) => Msg::new("over-you-lose"),
                None => Msg::new("over-side-wins").text("side", side_key(winner)),
            };
            let why = match rules.resigned {
                Some(r) if you_or_colour(setup, r).is_some() => Msg::new("over-you-resigned"),
                Some(r) => Msg::new("over-resigned").sub("who", player_name(setup, r)),
                None if you_or_colour(setup, winner.opponent()).is_some() => Msg::new("over-you-no-jump"),
                None => Msg::new("over-no-jump").sub("who", player_name(setup, winner.opponent())),
            };
            let taken = |s: Side| captured_of(game, s);
            let summary = Msg::new("over-summary")
                .num("moves", game.ply() as i64)
                .num("black", taken(Side::White))
                .num("white", taken(Side::Black));
            (headline, vec![(why, palette::TEXT_DIM), (summary, palette::TEXT_DIM)])
        }
        Overlay::None => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    fn facts<'a>(settings: &'a Settings, saves: &'a SaveList, device: LastDevice) -> PanelFacts<'a> {
        PanelFacts { settings, saves, rules: None, tutorial: None, puzzle: None, device }
    }

    #[test]
    fn the_custom_setup_has_as_many_lines_whoever_plays_so_its_buttons_never_move() {
        let saves = SaveList::default();
        let count = |players: [Controller; 2]| {
            let s = Settings { players, ..Settings::default() };
            panel_words(Overlay::Setup, &facts(&s, &saves, LastDevice::Pointer)).unwrap().1.len()
        };
        let people = count([Controller::Human; 2]);
        assert_eq!(people, count([Controller::Human, Controller::Ai(Level::Hard)]));
        assert_eq!(people, count([Controller::Ai(Level::Easy), Controller::Ai(Level::Expert)]));
    }

    #[test]
    fn the_load_hint_names_the_device_in_use_and_a_panel_about_no_game_shows_nothing() {
        let s = Settings::default();
        let saves = SaveList {
            entries: vec![crate::game::modes::saves::SaveEntry {
                path: "a.txt".into(),
                game: Err("unreadable".into()),
            }],
            message: None,
        };
        for (device, key) in [
            (LastDevice::Keyboard, "load-hint-keys"),
            (LastDevice::Pad, "load-hint-pad"),
            (LastDevice::Pointer, "load-hint-pointer"),
        ] {
            let (_, lines) = panel_words(Overlay::Load, &facts(&s, &saves, device)).unwrap();
            assert_eq!(lines[0].0.key, key);
        }
        // The game-over panel and a lesson's panel need their game or lesson.
        assert!(panel_words(Overlay::GameOver, &facts(&s, &saves, LastDevice::Pointer)).is_none());
        assert!(panel_words(Overlay::Lesson, &facts(&s, &saves, LastDevice::Pointer)).is_none());
    }
}
