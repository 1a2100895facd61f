//! What several test files share: a `konane serve` child that is always ended and reaped.

#![allow(dead_code)]

pub mod devices;

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Only catches a hang; never a speed target.
pub const LIMIT: Duration = Duration::from_secs(120);

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A `konane serve` child, killed (SIGKILL) and reaped when dropped, also when a test fails.
pub struct Server {
    child: Option<Child>,
    /// `host:port` it listens on.
    pub addr: String,
    dir: PathBuf,
}

impl Server {
    /// Starts one on `listen` with the database in `dir`, and waits until it says where it
    /// listens (a state, not a time).
    pub fn start(dir: &Path, listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
            .args(["serve", "--listen", listen, "--database"])
            .arg(dir.join("games.sqlite"))
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("konane serve starts");
        let stdout = child.stdout.take().unwrap();
        let mut server = Server { child: Some(child), addr: String::new(), dir: dir.to_path_buf() };
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
        let again = Server::start(&self.dir.clone(), &self.addr.clone(), extra);
        *self = again;
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}
