//! The headless command line, run as a user would run it.

mod common;
use konane::ai::{SolveLimits, Solver};
use konane::rules::*;
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The binary under test: this build's, or `KONANE_TEST_BIN` (to check that a test fails
/// against an older build, without the fix it tests).
fn bin() -> String {
    std::env::var("KONANE_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_konane").to_string())
}

fn konane(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("binary runs")
}

/// A child process that is killed and reaped when dropped, also when the test panics.
struct Guard(Option<Child>);

impl Guard {
    fn spawn(cmd: &mut Command) -> Guard {
        Guard(Some(cmd.stdin(Stdio::null()).spawn().expect("binary runs")))
    }

    /// Its output once it has exited. `limit` only catches a hang (the child is killed and the
    /// test fails): it is no speed target.
    fn finish(mut self, limit: Duration, what: &str) -> Output {
        let child = self.0.as_mut().unwrap();
        let readers = [child.stdout.take().map(read_all), child.stderr.take().map(read_all)];
        let t = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(t.elapsed() < limit, "{what} still running after {limit:?}");
            std::thread::sleep(Duration::from_millis(10));
        };
        self.0 = None;
        let [stdout, stderr] = readers.map(|r| r.map(|h| h.join().unwrap()).unwrap_or_default());
        Output { status, stdout, stderr }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn read_all(mut from: impl std::io::Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit status 2 with `message` on stderr, no panic, and a short stderr.
fn refused(args: &[&str], message: &str) {
    let o = konane(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(message), "{args:?}: expected {message:?} in {err:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.len() < 1000, "{args:?}: {} bytes on stderr", err.len());
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    common::remove_at_exit();
    dir
}

/// Waits for a child at most `limit`; kills it and fails if it is still running.
fn wait_at_most(child: Child, limit: Duration, what: &str) -> Output {
    Guard(Some(child)).finish(limit, what)
}

#[test]
fn perft_prints_the_reference_count() {
    let o = konane(&["perft", "--size", "8x8", "--depth", "5"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("nodes 892"), "{}", stdout(&o));
    let d = konane(&["perft", "--size", "8x8", "--depth", "3", "--divide"]);
    let text = stdout(&d);
    assert!(text.contains("nodes 28"));
    let per_move = text.lines().filter(|l| !l.starts_with("nodes") && !l.starts_with("time") && !l.starts_with("nps"));
    assert_eq!(per_move.count(), 4, "{text}");
}

#[test]
fn moves_lists_legal_moves_and_rejects_bad_positions() {
    let o = konane(&["moves", "--position", "BWBW/WBWB/BWBW/WBWB b"]);
    assert!(o.status.success());
    let mut lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, vec!["a4", "b3", "c2", "d1"]);
    refused(
        &["moves", "--position", "BWBW/WBQB/BWBW/WBWB b"],
        "at character 8: unexpected 'Q' in row 2, column 3 (cell c3): cells are B, W or .",
    );
}

#[test]
fn position_errors_count_characters_not_bytes() {
    // 'é' is two bytes: the second row starts at character 5, not 6.
    refused(&["moves", "--position", "BWé/WB b"], "at character 5: row 2 has 2 cells but row 1 has 3");
    refused(&["moves", "--position", "éé/WB b"], "at character 1: unexpected 'é' in row 1, column 1 (cell a2)");
    refused(&["moves", "--position", "BW/Wé b"], "at character 5: unexpected 'é' in row 2, column 2 (cell b1)");
}

#[test]
fn play_record_reports_result_or_first_illegal_ply() {
    let dir = std::env::temp_dir().join(format!("konane-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    // A complete game where each side always plays its last listed move.
    let mut game = Game::new(Geometry::new(5, 5).unwrap());
    while let Some(&m) = game.legal_moves().last() {
        game.play(m).unwrap();
    }
    let mut f = std::fs::File::create(&good).unwrap();
    writeln!(f, "# a finished game\n{}", Record::of_game(&game).to_text().replace('\n', " # ply pair\n")).unwrap();
    drop(f);
    let o = konane(&["play-record", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    assert!(text.starts_with(&position_to_string(game.position())), "{text}");
    assert!(text.contains(&format!("{} wins after {} plies", game.winner().unwrap().name(), game.ply())), "{text}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "6x6\na6 b6 a4-a6 c6\n").unwrap();
    let o = konane(&["play-record", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ply 4"));
    let broken = dir.join("broken.txt");
    std::fs::write(&broken, "6x6\na6 b6\n a4-a7\n").unwrap();
    let o = konane(&["play-record", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 3, column 2"), "{err}");
    let missing = dir.join("nope.txt");
    refused(&["play-record", missing.to_str().unwrap()], "cannot read");
    refused(&["play-record", missing.to_str().unwrap()], "nope.txt: No such file or directory");
}

#[test]
fn play_record_skips_a_byte_order_mark() {
    let dir = temp_dir("bom");
    let f = dir.join("bom.txt");
    std::fs::write(&f, "\u{feff}6x6\na6 b6\n").unwrap();
    let o = konane(&["play-record", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("unfinished after 2 plies, Black to move"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_record_of_a_10_mb_line_takes_linear_time() {
    let dir = temp_dir("long");
    // 1.7 million legal-looking moves on one line: the third is illegal.
    let long = dir.join("long.txt");
    let mut text = String::from("8x8 ");
    while text.len() < 10_000_000 {
        text.push_str("d5 e5 ");
    }
    std::fs::write(&long, &text).unwrap();
    let t = Instant::now();
    let o = konane(&["play-record", long.to_str().unwrap()]);
    let secs = t.elapsed().as_secs_f64();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("illegal move at ply 3: d5: d5 is not a legal move for Black here"), "{err}");
    // Quadratic column counting took 20 s for 200,000 moves; linear work is far below a second.
    assert!(secs < 10.0, "a 10 MB record took {secs:.1} s");
    // The same line with a bad last token: every column up to it is counted once.
    let bad_end = dir.join("bad-end.txt");
    text.push_str("zz9");
    std::fs::write(&bad_end, &text).unwrap();
    let t = Instant::now();
    let o = konane(&["play-record", bad_end.to_str().unwrap()]);
    let secs = t.elapsed().as_secs_f64();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("line 1, column {}: 'zz9'", text.len() - 2)), "{err}");
    assert!(secs < 10.0, "a 10 MB record took {secs:.1} s");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn long_input_is_quoted_short_and_escaped() {
    let dir = temp_dir("quote");
    // A 10 MB token is shown by its start and its length.
    let f = dir.join("token.txt");
    std::fs::write(&f, format!("6x6\na6 {}\n", "q".repeat(10_000_000))).unwrap();
    refused(
        &["play-record", f.to_str().unwrap()],
        &format!("line 2, column 4: '{}…' (10000000 bytes)", "q".repeat(60)),
    );
    // A 131 KB position likewise.
    let position = format!("{} b", "B".repeat(131_000));
    refused(&["moves", "--position", &position], &format!("bad --position '{}…' (131002 bytes)", "B".repeat(60)));
    // Control characters are escaped, not sent to the terminal.
    let o = konane(&["moves", "--position", "BW/W\u{1b}[31m b"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(!err.contains('\u{1b}') && err.contains("\\u{1b}[31m"), "{err:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn special_files_are_refused_at_once() {
    let dir = temp_dir("special");
    refused(&["play-record", dir.to_str().unwrap()], "not a regular file (it is a directory)");
    refused(&["play-record", "/dev/null"], "not a regular file (it is a device)");
    let fifo = dir.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let child = Command::new(bin())
        .args(["play-record", fifo.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = wait_at_most(child, Duration::from_secs(20), "play-record of a FIFO");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a regular file (it is a FIFO)"), "{}", stderr(&o));
    let bytes = dir.join("latin1.txt");
    std::fs::write(&bytes, b"6x6\na6 b6 # caf\xe9\n").unwrap();
    refused(&["play-record", bytes.to_str().unwrap()], "byte 16 (line 2) is not UTF-8 text");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_proves_5x5_for_black() {
    let o = konane(&["solve", "--size", "5x5"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("winner Black"), "{text}");
    // The winning removals, as the library's solver finds them.
    let start = Position::start(Geometry::new(5, 5).unwrap());
    let sol = Solver::new(20).solve(&start, SolveLimits::unlimited(), &AtomicBool::new(false)).result.unwrap();
    let mut expected: Vec<String> = sol.winning_moves.iter().map(|m| move_to_string(start.geometry(), *m)).collect();
    assert!(!expected.is_empty());
    expected.sort();
    let line = text.lines().find_map(|l| l.strip_prefix("winning first moves ")).expect("winning moves line");
    let mut shown: Vec<String> = line.split(' ').map(String::from).collect();
    shown.sort();
    assert_eq!(shown, expected, "{text}");
    for m in &shown {
        assert!(start.is_legal(parse_move(start.geometry(), m).unwrap()), "{m}");
    }
}

#[test]
fn a_solve_that_runs_out_of_time_says_so_with_status_124() {
    // Each of the three provers: the parallel one (8×8), the second one (7×7 --independent)
    // and the general solver (11×11). None of them can prove these boards in a fifth of a
    // second; a proof found that fast would be the bug this test reports.
    for args in [
        &["solve", "--size", "8x8", "--timeout", "0.2", "--table-mb", "64"][..],
        &["solve", "--size", "7x7", "--independent", "--timeout", "0.2", "--table-mb", "64"],
        &["solve", "--size", "11x11", "--timeout", "0.2", "--table-mb", "64"],
    ] {
        let o = konane(args);
        assert_eq!(o.status.code(), Some(124), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).contains("unsolved (time limit)"), "{args:?}: {}", stdout(&o));
        assert!(stdout(&o).contains("\nnodes "), "{args:?}: {}", stdout(&o));
        assert_eq!(
            stderr(&o).lines().filter(|l| l.starts_with("konane: time limit: no proof within --timeout")).count(),
            1,
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn bad_flags_exit_with_status_2() {
    refused(
        &["perft", "--size", "30x8", "--depth", "2"],
        "board size '30x8' is out of range: rows and columns must be 1 to 20",
    );
    refused(
        &["match", "--black", "grandmaster", "--white", "easy"],
        "unknown level 'grandmaster': expected beginner, easy, medium, hard, strong or expert",
    );
}

#[test]
fn numeric_flags_out_of_range_name_the_flag_and_range() {
    for t in ["-1", "nan", "inf", "-inf", "1e20", "1e19", "0", "1000001", "soon"] {
        refused(
            &["solve", "--size", "8x8", "--timeout", t],
            &format!("--timeout must be a number of seconds above 0 and at most 1000000, found '{t}'"),
        );
    }
    for d in ["100", "4294967295", "31", "-1", "99999999999999999999999", "x"] {
        refused(&["perft", "--depth", d], &format!("--depth must be a whole number from 0 to 30, found '{d}'"));
    }
    let matches = [
        ("--games", "0", "from 1 to 1000000"),
        ("--games", "-3", "from 1 to 1000000"),
        ("--threads", "0", "from 1 to 65536"),
        ("--move-ms", "0", "from 1 to 3600000"),
        ("--move-ms", "18446744073709551615", "from 1 to 3600000"),
        ("--random-plies", "-1", "from 0 to 400"),
        ("--random-plies", "401", "from 0 to 400"),
        ("--seed", "-1", "from 0 to 18446744073709551615"),
    ];
    for (flag, value, range) in matches {
        refused(
            &["match", "--black", "easy", "--white", "easy", flag, value],
            &format!("{flag} must be a whole number {range}, found '{value}'"),
        );
    }
    refused(
        &["hint", "--position", "BW/WB b", "--ms", "0"],
        "--ms must be a whole number from 1 to 3600000, found '0'",
    );
    refused(&["hint", "--position", "BW/WB b", "--ms", "99999999999"], "--ms must be a whole number from 1 to 3600000");
    for player in ["expert@0", "expert@99999999999", "expert@-5"] {
        refused(
            &["match", "--black", player, "--white", "easy"],
            &format!("bad player '{player}': the time after '@' must be milliseconds from 1 to 3600000"),
        );
    }
    for size in ["-1x8", "1x400", "256x1", "99999999999x1", "21x21", "0x8"] {
        for cmd in ["perft", "solve", "match"] {
            let mut args = vec![cmd, "--size", size];
            match cmd {
                "perft" => args.extend(["--depth", "1"]),
                "match" => args.extend(["--black", "easy", "--white", "easy"]),
                _ => {}
            }
            refused(&args, &format!("--size: board size '{size}' is out of range: rows and columns must be 1 to 20"));
        }
    }
    refused(&["perft", "--size", "8xq", "--depth", "1"], "--size: board size '8xq': 'q' is not a column count");
}

#[test]
fn perft_depth_0_counts_one_node_with_or_without_divide() {
    for args in [&["perft", "--depth", "0"][..], &["perft", "--depth", "0", "--divide"]] {
        let o = konane(args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).starts_with("nodes 1\n"), "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn size_and_position_must_agree() {
    let four = "BWBW/WBWB/BWBW/WBWB b";
    refused(
        &["perft", "--size", "8x8", "--position", four, "--depth", "1"],
        "--size 8x8 does not match the 4x4 board of --position: give only one of them",
    );
    refused(&["solve", "--size", "5x5", "--position", four], "--size 5x5 does not match the 4x4 board of --position");
    let o = konane(&["perft", "--size", "4x4", "--position", four, "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("nodes 4"), "{}", stdout(&o));
    let o = konane(&["solve", "--position", four]);
    assert!(stdout(&o).contains("winner White"), "{}", stdout(&o));
}

/// Whether process `pid` has a handler for SIGINT installed (the "SigCgt" mask of
/// /proc/PID/status): the state a test waits for before it presses Ctrl-C.
fn catches_sigint(pid: u32) -> bool {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else { return false };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
}

/// Runs the CLI, waits until it catches Ctrl-C (a state, not a time), lets it work for
/// `work` more, then sends SIGINT and collects its output.
fn interrupted_after(args: &[&str], work: Duration) -> Output {
    let child = Command::new(bin()).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let guard = ProcessTree(Some(child));
    let pid = guard.0.as_ref().unwrap().id();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !catches_sigint(pid) {
        assert!(Instant::now() < deadline, "{args:?} never installed its Ctrl-C handler");
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(work);
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) }, 0);
    wait_at_most(guard.take(), Duration::from_secs(30), &format!("{args:?} after Ctrl-C"))
}

/// A child process and everything it started, killed and reaped when dropped (also when the
/// test fails): a test never leaves a process behind.
struct ProcessTree(Option<Child>);

impl ProcessTree {
    /// The child, no longer guarded (its caller waits for it).
    fn take(mut self) -> Child {
        self.0.take().expect("a child")
    }
}

/// Every process whose chain of parents leads to `root`, deepest first.
fn descendants(root: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            // The parent is the second field after the command name in parentheses.
            let after = &stat[stat.rfind(')')? + 2..];
            Some((pid, after.split_whitespace().nth(1)?.parse().ok()?))
        })
        .collect();
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        found.extend(parents.iter().filter(|(_, parent)| *parent == p).map(|(pid, _)| *pid));
        i += 1;
    }
    found.remove(0);
    found.reverse();
    found
}

impl Drop for ProcessTree {
    fn drop(&mut self) {
        let Some(mut child) = self.0.take() else { return };
        for pid in descendants(child.id()) {
            // SAFETY: a signal to a process this test started (directly or through its child).
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

#[test]
fn long_commands_stop_cleanly_on_ctrl_c() {
    let o = interrupted_after(&["perft", "--size", "8x8", "--depth", "30"], Duration::from_millis(200));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("konane: interrupted: perft depth 30 stopped after"), "{}", stderr(&o));
    let o = interrupted_after(&["solve", "--size", "8x8"], Duration::from_millis(200));
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stdout(&o).contains("unsolved (interrupted)"), "{}", stdout(&o));
    assert!(stderr(&o).contains("konane: interrupted: solve stopped after"), "{}", stderr(&o));
    let o = interrupted_after(
        &["match", "--size", "8x8", "--black", "expert", "--white", "expert", "--games", "50"],
        Duration::from_millis(200),
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stdout(&o).contains("games "), "{}", stdout(&o));
    assert!(stderr(&o).contains("of 50 games played"), "{}", stderr(&o));
}

#[test]
fn progress_is_shown_on_a_terminal_only() {
    // `script` gives the command a terminal. The test reads what it prints until the first
    // progress line appears (a state, not a time), then kills `script`; the closed terminal
    // ends perft. (Ctrl-C itself is checked in `long_commands_stop_cleanly_on_ctrl_c`.)
    let bin = bin();
    let child = Command::new("script")
        .args(["-qec", &format!("{bin} perft --size 8x8 --depth 30"), "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else {
        eprintln!("no `script` command: progress on a terminal not checked");
        return;
    };
    let mut out = child.stdout.take().unwrap();
    // `script` runs perft on a terminal of its own; killing `script` alone would leave perft
    // running (a test once left one burning a core): the guard kills the whole tree.
    let script = ProcessTree(Some(child));
    let script_pid = script.0.as_ref().unwrap().id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::Read;
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        while let Ok(n) = out.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            if String::from_utf8_lossy(&seen).contains("leaf nodes counted") {
                break;
            }
        }
        let _ = tx.send(String::from_utf8_lossy(&seen).into_owned());
    });
    // Only a hang reaches this limit.
    let text = rx.recv_timeout(Duration::from_secs(120)).unwrap_or_default();
    let under_script = descendants(script_pid);
    assert!(!under_script.is_empty(), "perft runs under `script`");
    drop(script);
    // SIGKILL takes effect at once but is seen a moment later: wait for the state.
    let deadline = Instant::now() + Duration::from_secs(30);
    for pid in under_script {
        loop {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // Gone, or a zombie whose parent is gone too (init reaps it).
            if stat.is_empty() || stat.contains(") Z ") {
                break;
            }
            assert!(Instant::now() < deadline, "process {pid} under `script` still runs: {stat}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    assert!(text.contains("konane: perft: ") && text.contains("leaf nodes counted"), "{text}");
    // Not a terminal: no progress lines.
    let o = interrupted_after(&["perft", "--size", "8x8", "--depth", "30"], Duration::from_millis(2500));
    assert!(!stderr(&o).contains("leaf nodes counted"), "{}", stderr(&o));
}

#[test]
fn a_short_match_is_played_legally() {
    let o = konane(&["match", "--size", "6x6", "--black", "medium", "--white", "beginner", "--games", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("games 4"));
    // The fixed-depth baseline of the issue, and its bad spellings.
    let b = konane(&["match", "--size", "6x6", "--black", "baseline-d3", "--white", "easy", "--games", "2"]);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    assert!(stdout(&b).contains("baseline-d3:"), "{}", stdout(&b));
    let t = konane(&["match", "--size", "6x6", "--black", "medium@30", "--white", "baseline@5", "--games", "2"]);
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    for bad in ["baseline-d0", "baseline-dx", "baseline-d99", "expert@", "expert@0", "expert@soon"] {
        refused(&["match", "--black", bad, "--white", "easy", "--games", "1"], &format!("bad player '{bad}'"));
    }
}

#[test]
fn match_never_starts_more_workers_than_games_or_cores() {
    let o = konane(&[
        "match",
        "--size",
        "5x5",
        "--black",
        "beginner",
        "--white",
        "beginner",
        "--games",
        "3",
        "--threads",
        "1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("games 3"), "{}", stdout(&o));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let note = format!("konane: --threads 1000 is more than the {cores} cores: using {} worker threads", cores.min(3));
    assert_eq!(stderr(&o).contains(&note), cores < 3, "{}", stderr(&o));
}

#[test]
fn match_only_replays_the_chosen_games_from_their_openings_and_colours() {
    // Fixed-depth players have no clock and no randomness, so a game replayed alone with
    // --only must be the very game of the whole match: same opening, colours and moves.
    let dir = temp_dir("only");
    let (all, some) = (dir.join("all"), dir.join("some"));
    let run = |out: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["match", "--size", "6x6", "--black", "baseline-d2", "--white", "baseline-d3"];
        args.extend(["--games", "4", "--seed", "5", "--records", out.to_str().unwrap()]);
        args.extend(extra);
        let o = konane(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    run(&all, &[]);
    let out = run(&some, &["--only", "4,2,4"]);
    assert!(out.contains("games 2,"), "{out}");
    for g in [2, 4] {
        let name = format!("game-{g:03}.txt");
        let whole = std::fs::read_to_string(all.join(&name)).unwrap();
        assert_eq!(std::fs::read_to_string(some.join(&name)).unwrap(), whole, "{name}");
    }
    for g in [1, 3] {
        assert!(!some.join(format!("game-{g:03}.txt")).exists(), "game {g} was not asked for");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    refused(
        &["match", "--black", "easy", "--white", "easy", "--games", "4", "--only", "2,5"],
        "--only 5: the match has 4 games",
    );
    refused(&["match", "--black", "easy", "--white", "easy", "--only", "0"], "--only");
}

#[test]
fn match_records_replay_to_the_reported_winner() {
    let dir = std::env::temp_dir().join(format!("konane-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = konane(&[
        "match",
        "--size",
        "6x6",
        "--black",
        "easy",
        "--white",
        "beginner",
        "--games",
        "3",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for g in 1..=3 {
        let text = std::fs::read_to_string(dir.join(format!("game-{g:03}.txt"))).expect("record written");
        assert!(text.starts_with(&format!("# game {g} (opening {} with 2 random jumps)\n", (g + 1) / 2)), "{text}");
        let winner = text.lines().find_map(|l| l.strip_prefix("# winner: ")).expect("winner comment");
        // Colours alternate: the first player is Black in odd-numbered games.
        let black = text.lines().find_map(|l| l.strip_prefix("# black: ")).expect("black comment");
        assert_eq!(black, if g % 2 == 1 { "easy" } else { "beginner" });
        let game = Record::parse(&text).expect("record parses").replay().expect("every move legal");
        assert_eq!(game.winner().map(|c| c.name()), Some(winner), "{text}");
    }
    assert!(!dir.join("game-004.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
    // A records path that cannot be a directory is refused up front.
    let file = std::env::temp_dir().join(format!("konane-not-a-dir-{}", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    refused(
        &["match", "--black", "easy", "--white", "easy", "--games", "1", "--records", file.to_str().unwrap()],
        "konane: cannot create records directory",
    );
    std::fs::remove_file(&file).unwrap();
    // A directory that exists but cannot be written to is found before the first game (even
    // root cannot create files in /proc/self).
    let t = Instant::now();
    refused(
        &["match", "--black", "expert", "--white", "expert", "--games", "100", "--records", "/proc/self"],
        "konane: cannot write to records directory /proc/self",
    );
    assert!(t.elapsed() < Duration::from_secs(20), "games were played first");
}

#[test]
fn bad_game_options_exit_2_naming_the_option() {
    // The game window's options are checked before any window opens.
    for (args, expect) in [
        (&["--anim-speed", "-1"][..], "--anim-speed"),
        (&["--anim-speed", "10"][..], "out of range: expected 0 (instant) to 4"),
        (&["--anim-speed", "fast"][..], "--anim-speed"),
        (&["--size", "3x3"][..], "3x3 is out of range"),
        (&["--size", "-1x8"][..], "--size"),
        (&["--mode", "robot"][..], "human-ai"),
    ] {
        let o = konane(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("konane: ") && err.contains(expect), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // A huge bad value is not echoed whole.
    let long = "9".repeat(100_000);
    let o = konane(&["--anim-speed", &long]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr.len() < 400, "{} bytes of stderr", o.stderr.len());
}

#[test]
fn the_game_without_a_display_says_so_in_one_line() {
    let o = Command::new(bin())
        .args(["--size", "6x6"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("binary runs");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.trim_end(),
        "konane: no display found: set DISPLAY to a running X server (Xwayland on Wayland), or use a subcommand — konane --help"
    );
}

/// `konane sounds --out DIR` writes every effect and piece of music as a 16-bit mono WAV
/// named after it; none clips, none is silent, and the table it prints names each with its
/// levels (the music's lengths and levels too).
#[test]
fn sounds_writes_every_effect_and_the_music_as_unclipped_audible_wavs() {
    let dir = temp_dir("sounds");
    let out = konane(&["sounds", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    let effects = konane::synth::Effect::all();
    assert_eq!(effects.len(), 15);
    let pieces = konane::music::Piece::all();
    assert!(pieces.len() >= 2, "two or three pieces of music");
    let names = effects.iter().map(|e| e.name()).chain(pieces.iter().map(|p| p.name().to_string()));
    for name in names {
        assert!(table.lines().any(|l| l.starts_with(&format!("{name} "))), "{name} missing from:\n{table}");
        let bytes = std::fs::read(dir.join(format!("{name}.wav"))).unwrap();
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u16::from_le_bytes([bytes[22], bytes[23]]), 1, "{name}: mono");
        assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), 44_100);
        let samples: Vec<i16> = bytes[44..].chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
        assert!(peak < 32_000, "{name} clips: peak {peak}");
        assert!(peak > 3_000, "{name} is (nearly) silent: peak {peak}");
    }
    for p in pieces {
        let line = table.lines().find(|l| l.starts_with(&format!("{} ", p.name()))).unwrap();
        let seconds: f32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!((30.0..=120.0).contains(&seconds), "{line}");
    }
    // A place that cannot be a directory is refused with a message, exit 2.
    let file = dir.join("land-1.wav");
    let bad = konane(&["sounds", "--out", file.join("x").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("cannot create"), "{}", stderr(&bad));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_shipped_puzzles_are_re_proved_and_a_wrong_one_is_named() {
    // The whole book, every board: at least 300 puzzles, each proven again.
    let mut total = 0;
    for size in ["6x6", "7x7", "8x8"] {
        let o = konane(&["puzzle", "check", &format!("assets/puzzles/{size}.txt")]);
        assert!(o.status.success(), "{size}: {}", stderr(&o));
        let n: usize = stdout(&o).split_whitespace().next().unwrap().parse().unwrap();
        assert!(n >= 60, "{size}: {}", stdout(&o));
        total += n;
    }
    assert!(total >= 300, "{total} puzzles in the book");
    // One recorded length changed: that puzzle is named, by line; nothing else is said wrong.
    let text = std::fs::read_to_string("assets/puzzles/6x6.txt").unwrap();
    let (at, line) = text.lines().enumerate().find(|(_, l)| l.contains("| win in 1 | plies 1 |")).unwrap();
    let broken = text.replacen(line, &line.replace("| win in 1 | plies 1 |", "| win in 2 | plies 3 |"), 1);
    let dir = temp_dir("puzzles");
    let file = dir.join("broken.txt");
    std::fs::write(&file, broken).unwrap();
    refused(&["puzzle", "check", file.to_str().unwrap()], &format!("line {}", at + 1));
    refused(
        &["puzzle", "check", file.to_str().unwrap()],
        "recorded a win in 3 plies, but the shortest forced win takes 1",
    );
    // A missing file and a file of nonsense are refused too.
    refused(&["puzzle", "check", dir.join("none.txt").to_str().unwrap()], "none.txt");
    std::fs::write(&file, "hello\n").unwrap();
    refused(&["puzzle", "check", file.to_str().unwrap()], "line 1 (puzzle 1): expected 4 fields");
}

#[test]
fn puzzle_generate_writes_a_file_that_checks() {
    let dir = temp_dir("generate");
    let out = dir.join("p.txt");
    let o = konane(&[
        "puzzle",
        "generate",
        "--size",
        "5x5",
        "--count",
        "4",
        "--out",
        out.to_str().unwrap(),
        "--max-games",
        "60",
        "--max-nodes",
        "100000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report = stdout(&o);
    for field in ["games played", "positions tried", "proven wins", "kept short", "time", "yield per hour"] {
        assert!(report.contains(field), "{report}");
    }
    let o = konane(&["puzzle", "check", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    refused(&["puzzle", "generate", "--size", "5x5", "--count", "0", "--out", out.to_str().unwrap()], "count");
}

#[test]
fn analyse_marks_the_move_that_threw_a_proven_win_away() {
    let dir = temp_dir("analyse");
    let file = dir.join("game.txt");
    // Black wins with a6-a2 (White is left without a jump); a6-a4 lets White jump back and win.
    std::fs::write(&file, "position B...../W...../....../W...../....../...... b\na6-a4 a3-a5\n").unwrap();
    let o = konane(&["analyse", file.to_str().unwrap(), "--ms", "100"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let first = out.lines().find(|l| l.trim_start().starts_with("1 ")).expect("a line for ply 1");
    assert!(first.contains("a6-a4") && first.contains("a6-a2"), "{first}");
    assert!(first.contains("threw away a proven win"), "{first}");
    assert!(out.contains("blunders: 1"), "{out}");
    assert!(out.contains("first proven: before ply 1: Black wins"), "{out}");
    // A record with an illegal move, and a bad flag, are refused by name.
    std::fs::write(&file, "6x6\na6 a6\n").unwrap();
    refused(&["analyse", file.to_str().unwrap()], "illegal move");
    refused(&["analyse", file.to_str().unwrap(), "--ms", "0"], "--ms");
}

/// The value of `key` on a line `key value` of the output.
fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines().find_map(|l| l.strip_prefix(key)).unwrap_or_else(|| panic!("no `{key}` line in:\n{text}")).trim()
}

#[test]
fn solve_6x6_with_two_threads_and_verify_the_strategy_by_play() {
    let o = konane(&["solve", "--size", "6x6", "--threads", "2", "--verify"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{text}{}", stderr(&o));
    assert_eq!(field(&text, "winner "), "White");
    assert_eq!(field(&text, "winning first moves "), "none");
    assert!(field(&text, "verified: ").starts_with("the strategy of White wins against every defence"), "{text}");
    assert!(text.contains("2 threads"), "{text}");
}

#[test]
fn winner_only_names_the_winner_and_the_undecided_first_moves() {
    let o = konane(&["solve", "--size", "5x5", "--winner-only"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(field(&out, "winner "), "Black");
    let winning = field(&out, "winning first moves ");
    let undecided = field(&out, "undecided first moves ");
    // 5×5: every first move wins; at least one is proven, and the rest are named undecided.
    let named: Vec<&str> = winning.split(' ').chain(undecided.split(' ')).filter(|m| *m != "none").collect();
    let mut named = named.clone();
    named.sort();
    assert_eq!(named, ["a1", "a5", "c3", "e1", "e5"], "{out}");
    refused(&["solve", "--size", "5x5", "--winner-only", "--verify"], "'--winner-only' cannot be used with '--verify'");
}

#[test]
fn the_independent_solver_agrees_with_the_prover() {
    for size in ["5x5", "4x7", "5x6", "1x9"] {
        let fast = stdout(&konane(&["solve", "--size", size, "--threads", "2"]));
        let o = konane(&["solve", "--size", size, "--independent"]);
        let slow = stdout(&o);
        assert!(o.status.success(), "{slow}{}", stderr(&o));
        assert!(!slow.contains("plan "), "{size}: the parallel prover ran:\n{slow}");
        assert_eq!(field(&slow, "winner "), field(&fast, "winner "), "{size}");
        let sorted = |text: &str| {
            let mut moves: Vec<String> = field(text, "winning first moves ").split(' ').map(str::to_string).collect();
            moves.sort();
            moves
        };
        // The same moves (each prover lists them in its own order).
        assert_eq!(sorted(&slow), sorted(&fast), "{size}");
        // Asked only for the winner, it stops at a winning first move.
        let one = stdout(&konane(&["solve", "--size", size, "--independent", "--winner-only"]));
        assert_eq!(field(&one, "winner "), field(&fast, "winner "), "{size}");
        let first = field(&one, "winning first moves ");
        assert!(
            first == "none" || field(&fast, "winning first moves ").split(' ').any(|m| m == first),
            "{size}: {one}"
        );
    }
    refused(
        &["solve", "--size", "5x5", "--independent", "--checkpoint", "x.ckpt"],
        "'--independent' cannot be used with",
    );
}

#[test]
fn the_leaves_of_a_proof_are_written_and_prove_again_one_by_one() {
    let dir = temp_dir("proof-leaves");
    let file = dir.join("5x6.leaves");
    let path = file.to_str().unwrap();
    let o = konane(&["solve", "--size", "5x6", "--leaves", "64", "--proof-leaves", path]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# konane solve proof leaves\n# position BWBWBW/"), "{text}");
    // 5×6: White refutes every first move, and each refutation's leaves are listed.
    let firsts: Vec<&str> = text.lines().filter(|l| l.starts_with("# first move ")).collect();
    assert!(firsts.len() >= 2 && firsts.iter().all(|l| l.contains(" loses: ")), "{text}");
    let leaves = text.lines().filter(|l| !l.starts_with('#')).count();
    let n = firsts.len();
    assert!(out.contains(&format!("proof leaves {path}: {leaves} for {n} decided first moves")), "{out}");
    // The checking tool proves each leaf again, and notices a leaf whose result is wrong.
    let tool = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/recheck-leaves.sh");
    let recheck = |f: &str| Command::new("bash").args([tool, &bin(), f]).output().unwrap();
    let o = recheck(path);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains(" 0 mismatches"), "{}", stdout(&o));
    let wrong = dir.join("wrong.leaves");
    let mut flipped = false;
    let damaged: String = text
        .lines()
        .map(|l| {
            if !flipped && !l.starts_with('#') {
                flipped = true;
                let (pos, result) = l.rsplit_once(' ').unwrap();
                format!("{pos} {}\n", if result == "win" { "loss" } else { "win" })
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    std::fs::write(&wrong, damaged).unwrap();
    let o = recheck(wrong.to_str().unwrap());
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("MISMATCH: "), "{}", stdout(&o));
    refused(&["solve", "--size", "5x5", "--independent", "--proof-leaves", path], "cannot be used with");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Solves `size` from a copy (in `dir`) of its checkpoint kept in tools/checkpoints: the
/// winner and winning first moves must be `winner` and `moves`, without proving a leaf.
fn assert_kept_checkpoint_answers(dir: &std::path::Path, size: &str, winner: &str, moves: &str) {
    let file = dir.join(format!("{size}.ckpt"));
    std::fs::copy(format!("{}/tools/checkpoints/{size}.ckpt", env!("CARGO_MANIFEST_DIR")), &file).unwrap();
    let o = konane(&["solve", "--size", size, "--table-mb", "64", "--checkpoint", file.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(field(&out, "winner "), winner, "{size}: {out}");
    assert_eq!(field(&out, "winning first moves "), moves, "{size}: {out}");
    assert!(out.contains(": 0 proven now"), "{size}: {out}");
}

#[test]
fn the_kept_four_row_checkpoints_prove_white_wins() {
    // tools/checkpoints/4x11.ckpt, 11x4.ckpt, 4x12.ckpt and 12x4.ckpt hold the proven leaves
    // of those boards: with them the proof is answered again without proving a leaf.
    let dir = temp_dir("4-rows");
    for size in ["4x11", "11x4", "4x12", "12x4"] {
        assert_kept_checkpoint_answers(&dir, size, "White", "none");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_kept_5x9_checkpoints_prove_black_wins_with_every_first_move() {
    // tools/checkpoints/5x9.ckpt and 9x5.ckpt: Black wins by removing the centre or a corner,
    // answered again without proving a leaf.
    let dir = temp_dir("5-rows");
    for (size, moves) in [("5x9", "a5 i5 e3 a1 i1"), ("9x5", "a9 e9 c5 a1 e1")] {
        assert_kept_checkpoint_answers(&dir, size, "Black", moves);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_kept_6x8_checkpoint_proves_white_wins() {
    // tools/checkpoints/6x8.ckpt holds the 15 proven leaves of the 6×8 proof: White wins
    // whatever Black removes first, answered again without proving a leaf.
    let dir = temp_dir("6-rows");
    assert_kept_checkpoint_answers(&dir, "6x8", "White", "none");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_kept_7x7_checkpoint_proves_black_wins_with_every_first_move() {
    // tools/7x7.ckpt holds the leaves of the 7×7 proof: Black wins by removing the centre, d4,
    // and by removing a corner (listed in the rules' move order, top row first).
    let dir = temp_dir("7x7");
    let file = dir.join("7x7.ckpt");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tools/7x7.ckpt"), &file).unwrap();
    let path = file.to_str().unwrap();
    let o = konane(&[
        "solve",
        "--size",
        "7x7",
        "--leaves",
        "4096",
        "--table-mb",
        "64",
        "--checkpoint",
        path,
        "--winner-only",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert_eq!(field(&out, "winner "), "Black", "{out}");
    assert_eq!(field(&out, "winning first moves "), "a7 g7 d4 a1 g1", "{out}");
    assert_eq!(field(&out, "undecided first moves "), "none", "{out}");
    assert!(out.contains("0 proven now"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_resumes_a_proof_and_a_bad_one_is_named() {
    let dir = temp_dir("checkpoint");
    let file = dir.join("5x6.ckpt");
    let path = file.to_str().unwrap();
    let args = ["solve", "--size", "5x6", "--threads", "2", "--leaves", "64", "--checkpoint", path];
    let o = konane(&args);
    let first = stdout(&o);
    assert!(o.status.success(), "{first}{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let leaves: Vec<&str> = text.lines().filter(|l| l.starts_with("leaf ")).collect();
    assert!(leaves.len() >= 4, "{text}");
    // As if the run had stopped halfway: keep the header and half the leaves.
    let kept = leaves.len() / 2;
    let header: Vec<&str> = text.lines().take_while(|l| !l.starts_with("leaf ")).collect();
    std::fs::write(&file, with_checksum(&format!("{}\n{}\n", header.join("\n"), leaves[..kept].join("\n")))).unwrap();
    let o = konane(&args);
    let second = stdout(&o);
    assert!(o.status.success(), "{second}{}", stderr(&o));
    assert!(second.contains(&format!("{kept} from the checkpoint")), "{second}");
    assert!(second.contains("over all runs: "), "{second}");
    assert_eq!(field(&second, "winner "), field(&first, "winner "));
    assert_eq!(field(&second, "winning first moves "), field(&first, "winning first moves "));
    // The file now holds every leaf again.
    let again = std::fs::read_to_string(&file).unwrap();
    assert!(again.lines().filter(|l| l.starts_with("leaf ")).count() > kept, "{again}");
    // Another position, another plan size, a damaged line: refused, and the file is kept.
    refused(
        &["solve", "--size", "6x5", "--threads", "1", "--leaves", "64", "--checkpoint", path],
        "line 2: the checkpoint is for position 'BWBWBW/",
    );
    refused(
        &["solve", "--size", "5x6", "--leaves", "32", "--checkpoint", path],
        "the checkpoint was made with --leaves 64, not 32",
    );
    let damaged = again.replacen("leaf ", "leaf zz", 1);
    std::fs::write(&file, &damaged).unwrap();
    refused(&args, "its checksum does not match its contents");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), damaged);
    // A checkpoint of the first version (no checksum) still names its faulty line.
    std::fs::write(&file, as_version_1(&damaged)).unwrap();
    refused(&args, "line 6: expected `leaf <16 hex digits> win|loss <nodes>`");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// FNV-1a (64 bits), as the checkpoint's last line gives it.
fn with_checksum(body: &str) -> String {
    let sum = body.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{body}checksum {sum:016x}\n")
}

/// A checkpoint's text as the first version wrote it: that header, no checksum line.
fn as_version_1(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("checksum ")).collect();
    format!("{}\n", lines.join("\n")).replacen("konane solve checkpoint 2", "konane solve checkpoint 1", 1)
}

/// A checkpoint whose results were flipped is not trusted: with its checksum it is refused at
/// once; as a first-version file (no checksum), re-proving some of its leaves finds it out.
/// Either way the proof does not go on to a wrong winner, and the file is kept as it was.
#[test]
fn a_checkpoint_with_flipped_results_is_refused_not_trusted() {
    let dir = temp_dir("flipped");
    let file = dir.join("5x5.ckpt");
    let path = file.to_str().unwrap();
    let args = ["solve", "--size", "5x5", "--threads", "1", "--leaves", "32", "--checkpoint", path];
    let o = konane(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.lines().filter(|l| l.starts_with("leaf ")).count() >= 2, "{text}");
    let flip = |t: &str| {
        t.lines()
            .map(|l| match l.starts_with("leaf ") {
                true if l.contains(" win ") => l.replace(" win ", " loss "),
                true => l.replace(" loss ", " win "),
                false => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    };
    let flipped = flip(&text);
    std::fs::write(&file, &flipped).unwrap();
    refused(&args, "its checksum does not match its contents");
    let old = as_version_1(&flipped);
    std::fs::write(&file, &old).unwrap();
    refused(&args, "the checkpoint cannot be trusted");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), old);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solved_small_boards_match_the_published_results() {
    let winner = |size: &str| {
        let o = konane(&["solve", "--size", size, "--threads", "1"]);
        assert!(o.status.success(), "{size}: {}", stderr(&o));
        field(&stdout(&o), "winner ").to_string()
    };
    assert_eq!(winner("4x4"), "White");
    assert_eq!(winner("5x5"), "Black");
    // A board turned a quarter is the same game (the corners, the centre and the colours of
    // the cells map onto each other).
    for (a, b) in [("3x5", "5x3"), ("4x6", "6x4"), ("2x7", "7x2")] {
        assert_eq!(winner(a), winner(b), "{a} and {b} are the same game turned");
    }
    // 1×n: Black wins exactly when n ≡ 1 (mod 4), for n ≥ 5.
    for n in 5..=16 {
        let w = winner(&format!("1x{n}"));
        assert_eq!(w == "Black", n % 4 == 1, "1x{n}: {w}");
    }
}

#[test]
fn perft_on_two_threads_counts_the_same_as_on_one() {
    for args in [["--size", "8x8", "--depth", "7"], ["--size", "6x9", "--depth", "6"]] {
        let one = stdout(&konane(&[&["perft", "--divide"][..], &args[..]].concat()));
        let two = stdout(&konane(&[&["perft", "--divide", "--threads", "2"][..], &args[..]].concat()));
        let counts = |t: &str| {
            t.lines().filter(|l| !l.starts_with("time") && !l.starts_with("nps")).map(String::from).collect::<Vec<_>>()
        };
        assert_eq!(counts(&one), counts(&two), "{args:?}");
        assert!(one.contains("nodes "), "{one}");
    }
    let o = stdout(&konane(&["perft", "--size", "8x8", "--depth", "9", "--threads", "2"]));
    assert!(o.contains("nodes 4633660\n"), "{o}");
    let o = stdout(&konane(&["perft", "--size", "8x8", "--depth", "7", "--threads", "2"]));
    assert!(o.contains("nodes 52044\n"), "{o}");
}

#[test]
fn hashed_perft_counts_the_same_and_a_bad_size_is_refused() {
    let counts = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("time") && !l.starts_with("nps") && !l.starts_with("table"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    for args in
        [["--size", "8x8", "--depth", "8"], ["--size", "5x7", "--depth", "9"], ["--size", "12x12", "--depth", "4"]]
    {
        let plain = stdout(&konane(&[&["perft", "--divide"][..], &args[..]].concat()));
        for extra in [&["--hash-mb", "1"][..], &["--hash-mb", "4", "--threads", "2"]] {
            let hashed = stdout(&konane(&[&["perft", "--divide"][..], &args[..], extra].concat()));
            assert_eq!(counts(&plain), counts(&hashed), "{args:?} {extra:?}");
            assert!(hashed.contains("\ntable "), "{hashed}");
        }
    }
    let o = stdout(&konane(&["perft", "--size", "8x8", "--depth", "10", "--hash-mb", "16", "--threads", "2"]));
    assert!(o.contains("nodes 51883544\n"), "{o}");
    refused(
        &["perft", "--depth", "3", "--hash-mb", "lots"],
        "--hash-mb must be a whole number from 0 to 65536, found 'lots'",
    );
    refused(&["perft", "--depth", "3", "--hash-mb", "70000"], "--hash-mb must be a whole number from 0 to 65536");
}

// ---- Hardening (issue 22): each class of crash, wrong answer and lost work, by the binary ----

/// Sets an `setrlimit` limit in the child before it runs (`ulimit` without a shell); a file
/// size limit also ignores SIGXFSZ, so a write past it fails with an error instead of a signal.
fn cap(cmd: &mut Command, resource: libc::__rlimit_resource_t, bytes: u64) -> &mut Command {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
            if libc::setrlimit(resource, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if resource == libc::RLIMIT_FSIZE {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            }
            Ok(())
        })
    }
}

/// Runs `konane args` to its end (killed if it hangs), after `setup` on the command.
fn run_with(args: &[&str], setup: impl FnOnce(&mut Command)) -> Output {
    let mut cmd = Command::new(bin());
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    setup(&mut cmd);
    Guard::spawn(&mut cmd).finish(Duration::from_secs(300), &format!("{args:?}"))
}

/// Asserts exit status 2 and exactly one `konane:` line on stderr containing `message`.
fn one_line_refusal(o: &Output, args: &[&str], message: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.starts_with("konane: ") && err.lines().count() == 1, "{args:?}: {err:?}");
    assert!(err.contains(message), "{args:?}: expected {message:?} in {err:?}");
}

#[test]
fn tables_too_big_for_the_memory_left_are_refused_naming_their_flag() {
    // An address-space limit (`ulimit -v`) makes "the memory left" the same on every machine.
    const CAPPED: u64 = 1500 << 20;
    let dir = temp_dir("tables");
    let out = dir.join("p.txt");
    let out = out.to_str().unwrap();
    for (args, message) in [
        (&["perft", "--depth", "3", "--hash-mb", "4096"][..], "--hash-mb 4096: the perft table would take 4096 MiB"),
        (&["solve", "--size", "12x12", "--table-mb", "4096"][..], "--table-mb 4096: the solver's table would take"),
        (&["solve", "--size", "7x7", "--table-mb", "4096"][..], "--table-mb 4096: the solver's table would take"),
        (&["solve", "--size", "8x8", "--independent", "--table-mb", "4096"][..], "--table-mb 4096: "),
        (&["puzzle", "check", "assets/puzzles/6x6.txt", "--max-nodes", "100000000"][..], "--max-nodes 100000000: "),
        (
            &["puzzle", "generate", "--size", "6x6", "--out", out, "--max-nodes", "100000000"][..],
            "--max-nodes 100000000: ",
        ),
    ] {
        let o = run_with(args, |c| {
            cap(c, libc::RLIMIT_AS, CAPPED);
        });
        one_line_refusal(&o, args, message);
        assert!(stderr(&o).contains("of memory are free: give at most "), "{}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: nothing is done first: {}", stdout(&o));
    }
    assert!(!dir.join("p.txt").exists());
    // Without a cap: more than any machine has.
    let args = ["solve", "--size", "12x12", "--table-mb", "1048576"];
    one_line_refusal(&run_with(&args, |_| {}), &args, "--table-mb 1048576: the solver's table would take 1048576 MiB");
    // A table larger than a position can fill is only as large as it can fill (the flag is a
    // maximum): these ran out of memory before, after printing their result.
    let o = konane(&["solve", "--size", "4x4", "--verify", "--table-mb", "1048576"]);
    assert!(o.status.success() && stdout(&o).contains("verified: the strategy of White wins"), "{}", stderr(&o));
    let o = konane(&["solve", "--size", "4x4", "--independent", "--table-mb", "1048576"]);
    assert!(o.status.success() && stdout(&o).contains("winner White"), "{}", stderr(&o));
}

/// A little file of each kind the commands read, for the output tests.
fn sample_files(dir: &std::path::Path) -> (String, String) {
    let record = dir.join("game.txt");
    std::fs::write(&record, "position B...../W...../....../W...../....../...... b\na6-a4 a3-a5\n").unwrap();
    let puzzles = dir.join("puzzles.txt");
    std::fs::write(&puzzles, "B...../W...../....../W...../....../...... b | win in 1 | plies 1 | a6-a2\n").unwrap();
    (record.to_str().unwrap().to_string(), puzzles.to_str().unwrap().to_string())
}

#[test]
fn a_full_or_closed_output_is_an_error_never_a_panic() {
    let dir = temp_dir("full");
    let (record, puzzles) = sample_files(&dir);
    let sounds = dir.join("sounds");
    let sounds = sounds.to_str().unwrap();
    let four = "BWBW/WBWB/BWBW/WBWB b";
    let commands: Vec<Vec<&str>> = vec![
        vec!["moves", "--position", four],
        vec!["perft", "--size", "6x6", "--depth", "3"],
        vec!["perft", "--size", "6x6", "--depth", "3", "--divide", "--threads", "2", "--hash-mb", "1"],
        vec!["solve", "--size", "4x4"],
        vec!["solve", "--size", "4x4", "--independent", "--winner-only"],
        vec!["play-record", &record],
        vec!["hint", "--position", four, "--ms", "20"],
        vec!["match", "--size", "5x5", "--black", "beginner", "--white", "easy", "--games", "2", "--move-ms", "5"],
        vec!["sounds", "--out", sounds],
        vec!["puzzle", "check", &puzzles],
        vec!["analyse", &record, "--ms", "5"],
        vec!["--help"],
        vec!["--version"],
        vec!["solve", "--help"],
    ];
    for args in &commands {
        // Standard output on a full device: one line on standard error.
        let o = run_with(args, |c| {
            c.stdout(std::fs::File::create("/dev/full").unwrap());
        });
        one_line_refusal(&o, args, "konane: cannot write to standard output: No space left on device");
        // Both on a full device: nothing can be said, and the exit status says it.
        let o = run_with(args, |c| {
            c.stdout(std::fs::File::create("/dev/full").unwrap()).stderr(std::fs::File::create("/dev/full").unwrap());
        });
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        // A pipe its reader has closed: a quiet end, as `| head` expects.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = run_with(args, |c| {
            c.stdout(writer);
        });
        use std::os::unix::process::ExitStatusExt;
        let quiet = o.status.signal() == Some(libc::SIGPIPE) || o.status.code() == Some(141);
        assert!(quiet && o.stderr.is_empty(), "{args:?}: {:?} {}", o.status, stderr(&o));
    }
    // A failure reported to a full standard error: still exit status 2, not a panic.
    let o = run_with(&["moves", "--position", "nonsense"], |c| {
        c.stderr(std::fs::File::create("/dev/full").unwrap());
    });
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn every_subcommand_works_or_refuses_on_the_smallest_boards() {
    let dir = temp_dir("tiny");
    for (r, c) in [(1u8, 1u8), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (2, 3), (3, 2), (1, 4)] {
        let size = format!("{r}x{c}");
        let start = position_to_string(&Position::start(Geometry::new(r, c).unwrap()));
        let out = dir.join(format!("p{size}.txt"));
        let out = out.to_str().unwrap();
        let commands: Vec<Vec<&str>> = vec![
            vec!["perft", "--size", &size, "--depth", "4"],
            vec!["perft", "--size", &size, "--depth", "4", "--divide", "--threads", "2", "--hash-mb", "1"],
            vec!["moves", "--position", &start],
            vec!["hint", "--position", &start, "--ms", "20"],
            vec!["solve", "--size", &size],
            vec!["solve", "--size", &size, "--verify", "--leaves", "1"],
            vec!["solve", "--size", &size, "--independent", "--winner-only"],
            vec!["match", "--size", &size, "--black", "beginner", "--white", "easy", "--games", "2", "--move-ms", "5"],
            vec!["puzzle", "generate", "--size", &size, "--count", "3", "--max-games", "5", "--out", out],
        ];
        for args in &commands {
            let o = run_with(args, |_| {});
            let err = stderr(&o);
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            match o.status.code() {
                Some(0) => {}
                Some(2) => assert!(err.starts_with("konane: ") && err.lines().count() == 1, "{args:?}: {err}"),
                other => panic!("{args:?}: exit status {other:?}: {err}"),
            }
        }
    }
}

/// A display number nobody serves: no socket of that number exists, and no other test of
/// this run is given it (one of them serves a stand-in on its number).
fn unused_display() -> u32 {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    loop {
        let i = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let n = 40_000 + (std::process::id() * 7 + i) % 20_000;
        if !std::path::Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
            return n;
        }
    }
}

#[test]
fn a_display_without_a_server_is_no_display() {
    let line = "konane: no display found: set DISPLAY to a running X server (Xwayland on Wayland), or use a subcommand — konane --help";
    let n = unused_display();
    let empty = dir_for_settings();
    for env in [
        vec![("DISPLAY", format!(":{n}"))],
        vec![("DISPLAY", format!("unix:{n}.0"))],
        vec![("WAYLAND_DISPLAY", "wayland-0".to_string())],
        vec![],
    ] {
        let o = run_with(
            &["--start", "--data-dir", empty.to_str().unwrap(), "--settings", empty.join("s.txt").to_str().unwrap()],
            |c| {
                c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
                for (k, v) in &env {
                    c.env(k, v);
                }
            },
        );
        assert_eq!(o.status.code(), Some(2), "{env:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).trim_end(), line, "{env:?}");
    }
}

/// A directory for the game's settings and saves, of its own for each test.
fn dir_for_settings() -> std::path::PathBuf {
    temp_dir(&format!("game-files-{}", unused_display()))
}

#[test]
fn a_missing_vulkan_driver_is_named_in_one_line() {
    // A stand-in X server: a socket that accepts connections, enough for the display check;
    // the Vulkan check comes next and must stop the game before winit talks to it.
    use std::os::linux::net::SocketAddrExt;
    let n = unused_display();
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(format!("/tmp/.X11-unix/X{n}")).unwrap();
    let _server = std::os::unix::net::UnixListener::bind_addr(&addr).unwrap();
    let files = dir_for_settings();
    let o = run_with(
        &["--start", "--data-dir", files.to_str().unwrap(), "--settings", files.join("s.txt").to_str().unwrap()],
        |c| {
            c.env("DISPLAY", format!(":{n}")).env_remove("WAYLAND_DISPLAY").env("VK_ICD_FILENAMES", "/nonexistent");
        },
    );
    one_line_refusal(
        &o,
        &["VK_ICD_FILENAMES=/nonexistent konane"],
        "konane: no Vulkan driver found: the game draws with Vulkan; install mesa-vulkan-drivers",
    );
    assert!(stderr(&o).contains("VK_ICD_FILENAMES is '/nonexistent'"), "{}", stderr(&o));
}

#[test]
fn a_plan_of_no_plies_still_decides_and_lists_the_first_moves() {
    // One open leaf is enough for --leaves 1 at the root: the root itself was the plan's only
    // leaf, and its winning first move went missing.
    let o = konane(&["solve", "--position", "WB.. w", "--leaves", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("winner White\nwinning first moves a1-c1\n"), "{}", stdout(&o));
    let o = konane(&["solve", "--position", "WB.. w", "--leaves", "1", "--verify"]);
    assert!(o.status.success() && stdout(&o).contains("verified"), "{}{}", stdout(&o), stderr(&o));
    let dir = temp_dir("zero-plies");
    let path = dir.join("pl.txt");
    let path = path.to_str().unwrap();
    let o = konane(&["solve", "--position", "WB.. w", "--leaves", "1", "--proof-leaves", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("proof leaves {path}: 1 for 1 decided first moves")), "{}", stdout(&o));
}

#[test]
fn output_files_are_checked_before_the_work_starts() {
    // Each of these would run for an hour or more before writing: only a check before the
    // work ends them with a refusal and nothing printed.
    let dir = temp_dir("early");
    let d = dir.to_str().unwrap();
    for (args, message) in [
        (
            &["solve", "--size", "7x7", "--checkpoint", "/nonexistent-dir/ck.txt"][..],
            "cannot write /nonexistent-dir/ck.txt: the directory /nonexistent-dir does not exist",
        ),
        (&["solve", "--size", "7x7", "--checkpoint", "/proc/self/ck.txt"][..], "cannot write /proc/self/ck.txt: "),
        (&["solve", "--size", "7x7", "--checkpoint", d][..], "not a regular file (it is a directory)"),
        (
            &["solve", "--size", "7x7", "--proof-leaves", "/nonexistent-dir/pl.txt"][..],
            "cannot write /nonexistent-dir/pl.txt: the directory /nonexistent-dir does not exist",
        ),
        (&["solve", "--size", "7x7", "--proof-leaves", "/dev/full"][..], "not a regular file (it is a device)"),
        (
            &[
                "puzzle",
                "generate",
                "--size",
                "8x8",
                "--count",
                "10000",
                "--max-games",
                "1000000",
                "--out",
                "/nonexistent-dir/p.txt",
            ][..],
            "the directory /nonexistent-dir does not exist",
        ),
        (
            &["puzzle", "generate", "--size", "8x8", "--count", "10000", "--out", "/proc/self/p.txt"][..],
            "cannot write /proc/self/p.txt",
        ),
        (&["sounds", "--out", "/proc/self"][..], "cannot write /proc/self/"),
    ] {
        let o = run_with(args, |_| {});
        one_line_refusal(&o, args, message);
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
    }
    // Nothing of ours is left where the check wrote.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn a_file_that_fails_late_fails_the_command_but_keeps_the_results() {
    // A file-size limit lets the check before the work pass (it writes one byte) and makes the
    // real writes fail, like a disk that fills up during the run.
    let dir = temp_dir("late");
    let limit = |c: &mut Command| {
        cap(c, libc::RLIMIT_FSIZE, 200);
    };
    let ck = dir.join("ck.txt");
    let o = run_with(&["solve", "--size", "5x6", "--leaves", "64", "--checkpoint", ck.to_str().unwrap()], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).contains("winner White"), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.lines().next().unwrap().contains("cannot write the checkpoint") && err.contains("the proof goes on"),
        "{err}"
    );
    assert!(err.lines().last().unwrap().ends_with("it lacks the leaves proven since its last good write"), "{err}");
    let pl = dir.join("pl.txt");
    let o = run_with(&["solve", "--size", "5x6", "--leaves", "64", "--proof-leaves", pl.to_str().unwrap()], limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("winner White") && stdout(&o).contains("# konane solve proof leaves\n"),
        "{}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("the proof leaves follow on standard output instead"), "{}", stderr(&o));
    let p = dir.join("p.txt");
    let args = [
        "puzzle",
        "generate",
        "--size",
        "5x5",
        "--count",
        "4",
        "--out",
        p.to_str().unwrap(),
        "--max-games",
        "60",
        "--max-nodes",
        "100000",
    ];
    let o = run_with(&args, limit);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("# Kōnane puzzles, 5x5"), "{}", stdout(&o));
    assert!(stderr(&o).contains("puzzles follow on standard output instead"), "{}", stderr(&o));
}

#[test]
fn a_script_is_read_with_the_checks_of_records() {
    let dir = temp_dir("script");
    let fifo = dir.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let big = dir.join("big.txt");
    std::fs::write(&big, "wait 1\n".repeat(200_000)).unwrap();
    let odd = dir.join("odd.txt");
    std::fs::write(&odd, "\u{1b}[2J\n").unwrap();
    for (path, message) in [
        ("/dev/zero", "konane: script: cannot read /dev/zero: not a regular file (it is a device)"),
        (fifo.to_str().unwrap(), "not a regular file (it is a FIFO)"),
        (dir.to_str().unwrap(), "not a regular file (it is a directory)"),
        (big.to_str().unwrap(), "it has 1400000 bytes; at most 1048576 are accepted"),
        (odd.to_str().unwrap(), "script line 1: unknown command '\\u{1b}[2J'"),
    ] {
        let args = ["--script", path];
        let o = run_with(&args, |c| {
            c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        });
        one_line_refusal(&o, &args, message);
    }
}

#[test]
fn checkpoint_faults_and_parser_errors_quote_input_short_and_escaped() {
    let dir = temp_dir("quote");
    let ck = dir.join("ck.txt");
    let head = "konane solve checkpoint 1\nposition BWBWB/WBWBW/BWBWB/WBWBW/BWBWB b\n";
    let long = "x".repeat(10_000_000);
    for text in [
        format!("konane solve checkpoint 1\nposition \u{1b}[31m{long}\n"),
        format!("{head}leaves \u{1b}[2J{long}\n"),
        format!("{head}leaves 256\nnodes \u{1b}]0;{long}\n"),
        format!("{head}leaves 256\nnodes 1\nseconds \u{1b}[5m{long}\n"),
        format!("{head}leaves 256\nnodes 1\nseconds 1\nleaf \u{1b}[1m{long}\n"),
    ] {
        std::fs::write(&ck, text).unwrap();
        let args = ["solve", "--size", "5x5", "--checkpoint", ck.to_str().unwrap()];
        let o = konane(&args);
        one_line_refusal(&o, &args, "\\u{1b}");
        assert!(o.stderr.len() < 400 && !o.stderr.contains(&0x1b), "{} bytes: {}", o.stderr.len(), stderr(&o));
    }
    // The command-line parser's own messages too.
    for args in [
        &["--seed", "\u{1b}[2J"][..],
        &["--window-size", "\u{1b}[2J"][..],
        &["perft", "--bogus\u{1b}[2J"][..],
        &["puzzle", "generate", "--size", "5x5", "--out", "x", "--count", "\u{1b}[2J"][..],
        &["analyse", "f", "--ms", "\u{1b}[2J"][..],
    ] {
        let o = konane(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(!o.stderr.contains(&0x1b) && err.contains("\\u{1b}[2J"), "{args:?}: {err}");
    }
}

#[test]
fn stale_temporaries_are_cleaned_on_the_next_write_to_their_directory() {
    let dir = temp_dir("stale");
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = [format!(".lift.wav.{dead}.0.tmp"), format!(".game-001.txt.{dead}.12.tmp")];
    for name in &stale {
        std::fs::write(dir.join(name), "half a file").unwrap();
    }
    std::fs::write(dir.join("keep.tmp"), "not ours").unwrap();
    let o = konane(&["sounds", "--out", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    for name in &stale {
        assert!(!dir.join(name).exists(), "{name} left behind");
    }
    assert!(dir.join("keep.tmp").exists() && dir.join("lift.wav").exists());
}

#[test]
fn ctrl_c_stops_puzzle_generation_and_keeps_the_puzzles_found() {
    use std::io::BufRead;
    let dir = temp_dir("generate-stop");
    let out = dir.join("p.txt");
    let mut cmd = Command::new(bin());
    cmd.args(["puzzle", "generate", "--size", "5x5", "--count", "10000", "--max-games", "1000000"])
        .args(["--max-nodes", "20000", "--out", out.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut guard = Guard::spawn(&mut cmd);
    let child = guard.0.as_mut().unwrap();
    // The first progress line (every 50 games when stderr is not a terminal) shows it is at
    // work; then Ctrl-C.
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().expect("a progress line").unwrap();
    assert!(first.starts_with("game    50"), "{first}");
    // SAFETY: sending a signal to our own child process.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) }, 0);
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let o = guard.finish(Duration::from_secs(120), "puzzle generate after Ctrl-C");
    assert_eq!(o.status.code(), Some(130), "{rest:?}");
    assert!(rest.last().unwrap().starts_with("konane: interrupted: "), "{rest:?}");
    assert!(rest.last().unwrap().contains("puzzles kept after"), "{rest:?}");
    let text = std::fs::read_to_string(&out).expect("the puzzles found are written");
    assert!(text.starts_with("# Kōnane puzzles, 5x5"), "{text}");
    assert!(stdout(&o).contains("games played"), "{}", stdout(&o));
}

#[test]
fn tune_fits_weights_to_recorded_games_and_the_weights_play() {
    let dir = temp_dir("tune");
    let records = dir.join("games");
    let o = konane(&[
        "match",
        "--size",
        "6x6",
        "--black",
        "medium",
        "--white",
        "easy",
        "--games",
        "30",
        "--threads",
        "2",
        "--move-ms",
        "20",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A stray file that is not a record is skipped; a broken record is named.
    std::fs::write(records.join("notes.md"), "not a record").unwrap();
    let o = konane(&["tune", "--records", records.to_str().unwrap(), "--skip", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("30 finished games: "), "{out}");
    for row in ["own moves", "opponent's multiple jumps", "mobility", "full (Expert's)", "linear (scaled)"] {
        assert!(out.contains(row), "{row} missing: {out}");
    }
    let fit_loss = |name: &str| -> f64 {
        let line = out.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("no {name} row: {out}"));
        line[name.len()..].split_whitespace().next().unwrap().parse().unwrap()
    };
    // The fitted model contains the built-in evaluations (scaled) as special cases, so it fits
    // the games at least as well, and better than knowing nothing (log 2 per position).
    assert!(fit_loss("linear (fitted)") <= fit_loss("full (Expert's)") + 1e-6, "{out}");
    assert!(fit_loss("linear (fitted)") <= fit_loss("mobility") + 1e-6, "{out}");
    assert!(fit_loss("linear (fitted)") < std::f64::consts::LN_2, "{out}");
    let player = out.lines().find_map(|l| l.strip_prefix("as a player: ")).expect("player line").to_string();
    let weights: Vec<&str> = player.strip_prefix("expert-lin:").unwrap().split(':').collect();
    assert_eq!(weights.len(), 8, "{player}");
    assert!(weights.iter().any(|w| w.trim_start_matches('-') == "16"), "largest weight not scaled to 16: {player}");
    // The printed player plays a legal match.
    let o =
        konane(&["match", "--size", "6x6", "--black", &player, "--white", "easy", "--games", "2", "--move-ms", "20"]);
    assert!(o.status.success(), "{player}: {}", stderr(&o));
    std::fs::write(records.join("game-999.txt"), "6x6\nd4 c3\nzz9\n").unwrap();
    refused(&["tune", "--records", records.to_str().unwrap()], "game-999.txt: line 3, column 1");
    refused(&["tune", "--records", dir.join("none").to_str().unwrap()], "cannot read");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    refused(&["tune", "--records", empty.to_str().unwrap()], "0 finished games in 0 record files: too few");
    refused(&["match", "--black", "expert-lin:1:2", "--white", "easy"], "8 weights separated by ':'");
    refused(&["match", "--black", "expert-lin:1:2:3:4:5:6:7:x", "--white", "easy"], "weight x is not a whole number");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The files a command names itself inside a folder the user gave (the icon theme, manual
/// pages, completions, sounds, a match's records) replace a symlink planted at their name
/// instead of writing through it, and a folder of the icon theme that is a link is refused.
#[test]
fn names_a_command_chooses_in_a_folder_never_write_through_a_planted_symlink() {
    let dir = temp_dir("planted-links");
    let victim = dir.join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let plant = |at: &std::path::Path| {
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(&victim, at).unwrap();
    };
    let sounds = konane::synth::Effect::all()[0].name();
    let cases: Vec<(Vec<String>, std::path::PathBuf)> = vec![
        (vec!["icon".into()], dir.join("icons").join("16x16/apps/konane.png")),
        (vec!["manual".into()], dir.join("man").join("konane.6")),
        (vec!["completions".into()], dir.join("comp").join("konane.bash")),
        (vec!["sounds".into()], dir.join("sounds").join(format!("{sounds}.wav"))),
    ];
    for (command, planted) in &cases {
        plant(planted);
        let folder = planted.ancestors().find(|a| a.parent() == Some(&dir)).unwrap();
        let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
        args.extend(["--out", folder.to_str().unwrap()]);
        let o = konane(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious", "{args:?} wrote through the link");
        assert!(std::fs::symlink_metadata(planted).unwrap().file_type().is_file(), "{args:?}: the link stays");
    }
    let records = dir.join("records");
    plant(&records.join("game-001.txt"));
    let o = konane(&[
        "match",
        "--black",
        "easy",
        "--white",
        "easy",
        "--games",
        "1",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious", "match --records wrote through the link");
    // A folder of the theme that leads elsewhere: refused, nothing written there.
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let icons = dir.join("icons2");
    std::fs::create_dir_all(&icons).unwrap();
    std::os::unix::fs::symlink(&elsewhere, icons.join("32x32")).unwrap();
    let o = konane(&["icon", "--out", icons.to_str().unwrap()]);
    assert!(!o.status.success() && stderr(&o).contains("is a symlink"), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Ctrl-C is caught from a stopping command's first instant: as soon as the process has a
/// handler for it (seen in /proc, no timing guessed), an interrupt ends `perft` with exit
/// status 130 and what it counted, never by the signal, even before its count has begun.
#[test]
fn ctrl_c_at_any_moment_of_a_command_exits_130() {
    let dir = temp_dir("early-interrupt");
    let mut cmd = Command::new(bin());
    cmd.args(["perft", "--size", "8x8", "--depth", "14", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let guard = Guard::spawn(&mut cmd);
    let pid = guard.0.as_ref().unwrap().id();
    let caught = || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
    };
    let start = Instant::now();
    while !caught() {
        assert!(start.elapsed() < Duration::from_secs(60), "the command never took Ctrl-C");
        std::thread::yield_now();
    }
    // SAFETY: signalling our own child, which is still running (reaped only by the guard).
    unsafe {
        libc::kill(pid as i32, libc::SIGINT);
    }
    let out = guard.finish(Duration::from_secs(300), "perft");
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `serve-bench` that measures nothing (no server answers) fails and says so, and what it
/// echoes of `--server` comes escaped, never as raw control characters.
#[test]
fn serve_bench_that_measures_nothing_fails_and_echoes_no_control_characters() {
    let o = konane(&["serve-bench", "--server", "127.0.0.1:1\u{7}\u{1b}[31m", "--games", "2", "--seconds", "1"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("nothing was measured at 2"), "{err}");
    assert!(!err.contains('\u{7}') && !err.contains('\u{1b}'), "{err:?}");
}

/// A `game-NNN.txt` in the records folder that a record cannot replace (here a folder) is
/// found before any game is played, not after its game.
#[test]
fn match_refuses_a_records_folder_with_an_unwritable_game_name_before_playing() {
    let dir = temp_dir("records-blocked");
    std::fs::create_dir_all(dir.join("game-002.txt")).unwrap();
    let o =
        konane(&["match", "--black", "easy", "--white", "easy", "--games", "3", "--records", dir.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("game-002.txt is not a file a record can replace"), "{err}");
    assert!(!dir.join("game-001.txt").exists(), "a game was played first");
    let _ = std::fs::remove_dir_all(&dir);
}
