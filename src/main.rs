//! The `konane` binary: the game window, or a headless tool when a subcommand is given.

use konane::cli::{Cli, run};

fn main() {
    let cli: Cli = konane::online::flags::parse_or_exit("konane");
    konane::files::fail_writes_past_the_size_limit();
    let code = match cli.command {
        Some(cmd) => {
            // Behave like other command-line tools when output is piped into `head`.
            #[cfg(unix)]
            // SAFETY: restoring the default signal disposition before any thread starts.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_DFL);
            }
            run(cmd)
        }
        None => konane::game::run(cli.game),
    };
    std::process::exit(code)
}
