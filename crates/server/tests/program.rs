//! `konane-server`, the server on its own: it serves real games to real clients and stops
//! cleanly on SIGTERM; it links no graphics, sound or input library and stays small; its
//! systemd unit passes `systemd-analyze verify` with the usual sandboxing.

mod common;
use common::{Running, Scratch, program, start};

use konane_core::rules::Geometry;
use konane_server::bench::{BenchConfig, run};
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Only catches a hang; never a speed target.
const LIMIT: Duration = Duration::from_secs(120);

/// GETs `path` from `addr` over plain HTTP/1.1; returns the status line and the body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    use std::io::Write;
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(LIMIT)).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: test\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (head.lines().next().unwrap_or_default().to_string(), body.to_string())
}

/// `--metrics`: the Prometheus text page counts the games and moves of a load and the
/// latencies of its changes; `/health` answers while the database writer does; the log lines
/// are `key=value` events.
#[test]
fn the_metrics_page_counts_what_happened_and_the_health_check_answers() {
    let dir = Scratch::new("metrics");
    let database = dir.0.join("games.sqlite");
    let (mut child, addr, mut stdout) = start(&database, &["--rate", "10000", "--metrics", "127.0.0.1:0"]);
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let metrics = line.split("http://").nth(1).and_then(|r| r.split('/').next()).unwrap_or_else(|| panic!("{line:?}"));
    let metrics = metrics.to_string();
    let (status, body) = http_get(&metrics, "/health");
    assert_eq!((status.as_str(), body.as_str()), ("HTTP/1.1 200 OK", "ok\n"));
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let report = rt.block_on(run(BenchConfig {
        server: addr.clone(),
        games: 4,
        duration: Duration::from_secs(2),
        size: Geometry::new(4, 4).unwrap(),
        think: Duration::ZERO,
    }));
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    // A wrong code, for the counters.
    rt.block_on(async {
        let mut link = konane_server::client::Link::connect(&addr).await.unwrap();
        link.send(&konane_server::protocol::ClientMsg::Join { code: "ABCDEFG234".into() }).await.unwrap();
        link.recv().await.unwrap();
    });
    let (status, page) = http_get(&metrics, "/metrics");
    assert_eq!(status, "HTTP/1.1 200 OK");
    let value = |name: &str| -> f64 {
        let line =
            page.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("{name}:\n{page}"));
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert!(value("konane_games_hosted_total") >= 4.0, "{page}");
    assert!(value("konane_moves_total") >= report.moves as f64 - 8.0 && value("konane_moves_total") > 0.0, "{page}");
    assert_eq!(value("konane_wrong_guesses_total"), 1.0);
    assert!(value("konane_commit_seconds_count") >= value("konane_moves_total"), "{page}");
    assert!(page.contains("konane_answer_seconds_bucket{le=\"+Inf\"}"), "{page}");
    assert!(page.contains("# TYPE konane_connections gauge"), "{page}");
    assert_eq!(http_get(&metrics, "/nothing").0, "HTTP/1.1 404 Not Found");
    assert!(stop(&mut child).success());
    let log = std::fs::read_to_string(database.with_extension("stderr")).unwrap();
    for line in log.lines().filter(|l| !l.contains("running as root")) {
        assert!(line.starts_with("konane-server: level="), "{line}");
    }
}

/// Guessing invite codes from 20 addresses (127.0.0.2 to 127.0.0.21), a new connection for
/// every guess as the attack that had 40,344 codes answered in 20 s from one address did:
/// each address has its few wrong guesses answered, then waits twice as long after each, and
/// the server logs the refusals once per address.
#[test]
fn guessed_codes_are_answered_a_few_times_per_address_then_held_back() {
    use konane_server::client::Link;
    use konane_server::protocol::{ClientMsg, ErrorCode, ServerMsg};
    let dir = Scratch::new("guess");
    let database = dir.0.join("games.sqlite");
    let (mut child, addr, _stdout) = start(&database, &["--rate", "10000", "--max-connections-per-address", "10000"]);
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let span = Duration::from_secs(4);
    let start = Instant::now();
    let per_address: Vec<(u32, u32)> = rt.block_on(async {
        let guessers: Vec<_> = (2..22)
            .map(|i| {
                let (addr, ip) = (addr.clone(), std::net::IpAddr::from([127, 0, 0, i]));
                tokio::spawn(async move {
                    let (mut answered, mut held) = (0, 0);
                    while start.elapsed() < span {
                        let mut link = Link::connect_from(&addr, Some(ip)).await.expect("connects");
                        link.send(&ClientMsg::Join { code: konane_server::code::new_code() }).await.unwrap();
                        match link.recv().await {
                            Ok(ServerMsg::Error { code: ErrorCode::NoSuchGame, .. }) => answered += 1,
                            Ok(ServerMsg::Error { code: ErrorCode::RateLimited, .. }) => held += 1,
                            other => panic!("{other:?}"),
                        }
                    }
                    (answered, held)
                })
            })
            .collect();
        let mut all = Vec::new();
        for g in guessers {
            all.push(g.await.unwrap());
        }
        all
    });
    let seconds = start.elapsed().as_secs_f64();
    let answered: u32 = per_address.iter().map(|(a, _)| a).sum();
    let held: u32 = per_address.iter().map(|(_, h)| h).sum();
    println!(
        "20 addresses, {seconds:.1} s: {answered} guesses answered ({:.1} a second, {:.2} a second per address), \
         {held} held back",
        answered as f64 / seconds,
        answered as f64 / seconds / 20.0
    );
    // Five free, then waits of 1, 2, 4 s: at most 8 answered in 4 s (a little more if the run
    // took longer on a busy machine).
    let most = 8 + (seconds - 4.0).max(0.0) as u32;
    for (i, (a, h)) in per_address.iter().enumerate() {
        assert!(*a >= 5 && *a <= most, "address {}: {a} answered", i + 2);
        assert!(*h > 0, "address {}: never held back", i + 2);
    }
    assert!(stop(&mut child).success());
    let log = std::fs::read_to_string(database.with_extension("stderr")).unwrap();
    let said = log.lines().filter(|l| l.contains("event=guesses_held_back")).count();
    assert_eq!(said, 20, "one line per address and minute:\n{log}");
}

/// Sends SIGTERM and waits (a state, with a limit that only catches a hang) for the exit.
fn stop(child: &mut Running) -> std::process::ExitStatus {
    // SAFETY: kill(2) on our own child's pid.
    assert_eq!(unsafe { libc::kill(child.0.id() as libc::pid_t, libc::SIGTERM) }, 0);
    let t = Instant::now();
    loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            return status;
        }
        assert!(t.elapsed() < LIMIT, "konane-server did not stop on SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The SQLite log never grows far past `--log-limit-mb` under a steady load (before, a
/// passive checkpoint never caught up with the writer: 68 MB after a minute of 200 games), and
/// a clean stop leaves it empty.
#[test]
fn the_sqlite_log_stays_near_its_limit_under_load_and_is_empty_after_a_clean_stop() {
    let dir = Scratch::new("log-limit");
    let database = dir.0.join("games.sqlite");
    let wal = konane_server::store::log_path(&database);
    let (mut child, addr, _stdout) = start(
        &database,
        &[
            "--rate",
            "10000",
            "--log-limit-mb",
            "1",
            "--max-connections-per-address",
            "1000",
            "--max-games-per-address",
            "1000",
        ],
    );
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = {
        let (done, wal) = (done.clone(), wal.clone());
        std::thread::spawn(move || {
            let mut largest = 0;
            while !done.load(std::sync::atomic::Ordering::SeqCst) {
                largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
                std::thread::sleep(Duration::from_millis(10));
            }
            largest
        })
    };
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let report = rt.block_on(run(BenchConfig {
        server: addr,
        games: 100,
        duration: Duration::from_secs(10),
        size: Geometry::new(8, 8).unwrap(),
        think: Duration::from_millis(5),
    }));
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let largest = watcher.join().unwrap();
    assert!(report.failures.is_empty(), "{:?}", &report.failures[..report.failures.len().min(3)]);
    // About 5 KB of log a move: a load that wrote less than 8 MiB would prove nothing.
    let written = report.moves * 4096;
    assert!(written > 12 << 20, "too light a load to test the limit: {} moves", report.moves);
    let (moves, seconds) = (report.moves, report.seconds);
    println!("{moves} moves in {seconds:.1} s; the log's largest size: {largest} bytes (limit 1 MiB)");
    assert!(largest <= 8 << 20, "the log reached {largest} bytes with a limit of 1 MiB ({moves} moves)");
    assert!(stop(&mut child).success());
    let left = std::fs::metadata(&wal).map_or(0, |m| m.len());
    assert_eq!(left, 0, "a clean stop leaves the log empty");
}

#[test]
fn konane_server_serves_whole_games_and_stops_cleanly_on_sigterm() {
    let dir = Scratch::new("serve");
    let database = dir.0.join("games.sqlite");
    // Simulated players move at once: well over the 20 messages a second a person sends.
    let (mut child, addr, mut stdout) = start(&database, &["--rate", "10000"]);

    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let report = rt.block_on(run(BenchConfig {
        server: addr.to_string(),
        games: 4,
        duration: Duration::from_secs(3),
        size: Geometry::new(4, 4).unwrap(),
        think: Duration::ZERO,
    }));
    assert_eq!(report.failures, Vec::<String>::new());
    assert_eq!(report.games_started, 4);
    assert!(report.games_finished >= 4, "4×4 games end within seconds: {report:?}");

    // SIGTERM: it says so and exits 0, its games kept in the database it was given.
    let status = stop(&mut child);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(status.success(), "{status:?}");
    assert!(rest.contains("konane-server: stopped"), "{rest:?}");
    assert!(std::fs::metadata(&database).unwrap().len() > 0);
}

#[test]
fn konane_server_refuses_a_bad_flag_in_one_line_naming_it() {
    let out = Command::new(program()).args(["--rate", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("konane-server: --rate must be a whole number from 1 to"), "{err}");
    let help = Command::new(program()).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in ["--listen", "--database", "--keep-minutes", "--idle-seconds", "--rate", "--discovery"] {
        assert!(help.contains(flag), "{flag} missing from --help: {help}");
    }
}

/// The shared libraries `ldd` names for the program.
fn linked_libraries() -> Vec<String> {
    let out = Command::new("ldd").arg(program()).output().expect("ldd runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.split_whitespace().next()).map(String::from).collect()
}

#[test]
fn konane_server_links_no_graphics_sound_or_input_library_and_is_small() {
    let libs = linked_libraries();
    for bad in ["libasound", "libudev", "libX11", "libxcb", "libvulkan", "libwayland", "libGL"] {
        assert!(!libs.iter().any(|l| l.starts_with(bad)), "{bad} linked: {libs:?}");
    }
    // What it may link: the C library and its runtime pieces, nothing else.
    for lib in &libs {
        let known =
            ["linux-vdso", "libc.so", "libm.so", "libgcc_s", "/lib64/ld-linux", "ld-linux", "libpthread", "libdl"];
        assert!(known.iter().any(|k| lib.starts_with(k)), "unexpected library {lib}: {libs:?}");
    }
    let bytes = std::fs::metadata(program()).unwrap().len();
    assert!(bytes <= 15 << 20, "konane-server is {bytes} bytes, over 15 MiB");
}

/// A file-system root holding the systemd unit, the program at the path the unit names, and
/// a copy of the system's own units (the targets it is ordered after).
fn unit_root(dir: &Path) -> PathBuf {
    let root = dir.join("root");
    for sub in ["usr/bin", "etc/systemd/system", "lib/systemd"] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
    }
    std::fs::copy(program(), root.join("usr/bin/konane-server")).unwrap();
    let unit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/dist/konane-server.service");
    std::fs::copy(unit, root.join("etc/systemd/system/konane-server.service")).unwrap();
    let copied = Command::new("cp").arg("-r").arg("/lib/systemd/system").arg(root.join("lib/systemd/")).status();
    assert!(copied.unwrap().success());
    root
}

#[test]
fn the_systemd_unit_verifies_and_runs_the_server_sandboxed_as_an_unprivileged_user() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/dist/konane-server.service"))
            .unwrap();
    for line in ["DynamicUser=yes", "StateDirectory=konane-server", "ProtectSystem=strict", "NoNewPrivileges=yes"] {
        assert!(text.lines().any(|l| l == line), "{line} missing");
    }
    assert!(
        Path::new("/lib/systemd/system/sysinit.target").exists(),
        "systemd's units are needed (apt-get install systemd)"
    );
    let dir = Scratch::new("unit");
    let root = unit_root(&dir.0);
    let unit = "/etc/systemd/system/konane-server.service";
    let verify = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .arg(format!("--root={}", root.display()))
        .arg(unit)
        .output();
    let verify = verify.expect("systemd-analyze runs (apt-get install systemd)");
    let said = String::from_utf8_lossy(&verify.stderr).into_owned() + &String::from_utf8_lossy(&verify.stdout);
    // A value systemd does not understand is only a warning: none is allowed.
    assert!(verify.status.success() && said.trim().is_empty(), "systemd-analyze verify: {said}");

    let security = Command::new("systemd-analyze")
        .args(["security", "--offline=true", "--no-pager"])
        .arg(format!("--root={}", root.display()))
        .arg(unit)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&security.stdout);
    let exposure: f64 = report
        .lines()
        .find_map(|l| l.split("Overall exposure level for konane-server.service: ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no exposure level: {report}{}", String::from_utf8_lossy(&security.stderr)));
    assert!(exposure <= 2.0, "exposure {exposure} (0 is best, 10 worst): {report}");
}
