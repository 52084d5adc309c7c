//! Take-away at the command line, every tool from the library crates:
//!
//! ```text
//! my-game arena --lineup mine,random --games 50 --seed 1 --json
//! my-game play --ai mine --save-record game.json
//! my-game replay game.json -o game.html
//! ```

use std::ffi::OsString;
use std::process::ExitCode;

use game_arena::cli::Entry;
use game_replay::Games;
use my_game::TakeAway;

const USAGE: &str = "usage: my-game arena|play|replay [FLAGS] (`my-game COMMAND --help` for each)";

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().collect();
    if args.len() < 2 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    // The subcommand stands in for the program's name in what follows.
    let command = args.remove(1);
    match command.to_str() {
        Some("arena") => {
            game_arena::cli::run("my-game arena", vec![Entry::roster::<TakeAway>(200)], args)
        }
        Some("play") => {
            game_terminal::run::<TakeAway, _, _>("my-game play", "my-game replay", args)
        }
        Some("replay") => game_replay::cli::run(
            "my-game replay",
            &Games::new().with_roster::<TakeAway>(),
            args,
        ),
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("my-game: no command {command:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
