//! What the server crate's test files share.

#![allow(dead_code)]

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A scratch directory for one test, removed when dropped (also when the test fails).
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("konane-server-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn program() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_konane-server"))
}

/// The server child, killed and reaped when dropped (also when the test fails).
pub struct Running(pub Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `konane-server` on a free loopback port with `args`; returns it and its address.
pub fn start(database: &Path, args: &[&str]) -> (Running, String, std::io::BufReader<std::process::ChildStdout>) {
    let mut child = Running(
        Command::new(program())
            .args(["--listen", "127.0.0.1:0", "--database"])
            .arg(database)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(database.with_extension("stderr")).unwrap())
            .spawn()
            .unwrap(),
    );
    let mut stdout = std::io::BufReader::new(child.0.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("konane-server: listening on ").unwrap_or_else(|| panic!("{line:?}"));
    (child, addr.to_string(), stdout)
}
