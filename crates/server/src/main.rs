//! `konane-server`: the online game server on its own, without the game's graphics, sound or
//! input libraries. It takes the same flags as `konane serve` and runs the same code.

use konane_core::console::{EXIT_PIPE_CLOSED, OutputError, err, flush};
use konane_server::command::{Failure, ServeArgs, serve};

/// Runs the online game server: it keeps games in an SQLite file (or PostgreSQL), checks every
/// move, and hands out invite codes. Stops cleanly on Ctrl-C or SIGTERM.
#[derive(clap::Parser, Debug)]
#[command(name = "konane-server", version)]
struct Cli {
    #[command(flatten)]
    serve: ServeArgs,
}

fn main() {
    konane_server::set_program_name("konane-server");
    let cli: Cli = konane_server::flags::parse_or_exit("konane-server");
    konane_core::files::fail_writes_past_the_size_limit();
    let code = match serve(&cli.serve).and_then(|()| Ok(flush()?)) {
        Ok(()) => 0,
        Err(Failure::Output(OutputError::Closed)) => EXIT_PIPE_CLOSED,
        Err(Failure::Output(e)) => {
            let _ = err(format_args!("konane-server: {e}\n"));
            2
        }
        Err(Failure::Bad(e)) => {
            let _ = flush();
            let _ = err(format_args!("konane-server: {e}\n"));
            2
        }
    };
    std::process::exit(code)
}
