//! The `konane` binary: the game window, or a headless tool when a subcommand is given.

use clap::Parser;
use konane::cli::{Command, run};
use konane::game::GameArgs;

/// Kōnane, the Hawaiian stone-jumping game. Without a subcommand, opens the game window.
#[derive(Parser, Debug)]
#[command(name = "konane", version, about)]
struct Cli {
    /// A headless tool; omit to play.
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of the game window.
    #[command(flatten)]
    game: GameArgs,
}

fn main() {
    let cli = Cli::parse();
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
