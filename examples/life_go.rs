//! Play two-player Life against an AI, or watch two AIs play.
//!
//! ```text
//! cargo run --release --example life_go                       # you are Black against `strong`
//! cargo run --release --example life_go -- --colour white --ai eval --size 13
//! cargo run --release --example life_go -- --observe strong,eval --seed 3
//! cargo run --release --example life_go -- --observe strong,eval --games 100   # tally only
//! cargo run --release --example life_go -- --black "c3 d3 e3" --white "c6 d6 e6" --size 9
//! ```
//!
//! Type a cell such as `d4` to drop a stone there; `moves` lists the legal drops, `help` (or `?`)
//! explains the rules and the board, `quit` (or `q`, or the end of the input) leaves.

mod common;

use clap::Parser;
use common::{Answer, Common, Input, capitalise, paint, refuse, seed_note, wrap};
use game_core::derive_seed;
use life_go::prelude::*;
use life_go::{Board, MoveReport, file_name};

/// Two-player Life (life-go): drop a stone next to any stone, then the board ticks. Play an AI,
/// or watch two.
#[derive(Parser, Debug)]
#[command(long_about = None)]
struct Args {
    /// The AI you play against: random, eval or strong [default: strong]
    #[arg(long, value_name = "AI")]
    ai: Option<String>,
    /// Watch two AIs instead: Black's and White's, as `strong,eval` (one name plays both)
    /// [default: strong,eval]
    #[arg(
        long,
        value_name = "BLACK_AI,WHITE_AI",
        num_args = 0..=1,
        value_delimiter = ',',
        default_missing_values = ["strong", "eval"]
    )]
    observe: Option<Vec<String>>,
    /// With --observe: play this many seeded games quietly, the AIs swapping colours after each,
    /// and print the tally
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// Your colour: black (moves first) or white [default: black]
    #[arg(long, value_parser = parse_colour)]
    colour: Option<Colour>,
    /// Board size: `19`, or files×ranks as `25x13` (3 to 64 each)
    #[arg(long, default_value = "19", value_parser = parse_size)]
    size: (usize, usize),
    /// Moves in all after which the player with more stones wins
    #[arg(long, default_value_t = life_go::DEFAULT_MOVE_LIMIT)]
    move_limit: u32,
    /// A custom setup: Black's stones, as `"d3 c5 e5"` (needs --white too)
    #[arg(long, requires = "white")]
    black: Option<String>,
    /// A custom setup: White's stones (needs --black too)
    #[arg(long, requires = "black")]
    white: Option<String>,
    #[command(flatten)]
    common: Common,
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
        "black" | "b" => Ok(Colour::Black),
        "white" | "w" => Ok(Colour::White),
        other => Err(format!("{other:?} is not a colour; say black or white")),
    }
}

const HELP: &str = "\
Drop one stone of your colour on an empty cell next to any stone (of either colour): type the \
cell, e.g. d4. Then the whole board takes one tick of Life, every cell at once:
- an empty cell with exactly 3 neighbouring stones gets a stone of their majority colour;
- a stone with fewer than 2 or more than 3 neighbours dies;
- a stone with 2 or 3 stays, and takes the majority colour of its neighbours (1-1: unchanged).
A colour with no stones left loses; at the move limit the one with more stones wins.
The board is shown after the tick: ● black, ○ white, · empty; +● born in the tick, × a stone \
died there, ~○ a stone changed colour, > the cell of the last drop.
Commands: moves (the legal drops), help, quit.";

/// One line under a board that shows a move: what its marks mean.
const LEGEND: &str = "After the tick: +● born, × died, ~○ turned, > the drop; ● black, ○ white";

/// How to draw the board: colour on a terminal (the marks, never the stones, which look black
/// and white as they are), plain glyphs otherwise.
struct Style {
    colour: bool,
}

impl Style {
    /// A cell as two columns: a mark, then the stone (or `·`, or `×` where a stone died).
    fn cell(&self, board: &Board, cell: Cell, report: Option<&MoveReport>) -> String {
        let stone = match board.get(cell) {
            Some(Colour::Black) => "●",
            Some(Colour::White) => "○",
            None => "·",
        };
        let Some(report) = report else {
            return if board.get(cell).is_none() {
                format!(" {}", paint(self.colour, "2", stone))
            } else {
                format!(" {stone}")
            };
        };
        let died = report.tick.died.iter().any(|(c, _)| *c == cell);
        let glyph = if died {
            paint(self.colour, "31", "×")
        } else if board.get(cell).is_none() {
            paint(self.colour, "2", stone)
        } else {
            stone.to_string()
        };
        let mark = if cell == report.cell {
            paint(self.colour, "1;33", ">")
        } else if report.tick.born.iter().any(|(c, _)| *c == cell) {
            paint(self.colour, "1;32", "+")
        } else if report.tick.turned.iter().any(|(c, _)| *c == cell) {
            paint(self.colour, "1;35", "~")
        } else {
            " ".to_string()
        };
        format!("{mark}{glyph}")
    }
}

/// `● black` or `○ white`.
fn name(colour: Colour) -> String {
    match colour {
        Colour::Black => "● black".to_string(),
        Colour::White => "○ white".to_string(),
    }
}

/// The board (after the tick of `report`'s move, marked, when there is one, then the legend and
/// what the move did), then the counts.
fn render(game: &LifeGo, report: Option<&MoveReport>, style: &Style) -> String {
    let board = game.board();
    let wide = board.width() > 26;
    let pad = |s: String| if wide { format!(" {s}") } else { s };
    let mut out = String::new();
    let header: String = (0..board.width())
        .map(|f| {
            if wide {
                format!("{:>3}", file_name(f))
            } else {
                format!("{:>2}", file_name(f))
            }
        })
        .collect();
    out.push_str(&format!("    {header}\n"));
    for rank in (0..board.height()).rev() {
        out.push_str(&format!("{:>3} ", rank + 1));
        for file in 0..board.width() {
            let Some(cell) = Cell::new(file, rank) else {
                continue;
            };
            out.push_str(&pad(style.cell(board, cell, report)));
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(&format!("    {header}\n"));
    if let Some(report) = report {
        out.push_str(LEGEND);
        out.push('\n');
        out.push_str(&tell(report));
        out.push('\n');
    }
    out.push_str(&format!(
        "{} {}   {} {}   move {}/{}",
        name(Colour::Black),
        game.stones(Colour::Black),
        name(Colour::White),
        game.stones(Colour::White),
        game.moves_played(),
        game.config().move_limit,
    ));
    out
}

/// What a move did, in one line: the whole list of changes when short, the counts when long.
fn tell(report: &MoveReport) -> String {
    let tick = &report.tick;
    let changes = tick.born.len() + tick.died.len() + tick.turned.len();
    let text = if changes > 8 {
        format!("{report:#}")
    } else {
        report.to_string()
    };
    wrap(&format!("{}.", capitalise(&text)), 78)
}

fn main() -> std::process::ExitCode {
    common::end_quietly_when_output_closes();
    let args = Args::parse();
    if args.ai.is_some() && args.observe.is_some() {
        refuse::<Args>("--ai names your opponent and --observe the AIs to watch: give one of them");
    }
    if args.colour.is_some() && args.observe.is_some() {
        refuse::<Args>("--colour is yours when you play; with --observe nobody plays");
    }
    if args.games.is_some() && args.observe.is_none() {
        refuse::<Args>("--games counts watched games: it needs --observe");
    }
    if args.games == Some(0) {
        refuse::<Args>("--games 0: watch at least 1 game");
    }
    let known = LifeGo::agent_names();
    let names = match &args.observe {
        Some(names) => common::lineup("--observe", names, 2, &known),
        None => {
            let name = args.ai.clone().unwrap_or_else(|| "strong".to_string());
            common::lineup("--ai", &[name], 1, &known)
        }
    }
    .unwrap_or_else(|why| refuse::<Args>(why));
    let (width, height) = args.size;
    let mut config = Config {
        move_limit: args.move_limit,
        ..Config::sized(width, height)
    };
    if let (Some(black), Some(white)) = (&args.black, &args.white) {
        config.setup = Setup::custom(black, white).unwrap_or_else(|e| refuse::<Args>(e));
    }
    let seed = args.common.seed();
    if let Err(e) = LifeGo::new(config.clone(), seed) {
        refuse::<Args>(e);
    }
    println!("Two-player Life (life-go) · {}", seed_note(seed));
    let result = if args.observe.is_some() {
        match args.games {
            Some(games) if games > 1 => tally(&config, seed, games, [&names[0], &names[1]]),
            _ => watch(&config, seed, [&names[0], &names[1]], &args.common),
        }
    } else {
        play(
            &config,
            seed,
            &names[0],
            args.colour.unwrap_or(Colour::Black),
            &args.common,
        )
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A person against an AI.
fn play(
    config: &Config,
    seed: u64,
    ai: &str,
    me: Colour,
    common: &Common,
) -> Result<(), Box<dyn std::error::Error>> {
    let style = Style {
        colour: common.colour(),
    };
    let mut game = LifeGo::new(config.clone(), seed)?;
    let mut opponent = LifeGo::agent(ai, derive_seed(seed, 1))?;
    let intro = format!(
        "You play {} against {ai} ({}); Black moves first. Type a cell such as d4; help \
         explains the rules, quit leaves.",
        name(me),
        name(me.opponent())
    );
    println!("{}", wrap(&intro, 78));
    println!("{}", render(&game, None, &style));
    let mut input = Input::new();
    while let Turn::Player(seat) = game.turn() {
        let before = game.clone();
        if Colour::from_seat(seat) == Some(me) {
            let prompt = format!("{} to move> ", name(me));
            let chosen = input.ask(&prompt, &wrap(HELP, 78), |text| {
                if text.eq_ignore_ascii_case("moves") {
                    let cells: Vec<String> =
                        game.legal_drops().iter().map(ToString::to_string).collect();
                    println!("{} legal drops: {}", cells.len(), cells.join(" "));
                    return Answer::Again;
                }
                match text.parse::<Action>() {
                    Err(err) => Answer::Retry(format!("{err}. Type a cell such as d4 (or help).")),
                    Ok(mv) => match game.check(&mv) {
                        Ok(()) => Answer::Take(mv),
                        Err(err) => Answer::Retry(format!("{mv} is not allowed: {err}.")),
                    },
                }
            });
            let Some(mv) = chosen else {
                return Ok(());
            };
            game.apply(&mv)?;
        } else {
            let legal = game.legal_actions(seat);
            let Some(decision) = Decision::new(seat, &game, &legal) else {
                break;
            };
            let mv = opponent.choose(&decision);
            game.apply(&mv)?;
        }
        if let Some(report) = MoveReport::new(&before, &game) {
            println!("\n{}", render(&game, Some(&report), &style));
        }
    }
    if let Some(outcome) = game.outcome() {
        println!("Game over: {outcome}.");
    }
    Ok(())
}

/// Two AIs play one game, move by move, paced by `--delay`.
fn watch(
    config: &Config,
    seed: u64,
    names: [&str; 2],
    common: &Common,
) -> Result<(), Box<dyn std::error::Error>> {
    let style = Style {
        colour: common.colour(),
    };
    let pace = common.pace();
    let [black, white] = names;
    let mut agents = [
        LifeGo::agent(black, derive_seed(seed, 1))?,
        LifeGo::agent(white, derive_seed(seed, 2))?,
    ];
    let mut watched = Match::<LifeGo>::new(config.clone(), seed)?;
    println!(
        "{black} ({}) against {white} ({})",
        name(Colour::Black),
        name(Colour::White)
    );
    println!("{}", render(watched.state(), None, &style));
    pace.wait();
    loop {
        let before = watched.state().clone();
        if !watched.step(&mut agents)? {
            break;
        }
        if let Some(report) = MoveReport::new(&before, watched.state()) {
            println!("\n{}", render(watched.state(), Some(&report), &style));
        }
        pace.wait();
    }
    if let Some(outcome) = watched.state().outcome() {
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
