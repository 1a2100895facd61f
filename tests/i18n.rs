//! The interface's languages: every Fluent file parses, every language has every message
//! (with the same variables), every key the code uses exists, plural rules choose, every
//! character has a glyph in the game's font, and no translated button or status line is
//! wider than its place in an 800×600 window (measured with the font egui draws with).

mod common;

use bevy_egui::egui;
use konane::ai::Level;
use konane::game::menus::MenuItem;
use konane::game::platform::i18n::{Lang, Msg, SOURCES, Tr, bundle};
use konane::game::platform::settings::{Controller, Settings, Theme};
use konane::game::ui::{BUTTON_PADDING, BUTTON_TEXT_SIZE, HUD_BUTTON_MIN_WIDTH, HUD_BUTTONS, menu_text_room};
use konane::rules::Geometry;
use std::collections::{BTreeMap, BTreeSet};

fn source(lang: Lang) -> &'static str {
    SOURCES.iter().find(|(l, _)| *l == lang).expect("a source").1
}

/// Each message id with the variables its text uses, read from the file's lines.
fn variables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current = None;
    for line in source(lang).lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(' ') && line.contains(" =") {
            let id = line.split(" =").next().unwrap().trim().to_string();
            out.entry(id.clone()).or_default();
            current = Some(id);
        }
        let Some(id) = &current else { continue };
        let mut rest = line;
        while let Some(at) = rest.find('$') {
            let name: String =
                rest[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
            out.get_mut(id).unwrap().insert(name);
            rest = &rest[at + 1..];
        }
    }
    out
}

#[test]
fn every_language_file_parses_and_has_every_message_with_the_same_variables() {
    for (lang, text) in SOURCES {
        let (_, errors) = bundle(lang, text);
        assert!(errors.is_empty(), "{}.ftl: {errors:?}", lang.code());
    }
    let english = variables(Lang::En);
    assert_eq!(english.len(), Tr::keys(Lang::En).len(), "the line reader finds every message");
    for lang in [Lang::Haw, Lang::Nl] {
        let other = variables(lang);
        let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}.ftl lacks {missing:?}", lang.code());
        let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(extra.is_empty(), "{}.ftl has messages English lacks: {extra:?}", lang.code());
        for (key, vars) in &english {
            assert_eq!(&other[key], vars, "{}.ftl {key}: not the same variables as English", lang.code());
        }
    }
}

#[test]
fn the_translations_are_translated() {
    let tr = Tr::default();
    let keys = Tr::keys(Lang::En);
    for lang in [Lang::Haw, Lang::Nl] {
        let same: Vec<&String> = keys
            .iter()
            .filter(|k| tr.msg_in(lang, &Msg::keyed(k.to_string())) == tr.msg_in(Lang::En, &Msg::keyed(k.to_string())))
            .collect();
        // Only texts that are the same in every language (key names, "Expert", "Menu",
        // "plain") may be equal; never more than a few.
        assert!(
            same.len() * 100 < keys.len() * 8,
            "{}: {} of {} equal to English: {same:?}",
            lang.code(),
            same.len(),
            keys.len()
        );
    }
}

/// Every message key written in the game's code, as `"prefix-…"` string literals.
fn keys_in_code() -> BTreeSet<String> {
    let prefixes = [
        "side-",
        "player-",
        "score-",
        "value-",
        "status-",
        "notice-",
        "hint-",
        "refuse-",
        "hud-",
        "review-",
        "moves-",
        "title-",
        "controls-",
        "item-",
        "controller-",
        "question-",
        "menu-",
        "settings-",
        "setup-",
        "load-",
        "rules-",
        "lesson-",
        "over-",
        "save-",
        "result-",
        "theme-",
        "tray-",
        "more-",
        "lessons-",
        "analysis-",
    ];
    let mut keys = BTreeSet::new();
    // Every file of the game, in its folders too.
    let mut files = Vec::new();
    let mut folders = vec![std::path::PathBuf::from("src/game")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 20, "the game's files were not found: {files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for piece in text.split('"').skip(1).step_by(2) {
            let looks_like_key = piece.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && prefixes.iter().any(|p| piece.starts_with(p))
                && !piece.ends_with('-');
            if looks_like_key {
                keys.insert(piece.to_string());
            }
        }
    }
    keys
}

#[test]
fn every_key_the_game_uses_exists() {
    let english: BTreeSet<String> = Tr::keys(Lang::En).into_iter().collect();
    let used = keys_in_code();
    assert!(used.len() > 150, "the scan finds the keys: {}", used.len());
    let missing: Vec<_> = used.iter().filter(|k| !english.contains(*k)).collect();
    assert!(missing.is_empty(), "keys used in the code but not in en.ftl: {missing:?}");
    // Keys made at run time: lessons, levels, rules paragraphs.
    for lesson in konane::game::modes::tutorial::LESSONS {
        let mut parts = vec!["title", "text"];
        if lesson.asks_a_move() {
            parts.extend(["task", "done"]);
        }
        if matches!(
            lesson.goal,
            konane::game::modes::tutorial::Goal::Only(_) | konane::game::modes::tutorial::Goal::Win
        ) {
            parts.push("wrong");
        }
        for part in parts {
            assert!(english.contains(&lesson.key(part)), "{}", lesson.key(part));
        }
    }
    for level in Level::ALL {
        for key in [format!("level-{}", level.name()), format!("level-{}-about", level.name())] {
            assert!(english.contains(&key), "{key}");
        }
    }
}

#[test]
fn plural_rules_choose_the_form_in_every_language() {
    let tr = Tr::default();
    let hint = |lang, n: i64| tr.msg_in(lang, &Msg::new("hint-proven-win-in").num("n", n));
    assert_eq!(hint(Lang::En, 1), "proven: you win in at most one move");
    assert_eq!(hint(Lang::En, 7), "proven: you win in at most 7 moves");
    assert_eq!(hint(Lang::Nl, 1), "bewezen: je wint in hoogstens één zet");
    assert_eq!(hint(Lang::Nl, 7), "bewezen: je wint in hoogstens 7 zetten");
    assert!(hint(Lang::Haw, 1).ends_with("hoʻokahi neʻe"), "{}", hint(Lang::Haw, 1));
    assert!(hint(Lang::Haw, 7).ends_with("7 neʻe"), "{}", hint(Lang::Haw, 7));
    let summary = |lang| tr.msg_in(lang, &Msg::new("over-summary").num("moves", 1).num("black", 1).num("white", 12));
    assert_eq!(summary(Lang::En), "1 move · Black took 1 stone, White took 12 stones");
    assert_eq!(summary(Lang::Nl), "1 zet · Zwart sloeg 1 steen, Wit sloeg 12 stenen");
    // Nested messages are said in the same language; selectors follow the side.
    let m = Msg::new("status-side-jumps").text("side", "white");
    assert_eq!(tr.msg_in(Lang::Nl, &m), "Wit is aan zet — spring met een witte steen");
    let m = Msg::new("item-play-computer").sub("level", Msg::new("level-hard"));
    assert_eq!(tr.msg_in(Lang::Haw, &m), "Me ka lolouila · Paʻakikī");
}

/// An egui context with the game's fonts, after one pass so they load.
fn fonts() -> egui::Context {
    let ctx = egui::Context::default();
    ctx.set_fonts(konane::game::ui::font_definitions());
    let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
    ctx
}

fn width(ctx: &egui::Context, text: &str, size: f32) -> f32 {
    ctx.fonts_mut(|f| {
        f.layout_no_wrap(text.to_string(), egui::FontId::proportional(size), egui::Color32::WHITE).size().x
    })
}

#[test]
fn every_character_of_every_language_has_a_glyph_in_the_game_s_font() {
    let ctx = fonts();
    let font = egui::FontId::proportional(19.0);
    for (lang, text) in SOURCES {
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                continue;
            }
            let missing: Vec<char> = line.chars().filter(|c| !ctx.fonts_mut(|f| f.has_glyph(&font, *c))).collect();
            assert!(missing.is_empty(), "{}.ftl line {}: no glyph for {missing:?}", lang.code(), n + 1);
        }
    }
    // The ʻokina and the kahakō vowels, upper and lower case, and the Dutch diacritics.
    for c in "ʻĀāĒēĪīŌōŪūëéïö×–—…·".chars() {
        assert!(ctx.fonts_mut(|f| f.has_glyph(&font, c)), "no glyph for {c:?}");
    }
}

/// Settings that make each item say its longest words.
fn item_variants() -> Vec<(MenuItem, Settings)> {
    use MenuItem as M;
    let plain = Settings::default();
    let mut out = Vec::new();
    for item in [
        M::Continue,
        M::TwoPlayers,
        M::WatchComputer,
        M::CustomGame,
        M::LoadGame,
        M::HowToPlay,
        M::Tutorial,
        M::TryLesson,
        M::NextLesson,
        M::FinishTutorial,
        M::Puzzles,
        M::PuzzleGrade(0),
        M::PuzzleGrade(1),
        M::PuzzleGrade(2),
        M::NextPuzzle,
        M::RetryPuzzle,
        M::LeavePuzzle,
        M::ShowLesson,
        M::LeaveTutorial,
        M::Quit,
        M::Settings,
        M::Back,
        M::SwapColours,
        M::StartCustom,
        M::OpenSave(98),
        M::DeleteSave(0),
        M::Paste,
        M::Resume,
        M::Restart,
        M::Save,
        M::CopyRecord,
        M::Resign,
        M::ToTitle,
        M::Rematch,
        M::RematchSwapped,
        M::Review,
        M::LookAtBoard,
        M::Yes,
        M::No,
        M::Movable,
        M::Coordinates,
        M::Fullscreen,
        M::Mute,
        M::Rows,
        M::Columns,
        M::Preset,
        M::PlayOnline,
        M::HostOnline,
        M::JoinOnline,
        M::WatchOnline,
        M::StartHosting,
        M::JoinNow,
        M::CopyCode,
        M::Watchers,
    ] {
        for on in [false, true] {
            let s = konane::game::Settings {
                online_private: on,
                show_movable: on,
                coordinates: on,
                fullscreen: on,
                muted: on,
                size: Geometry::new(20, 20).unwrap(),
                ..plain.clone()
            };
            out.push((item, s));
        }
    }
    for level in Level::ALL {
        for players in [[Controller::Human, Controller::Ai(level)], [Controller::Ai(level), Controller::Human]] {
            for item in [M::PlayComputer, M::YourColour, M::BlackPlayer, M::WhitePlayer] {
                out.push((item, konane::game::Settings { players, ..plain.clone() }));
            }
        }
    }
    for theme in Theme::ALL {
        out.push((M::Theme, konane::game::Settings { theme, ..plain.clone() }));
    }
    for lang in Lang::ALL {
        out.push((M::Language, konane::game::Settings { language: lang, ..plain.clone() }));
    }
    out.push((M::Volume, konane::game::Settings { volume: 1.0, ..plain.clone() }));
    out.push((M::Ambience, konane::game::Settings { ambient: 1.0, ..plain.clone() }));
    out.push((M::Ambience, konane::game::Settings { ambient: 0.0, ..plain.clone() }));
    out.push((M::Speed, konane::game::Settings { anim_speed: 0.0, ..plain.clone() }));
    out.push((M::Speed, konane::game::Settings { anim_speed: 3.75, ..plain.clone() }));
    out.push((M::UiScale, konane::game::Settings { ui_scale: 1.75, ..plain.clone() }));
    out
}

/// A setting is drawn as a row, its name left and its value right, split at the last ": " of
/// its words: every setting reads "Name: value" in every language.
#[test]
fn every_setting_reads_name_then_value_in_every_language() {
    use konane::game::menus::menu_items;
    use konane::game::play::screen::{Overlay, Screen};
    use konane::game::ui::{Tier, name_and_value, tier};
    let tr = Tr::default();
    let mut variants = item_variants();
    for overlay in [Overlay::Settings, Overlay::Access, Overlay::Setup, Overlay::MoreGames] {
        for item in menu_items(Screen::Title, overlay, Default::default()) {
            variants.push((item, Settings::default()));
        }
    }
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        for (item, settings) in &variants {
            if tier(*item) != Tier::Setting {
                continue;
            }
            let text = tr.msg_in(lang, &item.msg(settings, lang));
            let (name, value) = name_and_value(&text);
            if name.trim().is_empty() || value.trim().is_empty() {
                problems.push(format!("{}: {item:?} reads {text:?}", lang.code()));
            }
        }
    }
    assert!(problems.is_empty(), "settings that do not read 'Name: value':\n{}", problems.join("\n"));
}

#[test]
fn no_translated_button_or_status_line_overflows_at_800x600() {
    let ctx = fonts();
    let tr = Tr::default();
    let window = egui::vec2(800.0, 600.0);
    let (menu_size, menu_room) = menu_text_room(window);
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        // Menu buttons: the words fit inside the button.
        for (item, settings) in item_variants() {
            let text = tr.msg_in(lang, &item.msg(&settings, lang));
            let w = width(&ctx, &text, menu_size);
            if w > menu_room {
                problems.push(format!("{}: menu button {text:?} is {w:.0} wide, room {menu_room:.0}", lang.code()));
            }
        }
        // The HUD's buttons and its shortest score fit in one row of an 800-wide window.
        let buttons: f32 = HUD_BUTTONS
            .iter()
            .map(|k| {
                (width(&ctx, &tr.msg_in(lang, &Msg::keyed(k.to_string())), BUTTON_TEXT_SIZE) + 2.0 * BUTTON_PADDING)
                    .max(HUD_BUTTON_MIN_WIDTH)
            })
            .sum();
        let score =
            width(&ctx, &tr.msg_in(lang, &Msg::new("hud-score-short").num("n", 400).num("b", 99).num("w", 99)), 16.0);
        let row = buttons + 10.0 * HUD_BUTTONS.len() as f32 + score + 24.0;
        if row > window.x {
            problems.push(format!("{}: the HUD's row is {row:.0} wide in an 800-wide window", lang.code()));
        }
        // Status lines (drawn at 17 px when 21 px does not fit), with the longest cell and move
        // names, fit beside the thinking spinner.
        let status_room = window.x - 24.0 - 30.0;
        let cell = "t20";
        let mv = "a1-a3-a5-a7-a9-a11-a13-a15";
        let mut lines = Vec::new();
        for side in ["black", "white"] {
            for key in [
                "status-side-resigned",
                "status-side-wins",
                "status-side-thinking",
                "status-your-jump",
                "status-side-jumps",
                "refuse-enemy-stone",
                "refuse-pick-own",
                "refuse-remove-enemy",
            ] {
                lines.push(Msg::new(key).text("side", side).text("colour", side).text("own", side).text("cell", cell));
            }
        }
        for key in [
            "status-you-resigned",
            "status-computer-resigned",
            "status-moving-you",
            "status-you-lose",
            "status-computer-thinking",
            "status-your-first-removal",
            "status-black-removes",
            "status-your-second-removal",
            "status-white-removes",
            "refuse-wait",
            "refuse-cannot-jump",
            "refuse-already-empty",
            "refuse-not-centre-corner",
            "refuse-not-next-to-hole",
            "refuse-cannot-land",
            "refuse-illegal",
            "refuse-already-over",
            "refuse-nothing-to-undo",
            "refuse-nothing-to-redo",
            "hint-looking",
            "notice-copied",
        ] {
            lines.push(Msg::new(key).text("cell", cell).text("move", mv));
        }
        lines.push(Msg::new("status-you-win").sub("loser", Msg::new("player-computer")));
        lines.push(Msg::new("status-moving").sub("who", Msg::new("player-side-computer").text("side", "white")));
        lines.push(
            Msg::new("notice-played")
                .sub("who", Msg::new("player-side-computer").text("side", "white"))
                .text("move", mv),
        );
        for standing in ["hint-winning", "hint-behind", "hint-even", "hint-proven-win", "hint-proven-loss"] {
            lines.push(Msg::new("hint-good-move").text("move", mv).sub("standing", Msg::new(standing)));
        }
        for standing in ["hint-proven-win-in", "hint-proven-loss-in"] {
            lines.push(Msg::new("hint-good-move").text("move", mv).sub("standing", Msg::new(standing).num("n", 12)));
        }
        for lesson in konane::game::modes::tutorial::LESSONS {
            let part = if lesson.asks_a_move() { "task" } else { "title" };
            lines.push(Msg::new("status-lesson").num("n", 8).num("total", 8).sub("text", lesson.msg(part)));
            if lesson.asks_a_move() {
                lines.push(lesson.msg("wrong"));
            }
        }
        lines.push(Msg::new("review-after").num("k", 399).num("total", 400));
        for side in ["black", "white"] {
            for title in [
                Msg::new("puzzle-title-book").num("n", 122).num("total", 122),
                Msg::new("puzzle-title-daily"),
                Msg::new("puzzle-title-streak").num("n", 30),
            ] {
                lines.push(Msg::new("puzzle-status").sub("title", title).text("side", side).num("moves", 12));
            }
        }
        lines.push(Msg::new("puzzle-solved-status"));
        lines.push(Msg::new("puzzle-failed-status").text("played", "a1-a3-a5").text("answer", "b6-b4-b2"));
        for m in lines {
            if m.key.starts_with("lesson-") && !tr.has(Lang::En, &m.key) {
                continue;
            }
            let text = tr.msg_in(lang, &m);
            let w = width(&ctx, &text, 17.0);
            if w > status_room {
                problems.push(format!("{}: status {text:?} is {w:.0} wide, room {status_room:.0}", lang.code()));
            }
        }
    }
    assert!(problems.is_empty(), "{} too wide:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_language_is_a_setting_that_is_saved_and_read_back() {
    use konane::game::platform::settings::SettingsFile;
    let dir = std::env::temp_dir().join(format!("konane-i18n-{}", std::process::id()));
    common::remove_at_exit();
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.toml");
    std::fs::write(&path, "language = \"haw\"\n").unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert!(loaded.messages.is_empty(), "{:?}", loaded.messages);
    assert_eq!(loaded.settings.language, Lang::Haw);
    // A bad value is named and skipped; the default stays.
    std::fs::write(&path, "language = \"klingon\"\nvolume = 50\n").unwrap();
    let loaded = SettingsFile::load(&path, Settings::default());
    assert_eq!(loaded.settings.language, Lang::En);
    assert_eq!(loaded.messages.len(), 1);
    assert!(loaded.messages[0].contains("line 1") || loaded.messages[0].contains("klingon"), "{:?}", loaded.messages);
    // A first launch (no language saved) keeps the base it was given: the system's language.
    std::fs::write(&path, "volume = 50\n").unwrap();
    let base = Settings { language: Lang::from_locale("nl_NL.UTF-8").unwrap(), ..Settings::default() };
    assert_eq!(SettingsFile::load(&path, base).settings.language, Lang::Nl);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn back_and_undo_are_different_words_in_every_language() {
    for lang in [Lang::En, Lang::Haw, Lang::Nl] {
        let tr = Tr::new(lang);
        assert_ne!(tr.t("command-undo"), tr.t("command-cancel"), "{}", lang.code());
        assert_ne!(tr.t("hud-undo"), tr.t("item-back"), "{}", lang.code());
        // In the controls line, the word after Undo's key is not the word after Back's.
        let b = konane::game::platform::bindings::Bindings::default();
        let line = tr.msg(&b.prompt("controls-keys"));
        let after = |key: &str| {
            line.split(&format!("{key} ")).nth(1).map(|rest| rest.split([',', ';']).next().unwrap_or("").to_string())
        };
        assert_ne!(after("U"), after("Esc"), "{}: {line}", lang.code());
    }
}
