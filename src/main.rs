//! The `konane` binary: the game window, or a headless tool when a subcommand is given.

use clap::Parser;
use konane::cli::{Cli, run};

/// Longest message printed for a command-line error (clap quotes the bad value whole).
const MAX_MESSAGE: usize = 240;

/// Parses the command line; a bad one gets one `konane:` line on stderr and exit status 2.
/// Help and version go to stdout, and a stdout that cannot take them is an error too.
fn parse() -> Cli {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use konane::rules::quote::{escaped, shown};
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            use std::io::IsTerminal;
            let text =
                if std::io::stdout().is_terminal() { e.render().ansi().to_string() } else { e.render().to_string() };
            match konane::console::out(format_args!("{text}")).and_then(|()| konane::console::flush()) {
                Ok(()) => std::process::exit(0),
                Err(konane::console::OutputError::Closed) => std::process::exit(konane::cli::EXIT_PIPE_CLOSED),
                Err(e) => {
                    let _ = konane::console::err(format_args!("konane: {e}\n"));
                    std::process::exit(2)
                }
            }
        }
        Err(mut e) => {
            // The bad value or argument, as every message quotes input: shortened, escaped
            // (clap puts it in quotes; rendered as it is, its escape sequences would be dropped).
            for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
                if let Some(ContextValue::String(v)) = e.get(kind).cloned() {
                    e.insert(kind, ContextValue::String(shown(&v)));
                }
            }
            let text = e.render().to_string();
            let what: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .collect();
            let mut line = escaped(what.join(" ").trim_start_matches("error: "));
            if line.chars().count() > MAX_MESSAGE {
                line = line.chars().take(MAX_MESSAGE).collect::<String>() + "…";
            }
            let _ = konane::console::err(format_args!("konane: {line} (see konane --help)\n"));
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
