//! Replay pages for the built-in games: game-replay's command line over the registry.
//!
//! ```text
//! cargo run --example replay -- RECORD.json [-o PAGE.html] [--player N]
//! cargo run --example replay -- --sample GAME [--seed S] [--save-sample FILE]
//! ```
//!
//! A record is what every game's `--save-record FILE` writes. The page is one self-contained
//! HTML file: every step drawn, with its move and what happened, stepped through with buttons or
//! the arrow keys, offline in any browser. `--player N` draws the game as player N saw it.

fn main() -> std::process::ExitCode {
    let games = recess::games::replay_games();
    recess::game_replay::cli::run("replay", &games, std::env::args_os())
}
