//! Online play, without graphics or sound: the protocol, the server (`konane serve` and the
//! `konane-server` program), its store (SQLite or PostgreSQL), the client session the game
//! uses, LAN discovery, the load benchmark (`konane serve-bench`), and the command-line value
//! checks both programs share.

pub mod bench;
pub mod client;
pub mod clock;
pub mod code;
pub mod command;
pub mod discovery;
pub mod flags;
pub mod postgres;
pub mod progress;
pub mod protocol;
pub mod server;
pub mod store;
pub mod tls;

use std::sync::OnceLock;

static PROGRAM: OnceLock<&'static str> = OnceLock::new();

/// Names the program in the server's log lines (`konane serve` unless set): `konane-server`
/// sets its own name first thing.
pub fn set_program_name(name: &'static str) {
    let _ = PROGRAM.set(name);
}

/// The program's name for log lines.
pub fn program() -> &'static str {
    PROGRAM.get().copied().unwrap_or("konane serve")
}

/// Raises this process's soft limit of open files to its hard limit (a server holds one per
/// connection; the usual soft limit of 1,024 is far below the hard one).
pub fn raise_open_file_limit() -> u64 {
    #[cfg(unix)]
    // SAFETY: getrlimit/setrlimit with a valid, initialised struct.
    unsafe {
        let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            if lim.rlim_cur < lim.rlim_max {
                let wanted = libc::rlimit { rlim_cur: lim.rlim_max, rlim_max: lim.rlim_max };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) == 0 {
                    return wanted.rlim_cur;
                }
            }
            return lim.rlim_cur;
        }
    }
    0
}
