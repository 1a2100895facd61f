//! What several test files share: a `konane serve` child that is always ended and reaped.

#![allow(dead_code)]

pub mod devices;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Only catches a hang; never a speed target.
pub const LIMIT: Duration = Duration::from_secs(120);

/// A fresh scratch directory for one test; removed when the test binary ends (see
/// [`remove_at_exit`]), also when a test failed.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    remove_at_exit();
    dir
}

/// Removes, when the test binary exits (after every test, passed or failed: the harness
/// returns from main either way), every `konane-*-PID…` folder of this process in the
/// temporary directory.
pub fn remove_at_exit() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    extern "C" fn clean() {
        let pid = format!("-{}", std::process::id());
        let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = name.starts_with("konane-")
                && name.find(&pid).is_some_and(|i| {
                    let rest = &name[i + pid.len()..];
                    rest.is_empty() || rest.starts_with('-')
                });
            if ours {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    // SAFETY: registers a plain function to run at exit; it only touches the file system.
    ONCE.call_once(|| unsafe {
        libc::atexit(clean);
    });
}

/// A `konane serve` child, killed (SIGKILL) and reaped when dropped, also when a test fails.
pub struct Server {
    child: Option<Child>,
    /// `host:port` it listens on.
    pub addr: String,
    database: String,
}

impl Server {
    /// Starts one on `listen` with the database in `dir`, and waits until it says where it
    /// listens (a state, not a time).
    pub fn start(dir: &Path, listen: &str, extra: &[&str]) -> Server {
        Server::start_with(dir.join("games.sqlite").to_str().unwrap(), listen, extra)
    }

    /// Starts one on `listen` keeping its games in `database` (a file or a postgres:// address).
    pub fn start_with(database: &str, listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
            .args(["serve", "--listen", listen, "--database", database])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("konane serve starts");
        let stdout = child.stdout.take().unwrap();
        let mut server = Server { child: Some(child), addr: String::new(), database: database.to_string() };
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = std::io::BufReader::new(stdout).lines();
            if let Some(Ok(first)) = lines.next() {
                let _ = tx.send(first);
            }
            for _ in lines {}
        });
        let line = rx.recv_timeout(LIMIT).expect("konane serve says where it listens");
        server.addr = line.strip_prefix("konane serve: listening on ").expect("the listening line").to_string();
        server
    }

    /// Kills it (SIGKILL) and reaps it.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// Killed with SIGKILL, then started again on the same address and database.
    pub fn restart(&mut self, extra: &[&str]) {
        self.kill();
        let again = Server::start_with(&self.database.clone(), &self.addr.clone(), extra);
        *self = again;
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A PostgreSQL server of Debian's `postgresql` package in a scratch directory, on a free
/// loopback port, stopped (SIGKILL) and reaped when dropped. It runs as the `postgres` user
/// when the tests run as root (PostgreSQL refuses root).
pub struct Postgres {
    child: Option<Child>,
    /// The address to give `konane serve --database`.
    pub url: String,
    dir: PathBuf,
}

impl Postgres {
    /// Starts one, or says why not: `None` (with a message) only when PostgreSQL is not
    /// installed and `KONANE_REQUIRE_POSTGRES` is unset; `.ci/run` sets it.
    pub fn start(name: &str) -> Option<Postgres> {
        let Some(bin) = postgres_bin() else {
            let why = "PostgreSQL is not installed (apt-get install postgresql, or make test-deps)";
            if std::env::var_os("KONANE_REQUIRE_POSTGRES").is_some() {
                panic!("{why}, and KONANE_REQUIRE_POSTGRES is set");
            }
            eprintln!("skipped: {why}");
            return None;
        };
        let dir = scratch(name);
        let owner = unprivileged_owner(&dir);
        let data = dir.join("data");
        let as_owner = |cmd: &mut Command| {
            if let Some((uid, gid)) = owner {
                use std::os::unix::process::CommandExt;
                cmd.uid(uid).gid(gid);
            }
        };
        let mut init = Command::new(bin.join("initdb"));
        init.arg("-D").arg(&data).args(["-U", "konane", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
        as_owner(&mut init);
        let out = init.output().expect("initdb runs");
        assert!(out.status.success(), "initdb failed: {}", String::from_utf8_lossy(&out.stderr));
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut run = Command::new(bin.join("postgres"));
        run.arg("-D").arg(&data).arg("-k").arg(&dir).arg("-p").arg(port.to_string());
        run.args(["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=60"]);
        run.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        as_owner(&mut run);
        let child = run.spawn().expect("postgres starts");
        let url = format!("postgres://konane@127.0.0.1:{port}/postgres");
        let mut pg = Postgres { child: Some(child), url, dir };
        // Ready when it takes a connection (a state, not a time).
        let t = std::time::Instant::now();
        loop {
            if postgres::Client::connect(&pg.url, postgres::NoTls).is_ok() {
                return Some(pg);
            }
            if let Some(status) = pg.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("postgres stopped at once: {status}");
            }
            assert!(t.elapsed() < LIMIT, "postgres took no connection within {LIMIT:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Postgres {
    /// Asks for an immediate stop (SIGQUIT: the server ends its backends, then itself), and
    /// kills it if it has not stopped after a while.
    fn drop(&mut self) {
        let Some(mut c) = self.child.take() else { return };
        // SAFETY: kill with the pid of our own child, not yet reaped.
        unsafe {
            libc::kill(c.id() as libc::pid_t, libc::SIGQUIT);
        }
        let t = std::time::Instant::now();
        while t.elapsed() < Duration::from_secs(30) && !matches!(c.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = c.kill();
        let _ = c.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Debian's PostgreSQL programs, the newest version installed.
fn postgres_bin() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("postgres").exists() && b.join("initdb").exists())
        .collect();
    found.sort_by_key(|p| p.parent().and_then(|v| v.file_name()?.to_str()?.parse::<u32>().ok()).unwrap_or(0));
    found.pop()
}

/// When running as root: the `postgres` user (else `nobody`), given `dir`.
fn unprivileged_owner(dir: &Path) -> Option<(u32, u32)> {
    // SAFETY: geteuid has no preconditions; getpwnam is given NUL-terminated names and its
    // result is read at once, on this thread.
    unsafe {
        if libc::geteuid() != 0 {
            return None;
        }
        for name in [c"postgres", c"nobody"] {
            let pw = libc::getpwnam(name.as_ptr());
            if !pw.is_null() {
                let (uid, gid) = ((*pw).pw_uid, (*pw).pw_gid);
                let path = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()).unwrap();
                assert_eq!(libc::chown(path.as_ptr(), uid, gid), 0, "chown {}", dir.display());
                return Some((uid, gid));
            }
        }
    }
    panic!("running as root with neither a postgres nor a nobody user");
}

/// Updates a game `App` with a data directory until its history is open (or known to be
/// unusable): it opens on a thread of its own, and a test that removes the directory first
/// would race it. Only a hang reaches [`LIMIT`].
pub fn wait_for_history(app: &mut bevy::app::App) {
    let start = std::time::Instant::now();
    loop {
        let h = app.world().resource::<konane::game::modes::history::PlayerHistory>();
        if h.rating.is_some() || h.problem.is_some() {
            return;
        }
        assert!(start.elapsed() < LIMIT, "the history never opened");
        app.update();
    }
}
