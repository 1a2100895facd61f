//! End to end: the real binary in a real window under Xvfb (Mesa's software Vulkan), driven
//! by a script, with assertions on the pixels of its screenshots. The screenshots are kept
//! under `target/e2e-screenshots/` as artifacts.

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
        Some(p) => format!("{} & GAME=$!\n{p}\nwait $GAME", quoted.join(" ")),
    };
    let mut cmd = Command::new("timeout");
    cmd.arg(timeout.as_secs().to_string())
        .args(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", &shell])
        .env("SHOTS", &dir)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir());
    let start = Instant::now();
    let out = cmd.output().expect("xvfb-run starts");
    let log = format!("{}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    std::fs::write(dir.join("log.txt"), &log).unwrap();
    assert!(out.status.success(), "game exited with {:?} after {:?}:\n{log}", out.status, start.elapsed());
    dir
}

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

#[test]
fn real_window_plays_moves_captures_and_ends_games() {
    // Part 1: scripted human-vs-human moves on 8×8, with a screenshot during a hop.
    let dir = run_game(
        "8x8-moves",
        &["--mode", "human-human", "--size", "8x8", "--anim-speed", "0.5"],
        "wait 30\nscreenshot opening\nclick d5\nwait-idle\nplay e5\nwait-idle\nplay d3-d5\nwait 8\nscreenshot moving\nwait-idle\nplay f4-d4\nwait-idle\nwait 5\nscreenshot after\nmenu\nwait 20\nscreenshot title\nquit\n",
        Duration::from_secs(240),
    );
    let opening = load(&dir.join("opening.png"));
    assert_eq!((opening.w, opening.h), (1280, 800));
    let o = board(&opening);
    let moving = board(&load(&dir.join("moving.png")));
    let after = board(&load(&dir.join("after.png")));
    // Board and both kinds of stones are where the board should be; the margins are not board.
    assert!(o.slab > o.total / 10, "no slab pixels on the board: {o:?}");
    assert!(o.coral > o.total / 20 && o.basalt > o.total / 40, "stones missing: {o:?}");
    let margin = count(&opening, 0.0, 0.12, 0.12, 0.95);
    assert!(
        margin.coral + margin.basalt + margin.slab < margin.total / 50,
        "board drawn outside its place: {margin:?}"
    );
    // Two removals and two captures later there are fewer stone pixels on the board.
    assert!(after.coral < o.coral, "coral did not drop: {o:?} -> {after:?}");
    assert!(after.basalt < o.basalt, "basalt did not drop: {o:?} -> {after:?}");
    assert!(moving.coral != after.coral || moving.basalt != after.basalt, "nothing moved between frames");
    // Back on the title screen the board is gone and the menu is drawn.
    let title = board(&load(&dir.join("title.png")));
    // (The menu's dark panel looks like basalt to this classifier, so only coral and slab count.)
    assert!(title.coral < o.coral / 10, "board still drawn on the title screen: {title:?}");
    assert!(title.slab < o.slab / 10, "board still drawn on the title screen: {title:?}");
    // Captured stones sit in the trays beside the board.
    let black_tray = count(&load(&dir.join("after.png")), 0.12, 0.08, 0.23, 0.5);
    assert!(black_tray.coral > 100, "Black's tray has no captured coral stone: {black_tray:?}");

    // Part 2: real mouse input through bevy_picking: a click removes d5, a drag plays d3-d5.
    // On 8×8 at 1280×800 a cell is 77.8 px and the board centre is at (640, 414).
    let pointer = r#"
wait_for() { for i in $(seq 1 120); do [ -f "$SHOTS/$1.png" ] && return 0; sleep 0.5; done; return 1; }
wait_for ready || exit 1
sleep 0.5
xdotool mousemove 601 375 sleep 0.3 click 1
wait_for removed || exit 1
sleep 0.5
xdotool mousemove 601 531 sleep 0.3 mousedown 1 sleep 0.2 mousemove 700 600 sleep 0.1 mousemove 760 609 sleep 0.3
touch "$SHOTS/held"
wait_for held-shot || exit 1
xdotool mouseup 1
wait_for let-go || exit 1
xdotool mousemove 601 531 sleep 0.3 mousedown 1 sleep 0.2 mousemove 601 500 sleep 0.1 mousemove 601 440 sleep 0.1 mousemove 601 400 sleep 0.1 mousemove 601 376 sleep 0.3 mouseup 1
"#;
    let dir = run_game_with(
        "8x8-mouse",
        &["--mode", "human-human", "--size", "8x8", "--anim-speed", "0"],
        "wait 20\nscreenshot ready\nwait-plies 1\nplay e5\nwait-plies 2\nwait 5\nscreenshot removed\nwait-file held\nwait 5\nscreenshot held-shot\nwait 20\nscreenshot let-go\nwait-plies 3\nwait 5\nscreenshot dragged\nquit\n",
        Duration::from_secs(180),
        Some(pointer),
    );
    let dragged = board(&load(&dir.join("dragged.png")));
    assert!(dragged.coral < o.coral && dragged.basalt < o.basalt, "{dragged:?}");
    // While held, the picked-up d3 stone leaves its cup and is drawn over f2 (a coral stone)
    // under the pointer; let go over a cell it cannot reach, it goes back to d3.
    let (d3, f2) = ((570.0, 500.0, 632.0, 562.0), (730.0, 580.0, 790.0, 640.0));
    let cell = |shot: &Shot, (x0, y0, x1, y1): (f32, f32, f32, f32)| {
        count(shot, x0 / 1280.0, y0 / 800.0, x1 / 1280.0, y1 / 800.0)
    };
    let (removed, held, let_go) =
        (load(&dir.join("removed.png")), load(&dir.join("held-shot.png")), load(&dir.join("let-go.png")));
    assert!(cell(&removed, d3).basalt > 1000, "d3 should hold a basalt stone: {:?}", cell(&removed, d3));
    assert!(
        cell(&held, d3).basalt < cell(&removed, d3).basalt / 4,
        "held stone still in its cup: {:?}",
        cell(&held, d3)
    );
    assert!(
        cell(&held, f2).basalt > cell(&removed, f2).basalt + 1000,
        "held stone not under the pointer: {:?}",
        cell(&held, f2)
    );
    assert!(
        cell(&let_go, d3).basalt > cell(&removed, d3).basalt * 3 / 4,
        "stone not back in d3: {:?}",
        cell(&let_go, d3)
    );
    assert!(cell(&let_go, f2).basalt < cell(&removed, f2).basalt + 300, "stone left over f2: {:?}", cell(&let_go, f2));

    // Part 3: a whole AI-vs-AI game to its end.
    let dir = run_game(
        "8x8-game-over",
        &["--mode", "ai-ai", "--level", "beginner", "--size", "8x8", "--anim-speed", "6"],
        "wait-over\nwait 10\nscreenshot game-over\nquit\n",
        Duration::from_secs(600),
    );
    let over = board(&load(&dir.join("game-over.png")));
    assert!(
        over.coral + over.basalt < (o.coral + o.basalt) / 2,
        "a finished game should have far fewer stones: {over:?}"
    );

    // Part 4: a large rectangular board fits the window.
    let dir = run_game(
        "13x20",
        &["--mode", "ai-ai", "--level", "easy", "--size", "13x20", "--anim-speed", "4"],
        "wait 20\nscreenshot opening\nwait-plies 6\nwait 5\nscreenshot after-6\nquit\n",
        Duration::from_secs(300),
    );
    let big = load(&dir.join("opening.png"));
    let whole = count(&big, 0.1, 0.1, 0.9, 0.95);
    assert!(whole.coral > 1000 && whole.basalt > 1000 && whole.slab > 1000, "13x20 board not drawn: {whole:?}");
    let big_after = count(&load(&dir.join("after-6.png")), 0.1, 0.1, 0.9, 0.95);
    assert!(big_after.coral + big_after.basalt < whole.coral + whole.basalt);
}
