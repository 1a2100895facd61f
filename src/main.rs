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

/// Longest message printed for a command-line error (clap quotes the bad value whole).
const MAX_MESSAGE: usize = 240;

/// Parses the command line; a bad one gets one `konane:` line on stderr and exit status 2.
fn parse() -> Cli {
    use clap::error::ErrorKind;
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => e.exit(),
        Err(e) => {
            let text = e.render().to_string();
            let what: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .collect();
            let mut line = what.join(" ").trim_start_matches("error: ").to_string();
            if line.chars().count() > MAX_MESSAGE {
                line = line.chars().take(MAX_MESSAGE).collect::<String>() + "…";
            }
            eprintln!("konane: {line} (see konane --help)");
            std::process::exit(2)
        }
    }
}

fn main() {
    let cli = parse();
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
