//! End to end: a game that waits draws nothing. The real binary in a real window under Xvfb
//! (Mesa's software Vulkan) reaches a position with a human to move, and its frame log
//! (one line per frame drawn) stops growing; then real mouse clicks (xdotool) play a move
//! with the mouse held still afterwards: the click wakes the game, the hop is drawn, the
//! computer's reply arrives from its thread and after its pause without any input, and the
//! game falls quiet again.
//!
//! The waits are for states (a file, the saved game's ply, a frame log that stopped growing);
//! the one timed stretch is the quiet one being checked, and a busy machine can only make it
//! draw fewer frames, never more.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Only a hang reaches this.
const HANG: Duration = Duration::from_secs(300);
/// How long the frame log must stand still to count as quiet.
const QUIET: Duration = Duration::from_millis(1500);
/// The stretch over which a quiet game is watched.
const WATCH: Duration = Duration::from_secs(5);

/// On 8×8 at 1280×800 a cell is 660/9 px and the board's centre is at (640, 434).
const CELL_PX: f32 = 660.0 / 9.0;

fn cell_centre(c: konane::rules::Coord) -> (i32, i32) {
    let (col, row) = (c.col as f32, c.row as f32);
    ((640.0 + (col - 3.5) * CELL_PX) as i32, (434.0 + (row - 3.5) * CELL_PX) as i32)
}

/// The game under its own `xvfb-run` with a pointer driver; the whole process group is
/// killed and the folder removed when dropped, also when the test fails.
struct Run {
    child: Option<Child>,
    dir: PathBuf,
}

impl Drop for Run {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            // SAFETY: a signal to a process group this test started.
            unsafe { libc::kill(-(c.id() as libc::pid_t), libc::SIGKILL) };
            let _ = c.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Run {
    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log.txt")).unwrap_or_default()
    }

    /// Frames drawn so far (lines of the frame log).
    fn frames(&self) -> usize {
        std::fs::read_to_string(self.dir.join("frames.log")).map(|t| t.lines().count()).unwrap_or(0)
    }

    /// Fails with the log if the game has ended.
    fn alive(&mut self, what: &str) {
        if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
            panic!("the game ended ({status:?}) before {what}:\n{}", self.log());
        }
    }

    fn wait_for(&mut self, what: &str, mut done: impl FnMut(&Run) -> bool) {
        let t = Instant::now();
        while !done(self) {
            self.alive(what);
            assert!(t.elapsed() < HANG, "never {what}:\n{}", self.log());
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until no frame has been drawn for [`QUIET`]; returns the frames so far.
    fn wait_quiet(&mut self, what: &str) -> usize {
        let t = Instant::now();
        let (mut last, mut since) = (self.frames(), Instant::now());
        loop {
            self.alive(what);
            std::thread::sleep(Duration::from_millis(100));
            let now = self.frames();
            if now != last {
                (last, since) = (now, Instant::now());
            } else if since.elapsed() >= QUIET {
                return now;
            }
            assert!(t.elapsed() < HANG, "{what}: the game never stopped drawing ({} frames in {:?})", now, t.elapsed());
        }
    }

    fn ply(&self) -> usize {
        konane::game::modes::saves::SavedGame::load(&self.dir.join("data").join("autosave.txt"))
            .map(|s| s.game.ply())
            .unwrap_or(0)
    }

    fn game(&self) -> konane::rules::Game {
        konane::game::modes::saves::SavedGame::load(&self.dir.join("data").join("autosave.txt")).unwrap().game
    }
}

#[test]
fn a_waiting_game_draws_nothing_and_a_click_the_hop_and_the_computer_s_reply_wake_it() {
    let which = Command::new("sh").arg("-c").arg("command -v xvfb-run && command -v xdotool").output().unwrap();
    assert!(which.status.success(), "xvfb-run or xdotool is missing: run `make test`, which installs them");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-idle");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Black (you) removes d5, the computer removes beside it; then the script ends and the
    // game runs as a player's would.
    std::fs::write(
        dir.join("script.txt"),
        "wait-rendered\nplay d5\nwait-plies 2\nwait-idle\nwait-rendered\nsignal ready\n",
    )
    .unwrap();
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
        "--frame-log",
        &dir.join("frames.log").display().to_string(),
        "--mode",
        "human-ai",
        "--level",
        "beginner",
        "--size",
        "8x8",
        "--anim-speed",
        "1",
        "--window-size",
        "1280x800",
        "--lang",
        "en",
    ]
    .iter()
    .map(|a| format!("'{a}'"))
    .collect::<Vec<_>>()
    .join(" ");
    // The pointer driver clicks what the test writes into clicks.sh, once told to go.
    let shell = format!(
        "{game} & GAME=$!\nwf() {{ while [ ! -e \"$SHOTS/$1\" ]; do kill -0 $GAME 2>/dev/null || exit 1; sleep 0.05; done; }}\n\
         wf go\n. \"$SHOTS/clicks.sh\"\nwait $GAME"
    );
    let log = std::fs::File::create(dir.join("log.txt")).unwrap();
    let child = Command::new("setsid")
        .args(["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", &shell])
        .env("SHOTS", &dir)
        .env("XDG_RUNTIME_DIR", std::env::temp_dir())
        .stdin(Stdio::null())
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .expect("xvfb-run starts");
    let mut run = Run { child: Some(child), dir: dir.clone() };
    run.wait_for("the script reached the position", |r| r.dir.join("ready").exists());

    let before = run.wait_quiet("the first position");
    std::thread::sleep(WATCH);
    let drawn = run.frames() - before;
    assert!(drawn <= 1, "{drawn} frames drawn in {WATCH:?} while the human thinks and nothing moves");

    // A jump by two clicks (the stone, then its landing), then the mouse stays still.
    let g = run.game();
    assert_eq!(g.ply(), 2);
    let mv = *g.legal_moves().first().expect("Black can jump");
    let (from, to) = (cell_centre(mv.from), cell_centre(mv.to));
    // Each click once the game has drawn two frames since the pointer came onto the cell (it
    // has seen the pointer there): a state of the game, not a time.
    let click = |(x, y): (i32, i32)| {
        format!(
            "n=$(wc -l <\"$SHOTS/frames.log\")\nxdotool mousemove {x} {y}\n\
             while [ $(wc -l <\"$SHOTS/frames.log\") -lt $((n + 2)) ]; do sleep 0.05; done\nxdotool click 1\n"
        )
    };
    std::fs::write(dir.join("clicks.sh"), format!("{}{}", click(from), click(to))).unwrap();
    std::fs::write(dir.join("go"), "").unwrap();
    run.wait_for("the click's move and the computer's reply", |r| r.ply() >= 4);
    let after = run.wait_quiet("the reply");
    assert!(after > before + 5, "the move and the reply were drawn in only {} frames", after - before);
    std::thread::sleep(WATCH);
    let drawn = run.frames() - after;
    assert!(drawn <= 1, "{drawn} frames drawn in {WATCH:?} after the computer's reply");
}
