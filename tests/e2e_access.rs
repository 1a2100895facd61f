//! End to end with a real screen-reader client: the game in a real window under Xvfb, in a
//! D-Bus session of its own with the AT-SPI bus, read and driven by `tests/access/atspi_client.py`
//! (pyatspi, Debian's `python3-pyatspi`): it walks the tree, presses a menu item through AT-SPI,
//! moves the board's cursor with real keys and hears the cells, moves and position described.
//!
//! Where no D-Bus session or pyatspi can be had the test says so and passes, unless
//! `KONANE_REQUIRE_ATSPI` is set (CI sets it: `make test-deps` installs what it needs).

use std::path::Path;
use std::process::Command;

fn have(cmd: &str) -> bool {
    Command::new("sh").arg("-c").arg(format!("command -v {cmd}")).output().is_ok_and(|o| o.status.success())
}

fn pyatspi() -> bool {
    Command::new("/usr/bin/python3").args(["-c", "import pyatspi"]).output().is_ok_and(|o| o.status.success())
}

#[test]
fn a_screen_reader_presses_a_menu_item_reads_the_board_and_plays() {
    let missing: Vec<&str> = [
        ("dbus-run-session", have("dbus-run-session")),
        ("xvfb-run", have("xvfb-run")),
        ("xdotool", have("xdotool")),
        ("python3-pyatspi", pyatspi()),
        ("at-spi2-core", Path::new("/usr/libexec/at-spi-bus-launcher").exists()),
    ]
    .into_iter()
    .filter(|(_, ok)| !ok)
    .map(|(name, _)| name)
    .collect();
    if !missing.is_empty() {
        assert!(
            std::env::var_os("KONANE_REQUIRE_ATSPI").is_none(),
            "KONANE_REQUIRE_ATSPI is set but {} is missing (make test-deps installs it)",
            missing.join(", ")
        );
        eprintln!("skipped: no AT-SPI client here ({} missing; make test installs them)", missing.join(", "));
        return;
    }
    let work = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-access");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/access/atspi_client.py");
    // `timeout` ends the whole session (D-Bus, Xvfb, the client and the game it started)
    // should anything hang; the client ends the game itself in every other case.
    let out = Command::new("timeout")
        .args(["-k", "10", "400", "dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1280x800x24"])
        .arg("/usr/bin/python3")
        .arg(&client)
        .arg(env!("CARGO_BIN_EXE_konane"))
        .arg(&work)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .output()
        .expect("dbus-run-session starts");
    let transcript = std::fs::read_to_string(work.join("transcript.txt")).unwrap_or_default();
    let game_log = std::fs::read_to_string(work.join("game.log")).unwrap_or_default();
    assert!(
        out.status.success(),
        "the reader's session failed ({:?}).\ntranscript:\n{transcript}\nclient:\n{}\n{}\ngame:\n{game_log}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // What the reader was told, in order, as a player would hear it.
    for heard in [
        "title focus: ['Play vs computer · Medium']",
        "cell: a8, your stone, can be removed",
        "cell: b8, white stone",
        "announcement: Black removed a8",
        "announcement: Black 31 stones, White 31 stones. Black to move.",
        "announcement: Black jumped ",
        "announcement: White jumped ",
        "ok: ",
    ] {
        assert!(transcript.contains(heard), "the reader was not told {heard:?}:\n{transcript}");
    }
}
