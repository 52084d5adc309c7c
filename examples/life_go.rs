//! Play two-player Life against an AI, or watch two AIs play.
//!
//! ```text
//! cargo run --release --example life_go                       # you are Black against `strong`
//! cargo run --release --example life_go -- --colour white --ai eval --size 13
//! cargo run --release --example life_go -- --observe --ai strong,eval --seed 3
//! cargo run --release --example life_go -- --observe --ai strong,eval --games 100   # tally only
//! cargo run --release --example life_go -- --black "c3 d3 e3" --white "c6 d6 e6" --size 9
//! ```
//!
//! Type a cell such as `d4` to drop a stone there; `moves` lists the legal drops, `help` explains
//! the rules, `quit` (or end of input) leaves.

use std::io::{BufRead, IsTerminal, Write};

use clap::Parser;
use game_core::derive_seed;
use life_go::file_name;
use life_go::prelude::*;

#[derive(Parser, Debug)]
#[command(
    about = "Two-player Life (life-go): drop a stone next to any stone, then the board ticks."
)]
struct Args {
    /// Board size: `19`, or files×ranks as `25x13` (3 to 64 each).
    #[arg(long, default_value = "19", value_parser = parse_size)]
    size: (usize, usize),
    /// Seed of the game (mirrored setups) and of the AIs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The AI to play against (`random`, `eval`, `strong`); with --observe, `black,white`.
    #[arg(long, default_value = "strong")]
    ai: String,
    /// Watch two AIs play instead of playing.
    #[arg(long)]
    observe: bool,
    /// With --observe: play this many seeded games quietly, the AIs swapping colours after
    /// each, and print the tally (a self-play harness).
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// A custom setup: Black's stones, as `"d3 c5 e5"` (needs --white too).
    #[arg(long, requires = "white")]
    black: Option<String>,
    /// A custom setup: White's stones (needs --black too).
    #[arg(long, requires = "black")]
    white: Option<String>,
    /// Your colour when playing: black (moves first) or white.
    #[arg(long, default_value = "black", value_parser = parse_colour)]
    colour: Colour,
    /// Moves in all after which the player with more stones wins.
    #[arg(long, default_value_t = life_go::DEFAULT_MOVE_LIMIT)]
    move_limit: u32,
    /// Plain text without colour, even on a terminal.
    #[arg(long)]
    plain: bool,
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("{s:?} is not a number; give a size like 19 or 25x13"))
    };
    match text.split_once(['x', 'X', '×']) {
        Some((w, h)) => Ok((number(w)?, number(h)?)),
        None => {
            let side = number(text)?;
            Ok((side, side))
        }
    }
}

fn parse_colour(text: &str) -> Result<Colour, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "black" | "b" | "x" => Ok(Colour::Black),
        "white" | "w" | "o" => Ok(Colour::White),
        other => Err(format!("{other:?} is not a colour; say black or white")),
    }
}

/// How to draw stones: with ANSI colour on a terminal, plain glyphs otherwise.
struct Style {
    colour: bool,
}

impl Style {
    fn stone(&self, stone: Option<Colour>, last: bool) -> String {
        let glyph = match stone {
            Some(Colour::Black) => "●",
            Some(Colour::White) => "○",
            None if last => "×",
            None => "·",
        };
        if !self.colour {
            return format!("{}{glyph}", if last { '>' } else { ' ' });
        }
        let paint = match stone {
            Some(Colour::Black) => "\x1b[1;31m",
            Some(Colour::White) => "\x1b[1;36m",
            None if last => "\x1b[33m",
            None => "\x1b[2m",
        };
        let mark = if last { "\x1b[7m" } else { "" };
        format!(" {mark}{paint}{glyph}\x1b[0m")
    }

    fn name(&self, colour: Colour) -> String {
        let glyph = self.stone(Some(colour), false);
        format!("{} {colour}", glyph.trim_start())
    }
}

fn render(game: &LifeGo, style: &Style) -> String {
    let board = game.board();
    let wide = board.width() > 26;
    let pad = |s: String| if wide { format!("{s:>3}") } else { s };
    let mut out = String::new();
    let header: String = (0..board.width())
        .map(|f| pad(format!("{:>2}", file_name(f))))
        .collect();
    out.push_str(&format!("    {header}\n"));
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..board.width() {
            let Some(cell) = Cell::new(file, rank) else {
                continue;
            };
            let last = game.last_drop() == Some(cell);
            out.push_str(&pad(style.stone(board.get(cell), last)));
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(&format!("    {header}\n"));
    out.push_str(&format!(
        "{} {}   {} {}   move {}/{}",
        style.name(Colour::Black),
        game.stones(Colour::Black),
        style.name(Colour::White),
        game.stones(Colour::White),
        game.moves_played(),
        game.config().move_limit,
    ));
    if let Some(cell) = game.last_drop() {
        out.push_str(&format!("   last drop {cell}"));
    }
    out
}

const HELP: &str = "\
Drop one stone of your colour on an empty cell next to any stone (of either colour), e.g. d4.
Then the whole board takes one tick of Life: an empty cell with exactly 3 neighbours gets a stone
of the majority colour among them; a stone with fewer than 2 or more than 3 neighbours dies; a
stone with 2 or 3 stays and takes the majority colour of its neighbours (a 1-1 tie leaves it).
A colour with no stones loses. Commands: moves (list legal drops), help, quit.";

fn main() -> std::process::ExitCode {
    match run(Args::parse()) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let (width, height) = args.size;
    let mut config = Config {
        move_limit: args.move_limit,
        ..Config::sized(width, height)
    };
    if let (Some(black), Some(white)) = (&args.black, &args.white) {
        config.setup = Setup::custom(black, white)?;
    }
    let mut game = LifeGo::new(config.clone(), args.seed)?;
    let style = Style {
        colour: !args.plain && std::io::stdout().is_terminal(),
    };
    let names: Vec<&str> = args.ai.split(',').map(str::trim).collect();
    let agent = |i: u64, name: &str| LifeGo::agent(name, derive_seed(args.seed, i));
    if args.observe {
        let (black, white) = match names.as_slice() {
            [one] => (*one, *one),
            [black, white] => (*black, *white),
            _ => return Err("--ai takes one name, or black,white when observing".into()),
        };
        if args.games > 1 {
            return tally(&config, args.seed, args.games, [black, white]);
        }
        let mut agents = [agent(1, black)?, agent(2, white)?];
        println!(
            "{black} ({}) against {white} ({})",
            style.name(Colour::Black),
            style.name(Colour::White)
        );
        println!("{}\n", render(&game, &style));
        let mut watched = Match::<LifeGo>::new(config, args.seed)?;
        while watched.step(&mut agents)? {
            let game = watched.state();
            let mover = game.to_move().opponent();
            let drop = game
                .last_drop()
                .map(|cell| cell.to_string())
                .unwrap_or_default();
            println!(
                "{} drops on {drop}\n{}\n",
                style.name(mover),
                render(game, &style)
            );
        }
        game = watched.into_parts().0;
    } else {
        let [name] = names.as_slice() else {
            return Err("--ai takes one name when you play".into());
        };
        let mut opponent = agent(1, name)?;
        let me = args.colour;
        println!(
            "You play {} against {name}. Type a cell such as d4, or help.",
            style.name(me)
        );
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        println!("{}", render(&game, &style));
        while let Turn::Player(seat) = game.turn() {
            if Colour::from_seat(seat) != Some(me) {
                let Some(mv) = ai_move(&game, seat, opponent.as_mut()) else {
                    break;
                };
                game.apply(&mv)?;
                println!("\n{name} drops on {mv}\n{}", render(&game, &style));
                continue;
            }
            print!("{} to move> ", style.name(me));
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else {
                println!("\nbye");
                return Ok(());
            };
            let line = line?;
            let text = line.trim();
            match text.to_ascii_lowercase().as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(()),
                "help" | "?" => {
                    println!("{HELP}");
                    continue;
                }
                "moves" => {
                    let cells: Vec<String> =
                        game.legal_drops().iter().map(ToString::to_string).collect();
                    println!("{} legal drops: {}", cells.len(), cells.join(" "));
                    continue;
                }
                _ => {}
            }
            let mv = match text.parse::<Action>() {
                Ok(mv) => mv,
                Err(err) => {
                    println!("{err}. Type a cell such as d4 (or help).");
                    continue;
                }
            };
            if let Err(err) = game.apply(&mv) {
                println!("{mv} is not allowed: {err}.");
                continue;
            }
            println!("\n{}", render(&game, &style));
        }
    }
    if let Some(outcome) = game.outcome() {
        println!("Game over: {outcome}.");
    }
    Ok(())
}

/// Plays `games` seeded games between `names[0]` and `names[1]`, which swap colours after every
/// game, and prints the first one's wins, losses and draws, by colour too, with its time per move.
fn tally(
    config: &Config,
    seed: u64,
    games: u64,
    names: [&str; 2],
) -> Result<(), Box<dyn std::error::Error>> {
    let start = std::time::Instant::now();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let mut by_colour = [0u32; 2];
    let (mut thinking, mut moves) = (std::time::Duration::ZERO, 0u32);
    for g in 0..games {
        let game_seed = derive_seed(seed, g);
        let first_seat = (g % 2) as usize;
        let mut agents = [
            LifeGo::agent(names[0], derive_seed(game_seed, 1))?,
            LifeGo::agent(names[1], derive_seed(game_seed, 2))?,
        ];
        if first_seat == 1 {
            agents.swap(0, 1);
        }
        let mut played = Match::<LifeGo>::new(config.clone(), game_seed)?;
        loop {
            let mover = played.state().turn();
            let clock = std::time::Instant::now();
            if !played.step(&mut agents)? {
                break;
            }
            if mover == Turn::Player(first_seat) {
                thinking += clock.elapsed();
                moves += 1;
            }
        }
        let winner = played.state().outcome().and_then(|o| o.winner);
        match winner {
            None => draws += 1,
            Some(colour) if colour.seat() == first_seat => wins += 1,
            Some(_) => losses += 1,
        }
        if let Some(colour) = winner {
            by_colour[colour.seat()] += 1;
        }
    }
    println!(
        "{} against {}: {wins} wins, {losses} losses, {draws} draws in {games} games \
         (black won {}, white {}); {} {:.1} ms a move; {:.1} s in all",
        names[0],
        names[1],
        by_colour[0],
        by_colour[1],
        names[0],
        thinking.as_secs_f64() * 1000.0 / f64::from(moves.max(1)),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The agent's drop, or `None` if there is nothing to decide (never, while the game goes on).
fn ai_move(game: &LifeGo, seat: usize, agent: &mut dyn Agent<LifeGo>) -> Option<Action> {
    let legal = game.legal_actions(seat);
    let observation = game.observation(seat);
    Decision::new(seat, &observation, &legal).map(|decision| agent.choose(&decision))
}
