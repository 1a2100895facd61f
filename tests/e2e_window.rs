//! End to end: the real binary in a real window under Xvfb (Mesa's software Vulkan), driven
//! by a script, with assertions on the pixels of its screenshots. The screenshots are kept
//! under `target/e2e-screenshots/` as artifacts.
//!
//! Nothing here waits a fixed time: the script waits for states of the game, and the real
//! mouse (xdotool) and the game take turns through marker files — the driver acts only once
//! the game has signalled that it saw the previous step, so a busy machine only slows it down.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn shots_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-screenshots").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the game with a script under xvfb-run; panics with its output on failure.
fn run_game(name: &str, args: &[&str], script: &str, timeout: Duration) -> PathBuf {
    run_game_with(name, args, script, timeout, None)
}

/// Like [`run_game`]; `pointer` is a shell snippet run beside the game on the same display
/// (it sees the screenshot directory as `$SHOTS`), for real mouse input with xdotool.
fn run_game_with(name: &str, args: &[&str], script: &str, timeout: Duration, pointer: Option<&str>) -> PathBuf {
    // The window fills the 1280×800 screen exactly (left alone, the game would leave room
    // for panels), so pixel positions below are the window's.
    let mut args = args.to_vec();
    if !args.contains(&"--window-size") {
        args.extend(["--window-size", "1280x800"]);
    }
    run_game_on("1280x800", name, &args, script, timeout, pointer)
}

/// Like [`run_game_with`], on a virtual screen of `screen` pixels (the window must fit on it).
fn run_game_on(
    screen: &str,
    name: &str,
    args: &[&str],
    script: &str,
    timeout: Duration,
    pointer: Option<&str>,
) -> PathBuf {
    let (dir, out, log, took) = run_game_raw(screen, name, args, script, timeout, pointer);
    assert!(out.status.success(), "game exited with {:?} after {took:?}:\n{log}", out.status);
    dir
}

/// Runs the game as [`run_game_on`] does; its screenshot folder, output, log and run time,
/// whatever its exit status.
fn run_game_raw(
    screen: &str,
    name: &str,
    args: &[&str],
    script: &str,
    timeout: Duration,
    pointer: Option<&str>,
) -> (PathBuf, std::process::Output, String, Duration) {
    let dir = shots_dir(name);
    let script_path = dir.join("script.txt");
    std::fs::write(&script_path, script).unwrap();
    let which = Command::new("sh").arg("-c").arg("command -v xvfb-run").output().unwrap();
    assert!(which.status.success(), "xvfb-run is missing: run `make test`, which installs xvfb");
    let mut game = vec![env!("CARGO_BIN_EXE_konane").to_string(), "--script".into(), script_path.display().to_string()];
    game.extend(["--screenshot-dir".to_string(), dir.display().to_string()]);
    game.extend(args.iter().map(|a| a.to_string()));
    let quoted: Vec<String> = game.iter().map(|a| format!("'{a}'")).collect();
    let shell = match pointer {
        None => format!("exec {}", quoted.join(" ")),
        Some(p) => format!("{} & GAME=$!\n{POINTER_PRELUDE}\n{p}\nwait $GAME", quoted.join(" ")),
    };
    let mut cmd = Command::new("timeout");
    cmd.arg(timeout.as_secs().to_string())
        .args(["xvfb-run", "-a", "-s", &format!("-screen 0 {screen}x24"), "sh", "-c", &shell])
        .env("SHOTS", &dir)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir());
    let start = Instant::now();
    let out = cmd.output().expect("xvfb-run starts");
    let log = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    std::fs::write(dir.join("log.txt"), &log).unwrap();
    (dir, out, log, start.elapsed())
}

/// Shell helpers for the pointer driver: `wf NAME` waits until the game creates NAME in the
/// screenshot directory (and gives up if the game has exited).
const POINTER_PRELUDE: &str = r#"
wf() { while [ ! -e "$SHOTS/$1" ]; do kill -0 $GAME 2>/dev/null || exit 1; sleep 0.05; done; }
"#;

#[derive(Clone)]
struct Shot {
    w: usize,
    h: usize,
    rgb: Vec<[u8; 3]>,
}

fn load(path: &Path) -> Shot {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    let rgb = buf[..info.buffer_size()].chunks(ch).map(|p| [p[0], p[1], p[2]]).collect();
    Shot { w: info.width as usize, h: info.height as usize, rgb }
}

/// Pixel classes inside a rectangle given as fractions of the image.
#[derive(Debug, Default)]
struct Counts {
    coral: usize,
    basalt: usize,
    slab: usize,
    total: usize,
}

fn count(s: &Shot, x0: f32, y0: f32, x1: f32, y1: f32) -> Counts {
    let mut c = Counts::default();
    for y in (y0 * s.h as f32) as usize..(y1 * s.h as f32) as usize {
        for x in (x0 * s.w as f32) as usize..(x1 * s.w as f32) as usize {
            let [r, g, b] = s.rgb[y * s.w + x];
            let (r, g, b) = (r as i32, g as i32, b as i32);
            c.total += 1;
            if r > 215 && g > 205 && b > 180 {
                c.coral += 1;
            } else if r < 34 && g < 34 && b < 38 && (r - b).abs() < 12 {
                c.basalt += 1;
            } else if (60..=150).contains(&r) && (r - b) > 2 && (r - b) < 40 {
                c.slab += 1;
            }
        }
    }
    c
}

/// The 8×8 board at 1280×800 fills the middle: x 23%–77%, y 9%–95%.
fn board(s: &Shot) -> Counts {
    count(s, 0.25, 0.10, 0.75, 0.93)
}

/// On 8×8 at 1280×800, below the 86 px bar and 10 px of air and above a 36 px margin, a
/// cell is 668/9 px and the board's centre is at (640, 430).
const CELL_PX: f32 = 668.0 / 9.0;
const CENTRE_Y: f32 = 430.0;

/// The screen centre of a cell of the 8×8 board, by its name (`d3`).
fn cell_centre(name: &str) -> (f32, f32) {
    let col = (name.as_bytes()[0] - b'a') as f32;
    let row = 8.0 - name[1..].parse::<f32>().unwrap();
    (640.0 + (col - 3.5) * CELL_PX, CENTRE_Y + (row - 3.5) * CELL_PX)
}

/// Pixel classes within the inner 80 % of a cell of the 8×8 board.
fn cell(s: &Shot, name: &str) -> Counts {
    let (x, y) = cell_centre(name);
    let h = CELL_PX * 0.4;
    count(s, (x - h) / 1280.0, (y - h) / 800.0, (x + h) / 1280.0, (y + h) / 800.0)
}

fn has_stone(c: &Counts) -> bool {
    c.coral + c.basalt > 1000
}

#[test]
fn real_window_plays_moves_captures_and_ends_games() {
    // Part 1: scripted human-vs-human moves on 8×8, with a screenshot during a hop (the game
    // clock is paused while a third of the way through it).
    let dir = run_game(
        "8x8-moves",
        &["--mode", "human-human", "--size", "8x8", "--anim-speed", "0.5"],
        "wait-idle\nwait-rendered\nscreenshot opening\nclick d5\nwait-plies 1\nwait-idle\nplay e5\nwait-plies 2\nwait-idle\n\
         play d3-d5\nfreeze-hop 0.35\nwait 3\nscreenshot moving\nunfreeze\nwait-idle\nplay f4-d4\nwait-plies 4\nwait-idle\n\
         wait 3\nscreenshot after\nmenu\nwait 20\nwait-rendered\nscreenshot title\nquit\n",
        Duration::from_secs(600),
    );
    let opening = load(&dir.join("opening.png"));
    assert_eq!((opening.w, opening.h), (1280, 800));
    let o = board(&opening);
    let moving = load(&dir.join("moving.png"));
    let after = load(&dir.join("after.png"));
    // Board and both kinds of stones are where the board should be; the margins are not board.
    assert!(o.slab > o.total / 10, "no slab pixels on the board: {o:?}");
    assert!(o.coral > o.total / 20 && o.basalt > o.total / 40, "stones missing: {o:?}");
    // (Left of Black's tray, whose carved dish starts at about a tenth of the width.)
    let margin = count(&opening, 0.0, 0.12, 0.09, 0.95);
    assert!(
        margin.coral + margin.basalt + margin.slab < margin.total / 50,
        "board drawn outside its place: {margin:?}"
    );
    // Every cell starts with a stone of its colour: d3 and e4 basalt, d4 and f4 coral.
    for (name, basalt) in [("d3", true), ("e4", true), ("d4", false), ("f4", false), ("d5", true)] {
        let c = cell(&opening, name);
        assert!(if basalt { c.basalt > 1000 } else { c.coral > 1000 }, "{name} at the start: {c:?}");
    }
    // Mid-hop, the d3 stone is on its way over d4: basalt drawn over the coral stone there.
    let mid = cell(&moving, "d4");
    assert!(mid.basalt > cell(&opening, "d4").basalt + 300, "no stone in flight over d4: {mid:?}");
    // After d3-d5 (capturing d4) and f4-d4 (capturing e4): d3, e4 and f4 are empty, the
    // jumpers stand on d5 and d4.
    for name in ["d3", "e4", "f4"] {
        assert!(!has_stone(&cell(&after, name)), "{name} should be empty: {:?}", cell(&after, name));
    }
    assert!(cell(&after, "d5").basalt > 1000, "Black's jumper is not on d5: {:?}", cell(&after, "d5"));
    assert!(cell(&after, "d4").coral > 1000, "White's jumper is not on d4: {:?}", cell(&after, "d4"));
    // Back on the title screen the game's board is gone: the menu's dark card stands at the
    // left, where the game's board had its left half, and the title's own board, on its rock
    // by the sea, at the right.
    let title_shot = load(&dir.join("title.png"));
    // Under the card's amber Play: New game, the tiles and the links on the dark card.
    let card = count(&title_shot, 0.05, 0.55, 0.40, 0.7);
    // (A board's coral stones fill about a quarter of it; the menu's light text, a little.)
    assert!(card.coral < card.total / 20, "the game's stones are still drawn on the title screen: {card:?}");
    assert!(brightness(&title_shot, 0.05, 0.55, 0.40, 0.7) < 70.0, "no menu card at the left of the title");
    let art = count(&title_shot, 0.5, 0.15, 0.95, 0.85);
    assert!(art.coral > art.total / 20 && art.slab > art.total / 10, "no board beside the title's card: {art:?}");
    // Captured stones sit in the trays beside the board: Black's holds coral, White's basalt.
    let black_tray = count(&after, 0.12, 0.08, 0.23, 0.5);
    assert!(black_tray.coral > 100, "Black's tray has no captured coral stone: {black_tray:?}");
    let white_tray = count(&after, 0.77, 0.08, 0.88, 0.5);
    assert!(white_tray.basalt > 100, "White's tray has no captured basalt stone: {white_tray:?}");

    // Part 2: real mouse input through bevy_picking: a click removes d5; a stone dragged to
    // f2 follows the pointer and goes back when let go there; a drag to d5 plays d3-d5.
    let (d5, d3, f2) = (cell_centre("d5"), cell_centre("d3"), cell_centre("f2"));
    let pointer = format!(
        r#"
wf ready
xdotool mousemove {d5x} {d5y}
wf hover-d5
xdotool click 1
wf removed.png
xdotool mousemove {d3x} {d3y}
wf hover-d3
xdotool mousedown 1
wf down
xdotool mousemove 700 570
xdotool mousemove {f2x} {f2y}
wf held-shot.png
xdotool mouseup 1
wf let-go.png
xdotool mousemove {d3x} {d3y}
wf hover-d3-again
xdotool mousedown 1
wf down-again
xdotool mousemove {d3x} 480
xdotool mousemove {d3x} 420
xdotool mousemove {d5x} {d5y}
wf over-d5
xdotool mouseup 1
"#,
        d5x = d5.0 as i32,
        d5y = d5.1 as i32,
        d3x = d3.0 as i32,
        d3y = d3.1 as i32,
        f2x = f2.0 as i32,
        f2y = f2.1 as i32,
    );
    let dir = run_game_with(
        "8x8-mouse",
        &["--mode", "human-human", "--size", "8x8", "--anim-speed", "0"],
        "wait-idle\nwait-rendered\nsignal ready\nwait-hover d5\nsignal hover-d5\nwait-plies 1\nplay e5\nwait-plies 2\nwait-idle\nwait 3\n\
         screenshot removed\nwait-hover d3\nsignal hover-d3\nwait-mouse-down\nsignal down\nwait-held f2\nwait 3\n\
         screenshot held-shot\nwait-mouse-up\nwait-not-held\nwait-idle\nwait 3\nscreenshot let-go\nwait-hover d3\n\
         signal hover-d3-again\nwait-mouse-down\nsignal down-again\nwait-held d5\nsignal over-d5\nwait-plies 3\n\
         wait-idle\nwait 3\nscreenshot dragged\nquit\n",
        Duration::from_secs(600),
        Some(&pointer),
    );
    let (removed, held, let_go, dragged) = (
        load(&dir.join("removed.png")),
        load(&dir.join("held-shot.png")),
        load(&dir.join("let-go.png")),
        load(&dir.join("dragged.png")),
    );
    // The click removed d5 (and the script e5).
    assert!(!has_stone(&cell(&removed, "d5")), "d5 was not removed by the click: {:?}", cell(&removed, "d5"));
    assert!(cell(&removed, "d3").basalt > 1000, "d3 should hold a basalt stone: {:?}", cell(&removed, "d3"));
    // While held, the picked-up d3 stone leaves its cup and is drawn over f2 (a coral stone)
    // under the pointer; let go over a cell it cannot reach, it goes back to d3.
    assert!(
        cell(&held, "d3").basalt < cell(&removed, "d3").basalt / 4,
        "held stone still in its cup: {:?}",
        cell(&held, "d3")
    );
    assert!(
        cell(&held, "f2").basalt > cell(&removed, "f2").basalt + 1000,
        "held stone not under the pointer: {:?}",
        cell(&held, "f2")
    );
    assert!(
        cell(&let_go, "d3").basalt > cell(&removed, "d3").basalt * 3 / 4,
        "stone not back in d3: {:?}",
        cell(&let_go, "d3")
    );
    assert!(
        cell(&let_go, "f2").basalt < cell(&removed, "f2").basalt + 300,
        "stone left over f2: {:?}",
        cell(&let_go, "f2")
    );
    // The real drag played d3-d5: d3 empty, the jumper on d5, the captured d4 gone.
    assert!(!has_stone(&cell(&dragged, "d3")), "d3 not empty after the drag: {:?}", cell(&dragged, "d3"));
    assert!(!has_stone(&cell(&dragged, "d4")), "d4 not captured: {:?}", cell(&dragged, "d4"));
    assert!(cell(&dragged, "d5").basalt > 1000, "no stone on d5 after the drag: {:?}", cell(&dragged, "d5"));

    // Part 3: a whole AI-vs-AI game to its end.
    let dir = run_game(
        "8x8-game-over",
        &["--mode", "ai-ai", "--level", "beginner", "--size", "8x8", "--anim-speed", "4"],
        "wait-over\nwait-rendered\nscreenshot game-over-panel\nclose-menu\nwait 10\nscreenshot game-over\nquit\n",
        Duration::from_secs(900),
    );
    let over = board(&load(&dir.join("game-over.png")));
    assert!(
        over.coral + over.basalt < (o.coral + o.basalt) / 2,
        "a finished game should have far fewer stones: {over:?}"
    );

    // Part 5: the game is saved after every move: after `kill -9`, --continue restores the
    // position, the history (undo works) and the players.
    let data = shots_dir("8x8-kill-data");
    let data_arg = data.display().to_string();
    let killed = run_game_with(
        "8x8-killed",
        &["--mode", "human-human", "--size", "8x8", "--anim-speed", "0", "--data-dir", &data_arg],
        "wait-idle\nplay d5\nwait-plies 1\nplay e5\nwait-plies 2\nplay d3-d5\nwait-plies 3\nwait-idle\nwait 2\n\
         dump before\nsignal played\nwait-file never\n",
        Duration::from_secs(300),
        Some("wf played\nkill -9 $GAME\nwait $GAME\nexit 0\n"),
    );
    let before = std::fs::read_to_string(killed.join("before")).unwrap();
    assert!(before.contains("ply 3\nmoves d5 e5 d3-d5"), "{before}");
    let resumed = run_game(
        "8x8-resumed",
        &["--continue", "--data-dir", &data_arg],
        "wait-idle\nwait-rendered\ndump resumed\nscreenshot resumed\nundo\nwait-idle\ndump undone\nquit\n",
        Duration::from_secs(300),
    );
    let after = std::fs::read_to_string(resumed.join("resumed")).unwrap();
    assert_eq!(after, before, "the continued game is not the killed one");
    let undone = std::fs::read_to_string(resumed.join("undone")).unwrap();
    assert!(undone.contains("ply 2\nmoves d5 e5\n"), "undo after continuing: {undone}");
    let shot = load(&resumed.join("resumed.png"));
    assert!(!has_stone(&cell(&shot, "d3")) && cell(&shot, "d5").basalt > 1000, "the board is not the saved one");

    // Part 4: a large rectangular board fits the window, and plays on it show.
    let dir = run_game(
        "13x20",
        &["--mode", "human-human", "--size", "13x20", "--anim-speed", "4"],
        "wait-idle\nwait-rendered\nscreenshot opening\nplay a13\nwait-plies 1\nplay b13\nwait-plies 2\n\
         play a11-a13\nwait-plies 3\nwait-idle\nwait 3\nscreenshot after-6\nquit\n",
        Duration::from_secs(600),
    );
    let big = load(&dir.join("opening.png"));
    let whole = count(&big, 0.1, 0.1, 0.9, 0.95);
    assert!(whole.coral > 1000 && whole.basalt > 1000 && whole.slab > 1000, "13x20 board not drawn: {whole:?}");
    let big_after = count(&load(&dir.join("after-6.png")), 0.1, 0.1, 0.9, 0.95);
    assert!(big_after.coral + big_after.basalt < whole.coral + whole.basalt);
}

/// Mean brightness (0–255) of a rectangle given as fractions of the image.
fn brightness(s: &Shot, x0: f32, y0: f32, x1: f32, y1: f32) -> f32 {
    let (mut sum, mut n) = (0u64, 0u64);
    for y in (y0 * s.h as f32) as usize..(y1 * s.h as f32) as usize {
        for x in (x0 * s.w as f32) as usize..(x1 * s.w as f32) as usize {
            let [r, g, b] = s.rgb[y * s.w + x];
            sum += (r as u64 + g as u64 + b as u64) / 3;
            n += 1;
        }
    }
    sum as f32 / n.max(1) as f32
}

/// Pixels of the warning colour (refusals) in a rectangle.
fn warning_pixels(s: &Shot, x0: f32, y0: f32, x1: f32, y1: f32) -> usize {
    let mut n = 0;
    for y in (y0 * s.h as f32) as usize..(y1 * s.h as f32) as usize {
        for x in (x0 * s.w as f32) as usize..(x1 * s.w as f32) as usize {
            let [r, g, b] = s.rgb[y * s.w + x];
            if r > 200 && (110..=170).contains(&g) && (80..=140).contains(&b) {
                n += 1;
            }
        }
    }
    n
}

/// Every screen a player meets — the HUD on their turn, after a refused move and while the
/// computer thinks, the move list in review, pause, settings, game over (after resigning),
/// the title, the custom setup and the saved games — at 1280×800, 800×600 and 600×900. The
/// screenshots stay under `target/e2e-screenshots/screens-*` for people to look at.
#[test]
fn every_screen_at_three_window_sizes() {
    const TOUR: &str = "wait-idle\nwait-rendered\nscreenshot 01-hud-your-turn\nclick a2\nwait 3\nscreenshot 02-hud-refused\n\
        play d5\nwait-thinking\nscreenshot 03-hud-thinking\nwait-idle\nplay d7-d5|b5-d5|f5-d5|d3-d5\nwait-plies 3\nwait-idle\nmoves\nreview 2\n\
        wait 3\nscreenshot 04-move-list-review\nreview off\nmoves\nopen pause\nwait 15\nscreenshot 05-pause\nclose-menu\nsave\n\
        open settings\nwait 15\nscreenshot 06-settings\nclose-menu\nresign\nwait-over\nwait 15\nscreenshot 07-game-over\n\
        dump final\nmenu\nwait 5\nwait-rendered\nscreenshot 08-title\nopen setup\nwait 15\nscreenshot 09-setup\nopen load\n\
        wait 15\nscreenshot 10-load\nquit\n";
    for (w, h) in [(1280usize, 800usize), (800, 600), (600, 900)] {
        let size = format!("{w}x{h}");
        let data = shots_dir(&format!("screens-{size}-data"));
        let data_arg = data.display().to_string();
        let dir = run_game_on(
            "1400x1000",
            &format!("screens-{size}"),
            &[
                "--mode",
                "human-ai",
                "--level",
                "expert",
                "--size",
                "8x8",
                "--window-size",
                &size,
                "--data-dir",
                &data_arg,
            ],
            TOUR,
            Duration::from_secs(900),
            None,
        );
        let shot = |name: &str| {
            let s = load(&dir.join(format!("{name}.png")));
            assert_eq!((s.w, s.h), (w, h), "{size} {name}: the window is not the size asked for");
            s
        };
        let turn = shot("01-hud-your-turn");
        let refused = shot("02-hud-refused");
        let thinking = shot("03-hud-thinking");
        let review = shot("04-move-list-review");
        let pause = shot("05-pause");
        let settings = shot("06-settings");
        let over = shot("07-game-over");
        let title = shot("08-title");
        let setup = shot("09-setup");
        let load_screen = shot("10-load");
        // The HUD (the top 104 px) says why a move was refused in the warning colour; not before.
        let hud = |s: &Shot| warning_pixels(s, 0.0, 0.0, 1.0, 104.0 / h as f32);
        assert!(
            hud(&turn) < 20 && hud(&refused) > 100,
            "{size}: refusal not shown: {} / {}",
            hud(&turn),
            hud(&refused)
        );
        // The board is drawn in every game screen.
        for (name, s) in [("turn", &turn), ("thinking", &thinking), ("review", &review)] {
            let b = count(s, 0.0, 110.0 / h as f32, 1.0, 1.0);
            assert!(b.slab > b.total / 20 && b.coral > 1000 && b.basalt > 1000, "{size} {name}: no board: {b:?}");
        }
        // The move list is a panel beside the board, or below it in a tall window.
        let strip = if h > w { (0.0, 0.86, 1.0, 1.0) } else { (0.86, 0.2, 1.0, 1.0) };
        let panel = count(&review, strip.0, strip.1, strip.2, strip.3);
        assert!(
            panel.slab + panel.coral < panel.total / 20,
            "{size}: the move list does not cover its strip: {panel:?}"
        );
        // Menus over the game dim it.
        let below_hud = 110.0 / h as f32;
        let lit = brightness(&turn, 0.0, below_hud, 1.0, 1.0);
        // The end of a game is a card beside the board (below it in a tall window): the final
        // position stays in view, neither covered nor dimmed.
        let board_side = if h > w { (0.0, below_hud, 1.0, 0.5) } else { (0.0, below_hud, 0.6, 1.0) };
        let seen = count(&over, board_side.0, board_side.1, board_side.2, board_side.3);
        let board = seen.coral + seen.basalt + seen.slab;
        assert!(board > seen.total / 4, "{size} game over: the board is hidden or dimmed: {seen:?}");
        for (name, s) in [("pause", &pause), ("settings", &settings)] {
            let dim = brightness(s, 0.0, below_hud, 1.0, 1.0);
            assert!(dim < lit * 0.85, "{size} {name}: the menu does not dim the board ({dim} vs {lit})");
        }
        // The title shows its board art around the menu card; the screens over it dim it.
        let t = count(&title, 0.0, 0.0, 1.0, 1.0);
        assert!(t.slab > t.total / 50, "{size}: no board art on the title: {t:?}");
        let title_light = brightness(&title, 0.0, 0.0, 1.0, 1.0);
        for (name, s) in [("setup", &setup), ("load", &load_screen)] {
            assert!(brightness(s, 0.0, 0.0, 1.0, 1.0) != title_light, "{size} {name}: nothing opened over the title");
        }
        // The game that was resigned is the one saved; its file reads back.
        let saves: Vec<_> = std::fs::read_dir(data.join("saves")).unwrap().flatten().collect();
        assert_eq!(saves.len(), 1, "{size}: one saved game");
        let saved = konane::game::modes::saves::SavedGame::load(&saves[0].path()).unwrap();
        assert_eq!(saved.game.ply(), 4, "{size}: the saved game is not the one played");
        let final_dump = std::fs::read_to_string(dir.join("final")).unwrap();
        assert!(final_dump.contains("ply 4"), "{size}: {final_dump}");
    }
}

/// The window opens at a size that fits the screen, whatever its shape (the game's default
/// 1280×800 would not fit on these), and the title menu fits in it without scrolling.
#[test]
fn the_window_fits_small_and_tall_screens_and_the_title_fits_the_window() {
    // A 1280x800 laptop screen gets a 1228x720 window (room for panels): the title fits it too.
    for (screen, expected) in [("800x600", (768, 540)), ("600x900", (576, 800)), ("1280x800", (1228, 720))] {
        let name = format!("fit-{screen}");
        let script = "menu\nwait 5\nwait-rendered\nexpect-menu-fits\nscreenshot title\nquit\n";
        let dir = run_game_on(screen, &name, &[], script, Duration::from_secs(300), None);
        let shot = load(&dir.join("title.png"));
        assert_eq!((shot.w, shot.h), expected, "the window on a {screen} screen");
    }
}

/// No text is ever drawn with letters missing: the first frame that shows new words (here,
/// the settings in Hawaiian, with letters such as ʻ and ā the English words never used) is
/// the same as the frames after it.
#[test]
fn new_words_are_drawn_whole_in_their_first_frame() {
    let script = "wait 5\nwait-rendered\nopen settings\nwait 10\nwait-rendered\npress right\nscreenshot first\n\
                  screenshot second\nwait 20\nwait-rendered\nscreenshot later\nquit\n";
    let dir =
        run_game("first-frame", &["--mode", "human-human", "--anim-speed", "0"], script, Duration::from_secs(300));
    let later = load(&dir.join("later.png"));
    for name in ["first", "second"] {
        let shot = load(&dir.join(format!("{name}.png")));
        assert_eq!((shot.w, shot.h), (later.w, later.h));
        // The settings panel in the middle of the window.
        let (x0, x1, y0, y1) = (later.w / 4, later.w * 3 / 4, later.h / 8, later.h * 7 / 8);
        let mut differ = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                let (a, b) = (shot.rgb[y * shot.w + x], later.rgb[y * later.w + x]);
                if (0..3).any(|c| (a[c] as i32 - b[c] as i32).abs() > 48) {
                    differ += 1;
                }
            }
        }
        assert!(differ < 50, "the {name} frame of the new words differs from later ones in {differ} pixels");
    }
}

/// Leaving the tutorial for the title never shows an empty frame: the first frame of the
/// title already shows it (dimmed at most), even on a slow frame.
#[test]
fn the_first_frame_after_finishing_the_tutorial_shows_the_title() {
    // The lesson list: up from lesson 1 to Back, How to play, then lesson 8, whose Finish
    // goes back to the title.
    let script = "menu\nwait 5\nwait-rendered\nopen lessons\nwait 5\npress up\npress up\npress up\npress confirm\n\
                  wait 10\nwait-rendered\nscreenshot lesson\npress confirm\nscreenshot first\nwait 40\nwait-rendered\n\
                  screenshot settled\nquit\n";
    let dir = run_game("tutorial-to-title", &[], script, Duration::from_secs(300));
    let first = brightness(&load(&dir.join("first.png")), 0.0, 0.0, 1.0, 1.0);
    let settled = brightness(&load(&dir.join("settled.png")), 0.0, 0.0, 1.0, 1.0);
    assert!(first > settled * 0.35, "the first title frame is dark: {first:.1} against {settled:.1} once settled");
}

/// The window manager's view of the window: the game's icon at every size put on the window,
/// the name in UTF-8 where UTF-8 is declared and in plain Latin-1 where Latin-1 is (older
/// tools read `WM_NAME` as Latin-1), and the class the desktop entry matches.
#[test]
fn the_window_carries_the_game_s_icon_and_a_title_every_property_holds_properly() {
    let pointer = r#"
wf shown
id=$(xdotool search --class '^konane$' | head -n 1)
[ -n "$id" ] || { echo "no window of class konane"; exit 1; }
until xprop -id "$id" _NET_WM_ICON | grep -q 'Icon (128 x 128)'; do
    kill -0 $GAME 2>/dev/null || exit 1
    sleep 0.1
done
xprop -id "$id" WM_NAME _NET_WM_NAME WM_CLASS WM_ICON_NAME > "$SHOTS/props.txt"
xprop -id "$id" _NET_WM_ICON | grep -o 'Icon ([0-9]* x [0-9]*)' >> "$SHOTS/props.txt"
touch "$SHOTS/read"
"#;
    let dir = run_game_with(
        "window-properties",
        &["--lang", "en"],
        "wait-rendered\nsignal shown\nwait-file read\nquit\n",
        Duration::from_secs(300),
        Some(pointer),
    );
    let props = std::fs::read_to_string(dir.join("props.txt")).unwrap();
    for line in [
        r#"WM_NAME(STRING) = "Konane""#,
        r#"_NET_WM_NAME(UTF8_STRING) = "Kōnane""#,
        r#"WM_CLASS(STRING) = "konane", "konane""#,
        r#"WM_ICON_NAME(STRING) = "Konane""#,
        "Icon (16 x 16)",
        "Icon (32 x 32)",
        "Icon (48 x 48)",
        "Icon (64 x 64)",
        "Icon (128 x 128)",
    ] {
        assert!(props.lines().any(|l| l == line), "missing {line:?} in:\n{props}");
    }
}

/// WCAG's relative luminance of an sRGB pixel.
fn luminance([r, g, b]: [u8; 3]) -> f32 {
    let lin = |c: u8| {
        let c = c as f32 / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG's contrast ratio of two pixels (1 to 21).
fn contrast(a: [u8; 3], b: [u8; 3]) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// How a pixel looks to a person with a colour-vision deficiency (Machado, Oliveira and
/// Fernandes 2009, full severity, applied to linear RGB), or in greys.
#[derive(Clone, Copy, Debug)]
enum Vision {
    Protanopia,
    Deuteranopia,
    Tritanopia,
    Greyscale,
}

impl Vision {
    const ALL: [Vision; 4] = [Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia, Vision::Greyscale];

    fn see(self, [r, g, b]: [u8; 3]) -> [u8; 3] {
        let lin = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        let enc = |c: f32| {
            let c = c.clamp(0.0, 1.0);
            let s = if c <= 0.003_130_8 { c * 12.92 } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 };
            (s * 255.0).round() as u8
        };
        let v = [lin(r), lin(g), lin(b)];
        let m: [[f32; 3]; 3] = match self {
            Vision::Protanopia => [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            Vision::Deuteranopia => [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            Vision::Tritanopia => [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
            Vision::Greyscale => [[0.2126, 0.7152, 0.0722]; 3],
        };
        let row = |i: usize| m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
        [enc(row(0)), enc(row(1)), enc(row(2))]
    }

    fn apply(self, s: &Shot) -> Shot {
        Shot { w: s.w, h: s.h, rgb: s.rgb.iter().map(|p| self.see(*p)).collect() }
    }
}

fn save(s: &Shot, path: &Path) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut enc = png::Encoder::new(file, s.w as u32, s.h as u32);
    enc.set_color(png::ColorType::Rgb);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&s.rgb.iter().flatten().copied().collect::<Vec<u8>>()).unwrap();
}

fn px(s: &Shot, x: f32, y: f32) -> [u8; 3] {
    s.rgb[(y as usize).min(s.h - 1) * s.w + (x as usize).min(s.w - 1)]
}

/// The 8×8 board's cells at 1280×800 (marks are a few pixels wide): a8's centre is at
/// (380.2, 170.2), h1's at (899.8, 689.8) — the layout's cell and centre, see [`CELL_PX`].
const MARK_CELL_PX: f32 = CELL_PX;

/// The centre of a cell of the 8×8 board at 1280×800, to the pixel.
fn mark_centre(name: &str) -> (f32, f32) {
    let col = (name.as_bytes()[0] - b'a') as f32;
    let row = 8.0 - name[1..].parse::<f32>().unwrap();
    let (a8x, a8y) = (640.0 - 3.5 * MARK_CELL_PX, CENTRE_Y - 3.5 * MARK_CELL_PX);
    (a8x + col * MARK_CELL_PX, a8y + row * MARK_CELL_PX)
}

/// How well what is drawn on `cell` stands out from what the same places of `plain` (a cell
/// of the same kind without it) show: the median contrast over `at` (offsets in cells).
fn stands_out(s: &Shot, cell: &str, plain: &str, at: &[(f32, f32)]) -> f32 {
    let ((x, y), (px0, py0)) = (mark_centre(cell), mark_centre(plain));
    let (x, y, px0, py0) = (x + 0.5, y + 0.5, px0 + 0.5, py0 + 0.5);
    let mut ratios: Vec<f32> = at
        .iter()
        .map(|(dx, dy)| {
            contrast(px(s, x + dx * CELL_PX, y + dy * CELL_PX), px(s, px0 + dx * CELL_PX, py0 + dy * CELL_PX))
        })
        .collect();
    ratios.sort_by(f32::total_cmp);
    ratios[ratios.len() / 2]
}

/// Points round a circle of radius `r` (cells).
fn circle(r: f32) -> Vec<(f32, f32)> {
    (0..32).map(|k| (k as f32 / 32.0 * std::f32::consts::TAU).sin_cos()).map(|(s, c)| (c * r, s * r)).collect()
}

/// Points along the four sides of a square of half-side `h` (cells).
fn square(h: f32) -> Vec<(f32, f32)> {
    let t = [-0.4, -0.2, 0.0, 0.2, 0.4];
    t.iter().flat_map(|t| [(-h, *t), (h, *t), (*t, -h), (*t, h)]).collect()
}

/// Points along the bars of a cross of half-length `l` (cells).
fn cross_bars(l: f32) -> Vec<(f32, f32)> {
    (1..=4).map(|k| k as f32 / 4.0 * l).flat_map(|d| [(d, d), (-d, d), (d, -d), (-d, -d)]).collect()
}

/// The colour most pixels of a rectangle have (the background of a line of text).
fn commonest(s: &Shot, x0: usize, y0: usize, x1: usize, y1: usize) -> [u8; 3] {
    let mut counts = std::collections::HashMap::new();
    for y in y0..y1 {
        for x in x0..x1 {
            *counts.entry(s.rgb[y * s.w + x]).or_insert(0) += 1;
        }
    }
    counts.into_iter().max_by_key(|(_, n)| *n).unwrap().0
}

/// The high-contrast theme, measured from the real window: stones against the slab, each mark
/// against the cup or slab behind it, and the status line against the bar, at WCAG AA (3:1
/// for stones and marks, 4.5:1 for text); then the same marks again as people with each kind
/// of colour blindness (and in greys) see them, in both the high-contrast and the default
/// theme. Every mark has its own shape, so it is told apart by shape once it is seen.
#[test]
fn high_contrast_meets_wcag_aa_and_every_mark_shows_to_colour_blind_eyes() {
    // The cursor comes into view on a stone that can move; up and left to the corner, a8.
    let corner = "press up\npress left\n".repeat(8);
    let script = &format!(
        "wait-idle\nwait-rendered\nplay d5\nwait-plies 1\nplay e5\nwait-plies 2\nplay d7-d5\nwait-plies 3\n\
        wait-idle\nclick c5\nwait-selected c5\npress right\n{corner}wait 3\nwait-rendered\nscreenshot marks\n\
        click d1\nwait 3\nwait-rendered\nscreenshot refused\nquit\n"
    );
    for theme in ["contrast", "lava"] {
        let dir = run_game(
            &format!("vision-{theme}"),
            &["--lang", "en", "--mode", "human-human", "--size", "8x8", "--anim-speed", "0", "--theme", theme],
            script,
            Duration::from_secs(300),
        );
        let (marks, refused) = (load(&dir.join("marks.png")), load(&dir.join("refused.png")));
        let mut report = Vec::new();
        for (vision, shot, refusal) in std::iter::once((None, marks.clone(), refused.clone()))
            .chain(Vision::ALL.iter().map(|v| (Some(*v), v.apply(&marks), v.apply(&refused))))
        {
            if let Some(v) = vision {
                save(&shot, &dir.join(format!("marks-{v:?}.png").to_lowercase()));
            }
            // A stone's edge against the slab just beside its cup.
            let stone = |cell: &str| {
                let (x, y) = cell_centre(cell);
                let slab = px(&shot, x + CELL_PX * 0.5, y);
                let mut r: Vec<f32> = circle(0.39)
                    .iter()
                    .map(|(dx, dy)| contrast(px(&shot, x + dx * CELL_PX, y + dy * CELL_PX), slab))
                    .collect();
                r.sort_by(f32::total_cmp);
                r[r.len() / 2]
            };
            let checks = [
                ("white stone h2", stone("h2")),
                ("black stone h1", stone("h1")),
                ("selected ring c5", stands_out(&shot, "c5", "a5", &circle(0.44))),
                ("landing dot e5", stands_out(&shot, "e5", "d7", &circle(0.08))),
                (
                    "last-move corners d5",
                    stands_out(
                        &shot,
                        "d5",
                        "f5",
                        &[
                            (0.44, 0.44),
                            (-0.44, 0.44),
                            (0.44, -0.44),
                            (-0.44, -0.44),
                            (0.44, 0.36),
                            (-0.36, 0.44),
                            (0.36, -0.44),
                            (-0.44, -0.36),
                        ],
                    ),
                ),
                ("captured cross d6", stands_out(&shot, "d6", "d7", &cross_bars(0.1))),
                ("cursor frame a8", stands_out(&shot, "a8", "c8", &square(0.475))),
                ("refused cross d1", stands_out(&refusal, "d1", "f1", &cross_bars(0.25))),
            ];
            let bar = commonest(&shot, 12, 50, 400, 80);
            // The status line's letters: the pixel of the line that stands out most.
            let text = (12..400)
                .flat_map(|x| (52..78).map(move |y| (x, y)))
                .map(|(x, y)| contrast(shot.rgb[y * shot.w + x], bar))
                .fold(1.0, f32::max);
            for (what, ratio) in checks.iter().chain([("status text", text)].iter()) {
                report.push(format!("{theme} {vision:?} {what}: {ratio:.2}"));
            }
            // Full AA in high contrast as everyone sees it; every mark still shows (at least
            // the 3:1 of a graphical object in high contrast, and clearly in the default theme)
            // to colour-blind eyes.
            let (marks_need, text_need) = match (theme, vision) {
                ("contrast", _) => (3.0, 4.5),
                (_, None) => (1.5, 4.5),
                _ => (1.3, 3.0),
            };
            for (what, ratio) in &checks {
                assert!(
                    *ratio >= marks_need,
                    "{theme} {vision:?}: {what} contrast {ratio:.2} < {marks_need}\n{}",
                    report.join("\n")
                );
            }
            assert!(
                text >= text_need,
                "{theme} {vision:?}: status text {text:.2} < {text_need}\n{}",
                report.join("\n")
            );
        }
        std::fs::write(dir.join("contrast.txt"), report.join("\n") + "\n").unwrap();
    }
}

/// Text at 200 % in an 800×600 window: the bar's five buttons and the score stay inside the
/// window (before, "Moves" ran off its right edge), and the accessibility screens open.
#[test]
fn text_at_200_percent_in_800x600_keeps_the_bar_inside_the_window() {
    // Beside the screenshots' directory, which the run empties first.
    let settings = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-text-200-settings.toml");
    std::fs::write(&settings, "ui-scale = 2\n").unwrap();
    let script = "wait-idle\nwait-rendered\nscreenshot title\nopen access\nwait 10\nwait-rendered\nscreenshot access\n\
        open access-guide\nwait 10\nwait-rendered\nscreenshot guide\nclose-menu\nstart\nwait-idle\nplay d5\nwait-plies 1\n\
        wait-idle\nwait-rendered\nscreenshot game\nquit\n";
    let settings = settings.display().to_string();
    let dir = run_game_on(
        "800x600",
        "text-200",
        &["--lang", "en", "--window-size", "800x600", "--settings", &settings],
        script,
        Duration::from_secs(300),
        None,
    );
    let game = load(&dir.join("game.png"));
    assert_eq!((game.w, game.h), (800, 600));
    // The bar's last few columns hold nothing but the bar itself.
    let bar = px(&game, 797.0, 100.0);
    for y in 8..80 {
        for x in 792..800 {
            let p = px(&game, x as f32, y as f32);
            assert!(contrast(p, bar) < 1.3, "something runs off the bar's right edge at ({x}, {y}): {p:?} on {bar:?}");
        }
    }
    for name in ["title", "access", "guide"] {
        assert!(dir.join(format!("{name}.png")).exists(), "{name} was not shown");
    }
}

/// `--continue` in a scripted run with nothing to continue (no autosave, or a damaged one) ends
/// the run at once with exit status 3 and says why, rather than wait for a game forever.
#[test]
fn a_scripted_continue_with_nothing_to_continue_stops_at_once_and_says_why() {
    let data = shots_dir("continue-nothing-data");
    std::fs::write(data.join("autosave.txt"), "# K\u{14d}nane game\nnot a record\n").unwrap();
    let data_arg = data.display().to_string();
    let (dir, out, log, _) = run_game_raw(
        "1280x800",
        "continue-nothing",
        &["--continue", "--data-dir", &data_arg, "--window-size", "1280x800"],
        "wait-idle\nquit\n",
        Duration::from_secs(300),
        None,
    );
    assert_eq!(out.status.code(), Some(3), "{log}");
    assert!(log.contains("found no game to continue") && log.contains("autosave.txt"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&data);
}
