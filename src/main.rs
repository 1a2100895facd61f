use clap::Parser;
use konane::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Some(cmd) => std::process::exit(run(cmd)),
        None => konane::game::run(cli.game),
    }
}
