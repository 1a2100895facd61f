//! What a panel over the game says: its title and lines, decided without a window.

use super::palette;
use super::status::{one_human, player_name, you_or_colour};
use crate::game::board::input::LastDevice;
use crate::game::menus::question;
use crate::game::modes::saves::SaveList;
use crate::game::platform::bindings::Bindings;
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
    /// The online game, if one runs (its code and where friends reach it).
    pub online: Option<&'a crate::game::modes::online::OnlineGame>,
    /// The invite code being typed.
    pub code: &'a crate::game::modes::online::CodeEntry,
    /// The player's history (the game's rating change).
    pub history: Option<&'a crate::game::modes::history::PlayerHistory>,
    /// Games in the list of your games.
    pub recorded: usize,
}

/// A panel's words: its title, and lines of text with their colours.
pub type PanelWords = (Msg, Vec<(Msg, egui::Color32)>);

/// A panel's title and lines of text (with their colours), or `None` when it has nothing
/// to show (the game or lesson it is about is gone). Pure: tested without a window.
pub fn panel_words(overlay: Overlay, facts: &PanelFacts) -> Option<PanelWords> {
    let hint = |key: &'static str| vec![(Msg::new(key), palette::TEXT_DIM)];
    Some(match overlay {
        // Once the game is over nothing is paused: the menu is only the menu.
        Overlay::Pause if facts.rules.is_some_and(|r| r.winner().is_some()) => (Msg::new("hud-menu"), Vec::new()),
        Overlay::Pause => (Msg::new("menu-paused"), Vec::new()),
        Overlay::Settings => (Msg::new("menu-settings"), hint("settings-hint")),
        Overlay::Setup => (Msg::new("setup-title"), setup_lines(facts.settings)),
        Overlay::Load => (Msg::new("load-title"), load_lines(facts.saves, facts.device, &facts.settings.bindings)),
        Overlay::Confirm(about) => (Msg::new(question(about)), Vec::new()),
        Overlay::Puzzles => (Msg::new("puzzles-title"), puzzles_lines(facts.history)),
        Overlay::PuzzleOver => puzzle_over_words(facts.puzzle?, facts.rules?, facts.history),
        Overlay::HowToPlay => (Msg::new("rules-title"), Vec::new()),
        Overlay::About => (Msg::new("about-title"), hint("about-hint")),
        Overlay::Access => (Msg::new("access-title"), hint("access-hint")),
        Overlay::AccessGuide => (Msg::new("access-guide-title"), Vec::new()),
        Overlay::Controls => (Msg::new("controls-title"), hint("controls-hint")),
        Overlay::Stats => (Msg::new("stats-title"), Vec::new()),
        Overlay::Recorded => {
            (Msg::new("recorded-title"), hint(if facts.recorded == 0 { "recorded-empty" } else { "recorded-hint" }))
        }
        Overlay::MoreGames => (Msg::new("more-games-title"), hint("more-games-hint")),
        Overlay::Lessons => (
            Msg::new("lessons-title"),
            vec![(
                Msg::new("lessons-hint")
                    .num("passed", facts.settings.tutorial as i64)
                    .num("total", crate::game::modes::tutorial::LESSONS.len() as i64),
                palette::TEXT_DIM,
            )],
        ),
        Overlay::Lesson => lesson_words(facts.tutorial?),
        // The other actions keep the card's words, so it does not jump between its pages.
        Overlay::GameOver | Overlay::GameOverMore => {
            game_over_words(facts.rules?, facts.history, facts.online.and_then(|o| o.end_words()))
        }
        Overlay::Online => (Msg::new("online-title"), hint("online-hint")),
        Overlay::OnlineHost => (Msg::new("online-host-title"), host_lines(facts.settings)),
        Overlay::OnlineJoin => {
            let title = if facts.code.watch { "online-watch-title" } else { "online-join-title" };
            let how = if facts.device == LastDevice::Pad { "online-code-entry-pad" } else { "online-code-entry" };
            let mut lines = hint(how);
            lines.push(planned_line(&facts.settings.server));
            // Why the last try failed stays said until the code is changed or tried again.
            if let Some(why) = &facts.code.refused {
                lines.push((why.clone(), palette::WARN));
            }
            (Msg::new(title), lines)
        }
        Overlay::OnlineCode => code_words(facts.online?),
        Overlay::None => return None,
    })
}

/// Hosting: where the game will be, and who plays which colour.
fn host_lines(settings: &Settings) -> Vec<(Msg, egui::Color32)> {
    let place = if settings.server.trim().is_empty() {
        Msg::new("online-host-here")
    } else {
        let shown = crate::online::tls::Endpoint::parse(&settings.server).map(|e| e.address());
        Msg::new("online-host-server").text("server", shown.unwrap_or_else(|_| settings.server.clone()))
    };
    vec![(place, palette::TEXT_DIM), planned_line(&settings.server)]
}

/// Whether the line to the server of the settings (none: this network) will be encrypted,
/// before connecting.
fn planned_line(server: &str) -> (Msg, egui::Color32) {
    use crate::online::tls::{Endpoint, Trust, grouped};
    match Endpoint::parse(server).map(|e| e.trust) {
        Ok(Trust::System) => (Msg::new("online-line-encrypted"), palette::TEXT_DIM),
        Ok(Trust::Pinned(fp)) => (Msg::new("online-line-pinned").text("fingerprint", grouped(&fp)), palette::TEXT_DIM),
        Ok(Trust::Plain) | Err(_) => (Msg::new("online-line-plain"), palette::TEXT_DIM),
    }
}

/// The host's invite code in the title, and how the friend comes in.
fn code_words(online: &crate::game::modes::online::OnlineGame) -> PanelWords {
    let code = online.code.as_deref().map(crate::online::code::display).unwrap_or_default();
    let mut lines = vec![(Msg::new("online-code-hint"), palette::TEXT)];
    if let Some(lan) = &online.lan {
        lines.push((Msg::new("online-lan-address").text("address", lan.clone()), palette::TEXT_DIM));
    }
    if let Some(watch) = &online.watch_code {
        let shown = crate::online::code::display(watch);
        lines.push((Msg::new("online-watch-code").text("code", shown), palette::TEXT));
    }
    if let Some(line) = online.line_words() {
        lines.push((line, palette::TEXT_DIM));
    }
    (Msg::new("online-code-title").text("code", code), lines)
}

/// The custom setup's lines: a hint, then what each computer player is like — always as many
/// lines (blank ones after them for a person), so the buttons never move.
fn setup_lines(settings: &Settings) -> Vec<(Msg, egui::Color32)> {
    let mut lines = vec![(Msg::new("setup-hint"), palette::TEXT_DIM)];
    for side in [Side::Black, Side::White] {
        if let Controller::Ai(level) = settings.players[side.index()] {
            let m = Msg::new("setup-player")
                .sub("side", side_name(side))
                .sub("level", level_name(level))
                .sub("about", level_about(level));
            lines.push((m, palette::TEXT));
        }
    }
    lines.resize(3, (Msg::plain(" "), palette::TEXT));
    lines
}

/// The Load screen's lines: how to open and delete (in the keys or buttons of the device in
/// use, not all of them), or that there is nothing saved; then what happened last.
fn load_lines(saves: &SaveList, device: LastDevice, bindings: &Bindings) -> Vec<(Msg, egui::Color32)> {
    let mut lines = Vec::new();
    if saves.entries.is_empty() {
        lines.push((Msg::new("load-empty"), palette::TEXT_DIM));
    } else {
        let hint = match device {
            LastDevice::Keyboard => "load-hint-keys",
            LastDevice::Pad => "load-hint-pad",
            LastDevice::Pointer => "load-hint-pointer",
        };
        lines.push((bindings.prompt(hint), palette::TEXT_DIM));
    }
    if let Some((m, warn)) = &saves.message {
        lines.push((m.clone(), if *warn { palette::WARN } else { palette::TEXT }));
    }
    lines
}

/// The puzzles' list: what a puzzle is, your puzzle rating and best streak, and whether
/// today's puzzle is done.
fn puzzles_lines(history: Option<&crate::game::modes::history::PlayerHistory>) -> Vec<(Msg, egui::Color32)> {
    let mut lines = vec![(Msg::new("puzzles-hint"), palette::TEXT_DIM)];
    if let Some(p) = history.and_then(|h| h.puzzles.as_ref()) {
        let standing = Msg::new("puzzles-standing")
            .num("rating", p.rating.rating.round() as i64)
            .num("streak", p.best_streak as i64);
        lines.push((standing, palette::TEXT));
        let key = match p.daily {
            None => "puzzles-daily-new",
            Some(true) => "puzzles-daily-solved",
            Some(false) => "puzzles-daily-missed",
        };
        lines.push((Msg::new(key).text("date", p.today.clone()), palette::FOCUS));
    }
    lines
}

/// A signed change in points, as shown: +12, −7, ±0.
fn signed(points: i64) -> String {
    let sign = match points.signum() {
        1 => "+",
        -1 => "\u{2212}",
        _ => "\u{00b1}",
    };
    format!("{sign}{}", points.abs())
}

/// A finished puzzle's lines under what happened: the puzzle rating's change, and where a
/// streak stands.
fn puzzle_result_lines(
    run: &crate::game::modes::puzzles::PuzzleRun,
    history: Option<&crate::game::modes::history::PlayerHistory>,
) -> Vec<(Msg, egui::Color32)> {
    use crate::game::modes::puzzles::{PuzzleKind, PuzzleState};
    let mut lines = Vec::new();
    let name = crate::game::modes::puzzles::book().ids.get(run.index);
    if let Some((_, recorded)) = history.and_then(|h| h.last_puzzle.as_ref()).filter(|(n, _)| Some(n) == name) {
        let change = recorded.rating;
        let msg = Msg::new("puzzle-rating")
            .num("rating", change.after.rating.round() as i64)
            .text("change", signed(change.points()));
        lines.push((msg, palette::FOCUS));
    }
    if let PuzzleKind::Streak { place, .. } = run.kind {
        let best = history.and_then(|h| h.puzzles.as_ref()).map_or(0, |p| p.best_streak);
        let msg = if run.state == PuzzleState::Solved {
            Msg::new("puzzle-streak-on").num("n", place as i64)
        } else {
            Msg::new("puzzle-streak-over").num("n", place as i64 - 1).num("best", best as i64)
        };
        lines.push((msg, palette::TEXT));
    }
    lines
}

/// A finished puzzle: what happened, and what it did to your puzzle rating and streak.
fn puzzle_over_words(
    run: &crate::game::modes::puzzles::PuzzleRun,
    rules: &Rules,
    history: Option<&crate::game::modes::history::PlayerHistory>,
) -> PanelWords {
    let (title, mut lines) = puzzle_outcome(run, rules);
    lines.extend(puzzle_result_lines(run, history));
    (title, lines)
}

/// A finished puzzle: solved in so many moves, or which move lost to which answer.
fn puzzle_outcome(run: &crate::game::modes::puzzles::PuzzleRun, rules: &Rules) -> PanelWords {
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
        _ => (Msg::new("puzzle-solved"), vec![(Msg::new("puzzle-solved-text").num("moves", moves), palette::TEXT)]),
    }
}

/// A lesson's panel: its number and title, its text and the move it asks for — or, once
/// passed, well done.
fn lesson_words(t: &crate::game::modes::tutorial::Tutorial) -> PanelWords {
    let lesson = t.current();
    // The lesson's number is in the status line above the board and in the card's dots: the
    // card's heading is the lesson's title alone (it was said twice).
    let title = lesson.msg("title");
    let mut lines = vec![(lesson.msg("text"), palette::TEXT)];
    if t.passed {
        lines = vec![(Msg::new("lesson-well-done").sub("done", lesson.msg("done")), palette::TEXT)];
    } else if lesson.asks_a_move() {
        lines.push((Msg::new("lesson-your-move").sub("task", lesson.msg("task")), palette::FOCUS));
    }
    (title, lines)
}

/// The game-over panel: who won (you, when one person plays the computer), why, and how many
/// moves and captures it took.
fn game_over_words(
    rules: &Rules,
    history: Option<&crate::game::modes::history::PlayerHistory>,
    online_end: Option<Msg>,
) -> PanelWords {
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
    // Online, a clock or an absence may have decided it: said as such, not as a resignation.
    let why = online_end.unwrap_or(why);
    let summary = Msg::new("over-summary")
        .num("moves", game.ply() as i64)
        .num("black", captured_of(game, Side::White))
        .num("white", captured_of(game, Side::Black));
    let mut lines = vec![(why, palette::TEXT_DIM), (summary, palette::TEXT_DIM)];
    // A named opponent has the last word (also said on the notice line as the game ends).
    if let (Some(persona), Some(you)) = (setup.persona, one_human(setup)) {
        let moment =
            if winner == you { crate::game::play::quips::Moment::Loss } else { crate::game::play::quips::Moment::Win };
        lines.push((crate::game::play::quips::line(persona, moment), palette::TEXT));
    }
    lines.extend(rating_line(rules, history));
    (headline, lines)
}

/// The key of the rating's line at the end of a game (drawn as a chip when it gives a change).
pub(super) const RATING_LINE: &str = "over-rating";

/// The game-over panel's rating line: the new rating and its change when the game was rated,
/// or why a game against the computer was not.
pub(super) fn rating_line(
    rules: &Rules,
    history: Option<&crate::game::modes::history::PlayerHistory>,
) -> Option<(Msg, egui::Color32)> {
    let rated = history.and_then(|h| h.result_of(rules.game_id)).and_then(|r| r.rating);
    match rated {
        Some(change) => {
            // In plain words: where the rating went, and which level that is about.
            let points = change.points();
            let direction = match points {
                p if p > 0 => "rose",
                p if p < 0 => "fell",
                _ => "same",
            };
            let level = crate::game::platform::i18n::level_name(crate::history::even_level(&change.after));
            let msg = Msg::new(RATING_LINE)
                .text("change", direction)
                .num("rating", change.after.rating.round() as i64)
                .text("points", signed(points))
                .sub("level", level);
            Some((msg, palette::FOCUS))
        }
        None if rules.took_back && crate::game::modes::history::ratable(rules) => {
            Some((Msg::new("over-unrated"), palette::TEXT_DIM))
        }
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    fn facts<'a>(settings: &'a Settings, saves: &'a SaveList, device: LastDevice) -> PanelFacts<'a> {
        static CODE: std::sync::LazyLock<crate::game::modes::online::CodeEntry> =
            std::sync::LazyLock::new(Default::default);
        PanelFacts {
            settings,
            saves,
            rules: None,
            tutorial: None,
            puzzle: None,
            device,
            online: None,
            code: &CODE,
            history: None,
            recorded: 0,
        }
    }

    #[test]
    fn a_refused_code_stays_said_in_the_join_panel_until_the_code_changes() {
        let saves = SaveList::default();
        let s = Settings::default();
        let mut code = crate::game::modes::online::CodeEntry { text: "ABC234".into(), ..Default::default() };
        let why = Msg::new("online-refused").text("why", "no game with the code ABC-234 was found on this network");
        code.refused = Some(why.clone());
        let f = PanelFacts { code: &code, ..facts(&s, &saves, LastDevice::Keyboard) };
        let (_, lines) = panel_words(Overlay::OnlineJoin, &f).unwrap();
        assert_eq!(lines.last(), Some(&(why, palette::WARN)));
        code.pop();
        assert_eq!(code.refused, None, "a changed code clears it");
        let f = PanelFacts { code: &code, ..facts(&s, &saves, LastDevice::Keyboard) };
        assert!(panel_words(Overlay::OnlineJoin, &f).unwrap().1.iter().all(|(_, c)| *c != palette::WARN));
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

    #[test]
    fn the_game_over_panel_says_who_won_why_and_what_each_side_took() {
        use crate::game::setup::GameSetup;
        let (s, saves) = (Settings::default(), SaveList::default());
        let words = |rules: &Rules| {
            let (title, lines) = panel_words(
                Overlay::GameOver,
                &PanelFacts { rules: Some(rules), ..facts(&s, &saves, LastDevice::Pointer) },
            )
            .unwrap();
            (title.key.into_owned(), lines.into_iter().map(|(m, _)| m).collect::<Vec<_>>())
        };
        // You (Black) resign against the computer.
        let mut rules = Rules::new(GameSetup::versus(Level::Easy, Side::Black), None);
        for _ in 0..3 {
            let m = rules.legal_moves()[0];
            rules.game.play(m).unwrap();
        }
        rules.resigned = Some(Side::Black);
        let (title, lines) = words(&rules);
        assert_eq!(title, "over-you-lose");
        assert_eq!(lines[0].key, "over-you-resigned");
        // The summary counts captures, not the opening removals: one jump took one stone.
        assert_eq!(lines[1], Msg::new("over-summary").num("moves", 3).num("black", 1).num("white", 0));
        // Two people: the winner by colour, and who could not jump.
        rules.setup = GameSetup::play(rules.setup.size, [Controller::Human; 2]);
        rules.resigned = None;
        while let Some(&m) = rules.legal_moves().first() {
            rules.game.play(m).unwrap();
        }
        let winner = rules.winner().unwrap();
        let (title, lines) = words(&rules);
        assert_eq!(title, "over-side-wins");
        assert_eq!(lines[0], Msg::new("over-no-jump").sub("who", side_name(winner.opponent())));
    }
}
