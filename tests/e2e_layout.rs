//! The layout test: every screen in a real window under Xvfb, at 1280×800, 800×600 and
//! 600×900 and with the interface at 200 % (at 1280×800), in English, ʻŌlelo Hawaiʻi and
//! Nederlands. At each screen the game writes the interface's own rectangles of the frame
//! (`layout NAME`: menu items, toolbar buttons, the bar's words, player cards, the cards beside
//! the board, the board; see `konane::game::ui::probe`), and the test checks that nothing lies
//! outside the window, no two widgets of a layer overlap, no card or widget covers the board,
//! and the board keeps its rectangle while a lesson goes on, while a menu opens over it and
//! (where there is room beside it) when a game ends.

mod common;

use konane::game::ui::probe::{self, Kind, Probe};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The screens, in the order the script reaches them.
const SCRIPT: &str = "\
wait-idle\nwait-rendered\nlayout game-start\n\
play d5\nwait-plies 2\nwait-idle\nlayout game\n\
moves\nwait 4\nlayout move-list\nmoves\nwait 4\n\
pause\nwait 4\nlayout pause\n\
open settings\nwait 4\nlayout settings\n\
open access\nwait 4\nlayout access\n\
close-menu\nwait 4\nlayout game-again\n\
resign\nwait-over\nwait 6\nlayout game-over\n\
open after\nwait 4\nlayout game-over-more\n\
menu\nwait 6\nlayout title\n\
open more\nwait 4\nlayout new-game\n\
open setup\nwait 4\nlayout setup\n\
open load\nwait 4\nlayout load\n\
open online\nwait 4\nlayout online\n\
open puzzles\nwait 4\nlayout puzzles\n\
open stats\nwait 6\nlayout record\n\
open lessons\nwait 4\nlayout lessons\n\
press confirm\nwait-idle\nwait 6\nlayout lesson-1\n\
press confirm\nwait-idle\nwait 6\nlayout lesson-2\n\
quit\n";

/// The screens the script writes.
const SCREENS: [&str; 20] = [
    "game-start",
    "game",
    "move-list",
    "pause",
    "settings",
    "access",
    "game-again",
    "game-over",
    "game-over-more",
    "title",
    "new-game",
    "setup",
    "load",
    "online",
    "puzzles",
    "record",
    "lessons",
    "lesson-1",
    "lesson-2",
    "game-start",
];

/// Runs the script in a window of `size` (on a screen that size) in `lang`, the interface at
/// `scale`; returns the folder with the layouts.
fn run(size: &str, lang: &str, scale: f32) -> PathBuf {
    let dir = common::scratch(&format!("layout-{size}-{lang}-{scale}"));
    std::fs::write(dir.join("script.txt"), SCRIPT).unwrap();
    std::fs::write(dir.join("settings.toml"), format!("ui-scale = {scale}\n")).unwrap();
    let game = [
        env!("CARGO_BIN_EXE_konane"),
        "--script",
        &dir.join("script.txt").display().to_string(),
        "--screenshot-dir",
        &dir.display().to_string(),
        "--data-dir",
        &dir.join("data").display().to_string(),
        "--settings",
        &dir.join("settings.toml").display().to_string(),
        "--window-size",
        size,
        "--lang",
        lang,
        "--mode",
        "human-ai",
        "--level",
        "beginner",
        "--size",
        "8x8",
        "--seed",
        "1",
    ]
    .map(|a| a.to_string());
    let out = Command::new("timeout")
        .args(["300", "xvfb-run", "-a", "-s", &format!("-screen 0 {size}x24")])
        .args(&game)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .output()
        .expect("xvfb-run starts");
    let log = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{size} {lang} {scale}: the game exited with {:?}:\n{log}", out.status);
    dir
}

fn layout(dir: &Path, screen: &str) -> Vec<Probe> {
    let path = dir.join(format!("{screen}.layout"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    probe::from_text(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every problem of one run, each named by its size, language and screen.
fn check(size: &str, lang: &str, scale: f32) -> (Vec<String>, usize) {
    let dir = run(size, lang, scale);
    let mut problems = Vec::new();
    let name = format!("{size} {lang} at {:.0} %", scale * 100.0);
    for screen in &SCREENS[..SCREENS.len() - 1] {
        let probes = layout(&dir, screen);
        assert!(probes.iter().any(|p| p.kind == Kind::Widget), "{name} {screen}: no widget noted");
        problems.extend(probe::problems(&probes).into_iter().map(|p| format!("{name} {screen}: {p}")));
    }
    // The board stays where it is while a menu opens over it and closes, and from one step of
    // a lesson to the next.
    let board = |screen: &str| probe::board(&layout(&dir, screen));
    let mut same = vec![("game", "pause"), ("game", "settings"), ("game", "game-again"), ("lesson-1", "lesson-2")];
    // At the end of a game, in a window with room beside the board for its card, the final
    // position stays where and as large as it was.
    if size == "1280x800" && scale == 1.0 {
        same.extend([("game", "game-over"), ("game", "game-over-more")]);
    }
    for (a, b) in same {
        let (ra, rb) = (board(a), board(b));
        assert!(ra.is_some(), "{name} {a}: no board noted");
        if ra != rb {
            problems.push(format!("{name}: the board moved from {a} {ra:?} to {b} {rb:?}"));
        }
    }
    (problems, SCREENS.len() - 1)
}

#[test]
fn every_screen_fits_its_window_without_overlaps_at_every_size_and_in_every_language() {
    let runs = [
        ("1280x800", 1.0),
        ("800x600", 1.0),
        ("600x900", 1.0),
        // 200 % text: the interface twice as large (640x400 points of room).
        ("1280x800", 2.0),
    ];
    let mut problems = Vec::new();
    let mut screens = 0;
    for (size, scale) in runs {
        for lang in ["en", "haw", "nl"] {
            let (found, n) = check(size, lang, scale);
            problems.extend(found);
            screens += n;
        }
    }
    println!("layout test: {screens} screens (sizes x languages x screens) checked");
    assert!(problems.is_empty(), "{} layout problems:\n{}", problems.len(), problems.join("\n"));
}
