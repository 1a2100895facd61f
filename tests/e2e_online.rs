//! End to end, online: two real game windows, each on a virtual display of its own (Xvfb,
//! Mesa's software Vulkan), play each other through one `konane serve` child process with
//! real mouse clicks (xdotool). One window hosts and writes its invite code; the other joins
//! with it; then Black removes d5 and jumps d3-d5, White removes e5 and jumps f4-d4, each by
//! clicking in its own window — and both windows end up showing the same board.
//!
//! Nothing waits a fixed time: each window's script waits for states of its game, and each
//! window's mouse driver acts only once its game has signalled (through marker files) that it
//! saw the previous step.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{Server, scratch};

/// Only a hang reaches this.
const HANG: Duration = Duration::from_secs(600);

/// On 8×8 at 1280×800, a cell is 660/9 px and the board's centre is at (640, 434) (as in
/// the single-window end-to-end test).
const CELL_PX: f32 = 660.0 / 9.0;

fn cell_centre(name: &str) -> (i32, i32) {
    let col = (name.as_bytes()[0] - b'a') as f32;
    let row = 8.0 - name[1..].parse::<f32>().unwrap();
    ((640.0 + (col - 3.5) * CELL_PX) as i32, (434.0 + (row - 3.5) * CELL_PX) as i32)
}

/// A game window under its own `xvfb-run`, with a mouse driver beside it; the whole process
/// group is killed and reaped when dropped, also when the test fails.
struct Window(Option<Child>);

impl Window {
    fn start(dir: &Path, name: &str, server: &str, script: &str, pointer: &str) -> Window {
        Window::start_with(dir, name, &["--server", server], script, pointer)
    }

    /// A window named `name` (its data and settings are `name`-data and `name`-settings.toml,
    /// kept between starts of the same name), with `extra` flags.
    fn start_with(dir: &Path, name: &str, extra: &[&str], script: &str, pointer: &str) -> Window {
        let script_path = dir.join(format!("{name}.txt"));
        std::fs::write(&script_path, script).unwrap();
        let mut game: Vec<String> = vec![
            env!("CARGO_BIN_EXE_konane").to_string(),
            "--script".into(),
            script_path.display().to_string(),
            "--screenshot-dir".into(),
            dir.display().to_string(),
            "--data-dir".into(),
            dir.join(format!("{name}-data")).display().to_string(),
            "--settings".into(),
            dir.join(format!("{name}-settings.toml")).display().to_string(),
            "--mode".into(),
            "human-human".into(),
            "--size".into(),
            "8x8".into(),
            "--anim-speed".into(),
            "0".into(),
            "--window-size".into(),
            "1280x800".into(),
            "--lang".into(),
            "en".into(),
        ];
        game.extend(extra.iter().map(|a| a.to_string()));
        let quoted: Vec<String> = game.iter().map(|a| format!("'{a}'")).collect();
        let shell = format!(
            "{} & GAME=$!\nwf() {{ while [ ! -e \"$SHOTS/$1\" ]; do kill -0 $GAME 2>/dev/null || exit 1; sleep 0.05; done; }}\n{pointer}\nwait $GAME",
            quoted.join(" ")
        );
        let log =
            std::fs::OpenOptions::new().create(true).append(true).open(dir.join(format!("{name}-log.txt"))).unwrap();
        let child = Command::new("setsid")
            .args(["timeout", &HANG.as_secs().to_string(), "xvfb-run", "-a", "-s", "-screen 0 1280x800x24", "sh", "-c"])
            .arg(&shell)
            .env("SHOTS", dir)
            .env("XDG_RUNTIME_DIR", std::env::temp_dir())
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("xvfb-run starts");
        Window(Some(child))
    }

    fn wait(mut self, dir: &Path, name: &str) {
        let child = self.0.as_mut().unwrap();
        let status = child.wait().unwrap();
        self.0 = None;
        let log = std::fs::read_to_string(dir.join(format!("{name}-log.txt"))).unwrap_or_default();
        assert!(status.success(), "the {name} window ended with {status:?}:\n{log}");
    }
}

impl Window {
    /// Kills the window's whole process group at once (SIGKILL: the game gets no chance to
    /// say goodbye to its friend or its server) and reaps it.
    fn kill(&mut self) {
        if let Some(mut c) = self.0.take() {
            // SAFETY: a signal to a process group this test started.
            unsafe { libc::kill(-(c.id() as libc::pid_t), libc::SIGKILL) };
            let _ = c.wait();
        }
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        if let Some(mut c) = self.0.take() {
            // setsid made the child a process group leader: end the group (xvfb-run, Xvfb,
            // the game and its mouse driver).
            // SAFETY: a signal to a process group this test started.
            unsafe { libc::kill(-(c.id() as libc::pid_t), libc::SIGKILL) };
            let _ = c.wait();
        }
    }
}

impl Window {
    /// Waits until the game writes `marker`; fails at once with the log if the window ends first.
    fn wait_file(&mut self, dir: &Path, name: &str, marker: &str) {
        let t = Instant::now();
        while !dir.join(marker).exists() {
            let ended = self.0.as_mut().and_then(|c| c.try_wait().ok().flatten());
            if let Some(status) = ended {
                let log = std::fs::read_to_string(dir.join(format!("{name}-log.txt"))).unwrap_or_default();
                panic!("the {name} window ended ({status:?}) before {marker}:\n{log}");
            }
            assert!(t.elapsed() < HANG, "the {name} window never wrote {marker}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

struct Shot {
    w: usize,
    rgb: Vec<[u8; 3]>,
}

fn load(path: &Path) -> Shot {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    Shot { w: info.width as usize, rgb: buf[..info.buffer_size()].chunks(ch).map(|p| [p[0], p[1], p[2]]).collect() }
}

/// What stands on a cell: coral (White), basalt (Black), or nothing.
fn stone(s: &Shot, name: &str) -> Option<bool> {
    let (cx, cy) = cell_centre(name);
    let h = (CELL_PX * 0.4) as i32;
    let (mut coral, mut basalt) = (0, 0);
    for y in cy - h..cy + h {
        for x in cx - h..cx + h {
            let [r, g, b] = s.rgb[y as usize * s.w + x as usize];
            let (r, g, b) = (r as i32, g as i32, b as i32);
            if r > 215 && g > 205 && b > 180 {
                coral += 1;
            } else if r < 34 && g < 34 && b < 38 && (r - b).abs() < 12 {
                basalt += 1;
            }
        }
    }
    if coral > 1000 {
        Some(false)
    } else if basalt > 1000 {
        Some(true)
    } else {
        None
    }
}

fn clicks(cells: &[(&str, &str)]) -> String {
    // (wait for this marker, then click this cell after the game says the pointer is on it)
    cells
        .iter()
        .map(|(marker, cell)| {
            let (x, y) = cell_centre(cell);
            format!("wf {marker}\nxdotool mousemove {x} {y}\nwf hover-{marker}\nxdotool click 1\n")
        })
        .collect()
}

#[test]
fn two_windows_on_two_displays_play_online_with_mouse_clicks_through_one_server() {
    let which = Command::new("sh").arg("-c").arg("command -v xvfb-run && command -v xdotool").output().unwrap();
    assert!(which.status.success(), "xvfb-run or xdotool is missing: run `make test`, which installs them");
    let base = scratch("e2e");
    let server = Server::start(&base, "127.0.0.1:0", &[]);
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-screenshots").join("online");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();

    // The host plays Black (the settings' colour): it hosts, writes its code, waits for the
    // friend, then clicks d5 (removal) and d3, d5 (the jump).
    let host_script = "wait-rendered\nsignal host-up\nhost\nwait-code code.txt\nwait-friend\nwait-idle\nwait-rendered\n\
        screenshot host-joined\nsignal h1\nwait-hover d5\nsignal hover-h1\nwait-plies 2\nwait-idle\n\
        signal h2\nwait-hover d3\nsignal hover-h2\nwait-selected d3\nsignal h3\nwait-hover d5\nsignal hover-h3\n\
        wait-plies 4\nwait-idle\nwait 3\n\
        wait-rendered\nscreenshot host-after\nquit\n";
    // The pointer moves on to the landing only once the game has the jumper selected.
    let host_pointer = clicks(&[("h1", "d5"), ("h2", "d3"), ("h3", "d5")]);
    let mut host = Window::start(&dir, "host", &server.addr, host_script, &host_pointer);
    host.wait_file(&dir, "host", "host-up");

    // The guest joins with the code, then clicks e5 (removal) and f4, d4 (the jump).
    let guest_script = "wait-rendered\nwait-file code.txt\njoin @code.txt\nwait-plies 1\nwait-idle\nsignal g1\n\
        wait-hover e5\nsignal hover-g1\nwait-plies 3\nwait-idle\nsignal g2\nwait-hover f4\nsignal hover-g2\n\
        wait-selected f4\nsignal g3\nwait-hover d4\nsignal hover-g3\nwait-plies 4\nwait 3\nwait-rendered\nscreenshot guest-after\nquit\n";
    let guest_pointer = clicks(&[("g1", "e5"), ("g2", "f4"), ("g3", "d4")]);
    let guest = Window::start(&dir, "guest", &server.addr, guest_script, &guest_pointer);
    host.wait(&dir, "host");
    guest.wait(&dir, "guest");

    // Both windows show the same board: d3, e4, f4 and e5 empty (d5 was removed, then
    // Black's jumper landed there), Black's jumper on d5, White's on d4.
    for name in ["host-after", "guest-after"] {
        let shot = load(&dir.join(format!("{name}.png")));
        for cell in ["d3", "e4", "f4", "e5"] {
            assert_eq!(stone(&shot, cell), None, "{name}: {cell} should be empty");
        }
        assert_eq!(stone(&shot, "d5"), Some(true), "{name}: Black's jumper is not on d5");
        assert_eq!(stone(&shot, "d4"), Some(false), "{name}: White's jumper is not on d4");
        assert_eq!(stone(&shot, "c4"), Some(true), "{name}: c4 keeps its black stone");
    }
}

/// The position a script's `dump NAME` wrote (its first line).
fn dumped(dir: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.lines().next().unwrap_or_default().to_string()
}

/// On the home network, with no server anywhere: one window hosts (the game's own server),
/// the other joins by code. The guest is killed (-9) mid-game and started again: it takes its
/// seat back from Continue and plays on. Then the host is killed and started again: its own
/// server comes back with the game, the guest reconnects, and both see the same position.
#[test]
fn a_friend_killed_mid_game_comes_back_from_continue_on_the_home_network_and_so_does_the_host() {
    let which = Command::new("sh").arg("-c").arg("command -v xvfb-run && command -v xdotool").output().unwrap();
    assert!(which.status.success(), "xvfb-run or xdotool is missing: run `make test`, which installs them");
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-screenshots").join("rejoin");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let _cleanup = scratch_guard(&dir);

    // Black hosts and removes d5; White joins by code and removes e5; then the guest is killed.
    let host_script = "wait-rendered\nhost\nwait-code code.txt\nwait-friend\nplay d5\nwait-plies 2\n\
        signal host-2\nwait-file guest-killed\nplay d3-d5\nwait-plies 3\nsignal host-3\nwait-plies 4\n\
        dump host-4.txt\nsignal host-4\n";
    let mut host = Window::start_with(&dir, "host", &[], host_script, "");
    let guest_script = "wait-rendered\nwait-file code.txt\njoin @code.txt\nwait-plies 1\nplay e5\nwait-plies 2\n\
        signal guest-2\n";
    let mut guest = Window::start_with(&dir, "guest", &[], guest_script, "");
    host.wait_file(&dir, "host", "host-2");
    guest.wait_file(&dir, "guest", "guest-2");
    guest.kill();
    std::fs::write(dir.join("guest-killed"), "").unwrap();
    host.wait_file(&dir, "host", "host-3");

    // The guest comes back from Continue (`--continue`, its own data folder) and plays on.
    let guest_again = "wait-plies 3\nplay f4-d4\nwait-plies 4\ndump guest-4.txt\nsignal guest-4\n\
        wait-plies 5\nwait-idle\ndump guest-5.txt\nsignal guest-5\n";
    let mut guest = Window::start_with(&dir, "guest", &["--continue"], guest_again, "");
    guest.wait_file(&dir, "guest", "guest-4");
    host.wait_file(&dir, "host", "host-4");
    assert_eq!(dumped(&dir, "guest-4.txt"), dumped(&dir, "host-4.txt"), "after the guest came back");

    // Now the host is killed and comes back from Continue: its own server reopens the game.
    host.kill();
    let host_again = "wait-plies 4\nwait-friend\nhint\nplay-hint\nwait-plies 5\ndump host-5.txt\nsignal host-5\n";
    let mut host = Window::start_with(&dir, "host", &["--continue"], host_again, "");
    host.wait_file(&dir, "host", "host-5");
    guest.wait_file(&dir, "guest", "guest-5");
    assert_eq!(dumped(&dir, "guest-5.txt"), dumped(&dir, "host-5.txt"), "after the host came back");
    host.kill();
    guest.kill();
}

/// Removes a test's folder when the test ends, also when it fails.
fn scratch_guard(dir: &Path) -> impl Drop {
    struct Remove(PathBuf);
    impl Drop for Remove {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    Remove(dir.to_path_buf())
}

/// Two windows play a game of 1 minute + 1 second with mouse clicks through `konane serve`:
/// Black removes d5, White e5, Black jumps d3-d5; then White's minute runs out on the
/// server's clock (moved on by the test, so nothing waits a minute) and both windows reach
/// the end of the game, which the server keeps as won on time by Black.
#[test]
fn two_windows_play_a_one_plus_one_game_with_mouse_clicks_until_a_flag_falls() {
    let which = Command::new("sh").arg("-c").arg("command -v xvfb-run && command -v xdotool").output().unwrap();
    assert!(which.status.success(), "xvfb-run or xdotool is missing: run `make test`, which installs them");
    let base = scratch("e2e-clock");
    let clock_file = base.join("clock");
    std::fs::write(&clock_file, "0").unwrap();
    let server = Server::start(&base, "127.0.0.1:0", &["--clock-file", clock_file.to_str().unwrap()]);
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("target").join("e2e-screenshots").join("clock");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("host-settings.toml"), "online-clock = \"1+1\"\n").unwrap();

    let host_script = "wait-rendered\nsignal host-up\nhost\nwait-code code.txt\nwait-friend\nwait-idle\n\
        signal h1\nwait-hover d5\nsignal hover-h1\nwait-plies 2\nwait-idle\n\
        signal h2\nwait-hover d3\nsignal hover-h2\nwait-selected d3\nsignal h3\nwait-hover d5\nsignal hover-h3\n\
        wait-plies 3\nsignal jumped\nwait-over\nwait 3\nwait-rendered\nscreenshot host-flag\nquit\n";
    let host_pointer = clicks(&[("h1", "d5"), ("h2", "d3"), ("h3", "d5")]);
    let mut host = Window::start(&dir, "host", &server.addr, host_script, &host_pointer);
    host.wait_file(&dir, "host", "host-up");
    let guest_script = "wait-rendered\nwait-file code.txt\njoin @code.txt\nwait-plies 1\nwait-idle\nsignal g1\n\
        wait-hover e5\nsignal hover-g1\nwait-plies 3\nwait-over\nwait 3\nwait-rendered\nscreenshot guest-flag\nquit\n";
    let guest_pointer = clicks(&[("g1", "e5")]);
    let guest = Window::start(&dir, "guest", &server.addr, guest_script, &guest_pointer);
    // White's turn began with Black's jump: a minute and a second pass on the server's clock.
    host.wait_file(&dir, "host", "jumped");
    std::fs::write(base.join("clock.new"), "61000").unwrap();
    std::fs::rename(base.join("clock.new"), &clock_file).unwrap();
    host.wait(&dir, "host");
    guest.wait(&dir, "guest");

    // The server kept the end: Black won on time.
    let code = std::fs::read_to_string(dir.join("code.txt")).unwrap().trim().to_string();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let game = rt.block_on(async {
        use konane::online::protocol::{ClientMsg, ServerMsg};
        let mut link = konane::online::client::Link::connect(&server.addr).await.unwrap();
        link.send(&ClientMsg::Watch { code }).await.unwrap();
        loop {
            if let ServerMsg::Watching { game } = link.recv().await.unwrap() {
                break game;
            }
        }
    });
    use konane::online::protocol::{Colour, EndReason, Outcome};
    assert_eq!(game.outcome, Some(Outcome { winner: Some(Colour::Black), how: EndReason::Time }));
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.clock.map(|c| c.left_ms[1]), Some(0), "White's clock ran out");
}
