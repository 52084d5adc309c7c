//! AI tournaments for every built-in game: game-arena's command line over the registry.
//!
//! ```text
//! cargo run --release --example arena -- [GAME...] [--lineup A,B,...] [--games N] [--seed S] [--shard K/N] [--json]
//! cargo run --release --example arena -- merge SHARD.json... [--plot FILE.svg]
//! ```
//!
//! The games: `tictactoe`, `duel`, `big-two` (or `big_two`, as the example is called), `life-go`
//! (or `life_go`) and `scoundrel`. With no game named it runs every game's standard lineups.
//! `--json` prints one JSON object per line instead of tables. `--shard K/N` plays only the
//! games of the run whose index is K−1 modulo N (same seeds), so a big run can be spread over
//! machines; `merge` reads the shards' `--json` outputs and prints the report of the whole run.
//! `--plot FILE.svg` also draws every report of the run in one SVG picture, a panel per game and
//! lineup.

fn main() -> std::process::ExitCode {
    recess::game_arena::cli::main_with("arena", recess::games::arena_entries())
}
