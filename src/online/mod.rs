//! Online play: the protocol, the server (`konane serve`), its store, the client session the
//! game uses, LAN discovery, and the load benchmark. Engine-free: no Bevy here.

pub mod bench;
pub mod client;
pub mod code;
pub mod discovery;
pub mod postgres;
pub mod protocol;
pub mod server;
pub mod store;

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
