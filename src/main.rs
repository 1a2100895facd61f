use clap::Parser;
use konane::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Some(cmd) => {
            // Behave like other command-line tools when output is piped into `head`.
            #[cfg(unix)]
            // SAFETY: restoring the default signal disposition before any thread starts.
            unsafe {
                libc::signal(libc::SIGPIPE, libc::SIG_DFL);
            }
            std::process::exit(run(cmd))
        }
        None => konane::game::run(cli.game),
    }
}
