use clap::Parser;
use konane::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    match cli.command {
        Some(cmd) => std::process::exit(run(cmd)),
        None => {
            eprintln!("the game window is not built yet; try `konane --help`");
            let _ = cli.game;
            std::process::exit(2)
        }
    }
}
